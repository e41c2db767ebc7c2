/* test_slider_crank.c — tests of the problem "slider_crank" (testset/slider_crank.c)
 * against ../shared/models/slider_crank.md:
 *   - initial values of both scenarios consistent on every level; for set B the
 *     accelerations and λ(0) from the saddle-point system equal the sheet's §6.4
 *     values (x3 does not enter them) and the test set's printed ones to 2.7e-7;
 *   - every analytic derivative (M(P)w, f, G, κ and the rheonomic g_t) against
 *     finite differences, at the initial states and at perturbed states;
 *   - the sizes of the six formulations (n = 24 for EoM as the test set's form);
 *   - the published reference at t = 0.1 (Release 2.4, sheet §7.1) as the test
 *     set measures it: components 1–7 (P) and 22–24 (λ) only, relative error,
 *     each bounded by the digits the value is good to (sheet §10.2), capped by our
 *     run (radau5 on EoM0 at 1e-12); x3 compared after the known shift of set B's x3 (2.03e-10, see
 *     slider_crank.c); the check is shown to go red on a corrupted λ3. */
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
#include "testset/tests/published.h"

/* radau5 on EoM0 (index 1) at 1e-12: scd 10.06 against the reference (measured;
 * the sheet's DOP853 reached 10.17).  On EoM1 and GGL radau5 converges slowly here
 * (scd 5.0 at 1e-10, 6.5 at 1e-12, measured): the undamped elastic modes. */
#define TOL 1e-12
#define FORM DB_EOM0
#define CAP_OWN 10.0

/* sheet §6.4: a, λ at set B */
static const double a_sheet[7] = {0, -1.344541576709835e-3, -5.062194924760362e3,
                                  -6.829725363303229e-5, -4.5e-20, -4.268463042277746,
                                  2.098336327648881e-1};
static const double l_sheet[3] = {-6.552746562104382e-8, 3.824589509554949e2,
                                  -4.635937824961006e-9};
static void test_initial_values(const db_problem *prob)
{
    for (int sc = 0; sc < 2; sc++) {
        db_mech m;
        double par[1];
        CHECK(db_mech_setup_default(prob, sc, &m, par) == 0, "setup scenario %d", sc);
        double p[7], v[7], a[7], lam[3], mu[1], res[6];
        m.init(&m, p, v, lam, mu, a);
        if (sc == 0) {
            double ea = 0.0, el = 0.0;
            for (int i = 0; i < 7; i++)
                ea = fmax(ea, fabs(a[i] - a_sheet[i]) / fmax(1.0, fabs(a_sheet[i])));
            for (int i = 0; i < 3; i++)
                el = fmax(el, fabs(lam[i] - l_sheet[i]) / fmax(1.0, fabs(l_sheet[i])));
            printf("set B: a0, lambda0 vs sheet §6.4: %.1e, %.1e\n", ea, el);
            CHECK(ea <= 1e-12 && el <= 1e-12, "a0/lambda0 differ from the sheet: %.2e %.2e",
                  ea, el);
            /* set B prints x3 = 0.450016933; the consistent one is l1 + l2 + q4 */
            CHECK(fabs((0.450016933 - p[2]) - 2.031e-10) <= 1e-13, "x3 shift %.4e",
                  0.450016933 - p[2]);
        }
        double r = db_mech_init_check(&m, res);
        printf("scenario %d init_check: g %.1e  Gv %.1e  Ga+k %.1e  balance %.1e\n", sc,
               res[0], res[1], res[2], res[5]);
        /* forces up to 1e3 N, accelerations 5e3 */
        CHECK(res[0] <= 1e-15 && res[1] <= 1e-12 && res[2] <= 1e-9 && res[5] <= 1e-9,
              "scenario %d: init residual %.3e", sc, r);
    }
}

static void test_derivatives(const db_problem *prob)
{
    for (int sc = 0; sc < 2; sc++) {
        db_mech m;
        double par[1];
        if (db_mech_setup_default(prob, sc, &m, par) != 0)
            continue;
        double p[7], v[7], a[7], lam[3], mu[1];
        m.init(&m, p, v, lam, mu, a);
        double e = db_mech_fdcheck(&m, 0.0, p, v, lam, mu, sc == 0 ? stdout : NULL);
        CHECK(e <= 1e-6, "scenario %d: fdcheck at the initial state %.3e", sc, e);
        unsigned seed = 5u + (unsigned)sc;
        for (int rep = 0; rep < 3; rep++) {
            double q[7], w[7], l[3];
            mt_perturbed_state(&seed, 7, p, 0.5, 50.0, 3, 200.0, q, w, l);
            for (int i = 3; i < 7; i++) {   /* elastic amplitudes stay small */
                q[i] = p[i] + 1e-3 * (q[i] - p[i]);
                w[i] *= 0.1;
            }
            e = db_mech_fdcheck(&m, 0.03 * rep, q, w, l, mu, NULL);
            CHECK(e <= 1e-6, "scenario %d: fdcheck at perturbed state %d: %.3e", sc, rep, e);
        }
    }
}

static void test_formulations(const db_problem *prob)
{
    db_mech m;
    double par[1];
    if (db_mech_setup_default(prob, 0, &m, par) != 0)
        return;
    static const int n_exp[DB_NFORMS] = {24, 24, 24, 27, 24, 24};
    static const int neq_exp[DB_NFORMS] = {24, 24, 24, 27, 27, 30};
    mt_check_dims(&m, n_exp, neq_exp, 1, 1e-9);
}

static void test_published(const db_problem *prob)
{
    const db_published *pub = prob->published;
    CHECK(pub && pub->n == 10 && pub->scenario == 0, "the published y(0.1), 10 components");
    db_mech m;
    double par[1];
    if (!pub || pub->n != 10 || db_mech_setup_default(prob, 0, &m, par) != 0)
        return;
    const db_solver *s = db_solver_find("radau5");
    db_dae d;
    char msg[256] = "";
    if (!s || db_dae_build(&d, &m, FORM, msg, sizeof msg) != 0) {
        CHECK(0, "radau5 / build: %s", msg);
        return;
    }
    double t[1] = {m.tend}, *y = calloc((size_t)d.n, sizeof *y);
    db_counters c;
    db_status st = mt_integrate(s, &d, TOL, 500000, 1, t, y, &c, msg, sizeof msg);
    printf("radau5 %s tol %g to t = 0.1: %s, %ld steps %s\n", db_form_name(FORM), TOL,
           db_status_name(st),
           c.steps, msg);
    CHECK(st == DB_OK, "radau5 %s: %s", db_form_name(FORM), msg);
    if (st == DB_OK) {
        double yy[10], bound[10];
        int idx[10];
        pub->map(&m, y + d.off_p, y + d.off_v, y + d.off_l, y + d.off_l, yy);
        for (int i = 0; i < 10; i++) {
            idx[i] = i;
            bound[i] = fmin(pub->digits[i], CAP_OWN) - 0.3;
        }
        printf("scd against the Release 2.4 reference (components 1-7, 22-24): %.2f\n",
               pv_scd(10, idx, yy, pub->values));
        CHECK(pv_check(10, idx, pub->names, yy, pub->values, bound, stdout) == 0,
              "a component agrees with the published value to fewer digits than it is good to");
        pv_gate_test("slider_crank R2.4", 10, idx, yy, pub->values, bound, 10);
    }
    free(y);
    db_dae_free(&d);
}

int main(void)
{
    const db_problem *prob = db_problem_find("slider_crank");
    CHECK(prob != NULL, "slider_crank is not registered");
    if (!prob)
        return check_summary();
    db_mech m;
    double par[1];
    CHECK(db_mech_setup_default(prob, 0, &m, par) == 0 && m.t0 == 0.0 && m.tend == 0.1
              && m.np == 7 && m.nl == 3 && (m.flags & DB_RHEONOMIC)
              && !(m.flags & DB_MASS_CONST) && prob->nscenarios == 2,
          "default setup: [0, 0.1], np 7, nl 3, rheonomic, M(P), two scenarios");
    test_initial_values(prob);
    test_derivatives(prob);
    test_formulations(prob);
    test_published(prob);
    return check_summary();
}
