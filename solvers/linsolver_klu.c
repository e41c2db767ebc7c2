/* linsolver_klu.c — the sparse implementation of the linear-solver layer
 * (linsolver.h): SuiteSparse KLU on the fixed CSC pattern, through sparse_lu.h
 * (ordering once, refactorization with the old pivots while they serve).  The
 * values are copied into KLU's numeric object, so ls->a / ls->zr, ls->zi keep
 * the assembled matrix; complex values and right-hand sides are interleaved
 * for KLU in za / zb. */
#include <stdlib.h>

#include "linsolver.h"
#include "sparse_lu.h"

typedef struct {
    db_splu *re, *cx;
    double complex *za, *zb;
} klu_impl;

static int klu_factor_real(db_linsol *ls)
{
    klu_impl *m = ls->impl;
    return db_splu_factor(m->re, ls->a);
}

static int klu_factor_cplx(db_linsol *ls)
{
    klu_impl *m = ls->impl;
    for (int k = 0; k < ls->nval; k++) {
        ((double *)m->za)[2 * k] = ls->zr[k];   /* C11: re, im adjacent */
        ((double *)m->za)[2 * k + 1] = ls->zi[k];
    }
    return db_splu_factor(m->cx, (const double *)m->za);
}

static void klu_solve_real(db_linsol *ls, double *b)
{
    klu_impl *m = ls->impl;
    db_splu_solve(m->re, b);
}

static void klu_solve_cplx(db_linsol *ls, double *br, double *bi)
{
    klu_impl *m = ls->impl;
    for (int i = 0; i < ls->n; i++) {
        ((double *)m->zb)[2 * i] = br[i];
        ((double *)m->zb)[2 * i + 1] = bi[i];
    }
    db_splu_solve(m->cx, (double *)m->zb);
    for (int i = 0; i < ls->n; i++) {
        br[i] = creal(m->zb[i]);
        bi[i] = cimag(m->zb[i]);
    }
}

static void klu_destroy(db_linsol *ls)
{
    klu_impl *m = ls->impl;
    if (m) {
        db_splu_free(m->re);
        db_splu_free(m->cx);
        free(m->za);
        free(m->zb);
        free(m);
    }
    ls->impl = NULL;
}

static const db_linsol_ops klu_ops = {"klu", klu_factor_real, klu_factor_cplx,
                                      klu_solve_real, klu_solve_cplx, klu_destroy,
                                      NULL,           NULL};

int db_linsol_init_klu(db_linsol *ls)
{
    klu_impl *m = calloc(1, sizeof *m);
    ls->ops = &klu_ops;
    ls->impl = m;
    if (!m || !db_splu_available())
        return -1;
    m->re = db_splu_new(ls->n, ls->colptr, ls->rowind, 0);
    if (ls->zr) {
        m->cx = db_splu_new(ls->n, ls->colptr, ls->rowind, 1);
        m->za = malloc(sizeof(double complex) * (size_t)(ls->nval > 0 ? ls->nval : 1));
        m->zb = malloc(sizeof(double complex) * (size_t)(ls->n > 0 ? ls->n : 1));
    }
    return m->re && (!ls->zr || (m->cx && m->za && m->zb)) ? 0 : -1;
}

/* full (pivoting) factorizations of both matrices so far (counter of the cores) */
long db_linsol_klu_full_count(const db_linsol *ls)
{
    const klu_impl *m = ls->impl;
    if (!m || ls->ops != &klu_ops)
        return 0;
    return (m->re ? db_splu_full_count(m->re) : 0) + (m->cx ? db_splu_full_count(m->cx) : 0);
}
