/* linsolver_dense_small.c — the small dense implementation of the linear-solver
 * layer (linsolver.h): unblocked right-looking LU with partial pivoting, real
 * and complex, and substitutions for one right-hand side.
 *
 * Method: Gaussian elimination with row interchanges (Golub & Van Loan, Matrix
 * Computations, Alg. 3.4.1).  The factorization is kept operation for
 * operation equal to reference LAPACK's dgetrf2/zgetrf2 at these sizes: the
 * pivot is the first entry of largest |a| (complex: |re| + |im|, as izamax),
 * the column is scaled by the reciprocal of the pivot when |pivot| >= DBL_MIN
 * (else divided), every entry is updated by its products in the order
 * k = 0, 1, ..., and a complex division is done as gfortran does it (Smith's
 * method).  So the factors and pivots have the same bits as LAPACK's, without
 * its recursion, argument checks and Level-3 calls on tiny matrices.
 *
 * The factorization also keeps the pivots' reciprocals (the ones the column
 * was scaled with) and the row permutation as one gather.  The substitutions
 * subtract in dgetrs' order but multiply by the kept reciprocal where dgetrs
 * divides by the pivot: on the small systems of the integrators a division on
 * every row is the longest link of the dependency chain through the solve
 * (back substitution), and a multiplication is a quarter of its latency.  So
 * a solution may differ from dgetrs' in the last bit (each x_i is rounded
 * twice, ≤ 1 ulp instead of ½), and with a pivot below 1/DBL_MAX (≈ 5.6e-309)
 * the reciprocal is inf, so the solution too where LAPACK's quotient might
 * still be finite; solvers/tests/test_linsolver.c checks the factors against
 * LAPACK bit for bit and the solutions against that definition bit for bit. */
#include <stdlib.h>

#include "linsolver_small_kernels.h"

/* ---- the public kernels: n <= DB_SMALL_ROWS_MAX in linsolver_dense_tiny.c,
 * larger n here (column-oriented substitutions, vectorized inner loops) ---- */
int db_small_lu_factor(int n, double *a, db_small_piv *pv)
{
    if (n <= DB_SMALL_ROWS_MAX)
        return db_tiny_lu_factor(n, a, pv);
    return lu_factor_n(n, a, pv->ipiv, pv->perm, pv->rd);
}

void db_small_lu_solve(int n, const double *lu, const db_small_piv *pv, double *b)
{
    if (n <= DB_SMALL_ROWS_MAX)
        db_tiny_lu_solve(n, lu, pv, b);
    else
        lu_solve_cols(n, lu, pv->ipiv, pv->rd, b);
}

int db_small_zlu_factor(int n, double *re, double *im, db_small_piv *pv)
{
    if (n <= DB_SMALL_ROWS_MAX)
        return db_tiny_zlu_factor(n, re, im, pv);
    return zlu_factor_n(n, re, im, pv->ipiv, pv->perm, pv->rd, pv->rdi);
}

void db_small_zlu_solve(int n, const double *re, const double *im, const db_small_piv *pv,
                        double *br, double *bi)
{
    if (n <= DB_SMALL_ROWS_MAX)
        db_tiny_zlu_solve(n, re, im, pv, br, bi);
    else
        zlu_solve_cols(n, re, im, pv->ipiv, pv->rd, pv->rdi, br, bi);
}

int db_small_lu2_factor(int n, double *a, db_small_piv *pv, double *re, double *im,
                        db_small_piv *zpv)
{
    if (n <= DB_SMALL_ROWS_MAX)
        return db_tiny_lu2_factor(n, a, pv, re, im, zpv);
    const int info = db_small_lu_factor(n, a, pv), zinfo = db_small_zlu_factor(n, re, im, zpv);
    return info ? info : zinfo;
}

void db_small_lu2_solve(int n, const double *lu, const db_small_piv *pv, double *b,
                        const double *re, const double *im, const db_small_piv *zpv, double *br,
                        double *bi)
{
    if (n <= DB_SMALL_ROWS_MAX) {
        db_tiny_lu2_solve(n, lu, pv, b, re, im, zpv, br, bi);
        return;
    }
    db_small_lu_solve(n, lu, pv, b);
    db_small_zlu_solve(n, re, im, zpv, br, bi);
}

int db_small_piv_alloc(db_small_piv *pv, int n)
{
    const size_t n1 = (size_t)(n > 0 ? n : 1);
    pv->ipiv = malloc(sizeof(int) * n1);
    pv->perm = malloc(sizeof(int) * n1);
    pv->rd = malloc(sizeof(double) * n1);
    pv->rdi = malloc(sizeof(double) * n1);
    if (pv->ipiv && pv->perm && pv->rd && pv->rdi)
        return 0;
    db_small_piv_free(pv);
    return -1;
}

void db_small_piv_free(db_small_piv *pv)
{
    free(pv->ipiv);
    free(pv->perm);
    free(pv->rd);
    free(pv->rdi);
    pv->ipiv = pv->perm = NULL;
    pv->rd = pv->rdi = NULL;
}

/* ---- the ops of the layer ------------------------------------------------- */
/* the complex matrix is factored in place in the layer's split storage
 * (ls->zr, ls->zi: the inner loops vectorize) */
typedef struct {
    db_small_piv re, cx;   /* of the real and of the complex matrix */
} small_impl;

static int small_factor(db_linsol *ls)
{
    small_impl *m = ls->impl;
    return db_small_lu_factor(ls->n, ls->a, &m->re);
}

static int small_factor_complex(db_linsol *ls)
{
    small_impl *m = ls->impl;
    return db_small_zlu_factor(ls->n, ls->zr, ls->zi, &m->cx);
}

static void small_solve(db_linsol *ls, double *b)
{
    small_impl *m = ls->impl;
    db_small_lu_solve(ls->n, ls->a, &m->re, b);
}

static void small_solve_complex(db_linsol *ls, double *br, double *bi)
{
    small_impl *m = ls->impl;
    db_small_zlu_solve(ls->n, ls->zr, ls->zi, &m->cx, br, bi);
}

static int small_factor_both(db_linsol *ls)
{
    small_impl *m = ls->impl;
    return db_small_lu2_factor(ls->n, ls->a, &m->re, ls->zr, ls->zi, &m->cx);
}

static void small_solve_both(db_linsol *ls, double *b, double *br, double *bi)
{
    small_impl *m = ls->impl;
    db_small_lu2_solve(ls->n, ls->a, &m->re, b, ls->zr, ls->zi, &m->cx, br, bi);
}

static void small_destroy(db_linsol *ls)
{
    small_impl *m = ls->impl;
    if (m) {
        db_small_piv_free(&m->re);
        db_small_piv_free(&m->cx);
        free(m);
    }
    ls->impl = NULL;
}

static const db_linsol_ops small_ops = {"small",         small_factor,   small_factor_complex,
                                        small_solve,     small_solve_complex, small_destroy,
                                        small_solve_both, small_factor_both};

int db_linsol_init_small(db_linsol *ls)
{
    small_impl *m = calloc(1, sizeof *m);
    ls->ops = &small_ops;
    ls->impl = m;
    if (!m)
        return -1;
    return db_small_piv_alloc(&m->re, ls->n) == 0 && db_small_piv_alloc(&m->cx, ls->n) == 0 ? 0
                                                                                            : -1;
}
