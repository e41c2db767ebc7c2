/* test_rosnys.c — the state-space Rosenbrock–Nyström solver (solvers/rosnys.c,
 * seed 004) on the pendulum with its exact solution (shared/models/pendulum.md §3):
 * measured order in fixed-step mode (4 for the RN formula, 2 for the W-method),
 * error falling with the tolerance in adaptive mode, constraints kept, nonholonomic
 * problems refused; the stiff double pendulum (seed 004 §5.1) against radau5 when
 * both exist, and its measured fixed-step order there (issue 7, test_stiff_order);
 * its dense velocities against seed 004 Table 2 (issue 17: a quintic through the
 * stiff end accelerations made them 80-110x worse than published). */
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

/* end state (at m->tend) of solver sv with options o on formulation f of m: p and v
 * into pv (2 np) */
static db_status end_state_o(const char *sv, const db_mech *m, db_form f,
                             const db_solver_opts *o, double *pv, db_counters *c)
{
    char e[256], msg[256];
    db_dae d;
    const db_solver *s = db_solver_find(sv);
    if (!s || db_dae_build(&d, m, f, e, sizeof e))
        return DB_FAIL_INPUT;
    double t1 = m->tend, *y = calloc((size_t)d.n, sizeof(double));
    db_output out = { 1, &t1, y, NULL };
    memset(c, 0, sizeof *c);   /* radau5 does not zero the counters itself */
    db_status st = s->integrate(&d, o, &out, c, msg, sizeof msg);
    if (st != DB_OK)
        fprintf(stderr, "%s: %s\n", sv, msg);
    memcpy(pv, y + d.off_p, sizeof(double) * (size_t)m->np);
    memcpy(pv + m->np, y + d.off_v, sizeof(double) * (size_t)m->nv);
    free(y);
    db_dae_free(&d);
    return st;
}

/* the same at rtol = atol = tol */
static db_status end_state(const char *sv, const db_mech *m, db_form f, double tol, double *pv,
                           db_counters *c)
{
    db_solver_opts o = { .rtol = tol, .atol = tol, .max_steps = 200000 };
    return end_state_o(sv, m, f, &o, pv, c);
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

/* max |error| over p and v of rosnys (fixed steps h = T/N, variant var) at m->tend
 * against ref; the number of steps taken into *steps */
static double fixed_err(const db_mech *m, const char *var, int N, const double *ref, long *steps)
{
    double pv[32];
    db_counters c;
    db_solver_opts o = { .rtol = 1, .atol = 1, .h0 = (m->tend - m->t0) / N, .variant = var,
                         .max_steps = 1000000 };
    if (end_state_o("rosnys", m, DB_EOM, &o, pv, &c) != DB_OK)
        return INFINITY;
    *steps = c.steps;
    double e = 0;
    for (int k = 0; k < m->np + m->nv; k++)
        e = fmax(e, fabs(pv[k] - ref[k]));
    return e;
}

/* issue 7: measured order of rosnys in fixed-step mode on the stiff double pendulum
 * (seed 004 §5.1), reference radau5 on GGL at rtol = atol = 1e-13 at the end time.
 *
 * The RSDA-2 damper gives an eigenvalue λ ≈ −1e5 (sheet §4) and the initial values
 * (θ1' = 0, θ2' = 10) are not on its slow manifold, so the solution has a fast
 * transient over the first ~1e-4 s that decides the fixed-step error.  Measured
 * (Release build, this test's output):
 *   - resolved regime h|λ| ≤ 0.25 (span 1e-3 from t0, N = 400…1600 for RN4,
 *     1600…6400 for W): RN4 slopes 3.92, 3.96; W slopes 1.93, 1.96 (the W slope
 *     only climbs past 1.7 from N ≈ 400: 1.50, 1.55, 1.64, 1.73, 1.81, 1.88 for
 *     N = 50…1600).  Here the order is 4, which also checks the analytic J1, J2: a
 *     Rosenbrock method with a wrong Jacobian drops to order 2 once hJ matters;
 *   - stiff regime h|λ| = 30…125 (span 1 s, N = 800…3200): RN4 slopes 2.05, 2.03
 *     (2.07 from N = 400), W 2.63, 2.30.  This is the stiff order reduction of Rosenbrock
 *     methods (stage order 1; seed 004 §5.1 refers to it, "stiffness induced order
 *     reduction"), not an error of rosnys: the same RN4 coefficients, applied in
 *     the same transformed form to the Prothero–Robinson problem
 *     y' = λ(y − sin t) + cos t with λ = −1e5 (no transient), give slopes 2.01…2.12
 *     for h|λ| = 1000…30, rising to 2.8 only at h|λ| = 2.  Order 4 at h|λ| ≫ 1 is
 *     not reachable with this formula, so the stiff regime asserts convergence
 *     (slope ≥ 1.7) only. */
static void test_stiff_order(void)
{
    const db_problem *pr = db_problem_find("double_pendulum_stiff");
    if (!pr || !db_solver_find("radau5")) {
        printf("double_pendulum_stiff or radau5 absent: order test skipped\n");
        return;
    }
    struct {
        const char *var;
        double span;
        int n0, nlad;
        double min_slope;
        const char *regime;
    } cases[] = {
        { "fixed", 1e-3, 400, 3, 3.6, "resolved h|lam| <= 0.25" },
        { "w,fixed", 1e-3, 1600, 3, 1.7, "resolved h|lam| <= 0.06" },
        { "fixed", 1.0, 800, 3, 1.7, "stiff h|lam| 30..125" },
        { "w,fixed", 1.0, 800, 3, 1.7, "stiff h|lam| 30..125" },
    };
    double ref[32];
    double span_ref = -1;
    for (size_t ic = 0; ic < sizeof cases / sizeof cases[0]; ic++) {
        db_mech m;
        double par[16];
        if (db_mech_setup_default(pr, 0, &m, par) || m.np > 16) {
            CHECK(0, "double_pendulum_stiff setup");
            return;
        }
        /* the end time of the dae (d.tend) and of the output grid: m.tend */
        m.tend = m.t0 + cases[ic].span;
        db_counters c;
        if (span_ref != cases[ic].span) {
            db_solver_opts o = { .rtol = 1e-13, .atol = 1e-13, .max_steps = 200000 };
            db_status st = end_state_o("radau5", &m, DB_GGL, &o, ref, &c);
            CHECK(st == DB_OK, "radau5 reference on [0, %g]", cases[ic].span);
            if (st != DB_OK)
                return;
            span_ref = cases[ic].span;
        }
        double prev = 0;
        for (int i = 0; i < cases[ic].nlad; i++) {
            const int N = cases[ic].n0 << i;
            long steps = -1;
            double e = fixed_err(&m, cases[ic].var, N, ref, &steps);
            CHECK(isfinite(e) && steps == N, "%s N %d: err %g, %ld steps (exactly N)",
                  cases[ic].var, N, e, steps);
            if (i > 0) {
                double slope = log2(prev / e);
                printf("stiff dp %-7s span %g (%s) N %5d: err %.3e slope %.2f\n",
                       cases[ic].var, cases[ic].span, cases[ic].regime, N, e, slope);
                CHECK(slope >= cases[ic].min_slope, "%s span %g N %d: slope %.2f < %.1f",
                      cases[ic].var, cases[ic].span, N, slope, cases[ic].min_slope);
            } else {
                printf("stiff dp %-7s span %g (%s) N %5d: err %.3e\n", cases[ic].var,
                       cases[ic].span, cases[ic].regime, N, e);
            }
            prev = e;
        }
        if (pr->teardown)
            pr->teardown(&m);
    }
}

/* the solution of solver sv (options o) of formulation f at times t[nt]: p and v
 * into pv[nt * 2 np] */
static db_status traj(const char *sv, const db_mech *m, db_form f, const db_solver_opts *o,
                      const double *t, int nt, double *pv)
{
    char e[256], msg[256];
    db_dae d;
    const db_solver *s = db_solver_find(sv);
    if (!s || db_dae_build(&d, m, f, e, sizeof e))
        return DB_FAIL_INPUT;
    double *y = calloc((size_t)nt * d.n, sizeof(double));
    db_output out = { nt, t, y, NULL };
    db_counters c;
    memset(&c, 0, sizeof c);
    db_status st = s->integrate(&d, o, &out, &c, msg, sizeof msg);
    if (st != DB_OK)
        fprintf(stderr, "%s: %s\n", sv, msg);
    for (int k = 0; k < nt; k++) {
        memcpy(pv + (size_t)k * 2 * m->np, y + (size_t)k * d.n + d.off_p,
               sizeof(double) * (size_t)m->np);
        memcpy(pv + (size_t)k * 2 * m->np + m->np, y + (size_t)k * d.n + d.off_v,
               sizeof(double) * (size_t)m->nv);
    }
    free(y);
    db_dae_free(&d);
    return st;
}

/* seed 004 Table 2: the largest error of θ1' over [0, 2] s at Rtol = Atol = 1e-4 and
 * 1e-5 is 8.652e-4 and 2.343e-4 (at the paper's step points).  Ours on a grid of
 * 401 points through the dense output, against radau5 (GGL, 1e-12): within 5x
 * (measured 3.4x, 3.6x; the quintic dense output through the stiff end
 * accelerations gave 111x, 78x) */
static void test_dense_velocities(void)
{
    const db_problem *pr = db_problem_find("double_pendulum_stiff");
    if (!pr || !db_solver_find("radau5")) {
        printf("double_pendulum_stiff or radau5 absent: dense output test skipped\n");
        return;
    }
    db_mech m;
    double par[16];
    if (db_mech_setup_default(pr, 0, &m, par) || m.np > 16) {
        CHECK(0, "double_pendulum_stiff setup");
        return;
    }
    const int nt = 400;
    double *t = calloc((size_t)nt, sizeof *t);
    double *a = calloc((size_t)nt * 2 * m.np, sizeof *a), *r = calloc((size_t)nt * 2 * m.np, sizeof *r);
    for (int k = 0; k < nt; k++)
        t[k] = m.t0 + (m.tend - m.t0) * (k + 1) / nt;
    db_solver_opts orf = { .rtol = 1e-12, .atol = 1e-12, .max_steps = 200000 };
    db_status s2 = traj("radau5", &m, DB_GGL, &orf, t, nt, r);
    CHECK(s2 == DB_OK, "radau5 reference");
    static const double tols[2] = {1e-4, 1e-5}, table2[2] = {8.652e-4, 2.343e-4};
    for (int i = 0; i < 2 && s2 == DB_OK; i++) {
        db_solver_opts o = { .rtol = tols[i], .atol = tols[i], .max_steps = 100000 };
        db_status s1 = traj("rosnys", &m, DB_EOM, &o, t, nt, a);
        CHECK(s1 == DB_OK, "rosnys at %g", tols[i]);
        if (s1 != DB_OK)
            continue;
        double e = 0;   /* θ1' = v[2] */
        for (int k = 0; k < nt; k++)
            e = fmax(e, fabs(a[(size_t)k * 2 * m.np + m.np + 2] - r[(size_t)k * 2 * m.np + m.np + 2]));
        printf("stiff dp tol %.0e: max |theta1' error| on the grid %.3e, Table 2 %.3e, ratio "
               "%.2f\n", tols[i], e, table2[i], e / table2[i]);
        CHECK(e <= 5.0 * table2[i], "tol %g: theta1' error %.3e > 5 x Table 2 (%.3e)",
              tols[i], e, table2[i]);
    }
    free(t);
    free(a);
    free(r);
    if (pr->teardown)
        pr->teardown(&m);
}

/* issue 17: the dense velocities of rosnys are as good as its step values, at the
 * tolerances of seed 004 Table 2.  At 99 times T_k in (0, 2) s: θ1' through the
 * dense output of one adaptive run, against θ1' of runs that end at T_k (their
 * last step lands on T_k, so the value there is a step value), both against
 * radau5 (GGL, 1e-12).  Measured ratios of the largest errors (Release) in this
 * test's output; a velocity interpolated linearly between the step values
 * instead gives 3.1× and 17× (the test then fails), and the quintic through the stiff end
 * accelerations that came before the cubic Hermite was 12–60× worse than the
 * step values.  Must stay within 2×. */
static void test_dense_vs_steps(void)
{
    const db_problem *pr = db_problem_find("double_pendulum_stiff");
    if (!pr || !db_solver_find("radau5")) {
        printf("double_pendulum_stiff or radau5 absent: dense vs steps test skipped\n");
        return;
    }
    db_mech m;
    double par[16];
    if (db_mech_setup_default(pr, 0, &m, par) || m.np > 16) {
        CHECK(0, "double_pendulum_stiff setup");
        return;
    }
    enum { NT2 = 99 };
    const size_t w = 2 * (size_t)m.np;
    double t[NT2], *r = calloc(NT2 * w, sizeof *r), *a = calloc(NT2 * w, sizeof *a);
    double one[32];
    for (int k = 0; k < NT2; k++)
        t[k] = m.t0 + (m.tend - m.t0) * (k + 1 - 0.37) / (NT2 + 1);
    db_solver_opts orf = { .rtol = 1e-12, .atol = 1e-12, .max_steps = 200000 };
    db_status s2 = traj("radau5", &m, DB_GGL, &orf, t, NT2, r);
    CHECK(s2 == DB_OK, "radau5 reference");
    static const double tols[2] = { 1e-4, 1e-5 };
    for (int i = 0; i < 2 && s2 == DB_OK; i++) {
        db_solver_opts o = { .rtol = tols[i], .atol = tols[i], .max_steps = 100000 };
        db_status s1 = traj("rosnys", &m, DB_EOM, &o, t, NT2, a);
        CHECK(s1 == DB_OK, "rosnys at %g", tols[i]);
        double ed = 0, es = 0;
        for (int k = 0; k < NT2 && s1 == DB_OK; k++) {
            const size_t iv = (size_t)k * w + m.np + 2;    /* θ1' */
            ed = fmax(ed, fabs(a[iv] - r[iv]));
            db_status sk = traj("rosnys", &m, DB_EOM, &o, t + k, 1, one);
            CHECK(sk == DB_OK, "rosnys to %g", t[k]);
            es = fmax(es, fabs(one[m.np + 2] - r[iv]));
        }
        printf("stiff dp tol %.0e: max |theta1' error| at step ends %.3e, through the dense "
               "output %.3e, ratio %.2f\n", tols[i], es, ed, es > 0 ? ed / es : 0.0);
        CHECK(es > 0 && ed <= 2.0 * es, "tol %g: dense theta1' error %.3e > 2 x step-end error %.3e",
              tols[i], ed, es);
    }
    free(r);
    free(a);
    if (pr->teardown)
        pr->teardown(&m);
}

int main(void)
{
    test_dense_velocities();
    test_dense_vs_steps();
    test_stiff_double_pendulum();
    test_stiff_order();
    test_pendulum();
    test_refusals();
    return check_summary();
}
