/* linsolver_lapack.c — the large dense implementation of the linear-solver
 * layer (linsolver.h): LAPACK's blocked LU dgetrf/zgetrf and the
 * substitutions dgetrs/zgetrs, through the wrappers of linalg.h. */
#include <stdlib.h>

#include "linalg.h"
#include "linsolver.h"

/* zgetrf/zgetrs want interleaved complex numbers: the split matrix and
 * right-hand side of the layer are copied into za and zb */
typedef struct {
    int *ipiv, *zipiv;
    double complex *za, *zb;
} lapack_impl;

static int lapack_factor(db_linsol *ls)
{
    lapack_impl *m = ls->impl;
    int info = 0;
    if (ls->n > 0)
        dgetrf_(&ls->n, &ls->n, ls->a, &ls->n, m->ipiv, &info);
    return info;
}

static int lapack_factor_complex(db_linsol *ls)
{
    lapack_impl *m = ls->impl;
    int info = 0;
    for (int k = 0; k < ls->nval; k++) {
        ((double *)m->za)[2 * k] = ls->zr[k];   /* C11: re, im adjacent */
        ((double *)m->za)[2 * k + 1] = ls->zi[k];
    }
    if (ls->n > 0)
        zgetrf_(&ls->n, &ls->n, m->za, &ls->n, m->zipiv, &info);
    return info;
}

static void lapack_solve(db_linsol *ls, double *b)
{
    lapack_impl *m = ls->impl;
    int info = 0, one = 1;
    if (ls->n > 0)
        dgetrs_("N", &ls->n, &one, ls->a, &ls->n, m->ipiv, b, &ls->n, &info, 1);
}

static void lapack_solve_complex(db_linsol *ls, double *br, double *bi)
{
    lapack_impl *m = ls->impl;
    int info = 0, one = 1;
    for (int i = 0; i < ls->n; i++) {
        ((double *)m->zb)[2 * i] = br[i];
        ((double *)m->zb)[2 * i + 1] = bi[i];
    }
    if (ls->n > 0)
        zgetrs_("N", &ls->n, &one, m->za, &ls->n, m->zipiv, m->zb, &ls->n, &info, 1);
    for (int i = 0; i < ls->n; i++) {
        br[i] = creal(m->zb[i]);
        bi[i] = cimag(m->zb[i]);
    }
}

static void lapack_destroy(db_linsol *ls)
{
    lapack_impl *m = ls->impl;
    if (m) {
        free(m->ipiv);
        free(m->zipiv);
        free(m->za);
        free(m->zb);
        free(m);
    }
    ls->impl = NULL;
}

static const db_linsol_ops lapack_ops = {"lapack", lapack_factor, lapack_factor_complex,
                                         lapack_solve, lapack_solve_complex, lapack_destroy,
                                         NULL,         NULL};

int db_linsol_init_lapack(db_linsol *ls)
{
    const size_t n1 = (size_t)(ls->n > 0 ? ls->n : 1);
    lapack_impl *m = calloc(1, sizeof *m);
    ls->ops = &lapack_ops;
    ls->impl = m;
    if (!m)
        return -1;
    m->ipiv = malloc(sizeof(int) * n1);
    m->zipiv = malloc(sizeof(int) * n1);
    m->za = malloc(sizeof(double complex) * n1 * n1);
    m->zb = malloc(sizeof(double complex) * n1);
    return m->ipiv && m->zipiv && m->za && m->zb ? 0 : -1;
}
