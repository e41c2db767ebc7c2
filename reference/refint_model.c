/* refint_model.c — the mechanical system as the reference integrator sees it
 * (refint.h): the accelerations and multipliers from the saddle-point system
 * of the index-1 formulation, and the projection of positions and velocities
 * onto the constraint manifolds.  Long double throughout; the problem's
 * callbacks are called in double on the rounded state, or the problem's long
 * double model (mech_ld.h) where it gives one. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "refint.h"
#include "testset/mech_ld.h"

struct db_refint_model {
    const db_mech *m;
    int np, nv, nl, nm, nk;      /* nk = nv + nl + nm, the saddle-point size */
    /* the model at the current state, long double (from m->ld, or from the
     * double callbacks on the state rounded to double) */
    long double *M, *f, *G, *H, *kg, *kh, *gt, *hh, *gv;
    /* the double path's scratch: state, multipliers and outputs in double */
    double *pd, *vd, *lamd, *mud, *od;
    long double *K, *b, *C, *CC, *r;
    int *piv;
    long double *lam_it, *mu_it;      /* multipliers f is evaluated at */
    long double *lam_prev, *mu_prev;  /* last multipliers (f depending on λ, μ) */
    /* the switching functions' scratch: a, λ, μ of the state, the state moved
     * along the motion, its switching values */
    long double *sa, *slam, *smu, *sq;
    double *ss;
    long naccel;
    int mass_known, mass_diag;        /* DB_MASS_CONST: M evaluated once */
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
    size_t np = (size_t)w->np, nv = (size_t)w->nv, nl = (size_t)w->nl, nm = (size_t)w->nm;
    size_t big = nv * nv;   /* the largest block a callback writes */
    if (nl * np > big)
        big = nl * np;
    if (nm * nv > big)
        big = nm * nv;
    w->M = zalloc(nv * nv, sizeof(long double));
    w->f = zalloc(nv, sizeof(long double));
    w->G = zalloc(nl * np, sizeof(long double));
    w->H = zalloc(nm * nv, sizeof(long double));
    w->kg = zalloc(nl, sizeof(long double));
    w->kh = zalloc(nm, sizeof(long double));
    w->gt = zalloc(nl, sizeof(long double));
    w->hh = zalloc(nm, sizeof(long double));
    w->gv = zalloc(nl, sizeof(long double));
    w->pd = zalloc(np, sizeof(double));
    w->vd = zalloc(nv, sizeof(double));
    w->lamd = zalloc(nl, sizeof(double));
    w->mud = zalloc(nm, sizeof(double));
    w->od = zalloc(big, sizeof(double));
    w->K = zalloc((size_t)w->nk * w->nk, sizeof(long double));
    w->b = zalloc((size_t)w->nk, sizeof(long double));
    w->C = zalloc((size_t)nc * nv, sizeof(long double));
    w->CC = zalloc((size_t)nc * nc, sizeof(long double));
    w->r = zalloc((size_t)(nc > w->np ? nc : w->np) + 1, sizeof(long double));
    w->piv = zalloc((size_t)w->nk + (size_t)nc, sizeof(int));
    w->lam_it = zalloc(nl, sizeof(long double));
    w->mu_it = zalloc(nm, sizeof(long double));
    w->lam_prev = zalloc(nl, sizeof(long double));
    w->mu_prev = zalloc(nm, sizeof(long double));
    w->sa = zalloc(nv, sizeof(long double));
    w->slam = zalloc(nl, sizeof(long double));
    w->smu = zalloc(nm, sizeof(long double));
    w->sq = zalloc(np + nv, sizeof(long double));
    w->ss = zalloc((size_t)(m->nswitch > 0 ? m->nswitch : 0), sizeof(double));
    if (!w->M || !w->f || !w->G || !w->H || !w->kg || !w->kh || !w->gt || !w->hh || !w->gv ||
        !w->pd || !w->vd || !w->lamd || !w->mud || !w->od || !w->K || !w->b || !w->C || !w->CC ||
        !w->r || !w->piv || !w->lam_it || !w->mu_it || !w->lam_prev || !w->mu_prev || !w->sa ||
        !w->slam || !w->smu || !w->sq || !w->ss) {
        db_refint_model_free(w);
        return NULL;
    }
    return w;
}

void db_refint_model_free(db_refint_model *w)
{
    if (!w)
        return;
    free(w->M); free(w->f); free(w->G); free(w->H); free(w->kg); free(w->kh);
    free(w->gt); free(w->hh); free(w->gv);
    free(w->pd); free(w->vd); free(w->lamd); free(w->mud); free(w->od);
    free(w->K); free(w->b); free(w->C); free(w->CC); free(w->r); free(w->piv);
    free(w->lam_it); free(w->mu_it); free(w->lam_prev); free(w->mu_prev);
    free(w->sa); free(w->slam); free(w->smu); free(w->sq); free(w->ss);
    free(w);
}

long db_refint_accel_count(const db_refint_model *w)
{
    return w->naccel;
}

int db_refint_model_long(const db_refint_model *w)
{
    return w->m->ld != NULL;
}

static void to_double(double *d, const long double *x, int n)
{
    for (int i = 0; i < n; i++)
        d[i] = (double)x[i];
}

/* ---- the evaluation layer: one function per model quantity, into the long
 * double buffers of w; outputs zeroed here (mech.h's caller convention).  With
 * m->ld the problem's long double functions run on the state as it is;
 * otherwise its double callbacks run on the state rounded to double (pd, vd:
 * set by load_state) and their output is widened. ---- */
enum { Q_MASS, Q_FORCE, Q_g, Q_G, Q_g_t, Q_KAPPA_G, Q_H, Q_h, Q_KAPPA_H };

static void load_state(db_refint_model *w, const long double *p, const long double *v)
{
    if (w->m->ld)
        return;
    to_double(w->pd, p, w->np);
    if (v)
        to_double(w->vd, v, w->nv);
}

/* quantity q at (t, p, v) into out (n entries); absent optional functions
 * leave out zero */
static void eval(db_refint_model *w, int q, long double t, const long double *p,
                 const long double *v, long double *out, long n)
{
    const db_mech *m = w->m;
    const db_mech_ld *L = m->ld;
    memset(out, 0, (size_t)(n > 0 ? n : 0) * sizeof *out);
    if (L) {
        switch (q) {
        case Q_MASS: L->mass(m, t, p, out); break;
        case Q_FORCE: L->force(m, t, p, v, w->lam_it, w->mu_it, out); break;
        case Q_g: L->g(m, t, p, out); break;
        case Q_G: L->G(m, t, p, out); break;
        case Q_g_t: if (L->g_t) L->g_t(m, t, p, out); break;
        case Q_KAPPA_G: L->kappa_g(m, t, p, v, out); break;
        case Q_H: L->H(m, t, p, out); break;
        case Q_h: if (L->h) L->h(m, t, p, out); break;
        case Q_KAPPA_H: L->kappa_h(m, t, p, v, out); break;
        }
        return;
    }
    double td = (double)t, *o = w->od;
    memset(o, 0, (size_t)(n > 0 ? n : 0) * sizeof *o);
    switch (q) {
    case Q_MASS: m->mass(m, td, w->pd, o); break;
    case Q_FORCE:
        to_double(w->lamd, w->lam_it, w->nl);
        to_double(w->mud, w->mu_it, w->nm);
        m->force(m, td, w->pd, w->vd, w->lamd, w->mud, o);
        break;
    case Q_g: m->g(m, td, w->pd, o); break;
    case Q_G: m->G(m, td, w->pd, o); break;
    case Q_g_t: if (m->g_t) m->g_t(m, td, w->pd, o); break;
    case Q_KAPPA_G: m->kappa_g(m, td, w->pd, w->vd, o); break;
    case Q_H: m->H(m, td, w->pd, o); break;
    case Q_h: if (m->h) m->h(m, td, w->pd, o); break;
    case Q_KAPPA_H: m->kappa_h(m, td, w->pd, w->vd, o); break;
    }
    for (long i = 0; i < n; i++)
        out[i] = o[i];
}

/* 1 if M (nv × nv) is diagonal with positive diagonal */
static int mass_diagonal(const long double *M, int nv)
{
    for (int j = 0; j < nv; j++)
        for (int i = 0; i < nv; i++)
            if (i == j ? !(M[i + (long)j * nv] > 0.0L) : M[i + (long)j * nv] != 0.0L)
                return 0;
    return 1;
}

/* G, κ_g, H, κ_h at (t, p, v) */
static void eval_constraints(db_refint_model *w, long double t, const long double *p,
                             const long double *v)
{
    int np = w->np, nv = w->nv, nl = w->nl, nm = w->nm;
    if (nl > 0) {
        eval(w, Q_G, t, p, v, w->G, (long)nl * np);
        eval(w, Q_KAPPA_G, t, p, v, w->kg, nl);
    }
    if (nm > 0) {
        eval(w, Q_H, t, p, v, w->H, (long)nm * nv);
        eval(w, Q_KAPPA_H, t, p, v, w->kh, nm);
    }
}

/* entry (r, k) of C = [G; H] */
static long double crow(const db_refint_model *w, int r, int k)
{
    return r < w->nl ? w->G[r + (long)k * w->nl] : w->H[(r - w->nl) + (long)k * w->nm];
}

/* the saddle-point system for a diagonal M = D through the Schur complement:
 * with C = [G; H] and κ = [κ_g; κ_h], (C D⁻¹ Cᵀ) z = C D⁻¹ f + κ, a = D⁻¹ (f − Cᵀ z);
 * C is used column by column over its non-zeros (the chains' G is banded) */
static int accel_diagonal(db_refint_model *w, long double *a, long double *lam,
                          long double *mu)
{
    int nv = w->nv, nl = w->nl, nm = w->nm, nc = nl + nm;
    long double *S = w->K, *z = w->b;
    int *rows = w->piv + w->nk;   /* nc entries */
    memset(S, 0, (size_t)nc * nc * sizeof *S);
    for (int r = 0; r < nc; r++)
        z[r] = r < nl ? w->kg[r] : w->kh[r - nl];
    for (int k = 0; k < nv; k++) {
        long double dinv = 1.0L / w->M[k + (long)k * nv];
        int cnt = 0;
        for (int r = 0; r < nc; r++)
            if (crow(w, r, k) != 0.0L)
                rows[cnt++] = r;
        for (int x = 0; x < cnt; x++) {
            int r = rows[x];
            long double cr = crow(w, r, k);
            z[r] += cr * dinv * w->f[k];
            for (int y = 0; y < cnt; y++) {
                int q = rows[y];
                S[r + (long)q * nc] += cr * dinv * crow(w, q, k);
            }
        }
    }
    if (nc > 0) {
        if (db_refint_lu(S, nc, w->piv) != 0)
            return -1;
        db_refint_lusolve(S, nc, w->piv, z);
    }
    for (int k = 0; k < nv; k++) {
        long double acc = w->f[k];
        for (int r = 0; r < nc; r++)
            acc -= crow(w, r, k) * z[r];
        a[k] = acc / w->M[k + (long)k * nv];
        if (!isfinite((double)a[k]))
            return -1;
    }
    for (int r = 0; r < nl; r++)
        lam[r] = z[r];
    for (int r = 0; r < nm; r++)
        mu[r] = z[nl + r];
    return 0;
}

/* one solve of the saddle-point system with f at the multipliers lam_it, mu_it */
static int accel_once(db_refint_model *w, long double t, const long double *p,
                      const long double *v, long double *a, long double *lam, long double *mu)
{
    int nv = w->nv, nl = w->nl, nm = w->nm, nk = w->nk;
    if (!w->mass_known) {
        eval(w, Q_MASS, t, p, v, w->M, (long)nv * nv);
        w->mass_diag = mass_diagonal(w->M, nv);
        w->mass_known = (w->m->flags & DB_MASS_CONST) != 0;
    }
    eval(w, Q_FORCE, t, p, v, w->f, nv);
    eval_constraints(w, t, p, v);
    if (w->mass_diag)
        return accel_diagonal(w, a, lam, mu);
    memset(w->K, 0, (size_t)nk * nk * sizeof *w->K);
    for (int j = 0; j < nv; j++)
        for (int i = 0; i < nv; i++)
            w->K[i + (long)j * nk] = w->M[i + (long)j * nv];
    for (int i = 0; i < nv; i++)
        w->b[i] = w->f[i];
    for (int r = 0; r < nl + nm; r++) {
        for (int j = 0; j < nv; j++) {
            long double c = crow(w, r, j);
            w->K[(nv + r) + (long)j * nk] = c;   /* C */
            w->K[j + (long)(nv + r) * nk] = c;   /* Cᵀ */
        }
        w->b[nv + r] = -(r < nl ? w->kg[r] : w->kh[r - nl]);
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
    load_state(w, p, v);
    w->naccel++;
    if (!(m->flags & DB_F_LAMBDA)) {
        memset(w->lam_it, 0, (size_t)w->nl * sizeof *w->lam_it);
        memset(w->mu_it, 0, (size_t)w->nm * sizeof *w->mu_it);
        return accel_once(w, t, p, v, a, lam, mu);
    }
    /* f depends on λ, μ: fixed-point iteration from the last multipliers (at
     * the precision of the evaluation: double callbacks see rounded ones).  It
     * stops at a change below 1e-17 of the multipliers, or when the change,
     * already below 1e-13 of them, no longer decreases: the iteration has then
     * reached the rounding of the evaluation (with double callbacks it stalls
     * near 1e-16 and would otherwise run all 100 sweeps).  A change that stops
     * decreasing above that level is a slow, uneven contraction (the wheelset's
     * creep law while unsaturated), which goes on: stopping there leaves λ
     * wrong by more than refgauss's stage iteration can converge over */
    memcpy(w->lam_it, w->lam_prev, (size_t)w->nl * sizeof *lam);
    memcpy(w->mu_it, w->mu_prev, (size_t)w->nm * sizeof *mu);
    long double dprev = HUGE_VALL;
    for (int it = 0; it < 100; it++) {
        if (accel_once(w, t, p, v, a, lam, mu) != 0)
            return -1;
        long double d = 0.0L, s = 1e-300L;
        for (int i = 0; i < w->nl; i++) {
            d = fmaxl(d, fabsl(lam[i] - (m->ld ? w->lam_it[i] : (long double)(double)w->lam_it[i])));
            s = fmaxl(s, fabsl(lam[i]));
        }
        for (int i = 0; i < w->nm; i++) {
            d = fmaxl(d, fabsl(mu[i] - (m->ld ? w->mu_it[i] : (long double)(double)w->mu_it[i])));
            s = fmaxl(s, fabsl(mu[i]));
        }
        memcpy(w->lam_it, lam, (size_t)w->nl * sizeof *lam);
        memcpy(w->mu_it, mu, (size_t)w->nm * sizeof *mu);
        if (d <= 1e-17L * s || (d >= dprev && d <= 1e-13L * s))
            break;
        dprev = d;
    }
    /* converged, or to the rounding of the evaluation only: accepted either way */
    memcpy(w->lam_prev, lam, (size_t)w->nl * sizeof *lam);
    memcpy(w->mu_prev, mu, (size_t)w->nm * sizeof *mu);
    return 0;
}

/* solve (C Cᵀ) z = r for the nc×n matrix C (rows) and set x −= Cᵀ z; C Cᵀ is
 * summed column by column over the non-zeros of C (the chains' C is banded) */
static int min_norm_correct(db_refint_model *w, int nc, int n, long double *x)
{
    int *rows = w->piv + w->nk;   /* nc entries, as in accel_diagonal */
    memset(w->CC, 0, (size_t)nc * nc * sizeof *w->CC);
    for (int k = 0; k < n; k++) {
        const long double *ck = w->C + (long)k * nc;
        int cnt = 0;
        for (int i = 0; i < nc; i++)
            if (ck[i] != 0.0L)
                rows[cnt++] = i;
        for (int a = 0; a < cnt; a++)
            for (int b = 0; b < cnt; b++)
                w->CC[rows[a] + (long)rows[b] * nc] += ck[rows[a]] * ck[rows[b]];
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
    int np = w->np, nv = w->nv, nl = w->nl, nm = w->nm;
    /* positions: Newton on g(p) = 0 along Gᵀ (G at each iterate), minimum norm */
    for (int it = 0; nl > 0 && it < 3; it++) {
        load_state(w, p, NULL);
        eval(w, Q_g, t, p, v, w->gv, nl);
        long double gmax = 0.0L;
        for (int i = 0; i < nl; i++)
            gmax = fmaxl(gmax, fabsl(w->gv[i]));
        if (!isfinite((double)gmax))
            return -1;
        if (gmax == 0.0L)
            break;
        eval(w, Q_G, t, p, v, w->G, (long)nl * np);
        memcpy(w->C, w->G, (size_t)nl * np * sizeof *w->C);
        memcpy(w->r, w->gv, (size_t)nl * sizeof *w->r);
        if (min_norm_correct(w, nl, np, p) != 0)
            return -1;
    }
    /* velocities: the constraints G v + g_t = 0, H v + h = 0 are linear in v,
     * one correction (and one more for the rounding of the first) */
    int nc = nl + nm;
    if (nc == 0)
        return 0;
    load_state(w, p, NULL);
    if (nl) {
        eval(w, Q_G, t, p, v, w->G, (long)nl * np);
        eval(w, Q_g_t, t, p, v, w->gt, nl);
    }
    if (nm) {
        eval(w, Q_H, t, p, v, w->H, (long)nm * nv);
        eval(w, Q_h, t, p, v, w->hh, nm);
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < nv; k++)
            for (int i = 0; i < nc; i++)
                w->C[i + (long)k * nc] = crow(w, i, k);
        for (int i = 0; i < nc; i++) {
            long double s = i < nl ? w->gt[i] : w->hh[i - nl];
            for (int k = 0; k < nv; k++)
                s += w->C[i + (long)k * nc] * v[k];
            w->r[i] = s;
        }
        if (min_norm_correct(w, nc, nv, v) != 0)
            return -1;
    }
    return 0;
}

/* ---- start-up and output shared by the reference path's integrators -------- */

int db_refint_initial(const db_mech *m, long double *y, long double *lam, long double *mu)
{
    double *ip = calloc((size_t)m->np + 1, sizeof(double)),
           *iv = calloc((size_t)m->nv + 1, sizeof(double)),
           *il = calloc((size_t)m->nl + 1, sizeof(double)),
           *im = calloc((size_t)m->nm + 1, sizeof(double)),
           *ia = calloc((size_t)m->nv + 1, sizeof(double));
    int rc = -1;
    if (ip && iv && il && im && ia) {
        m->init(m, ip, iv, il, im, ia);
        for (int i = 0; i < m->np; i++)
            y[i] = ip[i];
        for (int i = 0; i < m->nv; i++)
            y[m->np + i] = iv[i];
        for (int i = 0; i < m->nl; i++)
            lam[i] = il[i];
        for (int i = 0; i < m->nm; i++)
            mu[i] = im[i];
        rc = 0;
    }
    free(ip); free(iv); free(il); free(im); free(ia);
    return rc;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int db_refint_breakpoints(const db_mech *m, double *bp, int max)
{
    int nb = 0;
    if (!m->breakpoints || max <= 0)
        return 0;
    double *raw = calloc((size_t)max, sizeof *raw);
    if (!raw)
        return 0;
    int got = m->breakpoints(m, raw, max);
    for (int i = 0; i < got && i < max; i++)
        if (raw[i] > m->t0 && raw[i] < m->tend)
            bp[nb++] = raw[i];
    free(raw);
    qsort(bp, (size_t)nb, sizeof *bp, cmp_double);
    return nb;
}

void db_refint_store_row(const db_mech *m, int k, const long double *y, const long double *lam,
                         const long double *mu, double *p, double *v, double *l, double *u)
{
    for (int i = 0; i < m->np; i++)
        p[(long)k * m->np + i] = (double)y[i];
    for (int i = 0; i < m->nv; i++)
        v[(long)k * m->nv + i] = (double)y[m->np + i];
    for (int i = 0; i < m->nl; i++)
        l[(long)k * m->nl + i] = (double)lam[i];
    for (int i = 0; i < m->nm; i++)
        u[(long)k * m->nm + i] = (double)mu[i];
}

/* ---- switching functions and steps that land on their zeros ---------------- */

int db_refint_nswitch(const db_mech *m)
{
    return m->switching && m->nswitch > 0 ? m->nswitch : 0;
}

int db_refint_switching_with(db_refint_model *w, long double t, const long double *p,
                             const long double *v, const long double *lam,
                             const long double *mu, double *s)
{
    const db_mech *m = w->m;
    to_double(w->pd, p, m->np);
    to_double(w->vd, v, m->nv);
    to_double(w->lamd, lam, m->nl);
    to_double(w->mud, mu, m->nm);
    for (int i = 0; i < m->nswitch; i++)
        s[i] = 0.0;
    m->switching(m, (double)t, w->pd, w->vd, w->lamd, w->mud, s);
    for (int i = 0; i < m->nswitch; i++)
        if (!isfinite(s[i]))
            return -1;
    return 0;
}

/* the switching values at (t, p, v) into s, the multipliers from the
 * saddle-point system there; a = v' of the state left in w->sa */
static int switching_at(db_refint_model *w, long double t, const long double *p,
                        const long double *v, double *s)
{
    if (db_refint_accel(w, t, p, v, w->sa, w->slam, w->smu) != 0)
        return -1;
    return db_refint_switching_with(w, t, p, v, w->slam, w->smu, s);
}

int db_refint_switching(db_refint_model *w, long double t, const long double *p,
                        const long double *v, double *s, double *ds)
{
    const db_mech *m = w->m;
    if (switching_at(w, t, p, v, s) != 0)
        return -1;
    if (!ds)
        return 0;
    /* the rate along the motion: a forward difference over 1e-7 (times max(1, |t|))
     * in t, p + ε v, v + ε a */
    long double eps = 1e-7L * fmaxl(1.0L, fabsl(t)), *q = w->sq;
    for (int i = 0; i < m->np; i++)
        q[i] = p[i] + eps * v[i];
    for (int i = 0; i < m->nv; i++)
        q[m->np + i] = v[i] + eps * w->sa[i];
    if (switching_at(w, t + eps, q, q + m->np, w->ss) != 0)
        return -1;
    for (int i = 0; i < m->nswitch; i++)
        ds[i] = (double)((w->ss[i] - s[i]) / eps);
    return 0;
}

/* sign change of s between a and b (a zero at the end counts; one at the start
 * is where the last step landed and does not) */
int db_refint_crossed(double a, double b)
{
    return (a < 0.0 && b >= 0.0) || (a > 0.0 && b <= 0.0);
}

/* x strictly on the other side of s0 than s0 (a landing ends there: a value of
 * exactly zero would leave the side of the next step's start undecided) */
static int past(double s0, double x)
{
    return (s0 < 0.0 && x > 0.0) || (s0 > 0.0 && x < 0.0);
}

/* the first of 64 sample points θ H (θ = j/64) where the cubic Hermite
 * interpolant of s on the step, through s0, ds0 at its start and s1, ds1 at its
 * end, has left the side of s0: a zero pair inside the step; 0 when there is none */
static long double hermite_dip(double s0, double ds0, double s1, double ds1, long double H)
{
    if (s0 == 0.0 || db_refint_crossed(s0, s1))
        return 0.0L;
    for (int j = 1; j < 64; j++) {
        long double th = j / 64.0L, t2 = th * th, t3 = t2 * th;
        long double c = (2 * t3 - 3 * t2 + 1) * s0 + (t3 - 2 * t2 + th) * H * ds0 +
                        (-2 * t3 + 3 * t2) * s1 + (t3 - t2) * H * ds1;
        if ((s0 < 0.0 && c >= 0.0L) || (s0 > 0.0 && c <= 0.0L))
            return th * H;
    }
    return 0.0L;
}

void db_refint_keep_side(int ns, const double *landed, double *s)
{
    for (int i = 0; i < ns; i++)
        if ((landed[i] < 0.0 && !(s[i] < 0.0)) || (landed[i] > 0.0 && !(s[i] > 0.0)))
            s[i] = landed[i];
}

long double db_refint_land(db_refint_trial trial, void *ctx, int ns, const double *s0,
                           const double *ds0, long double H, double *sH, const double *dsH,
                           long double hint, long double tol)
{
    double *sc = calloc((size_t)ns + 1, sizeof *sc);
    if (!sc)
        return -1.0L;
    /* no sign change at the ends, but the interpolant of some function leaves
     * its side inside: try the step to the earliest such point; if the function
     * has changed sign there, that is the bracket; if not, redo the whole step */
    {
        long double tau = hint > 0.0L && hint < H ? hint : 0.0L;
        int any = 0;
        for (int k = 0; k < ns; k++) {
            if (db_refint_crossed(s0[k], sH[k])) {
                any = 1;
                break;
            }
            long double d = ds0 && dsH ? hermite_dip(s0[k], ds0[k], sH[k], dsH[k], H) : 0.0L;
            if (d > 0.0L && (tau == 0.0L || d < tau))
                tau = d;
        }
        if (!any && tau > 0.0L) {
            int hit = 0;
            if (trial(ctx, tau, sc) != 0) {
                free(sc);
                return -1.0L;
            }
            for (int k = 0; k < ns; k++)
                hit |= db_refint_crossed(s0[k], sc[k]);
            if (hit) {
                H = tau;
                memcpy(sH, sc, (size_t)ns * sizeof *sH);
            } else if (trial(ctx, H, sH) != 0) {
                free(sc);
                return -1.0L;
            }
        }
    }
    /* the function landed on last ends the current step just past its zero: it
     * has crossed there by construction; another one that crossed too has its
     * zero earlier, and the step shrinks to it (at most ns times) */
    for (int last = -1, round = 0; round <= ns; round++) {
        int i = -1;
        for (int k = 0; k < ns && i < 0; k++)
            if (k != last && db_refint_crossed(s0[k], sH[k]))
                i = k;
        if (i < 0)
            break;
        last = i;
        /* Illinois (modified regula falsi) on the step length: the zero of s_i
         * in (0, H]; a on the side of s0, b past the zero */
        long double a = 0.0L, b = H;
        double fa = s0[i], fb = sH[i];
        int side = 0, ok = 1;
        for (int it = 0; it < 200 && b - a > tol; it++) {
            long double c = b - (long double)fb * (b - a) / ((long double)fb - fa);
            if (!(c > a && c < b))
                c = 0.5L * (a + b);
            if (trial(ctx, c, sc) != 0) {
                ok = 0;
                break;
            }
            if (past(s0[i], sc[i])) {
                b = c;
                fb = sc[i];
                if (side == -1)
                    fa *= 0.5;
                side = -1;
            } else {
                a = c;
                fa = sc[i];
                if (side == 1)
                    fb *= 0.5;
                side = 1;
            }
        }
        /* the landing step ends at b, just past the zero: redo it there (the
         * stepper's state is then that of the step of length b) */
        if (!ok || trial(ctx, b, sH) != 0) {
            free(sc);
            return -1.0L;
        }
        /* the redone step may fall back on the zero by the rounding of the
         * evaluation: move on until it is past */
        for (int r = 0; r < 8 && !past(s0[i], sH[i]) && sH[i] != s0[i]; r++)
            if (trial(ctx, b += fmaxl(tol, b - a), sH) != 0) {
                free(sc);
                return -1.0L;
            }
        H = b;
        /* another function may change sign earlier: go on with it */
    }
    free(sc);
    return H;
}
