/* test_bdf_startup.c — the start of bdf on the index-2 GGL form at a tight
 * tolerance: the initial step (DASSL's 0.5/‖y'0‖) is taken over the unknowns of
 * the error test, not over the index-2 unknowns (λ, η, a) whose derivatives are
 * large.  Andrews' squeezer (IVP test set, seed 001 §5.2) on GGL at rtol = atol =
 * 1e-10 once failed at start-up (corrector failures down to h ~ 5e-16 at t ~ 1e-10);
 * now it reaches t_end with its positions within 1e-7 of radau5 at 1e-12. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static db_status end_p(const char *sv, const db_mech *m, double tol, double *p, db_counters *c,
                       char *msg, size_t len)
{
    db_dae d;
    char e[256];
    if (db_dae_build(&d, m, DB_GGL, e, sizeof e) != 0) {
        snprintf(msg, len, "build: %.200s", e);
        return DB_FAIL_INPUT;
    }
    double t1 = m->tend, *y = calloc((size_t)d.n, sizeof *y);
    db_output out = {1, &t1, y, NULL};
    db_solver_opts o = {.rtol = tol, .atol = tol, .max_steps = 200000};
    memset(c, 0, sizeof *c);
    db_status st = db_solver_find(sv)->integrate(&d, &o, &out, c, msg, len);
    memcpy(p, y + d.off_p, sizeof(double) * (size_t)m->np);
    free(y);
    db_dae_free(&d);
    return st;
}

int main(void)
{
    const db_problem *pr = db_problem_find("andrews");
    CHECK(pr != NULL, "andrews registered");
    if (!pr || !db_solver_find("bdf") || !db_solver_find("radau5"))
        return check_summary();
    db_mech m;
    double par[8];
    CHECK(db_mech_setup_default(pr, 0, &m, par) == 0 && m.np <= 16, "andrews setup");
    double p[16], ref[16];
    db_counters c;
    char msg[256] = "";
    db_status sr = end_p("radau5", &m, 1e-12, ref, &c, msg, sizeof msg);
    CHECK(sr == DB_OK, "radau5 reference: %s", msg);
    db_status st = end_p("bdf", &m, 1e-10, p, &c, msg, sizeof msg);
    double e = 0;
    for (int i = 0; i < m.np; i++)
        e = fmax(e, fabs(p[i] - ref[i]));
    printf("bdf GGL andrews tol 1e-10: %s, steps %ld, rejected %ld, max |p - ref| %.2e %s\n",
           db_status_name(st), c.steps, c.rejected, e, msg);
    CHECK(st == DB_OK, "bdf on andrews GGL at 1e-10: %s", msg);
    CHECK(st != DB_OK || e < 1e-7, "bdf on andrews GGL at 1e-10: position error %.2e", e);
    if (pr->teardown)
        pr->teardown(&m);
    return check_summary();
}
