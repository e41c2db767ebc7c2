/* linsolver_dense_small.c — the small dense implementation of the linear-solver
 * layer (linsolver.h): unblocked right-looking LU with partial pivoting, real
 * and complex, and substitutions for one right-hand side.
 *
 * Method: Gaussian elimination with row interchanges (Golub & Van Loan, Matrix
 * Computations, Alg. 3.4.1), kept operation for operation equal to reference
 * LAPACK's dgetrf2/zgetrf2 + dgetrs/zgetrs at these sizes: the pivot is the
 * first entry of largest |a| (complex: |re| + |im|, as izamax), the column is
 * scaled by the reciprocal of the pivot when |pivot| >= DBL_MIN (else divided),
 * every entry is updated by its products in the order k = 0, 1, ..., and a
 * complex division is done as gfortran does it (Smith's method).  So the
 * factors and solutions have the same bits as LAPACK's, without its recursion,
 * argument checks and Level-3 calls on tiny matrices
 * (solvers/tests/test_linsolver.c compares them). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linsolver.h"

int db_small_lu_factor(int n, double *a, int *ipiv)
{
    int info = 0;
    const size_t nn = (size_t)n;
    for (int k = 0; k < n; k++) {
        double *ck = a + (size_t)k * nn;
        int p = k;
        double amax = fabs(ck[k]);
        for (int i = k + 1; i < n; i++) {
            const double v = fabs(ck[i]);
            if (v > amax) {
                amax = v;
                p = i;
            }
        }
        ipiv[k] = p;
        if (ck[p] != 0.0) {
            if (p != k)
                for (int j = 0; j < n; j++) {
                    double *cj = a + (size_t)j * nn;
                    const double t = cj[k];
                    cj[k] = cj[p];
                    cj[p] = t;
                }
            const double piv = ck[k];
            if (fabs(piv) >= DBL_MIN) {
                const double r = 1.0 / piv;
                for (int i = k + 1; i < n; i++)
                    ck[i] *= r;
            } else {
                for (int i = k + 1; i < n; i++)
                    ck[i] /= piv;
            }
        } else if (!info) {
            info = k + 1;
        }
        /* trailing update, column by column: a_ij -= l_ik u_kj */
        for (int j = k + 1; j < n; j++) {
            double *cj = a + (size_t)j * nn;
            const double u = cj[k];
            if (u != 0.0)
                for (int i = k + 1; i < n; i++)
                    cj[i] -= ck[i] * u;
        }
    }
    return info;
}

void db_small_lu_solve(int n, const double *lu, const int *ipiv, double *b)
{
    const size_t nn = (size_t)n;
    for (int k = 0; k < n; k++) {
        const int p = ipiv[k];
        if (p != k) {
            const double t = b[k];
            b[k] = b[p];
            b[p] = t;
        }
    }
    /* L (unit lower), column-oriented as dtrsm */
    for (int k = 0; k < n; k++) {
        const double bk = b[k];
        if (bk != 0.0) {
            const double *ck = lu + (size_t)k * nn;
            for (int i = k + 1; i < n; i++)
                b[i] -= bk * ck[i];
        }
    }
    /* U */
    for (int k = n - 1; k >= 0; k--) {
        if (b[k] != 0.0) {
            const double *ck = lu + (size_t)k * nn;
            const double bk = b[k] / ck[k];
            b[k] = bk;
            for (int i = 0; i < k; i++)
                b[i] -= bk * ck[i];
        }
    }
}

/* ---- complex: interleaved (re, im) pairs, C11 double complex layout ------- */

/* (ar + i ai) / (br + i bi) as gfortran computes it (Smith's method) */
static inline void zdiv(double ar, double ai, double br, double bi, double *cr, double *ci)
{
    if (fabs(br) < fabs(bi)) {
        const double ratio = br / bi;
        const double div = br * ratio + bi;
        *cr = (ar * ratio + ai) / div;
        *ci = (ai * ratio - ar) / div;
    } else {
        const double ratio = bi / br;
        const double div = bi * ratio + br;
        *cr = (ai * ratio + ar) / div;
        *ci = (ai - ar * ratio) / div;
    }
}

int db_small_zlu_factor(int n, double complex *za, int *ipiv)
{
    double *a = (double *)za;
    const size_t ld = 2 * (size_t)n;
    int info = 0;
    for (int k = 0; k < n; k++) {
        double *ck = a + (size_t)k * ld;
        int p = k;
        double amax = fabs(ck[2 * k]) + fabs(ck[2 * k + 1]);
        for (int i = k + 1; i < n; i++) {
            const double v = fabs(ck[2 * i]) + fabs(ck[2 * i + 1]);
            if (v > amax) {
                amax = v;
                p = i;
            }
        }
        ipiv[k] = p;
        if (ck[2 * p] != 0.0 || ck[2 * p + 1] != 0.0) {
            if (p != k)
                for (int j = 0; j < n; j++) {
                    double *cj = a + (size_t)j * ld;
                    const double tr = cj[2 * k], ti = cj[2 * k + 1];
                    cj[2 * k] = cj[2 * p];
                    cj[2 * k + 1] = cj[2 * p + 1];
                    cj[2 * p] = tr;
                    cj[2 * p + 1] = ti;
                }
            const double pr = ck[2 * k], pi = ck[2 * k + 1];
            if (hypot(pr, pi) >= DBL_MIN) {
                double rr, ri;
                zdiv(1.0, 0.0, pr, pi, &rr, &ri);
                for (int i = k + 1; i < n; i++) {
                    const double xr = ck[2 * i], xi = ck[2 * i + 1];
                    ck[2 * i] = rr * xr - ri * xi;
                    ck[2 * i + 1] = rr * xi + ri * xr;
                }
            } else {
                for (int i = k + 1; i < n; i++)
                    zdiv(ck[2 * i], ck[2 * i + 1], pr, pi, &ck[2 * i], &ck[2 * i + 1]);
            }
        } else if (!info) {
            info = k + 1;
        }
        for (int j = k + 1; j < n; j++) {
            double *cj = a + (size_t)j * ld;
            const double ur = cj[2 * k], ui = cj[2 * k + 1];
            if (ur != 0.0 || ui != 0.0)
                for (int i = k + 1; i < n; i++) {
                    const double lr = ck[2 * i], li = ck[2 * i + 1];
                    cj[2 * i] -= ur * lr - ui * li;
                    cj[2 * i + 1] -= ur * li + ui * lr;
                }
        }
    }
    return info;
}

void db_small_zlu_solve(int n, const double complex *zlu, const int *ipiv, double complex *zb)
{
    const double *lu = (const double *)zlu;
    double *b = (double *)zb;
    const size_t ld = 2 * (size_t)n;
    for (int k = 0; k < n; k++) {
        const int p = ipiv[k];
        if (p != k) {
            const double tr = b[2 * k], ti = b[2 * k + 1];
            b[2 * k] = b[2 * p];
            b[2 * k + 1] = b[2 * p + 1];
            b[2 * p] = tr;
            b[2 * p + 1] = ti;
        }
    }
    for (int k = 0; k < n; k++) {
        const double br = b[2 * k], bi = b[2 * k + 1];
        if (br != 0.0 || bi != 0.0) {
            const double *ck = lu + (size_t)k * ld;
            for (int i = k + 1; i < n; i++) {
                const double lr = ck[2 * i], li = ck[2 * i + 1];
                b[2 * i] -= br * lr - bi * li;
                b[2 * i + 1] -= br * li + bi * lr;
            }
        }
    }
    for (int k = n - 1; k >= 0; k--) {
        if (b[2 * k] != 0.0 || b[2 * k + 1] != 0.0) {
            const double *ck = lu + (size_t)k * ld;
            double br, bi;
            zdiv(b[2 * k], b[2 * k + 1], ck[2 * k], ck[2 * k + 1], &br, &bi);
            b[2 * k] = br;
            b[2 * k + 1] = bi;
            for (int i = 0; i < k; i++) {
                const double ur = ck[2 * i], ui = ck[2 * i + 1];
                b[2 * i] -= br * ur - bi * ui;
                b[2 * i + 1] -= br * ui + bi * ur;
            }
        }
    }
}

/* ---- the ops of the layer ------------------------------------------------- */
typedef struct {
    int *ipiv, *zipiv;
} small_impl;

static int small_factor(db_linsol *ls)
{
    small_impl *m = ls->impl;
    return db_small_lu_factor(ls->n, ls->a, m->ipiv);
}

static int small_factor_complex(db_linsol *ls)
{
    small_impl *m = ls->impl;
    return db_small_zlu_factor(ls->n, ls->za, m->zipiv);
}

static void small_solve(db_linsol *ls, double *b)
{
    small_impl *m = ls->impl;
    db_small_lu_solve(ls->n, ls->a, m->ipiv, b);
}

static void small_solve_complex(db_linsol *ls, double complex *b)
{
    small_impl *m = ls->impl;
    db_small_zlu_solve(ls->n, ls->za, m->zipiv, b);
}

static void small_destroy(db_linsol *ls)
{
    small_impl *m = ls->impl;
    if (m) {
        free(m->ipiv);
        free(m->zipiv);
        free(m);
    }
    ls->impl = NULL;
}

static const db_linsol_ops small_ops = {"small", small_factor, small_factor_complex,
                                        small_solve, small_solve_complex, small_destroy};

int db_linsol_init_small(db_linsol *ls)
{
    const size_t n1 = (size_t)(ls->n > 0 ? ls->n : 1);
    small_impl *m = calloc(1, sizeof *m);
    ls->ops = &small_ops;
    ls->impl = m;
    if (!m)
        return -1;
    m->ipiv = malloc(sizeof(int) * n1);
    m->zipiv = malloc(sizeof(int) * n1);
    return m->ipiv && m->zipiv ? 0 : -1;
}
