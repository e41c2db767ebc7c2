/* test_refgauss.c — the check method of the reference path (reference/refgauss.h):
 *   - the Gauss–Legendre tableau of s = 1..6 stages satisfies the simplifying
 *     assumptions B(2s) (Σ b_i c_i^(k−1) = 1/k, k ≤ 2s) and C(s)
 *     (Σ_j a_ij c_j^(k−1) = c_i^k / k, k ≤ s), which make it order 2s;
 *   - on the pendulum (exact solution, testset/pendulum.c) with fixed steps h
 *     and h/2 the error at t_end falls by 2^(2s) (observed order within 2s ± 0.6
 *     for s = 1, 2, 3);
 *   - with 5 stages at h = 0.01 every grid point meets the exact solution to 12
 *     digits in p and v, 10 in λ, and the constraints hold to rounding.
 * A wrong node, weight or tableau entry, a missing projection or a wrong
 * multiplier at the output fails one of these. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reference/refgauss.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"
#include "refpath_exact.h"

#define NT 21

/* errors of p, v, λ over the grid (group-scaled), constraint residual */
static int run(const db_problem *pr, const db_mech *m, int s, double h, double e[3], double *gres,
               double *eend)
{
    double t[NT], p[NT * 2], v[NT * 2], l[NT], mu[1];
    for (int k = 0; k < NT; k++)
        t[k] = k == NT - 1 ? m->tend : m->t0 + (m->tend - m->t0) * k / (NT - 1);
    db_refgauss_opts o = {s, h, 0};
    db_refint_stats st;
    char err[256] = "";
    int rc = db_refgauss_solve(m, &o, NT, t, p, v, l, mu, &st, err, sizeof err);
    CHECK(rc == 0, "refgauss on the pendulum (s = %d, h = %g): %s", s, h, err);
    if (rc != 0)
        return -1;
    refpath_errors(pr, m, NT, t, p, v, l, e, gres, eend);
    return 0;
}

int main(void)
{
    /* the tableau */
    for (int s = 1; s <= 6; s++) {
        long double c[DB_REFGAUSS_MAX_STAGES], b[DB_REFGAUSS_MAX_STAGES],
            A[DB_REFGAUSS_MAX_STAGES * DB_REFGAUSS_MAX_STAGES];
        CHECK(db_refgauss_tableau(s, c, b, A) == 0, "tableau of %d stages", s);
        long double worst = 0.0L;
        for (int k = 1; k <= 2 * s; k++) {
            long double sum = 0.0L;
            for (int i = 0; i < s; i++)
                sum += b[i] * powl(c[i], k - 1);
            worst = fmaxl(worst, fabsl(sum - 1.0L / k));
        }
        for (int i = 0; i < s; i++)
            for (int k = 1; k <= s; k++) {
                long double sum = 0.0L;
                for (int j = 0; j < s; j++)
                    sum += A[i * s + j] * powl(c[j], k - 1);
                worst = fmaxl(worst, fabsl(sum - powl(c[i], k) / k));
            }
        for (int i = 1; i < s; i++)
            CHECK(c[i] > c[i - 1], "s = %d: nodes not ascending", s);
        CHECK(worst < 1e-17L, "s = %d: B(2s), C(s) violated by %Lg", s, worst);
    }
    long double c[2], b[2], A[4];
    CHECK(db_refgauss_tableau(0, c, b, A) != 0 &&
              db_refgauss_tableau(DB_REFGAUSS_MAX_STAGES + 1, c, b, A) != 0,
          "stage counts out of range refused");

    const db_problem *pr = db_problem_find("pendulum");
    CHECK(pr != NULL && pr->exact, "pendulum with exact solution");
    if (!pr)
        return check_summary();
    double par[8];
    db_mech m;
    CHECK(db_mech_setup_default(pr, 0, &m, par) == 0, "setup of the pendulum failed");

    /* convergence order with fixed steps */
    const double h1[4] = {0, 0.02, 0.05, 0.025};
    for (int s = 1; s <= 3; s++) {
        double e1[3], e2[3], g1, g2, x1, x2;
        if (run(pr, &m, s, h1[s], e1, &g1, &x1) != 0 || run(pr, &m, s, h1[s] / 2, e2, &g2, &x2))
            break;
        double ord = log2(x1 / x2);
        printf("s = %d: error at t_end %.2e (h %g) %.2e (h %g): observed order %.2f\n", s, x1,
               h1[s], x2, h1[s] / 2, ord);
        CHECK(fabs(ord - 2 * s) <= 0.6, "s = %d: observed order %.2f, expected %d", s, ord,
              2 * s);
    }

    /* the reference setting */
    double e[3], g, x;
    if (run(pr, &m, 5, 0.01, e, &g, &x) == 0) {
        printf("s = 5, h = 0.01: p %.1f v %.1f lambda %.1f digits, constraints %.1e\n",
               -log10(e[0]), -log10(e[1]), -log10(e[2]), g);
        CHECK(e[0] < 1e-12 && e[1] < 1e-12 && e[2] < 1e-10,
              "s = 5: errors p %.1e v %.1e lambda %.1e", e[0], e[1], e[2]);
        CHECK(g < 1e-14, "constraint residual %.1e", g);
    }
    if (pr->teardown)
        pr->teardown(&m);
    return check_summary();
}
