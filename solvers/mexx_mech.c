/* mexx_mech.c — mechanical-system evaluation, consistent accelerations and the
 * MEXX projections (seed 001 §2.3, (2.9)–(2.12)); see mexx_mech.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mexx_mech.h"

static double *mm_new(size_t n)
{
    return calloc(n > 0 ? n : 1, sizeof(double));
}

int db_mm_init(db_mm *w, const db_mech *m)
{
    memset(w, 0, sizeof *w);
    w->m = m;
    w->np = m->np;
    w->nv = m->nv;
    w->nl = m->nl;
    w->nm = m->nm;
    w->nc = m->nl + m->nm;
    size_t np = (size_t)w->np, nv = (size_t)w->nv, nl = (size_t)w->nl, nm = (size_t)w->nm,
           nc = (size_t)w->nc;
    size_t mx = np > nv ? np : nv;
    if (nc > mx) mx = nc;
    w->M = mm_new(nv * nv);
    w->G = mm_new(nl * np);
    w->H = mm_new(nm * nv);
    w->C = mm_new(nc * nv);
    w->F = mm_new(nv * nc);
    w->f = mm_new(nv);
    w->r = mm_new(nv + nc);
    w->tmp = mm_new(mx);
    w->tmp2 = mm_new(mx);
    w->fp = mm_new(nv * np);
    w->fv = mm_new(nv * nv);
    int bad = !w->M || !w->G || !w->H || !w->C || !w->F || !w->f || !w->r || !w->tmp ||
              !w->tmp2 || !w->fp || !w->fv;
    /* the saddle systems through C M⁻¹ Cᵀ wherever M is diagonal (saddle.h) */
    if (bad || db_saddle_alloc(&w->sv, w->nv, w->nc) || db_saddle_alloc(&w->sp, w->nv, w->nl) ||
        db_saddle_range(&w->sv) || db_saddle_range(&w->sp) || db_mechfd_init(&w->fd, m)) {
        db_mm_free(w);
        return -1;
    }
    return 0;
}

void db_mm_free(db_mm *w)
{
    free(w->M); free(w->G); free(w->H); free(w->C); free(w->F); free(w->f);
    free(w->r); free(w->tmp); free(w->tmp2); free(w->fp); free(w->fv);
    db_saddle_free(&w->sv);
    db_saddle_free(&w->sp);
    if (w->fd.m)
        db_mechfd_free(&w->fd);
    memset(w, 0, sizeof *w);
}

void db_mm_mass(db_mm *w, double t, const double *p)
{
    memset(w->M, 0, sizeof(double) * (size_t)w->nv * (size_t)w->nv);
    w->m->mass(w->m, t, p, w->M);
}

void db_mm_force(db_mm *w, double t, const double *p, const double *v, const double *L)
{
    memset(w->f, 0, sizeof(double) * (size_t)w->nv);
    w->m->force(w->m, t, p, v, L, L + w->nl, w->f);
    w->nfcn++;
}

void db_mm_C(db_mm *w, double t, const double *p)
{
    const int nl = w->nl, nm = w->nm, nc = w->nc, nv = w->nv;
    w->nmg++;
    if (nl) {
        memset(w->G, 0, sizeof(double) * (size_t)nl * (size_t)w->np);
        w->m->G(w->m, t, p, w->G);
    }
    if (nm) {
        memset(w->H, 0, sizeof(double) * (size_t)nm * (size_t)nv);
        w->m->H(w->m, t, p, w->H);
    }
    for (int j = 0; j < nv; j++) {
        for (int i = 0; i < nl; i++)
            w->C[(size_t)j * nc + i] = w->G[(size_t)j * nl + i];
        for (int i = 0; i < nm; i++)
            w->C[(size_t)j * nc + nl + i] = w->H[(size_t)j * nm + i];
    }
}

void db_mm_c0(db_mm *w, double t, const double *p, double *c0)
{
    memset(c0, 0, sizeof(double) * (size_t)w->nc);
    if (w->nl && w->m->g_t)
        w->m->g_t(w->m, t, p, c0);
    if (w->nm && w->m->h)
        w->m->h(w->m, t, p, c0 + w->nl);
}

void db_mm_kappa(db_mm *w, double t, const double *p, const double *v, double *k)
{
    memset(k, 0, sizeof(double) * (size_t)w->nc);
    if (w->nl)
        w->m->kappa_g(w->m, t, p, v, k);
    if (w->nm)
        w->m->kappa_h(w->m, t, p, v, k + w->nl);
}

void db_mm_g(db_mm *w, double t, const double *p, double *g)
{
    memset(g, 0, sizeof(double) * (size_t)w->nl);
    if (w->nl)
        w->m->g(w->m, t, p, g);
}

void db_mm_F(db_mm *w, double t, const double *p, const double *v, const double *L)
{
    const size_t nv = (size_t)w->nv;
    memset(w->F, 0, sizeof(double) * nv * (size_t)w->nc);
    if (!(w->m->flags & DB_F_LAMBDA) || w->nc == 0)
        return;
    db_mechd_force_jac(&w->fd, t, p, v, L, L + w->nl, w->fp, w->fv, w->F,
                       w->F + nv * (size_t)w->nl);
}

static int mm_finite(const double *x, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return 0;
    return 1;
}

long db_mm_model_evals(const db_mm *w)
{
    return w->nmg - w->naccel + w->nfx + w->fd.nevals;
}

int db_mm_accel(db_mm *w, double t, const double *p, const double *v, double *a, double *L)
{
    const int nv = w->nv, nc = w->nc;
    const int flam = (w->m->flags & DB_F_LAMBDA) && nc > 0;
    w->naccel++;
    db_mm_mass(w, t, p);
    db_mm_C(w, t, p);
    double *k = w->tmp;
    db_mm_kappa(w, t, p, v, k);
    if (flam)
        db_mm_F(w, t, p, v, L);
    if (db_saddle_factor(&w->sv, w->M, w->C, flam ? w->F : NULL))
        return 1;
    w->ndec++;
    const int maxit = flam ? 8 : 1;
    for (int it = 0; it < maxit; it++) {
        if (it > 0)
            w->nfx++;
        db_mm_force(w, t, p, v, L);
        memcpy(w->r, w->f, sizeof(double) * (size_t)nv);
        if (flam)            /* f(Λ) − F Λ: the affine part moves to the left */
            for (int j = 0; j < nc; j++)
                for (int i = 0; i < nv; i++)
                    w->r[i] -= w->F[(size_t)j * nv + i] * L[j];
        for (int i = 0; i < nc; i++)
            w->r[nv + i] = -k[i];
        db_saddle_solve(&w->sv, w->r, 1);
        w->nsol++;
        if (!mm_finite(w->r, nv + nc))
            return 1;
        double dl = 0, ln = 0;
        for (int i = 0; i < nc; i++) {
            dl = fmax(dl, fabs(w->r[nv + i] - L[i]));
            ln = fmax(ln, fabs(w->r[nv + i]));
            L[i] = w->r[nv + i];
        }
        memcpy(a, w->r, sizeof(double) * (size_t)nv);
        if (dl <= 1e-14 * (1.0 + ln))
            break;
    }
    return 0;
}

int db_mm_project_p(db_mm *w, double t, double *p, double rtol, double atol)
{
    const int nv = w->nv, nl = w->nl;
    if (nl == 0)
        return 0;
    /* M0, G0 at the unprojected point (2.10); T = I here (p' = v) */
    db_mm_mass(w, t, p);
    db_mm_C(w, t, p);
    if (db_saddle_factor(&w->sp, w->M, w->G, NULL))
        return 1;
    w->ndec++;
    double *nu = w->tmp2, *gv = w->tmp;
    memset(nu, 0, sizeof(double) * (size_t)nv);
    double prev = INFINITY;
    for (int it = 0; it < 12; it++) {
        db_mm_g(w, t, p, gv);
        /* (2.11a): [M0 G0ᵀ; G0 0](Δν, μ) = −(M0 ν, g(p)) */
        for (int i = 0; i < nv; i++) {
            double s = 0;
            for (int j = 0; j < nv; j++)
                s += w->M[(size_t)j * nv + i] * nu[j];
            w->r[i] = -s;
        }
        for (int i = 0; i < nl; i++)
            w->r[nv + i] = -gv[i];
        db_saddle_solve(&w->sp, w->r, 1);
        w->nsol++;
        double nrm = 0, big = 0;
        for (int i = 0; i < nv; i++) {
            nu[i] += w->r[i];
            p[i] += w->r[i];
            double wi = rtol * fabs(p[i]) + atol;
            nrm = fmax(nrm, fabs(w->r[i]) / wi);
            big = fmax(big, fabs(w->r[i]) / (fabs(p[i]) + 1e-300));
        }
        if (!mm_finite(p, nv))
            return 1;
        /* stop at rounding level: (2.11)'s test ‖Δ‖_TOL ≤ 1e-2 is only the
         * first stage; iterate on while the correction keeps shrinking */
        if (nrm <= 1e-2 && (big <= 4e-16 || !(nrm < 0.5 * prev)))
            return 0;
        prev = nrm;
    }
    return prev <= 1e-2 ? 0 : 2;
}

int db_mm_project_v(db_mm *w, double t, const double *p, double *v)
{
    const int nv = w->nv, nc = w->nc;
    if (nc == 0)
        return 0;
    db_mm_mass(w, t, p);
    db_mm_C(w, t, p);
    if (db_saddle_factor(&w->sv, w->M, w->C, NULL))
        return 1;
    w->ndec++;
    for (int i = 0; i < nv; i++) {
        double s = 0;
        for (int j = 0; j < nv; j++)
            s += w->M[(size_t)j * nv + i] * v[j];
        w->r[i] = s;
    }
    db_mm_c0(w, t, p, w->r + nv);
    for (int i = 0; i < nc; i++)
        w->r[nv + i] = -w->r[nv + i];
    db_saddle_solve(&w->sv, w->r, 1);
    w->nsol++;
    memcpy(v, w->r, sizeof(double) * (size_t)nv);
    return mm_finite(v, nv) ? 0 : 1;
}
