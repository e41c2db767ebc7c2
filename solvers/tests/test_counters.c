/* test_counters.c — every solver's integrate() zeroes the counters at entry
 * (solver.h: callers need not zero them): a run with counters pre-filled with
 * garbage must report exactly the counters of a run with zeroed ones (counters
 * are deterministic), for each solver on the pendulum (scenario v28, fact sheet
 * ../shared/models/pendulum.md) in the first formulation it accepts.  Counters are in
 * one unit across solvers (solver.h): no extra counter repeats a core counter
 * under another name (mexx once had nstep/nfcn/nsol), and geoms with the energy
 * invariant (+I) counts the Jacobian it makes for the pivoting after every
 * accepted step. */
#include <stdio.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static int same(const db_counters *a, const db_counters *b)
{
    if (a->steps != b->steps || a->rejected != b->rejected || a->f_evals != b->f_evals ||
        a->jac_evals != b->jac_evals || a->decompositions != b->decompositions ||
        a->solves != b->solves || a->nextra != b->nextra)
        return 0;
    for (int i = 0; i < a->nextra; i++)
        if (strcmp(a->extra[i].name, b->extra[i].name) != 0 || a->extra[i].value != b->extra[i].value)
            return 0;
    return 1;
}

int main(void)
{
    const db_problem *prob = db_problem_find("pendulum");
    CHECK(prob != NULL, "no pendulum problem");
    if (!prob)
        return check_summary();
    db_mech m;
    double pars[8];
    if (prob->nparams > 8 || db_mech_setup_default(prob, db_problem_scenario(prob, "v28"), &m, pars)) {
        CHECK(0, "pendulum setup failed");
        return check_summary();
    }
    double tout[3], y[3 * 64];
    for (int s = 0; db_solvers[s]; s++) {
        const db_solver *sv = db_solvers[s];
        int f = 0;
        while (f < DB_NFORMS && !(sv->forms & DB_FORM_BIT(f)))
            f++;
        CHECK(f < DB_NFORMS, "%s accepts no formulation", sv->name);
        if (f >= DB_NFORMS)
            continue;
        db_dae d;
        char err[256];
        memset(&d, 0, sizeof d);
        if (db_dae_build(&d, &m, (db_form)f, err, sizeof err) != 0 || d.n > 64) {
            CHECK(0, "build %s for %s: %s", db_form_name((db_form)f), sv->name, err);
            continue;
        }
        for (int k = 0; k < 3; k++)
            tout[k] = d.t0 + 0.5 * (k + 1) / 3.0;
        db_output out = {.nt = 3, .t = tout, .y = y, .yp = NULL};
        db_solver_opts o = {.rtol = 1e-6, .atol = 1e-6};
        db_counters c0, c1;
        char msg[256];
        memset(&c0, 0, sizeof c0);
        db_status s0 = sv->integrate(&d, &o, &out, &c0, msg, sizeof msg);
        memset(&c1, 0x55, sizeof c1);
        c1.nextra = 3;   /* stale extras of an earlier run */
        db_status s1 = sv->integrate(&d, &o, &out, &c1, msg, sizeof msg);
        printf("%-8s %-6s status %s steps %ld f_evals %ld\n", sv->name, db_form_name((db_form)f),
               db_status_name(s1), c1.steps, c1.f_evals);
        CHECK(s0 == DB_OK && s1 == DB_OK, "%s: status %d / %d (%s)", sv->name, s0, s1, msg);
        CHECK(c0.steps > 0, "%s: no steps counted", sv->name);
        CHECK(same(&c0, &c1), "%s: counters depend on their initial contents (steps %ld vs %ld)",
              sv->name, c0.steps, c1.steps);
        static const char *const core_names[] = {"steps", "rejected", "f_evals", "jac_evals",
                                                 "decompositions", "solves", "nstep", "nfcn",
                                                 "nsol", "nje", "ndec"};
        for (int i = 0; i < c0.nextra; i++)
            for (size_t k = 0; k < sizeof core_names / sizeof core_names[0]; k++)
                CHECK(strcmp(c0.extra[i].name, core_names[k]) != 0,
                      "%s: extra counter '%s' repeats a core counter", sv->name,
                      c0.extra[i].name);
        db_dae_free(&d);
    }
    /* geoms +I: a Jacobian for the pivoting at t0 and after every accepted step */
    const db_solver *gs = db_solver_find("geoms");
    db_dae d;
    char err[256];
    if (gs && db_dae_build(&d, &m, DB_OEOM1, err, sizeof err) == 0 && d.n <= 64) {
        for (int k = 0; k < 3; k++)
            tout[k] = d.t0 + 0.5 * (k + 1) / 3.0;
        db_output out = {.nt = 3, .t = tout, .y = y, .yp = NULL};
        db_solver_opts o = {.rtol = 1e-6, .atol = 1e-6, .variant = "+I"};
        db_counters c;
        char msg[256];
        db_status st = gs->integrate(&d, &o, &out, &c, msg, sizeof msg);
        CHECK(st == DB_OK && c.jac_evals >= c.steps + 1,
              "geoms +I: jac_evals %ld < accepted steps %ld + 1 (status %s)", c.jac_evals,
              c.steps, db_status_name(st));
        db_dae_free(&d);
    } else {
        CHECK(0, "geoms on oEoM1 for +I: %s", err);
    }
    if (prob->teardown)
        prob->teardown(&m);
    return check_summary();
}
