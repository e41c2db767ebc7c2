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
#include "solvers/tests/pendulum_ref.h"

#define NOUT 101

int main(void)
{
    static pend_ref ref;
    if (pend_ref_init(&ref, "v28", NOUT) != 0)
        return check_summary();

    const db_form forms[] = { DB_EOM1, DB_GGL, DB_EOM0, DB_EOM };
    const double tols[] = { 1e-4, 1e-6, 1e-8, 1e-10 };
    const db_solver *s = db_solver_find("radau5");
    static double y[NOUT * 16];
    for (int f = 0; f < 4; f++) {
        db_dae d;
        char err[256];
        memset(&d, 0, sizeof d);
        if (db_dae_build(&d, &ref.m, forms[f], err, sizeof err) != 0) {
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
            db_output out = { .nt = NOUT, .t = ref.tout, .y = y, .yp = NULL };
            db_counters c;
            char msg[256];
            memset(&c, 0, sizeof c);
            db_status st = s->integrate(&d, &o, &out, &c, msg, sizeof msg);
            CHECK(st == DB_OK, "%s tol %.0e: %s %s", db_form_name(forms[f]), tols[i],
                  db_status_name(st), msg);
            const double eg = pend_ref_grid_error(&ref, &d, y);
            const double e = st == DB_OK ? pend_ref_error_at(&ref, &d, y, NOUT - 1) : INFINITY;
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
    pend_ref_free(&ref);
    return check_summary();
}
