/* consistency.c — check and correction of initial values on the position,
 * velocity, nonholonomic and acceleration levels (GEOMS, seed 000 §3, IOPT(17);
 * hidden constraints (7b), (8b), (9b); formulations.md §1 for the saddle-point
 * system of the accelerations and multipliers).  See consistency.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consistency.h"
#include "linalg.h"
#include "saddle.h"

typedef struct {
    int np, nv, nl, nm, nc;
    double *g, *G, *gt, *H, *h, *kg, *kh, *M, *f, *a, *C, *F, *x, *Mlu, *tmp, *gw, *lwork;
    double *fp, *fv, *fl, *fm, dummy[2];
    int *ipiv, nlwork;
    db_saddle sad;
} cwork;

static void cw_free(cwork *w)
{
    free(w->g);
    db_saddle_free(&w->sad);
    free(w->ipiv);
}

static int cw_alloc(cwork *w, const db_mech *m)
{
    memset(w, 0, sizeof *w);
    w->np = m->np;
    w->nv = m->nv;
    w->nl = m->nl;
    w->nm = m->nm;
    w->nc = w->nl + w->nm;
    const int np = w->np, nv = w->nv, nl = w->nl, nm = w->nm, nc = w->nc;
    const int big = (np > nv ? np : nv) + nc + 1;
    w->nlwork = 64 * big + 64;
    size_t tot = (size_t)nl * 3 + (size_t)nl * np + (size_t)nm * nv + (size_t)nm * 2 +
                 (size_t)nv * nv * 2 + (size_t)nv * 2 + (size_t)nc * nv * 2 + (size_t)(nv + nc) * 2 +
                 (size_t)big * 2 + (size_t)w->nlwork + (size_t)nv * np + (size_t)nv * nv +
                 (size_t)nv * nl + (size_t)nv * nm + 8;
    double *b = calloc(tot, sizeof *b);
    w->ipiv = calloc((size_t)nv + 1, sizeof *w->ipiv);
    if (!b || !w->ipiv || db_saddle_alloc(&w->sad, nv, nc)) {
        free(b);
        free(w->ipiv);
        w->ipiv = NULL;
        return -1;
    }
#define TAKE(ptr, len) do { ptr = b; b += (len); } while (0)
    TAKE(w->g, nl);  TAKE(w->G, nl * np); TAKE(w->gt, nl); TAKE(w->kg, nl);
    TAKE(w->H, nm * nv); TAKE(w->h, nm); TAKE(w->kh, nm);
    TAKE(w->M, nv * nv); TAKE(w->Mlu, nv * nv); TAKE(w->f, nv); TAKE(w->a, nv);
    TAKE(w->C, nc * nv); TAKE(w->F, nc * nv); TAKE(w->x, nv + nc); TAKE(w->tmp, nv + nc);
    TAKE(w->gw, big); TAKE(w->lwork, w->nlwork);
    TAKE(w->fp, nv * np); TAKE(w->fv, nv * nv); TAKE(w->fl, nv * nl); TAKE(w->fm, nv * nm);
#undef TAKE
    (void)big;
    return 0;
}

static void zero(double *x, int n)
{
    if (n > 0)
        memset(x, 0, (size_t)n * sizeof *x);
}

/* pointers into y */
typedef struct { double *p, *v, *a, *l, *mu; } yparts;

static yparts parts(const db_dae *d, double *y, cwork *w)
{
    yparts s;
    s.p = y + d->off_p;
    s.v = d->off_v >= 0 ? y + d->off_v : w->dummy;
    s.a = d->off_a >= 0 ? y + d->off_a : NULL;
    s.l = d->off_l >= 0 ? y + d->off_l : w->dummy;
    s.mu = d->off_m >= 0 ? y + d->off_m : w->dummy;
    return s;
}

/* evaluate every model function at (t0, y) */
static void eval_model(const db_mech *m, double t, const yparts *s, cwork *w)
{
    const int np = w->np, nv = w->nv, nl = w->nl, nm = w->nm;
    zero(w->g, nl); zero(w->G, nl * np); zero(w->gt, nl); zero(w->kg, nl);
    zero(w->H, nm * nv); zero(w->h, nm); zero(w->kh, nm);
    zero(w->M, nv * nv); zero(w->f, nv);
    if (nl) {
        m->g(m, t, s->p, w->g);
        m->G(m, t, s->p, w->G);
        if (m->g_t)
            m->g_t(m, t, s->p, w->gt);
        m->kappa_g(m, t, s->p, s->v, w->kg);
    }
    if (nm) {
        m->H(m, t, s->p, w->H);
        if (m->h)
            m->h(m, t, s->p, w->h);
        m->kappa_h(m, t, s->p, s->v, w->kh);
    }
    m->mass(m, t, s->p, w->M);
    m->force(m, t, s->p, s->v, s->l, s->mu, w->f);
}

/* v' = a from y, or M⁻¹(f − Gᵀλ − Hᵀμ); 0 or nonzero if M is singular */
static int accel(const yparts *s, cwork *w)
{
    const int np = w->np, nv = w->nv, nl = w->nl, nm = w->nm;
    if (s->a) {
        memcpy(w->a, s->a, (size_t)nv * sizeof *w->a);
        return 0;
    }
    for (int i = 0; i < nv; i++) {
        double r = w->f[i];
        for (int k = 0; k < nl; k++)
            r -= w->G[k + (size_t)i * nl] * s->l[k];
        for (int k = 0; k < nm; k++)
            r -= w->H[k + (size_t)i * nm] * s->mu[k];
        w->a[i] = r;
    }
    (void)np;
    memcpy(w->Mlu, w->M, (size_t)nv * nv * sizeof *w->M);
    int info = 0, one = 1, n = nv;
    dgetrf_(&n, &n, w->Mlu, &n, w->ipiv, &info);
    if (info != 0)
        return 1;
    dgetrs_("N", &n, &one, w->Mlu, &n, w->ipiv, w->a, &n, &info, 1);
    return info != 0;
}

/* scaled residuals res[4]; returns mask of levels above tol, -1 if M singular */
static int levels(const db_dae *d, const yparts *s, cwork *w, double tol, double res[4])
{
    const db_mech *m = d->mech;
    const int np = w->np, nv = w->nv, nl = w->nl, nm = w->nm;
    eval_model(m, d->t0, s, w);
    for (int k = 0; k < 4; k++)
        res[k] = 0.0;
    for (int i = 0; i < nl; i++)
        res[0] = fmax(res[0], fabs(w->g[i]));
    for (int i = 0; i < nl; i++) {
        double r = w->gt[i], sc = 1.0 + fabs(w->gt[i]);
        for (int j = 0; j < nv; j++) {
            r += w->G[i + (size_t)j * nl] * s->v[j];
            sc += fabs(w->G[i + (size_t)j * nl] * s->v[j]);
        }
        res[1] = fmax(res[1], fabs(r) / sc);
    }
    for (int i = 0; i < nm; i++) {
        double r = w->h[i], sc = 1.0 + fabs(w->h[i]);
        for (int j = 0; j < nv; j++) {
            r += w->H[i + (size_t)j * nm] * s->v[j];
            sc += fabs(w->H[i + (size_t)j * nm] * s->v[j]);
        }
        res[2] = fmax(res[2], fabs(r) / sc);
    }
    if (accel(s, w))
        return -1;
    for (int i = 0; i < nl; i++) {
        double r = w->kg[i], sc = 1.0 + fabs(w->kg[i]);
        for (int j = 0; j < nv; j++) {
            r += w->G[i + (size_t)j * nl] * w->a[j];
            sc += fabs(w->G[i + (size_t)j * nl] * w->a[j]);
        }
        res[3] = fmax(res[3], fabs(r) / sc);
    }
    for (int i = 0; i < nm; i++) {
        double r = w->kh[i], sc = 1.0 + fabs(w->kh[i]);
        for (int j = 0; j < nv; j++) {
            r += w->H[i + (size_t)j * nm] * w->a[j];
            sc += fabs(w->H[i + (size_t)j * nm] * w->a[j]);
        }
        res[3] = fmax(res[3], fabs(r) / sc);
    }
    if (s->a) {   /* force balance M a − f + Gᵀλ + Hᵀμ */
        for (int i = 0; i < nv; i++) {
            double r = -w->f[i], sc = 1.0 + fabs(w->f[i]);
            for (int j = 0; j < nv; j++) {
                r += w->M[i + (size_t)j * nv] * w->a[j];
                sc += fabs(w->M[i + (size_t)j * nv] * w->a[j]);
            }
            for (int k = 0; k < nl; k++) {
                r += w->G[k + (size_t)i * nl] * s->l[k];
                sc += fabs(w->G[k + (size_t)i * nl] * s->l[k]);
            }
            for (int k = 0; k < nm; k++) {
                r += w->H[k + (size_t)i * nm] * s->mu[k];
                sc += fabs(w->H[k + (size_t)i * nm] * s->mu[k]);
            }
            res[3] = fmax(res[3], fabs(r) / sc);
        }
    }
    (void)np;
    int mask = 0;
    for (int k = 0; k < 4; k++)
        if (!(res[k] <= tol))
            mask |= 1 << k;
    return mask;
}

int db_consistency_check(const db_dae *d, const double *y, double tol, double res[4])
{
    if (!d || !d->mech || !y || d->off_p < 0)
        return -1;
    cwork w;
    if (cw_alloc(&w, d->mech))
        return -1;
    double *yc = malloc((size_t)d->n * sizeof *yc);
    if (!yc) {
        cw_free(&w);
        return -1;
    }
    memcpy(yc, y, (size_t)d->n * sizeof *yc);
    yparts s = parts(d, yc, &w);
    int mask = levels(d, &s, &w, tol, res);
    free(yc);
    cw_free(&w);
    return mask;
}

const char *db_consistency_level_name(int bit)
{
    switch (bit) {
    case DB_LEVEL_POS: return "position";
    case DB_LEVEL_VEL: return "velocity";
    case DB_LEVEL_NONHOL: return "nonholonomic";
    case DB_LEVEL_ACC: return "acceleration";
    default: return "unknown";
    }
}

/* minimum-norm solution of A x = b, A m×n (m <= n, ld m); b has room for n;
 * 0 or nonzero */
static int minnorm(int m, int n, double *A, double *b, cwork *w)
{
    if (m == 0)
        return 0;
    int info = 0, one = 1, lw = w->nlwork, ldb = n > m ? n : m;
    dgels_("N", &m, &n, &one, A, &m, b, &ldb, w->lwork, &lw, &info, 1);
    return info != 0;
}

int db_consistency_correct(const db_dae *d, double *y, double tol, int *corrected,
                           char *msg, size_t msglen)
{
    *corrected = 0;
    if (!d || !d->mech || !y || d->off_p < 0) {
        snprintf(msg, msglen, "consistency: no mechanical system");
        return 1;
    }
    const db_mech *m = d->mech;
    cwork w;
    if (cw_alloc(&w, m)) {
        snprintf(msg, msglen, "consistency: out of memory");
        return 1;
    }
    const int np = w.np, nv = w.nv, nl = w.nl, nm = w.nm, nc = w.nc;
    const double t = d->t0;
    yparts s = parts(d, y, &w);
    double res[4];
    int rc = 0;
    int bad = levels(d, &s, &w, tol, res);
    if (bad < 0) {
        snprintf(msg, msglen, "consistency: singular mass matrix");
        rc = 1;
        goto done;
    }
    const double tight = fmin(1e-3 * tol, 1e-12);
    /* position level: Gauss–Newton with minimum-norm steps */
    if (bad & DB_LEVEL_POS) {
        int it;
        for (it = 0; it < 50; it++) {
            zero(w.g, nl);
            m->g(m, t, s.p, w.g);
            double r = 0.0;
            for (int i = 0; i < nl; i++)
                r = fmax(r, fabs(w.g[i]));
            if (r <= tight)
                break;
            zero(w.G, nl * np);
            m->G(m, t, s.p, w.G);
            for (int i = 0; i < nl; i++)
                w.gw[i] = -w.g[i];
            if (minnorm(nl, np, w.G, w.gw, &w)) {
                snprintf(msg, msglen, "consistency: position constraints singular");
                rc = 1;
                goto done;
            }
            for (int j = 0; j < np; j++)
                s.p[j] += w.gw[j];
        }
        if (it == 50) {
            snprintf(msg, msglen, "consistency: position projection did not converge");
            rc = 1;
            goto done;
        }
        *corrected |= DB_LEVEL_POS;
    }
    /* velocity levels: minimum-norm linear projection onto [G;H] v = −[g_t; h] */
    levels(d, &s, &w, tol, res);
    if (nc && (res[1] > tight || res[2] > tight) && ((bad & (DB_LEVEL_VEL | DB_LEVEL_NONHOL)) || *corrected)) {
        for (int j = 0; j < nv; j++) {
            for (int i = 0; i < nl; i++)
                w.C[i + (size_t)j * nc] = w.G[i + (size_t)j * nl];
            for (int i = 0; i < nm; i++)
                w.C[nl + i + (size_t)j * nc] = w.H[i + (size_t)j * nm];
        }
        for (int i = 0; i < nc; i++) {
            double r = i < nl ? w.gt[i] : w.h[i - nl];
            for (int j = 0; j < nv; j++)
                r += w.C[i + (size_t)j * nc] * s.v[j];
            w.gw[i] = -r;
        }
        if (minnorm(nc, nv, w.C, w.gw, &w)) {
            snprintf(msg, msglen, "consistency: velocity constraints singular");
            rc = 1;
            goto done;
        }
        for (int j = 0; j < nv; j++)
            s.v[j] += w.gw[j];
        *corrected |= bad & (DB_LEVEL_VEL | DB_LEVEL_NONHOL);
        if (!(*corrected & (DB_LEVEL_VEL | DB_LEVEL_NONHOL)))
            *corrected |= nl ? DB_LEVEL_VEL : DB_LEVEL_NONHOL;
    }
    /* accelerations and multipliers: saddle-point system, Newton in λ, μ when f depends on them */
    bad = levels(d, &s, &w, tol, res);
    if ((bad & DB_LEVEL_ACC) || *corrected) {
        for (int it = 0; it < 30; it++) {
            eval_model(m, t, &s, &w);
            for (int j = 0; j < nv; j++) {
                for (int i = 0; i < nl; i++)
                    w.C[i + (size_t)j * nc] = w.G[i + (size_t)j * nl];
                for (int i = 0; i < nm; i++)
                    w.C[nl + i + (size_t)j * nc] = w.H[i + (size_t)j * nm];
            }
            const int fl = (m->flags & DB_F_LAMBDA) && m->force_jac;
            if (fl) {
                zero(w.fp, nv * np); zero(w.fv, nv * nv); zero(w.fl, nv * nl); zero(w.fm, nv * nm);
                m->force_jac(m, t, s.p, s.v, s.l, s.mu, w.fp, w.fv, w.fl, w.fm);
                for (int k = 0; k < nl; k++)
                    for (int i = 0; i < nv; i++)
                        w.F[i + (size_t)k * nv] = w.fl[i + (size_t)k * nv];
                for (int k = 0; k < nm; k++)
                    for (int i = 0; i < nv; i++)
                        w.F[i + (size_t)(nl + k) * nv] = w.fm[i + (size_t)k * nv];
            }
            if (db_saddle_factor(&w.sad, w.M, w.C, fl ? w.F : NULL)) {
                snprintf(msg, msglen, "consistency: saddle-point matrix singular");
                rc = 1;
                goto done;
            }
            /* M a + (Cᵀ − F) x = f(x0) − F x0,  C a = −κ */
            for (int i = 0; i < nv; i++) {
                double r = w.f[i];
                if (fl) {
                    for (int k = 0; k < nl; k++)
                        r -= w.F[i + (size_t)k * nv] * s.l[k];
                    for (int k = 0; k < nm; k++)
                        r -= w.F[i + (size_t)(nl + k) * nv] * s.mu[k];
                }
                w.x[i] = r;
            }
            for (int i = 0; i < nl; i++)
                w.x[nv + i] = -w.kg[i];
            for (int i = 0; i < nm; i++)
                w.x[nv + nl + i] = -w.kh[i];
            db_saddle_solve(&w.sad, w.x, 1);
            double dl = 0.0, sl = 0.0;
            for (int k = 0; k < nl; k++) {
                dl = fmax(dl, fabs(w.x[nv + k] - s.l[k]));
                sl = fmax(sl, fabs(w.x[nv + k]));
                s.l[k] = w.x[nv + k];
            }
            for (int k = 0; k < nm; k++) {
                dl = fmax(dl, fabs(w.x[nv + nl + k] - s.mu[k]));
                sl = fmax(sl, fabs(w.x[nv + nl + k]));
                s.mu[k] = w.x[nv + nl + k];
            }
            if (s.a)
                memcpy(s.a, w.x, (size_t)nv * sizeof *s.a);
            if (!(m->flags & DB_F_LAMBDA) || dl <= 1e-14 * (1.0 + sl))
                break;
        }
        *corrected |= DB_LEVEL_ACC;
    }
    bad = levels(d, &s, &w, tol, res);
    if (bad) {
        snprintf(msg, msglen, "consistency: still inconsistent after correction (levels 0x%x: %g %g %g %g)",
                 (unsigned)bad, res[0], res[1], res[2], res[3]);
        rc = 1;
    }
done:
    cw_free(&w);
    return rc;
}
