/* test_geoms_redundant.c — geoms's rank-revealing variant "svd" (GEOMS's SVD
 * option) for redundant constraints, and the selector function behind it
 * (solvers/selector.c db_selector_redundancy).
 *
 * Asserts:
 *  - db_selector_redundancy on a 4×6 matrix whose last row is a combination of
 *    two others: rank 3, three rows that are independent (their 3×3 minors do not
 *    all vanish: QR pivots with a nonzero third diagonal), a unit null vector n of
 *    Aᵀ; on a full-rank matrix: rank 4, no null space; with strategy QR it refuses;
 *  - Bricard's mechanism (one redundant constraint everywhere, fact sheet
 *    bricard.md §4): geoms on oEoM1 with the default selector fails (no selector);
 *    with "svd" it integrates over a half period (t = 2.5, rest to rest), the
 *    error of p, v against the exact solution (problem->exact) is below 1e-6 at
 *    tol 1e-6 and falls by at least 10 from tol 1e-5 to 1e-7, and the constraints
 *    hold at t_end;
 *  - on a problem without redundancy (pendulum v28) "svd" gives the same run as
 *    the default. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/linalg.h"
#include "solvers/selector.h"
#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static void test_selector(void)
{
    /* rows: r0, r1, r2, r3 = r0 + 2 r1 (column-major 4×6) */
    double A[24];
    const double r0[6] = {1, 2, 0, -1, 3, 0.5}, r1[6] = {0, 1, 4, 2, -1, 1},
                 r2[6] = {2, -1, 1, 0, 0, 3};
    for (int j = 0; j < 6; j++) {
        A[0 + 4 * j] = r0[j];
        A[1 + 4 * j] = r1[j];
        A[2 + 4 * j] = r2[j];
        A[3 + 4 * j] = r0[j] + 2.0 * r1[j];
    }
    db_selector s;
    CHECK(db_selector_alloc(&s, DB_SEL_SVD, 4, 6) == 0, "alloc");
    int rows[4];
    double nul[16];
    int r = db_selector_redundancy(&s, 4, 6, A, 4, rows, nul);
    CHECK(r == 3, "rank %d, want 3", r);
    if (r == 3) {
        /* the chosen rows are independent: rank of A[rows, :] is 3 */
        double B[18];
        for (int j = 0; j < 6; j++)
            for (int i = 0; i < 3; i++)
                B[i + 3 * j] = A[rows[i] + 4 * j];
        int rr[3];
        double bn[9];
        CHECK(db_selector_redundancy(&s, 3, 6, B, 3, rr, bn) == 3,
              "rows %d %d %d are not independent", rows[0], rows[1], rows[2]);
        double nn = 0.0, res = 0.0;
        for (int i = 0; i < 4; i++)
            nn += nul[i] * nul[i];
        for (int j = 0; j < 6; j++) {
            double x = 0.0;
            for (int i = 0; i < 4; i++)
                x += A[i + 4 * j] * nul[i];
            res = fmax(res, fabs(x));
        }
        CHECK(fabs(nn - 1.0) <= 1e-14 && res <= 1e-13, "null vector: |n| = %.17g, |A^T n| = %.2e",
              sqrt(nn), res);
    }
    for (int j = 0; j < 6; j++)   /* full rank */
        A[3 + 4 * j] = r0[j] + 2.0 * r1[j] + (j == 5 ? 1.0 : 0.0);
    CHECK(db_selector_redundancy(&s, 4, 6, A, 4, rows, nul) == 4, "full rank: rank 4");
    db_selector_free(&s);
    CHECK(db_selector_alloc(&s, DB_SEL_QR, 4, 6) == 0, "alloc QR");
    CHECK(db_selector_redundancy(&s, 4, 6, A, 4, rows, nul) == -1, "QR strategy refuses");
    db_selector_free(&s);
}

/* geoms on oEoM1 of problem prob (default scenario, parameters) at tol with
 * variant var; error max |p − p_ex|, |v − v_ex| at t_end and |g| there */
static db_status run(const char *pname, double tol, const char *var, double *err, double *gres,
                     long *steps)
{
    const db_problem *prob = db_problem_find(pname);
    db_mech m;
    double par[8];
    char msg[256] = "";
    *err = *gres = NAN;
    *steps = 0;
    for (int i = 0; i < prob->nparams; i++)
        par[i] = prob->params[i].def;
    if (prob->setup(&m, 0, par, msg, sizeof msg) != 0)
        return DB_FAIL_INPUT;
    m.tend = fmin(m.tend, 2.5);   /* bricard: one half period (rest to rest) */
    db_dae d;
    if (db_dae_build(&d, &m, DB_OEOM1, msg, sizeof msg) != 0) {
        if (prob->teardown)
            prob->teardown(&m);
        return DB_FAIL_INPUT;
    }
    const db_solver *s = db_solver_find("geoms");
    double t[1] = {m.tend}, *y = calloc((size_t)d.n, sizeof *y);
    db_output out = {1, t, y, NULL};
    db_solver_opts o = {0};
    o.rtol = o.atol = tol;
    o.max_steps = 200000;
    o.variant = var;
    db_counters c;
    db_status st = s->integrate(&d, &o, &out, &c, msg, sizeof msg);
    printf("geoms %s on %s, tol %g: %s, %ld steps %s\n", var ? var : "(default)", pname, tol,
           db_status_name(st), c.steps, msg);
    *steps = c.steps;
    if (st == DB_OK) {
        double p[64], v[64], l[64], mu[8], g[64] = {0};
        prob->exact(&m, m.tend, p, v, l, mu);
        double e = 0.0, r = 0.0;
        for (int i = 0; i < m.np; i++)
            e = fmax(e, fmax(fabs(y[d.off_p + i] - p[i]), fabs(y[d.off_v + i] - v[i])));
        m.g(&m, m.tend, y + d.off_p, g);
        for (int i = 0; i < m.nl; i++)
            r = fmax(r, fabs(g[i]));
        *err = e;
        *gres = r;
    }
    free(y);
    db_dae_free(&d);
    if (prob->teardown)
        prob->teardown(&m);
    return st;
}

int main(void)
{
    test_selector();
    double e5, e6, e8, g, gd;
    long n1, n2;
    CHECK(run("bricard", 1e-6, NULL, &e6, &g, &n1) == DB_FAIL_INPUT,
          "default geoms on bricard must fail (no selector for a rank-deficient G)");
    CHECK(run("bricard", 1e-5, "svd", &e5, &g, &n1) == DB_OK, "svd at 1e-5");
    CHECK(run("bricard", 1e-6, "svd", &e6, &g, &n1) == DB_OK, "svd at 1e-6");
    CHECK(run("bricard", 1e-7, "svd", &e8, &g, &n1) == DB_OK, "svd at 1e-7");
    printf("bricard, error of p, v at t = 2.5: %.2e (1e-5)  %.2e (1e-6)  %.2e (1e-7); |g| %.1e\n",
           e5, e6, e8, g);
    CHECK(e6 <= 1e-6, "error at tol 1e-6: %.2e", e6);
    CHECK(e8 <= 0.1 * e5, "error falls by 10 from 1e-5 to 1e-7: %.2e -> %.2e", e5, e8);
    CHECK(g <= 1e-9, "constraints at t_end: %.2e", g);
    CHECK(run("pendulum", 1e-8, "svd", &e8, &g, &n1) == DB_OK
              && run("pendulum", 1e-8, NULL, &e6, &gd, &n2) == DB_OK && n1 == n2 && e8 == e6,
          "pendulum: svd and the default give the same run (%ld / %ld steps, %.3e / %.3e)", n1,
          n2, e8, e6);
    return check_summary();
}
