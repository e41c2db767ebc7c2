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
    s->dinv = s->Cc = s->S = NULL;
    s->spiv = NULL;
    s->range_ok = s->range = 0;
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
    free(s->dinv);
    free(s->Cc);
    free(s->S);
    free(s->spiv);
    s->K = NULL;
    s->ipiv = NULL;
    s->dinv = s->Cc = s->S = NULL;
    s->spiv = NULL;
    s->range_ok = s->range = 0;
}

int db_saddle_range(db_saddle *s)
{
    const size_t n = (size_t)(s->n > 0 ? s->n : 1), m = (size_t)(s->m > 0 ? s->m : 1);
    s->dinv = malloc(sizeof(double) * n);
    s->Cc = malloc(sizeof(double) * m * n);
    s->S = malloc(sizeof(double) * m * m);
    s->spiv = malloc(sizeof(int) * m);
    if (!s->dinv || !s->Cc || !s->S || !s->spiv)
        return -1;
    s->range_ok = 1;
    return 0;
}

/* 1 if M (n×n) is diagonal with non-zero diagonal */
static int diagonal(int n, const double *M)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            if ((i == j) != (M[(size_t)j * n + i] != 0.0))
                return 0;
    return 1;
}

/* S = C D⁻¹ Cᵀ and its LU; 0 or > 0 singular */
static int range_factor(db_saddle *s, const double *M, const double *C)
{
    const int n = s->n, m = s->m;
    for (int j = 0; j < n; j++)
        s->dinv[j] = 1.0 / M[(size_t)j * n + j];
    memcpy(s->Cc, C, sizeof(double) * (size_t)m * (size_t)n);
    memset(s->S, 0, sizeof(double) * (size_t)m * (size_t)m);
    for (int k = 0; k < n; k++) {
        const double *ck = C + (size_t)k * m;   /* column k of C */
        for (int j = 0; j < m; j++) {
            const double x = ck[j] * s->dinv[k];
            if (x == 0.0)
                continue;
            double *Sj = s->S + (size_t)j * m;
            for (int i = 0; i < m; i++)
                Sj[i] += ck[i] * x;
        }
    }
    if (m == 0)
        return 0;
    int info = 0;
    dgetrf_(&m, &m, s->S, &m, s->spiv, &info);
    return info;
}

/* [a; b] := K⁻¹ [a; b] through S: y = S⁻¹ (C D⁻¹ a − b), x = D⁻¹ (a − Cᵀ y) */
static void range_solve(const db_saddle *s, double *x)
{
    const int n = s->n, m = s->m;
    double *a = x, *b = x + n;
    for (int k = 0; k < n; k++)
        a[k] *= s->dinv[k];
    for (int i = 0; i < m; i++)
        b[i] = -b[i];
    for (int k = 0; k < n; k++) {
        const double *ck = s->Cc + (size_t)k * m;
        const double ak = a[k];
        for (int i = 0; i < m; i++)
            b[i] += ck[i] * ak;
    }
    if (m > 0) {
        int info = 0, one = 1;
        dgetrs_("N", &m, &one, s->S, &m, s->spiv, b, &m, &info, 1);
    }
    for (int k = 0; k < n; k++) {
        const double *ck = s->Cc + (size_t)k * m;
        double dot = 0.0;
        for (int i = 0; i < m; i++)
            dot += ck[i] * b[i];
        a[k] -= dot * s->dinv[k];
    }
}

int db_saddle_factor(db_saddle *s, const double *M, const double *C, const double *F)
{
    const int n = s->n, m = s->m, d = s->dim;
    s->range = s->range_ok && !F && diagonal(n, M);
    if (s->range)
        return range_factor(s, M, C);
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
    if (s->range) {
        for (int k = 0; k < nrhs; k++)
            range_solve(s, x + (size_t)k * s->dim);
        return;
    }
    dgetrs_("N", &s->dim, &nrhs, s->K, &s->dim, s->ipiv, x, &s->dim, &info, 1);
}
