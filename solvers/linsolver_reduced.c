/* linsolver_reduced.c — the linear-solver kind "reduced" (linsolver.h): an
 * iteration matrix c E − J whose first m1 rows are those of  y_i' = y_{i+m2}
 * (db_dae's m1, m2), solved through the Schur complement on the other n − m1
 * unknowns, as RADAU5 does with its M1, M2 (Hairer–Wanner, RADAU5's DECOMR /
 * SLVRAR).  Worked out here from the structure:
 *
 * With k = m1/m2 blocks of m2 rows, z = [z⁽¹⁾ … z⁽ᵏ⁾ | w] and w's first m2
 * entries called z⁽ᵏ⁺¹⁾, the rows of block j read  c z⁽ʲ⁾ − z⁽ʲ⁺¹⁾ = r⁽ʲ⁾,  so
 *     z⁽ʲ⁾ = s⁽ʲ⁾ + z⁽ᵏ⁺¹⁾ / c^(k−j+1),   s⁽ᵏ⁺¹⁾ = 0,  s⁽ʲ⁾ = (r⁽ʲ⁾ + s⁽ʲ⁺¹⁾) / c.
 * The other rows  Σ_j A21⁽ʲ⁾ z⁽ʲ⁾ + A22 w = r₂  then become
 *     (A22 + [Σ_j A21⁽ʲ⁾ / c^(k−j+1) | 0]) w = r₂ − Σ_j A21⁽ʲ⁾ s⁽ʲ⁾,
 * a dense system of n − m1 unknowns factored by the small or LAPACK kind; the
 * sum over j is a Horner recurrence  acc = (acc + A21⁽ʲ⁾) / c.  The caller
 * assembles the full n × n matrix in ls->a (ls->zr, ls->zi) as for any dense
 * kind; c is read from its entry (0, 0) (E_00 = 1); the matrix is left intact
 * (A21 is read from it by every solve).  Factor O((n − m1)³) instead of O(n³),
 * solve O((n − m1)² + (n − m1) m1) instead of O(n²).  The last bits differ from
 * the full LU's: the elimination order is not LAPACK's. */
#include <stdlib.h>

#include "linsolver.h"

typedef struct {
    db_linsol *in;   /* the reduced system, n − m1 unknowns */
    int m1, m2;
    double icr;      /* 1/c of the real matrix */
    double zcr, zci; /* 1/c of the complex one, zcr + i zci */
    double *d, *di;  /* [m2] the back-substitution's z⁽ᵏ⁺¹⁾ / c^…, real and imaginary */
    double *t;       /* [2 (n − m1)] scratch of the reduction */
} reduced;

/* reduced real matrix of A (n×n, column-major) into B ((n−m1)², column-major):
 * A22, plus in its first m2 columns the Horner sums of the blocks of A21 (t [nr]
 * scratch); every loop runs down a column */
static void reduce_real(int n, int m1, int m2, const double *restrict a, double ic,
                        double *restrict bm, double *restrict t)
{
    const int nr = n - m1, k = m1 / m2;
    for (int j = 0; j < nr; j++) {
        const double *restrict src = a + m1 + (size_t)(m1 + j) * n;
        double *restrict dst = bm + (size_t)j * nr;
        for (int i = 0; i < nr; i++)
            dst[i] = src[i];
    }
    for (int l = 0; l < m2; l++) {
        const double *restrict a0 = a + m1 + (size_t)l * n;
        for (int i = 0; i < nr; i++)
            t[i] = a0[i] * ic;
        for (int b = 1; b < k; b++) {
            const double *restrict ab = a + m1 + (size_t)(b * m2 + l) * n;
            for (int i = 0; i < nr; i++)
                t[i] = (t[i] + ab[i]) * ic;
        }
        double *restrict dst = bm + (size_t)l * nr;
        for (int i = 0; i < nr; i++)
            dst[i] += t[i];
    }
}

/* the same for the complex matrix ar + i ai, 1/c = icr + i ici (tr, ti [nr]) */
static void reduce_complex(int n, int m1, int m2, const double *restrict ar,
                           const double *restrict ai, double icr, double ici,
                           double *restrict br, double *restrict bi, double *restrict tr,
                           double *restrict ti)
{
    const int nr = n - m1, k = m1 / m2;
    for (int j = 0; j < nr; j++) {
        const size_t s0 = m1 + (size_t)(m1 + j) * n, d0 = (size_t)j * nr;
        for (int i = 0; i < nr; i++) {
            br[d0 + i] = ar[s0 + i];
            bi[d0 + i] = ai[s0 + i];
        }
    }
    for (int l = 0; l < m2; l++) {
        for (int i = 0; i < nr; i++)
            tr[i] = ti[i] = 0.0;
        for (int b = 0; b < k; b++) {
            const size_t s0 = m1 + (size_t)(b * m2 + l) * n;
            for (int i = 0; i < nr; i++) {
                const double xr = tr[i] + ar[s0 + i], xi = ti[i] + ai[s0 + i];
                tr[i] = xr * icr - xi * ici;
                ti[i] = xr * ici + xi * icr;
            }
        }
        const size_t d0 = (size_t)l * nr;
        for (int i = 0; i < nr; i++) {
            br[d0 + i] += tr[i];
            bi[d0 + i] += ti[i];
        }
    }
}

static void inverse(double cr, double ci, double *icr, double *ici)
{
    const double den = cr * cr + ci * ci;
    *icr = cr / den;
    *ici = -ci / den;
}

static int rd_factor(db_linsol *ls)
{
    reduced *r = ls->impl;
    r->icr = 1.0 / ls->a[0];
    reduce_real(ls->n, r->m1, r->m2, ls->a, r->icr, r->in->a, r->t);
    return r->in->ops->factor(r->in);
}

static int rd_factor_complex(db_linsol *ls)
{
    reduced *r = ls->impl;
    inverse(ls->zr[0], ls->zi[0], &r->zcr, &r->zci);
    reduce_complex(ls->n, r->m1, r->m2, ls->zr, ls->zi, r->zcr, r->zci, r->in->zr, r->in->zi,
                   r->t, r->t + (ls->n - r->m1));
    return r->in->ops->factor_complex(r->in);
}

static void rd_solve(db_linsol *ls, double *b)
{
    reduced *r = ls->impl;
    const int n = ls->n, m1 = r->m1, m2 = r->m2, nr = n - m1;
    const double ic = r->icr;
    const double *a = ls->a;
    /* s⁽ʲ⁾ in place of r⁽ʲ⁾, last block first */
    for (int i = m1 - 1; i >= m1 - m2; i--)
        b[i] *= ic;
    for (int i = m1 - m2 - 1; i >= 0; i--)
        b[i] = (b[i] + b[i + m2]) * ic;
    /* r₂ − A21 s, two columns a pass (one load and store of r₂ for two) */
    double *restrict b2 = b + m1;
    int j = 0;
    for (; j + 1 < m1; j += 2) {
        const double x0 = b[j], x1 = b[j + 1];
        const double *restrict c0 = a + m1 + (size_t)j * n, *restrict c1 = c0 + n;
        for (int i = 0; i < nr; i++)
            b2[i] -= c0[i] * x0 + c1[i] * x1;
    }
    for (; j < m1; j++) {
        const double x = b[j];
        const double *restrict col = a + m1 + (size_t)j * n;
        for (int i = 0; i < nr; i++)
            b2[i] -= col[i] * x;
    }
    r->in->ops->solve(r->in, b2);
    /* z⁽ʲ⁾ = s⁽ʲ⁾ + z⁽ᵏ⁺¹⁾ / c^(k−j+1), last block first */
    for (int l = 0; l < m2; l++)
        r->d[l] = b2[l];
    for (int b0 = m1 - m2; b0 >= 0; b0 -= m2)
        for (int l = 0; l < m2; l++) {
            r->d[l] *= ic;
            b[b0 + l] += r->d[l];
        }
}

static void rd_solve_complex(db_linsol *ls, double *br, double *bi)
{
    reduced *r = ls->impl;
    const int n = ls->n, m1 = r->m1, m2 = r->m2, nr = n - m1;
    const double cr = r->zcr, ci = r->zci;
    const double *ar = ls->zr, *ai = ls->zi;
    for (int i = m1 - 1; i >= 0; i--) {
        const double xr = i + m2 < m1 ? br[i] + br[i + m2] : br[i];
        const double xi = i + m2 < m1 ? bi[i] + bi[i + m2] : bi[i];
        br[i] = xr * cr - xi * ci;
        bi[i] = xr * ci + xi * cr;
    }
    double *restrict b2r = br + m1, *restrict b2i = bi + m1;
    int j = 0;
    for (; j + 1 < m1; j += 2) {   /* two columns a pass, as in rd_solve */
        const double xr0 = br[j], xi0 = bi[j], xr1 = br[j + 1], xi1 = bi[j + 1];
        const double *restrict r0 = ar + m1 + (size_t)j * n, *restrict i0 = ai + m1 + (size_t)j * n;
        const double *restrict r1 = r0 + n, *restrict i1 = i0 + n;
        for (int i = 0; i < nr; i++) {
            b2r[i] -= (r0[i] * xr0 - i0[i] * xi0) + (r1[i] * xr1 - i1[i] * xi1);
            b2i[i] -= (r0[i] * xi0 + i0[i] * xr0) + (r1[i] * xi1 + i1[i] * xr1);
        }
    }
    for (; j < m1; j++) {
        const double xr = br[j], xi = bi[j];
        const double *restrict cr_ = ar + m1 + (size_t)j * n, *restrict ci_ = ai + m1 + (size_t)j * n;
        for (int i = 0; i < nr; i++) {
            b2r[i] -= cr_[i] * xr - ci_[i] * xi;
            b2i[i] -= cr_[i] * xi + ci_[i] * xr;
        }
    }
    r->in->ops->solve_complex(r->in, b2r, b2i);
    for (int l = 0; l < m2; l++) {
        r->d[l] = b2r[l];
        r->di[l] = b2i[l];
    }
    for (int b0 = m1 - m2; b0 >= 0; b0 -= m2)
        for (int l = 0; l < m2; l++) {
            const double dr = r->d[l] * cr - r->di[l] * ci;
            const double di = r->d[l] * ci + r->di[l] * cr;
            r->d[l] = dr;
            r->di[l] = di;
            br[b0 + l] += dr;
            bi[b0 + l] += di;
        }
}

static void rd_destroy(db_linsol *ls)
{
    reduced *r = ls->impl;
    if (!r)
        return;
    db_linsol_free(r->in);
    free(r->d);
    free(r);
    ls->impl = NULL;
}

static const db_linsol_ops reduced_ops = {
    "reduced", rd_factor, rd_factor_complex, rd_solve, rd_solve_complex, rd_destroy, NULL, NULL,
};

db_linsol *db_linsol_new_reduced(int n, int m1, int m2, int complex_too)
{
    if (m1 <= 0 || m2 <= 0 || m1 % m2 != 0 || m1 >= n || m2 > n - m1)
        return NULL;
    db_linsol *ls = calloc(1, sizeof *ls);
    if (!ls)
        return NULL;
    ls->n = n;
    ls->nval = n * n;
    ls->a = calloc((size_t)ls->nval, sizeof(double));
    if (complex_too) {
        ls->zr = calloc((size_t)ls->nval, sizeof(double));
        ls->zi = calloc((size_t)ls->nval, sizeof(double));
    }
    reduced *r = calloc(1, sizeof *r);
    if (r) {
        r->m1 = m1;
        r->m2 = m2;
        r->d = calloc(2 * (size_t)m2 + 2 * (size_t)(n - m1), sizeof(double));
        r->di = r->d ? r->d + m2 : NULL;
        r->t = r->d ? r->d + 2 * m2 : NULL;
        r->in = db_linsol_new(n - m1, NULL, NULL, complex_too);
    }
    ls->impl = r;
    ls->ops = &reduced_ops;
    if (!ls->a || (complex_too && (!ls->zr || !ls->zi)) || !r || !r->d || !r->in) {
        db_linsol_free(ls);
        return NULL;
    }
    return ls;
}

db_linsol *db_linsol_new_reduced_or_whole(int n, int m1, int m2, int complex_too)
{
    db_linsol *ls = db_linsol_new_reduced(n, m1, m2, complex_too);
    return ls ? ls : db_linsol_new(n, NULL, NULL, complex_too);
}
