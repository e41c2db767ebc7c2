/* saddle.c — LU of the saddle-point matrix [M Cᵀ−F; C 0] over LAPACK (see saddle.h;
 * MEXX, seed 001, (2.1b), (2.2), (3.1)). */
#include <stdlib.h>
#include <string.h>

#include "linalg.h"
#include "saddle.h"

int db_saddle_alloc(db_saddle *s, int n, int m)
{
    s->n = n;
    s->m = m;
    s->dim = n + m;
    size_t d = (size_t)(s->dim > 0 ? s->dim : 1);
    s->K = malloc(sizeof(double) * d * d);
    s->ipiv = malloc(sizeof(int) * d);
    if (!s->K || !s->ipiv) {
        db_saddle_free(s);
        return -1;
    }
    return 0;
}

void db_saddle_free(db_saddle *s)
{
    free(s->K);
    free(s->ipiv);
    s->K = NULL;
    s->ipiv = NULL;
}

int db_saddle_factor(db_saddle *s, const double *M, const double *C, const double *F)
{
    const int n = s->n, m = s->m, d = s->dim;
    double *K = s->K;
    memset(K, 0, sizeof(double) * (size_t)d * (size_t)d);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            K[(size_t)j * d + i] = M[(size_t)j * n + i];
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            const double c = C[(size_t)j * m + i];
            K[(size_t)j * d + n + i] = c;          /* C block, rows n.. */
            K[(size_t)(n + i) * d + j] = c;        /* Cᵀ block, cols n.. */
        }
    if (F)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++)
                K[(size_t)(n + i) * d + j] -= F[(size_t)i * n + j];
    if (d == 0)
        return 0;
    int info = 0;
    dgetrf_(&d, &d, K, &d, s->ipiv, &info);
    return info;
}

void db_saddle_solve(const db_saddle *s, double *x, int nrhs)
{
    int info = 0;
    if (s->dim == 0 || nrhs <= 0)
        return;
    dgetrs_("N", &s->dim, &nrhs, s->K, &s->dim, s->ipiv, x, &s->dim, &info, 1);
}
