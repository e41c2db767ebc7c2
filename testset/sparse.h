/* sparse.h — the sparse accumulator behind the optional sparse callbacks of a
 * mechanical system (mech.h, db_spacc_add) and the compressed-column (CSC)
 * pattern the formulation builder publishes for ∂F/∂y (dae.h, jac_sparse).
 *
 * An accumulator stands for one block of a larger matrix: db_spacc_add(a, i, j, v)
 * adds s·v at (r0 + i, c0 + j) of the target — or at (r0 + j, c0 + i) when the
 * block is transposed (Gᵀ from the callback of G).  Targets:
 *   - a triplet list (DB_SPACC_TRIPLET): entries are appended; with grow = 1 the
 *     list is enlarged as needed (build time only: it allocates), otherwise
 *     entries beyond the capacity are counted in miss;
 *   - a CSC matrix of fixed pattern (DB_SPACC_CSC): the value is added into the
 *     slot of (row, col), found by binary search in the column (row indices
 *     sorted); entries outside the pattern are counted in miss.
 * Adding never allocates in CSC mode or in triplet mode with grow = 0, so the
 * evaluation of a sparse Jacobian costs O(nnz log(nnz per column)).
 *
 * Callbacks add structurally (also when a value happens to be 0), so that the
 * pattern found at one state holds at every state.  Written for daebench; the
 * CSC layout is the usual one (e.g. Davis, Direct Methods for Sparse Linear
 * Systems, SIAM 2006, §2.2). */
#ifndef DAEBENCH_SPARSE_H
#define DAEBENCH_SPARSE_H

#include "mech.h"

enum { DB_SPACC_TRIPLET = 0, DB_SPACC_CSC = 1 };

struct db_spacc {
    int mode;               /* DB_SPACC_* */
    int r0, c0;             /* offset of the block in the target */
    int trans;              /* 1: (i, j) goes to (r0 + j, c0 + i) */
    double s;               /* scale of every added value */
    /* CSC target */
    int ncol;
    const int *colptr, *rowind;   /* [ncol+1], [nnz], rows sorted in each column */
    double *val;                  /* [nnz] */
    /* triplet target */
    int grow, cap, len;
    int *ti, *tj;
    double *tv;
    long miss;              /* entries that found no place */
};

/* a triplet list of capacity cap (grow: enlarge as needed).  0 or -1 (memory) */
int db_spacc_triplet_init(db_spacc *a, int cap, int grow);
void db_spacc_triplet_free(db_spacc *a);
/* accumulator on a CSC matrix */
void db_spacc_csc_init(db_spacc *a, int ncol, const int *colptr, const int *rowind,
                       double *val);
/* point a at the block (r0, c0) with scale s (trans: transposed block) */
void db_spacc_block(db_spacc *a, int r0, int c0, double s, int trans);

/* CSC pattern from the (row, col) pairs of a triplet list (duplicates merged,
 * rows sorted): *colptr [ncol+1] and *rowind [nnz] are allocated here.
 * Returns nnz, or -1 (memory). */
int db_csc_from_triplets(const db_spacc *t, int ncol, int **colptr, int **rowind);

/* y += s·A x and y += s·Aᵀ x for the triplet list A (as added, offsets applied) */
void db_triplet_gemv(const db_spacc *A, const double *x, double s, double *y);
void db_triplet_gemvT(const db_spacc *A, const double *x, double s, double *y);

#endif
