/* test_sizes.c — sizes the code cannot serve are refused before any allocation
 * (issue 15): db_dae_build refuses a system whose dense matrices would exceed
 * DB_DAE_DENSE_MAX entries (a heap overflow once: neq·n overflowed an int for
 * insulator_chain N >= 3563) and sizes whose sums would leave int; the chain
 * problems' parameter N is refused above what fits (the largest N accepted,
 * ×1.01, would pass the dense limit), and accepted at it.  The dummy mechanics
 * here have callbacks that fail the test if called: the refusal comes first. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testset/dae.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static int called;

static void dummy_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)m, (void)t, (void)p, (void)M;
    called++;
}

static void dummy_force(const db_mech *m, double t, const double *p, const double *v,
                        const double *lam, const double *mu, double *f)
{
    (void)m, (void)t, (void)p, (void)v, (void)lam, (void)mu, (void)f;
    called++;
}

static void dummy_init(const db_mech *m, double *p, double *v, double *lam, double *mu,
                       double *a)
{
    (void)m, (void)p, (void)v, (void)lam, (void)mu, (void)a;
    called++;
}

/* db_dae_build of a mech of np = nv = n positions, no constraints: refused? */
static int refused(int n, char *err, size_t errlen)
{
    db_mech m;
    memset(&m, 0, sizeof m);
    m.np = m.nv = n;
    m.mass = dummy_mass;
    m.force = dummy_force;
    m.init = dummy_init;
    db_dae d;
    int rc = db_dae_build(&d, &m, DB_EOM, err, errlen);
    if (rc == 0)
        db_dae_free(&d);
    return rc != 0 && strstr(err, "too large") != NULL;
}

int main(void)
{
    char err[256];
    /* EoM without constraints: n = neq = 2 np (a constant regular M: no a) */
    CHECK(refused(20000, err, sizeof err), "np = 20000 (1.6e9 entries): %s", err);
    CHECK(refused(1 << 25, err, sizeof err), "np = 2^25: %s", err);
    CHECK(refused(2147483647 / 2, err, sizeof err), "np = INT_MAX/2: %s", err);
    int edge = (int)(sqrt((double)DB_DAE_DENSE_MAX) / 2.0); /* (2 np)^2 at the limit */
    CHECK(refused(edge + 1, err, sizeof err), "np = %d, just past the limit: %s", edge + 1, err);
    CHECK(called == 0, "no callback called before a refusal (%d calls)", called);

    /* the chains: N accepted up to the limit of their largest formulation */
    static const char *const chains[] = {"insulator_chain", "pendulum_chain"};
    for (int c = 0; c < 2; c++) {
        const db_problem *p = db_problem_find(chains[c]);
        CHECK(p != NULL && p->nparams >= 1 && strcmp(p->params[0].name, "N") == 0,
              "%s has the parameter N first", chains[c]);
        if (!p)
            continue;
        double par[16];
        for (int i = 0; i < p->nparams && i < 16; i++)
            par[i] = p->params[i].def;
        double nmax = p->params[0].max;
        db_mech m;
        char msg[256] = "";
        par[0] = nmax;
        int rc = p->setup(&m, 0, par, msg, sizeof msg);
        CHECK(rc == 0, "%s: N = %g (the maximum) set up: %s", chains[c], nmax, msg);
        if (rc == 0) {
            /* the largest system of any formulation: GGL (base + 2 nl equations and
             * unknowns) or oEoM0 (base + 3 nl equations, base + nl unknowns), base =
             * np + nv, + nv for the accelerations when M is not a constant regular
             * matrix (formulation.c) */
            int has_a = !(m.flags & DB_MASS_CONST) || (m.flags & DB_MASS_SINGULAR);
            double np = m.np, nl = m.nl, a = 1.0;
            double base = 2 * np + (has_a ? np : 0);
            double ggl = (base + 2 * nl) * (base + 2 * nl), oe0 = (base + 3 * nl) * (base + nl);
            double big = ggl > oe0 ? ggl : oe0;
            CHECK(big * a <= (double)DB_DAE_DENSE_MAX, "%s: N = %g fits: %.3g entries",
                  chains[c], nmax, big);
            CHECK(big * 1.01 * 1.01 > (double)DB_DAE_DENSE_MAX * 0.95,
                  "%s: N = %g is near the limit (%.3g of %zu entries)", chains[c], nmax, big,
                  DB_DAE_DENSE_MAX);
            if (p->teardown)
                p->teardown(&m);
        }
        par[0] = nmax + 1;
        CHECK(p->setup(&m, 0, par, msg, sizeof msg) != 0, "%s: N = %g refused", chains[c],
              nmax + 1);
    }
    return check_summary();
}
