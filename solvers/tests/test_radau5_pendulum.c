/* test_radau5_pendulum.c — radau5 on the four formulations it accepts (EoM1, GGL,
 * EoM0, EoM) of the pendulum, scenario v28 (GEOMS Example 4.1, fact sheet
 * ../shared/models/pendulum.md), on [0, 5] against the exact elliptic-function
 * solution (problem->exact, sheet §3).
 *
 * scd = −log10 max(e_p, e_v) at t_end, where e_X = max_i |X_i − X_ref,i| divided by
 * the largest |X_ref,i| of the group over a 101-point grid of the span (DESIGN.md,
 * "Errors are scaled per group").  Asserts that the error falls as the tolerance
 * falls for every formulation, that GGL reaches scd >= 8 at tol 1e-10, and
 * EoM (index 3, RADAU5's h-scaling of the error) scd >= 3 at tol 1e-6. */
#include <math.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

#define NOUT 101

int main(void)
{
    const db_problem *prob = db_problem_find("pendulum");
    CHECK(prob != NULL, "no pendulum problem");
    if (!prob)
        return check_summary();
    const int sc = db_problem_scenario(prob, "v28");
    CHECK(sc >= 0, "no scenario v28");
    db_mech m;
    double pars[8];
    if (sc < 0 || prob->nparams > 8 || db_mech_setup_default(prob, sc, &m, pars) != 0) {
        CHECK(0, "pendulum setup failed");
        return check_summary();
    }

    /* exact solution on the grid, group magnitudes */
    double tout[NOUT], pex[NOUT][2], vex[NOUT][2], lam[4], mu[4];
    double pmag = 0.0, vmag = 0.0;
    for (int k = 0; k < NOUT; k++) {
        tout[k] = m.t0 + (m.tend - m.t0) * (double)k / (NOUT - 1);
        CHECK(prob->exact(&m, tout[k], pex[k], vex[k], lam, mu) == 0, "exact failed");
        for (int i = 0; i < 2; i++) {
            pmag = fmax(pmag, fabs(pex[k][i]));
            vmag = fmax(vmag, fabs(vex[k][i]));
        }
    }

    const db_form forms[] = { DB_EOM1, DB_GGL, DB_EOM0, DB_EOM };
    const double tols[] = { 1e-4, 1e-6, 1e-8, 1e-10 };
    const db_solver *s = db_solver_find("radau5");
    static double y[NOUT * 16];
    for (int f = 0; f < 4; f++) {
        db_dae d;
        char err[256];
        memset(&d, 0, sizeof d);
        if (db_dae_build(&d, &m, forms[f], err, sizeof err) != 0) {
            CHECK(0, "build %s: %s", db_form_name(forms[f]), err);
            continue;
        }
        CHECK(d.n <= 16, "n = %d too large for the test buffer", d.n);
        if (d.n > 16) {
            db_dae_free(&d);
            continue;
        }
        double prev = INFINITY;
        for (int i = 0; i < 4; i++) {
            db_solver_opts o = { .rtol = tols[i], .atol = tols[i] };
            db_output out = { .nt = NOUT, .t = tout, .y = y, .yp = NULL };
            db_counters c;
            char msg[256];
            memset(&c, 0, sizeof c);
            db_status st = s->integrate(&d, &o, &out, &c, msg, sizeof msg);
            CHECK(st == DB_OK, "%s tol %.0e: %s %s", db_form_name(forms[f]), tols[i],
                  db_status_name(st), msg);
            const double *ye = y + (size_t)(NOUT - 1) * (size_t)d.n;
            double ep = 0.0, ev = 0.0, eg = 0.0;
            for (int j = 0; j < 2; j++) {
                ep = fmax(ep, fabs(ye[d.off_p + j] - pex[NOUT - 1][j]) / pmag);
                ev = fmax(ev, fabs(ye[d.off_v + j] - vex[NOUT - 1][j]) / vmag);
            }
            for (int k = 0; k < NOUT; k++)
                for (int j = 0; j < 2; j++) {
                    const double *yk = y + (size_t)k * (size_t)d.n;
                    eg = fmax(eg, fabs(yk[d.off_p + j] - pex[k][j]) / pmag);
                    eg = fmax(eg, fabs(yk[d.off_v + j] - vex[k][j]) / vmag);
                }
            const double e = st == DB_OK ? fmax(ep, ev) : INFINITY;
            const double scd = -log10(e);
            printf("%-4s tol=%.0e scd=%5.2f grid-scd=%5.2f steps=%ld rejected=%ld f=%ld jac=%ld "
                   "dec=%ld sol=%ld\n", db_form_name(forms[f]), tols[i], scd, -log10(eg), c.steps,
                   c.rejected, c.f_evals, c.jac_evals, c.decompositions, c.solves);
            CHECK(e < prev, "%s: error %.2e at tol %.0e does not fall (prev %.2e)",
                  db_form_name(forms[f]), e, tols[i], prev);
            if (forms[f] == DB_GGL && tols[i] == 1e-10)
                CHECK(scd >= 8.0, "GGL tol 1e-10: scd %.2f < 8", scd);
            if (forms[f] == DB_EOM && tols[i] == 1e-6)
                CHECK(scd >= 3.0, "EoM tol 1e-6: scd %.2f < 3", scd);
            if (forms[f] != DB_EOM)
                CHECK(scd >= -log10(tols[i]) - 2.5, "%s tol %.0e: scd %.2f too low",
                      db_form_name(forms[f]), tols[i], scd);
            prev = e;
        }
        db_dae_free(&d);
    }
    if (prob->teardown)
        prob->teardown(&m);
    return check_summary();
}
