/* test_double_pendulum_stiff.c — tests of the problem "double_pendulum_stiff"
 * (testset/double_pendulum_stiff.c) against ../shared/models/double_pendulum_stiff.md:
 *   - the initial state reproduces the seed's CM data (§2) with the corrected
 *     ẏ2 = 14.4888874 (erratum), and v'(0), λ(0) of sheet §3;
 *   - consistency of the initial values on all levels (relative 1e-10);
 *   - every analytic derivative against finite differences;
 *   - the RSDA laws read angles modulo 2π (sheet §6.1);
 *   - sizes of the six formulations;
 *   - radau5 on GGL at tol 1e-11 reproduces the reference values of sheet §7
 *     (t = 1, 2; g = 9.81 and g = 0) and the θ1, θ1' ranges of sheet §3/§6.1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"
#include "testset/tests/mechtest.h"

#define PI_ 3.14159265358979323846

static void test_initial_values(const db_mech *m)
{
    double p[6], v[6], lam[4], mu[1], a[6], res[6];
    m->init(m, p, v, lam, mu, a);
    /* seed 004 §5.1 (rounded data) and sheet §3 (exact) */
    static const double p_ref[6] = {1, 0, 0, 3.4488887394336024, -0.38822856765378114,
                                    -0.26179938779914941};
    static const double v_ref[6] = {0, 0, 0, 3.8822856765378114, 14.488887394336024, 10};
    for (int i = 0; i < 6; i++)
        CHECK(fabs(p[i] - p_ref[i]) <= 1e-15 && fabs(v[i] - v_ref[i]) <= 1e-14,
              "p0[%d] = %.17g, v0[%d] = %.17g", i, p[i], i, v[i]);
    CHECK(fabs(p[3] - 3.4488887) <= 1e-7 && fabs(p[4] + 0.388228) <= 1e-6
              && fabs(v[3] - 3.8822857) <= 1e-7 && fabs(v[4] - 14.4888874) <= 1e-7,
          "seed data (with the erratum y2' = 14.4888874)");
    static const double a_ref[6] = {0, 189867.399229, 189867.399229, -253150.206766,
                                    -564455.079643, -651691.655308};
    static const double l_ref[4] = {75945.0620298, -400298.046794, -75945.0620298,
                                    -169333.580893};
    for (int i = 0; i < 6; i++)
        CHECK(a_ref[i] == 0 ? fabs(a[i]) <= 1e-8 : fabs(a[i] - a_ref[i]) <= 1e-11 * 6.5e5 + 1e-6,
              "a(0)[%d] = %.12g, sheet %.12g", i, a[i], a_ref[i]);
    for (int i = 0; i < 4; i++)
        CHECK(fabs(lam[i] - l_ref[i]) <= 1e-6, "lambda(0)[%d] = %.12g, sheet %.12g", i, lam[i],
              l_ref[i]);
    db_mech_init_check(m, res);
    printf("init_check: g %.2e  Gv %.2e  Ga+k %.2e  balance %.2e\n", res[0], res[1], res[2],
           res[5]);
    /* relative: a ~ 6.5e5, forces/λ ~ 5e5 */
    CHECK(res[0] <= 1e-14 && res[1] <= 1e-13 && res[2] <= 1e-10 * 6.5e5
              && res[5] <= 1e-10 * 5e5,
          "init residuals %.2e %.2e %.2e %.2e", res[0], res[1], res[2], res[5]);
}

static void test_derivatives(const db_mech *m)
{
    double p[6], v[6], lam[4], mu[1], a[6];
    m->init(m, p, v, lam, mu, a);
    double e = db_mech_fdcheck(m, 0.0, p, v, lam, mu, stdout);
    CHECK(e <= 1e-6, "fdcheck at the initial state %.3e", e);
    unsigned seed = 2024u;
    for (int rep = 0; rep < 4; rep++) {
        double q[6], w[6], l[4];
        mt_perturbed_state(&seed, 6, p, 2.0, 20.0, 4, 1e5, q, w, l);
        e = db_mech_fdcheck(m, 0.5 * rep, q, w, l, mu, NULL);
        CHECK(e <= 1e-6, "fdcheck at perturbed state %d: %.3e", rep, e);
    }
}

/* RSDA deflections modulo 2π: f(θ1 + 2π, θ2 + 2π) = f = f(θ1, θ2 − 2π) */
static void test_wrap(const db_mech *m)
{
    double p[6], v[6], lam[4], mu[1], a[6];
    m->init(m, p, v, lam, mu, a);
    p[2] = -0.4;
    p[5] = -0.3;
    double f0[6] = {0}, f1[6] = {0}, f2[6] = {0};
    m->force(m, 0.0, p, v, lam, mu, f0);
    p[2] += 2.0 * PI_;
    p[5] += 2.0 * PI_;
    m->force(m, 0.0, p, v, lam, mu, f1);
    p[2] -= 2.0 * PI_;
    p[5] -= 4.0 * PI_;
    m->force(m, 0.0, p, v, lam, mu, f2);
    for (int i = 0; i < 6; i++)
        CHECK(fabs(f1[i] - f0[i]) <= 1e-9 * fmax(1.0, fabs(f0[i]))
                  && fabs(f2[i] - f0[i]) <= 1e-9 * fmax(1.0, fabs(f0[i])),
              "f[%d] not 2pi-periodic: %.12g %.12g %.12g", i, f0[i], f1[i], f2[i]);
    /* zero tension at θ1 = 3π/2 ≡ −π/2, θ2 = θ1, at rest */
    double q[6] = {0, -1, -PI_ / 2, 0, -3.5, -PI_ / 2}, z[6] = {0}, f3[6] = {0};
    m->force(m, 0.0, q, z, lam, mu, f3);
    CHECK(fabs(f3[2]) <= 1e-9 && fabs(f3[5]) <= 1e-9, "torques at the rest angles: %g %g",
          f3[2], f3[5]);
}

static void test_formulations(const db_mech *m)
{
    static const int n_exp[DB_NFORMS] = {16, 16, 16, 20, 16, 16};
    static const int neq_exp[DB_NFORMS] = {16, 16, 16, 20, 20, 24};
    for (int f = 0; f < DB_NFORMS; f++) {
        db_dae d;
        if (mt_build(&d, m, (db_form)f) != 0)
            continue;
        CHECK(d.n == n_exp[f] && d.neq == neq_exp[f] && d.off_a < 0,
              "%s: n = %d, neq = %d, off_a = %d", db_form_name((db_form)f), d.n, d.neq, d.off_a);
        double r = mt_residual_at_y0(&d);
        CHECK(r <= 1e-10 * 6.5e5, "%s: residual at y0 = %.3e", db_form_name((db_form)f), r);
        db_dae_free(&d);
    }
}

#define NGRID 2001

/* radau5 on GGL at tol 1e-11 on a grid of [0, 2] with step 1e-3 */
static void test_radau5(const db_problem *prob)
{
    static double t[NGRID];
    for (int k = 0; k < NGRID; k++)
        t[k] = 2.0 * k / (NGRID - 1);
    for (int gcase = 0; gcase < 2; gcase++) {
        double par[1] = {gcase == 0 ? 9.81 : 0.0};
        db_mech m;
        char msg[256] = "";
        if (prob->setup(&m, 0, par, msg, sizeof msg) != 0) {
            CHECK(0, "setup: %s", msg);
            continue;
        }
        const db_solver *s = db_solver_find("radau5");
        CHECK(s != NULL, "radau5 is not registered");
        db_dae d;
        if (!s || db_dae_build(&d, &m, DB_GGL, msg, sizeof msg) != 0) {
            CHECK(0, "build GGL: %s", msg);
            continue;
        }
        double *y = calloc((size_t)NGRID * d.n, sizeof *y);
        db_counters c;
        db_status st = mt_integrate(s, &d, 1e-11, 100000, NGRID, t, y, &c, msg, sizeof msg);
        printf("radau5 GGL tol 1e-11, grav %g: status %s, steps %ld, rejected %ld %s\n", par[0],
               db_status_name(st), c.steps, c.rejected, msg);
        CHECK(st == DB_OK, "radau5 on GGL, grav %g: %s", par[0], msg);
        if (st == DB_OK) {
            const double *y1 = y + (size_t)(NGRID / 2) * d.n, *y2 = y + (size_t)(NGRID - 1) * d.n;
            if (gcase == 0) {
                /* sheet §7 (Radau/BDF/LSODA at 1e-12 agree to ~1e-9) */
                struct { const char *name; double val, ref, tol; } q[] = {
                    {"theta1(1)", y1[d.off_p + 2], -1.1217455079, 2e-9},
                    {"theta2(1)", y1[d.off_p + 5], -1.1222611222, 2e-9},
                    {"theta1'(1)", y1[d.off_v + 2], -3.606803134, 1e-8},
                    {"theta2'(1)", y1[d.off_v + 5], -3.603096748, 1e-8},
                    {"theta1(2)", y2[d.off_p + 2], -1.6427071238, 2e-9},
                    {"theta2(2)", y2[d.off_p + 5], -1.6426886055, 2e-9},
                    {"theta1'(2)", y2[d.off_v + 2], -1.629892454, 1e-8},
                    {"theta2'(2)", y2[d.off_v + 5], -1.630252715, 1e-8},
                    {"x1(2)", y2[d.off_p + 0], -0.0718488361, 2e-9},
                    {"y1(2)", y2[d.off_p + 1], -0.9974155326, 2e-9},
                    {"x2(2)", y2[d.off_p + 3], -0.2514432205, 2e-9},
                    {"y2(2)", y2[d.off_p + 4], -3.4909563598, 2e-9},
                };
                for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
                    printf("  %-11s %.12g  sheet %.12g  diff %.2e\n", q[i].name, q[i].val,
                           q[i].ref, q[i].val - q[i].ref);
                    CHECK(fabs(q[i].val - q[i].ref) <= q[i].tol, "%s = %.12g, sheet %.12g",
                          q[i].name, q[i].val, q[i].ref);
                }
                /* ranges on [0, 2] (sheet §3: θ1 ∈ [−2.61, 0.02]; §6.1: θ1' ∈ [−9.66, 6.41]) */
                double th_lo = 1e9, th_hi = -1e9, w_lo = 1e9, w_hi = -1e9;
                for (int k = 0; k < NGRID; k++) {
                    double th = y[(size_t)k * d.n + d.off_p + 2], w = y[(size_t)k * d.n + d.off_v + 2];
                    th_lo = fmin(th_lo, th);
                    th_hi = fmax(th_hi, th);
                    w_lo = fmin(w_lo, w);
                    w_hi = fmax(w_hi, w);
                }
                printf("  theta1 in [%.4f, %.4f], theta1' in [%.4f, %.4f]\n", th_lo, th_hi, w_lo,
                       w_hi);
                CHECK(fabs(th_lo + 2.61) <= 0.006 && fabs(th_hi - 0.02) <= 0.006,
                      "theta1 range [%.4f, %.4f], sheet [-2.61, 0.02]", th_lo, th_hi);
                CHECK(fabs(w_lo + 9.66) <= 0.006 && fabs(w_hi - 6.41) <= 0.006,
                      "theta1' range [%.4f, %.4f], sheet [-9.66, 6.41]", w_lo, w_hi);
            } else {
                double th = y2[d.off_p + 2], w = y2[d.off_v + 2];
                printf("  g = 0: theta1(2) %.12g (sheet -1.4887099788), theta1'(2) %.12g (sheet "
                       "-1.687101195)\n", th, w);
                CHECK(fabs(th + 1.4887099788) <= 2e-9 && fabs(w + 1.687101195) <= 1e-8,
                      "g = 0: theta1(2) = %.12g, theta1'(2) = %.12g", th, w);
            }
        }
        free(y);
        db_dae_free(&d);
    }
}

int main(void)
{
    const db_problem *prob = db_problem_find("double_pendulum_stiff");
    CHECK(prob != NULL, "double_pendulum_stiff is not registered");
    if (!prob)
        return check_summary();
    db_mech m;
    double pars[1];
    int rc = db_mech_setup_default(prob, 0, &m, pars);
    CHECK(rc == 0 && m.np == 6 && m.nl == 4 && m.nm == 0 && m.t0 == 0.0 && m.tend == 2.0,
          "default setup: sizes 6/4, span [0, 2]");
    if (rc != 0)
        return check_summary();
    test_initial_values(&m);
    test_derivatives(&m);
    test_wrap(&m);
    test_formulations(&m);
    test_radau5(prob);
    return check_summary();
}
