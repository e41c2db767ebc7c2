/* test_geoms_newton.c — geoms's opt-in Newton variants (issue 30 item 6,
 * docs/solvers.md "geoms"): "newton=count" (the default iteration, predicted
 * slow-convergence reductions counted apart) and "newton=report" (GEOMS's
 * documented NIT = 10, FNEWT = min(0.03, RTOL)/2, slow convergence counted as
 * NCRJCT with a selector check), on pendulum v28, oEoM1, tol 1e-7, h0 = 0.01
 * (seed 000 Table 3).
 *
 * Asserts:
 *  - the tokens parse; an unknown newton= value, and nit=/fnewt= without a
 *    newton= token, are rejected with DB_FAIL_INPUT;
 *  - newton=count changes nothing but counters: same steps, rejections and
 *    Newton iterations as the default, and the new counter present;
 *  - newton=report changes the iteration: more Newton iterations per step
 *    attempt than the default (a tighter FNEWT), and its NCRJCT is nonzero
 *    where the default's is 0. */
#include <stdio.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

#define NOUT 11
#define NMAX 8

static long extra(const db_counters *c, const char *name)
{
    long v;
    return db_counters_get_extra(c, name, &v) ? v : -1;
}

static db_status run(const db_dae *d, const char *variant, db_counters *c)
{
    static double y[NOUT * NMAX];
    double tout[NOUT];
    for (int k = 0; k < NOUT; k++)
        tout[k] = d->t0 + (d->tend - d->t0) * (double)k / (NOUT - 1);
    tout[NOUT - 1] = d->tend;
    db_output out = { NOUT, tout, y, NULL };
    db_solver_opts o = { .rtol = 1e-7, .atol = 1e-7, .h0 = 0.01, .variant = variant };
    char msg[256];
    memset(c, 0, sizeof *c);
    return db_solver_find("geoms")->integrate(d, &o, &out, c, msg, sizeof msg);
}

int main(void)
{
    const db_problem *prob = db_problem_find("pendulum");
    CHECK(prob != NULL, "no pendulum problem");
    if (!prob)
        return check_summary();
    const int sc = db_problem_scenario(prob, "v28");
    db_mech m;
    double pars[8];
    if (sc < 0 || prob->nparams > 8 || db_mech_setup_default(prob, sc, &m, pars) != 0) {
        CHECK(0, "pendulum v28 setup failed");
        return check_summary();
    }
    db_dae d;
    char err[256];
    memset(&d, 0, sizeof d);
    if (db_dae_build(&d, &m, DB_OEOM1, err, sizeof err) != 0) {
        CHECK(0, "build oEoM1: %s", err);
        return check_summary();
    }
    db_counters c0, cc, cr, cx;
    CHECK(run(&d, NULL, &c0) == DB_OK, "default run failed");
    CHECK(run(&d, "newton=count", &cc) == DB_OK, "newton=count failed");
    CHECK(run(&d, "newton=report", &cr) == DB_OK, "newton=report failed");
    CHECK(run(&d, "newton=bogus", &cx) == DB_FAIL_INPUT, "newton=bogus accepted");
    CHECK(run(&d, "nit=5", &cx) == DB_FAIL_INPUT, "nit= without newton= accepted");
    CHECK(run(&d, "newton=report,nit=10,fnewt=1e-3", &cx) == DB_OK, "nit=/fnewt= not parsed");

    const long it0 = extra(&c0, "newton_iters"), itc = extra(&cc, "newton_iters");
    const long itr = extra(&cr, "newton_iters");
    printf("default: steps %ld rejected %ld iters %ld ncrjct %ld\n", c0.steps, c0.rejected, it0,
           extra(&c0, "newton_failures"));
    printf("count:   steps %ld rejected %ld iters %ld slow %ld\n", cc.steps, cc.rejected, itc,
           extra(&cc, "slow_convergence_reductions"));
    printf("report:  steps %ld rejected %ld iters %ld ncrjct %ld\n", cr.steps, cr.rejected, itr,
           extra(&cr, "newton_failures"));
    CHECK(extra(&c0, "slow_convergence_reductions") == -1, "default grew a counter");
    CHECK(cc.steps == c0.steps && cc.rejected == c0.rejected && itc == it0,
          "newton=count changed the integration");
    CHECK(extra(&cc, "slow_convergence_reductions") >= 0, "newton=count: no counter");
    CHECK(extra(&c0, "newton_failures") == 0, "default NCRJCT %ld (expected 0)",
          extra(&c0, "newton_failures"));
    CHECK(extra(&cr, "newton_failures") > 0, "newton=report: NCRJCT 0");
    CHECK((double)itr / (double)(cr.steps + cr.rejected) >
              1.5 * (double)it0 / (double)(c0.steps + c0.rejected),
          "newton=report: Newton iterations per attempt not higher (%ld vs %ld)", itr, it0);
    db_dae_free(&d);
    return check_summary();
}
