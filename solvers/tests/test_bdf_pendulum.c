/* test_bdf_pendulum.c — `bdf` on the pendulum (scenario v28, GEOMS Example 4.1,
 * fact sheet ../shared/models/pendulum.md) in EoM0, EoM1 and GGL on [0, 5] at
 * tol 1e-4 … 1e-8 against the exact solution (problem->exact).  scd = −log10 of the
 * larger group-scaled end error of p and v (DESIGN.md).  Asserts that the error
 * falls with the tolerance (per form, from 1e-4 to 1e-8 by at least 2 digits) and
 * that scd ≥ −log10(tol) − 3 for EoM1 and GGL (EoM0 drifts off the position
 * constraint, fact sheet formulations.md: only "error falls" is asserted for it);
 * also that jac=group gives the same run as jac=fd at tol 1e-6 (GGL). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "solvers/solver.h"
#include "solvers/tests/pendulum_ref.h"

#define NOUT 101

static pend_ref ref;

static double run(const db_solver *s, const db_dae *d, double tol, const char *variant,
                  db_counters *c, double *gscd)
{
    static double y[NOUT * 16];
    db_solver_opts o = { .rtol = tol, .atol = tol, .variant = variant };
    db_output out = { .nt = NOUT, .t = ref.tout, .y = y, .yp = NULL };
    char msg[256];
    memset(c, 0, sizeof *c);
    db_status st = s->integrate(d, &o, &out, c, msg, sizeof msg);
    CHECK(st == DB_OK, "%s tol %.0e %s: %s %s", db_form_name(d->form), tol,
          variant ? variant : "", db_status_name(st), msg);
    if (st != DB_OK)
        return INFINITY;
    *gscd = -log10(pend_ref_grid_error(&ref, d, y));
    return pend_ref_error_at(&ref, d, y, NOUT - 1);
}

int main(void)
{
    if (pend_ref_init(&ref, "v28", NOUT) != 0)
        return check_summary();
    const db_solver *s = db_solver_find("bdf");
    CHECK(s != NULL, "bdf not registered");
    if (!s)
        return check_summary();
    const db_form forms[] = { DB_EOM0, DB_EOM1, DB_GGL };
    const double tols[] = { 1e-4, 1e-5, 1e-6, 1e-7, 1e-8 };
    for (int f = 0; f < 3; f++) {
        db_dae d;
        char err[256];
        memset(&d, 0, sizeof d);
        if (db_dae_build(&d, &ref.m, forms[f], err, sizeof err) != 0) {
            CHECK(0, "build %s: %s", db_form_name(forms[f]), err);
            continue;
        }
        double e0 = 0.0, e = 0.0;
        for (int i = 0; i < 5; i++) {
            db_counters c;
            double gscd = 0.0;
            e = run(s, &d, tols[i], NULL, &c, &gscd);
            printf("%-4s tol=%.0e scd=%5.2f grid-scd=%5.2f steps=%ld rejected=%ld f=%ld jac=%ld "
                   "dec=%ld sol=%ld\n", db_form_name(forms[f]), tols[i], -log10(e), gscd, c.steps,
                   c.rejected, c.f_evals, c.jac_evals, c.decompositions, c.solves);
            if (i == 0)
                e0 = e;
            if (forms[f] != DB_EOM0)
                CHECK(-log10(e) >= -log10(tols[i]) - 3.0, "%s tol %.0e: scd %.2f",
                      db_form_name(forms[f]), tols[i], -log10(e));
        }
        CHECK(e < 1e-2 * e0, "%s: error %.2e at 1e-8 vs %.2e at 1e-4", db_form_name(forms[f]),
              e, e0);
        if (forms[f] == DB_GGL) {
            db_counters cf, cg;
            double g1, g2;
            double ef = run(s, &d, 1e-6, "jac=fd", &cf, &g1);
            double eg = run(s, &d, 1e-6, "jac=group", &cg, &g2);
            printf("GGL tol 1e-6 jac=fd: scd %.2f f=%ld jac=%ld; jac=group: scd %.2f f=%ld jac=%ld\n",
                   -log10(ef), cf.f_evals, cf.jac_evals, -log10(eg), cg.f_evals, cg.jac_evals);
            CHECK(fabs(log10(ef) - log10(eg)) < 0.5, "fd vs group scd %g %g", ef, eg);
        }
        db_dae_free(&d);
    }
    pend_ref_free(&ref);
    return check_summary();
}
