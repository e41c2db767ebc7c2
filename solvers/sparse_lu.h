/* sparse_lu.h — sparse LU of a square matrix of fixed compressed-column (CSC)
 * pattern, real or complex, for the structured path of radau_core and bdf_core.
 * Backed by SuiteSparse KLU (T. A. Davis, E. Palamadai Natarajan, "Algorithm
 * 907: KLU, a direct sparse solver for circuit simulation problems", ACM TOMS
 * 37(3), 2010) when the build found it (DAEBENCH_HAVE_KLU); otherwise
 * db_splu_available() is 0 and db_splu_new() returns NULL, and the solvers keep
 * their dense path.
 *
 * The ordering (BTF + AMD) is computed once in db_splu_new.  The first
 * factorization chooses pivots; later ones reuse them (klu_refactor: no
 * allocation) unless refactoring fails or its reciprocal pivot growth estimate
 * (klu_rcond) falls below 1e-3 of the one of the last full factorization, when
 * pivots are chosen anew (klu_factor, which allocates: rare).  Complex values and
 * right-hand sides are interleaved (re, im), i.e. C11 double complex arrays. */
#ifndef DAEBENCH_SPARSE_LU_H
#define DAEBENCH_SPARSE_LU_H

typedef struct db_splu db_splu;

/* 1 if a sparse LU is compiled in */
int db_splu_available(void);

/* analyse the pattern (n columns, colptr [n+1], rowind [nnz], kept by reference);
 * is_complex: values are complex.  NULL if unavailable or out of memory. */
db_splu *db_splu_new(int n, const int *colptr, const int *rowind, int is_complex);
void db_splu_free(db_splu *lu);

/* factor the matrix with values ax (nnz reals, or 2 nnz for complex).  0, or
 * > 0 if the matrix is (numerically) singular, < 0 on another failure. */
int db_splu_factor(db_splu *lu, const double *ax);

/* b := A⁻¹ b (n reals, or 2 n for complex).  0 or nonzero. */
int db_splu_solve(db_splu *lu, double *b);

/* full (pivoting) factorizations so far, refactorizations so far */
long db_splu_full_count(const db_splu *lu);
long db_splu_refactor_count(const db_splu *lu);

#endif
