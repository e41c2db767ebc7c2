/* test_fail_class.c — the reason class of failed runs on structurally hard
 * problems (harness/run/run.c, mech.h DB_REDUNDANT / DB_SINGULAR_POS,
 * docs/mech-extensions.md): radau5 on bricard (one redundant constraint
 * everywhere) fails and is classed "redundant", on four_bar_chain (N = 2) it fails
 * at the first singular position t_h1 = 0.71436 s (fact sheet §6) and is classed
 * "singular"; the solver's own class stays at the head of the message; geoms's
 * input failure (no selector) is classed redundant for its default variant, not
 * with a variant given.  The
 * gate goes red: the same failure on a copy of bricard without the flag keeps
 * the solver's class. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/run/run.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static int (*bricard_setup)(db_mech *, int, const double *, char *, size_t);

/* bricard without its DB_REDUNDANT flag */
static int unflagged_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    int rc = bricard_setup(m, sc, par, err, errlen);
    m->flags &= ~(unsigned)DB_REDUNDANT;
    return rc;
}

static void run_one(const db_problem *prob, double N, db_form f, double tol,
                    db_run_result *res)
{
    db_run_spec spec;
    char err[256] = "";
    db_run_spec_init(&spec, prob, 0, f, db_solver_find("radau5"), tol, tol);
    if (N > 0)
        spec.par[0] = N;
    spec.max_cpu = 20.0;
    spec.timing_cap = 1e-9;
    CHECK(db_run_execute(&spec, res, err, sizeof err) == 0, "run: %s", err);
    printf("%s: status %s, reason '%s', message '%s'\n", prob->name, res->status,
           res->reason, res->message);
}

static int head_is_solver_class(const char *msg)
{
    return strncmp(msg, "stepsize: ", 10) == 0 || strncmp(msg, "newton: ", 8) == 0
           || strncmp(msg, "nonfinite: ", 11) == 0;
}

int main(void)
{
    const db_problem *br = db_problem_find("bricard"), *fb = db_problem_find("four_bar_chain");
    CHECK(br && fb && db_solver_find("radau5"), "bricard, four_bar_chain, radau5 registered");
    if (!br || !fb || !db_solver_find("radau5"))
        return check_summary();
    db_run_result res;

    run_one(br, 0, DB_GGL, 1e-6, &res);
    CHECK(strcmp(res.status, "failed") == 0 && strcmp(res.reason, "redundant") == 0
              && head_is_solver_class(res.message),
          "bricard: failed and classed redundant with the solver's class in the message");
    db_run_result_free(&res);

    run_one(fb, 2, DB_EOM1, 1e-4, &res);
    double t = NAN;
    const char *at = strstr(res.message, "at t=");
    if (at)
        t = atof(at + 5);
    CHECK(strcmp(res.status, "failed") == 0 && strcmp(res.reason, "singular") == 0
              && head_is_solver_class(res.message),
          "four_bar_chain: failed and classed singular with the solver's class in the message");
    CHECK(fabs(t - 0.71435552929296) <= 1e-3,
          "four_bar_chain N = 2: the failure is at the singular position t_h1 (t = %g)", t);
    db_run_result_free(&res);

    /* geoms finds no selector (input failure of the default variant): redundant;
     * with a variant given the class stays input */
    db_run_spec spec;
    char err[256] = "";
    db_run_spec_init(&spec, br, 0, DB_OEOM1, db_solver_find("geoms"), 1e-6, 1e-6);
    spec.timing_cap = 1e-9;
    CHECK(db_run_execute(&spec, &res, err, sizeof err) == 0, "run: %s", err);
    CHECK(strcmp(res.reason, "redundant") == 0 && strncmp(res.message, "input: ", 7) == 0,
          "geoms on bricard: reason '%s', message '%s'", res.reason, res.message);
    db_run_result_free(&res);
    spec.variant = "qr";
    CHECK(db_run_execute(&spec, &res, err, sizeof err) == 0, "run: %s", err);
    CHECK(strcmp(res.reason, "input") == 0, "geoms variant qr on bricard: reason '%s'",
          res.reason);
    db_run_result_free(&res);

    /* the gate: without the flag the class is the solver's */
    db_problem copy = *br;
    bricard_setup = br->setup;
    copy.setup = unflagged_setup;
    run_one(&copy, 0, DB_GGL, 1e-6, &res);
    CHECK(strcmp(res.status, "failed") == 0 && strcmp(res.reason, "redundant") != 0
              && (strcmp(res.reason, "stepsize") == 0 || strcmp(res.reason, "newton") == 0),
          "unflagged bricard: reason '%s' must be the solver's class", res.reason);
    db_run_result_free(&res);
    return check_summary();
}
