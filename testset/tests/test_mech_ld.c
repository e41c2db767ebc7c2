/* test_mech_ld.c — the long double models (mech.h `ld`, mech_ld.h) of the
 * problems that give one, against their double callbacks:
 *   - every function (M, f, g, G, g_t, κ_g, H, h, κ_h) at the initial state and
 *     at a moved state at a later time equals its double namesake to 1e-14 of
 *     the block's largest entry (the same model, written once: real.h);
 *   - the long double evaluation really carries long double precision: g at
 *     p + δ with δ = 1/64 of a double's last place changes by G δ (to 10 %),
 *     where a double evaluation cannot see δ at all.
 * A table that points at the wrong function, a term dropped or changed in one
 * precision only, or a long double path that rounds through double fails. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testset/mech_ld.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

#define NMAX 4096

static double dref[NMAX];
static long double ll[NMAX];

/* compare n entries of the double result dref with the long double one ll */
static void same(const char *prob, const char *what, long n)
{
    double big = 0, diff = 0;
    for (long i = 0; i < n; i++) {
        big = fmax(big, fabs(dref[i]));
        diff = fmax(diff, fabs(dref[i] - (double)ll[i]));
    }
    /* relative to the block, or to 1 where its entries are differences of terms
     * of order 1 that cancel (g at a consistent state is at rounding level) */
    CHECK(diff <= 1e-14 * fmax(big, 1.0),
          "%s: %s differs between double and long double by %.1e of %.1e", prob, what, diff, big);
}

static void clear(long n)
{
    memset(dref, 0, (size_t)n * sizeof *dref);
    memset(ll, 0, (size_t)n * sizeof *ll);
}

static void compare_at(const char *name, const db_mech *m, double t, const double *p,
                       const double *v, const double *lam, const double *mu)
{
    const db_mech_ld *L = m->ld;
    int np = m->np, nv = m->nv, nl = m->nl, nm = m->nm;
    long double P[NMAX / 8], V[NMAX / 8], LA[NMAX / 8], MU[NMAX / 8];
    for (int i = 0; i < np; i++)
        P[i] = p[i];
    for (int i = 0; i < nv; i++)
        V[i] = v[i];
    for (int i = 0; i < nl; i++)
        LA[i] = lam[i];
    for (int i = 0; i < nm; i++)
        MU[i] = mu[i];
    clear((long)nv * nv);
    m->mass(m, t, p, dref);
    L->mass(m, t, P, ll);
    same(name, "M", (long)nv * nv);
    clear(nv);
    m->force(m, t, p, v, lam, mu, dref);
    L->force(m, t, P, V, LA, MU, ll);
    same(name, "f", nv);
    if (nl > 0) {
        clear(nl);
        m->g(m, t, p, dref);
        L->g(m, t, P, ll);
        same(name, "g", nl);
        clear((long)nl * np);
        m->G(m, t, p, dref);
        L->G(m, t, P, ll);
        same(name, "G", (long)nl * np);
        CHECK(!m->g_t == !L->g_t, "%s: g_t given in one precision only", name);
        if (m->g_t && L->g_t) {
            clear(nl);
            m->g_t(m, t, p, dref);
            L->g_t(m, t, P, ll);
            same(name, "g_t", nl);
        }
        clear(nl);
        m->kappa_g(m, t, p, v, dref);
        L->kappa_g(m, t, P, V, ll);
        same(name, "kappa_g", nl);
    }
    if (nm > 0) {
        clear((long)nm * nv);
        m->H(m, t, p, dref);
        L->H(m, t, P, ll);
        same(name, "H", (long)nm * nv);
        CHECK(!m->h == !L->h, "%s: h given in one precision only", name);
        if (m->h && L->h) {
            clear(nm);
            m->h(m, t, p, dref);
            L->h(m, t, P, ll);
            same(name, "h", nm);
        }
        clear(nm);
        m->kappa_h(m, t, p, v, dref);
        L->kappa_h(m, t, P, V, ll);
        same(name, "kappa_h", nm);
    }
    if (nl > 0) {
        /* long double precision: g(p + δ e_j) − g(p) = G_·j δ for a δ a double
         * cannot represent at p_j, with j the coordinate of the largest |G| */
        clear((long)nl * np);
        L->G(m, t, P, ll);
        long best = 0;
        for (long i = 1; i < (long)nl * np; i++)
            if (fabsl(ll[i]) > fabsl(ll[best]))
                best = i;
        int r = (int)(best % nl), j = (int)(best / nl);
        long double Grj = ll[best];
        long double delta = fmaxl(fabsl(P[j]), 1.0L) * DBL_EPSILON / 64.0L;
        long double g0[NMAX / 8], g1[NMAX / 8];
        memset(g0, 0, sizeof g0);
        memset(g1, 0, sizeof g1);
        L->g(m, t, P, g0);
        P[j] += delta;
        L->g(m, t, P, g1);
        long double dg = g1[r] - g0[r];
        CHECK(fabsl(dg - Grj * delta) <= 0.1L * fabsl(Grj * delta),
              "%s: long double g does not resolve a step of %Lg in p[%d]: change %Lg, "
              "expected %Lg", name, delta, j, dg, Grj * delta);
    }
}

int main(void)
{
    int with = 0;
    for (int k = 0; db_problems[k]; k++) {
        const db_problem *pr = db_problems[k];
        double par[16];
        for (int i = 0; i < pr->nparams; i++)
            par[i] = pr->params[i].def;
        for (int sc = 0; sc < pr->nscenarios; sc++) {
            db_mech m;
            char err[256];
            memset(&m, 0, sizeof m);
            if (pr->setup(&m, sc, par, err, sizeof err) != 0) {
                CHECK(0, "%s: setup: %s", pr->name, err);
                continue;
            }
            if (!m.ld) {
                if (pr->teardown)
                    pr->teardown(&m);
                continue;
            }
            with++;
            CHECK(m.np < NMAX / 8 && (long)m.nv * m.nv < NMAX && (long)m.nl * m.np < NMAX,
                  "%s: too large for this test", pr->name);
            if (m.np >= NMAX / 8 || (long)m.nv * m.nv >= NMAX || (long)m.nl * m.np >= NMAX)
                continue;
            double *p = calloc((size_t)m.np + 1, sizeof *p), *v = calloc((size_t)m.nv + 1, 8),
                   *l = calloc((size_t)m.nl + 1, 8), *mu = calloc((size_t)m.nm + 1, 8),
                   *a = calloc((size_t)m.nv + 1, 8);
            m.init(&m, p, v, l, mu, a);
            char name[96];
            snprintf(name, sizeof name, "%s:%s", pr->name, pr->scenarios[sc].name);
            compare_at(name, &m, m.t0, p, v, l, mu);
            /* a moved state at a later time: not on the constraints, generic */
            for (int i = 0; i < m.np; i++)
                p[i] += 0.01 * sin(1.0 + i);
            for (int i = 0; i < m.nv; i++)
                v[i] += 0.1 * cos(2.0 + i);
            compare_at(name, &m, m.t0 + 0.37 * (m.tend - m.t0), p, v, l, mu);
            free(p); free(v); free(l); free(mu); free(a);
            if (pr->teardown)
                pr->teardown(&m);
        }
    }
    printf("%d problem scenarios with a long double model\n", with);
    CHECK(with >= 3, "the chain's two scenarios and Fekete give a long double model (%d)", with);
    return check_summary();
}
