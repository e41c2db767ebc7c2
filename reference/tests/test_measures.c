/* test_measures.c — the measures of reference/measures.c on trajectories with known
 * answers: group-scaled errors, the ≥ 20 point rule of the grid error, scd,
 * mescd (the IVP test set's formula), constraint residuals and energy drift on
 * the pendulum (fact sheet ../shared/models/pendulum.md: g = p1² + p2² − L²,
 * E = ½ m |v|² + m g p2). */
#include <math.h>
#include <string.h>

#include "reference/measures.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

#define NT 25

static int close_to(double a, double b, double rel)
{
    return fabs(a - b) <= rel * fabs(b);
}

static void test_group_errors(void)
{
    /* 2 positions, 1 velocity, 1 multiplier, no μ; 25 grid points on [0, 1] */
    static double t[NT], rp[NT * 2], rv[NT], rl[NT], sp[NT * 2], sv[NT], sl[NT], none[1];
    for (int k = 0; k < NT; k++) {
        t[k] = k / (NT - 1.0);
        rp[2 * k] = 2.0 * t[k];         /* |p| reaches 2 at t = 1 */
        rp[2 * k + 1] = -0.5;
        rv[k] = 10.0 * sin(3.0 * t[k]); /* max |v| = 10 at t = π/6 (a grid point? no) */
        rl[k] = 1e4;                    /* λ ≈ 1e4 (the truck case of DESIGN.md) */
        sp[2 * k] = rp[2 * k];
        sp[2 * k + 1] = rp[2 * k + 1];
        sv[k] = rv[k];
        sl[k] = rl[k];
    }
    double vmax = 0;
    for (int k = 0; k < NT; k++)
        vmax = fmax(vmax, fabs(rv[k]));
    sp[2 * 7 + 1] += 0.01;   /* grid error of p: 0.01 / 2 */
    sp[2 * (NT - 1)] -= 2e-4; /* end error of p: 2e-4 / 2 */
    sv[NT - 1] += 1e-3;       /* end error of v: 1e-3 / vmax */
    sl[3] += 5.0;             /* grid error of λ: 5 / 1e4 */
    db_traj ref = {NT, t, {2, 1, 1, 0}, {rp, rv, rl, none}};
    db_traj sol = {NT, t, {2, 1, 1, 0}, {sp, sv, sl, none}};
    double mag[DB_NGROUPS];
    db_group_magnitude(&ref, NULL, mag);
    CHECK(mag[DB_GP] == 2.0, "magnitude of p %g, expected 2", mag[DB_GP]);
    CHECK(mag[DB_GV] == vmax, "magnitude of v %g, expected %g", mag[DB_GV], vmax);
    CHECK(mag[DB_GL] == 1e4, "magnitude of lambda %g", mag[DB_GL]);
    CHECK(isnan(mag[DB_GM]), "magnitude of the empty mu group must be NaN");

    double end[DB_NGROUPS], grid[DB_NGROUPS];
    double *ye[DB_NGROUPS] = {sp + 2 * (NT - 1), sv + NT - 1, sl + NT - 1, none};
    double *re[DB_NGROUPS] = {rp + 2 * (NT - 1), rv + NT - 1, rl + NT - 1, none};
    db_end_errors(ye, re, ref.size, mag, end);
    CHECK(close_to(end[DB_GP], 1e-4, 1e-9), "end error p %g, expected 1e-4", end[DB_GP]);
    CHECK(close_to(end[DB_GV], 1e-3 / vmax, 1e-9), "end error v %g", end[DB_GV]);
    CHECK(end[DB_GL] == 0.0, "end error lambda %g, expected 0", end[DB_GL]);
    CHECK(isnan(end[DB_GM]), "end error of an empty group must be NaN");
    {   /* a NaN component is not hidden by the finite ones after it */
        const double y3[3] = {NAN, 1.0, 2.0}, r3[3] = {0.0, 1.5, 2.0};
        const double y3b[3] = {0.0, 1.0, NAN};
        CHECK(isnan(db_group_error(y3, r3, 3, 1.0)) && isnan(db_group_error(y3b, r3, 3, 1.0)),
              "a NaN component makes the group error NaN");
    }

    db_grid_errors(&sol, &ref, 0.0, 1.0, mag, grid);
    CHECK(close_to(grid[DB_GP], 0.005, 1e-9), "grid error p %g, expected 0.005", grid[DB_GP]);
    CHECK(close_to(grid[DB_GL], 5e-4, 1e-9), "grid error lambda %g, expected 5e-4", grid[DB_GL]);
    CHECK(close_to(grid[DB_GV], 1e-3 / vmax, 1e-9), "grid error v %g", grid[DB_GV]);

    /* only 19 points inside (t0, tend]: no grid error */
    db_grid_errors(&sol, &ref, t[5], 1.0, mag, grid);
    CHECK(isnan(grid[DB_GP]) && isnan(grid[DB_GV]), "grid error with 19 points must be NaN");
    db_grid_errors(&sol, &ref, t[4], 1.0, mag, grid);
    CHECK(!isnan(grid[DB_GP]), "grid error with 20 points must exist");

    /* zero reference group: absolute error */
    static double z[NT];
    db_traj zr = {NT, t, {0, 0, 1, 0}, {none, none, z, none}};
    db_group_magnitude(&zr, NULL, mag);
    CHECK(mag[DB_GL] == 1.0, "magnitude of a zero group %g, expected 1", mag[DB_GL]);
}

static void test_scd_mescd(void)
{
    CHECK(close_to(db_scd(1e-6, 1e-7), 6.0, 1e-12), "scd(1e-6, 1e-7) = %g", db_scd(1e-6, 1e-7));
    CHECK(close_to(db_scd(NAN, 1e-3), 3.0, 1e-12), "scd ignores a missing group");
    CHECK(isnan(db_scd(NAN, NAN)), "scd without errors is NaN");
    CHECK(db_scd(0.0, 0.0) == 16.0, "scd of exact results is capped at 16");
    CHECK(isnan(db_scd(1e-3, INFINITY)), "scd of an infinite error is NaN (null)");

    /* mescd = −log10 max |y − yref| / (atol/rtol + |yref|) */
    double p[2] = {1.0 + 1e-6, 0.0}, pref[2] = {1.0, 0.0};
    double v[1] = {-3e-9}, vref[1] = {0.0};
    double want = -log10(fmax((p[0] - pref[0]) / (1e-2 + 1.0), 3e-9 / 1e-2));
    double got = db_mescd(p, pref, 2, v, vref, 1, 1e-6, 1e-8);
    CHECK(close_to(got, want, 1e-12), "mescd %.15g, expected %.15g", got, want);
    /* where |yref| ≪ atol/rtol the absolute part decides */
    v[0] = 1e-3;
    want = -log10(1e-3 / 1e-2);
    got = db_mescd(p, pref, 2, v, vref, 1, 1e-6, 1e-8);
    CHECK(close_to(got, want, 1e-12), "mescd %.15g, expected %.15g", got, want);

    /* ivp_scd: componentwise relative error; a zero reference component is left
     * out (the test set's getscd), however large its absolute error */
    double q[3] = {2.0 * (1 + 1e-7), 0.5, 1e-3}, qref[3] = {2.0, 0.5 * (1 + 1e-9), 0.0};
    double w[2] = {-4.0 * (1 - 1e-5), 7.0}, wref[2] = {-4.0, 7.0};
    got = db_ivp_scd(q, qref, 3, w, wref, 2);
    CHECK(close_to(got, 5.0, 1e-6), "ivp_scd %.15g, expected 5 (velocity 1 rel. 1e-5)", got);
    w[0] = -4.0;
    got = db_ivp_scd(q, qref, 3, w, wref, 2);
    CHECK(close_to(got, 7.0, 1e-6), "ivp_scd %.15g, expected 7 (p 1 rel. 1e-7)", got);
    /* group-scaled: p's group error is 1e-3 / 2 (the zero component): 3.3 digits */
    double gp = db_group_error(q, qref, 3, 2.0);
    CHECK(close_to(db_scd(gp, 0.0), -log10(5e-4), 1e-9), "gscd of the same: %g",
          db_scd(gp, 0.0));
    double zq[1] = {1e-3}, zref[1] = {0.0};
    CHECK(isnan(db_ivp_scd(zq, zref, 1, NULL, NULL, 0)), "ivp_scd without a qualifying component");
    q[1] = NAN;
    CHECK(isnan(db_ivp_scd(q, qref, 3, w, wref, 2)), "ivp_scd of a NaN is NaN");
    q[1] = 0.5;
    q[0] = qref[0] = 3.0;
    q[2] = 0.0;
    w[0] = wref[0];
    got = db_ivp_scd(q, qref, 3, w, wref, 2);
    CHECK(close_to(got, 9.0, 1e-6), "ivp_scd %.15g, expected 9 (p 2 rel. 1e-9)", got);
}

static void test_residuals_drift(void)
{
    const db_problem *prob = db_problem_find("pendulum");
    CHECK(prob != NULL, "pendulum is registered");
    if (!prob)
        return;
    db_mech m;
    double par[16];
    memset(&m, 0, sizeof m);
    if (db_mech_setup_default(prob, 0, &m, par) != 0) {
        CHECK(0, "pendulum setup");
        return;
    }
    /* the mass at rest at the bottom: on every constraint level */
    static double t[3] = {0, 1, 2}, p[6], v[6], l[3], mu[1];
    double L = 1.0, mass = 1.0, grav = 13.75;
    for (int i = 0; i < prob->nparams; i++) {
        if (strcmp(prob->params[i].name, "L") == 0) L = par[i];
        if (strcmp(prob->params[i].name, "m") == 0) mass = par[i];
        if (strcmp(prob->params[i].name, "g") == 0) grav = par[i];
    }
    for (int k = 0; k < 3; k++) {
        p[2 * k] = 0.0;
        p[2 * k + 1] = -L;
        v[2 * k] = v[2 * k + 1] = 0.0;
        l[k] = mass * grav * L / (2.0 * L * L); /* λ = m(|v|² − g p2)/(2L²) */
    }
    db_traj tr = {3, t, {2, 2, 1, 0}, {p, v, l, mu}};
    double res[3];
    db_traj_residuals(&m, &tr, NULL, res);
    CHECK(res[0] < 1e-14 && res[1] < 1e-14 && res[2] < 1e-12,
          "residuals at rest %g %g %g, expected 0", res[0], res[1], res[2]);
    CHECK(db_invariant_drift(&m, &tr) < 1e-15, "drift at rest must be 0");

    /* lift the mass by δ at t = 1 and give it velocity w along the rod at t = 2 */
    double d = 1e-3, w = 0.2;
    p[3] += d;
    v[5] = w;
    db_traj_residuals(&m, &tr, NULL, res);
    double g_want = fabs((-L + d) * (-L + d) - L * L);   /* |p1² + p2² − L²| */
    double gv_want = fabs(2.0 * (-L) * w);                /* |2 p1 v1 + 2 p2 v2| */
    CHECK(close_to(res[0], g_want, 1e-9), "position residual %g, expected %g", res[0], g_want);
    CHECK(close_to(res[1], gv_want, 1e-9), "velocity residual %g, expected %g", res[1], gv_want);
    double e0 = -mass * grav * L;
    double drift_want = fmax(mass * grav * d, 0.5 * mass * w * w) / fmax(1.0, fabs(e0));
    double drift = db_invariant_drift(&m, &tr);
    CHECK(close_to(drift, drift_want, 1e-9), "drift %g, expected %g", drift, drift_want);
    if (prob->teardown)
        prob->teardown(&m);
}

int main(void)
{
    test_group_errors();
    test_scd_mescd();
    test_residuals_drift();
    return check_summary();
}
