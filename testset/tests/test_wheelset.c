/* test_wheelset.c — tests of the problem "wheelset" (testset/wheelset.c) against
 * ../shared/models/wheelset.md:
 *   - the closed-form contact points reproduce the test set's printed contact
 *     variables u12..u15 at the printed positions (§6.1, 16 digits), the normal
 *     forces and contact angles of §6.2, and the offsets g1(p0) of §6.2;
 *   - the initial values: printed p0, v0 = 0, and λ0, a0 equal to the fully
 *     consistent values of §6.3; consistent on every level;
 *   - every analytic derivative (G, Mw_p, κ_g) against finite differences at the
 *     initial and at perturbed moving states;
 *   - the sizes of the six formulations;
 *   - the published reference at t = 10 (§7) as the test set measures it: the
 *     relative error of all 17 components u (p, v, β, the contact variables, the
 *     scaled multipliers −λ/C), each bounded by the digits that published value is
 *     good to (§10.3: an independent computation at 1e-10 agrees to 5.3 … 8.5
 *     digits), and the scd over all 17 (§8); the check is shown to go red on a
 *     corrupted E_R/C (the last component). */
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
#include "testset/wheelset.h"

static void test_contact_and_init(const db_mech *m)
{
    double p[6], v[6], lam[2], mu[1], a[6], q[4], N[2], D[2], res[6];
    m->init(m, p, v, lam, mu, a);
    /* §6.1 */
    static const double p0[5] = {0.14941e-2, 0.40089e-6, 0.11241e-5, -0.28573e-3,
                                 0.26459e-3};
    int same = p[5] == 0.0;
    for (int i = 0; i < 5; i++)
        same &= p[i] == p0[i];
    for (int i = 0; i < 6; i++)
        same &= v[i] == 0.0;
    CHECK(same, "initial positions as printed (sheet §6.1), chi = 0, at rest");
    static const double q0[4] = {-7.4122380357667139e-6, -0.1521364296121248,
                                 7.5634406395172940e-6, 0.1490635714733819};
    CHECK(db_wheelset_contact(p, q) == 0, "contact points at p0");
    for (int i = 0; i < 4; i++)
        CHECK(fabs(q[i] - q0[i]) <= 1e-14 * fabs(q0[i]),
              "contact variable u%d = %.17g, printed %.17g", 12 + i, q[i], q0[i]);
    /* §6.2 at the printed multipliers */
    const double lp[2] = {83.593, 74.144};
    CHECK(db_wheelset_normal(p, lp, N, D) == 0, "normal forces at p0");
    CHECK(fabs(N[0] - 83.6222817512) < 1e-9 && fabs(N[1] - 74.1689433065) < 1e-9,
          "N = (%.12g, %.12g), sheet (83.6222817512, 74.1689433065)", N[0], N[1]);
    CHECK(fabs(D[0] - 0.026464591080551) < 1e-14 && fabs(D[1] - 0.025935411058949) < 1e-14,
          "contact angles (%.15g, %.15g), sheet (0.026464591080551, 0.025935411058949)",
          D[0], D[1]);
    /* §6.3 */
    static const double l63[2] = {83.59184018959, 74.14552840682};
    static const double a63[6] = {-1.975257159220568, -1.066580003726455e-3,
                                  7.883940436341449e-2, -5.533373066752597,
                                  -0.3498026610507768, -2.132552025127955};
    for (int i = 0; i < 2; i++)
        CHECK(fabs(lam[i] - l63[i]) <= 1e-12 * l63[i], "lambda0[%d] = %.14g, sheet %.14g", i,
              lam[i], l63[i]);
    for (int i = 0; i < 6; i++)
        CHECK(fabs(a[i] - a63[i]) <= 1e-11 * fabs(a63[i]) + 1e-15,
              "a0[%d] = %.16g, sheet %.16g", i, a[i], a63[i]);
    /* both creep laws are saturated at the initial values (sheet §6.2): the
     * switching functions (μN)² − T1² − T2² are negative there */
    double sw[2] = {0, 0};
    CHECK(m->nswitch == 2 && m->switching, "two switching functions (the creep laws' kinks)");
    if (m->switching)
        m->switching(m, 0.0, p, v, lam, mu, sw);
    CHECK(sw[0] < 0.0 && sw[1] < 0.0, "saturated at t = 0: switching (%.3e, %.3e)", sw[0],
          sw[1]);
    double r = db_mech_init_check(m, res);
    printf("init_check: g %.1e  Gv %.1e  Ga+k %.1e  balance %.1e\n", res[0], res[1], res[2],
           res[5]);
    CHECK(r <= 1e-13, "init residual %.3e", r);
    /* the offsets: g(p) = g1(p) − g1(p0); a position moved off p0 violates it */
    double g[2] = {0, 0}, pm[6];
    memcpy(pm, p, sizeof pm);
    pm[1] += 1e-6;
    m->g(m, 0.0, pm, g);
    CHECK(fabs(g[0] + 1e-6) < 1e-12 && fabs(g[1] + 1e-6) < 1e-12,
          "g after raising y by 1e-6: (%.3e, %.3e)", g[0], g[1]);
    /* a derailed position is NaN, never a number */
    pm[0] = 0.2;
    m->g(m, 0.0, pm, g);
    CHECK(isnan(g[0]) && isnan(g[1]), "x = 0.2 m (off the rail heads) gives NaN");
}

static void test_derivatives(const db_mech *m)
{
    double p[6], v[6], lam[2], mu[1], a[6];
    m->init(m, p, v, lam, mu, a);
    double e = db_mech_fdcheck(m, m->t0, p, v, lam, mu, stdout);
    CHECK(e <= 1e-8, "fdcheck at the initial state: %.3e", e);
    unsigned seed = 2026u;
    for (int k = 0; k < 4; k++) {
        double q[6], w[6], l[2];
        mt_perturbed_state(&seed, 6, p, 4e-3, 0.5, 2, 0.0, q, w, l);
        l[0] = lam[0];
        l[1] = lam[1];
        e = db_mech_fdcheck(m, 0.0, q, w, l, mu, NULL);
        CHECK(e <= 1e-8, "fdcheck at perturbed state %d: %.3e", k, e);
    }
}

static void test_formulations(const db_mech *m)
{
    /* M depends on p: the accelerations are unknowns of every formulation */
    static const int n_exp[DB_NFORMS] = {20, 20, 20, 22, 20, 20};
    static const int neq_exp[DB_NFORMS] = {20, 20, 20, 22, 22, 24};
    mt_check_dims(m, n_exp, neq_exp, 1, 1e-13);
}


static void test_published(const db_problem *prob, const db_mech *m)
{
    const db_published *pub = prob->published;
    CHECK(pub && pub->n == 17 && pub->scenario == 0, "the published u(10), 17 components");
    if (!pub || pub->n != 17)
        return;
    int idx[17];
    double bound[17], u[17];
    for (int i = 0; i < 17; i++) {
        idx[i] = i;
        bound[i] = pub->digits[i] - 0.3;
    }
    /* EoM0 at 1e-12: its digits against the published values are those of the
     * sheet's independent computation (§10.3) within 0.2 (measured; GGL at 1e-10
     * is 1e-7 away from it, the creep law's kinks slow the convergence) */
    if (mt_run_published(pub, m, DB_EOM0, 1e-12, 2000000, u) != DB_OK) {
        CHECK(0, "radau5 EoM0 failed");
        return;
    }
    double scd = pv_scd(17, idx, u, pub->values);
    printf("EoM0 at 1e-12 against the published reference: scd %.2f (all 17 components; "
           "sheet §10.3: 5.34)\n", scd);
    CHECK(scd >= 5.0, "scd %.2f below the 5.34 an independent computation reaches", scd);
    CHECK(pv_check(17, idx, pub->names, u, pub->values, bound, stdout) == 0,
          "a component agrees with the published value to fewer digits than it is good to");
    pv_gate_test("wheelset", 17, idx, u, pub->values, bound, 17);
}

int main(void)
{
    const db_problem *prob = db_problem_find("wheelset");
    CHECK(prob != NULL, "wheelset is not registered");
    if (!prob)
        return check_summary();
    db_mech m;
    double pars[1];
    CHECK(db_mech_setup_default(prob, 0, &m, pars) == 0 && m.t0 == 0.0 && m.tend == 10.0
              && m.np == 6 && m.nv == 6 && m.nl == 2 && m.nm == 0
              && (m.flags & DB_F_LAMBDA) && (m.flags & DB_NONSMOOTH)
              && !(m.flags & DB_MASS_CONST),
          "default setup: [0, 10], np 6, nl 2, f depends on lambda, M on p");
    /* the mass matrix is not symmetric (sheet §3.7) */
    double p[6] = {0, 0, 0, 0, 0.3, 0}, M[36] = {0};
    m.mass(&m, 0.0, p, M);
    CHECK(M[3 * 6 + 5] != M[5 * 6 + 3], "M is not symmetric away from phi = 0");
    test_contact_and_init(&m);
    test_derivatives(&m);
    test_formulations(&m);
    test_published(prob, &m);
    if (prob->teardown)
        prob->teardown(&m);
    return check_summary();
}
