/* linsolver_lapack.c — the large dense implementation of the linear-solver
 * layer (linsolver.h): LAPACK's blocked LU dgetrf/zgetrf and the
 * substitutions dgetrs/zgetrs, through the wrappers of linalg.h. */
#include <stdlib.h>

#include "linalg.h"
#include "linsolver.h"

typedef struct {
    int *ipiv, *zipiv;
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
    if (ls->n > 0)
        zgetrf_(&ls->n, &ls->n, ls->za, &ls->n, m->zipiv, &info);
    return info;
}

static void lapack_solve(db_linsol *ls, double *b)
{
    lapack_impl *m = ls->impl;
    int info = 0, one = 1;
    if (ls->n > 0)
        dgetrs_("N", &ls->n, &one, ls->a, &ls->n, m->ipiv, b, &ls->n, &info, 1);
}

static void lapack_solve_complex(db_linsol *ls, double complex *b)
{
    lapack_impl *m = ls->impl;
    int info = 0, one = 1;
    if (ls->n > 0)
        zgetrs_("N", &ls->n, &one, ls->za, &ls->n, m->zipiv, b, &ls->n, &info, 1);
}

static void lapack_destroy(db_linsol *ls)
{
    lapack_impl *m = ls->impl;
    if (m) {
        free(m->ipiv);
        free(m->zipiv);
        free(m);
    }
    ls->impl = NULL;
}

static const db_linsol_ops lapack_ops = {"lapack", lapack_factor, lapack_factor_complex,
                                         lapack_solve, lapack_solve_complex, lapack_destroy};

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
    return m->ipiv && m->zipiv ? 0 : -1;
}
