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
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

#define NOUT 101

static double tout[NOUT], pex[NOUT][2], vex[NOUT][2], pmag, vmag;

static double run(const db_solver *s, const db_dae *d, double tol, const char *variant,
                  db_counters *c, double *gscd)
{
    static double y[NOUT * 16];
    db_solver_opts o = { .rtol = tol, .atol = tol, .variant = variant };
    db_output out = { .nt = NOUT, .t = tout, .y = y, .yp = NULL };
    char msg[256];
    memset(c, 0, sizeof *c);
    db_status st = s->integrate(d, &o, &out, c, msg, sizeof msg);
    CHECK(st == DB_OK, "%s tol %.0e %s: %s %s", db_form_name(d->form), tol,
          variant ? variant : "", db_status_name(st), msg);
    if (st != DB_OK)
        return INFINITY;
    const double *ye = y + (size_t)(NOUT - 1) * (size_t)d->n;
    double ep = 0.0, ev = 0.0, eg = 0.0;
    for (int j = 0; j < 2; j++) {
        ep = fmax(ep, fabs(ye[d->off_p + j] - pex[NOUT - 1][j]) / pmag);
        ev = fmax(ev, fabs(ye[d->off_v + j] - vex[NOUT - 1][j]) / vmag);
    }
    for (int k = 0; k < NOUT; k++) {
        const double *yk = y + (size_t)k * (size_t)d->n;
        for (int j = 0; j < 2; j++) {
            eg = fmax(eg, fabs(yk[d->off_p + j] - pex[k][j]) / pmag);
            eg = fmax(eg, fabs(yk[d->off_v + j] - vex[k][j]) / vmag);
        }
    }
    *gscd = -log10(eg);
    return fmax(ep, ev);
}

int main(void)
{
    const db_problem *prob = db_problem_find("pendulum");
    CHECK(prob != NULL, "no pendulum problem");
    if (!prob)
        return check_summary();
    const int sc = db_problem_scenario(prob, "v28");
    db_mech m;
    double pars[8], lam[4], mu[4];
    if (sc < 0 || prob->nparams > 8 || db_mech_setup_default(prob, sc, &m, pars) != 0) {
        CHECK(0, "pendulum setup failed");
        return check_summary();
    }
    for (int k = 0; k < NOUT; k++) {
        tout[k] = m.t0 + (m.tend - m.t0) * (double)k / (NOUT - 1);
        CHECK(prob->exact(&m, tout[k], pex[k], vex[k], lam, mu) == 0, "exact failed");
        for (int i = 0; i < 2; i++) {
            pmag = fmax(pmag, fabs(pex[k][i]));
            vmag = fmax(vmag, fabs(vex[k][i]));
        }
    }
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
        if (db_dae_build(&d, &m, forms[f], err, sizeof err) != 0) {
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
    if (prob->teardown)
        prob->teardown(&m);
    return check_summary();
}
