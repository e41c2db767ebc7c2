/* refint_model.c — the mechanical system as the reference integrator sees it
 * (refint.h): the accelerations and multipliers from the saddle-point system
 * of the index-1 formulation, and the projection of positions and velocities
 * onto the constraint manifolds.  Long double throughout; the problem's
 * callbacks are called in double on the rounded state. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "refint.h"

struct db_refint_model {
    const db_mech *m;
    int np, nv, nl, nm, nk;      /* nk = nv + nl + nm, the saddle-point size */
    double *pd, *vd, *Md, *fd, *Gd, *Hd, *kg, *kh, *gt, *hh, *ld, *md;
    long double *K, *b, *C, *CC, *r;
    int *piv;
    long double *lam_prev, *mu_prev;  /* last multipliers (f depending on λ, μ) */
    long naccel;
};

static void *zalloc(size_t n, size_t sz)
{
    return calloc(n ? n : 1, sz);
}

db_refint_model *db_refint_model_new(const db_mech *m)
{
    db_refint_model *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->m = m;
    w->np = m->np;
    w->nv = m->nv;
    w->nl = m->nl;
    w->nm = m->nm;
    w->nk = m->nv + m->nl + m->nm;
    int nc = w->nl + w->nm;
    w->pd = zalloc((size_t)w->np, sizeof(double));
    w->vd = zalloc((size_t)w->nv, sizeof(double));
    w->Md = zalloc((size_t)w->nv * w->nv, sizeof(double));
    w->fd = zalloc((size_t)w->nv, sizeof(double));
    w->Gd = zalloc((size_t)w->nl * w->np, sizeof(double));
    w->Hd = zalloc((size_t)w->nm * w->nv, sizeof(double));
    w->kg = zalloc((size_t)w->nl, sizeof(double));
    w->kh = zalloc((size_t)w->nm, sizeof(double));
    w->gt = zalloc((size_t)w->nl, sizeof(double));
    w->hh = zalloc((size_t)w->nm, sizeof(double));
    w->ld = zalloc((size_t)w->nl, sizeof(double));
    w->md = zalloc((size_t)w->nm, sizeof(double));
    w->K = zalloc((size_t)w->nk * w->nk, sizeof(long double));
    w->b = zalloc((size_t)w->nk, sizeof(long double));
    w->C = zalloc((size_t)nc * w->nv, sizeof(long double));
    w->CC = zalloc((size_t)nc * nc, sizeof(long double));
    w->r = zalloc((size_t)(nc > w->np ? nc : w->np) + 1, sizeof(long double));
    w->piv = zalloc((size_t)w->nk + (size_t)nc, sizeof(int));
    w->lam_prev = zalloc((size_t)w->nl, sizeof(long double));
    w->mu_prev = zalloc((size_t)w->nm, sizeof(long double));
    if (!w->pd || !w->vd || !w->Md || !w->fd || !w->Gd || !w->Hd || !w->kg || !w->kh ||
        !w->gt || !w->hh || !w->ld || !w->md || !w->K || !w->b || !w->C || !w->CC || !w->r ||
        !w->piv || !w->lam_prev || !w->mu_prev) {
        db_refint_model_free(w);
        return NULL;
    }
    return w;
}

void db_refint_model_free(db_refint_model *w)
{
    if (!w)
        return;
    free(w->pd); free(w->vd); free(w->Md); free(w->fd); free(w->Gd); free(w->Hd);
    free(w->kg); free(w->kh); free(w->gt); free(w->hh); free(w->ld); free(w->md);
    free(w->K); free(w->b); free(w->C); free(w->CC); free(w->r); free(w->piv);
    free(w->lam_prev); free(w->mu_prev);
    free(w);
}

long db_refint_accel_count(const db_refint_model *w)
{
    return w->naccel;
}

static void zero(double *x, int n)
{
    memset(x, 0, (size_t)(n > 0 ? n : 0) * sizeof *x);
}

static void to_double(double *d, const long double *x, int n)
{
    for (int i = 0; i < n; i++)
        d[i] = (double)x[i];
}

/* 1 if M (nv × nv) is diagonal with positive diagonal */
static int mass_diagonal(const double *M, int nv)
{
    for (int j = 0; j < nv; j++)
        for (int i = 0; i < nv; i++)
            if (i == j ? !(M[i + (long)j * nv] > 0.0) : M[i + (long)j * nv] != 0.0)
                return 0;
    return 1;
}

/* the saddle-point system for a diagonal M = D through the Schur complement:
 * with C = [G; H] and κ = [κ_g; κ_h], (C D⁻¹ Cᵀ) z = C D⁻¹ f + κ, a = D⁻¹ (f − Cᵀ z);
 * C is used column by column over its non-zeros (the chains' G is banded) */
static int accel_diagonal(db_refint_model *w, double t, long double *a, long double *lam,
                          long double *mu)
{
    const db_mech *m = w->m;
    int nv = w->nv, nl = w->nl, nm = w->nm, nc = nl + nm;
    if (nl > 0) {
        zero(w->Gd, nl * w->np);
        zero(w->kg, nl);
        m->G(m, t, w->pd, w->Gd);
        m->kappa_g(m, t, w->pd, w->vd, w->kg);
    }
    if (nm > 0) {
        zero(w->Hd, nm * nv);
        zero(w->kh, nm);
        m->H(m, t, w->pd, w->Hd);
        m->kappa_h(m, t, w->pd, w->vd, w->kh);
    }
    long double *S = w->K, *z = w->b;
    int *rows = w->piv + w->nk;   /* nc entries */
    memset(S, 0, (size_t)nc * nc * sizeof *S);
    for (int r = 0; r < nc; r++)
        z[r] = r < nl ? (long double)w->kg[r] : (long double)w->kh[r - nl];
    for (int k = 0; k < nv; k++) {
        long double dinv = 1.0L / w->Md[k + (long)k * nv];
        int cnt = 0;
        for (int r = 0; r < nc; r++) {
            double c = r < nl ? w->Gd[r + (long)k * nl] : w->Hd[(r - nl) + (long)k * nm];
            if (c != 0.0)
                rows[cnt++] = r;
        }
        for (int x = 0; x < cnt; x++) {
            int r = rows[x];
            long double cr = r < nl ? w->Gd[r + (long)k * nl] : w->Hd[(r - nl) + (long)k * nm];
            z[r] += cr * dinv * w->fd[k];
            for (int y = 0; y < cnt; y++) {
                int q = rows[y];
                long double cq =
                    q < nl ? w->Gd[q + (long)k * nl] : w->Hd[(q - nl) + (long)k * nm];
                S[r + (long)q * nc] += cr * dinv * cq;
            }
        }
    }
    if (nc > 0) {
        if (db_refint_lu(S, nc, w->piv) != 0)
            return -1;
        db_refint_lusolve(S, nc, w->piv, z);
    }
    for (int k = 0; k < nv; k++) {
        long double acc = w->fd[k];
        for (int r = 0; r < nl; r++)
            acc -= w->Gd[r + (long)k * nl] * z[r];
        for (int r = 0; r < nm; r++)
            acc -= w->Hd[r + (long)k * nm] * z[nl + r];
        a[k] = acc / w->Md[k + (long)k * nv];
        if (!isfinite((double)a[k]))
            return -1;
    }
    for (int r = 0; r < nl; r++)
        lam[r] = z[r];
    for (int r = 0; r < nm; r++)
        mu[r] = z[nl + r];
    return 0;
}

/* one solve of the saddle-point system with f at the multipliers ld, md */
static int accel_once(db_refint_model *w, double t, long double *a, long double *lam,
                      long double *mu)
{
    const db_mech *m = w->m;
    int nv = w->nv, nl = w->nl, nm = w->nm, nk = w->nk;
    zero(w->Md, nv * nv);
    zero(w->fd, nv);
    m->mass(m, t, w->pd, w->Md);
    m->force(m, t, w->pd, w->vd, w->ld, w->md, w->fd);
    if (mass_diagonal(w->Md, nv))
        return accel_diagonal(w, t, a, lam, mu);
    memset(w->K, 0, (size_t)nk * nk * sizeof *w->K);
    for (int j = 0; j < nv; j++)
        for (int i = 0; i < nv; i++)
            w->K[i + (long)j * nk] = w->Md[i + (long)j * nv];
    for (int i = 0; i < nv; i++)
        w->b[i] = w->fd[i];
    if (nl > 0) {
        zero(w->Gd, nl * w->np);
        zero(w->kg, nl);
        m->G(m, t, w->pd, w->Gd);
        m->kappa_g(m, t, w->pd, w->vd, w->kg);
        for (int r = 0; r < nl; r++) {
            for (int j = 0; j < nv; j++) {
                long double gij = w->Gd[r + (long)j * nl];
                w->K[(nv + r) + (long)j * nk] = gij;   /* G */
                w->K[j + (long)(nv + r) * nk] = gij;   /* Gᵀ */
            }
            w->b[nv + r] = -(long double)w->kg[r];
        }
    }
    if (nm > 0) {
        zero(w->Hd, nm * nv);
        zero(w->kh, nm);
        m->H(m, t, w->pd, w->Hd);
        m->kappa_h(m, t, w->pd, w->vd, w->kh);
        for (int r = 0; r < nm; r++) {
            for (int j = 0; j < nv; j++) {
                long double hij = w->Hd[r + (long)j * nm];
                w->K[(nv + nl + r) + (long)j * nk] = hij;
                w->K[j + (long)(nv + nl + r) * nk] = hij;
            }
            w->b[nv + nl + r] = -(long double)w->kh[r];
        }
    }
    if (db_refint_lu(w->K, nk, w->piv) != 0)
        return -1;
    db_refint_lusolve(w->K, nk, w->piv, w->b);
    for (int i = 0; i < nk; i++)
        if (!isfinite((double)w->b[i]))
            return -1;
    memcpy(a, w->b, (size_t)nv * sizeof *a);
    if (nl)
        memcpy(lam, w->b + nv, (size_t)nl * sizeof *lam);
    if (nm)
        memcpy(mu, w->b + nv + nl, (size_t)nm * sizeof *mu);
    return 0;
}

int db_refint_accel(db_refint_model *w, long double t, const long double *p,
                    const long double *v, long double *a, long double *lam, long double *mu)
{
    const db_mech *m = w->m;
    double td = (double)t;
    to_double(w->pd, p, w->np);
    to_double(w->vd, v, w->nv);
    w->naccel++;
    if (!(m->flags & DB_F_LAMBDA)) {
        zero(w->ld, w->nl);
        zero(w->md, w->nm);
        return accel_once(w, td, a, lam, mu);
    }
    /* f depends on λ, μ: fixed-point iteration from the last multipliers */
    to_double(w->ld, w->lam_prev, w->nl);
    to_double(w->md, w->mu_prev, w->nm);
    for (int it = 0; it < 100; it++) {
        if (accel_once(w, td, a, lam, mu) != 0)
            return -1;
        long double d = 0.0L, s = 1e-300L;
        for (int i = 0; i < w->nl; i++) {
            d = fmaxl(d, fabsl(lam[i] - w->ld[i]));
            s = fmaxl(s, fabsl(lam[i]));
        }
        for (int i = 0; i < w->nm; i++) {
            d = fmaxl(d, fabsl(mu[i] - w->md[i]));
            s = fmaxl(s, fabsl(mu[i]));
        }
        to_double(w->ld, lam, w->nl);
        to_double(w->md, mu, w->nm);
        if (d <= 1e-17L * s) {
            memcpy(w->lam_prev, lam, (size_t)w->nl * sizeof *lam);
            memcpy(w->mu_prev, mu, (size_t)w->nm * sizeof *mu);
            return 0;
        }
    }
    /* converged to double rounding only: accept when the change is at that level */
    memcpy(w->lam_prev, lam, (size_t)w->nl * sizeof *lam);
    memcpy(w->mu_prev, mu, (size_t)w->nm * sizeof *mu);
    return 0;
}

/* solve (C Cᵀ) z = r for the nc×n matrix C (rows) and set x −= Cᵀ z */
static int min_norm_correct(db_refint_model *w, int nc, int n, long double *x)
{
    for (int i = 0; i < nc; i++)
        for (int j = 0; j < nc; j++) {
            long double s = 0.0L;
            for (int k = 0; k < n; k++)
                s += w->C[i + (long)k * nc] * w->C[j + (long)k * nc];
            w->CC[i + (long)j * nc] = s;
        }
    if (db_refint_lu(w->CC, nc, w->piv) != 0)
        return -1;
    db_refint_lusolve(w->CC, nc, w->piv, w->r);
    for (int k = 0; k < n; k++) {
        long double s = 0.0L;
        for (int i = 0; i < nc; i++)
            s += w->C[i + (long)k * nc] * w->r[i];
        x[k] -= s;
    }
    return 0;
}

int db_refint_project(db_refint_model *w, long double t, long double *p, long double *v)
{
    const db_mech *m = w->m;
    int np = w->np, nv = w->nv, nl = w->nl, nm = w->nm;
    double td = (double)t;
    /* positions: simplified Newton on g(p) = 0 along Gᵀ (G at each iterate) */
    for (int it = 0; nl > 0 && it < 3; it++) {
        to_double(w->pd, p, np);
        double *gv = w->gt;
        zero(gv, nl);
        m->g(m, td, w->pd, gv);
        double gmax = 0.0;
        for (int i = 0; i < nl; i++)
            gmax = fmax(gmax, fabs(gv[i]));
        if (!isfinite(gmax))
            return -1;
        if (gmax == 0.0)
            break;
        zero(w->Gd, nl * np);
        m->G(m, td, w->pd, w->Gd);
        for (long i = 0; i < (long)nl * np; i++)
            w->C[i] = w->Gd[i];
        for (int i = 0; i < nl; i++)
            w->r[i] = gv[i];
        if (min_norm_correct(w, nl, np, p) != 0)
            return -1;
    }
    /* velocities: the constraints are linear in v, one correction (and one more
     * for the rounding of the first) */
    int nc = nl + nm;
    if (nc == 0)
        return 0;
    to_double(w->pd, p, np);
    zero(w->Gd, nl * np);
    zero(w->Hd, nm * nv);
    zero(w->gt, nl);
    zero(w->hh, nm);
    if (nl) {
        m->G(m, td, w->pd, w->Gd);
        if (m->g_t)
            m->g_t(m, td, w->pd, w->gt);
    }
    if (nm) {
        m->H(m, td, w->pd, w->Hd);
        if (m->h)
            m->h(m, td, w->pd, w->hh);
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < nv; k++) {
            for (int i = 0; i < nl; i++)
                w->C[i + (long)k * nc] = w->Gd[i + (long)k * nl];
            for (int i = 0; i < nm; i++)
                w->C[nl + i + (long)k * nc] = w->Hd[i + (long)k * nm];
        }
        for (int i = 0; i < nc; i++) {
            long double s = i < nl ? (long double)w->gt[i] : (long double)w->hh[i - nl];
            for (int k = 0; k < nv; k++)
                s += w->C[i + (long)k * nc] * v[k];
            w->r[i] = s;
        }
        if (min_norm_correct(w, nc, nv, v) != 0)
            return -1;
    }
    return 0;
}
