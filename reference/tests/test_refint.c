/* test_refint.c — the reference integrator (reference/refint.h) on the pendulum,
 * whose exact solution is known (testset/pendulum.c, scenario v28):
 *   - convergence order: with fixed steps H and H/2 and K columns of the
 *     extrapolation tableau the error at t_end falls by about 2^K (observed
 *     order within K ± 0.6 for K = 3, 4, 5);
 *   - tolerance: at rtol 1e-12 the whole grid meets the exact solution to 11
 *     digits in p and v and 9 in λ; at 1e-8 the error is at least 100 times
 *     larger than at 1e-12 (the control is not noise-bound there);
 *   - projection: |g| and |G v| at every output point at rounding level;
 *   - the saddle-point elimination: the accelerations of the initial state
 *     equal the problem's consistent a(t0).
 * A wrong tableau coefficient, a missing projection or a wrong sign in the
 * saddle-point system fails one of these. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/refint.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"
#include "refpath_exact.h"

static const db_problem *find(const char *name)
{
    for (int i = 0; db_problems[i]; i++)
        if (strcmp(db_problems[i]->name, name) == 0)
            return db_problems[i];
    return NULL;
}

#define NT 51

/* max over the grid of the error of p, v, λ against the exact solution, relative
 * to the largest |value| of the group */
static int run(const db_problem *pr, const db_mech *m, const db_refint_opts *o, double e[3],
               double *gres)
{
    double t[NT], p[NT * 2], v[NT * 2], l[NT], mu[1];
    for (int k = 0; k < NT; k++)
        t[k] = k == NT - 1 ? m->tend : m->t0 + (m->tend - m->t0) * k / (NT - 1);
    db_refint_stats st;
    char err[256] = "";
    int rc = db_refint_solve(m, o, NT, t, p, v, l, mu, &st, err, sizeof err);
    CHECK(rc == 0, "refint on the pendulum: %s", err);
    if (rc != 0)
        return -1;
    double eend;
    refpath_errors(pr, m, NT, t, p, v, l, e, gres, &eend);
    return 0;
}

int main(void)
{
    const db_problem *pr = find("pendulum");
    CHECK(pr != NULL && pr->exact, "pendulum with exact solution");
    if (!pr)
        return check_summary();
    double par[8];
    db_mech m;
    CHECK(db_mech_setup_default(pr, 0, &m, par) == 0, "setup of the pendulum failed");

    /* the saddle-point system reproduces the consistent accelerations */
    double p0[2], v0[2], l0[1], mu0[1], a0[2];
    m.init(&m, p0, v0, l0, mu0, a0);
    db_refint_model *w = db_refint_model_new(&m);
    long double P[2] = {p0[0], p0[1]}, V[2] = {v0[0], v0[1]}, A[2], L[1], MU[1];
    CHECK(w && db_refint_accel(w, m.t0, P, V, A, L, MU) == 0, "accel at t0");
    CHECK(fabsl(A[0] - a0[0]) < 1e-12 && fabsl(A[1] - a0[1]) < 1e-12 &&
              fabsl(L[0] - l0[0]) < 1e-12 * fabs(l0[0]),
          "a(t0) = (%Lg, %Lg), lambda %Lg; the problem's (%g, %g), %g", A[0], A[1], L[0], a0[0],
          a0[1], l0[0]);
    db_refint_model_free(w);

    /* convergence order with fixed steps */
    for (int K = 3; K <= 5; K++) {
        double e1[3], e2[3], g1, g2;
        db_refint_opts o;
        memset(&o, 0, sizeof o);
        o.columns = K;
        o.fixed_h = 0.02;
        o.rtol = 1e-3;
        o.atol = 1e-6;
        if (run(pr, &m, &o, e1, &g1) != 0)
            break;
        o.fixed_h = 0.01;
        if (run(pr, &m, &o, e2, &g2) != 0)
            break;
        double ord = log2(e1[0] / e2[0]);
        printf("K = %d: p error %.2e (h 0.02) %.2e (h 0.01): observed order %.2f\n", K, e1[0],
               e2[0], ord);
        CHECK(fabs(ord - K) <= 0.6, "K = %d: observed order %.2f", K, ord);
    }

    /* tolerance control */
    double e12[3], e8[3], g12, g8;
    db_refint_opts o;
    memset(&o, 0, sizeof o);
    o.rtol = 1e-12;
    o.atol = 1e-15;
    int ok = run(pr, &m, &o, e12, &g12) == 0;
    o.rtol = 1e-8;
    o.atol = 1e-11;
    ok = ok && run(pr, &m, &o, e8, &g8) == 0;
    if (ok) {
        printf("rtol 1e-12: p %.1f v %.1f lambda %.1f digits, constraints %.1e\n",
               -log10(e12[0]), -log10(e12[1]), -log10(e12[2]), g12);
        printf("rtol 1e-8:  p %.1f v %.1f lambda %.1f digits\n", -log10(e8[0]), -log10(e8[1]),
               -log10(e8[2]));
        CHECK(e12[0] < 1e-11 && e12[1] < 1e-11 && e12[2] < 1e-9,
              "rtol 1e-12: errors p %.1e v %.1e lambda %.1e", e12[0], e12[1], e12[2]);
        CHECK(e8[0] > 100 * e12[0], "error at 1e-8 (%.1e) not 100x that at 1e-12 (%.1e)",
              e8[0], e12[0]);
        CHECK(g12 < 1e-14 && g8 < 1e-14, "constraint residuals %.1e %.1e", g12, g8);
    }
    if (pr->teardown)
        pr->teardown(&m);
    return check_summary();
}
