/* test_pendulum.c — the mathematical pendulum (testset/pendulum.c): analytic
 * derivatives against finite differences (on and off the manifold), consistent
 * initial values, the exact solution against the constraints, the ODE and the
 * published 17-digit values of ../shared/models/pendulum.md §4, energy. */
#include <math.h>
#include <string.h>

#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

/* sheet §4: rows p1 p2 v1 v2 λ1 */
static const double ref_t5[2][5] = {
    { -0.60893726314883797, -0.79321838704659568, 1.1640343059827251, -0.89360493411613202,
      6.5301292328360358 },
    { -0.64519175941176883, -0.76402067615159880, 1.0588148486838006, -0.89413629295296334,
      6.2129264456267252 },
};
static const double ref_a5[2][2] = {
    { 7.9528780461027931, -3.3903628454479529 },
    { 8.0170578890996283, -4.2563914722642399 },
};
/* t = 1000: v28, v29, bottom with v10 = sqrt(2gL) (scenario "long") */
static const double ref_t1000[3][5] = {
    { 0.48681528086158857, -0.87350494121078253, 1.8242217219818853, 1.0166616902126118,
      8.1860394124723896 },
    { 0.36923754185998866, -0.92933505135725572, -2.3632743516912685, -0.93896126169440376,
      9.6225354342433991 },
    { -0.070778855315528922, -0.99749203186803624, 5.2243287714687583, -0.37070171833258454,
      20.573273157278247 },
};

static double maxdiff(const double *a, const double *b, int n)
{
    double e = 0;
    for (int i = 0; i < n; i++)
        e = fmax(e, fabs(a[i] - b[i]));
    return e;
}

int main(void)
{
    const db_problem *pr = db_problem_find("pendulum");
    CHECK(pr != NULL, "pendulum registered");
    if (!pr)
        return check_summary();
    CHECK(pr->nscenarios == 3 && db_problem_scenario(pr, "v28") == 0 &&
          db_problem_scenario(pr, "v29") == 1 && db_problem_scenario(pr, "long") == 2,
          "scenarios v28, v29, long");
    CHECK(pr->nparams == 3 && pr->params[db_problem_param(pr, "g")].def == 13.75,
          "params g, m, L");
    double pars[3];
    db_mech m;

    for (int sc = 0; sc < 3; sc++) {
        CHECK(db_mech_setup_default(pr, sc, &m, pars) == 0, "setup sc %d", sc);
        /* consistent initial values on every level */
        double res[6];
        double r = db_mech_init_check(&m, res);
        CHECK(r <= 1e-13, "init check sc %d: %.3e", sc, r);
        /* derivatives at the initial state, on the exact solution, off the manifold */
        double p[2], v[2], lam[1], mu[1] = { 0 }, a[2];
        m.init(&m, p, v, lam, mu, a);
        double e = db_mech_fdcheck(&m, 0.0, p, v, lam, mu, NULL);
        CHECK(e < 1e-8, "fdcheck init sc %d: %.3e", sc, e);
        CHECK(pr->exact(&m, 1.3, p, v, lam, mu) == 0, "exact");
        e = db_mech_fdcheck(&m, 1.3, p, v, lam, mu, NULL);
        CHECK(e < 1e-8, "fdcheck exact sc %d: %.3e", sc, e);
        const double po[2] = { 0.37, 1.9 }, vo[2] = { -3.1, 0.8 }, lo[1] = { -2.5 };
        e = db_mech_fdcheck(&m, 0.7, po, vo, lo, mu, sc == 0 ? stdout : NULL);
        CHECK(e < 1e-8, "fdcheck off-manifold sc %d: %.3e", sc, e);

        /* exact solution: constraints, ODE by FD in t, energy */
        double E0 = m.energy(&m, 0.0, p, v);
        double p0[2], v0[2], l0[1];
        pr->exact(&m, 0.0, p0, v0, l0, mu);
        m.init(&m, p, v, lam, mu, a);
        CHECK(maxdiff(p0, p, 2) < 1e-15 && maxdiff(v0, v, 2) < 1e-15 &&
                  fabs(l0[0] - lam[0]) < 1e-13,
              "exact(0) = init, sc %d", sc);
        E0 = m.energy(&m, 0.0, p, v);
        double wres[3] = { 0 }, wode = 0, wen = 0;
        for (int i = 0; i <= 200; i++) {
            double t = 0.025 * i + (sc == 2 ? 990.0 : 0.0);
            pr->exact(&m, t, p, v, lam, mu);
            double rr[3];
            db_mech_residuals(&m, t, p, v, lam, mu, NULL, rr);
            for (int k = 0; k < 3; k++)
                wres[k] = fmax(wres[k], rr[k]);
            double h = 2e-5, pp[2], vp[2], pm[2], vm[2], lt[1];
            pr->exact(&m, t + h, pp, vp, lt, mu);
            pr->exact(&m, t - h, pm, vm, lt, mu);
            double acc[2] = { -2 * p[0] * lam[0] / pars[1],
                              -pars[0] - 2 * p[1] * lam[0] / pars[1] };
            for (int k = 0; k < 2; k++) {
                wode = fmax(wode, fabs((pp[k] - pm[k]) / (2 * h) - v[k]) / (1 + fabs(v[k])));
                wode = fmax(wode, fabs((vp[k] - vm[k]) / (2 * h) - acc[k]) / (1 + fabs(acc[k])));
            }
            wen = fmax(wen, fabs(m.energy(&m, t, p, v) - E0));
        }
        CHECK(wres[0] < 1e-14 && wres[1] < 1e-13 && wres[2] < 1e-12,
              "exact solution on the manifold sc %d: %.2e %.2e %.2e", sc, wres[0], wres[1],
              wres[2]);
        CHECK(wode < 1e-6, "exact solution solves the ODE sc %d: %.3e", sc, wode);
        CHECK(wen < 1e-12, "energy constant along the exact solution sc %d: %.3e", sc, wen);
        printf("sc %d: init %.2e, residuals %.2e %.2e %.2e, ODE(FD) %.2e, energy %.2e\n", sc, r,
               wres[0], wres[1], wres[2], wode, wen);

        /* published values */
        double y[5], ymu[1];
        if (sc < 2) {
            pr->exact(&m, 5.0, y, y + 2, y + 4, ymu);
            double d = maxdiff(y, ref_t5[sc], 5);
            CHECK(d <= 1e-12, "t=5 sc %d: max diff %.3e", sc, d);
            printf("sc %d: t = 5 max diff %.2e\n", sc, d);
            double acc[2] = { -2 * y[0] * y[4], -13.75 - 2 * y[1] * y[4] };
            d = maxdiff(acc, ref_a5[sc], 2);
            CHECK(d <= 1e-12, "t=5 accelerations sc %d: %.3e", sc, d);
            printf("sc %d: t = 5 accelerations max diff %.2e\n", sc, d);
        }
        pr->exact(&m, 1000.0, y, y + 2, y + 4, ymu);
        double d = maxdiff(y, ref_t1000[sc], 5);
        CHECK(d <= 1e-10, "t=1000 sc %d: max diff %.3e", sc, d);
        printf("sc %d: t = 1000 max diff %.2e\n", sc, d);
        CHECK(m.tend == (sc == 2 ? 1000.0 : 5.0) && m.t0 == 0.0, "time span sc %d", sc);
    }
    /* a rotating pendulum has no elliptic solution of this form */
    pars[0] = 0.5;
    db_mech mr;
    char err[128];
    CHECK(pr->setup(&mr, 0, pars, err, sizeof err) == 0, "setup g=0.5");
    double p[2], v[2], l[1], mu[1];
    CHECK(pr->exact(&mr, 1.0, p, v, l, mu) != 0, "exact refuses k >= 1");
    return check_summary();
}
