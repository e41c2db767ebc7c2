/* sparse_lu.c — sparse real/complex LU over SuiteSparse KLU (see sparse_lu.h;
 * Davis & Palamadai Natarajan, ACM TOMS 37(3) 2010; KLU user guide for the
 * calls klu_analyze, klu_factor, klu_refactor, klu_rcond, klu_solve and their
 * klu_z_ complex variants).  Without KLU every function reports "unavailable". */
#include <stdlib.h>

#include "sparse_lu.h"

#ifdef DAEBENCH_HAVE_KLU
#include <klu.h>

struct db_splu {
    int n, cplx;
    const int *cp, *ri;
    klu_common common;
    klu_symbolic *sym;
    klu_numeric *num;
    double rcond_full;      /* klu_rcond after the last full factorization */
    long nfull, nrefac;
};

int db_splu_available(void)
{
    return 1;
}

db_splu *db_splu_new(int n, const int *colptr, const int *rowind, int is_complex)
{
    db_splu *lu = calloc(1, sizeof *lu);
    if (!lu)
        return NULL;
    lu->n = n;
    lu->cplx = is_complex != 0;
    lu->cp = colptr;
    lu->ri = rowind;
    klu_defaults(&lu->common);
    lu->sym = klu_analyze(n, (int *)colptr, (int *)rowind, &lu->common);
    if (!lu->sym) {
        free(lu);
        return NULL;
    }
    return lu;
}

void db_splu_free(db_splu *lu)
{
    if (!lu)
        return;
    if (lu->num) {
        if (lu->cplx)
            klu_z_free_numeric(&lu->num, &lu->common);
        else
            klu_free_numeric(&lu->num, &lu->common);
    }
    if (lu->sym)
        klu_free_symbolic(&lu->sym, &lu->common);
    free(lu);
}

static int full_factor(db_splu *lu, const double *ax)
{
    if (lu->num) {
        if (lu->cplx)
            klu_z_free_numeric(&lu->num, &lu->common);
        else
            klu_free_numeric(&lu->num, &lu->common);
    }
    lu->nfull++;
    lu->num = lu->cplx ? klu_z_factor((int *)lu->cp, (int *)lu->ri, (double *)ax, lu->sym,
                                      &lu->common)
                       : klu_factor((int *)lu->cp, (int *)lu->ri, (double *)ax, lu->sym,
                                    &lu->common);
    if (!lu->num)
        return lu->common.status == KLU_SINGULAR ? 1 : -1;
    if (lu->common.status == KLU_SINGULAR)
        return 1;
    int ok = lu->cplx ? klu_z_rcond(lu->sym, lu->num, &lu->common)
                      : klu_rcond(lu->sym, lu->num, &lu->common);
    lu->rcond_full = ok ? lu->common.rcond : 0.0;
    return lu->rcond_full > 0.0 ? 0 : 1;
}

int db_splu_factor(db_splu *lu, const double *ax)
{
    if (lu->n == 0)
        return 0;
    if (!lu->num)
        return full_factor(lu, ax);
    lu->nrefac++;
    int ok = lu->cplx ? klu_z_refactor((int *)lu->cp, (int *)lu->ri, (double *)ax, lu->sym,
                                       lu->num, &lu->common)
                      : klu_refactor((int *)lu->cp, (int *)lu->ri, (double *)ax, lu->sym,
                                     lu->num, &lu->common);
    if (ok && lu->common.status == KLU_OK) {
        ok = lu->cplx ? klu_z_rcond(lu->sym, lu->num, &lu->common)
                      : klu_rcond(lu->sym, lu->num, &lu->common);
        if (ok && lu->common.rcond >= 1e-3 * lu->rcond_full)
            return 0;
    }
    return full_factor(lu, ax);
}

int db_splu_solve(db_splu *lu, double *b)
{
    if (lu->n == 0)
        return 0;
    if (!lu->num)
        return -1;
    int ok = lu->cplx ? klu_z_solve(lu->sym, lu->num, lu->n, 1, b, &lu->common)
                      : klu_solve(lu->sym, lu->num, lu->n, 1, b, &lu->common);
    return ok ? 0 : -1;
}

long db_splu_full_count(const db_splu *lu)
{
    return lu ? lu->nfull : 0;
}

long db_splu_refactor_count(const db_splu *lu)
{
    return lu ? lu->nrefac : 0;
}

#else /* no KLU: the structured path is unavailable */

struct db_splu {
    int unused;
};

int db_splu_available(void)
{
    return 0;
}

db_splu *db_splu_new(int n, const int *colptr, const int *rowind, int is_complex)
{
    (void)n;
    (void)colptr;
    (void)rowind;
    (void)is_complex;
    return NULL;
}

void db_splu_free(db_splu *lu)
{
    (void)lu;
}

int db_splu_factor(db_splu *lu, const double *ax)
{
    (void)lu;
    (void)ax;
    return -1;
}

int db_splu_solve(db_splu *lu, double *b)
{
    (void)lu;
    (void)b;
    return -1;
}

long db_splu_full_count(const db_splu *lu)
{
    (void)lu;
    return 0;
}

long db_splu_refactor_count(const db_splu *lu)
{
    (void)lu;
    return 0;
}

#endif
