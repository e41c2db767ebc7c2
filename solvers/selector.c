/* selector.c — pivot columns of a constraint matrix by QR with column pivoting
 * (LAPACK dgeqp3) or by Gaussian elimination with complete pivoting; the GEOMS
 * selectors are the complement of the pivots (seed 000, Algorithm 2.6 and
 * Remark 2.7; see selector.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "selector.h"
#include "linalg.h"

int db_selector_alloc(db_selector *s, db_sel_strategy st, int mmax, int nmax)
{
    memset(s, 0, sizeof *s);
    s->strategy = st;
    s->mmax = mmax > 0 ? mmax : 1;
    s->nmax = nmax > 0 ? nmax : 1;
    const int mn = s->mmax * s->nmax;
    s->a = calloc((size_t)mn, sizeof *s->a);
    s->tau = calloc((size_t)(s->mmax > s->nmax ? s->mmax : s->nmax), sizeof *s->tau);
    /* DB_SEL_SVD factors Aᵀ too: jpvt and tau for max(m, n) */
    const int mx = s->mmax > s->nmax ? s->mmax : s->nmax;
    s->jpvt = calloc((size_t)mx, sizeof *s->jpvt);
    s->ipiv = calloc((size_t)s->mmax, sizeof *s->ipiv);
    if (!s->a || !s->tau || !s->jpvt || !s->ipiv)
        goto fail;
    /* workspace query of dgeqp3 for the largest size */
    {
        double q = 0.0;
        int lw = -1, info = 0, m = s->mmax, n = s->nmax;
        dgeqp3_(&m, &n, s->a, &m, s->jpvt, s->tau, &q, &lw, &info);
        s->lwork = info == 0 && q > 3 * n + 1 ? (int)q : 3 * n + 1;
        s->lwork += 64 * (m > n ? m : n);
    }
    s->work = calloc((size_t)s->lwork, sizeof *s->work);
    if (!s->work)
        goto fail;
    if (st == DB_SEL_SVD) {
        double q = 0.0;
        int lw = -1, info = 0, m = s->mmax, n = s->nmax, one = 1;
        s->sv = calloc((size_t)mx, sizeof *s->sv);
        s->u = calloc((size_t)s->mmax * s->mmax, sizeof *s->u);
        if (!s->sv || !s->u)
            goto fail;
        dgesvd_("A", "N", &m, &n, s->a, &m, s->sv, s->u, &m, NULL, &one, &q, &lw, &info, 1, 1);
        s->slwork = (info == 0 && q > 0 ? (int)q : 5 * mx) + 5 * mx;
        s->swork = calloc((size_t)s->slwork, sizeof *s->swork);
        if (!s->swork)
            goto fail;
    }
    return 0;
fail:
    db_selector_free(s);
    return -1;
}

void db_selector_free(db_selector *s)
{
    if (!s)
        return;
    free(s->a);
    free(s->tau);
    free(s->work);
    free(s->jpvt);
    free(s->ipiv);
    free(s->sv);
    free(s->u);
    free(s->swork);
    memset(s, 0, sizeof *s);
}

static int cmp_int(const void *x, const void *y)
{
    const int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* complete pivoting on the m×n copy in s->a (ld m); jpvt = column order */
static int lu_complete(db_selector *s, int m, int n, double *first, double *last)
{
    double *a = s->a;
    for (int j = 0; j < n; j++)
        s->jpvt[j] = j;
    *first = *last = 0.0;
    for (int k = 0; k < m; k++) {
        int pi = k, pj = k;
        double best = -1.0;
        for (int j = k; j < n; j++)
            for (int i = k; i < m; i++) {
                const double v = fabs(a[i + (size_t)j * m]);
                if (v > best) {
                    best = v;
                    pi = i;
                    pj = j;
                }
            }
        if (k == 0)
            *first = best;
        *last = best;
        if (pi != k)
            for (int j = 0; j < n; j++) {
                const double t = a[k + (size_t)j * m];
                a[k + (size_t)j * m] = a[pi + (size_t)j * m];
                a[pi + (size_t)j * m] = t;
            }
        if (pj != k) {
            for (int i = 0; i < m; i++) {
                const double t = a[i + (size_t)k * m];
                a[i + (size_t)k * m] = a[i + (size_t)pj * m];
                a[i + (size_t)pj * m] = t;
            }
            const int t = s->jpvt[k];
            s->jpvt[k] = s->jpvt[pj];
            s->jpvt[pj] = t;
        }
        const double piv = a[k + (size_t)k * m];
        if (piv == 0.0)
            continue;
        for (int i = k + 1; i < m; i++) {
            const double l = a[i + (size_t)k * m] / piv;
            if (l == 0.0)
                continue;
            for (int j = k + 1; j < n; j++)
                a[i + (size_t)j * m] -= l * a[k + (size_t)j * m];
            a[i + (size_t)k * m] = 0.0;
        }
    }
    return 0;
}

int db_selector_pivots(db_selector *s, int m, int n, const double *A, int lda, int *piv)
{
    if (m <= 0)
        return 0;
    if (m > s->mmax || n > s->nmax || m > n)
        return 1;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            s->a[i + (size_t)j * m] = A[i + (size_t)j * lda];
    double first = 0.0, last = 0.0;
    if (s->strategy == DB_SEL_LU) {
        lu_complete(s, m, n, &first, &last);
    } else {
        int info = 0, lw = s->lwork, mm = m, nn = n;
        for (int j = 0; j < n; j++)
            s->jpvt[j] = 0;           /* all columns free */
        dgeqp3_(&mm, &nn, s->a, &mm, s->jpvt, s->tau, s->work, &lw, &info);
        if (info != 0)
            return 1;
        for (int j = 0; j < n; j++)
            s->jpvt[j] -= 1;          /* 1-based -> 0-based */
        first = fabs(s->a[0]);
        last = fabs(s->a[(m - 1) + (size_t)(m - 1) * m]);
    }
    for (int k = 0; k < m; k++)
        piv[k] = s->jpvt[k];
    qsort(piv, (size_t)m, sizeof *piv, cmp_int);
    return !(last > 1e-12 * first) || !isfinite(first);
}

double db_selector_volume(db_selector *s, int m, const double *A, int lda, const int *piv)
{
    if (m <= 0)
        return 1.0;
    if (m > s->mmax)
        return 0.0;
    for (int k = 0; k < m; k++)
        for (int i = 0; i < m; i++)
            s->a[i + (size_t)k * m] = A[i + (size_t)piv[k] * lda];
    int info = 0, mm = m;
    dgetrf_(&mm, &mm, s->a, &mm, s->ipiv, &info);
    if (info != 0)
        return 0.0;
    double v = 1.0;
    for (int k = 0; k < m; k++)
        v *= fabs(s->a[k + (size_t)k * m]);
    return v;
}

int db_selector_redundancy(db_selector *s, int m, int n, const double *A, int lda, int *rows,
                           double *nul)
{
    if (s->strategy != DB_SEL_SVD || m <= 0 || m > s->mmax || n > s->nmax)
        return -1;
    int info = 0, mm = m, nn = n, one = 1, lw = s->slwork;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            s->a[i + (size_t)j * m] = A[i + (size_t)j * lda];
    dgesvd_("A", "N", &mm, &nn, s->a, &mm, s->sv, s->u, &mm, NULL, &one, s->swork, &lw, &info,
            1, 1);
    if (info != 0 || !isfinite(s->sv[0]))
        return -1;
    const int k = m < n ? m : n;
    int r = 0;
    while (r < k && s->sv[r] > 1e-10 * s->sv[0])
        r++;
    for (int c = r; c < m; c++)
        for (int i = 0; i < m; i++)
            nul[i + (size_t)(c - r) * m] = s->u[i + (size_t)c * m];
    /* independent rows: the first r pivots of QR with column pivoting of Aᵀ (n×m) */
    for (int j = 0; j < m; j++)
        for (int i = 0; i < n; i++)
            s->a[i + (size_t)j * n] = A[j + (size_t)i * lda];
    for (int j = 0; j < m; j++)
        s->jpvt[j] = 0;
    lw = s->lwork;
    dgeqp3_(&nn, &mm, s->a, &nn, s->jpvt, s->tau, s->work, &lw, &info);
    if (info != 0)
        return -1;
    for (int c = 0; c < r; c++)
        rows[c] = s->jpvt[c] - 1;
    qsort(rows, (size_t)r, sizeof *rows, cmp_int);
    return r;
}

void db_selector_mask(int m, int n, const int *piv, int *mask)
{
    for (int j = 0; j < n; j++)
        mask[j] = 1;
    for (int k = 0; k < m; k++)
        if (piv[k] >= 0 && piv[k] < n)
            mask[piv[k]] = 0;
}
