/* test_bdf_stald.c — BDF stability limit detection (solvers/bdf_stald.c, used
 * by bdf_core.c with the variant `stald`; off by default):
 *  - the detector: no decision below order 3 nor on a series with a zero;
 *    its decision and root do not change when all data are scaled (the
 *    norms' weights must cancel);
 *  - the integrator: on the stiff double pendulum (EoM0, tol 1e-8) the
 *    detection reduces the order and the run takes fewer steps than without,
 *    its grid error no worse than 3× (measured: 2288 against 2699 steps,
 *    scd 6.47 against 6.15); on a stiff non-oscillatory problem (eigenvalues
 *    −1000, −0.5) and on the undamped harmonic oscillator it never fires and
 *    the runs equal those without it; the counter stald_reductions is
 *    reported only when the detection is on.  All runs with the order hold
 *    on oscillatory modes (bdf_osc.h) off (noosc), so that only STALD
 *    differs. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/run/run.h"
#include "solvers/bdf_core.h"
#include "solvers/bdf_stald.h"
#include "testset/registry.h"
#include "testset/tests/check.h"
#include "harmonic_ode.h"

/* y1' = −1000 (y1 − cos t) − sin t, y2' = −0.5 y2: y = (cos t, e^{−t/2}) */
static int dec_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)d;
    F[0] = -1000.0 * (y[0] - cos(t)) - sin(t);
    F[1] = -0.5 * y[1];
    return 0;
}
static int dec_jac(const db_dae *d, double t, const double *y, double *J)
{
    (void)d; (void)t; (void)y;
    J[0] = -1000.0;
    J[1] = 0.0;
    J[2] = 0.0;
    J[3] = -0.5;
    return 0;
}

/* the named extra counter, -1 when absent */
static long extra(const db_counters *c, const char *name)
{
    long v;
    return db_counters_get_extra(c, name, &v) ? v : -1;
}

typedef struct {
    long steps, red;
    double err;
} outcome;

/* run `bdf` (the core, as bdf.c does) on problem p to tend; the error is the
 * largest deviation from the exact solution over 41 grid points */
static outcome run(int p, double tend, double tol, const char *variant)
{
    static double y0[3][2] = { { 0, 0 }, { 1, 1 }, { 0, 1 } }, yp0[3][2];
    int (*rhs[3])(const db_dae *, double, const double *, double *) = { NULL, dec_rhs,
                                                                       harm_rhs };
    int (*jac[3])(const db_dae *, double, const double *, double *) = { NULL, dec_jac,
                                                                       harm_jac };
    db_dae d;
    rhs[p](NULL, 0.0, y0[p], yp0[p]);
    db_dae_direct(&d, 2, 0.0, tend, E2, idx, rk2, rhs[p], jac[p], y0[p], yp0[p]);
    enum { NT = 41 };
    double tg[NT], yg[NT * 2];
    db_counters c;
    outcome r = { 0, -1, INFINITY };
    char what[32];
    snprintf(what, sizeof what, "problem %d", p);
    db_status st = bdf2d_run(&d, tend, tol, variant, NT, tg, yg, &c, what);
    if (st != DB_OK)
        return r;
    r.steps = c.steps;
    r.red = extra(&c, "stald_reductions");
    r.err = 0.0;
    for (int i = 0; i < NT; i++) {
        const double t = tg[i], *y = yg + 2 * i;
        double e0 = p == 1 ? cos(t) : sin(t);
        double e1 = p == 1 ? exp(-0.5 * t) : cos(t);
        r.err = fmax(r.err, fmax(fabs(y[0] - e0), fabs(y[1] - e1)));
    }
    return r;
}

/* data for the detector at order q: a mode of squared root modulus r with
 * parts g (g_q = 1, g_{q+1} = ratp, g_{q−1} from the BDF-q relation with r,
 * times (1 + dev)), with an alternating perturbation */
static void model(double *ss, int q, double r, double ratp, double dev)
{
    const double b = (1.0 - 1.0 / r) * (q - 1.0) / 2.0;
    const double ratm = (1.0 + b + 0.25 * (q * q - 1.0) * ratp) / ratp;
    const double g[3] = { ratm * (1.0 + dev), 1.0, ratp }, bg[3] = { 0.3, 0.05, 0.01 };
    for (int i = 0; i < BDF_STALD_NDATA; i++)
        for (int j = 0; j < 3; j++)
            ss[3 * i + j] = g[j] * pow(r, -i) + bg[j] * g[j] * pow(-1.0 / r, i);
}

/* one catalogue run (harness/run/run.h) */
static long cat_run(const char *problem, db_form f, double tol, const char *variant,
                    double *err, long *red)
{
    db_run_spec spec;
    db_run_spec_init(&spec, db_problem_find(problem), 0, f, db_solver_find("bdf"), tol, tol);
    spec.variant = variant;
    spec.timing_cap = 1e-9;
    db_run_result r;
    char msg[512];
    long steps = -1;
    CHECK(db_run_execute(&spec, &r, msg, sizeof msg) == 0 && strcmp(r.status, "ok") == 0,
          "%s %s: %s", problem, variant, msg);
    if (r.status && strcmp(r.status, "ok") == 0) {
        steps = r.counters.steps;
        *err = fmax(r.err_grid[DB_GP], r.err_grid[DB_GV]);
        *red = extra(&r.counters, "stald_reductions");
    }
    db_run_result_free(&r);
    return steps;
}

int main(void)
{
    /* the detector: its decision depends on the data only through ratios
     * (the norms' weights cancel): scaling all data leaves flag and root */
    double ss[BDF_STALD_NDATA * 3], ss2[BDF_STALD_NDATA * 3], rr = -1.0, rr2 = -1.0;
    for (int q = 3; q <= 5; q++)
        for (int c = 0; c < 3; c++) {
            model(ss, q, c == 0 ? 0.99 : c == 1 ? 0.95 : 1.01, 0.5, 0.02 * c);
            for (int i = 0; i < BDF_STALD_NDATA * 3; i++)
                ss2[i] = 1e6 * ss[i];
            int f1 = bdf_stald_detect(ss, q, &rr), f2 = bdf_stald_detect(ss2, q, &rr2);
            CHECK(f1 == f2 && fabs(rr - rr2) <= 1e-9 * fabs(rr), "q=%d case %d: %d/%g vs %d/%g",
                  q, c, f1, rr, f2, rr2);
        }
    model(ss, 3, 0.99, 0.5, 0.0);
    CHECK(bdf_stald_detect(ss, 2, &rr) < 0 && rr == 0.0, "order 2 must not decide");
    ss[3 * 2 + 1] = 0.0;
    CHECK(bdf_stald_detect(ss, 4, &rr) < 0, "a zero entry must not decide");

    /* parse: default off */
    bdf_config cfg;
    char msg[128];
    CHECK(bdf_config_parse(&cfg, NULL, msg, sizeof msg) == 0 && cfg.stald == 0, "default");
    CHECK(bdf_config_parse(&cfg, "stald", msg, sizeof msg) == 0 && cfg.stald == 1, "stald");
    CHECK(bdf_config_parse(&cfg, "stald,nostald", msg, sizeof msg) == 0 && cfg.stald == 0,
          "nostald");

    /* the integrator: the stiff double pendulum, where it fires.  Its effect
     * on the step count is of the size of what a last-bit change of the
     * iteration matrix does to it (at 1e-8: 2288 against 2699 steps with the
     * whole LU, 2747 against 2527 with the rows p' = v, v' = a eliminated), so
     * the work is compared over a ladder, not at one tolerance: within 15 %
     * of the default's, at an error no more than 3 times it */
    const double ladder[4] = { 1e-7, 1e-8, 1e-9, 1e-10 };
    long son = 0, soff = 0, ron = 0;
    int fired = 0, reported_off = 0, worse = 0;
    for (int l = 0; l < 4; l++) {
        double eon = 0, eoff = 0;
        long r1 = -1, r0 = -1;
        long s1 = cat_run("double_pendulum_stiff", DB_EOM0, ladder[l], "stald,noosc", &eon, &r1);
        long s0 = cat_run("double_pendulum_stiff", DB_EOM0, ladder[l], "noosc", &eoff, &r0);
        printf("double_pendulum_stiff EoM0 %g: stald %ld steps (%ld reductions, err %.2e), "
               "default %ld steps (err %.2e)\n", ladder[l], s1, r1, eon, s0, eoff);
        son += s1;
        soff += s0;
        ron += r1 > 0 ? r1 : 0;
        fired += r1 > 0;
        reported_off += r0 != -1;
        worse += !(eon <= 3.0 * eoff);
        CHECK(s1 > 0 && s0 > 0, "both runs at %g", ladder[l]);
    }
    CHECK(fired > 0 && ron > 0, "no order reduction on the stiff double pendulum");
    CHECK(reported_off == 0, "stald_reductions reported with the detection off");
    CHECK(son <= 1.15 * soff, "stald %ld steps over the ladder, default %ld", son, soff);
    CHECK(worse == 0, "stald's error more than 3 times the default's at %d tolerances", worse);

    /* hand-made problems where it must not fire */
    const double tols[2] = { 1e-5, 1e-8 };
    for (int a = 0; a < 2; a++) {
        const double tol = tols[a];
        for (int p = 1; p <= 2; p++) {
            const double tend = p == 1 ? 10.0 : 200.0;
            outcome on = run(p, tend, tol, "stald,noosc"),
                    off = run(p, tend, tol, "nostald,noosc");
            printf("%s tol %.0e: stald %ld steps (%ld reductions, err %.2e), nostald %ld "
                   "steps (err %.2e)\n",
                   p == 1 ? "stiff decay" : "harmonic oscillator", tol, on.steps, on.red,
                   on.err, off.steps, off.err);
            CHECK(on.red == 0, "problem %d tol %g: %ld reductions", p, tol, on.red);
            CHECK(on.steps == off.steps && on.err == off.err,
                  "problem %d tol %g: stald changed the run (%ld/%ld steps)", p, tol, on.steps,
                  off.steps);
        }
    }
    return check_summary();
}
