/* linsolver.c — construction and storage helpers of the linear-solver layer
 * (linsolver.h): the choice among small dense, LAPACK and KLU, the value
 * index of an entry and a product with a matrix in the layer's storage. */
#include <stdlib.h>

#include "linsolver.h"
#include "sparse_lu.h"

const char *db_linsol_kind(int n, int sparse)
{
    if (sparse)
        return db_splu_available() ? "klu" : NULL;
    return n <= DB_LINSOL_SMALL_MAX ? "small" : "lapack";
}

db_linsol *db_linsol_new(int n, const int *colptr, const int *rowind, int complex_too)
{
    const int sparse = colptr != NULL;
    const char *kind = db_linsol_kind(n, sparse);
    if (n < 0 || !kind || (sparse && !rowind))
        return NULL;
    db_linsol *ls = calloc(1, sizeof *ls);
    if (!ls)
        return NULL;
    ls->n = n;
    ls->sparse = sparse;
    ls->colptr = colptr;
    ls->rowind = rowind;
    ls->nval = sparse ? colptr[n] : n * n;
    const size_t nv = (size_t)(ls->nval > 0 ? ls->nval : 1);
    ls->a = calloc(nv, sizeof(double));
    if (complex_too) {
        ls->zr = calloc(nv, sizeof(double));
        ls->zi = calloc(nv, sizeof(double));
    }
    int rc = -1;
    if (ls->a && (!complex_too || (ls->zr && ls->zi))) {
        if (sparse)
            rc = db_linsol_init_klu(ls);
        else if (n <= DB_LINSOL_SMALL_MAX)
            rc = db_linsol_init_small(ls);
        else
            rc = db_linsol_init_lapack(ls);
    }
    if (rc != 0) {
        db_linsol_free(ls);
        return NULL;
    }
    return ls;
}

void db_linsol_free(db_linsol *ls)
{
    if (!ls)
        return;
    if (ls->ops)
        ls->ops->destroy(ls);
    free(ls->a);
    free(ls->zr);
    free(ls->zi);
    free(ls);
}

long db_linsol_pos(const db_linsol *ls, int i, int j)
{
    if (i < 0 || j < 0 || i >= ls->n || j >= ls->n)
        return -1;
    if (!ls->sparse)
        return (long)j * ls->n + i;
    for (int k = ls->colptr[j]; k < ls->colptr[j + 1]; k++)
        if (ls->rowind[k] == i)
            return k;
    return -1;
}

void db_mat_matvec_add(int m, int n, const int *colptr, const int *rowind, const double *vals,
                       const double *x, double *y)
{
    if (colptr) {
        for (int j = 0; j < n; j++) {
            if (x[j] == 0.0)
                continue;
            for (int k = colptr[j]; k < colptr[j + 1]; k++)
                y[rowind[k]] += vals[k] * x[j];
        }
        return;
    }
    for (int j = 0; j < n; j++) {
        if (x[j] == 0.0)
            continue;
        const double *col = vals + (size_t)j * (size_t)m;
        for (int i = 0; i < m; i++)
            y[i] += col[i] * x[j];
    }
}

void db_linsol_matvec_add(const db_linsol *ls, const double *vals, const double *x, double *y)
{
    db_mat_matvec_add(ls->n, ls->n, ls->sparse ? ls->colptr : NULL, ls->rowind, vals, x, y);
}
