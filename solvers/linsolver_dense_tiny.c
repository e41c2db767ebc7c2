/* linsolver_dense_tiny.c — the small dense LU (linsolver_dense_small.c) at
 * n <= DB_SMALL_ROWS_MAX = 12: its kernels (linsolver_small_kernels.h)
 * instantiated with a constant n for n <= 8, for any n up to 12 otherwise,
 * the substitutions row by row.
 *
 * This file is compiled without GCC's vectorizer (CMakeLists.txt).  At these
 * sizes the vectorizer loads pairs of entries that two separate scalar
 * stores have just written: a trailing update's column pairs start one entry
 * further down at every elimination step, and the substitutions' unknowns
 * are written one by one and read back two by two.  Such a load cannot take
 * its value from the store queue (store-to-load forwarding needs one store
 * holding the whole load) and waits until both stores have reached the
 * cache, a stall of the order of the whole dependency chain of a row.  The
 * scalar code computes the same operations in the same order, so the same
 * bits; docs/performance.md ("Round seven") has the measurements. */
#include "linsolver_small_kernels.h"

int db_tiny_lu_factor(int n, double *a, db_small_piv *pv)
{
#define X(k) return lu_factor_n(k, a, pv->ipiv, pv->perm, pv->rd)
    CASES(X, n)
#undef X
}

void db_tiny_lu_solve(int n, const double *lu, const db_small_piv *pv, double *b)
{
#define X(k) lu_solve_rows(k, lu, pv->perm, pv->rd, b); return
    CASES(X, n)
#undef X
}

int db_tiny_zlu_factor(int n, double *re, double *im, db_small_piv *pv)
{
#define X(k) return zlu_factor_n(k, re, im, pv->ipiv, pv->perm, pv->rd, pv->rdi)
    CASES(X, n)
#undef X
}

void db_tiny_zlu_solve(int n, const double *re, const double *im, const db_small_piv *pv,
                       double *br, double *bi)
{
#define X(k) zlu_solve_rows(k, re, im, pv->perm, pv->rd, pv->rdi, br, bi); return
    CASES(X, n)
#undef X
}

int db_tiny_lu2_factor(int n, double *a, db_small_piv *pv, double *re, double *im,
                       db_small_piv *zpv)
{
    if (n > DB_SMALL_FIXED_MAX) {
        const int info = db_tiny_lu_factor(n, a, pv), zinfo = db_tiny_zlu_factor(n, re, im, zpv);
        return info ? info : zinfo;
    }
#define X(k) return lu2_factor_n(k, a, pv, re, im, zpv)
    switch (n) {
    case 1: X(1); case 2: X(2); case 3: X(3); case 4: X(4);
    case 5: X(5); case 6: X(6); case 7: X(7); default: X(8);
    }
#undef X
}

void db_tiny_lu2_solve(int n, const double *lu, const db_small_piv *pv, double *b,
                       const double *re, const double *im, const db_small_piv *zpv, double *br,
                       double *bi)
{
    if (n > DB_SMALL_FIXED_MAX) {
        db_tiny_lu_solve(n, lu, pv, b);
        db_tiny_zlu_solve(n, re, im, zpv, br, bi);
        return;
    }
#define X(k)                                                                              \
    lu2_solve_rows(k, lu, pv->perm, pv->rd, b, re, im, zpv->perm, zpv->rd, zpv->rdi, br, bi); \
    return
    switch (n) {
    case 1: X(1); case 2: X(2); case 3: X(3); case 4: X(4);
    case 5: X(5); case 6: X(6); case 7: X(7); default: X(8);
    }
#undef X
}
