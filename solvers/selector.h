/* selector.h — kinematic and dynamic selectors of GEOMS (seed 000, Theorem 2.4,
 * Algorithm 2.6, Remark 2.7) as 0/1 coordinate selections: the coordinates that
 * a pivoted decomposition of a constraint matrix A (m×n, full row rank) does
 * NOT choose as pivots.  With P the m pivot columns, A[:,P] is nonsingular, so
 * for the complement S (n−m rows of the identity) [S; A] is nonsingular, which
 * is the rank condition (11) of the seed (A = G for S_p; A = [G;H] M⁻¹ for S_v).
 *
 * Strategies: DB_SEL_QR  — QR with column pivoting (LAPACK dgeqp3), the default;
 *             DB_SEL_LU  — Gaussian elimination with complete pivoting;
 *             DB_SEL_SVD — rank-revealing (GEOMS's SVD option): pivots as QR, and
 *                          db_selector_redundancy for a rank-deficient A.
 * Workspace is allocated once (db_selector_alloc) for the largest m×n used. */
#ifndef DAEBENCH_SELECTOR_H
#define DAEBENCH_SELECTOR_H

typedef enum { DB_SEL_QR = 0, DB_SEL_LU = 1, DB_SEL_SVD = 2 } db_sel_strategy;

typedef struct {
    db_sel_strategy strategy;
    int mmax, nmax;      /* capacity */
    double *a;           /* mmax×nmax copy of the matrix */
    double *tau, *work;  /* dgeqp3 */
    int lwork;
    int *jpvt;           /* [nmax] column permutation */
    int *ipiv;           /* [mmax] row pivots of db_selector_volume */
    /* DB_SEL_SVD: singular values, left singular vectors (mmax×mmax), workspace */
    double *sv, *u, *swork;
    int slwork;
} db_selector;

/* 0, or -1 (no memory) */
int db_selector_alloc(db_selector *s, db_sel_strategy st, int mmax, int nmax);
void db_selector_free(db_selector *s);

/* Pivot columns of A (m×n, column-major, ld = lda) into piv[m], sorted
 * ascending (0-based).  Returns 0, or 1 if A is numerically rank deficient
 * (last pivot below 1e-12 times the first), piv is then still filled. */
int db_selector_pivots(db_selector *s, int m, int n, const double *A, int lda, int *piv);

/* |det A[:, piv]| of the m×m submatrix of the pivot columns (LU with partial
 * pivoting); used to keep the current selector unless a new pivoting is
 * clearly better (hysteresis against round-off ties). */
double db_selector_volume(db_selector *s, int m, const double *A, int lda, const int *piv);

/* Rank-revealing analysis of a possibly rank-deficient A (m×n, ld lda), strategy
 * DB_SEL_SVD: the numerical rank r (singular values above 1e-10 times the largest,
 * by the SVD), r linearly independent rows of A into rows[0..r−1] (ascending; QR
 * with column pivoting of Aᵀ), and an orthonormal basis of the null space of Aᵀ
 * (the left singular vectors r..m−1) into nul (m × (m − r), ld m).  Returns r, or
 * −1 (sizes, LAPACK failure, strategy not DB_SEL_SVD). */
int db_selector_redundancy(db_selector *s, int m, int n, const double *A, int lda, int *rows,
                           double *nul);

/* mask[n]: 1 for the selected (non-pivot) coordinates, 0 for the pivots */
void db_selector_mask(int m, int n, const int *piv, int *mask);

#endif
