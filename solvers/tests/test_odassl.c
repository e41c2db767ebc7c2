/* test_odassl.c — `odassl` on the overdetermined pendulum formulations oEoM1 and
 * oEoM0 (scenario v28, GEOMS Example 4.1, fact sheet ../shared/models/pendulum.md)
 * on [0, 5] against the exact solution (problem->exact): the group-scaled end error
 * of p and v must fall with the tolerance (1e-4 → 1e-8 by at least 2 digits) and
 * the position and velocity constraint residuals (db_mech_residuals) on the output
 * grid must stay small, for both least-squares splittings: ls=dynamics (constraint
 * rows exact at the steps; on the grid the interpolation error remains) ≤ 30·tol,
 * ls=constraints (dynamic rows exact, constraints in least squares) ≤ 1e3·tol. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

#define NOUT 51

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
    double tout[NOUT], pex[NOUT][2], vex[NOUT][2], pmag = 0.0, vmag = 0.0;
    for (int k = 0; k < NOUT; k++) {
        tout[k] = m.t0 + (m.tend - m.t0) * (double)k / (NOUT - 1);
        CHECK(prob->exact(&m, tout[k], pex[k], vex[k], lam, mu) == 0, "exact failed");
        for (int i = 0; i < 2; i++) {
            pmag = fmax(pmag, fabs(pex[k][i]));
            vmag = fmax(vmag, fabs(vex[k][i]));
        }
    }
    const db_solver *s = db_solver_find("odassl");
    CHECK(s != NULL, "odassl not registered");
    if (!s)
        return check_summary();
    const db_form forms[] = { DB_OEOM1, DB_OEOM0 };
    const char *variants[] = { "ls=constraints", "ls=dynamics" };
    const double tols[] = { 1e-4, 1e-6, 1e-8 };
    static double y[NOUT * 16];
    for (int f = 0; f < 2; f++) {
        db_dae d;
        char err[256];
        memset(&d, 0, sizeof d);
        if (db_dae_build(&d, &m, forms[f], err, sizeof err) != 0) {
            CHECK(0, "build %s: %s", db_form_name(forms[f]), err);
            continue;
        }
        CHECK(d.neq > d.n, "%s not overdetermined", db_form_name(forms[f]));
        for (int v = 0; v < 2; v++) {
            double e0 = 0.0, e = 0.0;
            for (int i = 0; i < 3; i++) {
                db_solver_opts o = { .rtol = tols[i], .atol = tols[i], .variant = variants[v] };
                db_output out = { .nt = NOUT, .t = tout, .y = y, .yp = NULL };
                db_counters c;
                char msg[256];
                memset(&c, 0, sizeof c);
                db_status st = s->integrate(&d, &o, &out, &c, msg, sizeof msg);
                CHECK(st == DB_OK, "%s %s tol %.0e: %s %s", db_form_name(forms[f]), variants[v],
                      tols[i], db_status_name(st), msg);
                const double *ye = y + (size_t)(NOUT - 1) * (size_t)d.n;
                double ep = 0.0, ev = 0.0, rp = 0.0, rv = 0.0;
                for (int j = 0; j < 2; j++) {
                    ep = fmax(ep, fabs(ye[d.off_p + j] - pex[NOUT - 1][j]) / pmag);
                    ev = fmax(ev, fabs(ye[d.off_v + j] - vex[NOUT - 1][j]) / vmag);
                }
                for (int k = 0; k < NOUT; k++) {
                    const double *yk = y + (size_t)k * (size_t)d.n;
                    double res[3];
                    db_mech_residuals(&m, tout[k], yk + d.off_p, yk + d.off_v, yk + d.off_l,
                                      d.off_m >= 0 ? yk + d.off_m : mu, NULL, res);
                    rp = fmax(rp, res[0]);
                    rv = fmax(rv, res[1]);
                }
                e = st == DB_OK ? fmax(ep, ev) : INFINITY;
                if (i == 0)
                    e0 = e;
                printf("%-5s %-14s tol=%.0e scd=%5.2f |g|=%.1e |Gv|=%.1e steps=%ld rej=%ld "
                       "f=%ld jac=%ld dec=%ld sol=%ld\n", db_form_name(forms[f]), variants[v],
                       tols[i], -log10(e), rp, rv, c.steps, c.rejected, c.f_evals, c.jac_evals,
                       c.decompositions, c.solves);
                double bound = v == 1 ? 30.0 * tols[i] : 1e3 * tols[i];
                CHECK(rp <= bound && rv <= bound, "%s %s tol %.0e: residuals %.2e %.2e",
                      db_form_name(forms[f]), variants[v], tols[i], rp, rv);
            }
            CHECK(e < 1e-2 * e0, "%s %s: error %.2e at 1e-8 vs %.2e at 1e-4",
                  db_form_name(forms[f]), variants[v], e, e0);
        }
        db_dae_free(&d);
    }
    if (prob->teardown)
        prob->teardown(&m);
    return check_summary();
}
