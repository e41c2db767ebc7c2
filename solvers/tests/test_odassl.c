/* test_odassl.c — `odassl` on the overdetermined pendulum formulations oEoM1 and
 * oEoM0 (scenario v28, GEOMS Example 4.1, fact sheet ../shared/models/pendulum.md)
 * on [0, 5] against the exact solution (problem->exact): the group-scaled end error
 * of p and v must fall with the tolerance (1e-4 → 1e-8 by at least 2 digits) and
 * the position and velocity constraint residuals (db_mech_residuals) on the output
 * grid must stay small, for both least-squares splittings: ls=dynamics (constraint
 * rows exact at the steps; on the grid the interpolation error remains) ≤ 30·tol,
 * ls=constraints (dynamic rows exact, constraints in least squares) ≤ 1e3·tol, and
 * the default (ls=weighted on oEoM0: position and velocity rows exact, dynamic
 * and weighted acceleration rows in least squares) ≤ 30·tol, with the position
 * residual of oEoM0 at tol 1e-6 ≤ 1e-5 (no drift).  Its supports hook refuses a
 * system with redundant constraints (bricard) and accepts the pendulum. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "solvers/solver.h"
#include "solvers/tests/pendulum_ref.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"

/* supports: 0 with a reason for bricard (DB_REDUNDANT), 1 for the pendulum */
static void test_supports(const db_solver *s, const db_mech *pend)
{
    const db_problem *pb = db_problem_find("bricard");
    db_mech m;
    double par[8];
    CHECK(pb && db_mech_setup_default(pb, 0, &m, par) == 0, "bricard setup");
    if (!pb)
        return;
    const db_mech *ms[2] = {&m, pend};
    for (int k = 0; k < 2; k++) {
        db_dae d;
        char err[256], msg[256] = "";
        memset(&d, 0, sizeof d);
        if (db_dae_build(&d, ms[k], DB_OEOM1, err, sizeof err) != 0) {
            CHECK(0, "build: %s", err);
            continue;
        }
        int ok = s->supports(&d, msg, sizeof msg);
        CHECK(ok == (k == 1), "%s: supports = %d (%s)", k ? "pendulum" : "bricard", ok, msg);
        CHECK(k == 1 || strstr(msg, "redundant"), "bricard: reason '%s'", msg);
        db_dae_free(&d);
    }
    if (pb->teardown)
        pb->teardown(&m);
}

#define NOUT 51

int main(void)
{
    static pend_ref ref;
    if (pend_ref_init(&ref, "v28", NOUT) != 0)
        return check_summary();
    const db_mech *m = &ref.m;
    double mu[4] = { 0.0 };
    const db_solver *s = db_solver_find("odassl");
    CHECK(s != NULL, "odassl not registered");
    if (!s)
        return check_summary();
    test_supports(s, m);
    const db_form forms[] = { DB_OEOM1, DB_OEOM0 };
    const char *variants[] = { "ls=constraints", "ls=dynamics", "" };
    const double tols[] = { 1e-4, 1e-6, 1e-8 };
    static double y[NOUT * 16];
    for (int f = 0; f < 2; f++) {
        db_dae d;
        char err[256];
        memset(&d, 0, sizeof d);
        if (db_dae_build(&d, m, forms[f], err, sizeof err) != 0) {
            CHECK(0, "build %s: %s", db_form_name(forms[f]), err);
            continue;
        }
        CHECK(d.neq > d.n, "%s not overdetermined", db_form_name(forms[f]));
        for (int v = 0; v < 3; v++) {
            double e0 = 0.0, e = 0.0;
            for (int i = 0; i < 3; i++) {
                db_solver_opts o = { .rtol = tols[i], .atol = tols[i], .variant = variants[v] };
                db_output out = { .nt = NOUT, .t = ref.tout, .y = y, .yp = NULL };
                db_counters c;
                char msg[256];
                memset(&c, 0, sizeof c);
                db_status st = s->integrate(&d, &o, &out, &c, msg, sizeof msg);
                CHECK(st == DB_OK, "%s %s tol %.0e: %s %s", db_form_name(forms[f]), variants[v],
                      tols[i], db_status_name(st), msg);
                double rp = 0.0, rv = 0.0;
                for (int k = 0; k < NOUT; k++) {
                    const double *yk = y + (size_t)k * (size_t)d.n;
                    double res[3];
                    db_mech_residuals(m, ref.tout[k], yk + d.off_p, yk + d.off_v, yk + d.off_l,
                                      d.off_m >= 0 ? yk + d.off_m : mu, NULL, res);
                    rp = fmax(rp, res[0]);
                    rv = fmax(rv, res[1]);
                }
                e = st == DB_OK ? pend_ref_error_at(&ref, &d, y, NOUT - 1) : INFINITY;
                if (i == 0)
                    e0 = e;
                printf("%-5s %-16s tol=%.0e scd=%5.2f |g|=%.1e |Gv|=%.1e steps=%ld rej=%ld "
                       "f=%ld jac=%ld dec=%ld sol=%ld\n", db_form_name(forms[f]), variants[v],
                       tols[i], -log10(e), rp, rv, c.steps, c.rejected, c.f_evals, c.jac_evals,
                       c.decompositions, c.solves);
                /* default (ls=weighted on oEoM0: position and velocity rows exact)
                 * must hold the position constraint like ls=dynamics; the brief's
                 * figure for oEoM0 at tol 1e-6 is |g| <= 1e-5 */
                double bound = v == 0 ? 1e3 * tols[i] : 30.0 * tols[i];
                if (v == 2 && forms[f] == DB_OEOM0 && i == 1)
                    CHECK(rp <= 1e-5, "oEoM0 default tol 1e-6: |g| %.2e > 1e-5", rp);
                CHECK(rp <= bound && rv <= bound, "%s %s tol %.0e: residuals %.2e %.2e",
                      db_form_name(forms[f]), variants[v], tols[i], rp, rv);
            }
            CHECK(e < 1e-2 * e0, "%s '%s': error %.2e at 1e-8 vs %.2e at 1e-4",
                  db_form_name(forms[f]), variants[v], e, e0);
        }
        db_dae_free(&d);
    }
    pend_ref_free(&ref);
    return check_summary();
}
