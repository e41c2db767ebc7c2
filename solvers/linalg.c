/* linalg.c — dense real and complex LU over LAPACK (see linalg.h). */
#include <stdlib.h>

#include "linalg.h"

int db_lu_alloc(db_lu *lu, int n)
{
    lu->n = n;
    lu->a = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1) * (size_t)(n > 0 ? n : 1));
    lu->ipiv = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (!lu->a || !lu->ipiv) {
        db_lu_free(lu);
        return -1;
    }
    return 0;
}

void db_lu_free(db_lu *lu)
{
    free(lu->a);
    free(lu->ipiv);
    lu->a = NULL;
    lu->ipiv = NULL;
}

int db_lu_factor(db_lu *lu)
{
    int info = 0;
    if (lu->n == 0)
        return 0;
    dgetrf_(&lu->n, &lu->n, lu->a, &lu->n, lu->ipiv, &info);
    return info;
}

void db_lu_solve(const db_lu *lu, double *b)
{
    int info = 0, one = 1;
    if (lu->n == 0)
        return;
    dgetrs_("N", &lu->n, &one, lu->a, &lu->n, lu->ipiv, b, &lu->n, &info, 1);
}

int db_zlu_alloc(db_zlu *lu, int n)
{
    lu->n = n;
    lu->a = malloc(sizeof(double complex) * (size_t)(n > 0 ? n : 1) * (size_t)(n > 0 ? n : 1));
    lu->ipiv = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (!lu->a || !lu->ipiv) {
        db_zlu_free(lu);
        return -1;
    }
    return 0;
}

void db_zlu_free(db_zlu *lu)
{
    free(lu->a);
    free(lu->ipiv);
    lu->a = NULL;
    lu->ipiv = NULL;
}

int db_zlu_factor(db_zlu *lu)
{
    int info = 0;
    if (lu->n == 0)
        return 0;
    zgetrf_(&lu->n, &lu->n, lu->a, &lu->n, lu->ipiv, &info);
    return info;
}

void db_zlu_solve(const db_zlu *lu, double complex *b)
{
    int info = 0, one = 1;
    if (lu->n == 0)
        return;
    zgetrs_("N", &lu->n, &one, lu->a, &lu->n, lu->ipiv, b, &lu->n, &info, 1);
}

void db_matvec(int m, int n, const double *a, const double *x, double *y)
{
    for (int i = 0; i < m; i++)
        y[i] = 0.0;
    for (int j = 0; j < n; j++) {
        const double xj = x[j];
        const double *col = a + (size_t)j * (size_t)m;
        for (int i = 0; i < m; i++)
            y[i] += col[i] * xj;
    }
}
