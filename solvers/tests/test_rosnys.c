/* test_rosnys.c — the state-space Rosenbrock–Nyström solver (solvers/rosnys.c,
 * seed 004) on the pendulum with its exact solution (shared/models/pendulum.md §3):
 * measured order in fixed-step mode (4 for the RN formula, 2 for the W-method),
 * error falling with the tolerance in adaptive mode, constraints kept, nonholonomic
 * problems refused; the stiff double pendulum (seed 004 §5.1) against radau5 when
 * both exist. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/solver.h"
#include "solvers/tests/pendulum_ref.h"

#define NT 11

/* max error of p and v over the grid vs the exact solution; residuals */
static db_status run(const db_problem *pr, const db_mech *m, db_solver_opts *o, double *err,
                     double *lerr, double *res, db_counters *c)
{
    char e[256], msg[256];
    db_dae d;
    if (db_dae_build(&d, m, DB_EOM, e, sizeof e))
        return DB_FAIL_INPUT;
    double t[NT], *y = calloc((size_t)NT * d.n, sizeof(double));
    for (int k = 0; k < NT; k++)
        t[k] = m->t0 + (m->tend - m->t0) * k / (NT - 1) * 0.999;   /* not on step points */
    if (o->variant && strstr(o->variant, "fixed"))
        for (int k = 0; k < NT; k++)
            t[k] = m->t0 + (m->tend - m->t0) * k / (NT - 1);
    db_output out = { NT, t, y, NULL };
    const db_solver *s = db_solver_find("rosnys");
    db_status st = s ? s->integrate(&d, o, &out, c, msg, sizeof msg) : DB_FAIL_INPUT;
    if (st != DB_OK)
        fprintf(stderr, "rosnys: %s\n", msg);
    double e5[5];
    pend_run_errors(pr, m, &d, t, y, st == DB_OK ? NT : 0, e5);
    *err = fmax(e5[0], e5[1]);
    *lerr = e5[2];
    *res = fmax(e5[3], e5[4]);
    free(y);
    db_dae_free(&d);
    return st;
}

static void test_pendulum(void)
{
    const db_problem *pr = db_problem_find("pendulum");
    CHECK(pr != NULL, "pendulum registered");
    if (!pr)
        return;
    db_mech m;
    double par[8];
    CHECK(db_mech_setup_default(pr, 0, &m, par) == 0, "pendulum setup");
    /* fixed-step order */
    const char *vars[2] = { "fixed", "w,fixed" };
    const double expect[2] = { 4.0, 2.0 };
    for (int v = 0; v < 2; v++) {
        double prev = 0, slope = 0;
        for (int i = 0; i < 4; i++) {
            const int N = 100 << i;
            db_solver_opts o = { .rtol = 1e-6, .atol = 1e-6, .h0 = 5.0 / N, .variant = vars[v] };
            double err, lerr, res;
            db_counters c;
            db_status st = run(pr, &m, &o, &err, &lerr, &res, &c);
            CHECK(st == DB_OK, "fixed run %s N %d", vars[v], N);
            if (i > 0) {
                slope = log2(prev / err);
                printf("%-8s h = 5/%d: err %.3e  slope %.2f  (lam/10 err %.2e, res %.1e, "
                       "f_evals %ld)\n", vars[v], N, err, slope, lerr, res, c.f_evals);
            } else {
                printf("%-8s h = 5/%d: err %.3e  (f_evals %ld, steps %ld)\n", vars[v], N, err,
                       c.f_evals, c.steps);
            }
            CHECK(res < 1e-12, "constraints kept in state space: %g", res);
            prev = err;
        }
        CHECK(fabs(slope - expect[v]) < 0.35, "%s: measured order %.2f, expected %.0f",
              vars[v], slope, expect[v]);
    }
    /* adaptive */
    double prev = INFINITY;
    const double tols[] = { 1e-4, 1e-6, 1e-8 };
    for (int i = 0; i < 3; i++) {
        db_solver_opts o = { .rtol = tols[i], .atol = tols[i] };
        double err, lerr, res;
        db_counters c;
        db_status st = run(pr, &m, &o, &err, &lerr, &res, &c);
        long rep = -1;
        for (int k = 0; k < c.nextra; k++)
            if (strcmp(c.extra[k].name, "repartitions") == 0)
                rep = c.extra[k].value;
        printf("adaptive tol %.0e: err %.2e lam/10 %.2e res %.1e steps %ld rej %ld f_evals %ld "
               "jac %ld repartitions %ld\n", tols[i], err, lerr, res, c.steps, c.rejected,
               c.f_evals, c.jac_evals, rep);
        CHECK(st == DB_OK, "adaptive status");
        CHECK(err < 300 * tols[i], "adaptive error %g at tol %g", err, tols[i]);
        CHECK(err < 0.5 * prev, "error falls with tol");
        CHECK(rep == 0, "44 deg swing: no repartition needed, %ld", rep);
        prev = err;
    }
    /* 90 deg swing (scenario "long", cut to [0, 5]): p2 passes 0, the partition must
     * change (G = [2p1, 2p2]) */
    {
        db_mech ml;
        double parl[8];
        CHECK(db_mech_setup_default(pr, 2, &ml, parl) == 0, "pendulum long setup");
        ml.tend = 5.0;
        db_solver_opts o = { .rtol = 1e-7, .atol = 1e-7 };
        double err, lerr, res;
        db_counters c;
        db_status st = run(pr, &ml, &o, &err, &lerr, &res, &c);
        long rep = -1;
        for (int k = 0; k < c.nextra; k++)
            if (strcmp(c.extra[k].name, "repartitions") == 0)
                rep = c.extra[k].value;
        printf("90 deg swing tol 1e-7: err %.2e res %.1e steps %ld repartitions %ld\n", err, res,
               c.steps, rep);
        CHECK(st == DB_OK && err < 3e-5, "90 deg swing: status %d err %g", st, err);
        CHECK(rep >= 5, "repartitions at every pass of the horizontal: %ld", rep);
    }
    /* f evaluations per step: 3 stages with F (stage 1 = previous step's end) and 2
     * for ∂F/∂t by central differences (mech.h has no ∂f/∂t and no autonomy flag;
     * rosnys.c takes it at every step since the truck's road input starts after t0) */
    {
        db_solver_opts o = { .rtol = 1e-6, .atol = 1e-6, .h0 = 0.05, .variant = "fixed" };
        double err, lerr, res;
        db_counters c;
        run(pr, &m, &o, &err, &lerr, &res, &c);
        CHECK(c.f_evals <= 5 * c.steps + NT + 2, "3 + 2 f evaluations per step: %ld for %ld steps",
              c.f_evals, c.steps);
    }
}

static void test_refusals(void)
{
    const db_problem *pr = db_problem_find("skateboard");
    if (!pr) {
        printf("skateboard absent: nonholonomic refusal not tested\n");
        return;
    }
    db_mech m;
    double par[16];
    char e[256], msg[256];
    if (db_mech_setup_default(pr, 0, &m, par))
        return;
    db_dae d;
    if (db_dae_build(&d, &m, DB_EOM, e, sizeof e) == 0) {
        double t1 = m.tend, *y = calloc((size_t)d.n, sizeof(double));
        db_output out = { 1, &t1, y, NULL };
        db_solver_opts o = { .rtol = 1e-6, .atol = 1e-6 };
        db_counters c;
        db_status st = db_solver_find("rosnys")->integrate(&d, &o, &out, &c, msg, sizeof msg);
        CHECK(st == DB_FAIL_INPUT && strstr(msg, "nonholonomic"), "nonholonomic refused: %s", msg);
        free(y);
        db_dae_free(&d);
    }
    if (pr->teardown)
        pr->teardown(&m);
}

/* end state of solver sv on formulation f of m at tol: p and v into pv (2 np) */
static db_status end_state(const char *sv, const db_mech *m, db_form f, double tol, double *pv,
                           db_counters *c)
{
    char e[256], msg[256];
    db_dae d;
    const db_solver *s = db_solver_find(sv);
    if (!s || db_dae_build(&d, m, f, e, sizeof e))
        return DB_FAIL_INPUT;
    double t1 = m->tend, *y = calloc((size_t)d.n, sizeof(double));
    db_output out = { 1, &t1, y, NULL };
    db_solver_opts o = { .rtol = tol, .atol = tol, .max_steps = 200000 };
    memset(c, 0, sizeof *c);   /* radau5 does not zero the counters itself */
    db_status st = s->integrate(&d, &o, &out, c, msg, sizeof msg);
    if (st != DB_OK)
        fprintf(stderr, "%s: %s\n", sv, msg);
    memcpy(pv, y + d.off_p, sizeof(double) * (size_t)m->np);
    memcpy(pv + m->np, y + d.off_v, sizeof(double) * (size_t)m->nv);
    free(y);
    db_dae_free(&d);
    return st;
}

/* seed 004 §5.1: stiff double pendulum, rosnys against a tight radau5 reference */
static void test_stiff_double_pendulum(void)
{
    const db_problem *pr = db_problem_find("double_pendulum_stiff");
    if (!pr || !db_solver_find("radau5")) {
        printf("double_pendulum_stiff or radau5 absent: skipped\n");
        return;
    }
    db_mech m;
    double par[16];
    if (db_mech_setup_default(pr, 0, &m, par) || m.np > 16) {
        printf("double_pendulum_stiff setup failed: skipped\n");
        return;
    }
    double ref[32], pv[32];
    db_counters c;
    if (end_state("radau5", &m, DB_EOM1, 1e-11, ref, &c) != DB_OK) {
        printf("radau5 reference failed: skipped\n");
        return;
    }
    double prev = INFINITY;
    const double tols[] = { 1e-4, 1e-6, 1e-8 };
    for (int i = 0; i < 3; i++) {
        db_status st = end_state("rosnys", &m, DB_EOM, tols[i], pv, &c);
        double ep = 0, ev = 0, sp = 0, sv = 0;
        for (int k = 0; k < m.np; k++) {
            ep = fmax(ep, fabs(pv[k] - ref[k]));
            sp = fmax(sp, fabs(ref[k]));
            ev = fmax(ev, fabs(pv[m.np + k] - ref[m.np + k]));
            sv = fmax(sv, fabs(ref[m.np + k]));
        }
        double e = fmax(ep / fmax(sp, 1.0), ev / fmax(sv, 1.0));
        printf("stiff double pendulum tol %.0e: %s, scaled end error %.2e, steps %ld rej %ld "
               "f_evals %ld\n", tols[i], db_status_name(st), e, c.steps, c.rejected, c.f_evals);
        CHECK(st == DB_OK, "stiff double pendulum status at tol %g", tols[i]);
        CHECK(e < 1000 * tols[i], "stiff double pendulum error %g at tol %g", e, tols[i]);
        CHECK(e < prev, "error falls with tol");
        CHECK(c.steps < 20000, "L-stable: step count not stiffness-bound (%ld)", c.steps);
        prev = e;
    }
    if (pr->teardown)
        pr->teardown(&m);
}

int main(void)
{
    test_stiff_double_pendulum();
    test_pendulum();
    test_refusals();
    return check_summary();
}
