/* test_bdf_osc.c — the order hold on undamped oscillatory modes
 * (solvers/bdf_osc.c, used by bdf_core.c; on by default, variant noosc off):
 *  - the detector on synthetic vector sequences x_j = Re(c ζ^j) + smooth part:
 *    it reports a growing or undamped pair at θ = 0.5 with its modulus, angle
 *    and hλ, not a damped pair, not a pair that BDF-q gives a damped mode,
 *    not a slow oscillation (θ = 0.1), not real roots, not unstructured
 *    data; its answer does not change when all data are scaled (the weights
 *    of the norm cancel);
 *  - the integrator on the chain's slow start (pendulum_chain:slow, GGL, tol
 *    1e-6 and 1e-8), whose undamped modes hold BDF5's step: the hold fires,
 *    the run takes under 2/3 of the steps without it and its velocity error
 *    is smaller (measured: 2136 against 7125 steps, v 1.4e-2 against 4.0e-2
 *    at 1e-6);
 *  - on Andrews EoM1 at 1e-6 (one fit of a pair whose mode grows by e^0.61 a
 *    step) it does not fire: the run equals noosc's;
 *  - on u'' = −ω²(u − sin t), ω = 20, started on its periodic solution so
 *    that only the steps' errors excite the undamped ω-mode: it fires, but
 *    order 2 needs shorter steps for the forcing, and the back-off bounds
 *    the cost; with damping ratio 0.9 and on the slow harmonic oscillator it
 *    never fires and the runs equal those without it; the counter osc_holds
 *    is reported only when the detection is on. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/run/run.h"
#include "solvers/bdf_core.h"
#include "solvers/bdf_osc.h"
#include "testset/registry.h"
#include "testset/tests/check.h"
#include "harmonic_ode.h"

#define NV 3
#define NX BDF_OSC_NDATA

/* inner products of the sequence x (x[i] the i-th newest vector, NV long) */
static void grams(double x[NX][NV], double scale, double *g0, double *g1, double *g2)
{
    for (int i = 0; i < NX; i++) {
        g0[i] = g1[i] = g2[i] = 0.0;
        for (int m = 0; m < NV; m++) {
            g0[i] += scale * x[i][m] * x[i][m];
            if (i + 1 < NX)
                g1[i] += scale * x[i][m] * x[i + 1][m];
            if (i + 2 < NX)
                g2[i] += scale * x[i][m] * x[i + 2][m];
        }
    }
}

/* x_i = Re(c ζ^(NX−1−i)) + s (a constant smooth part), ζ = ρ e^{iθ};
 * c = cr + i ci */
static void oscseq(double x[NX][NV], double rho, double theta, double s)
{
    const double cr[NV] = { 1.0, -0.4, 0.3 }, ci[NV] = { 0.2, 0.9, -0.5 };
    for (int i = 0; i < NX; i++) {
        const int j = NX - 1 - i;
        const double m = pow(rho, j), re = m * cos(j * theta), im = m * sin(j * theta);
        for (int k = 0; k < NV; k++)
            x[i][k] = cr[k] * re - ci[k] * im + s * (k + 1);
    }
}

static int detect(double x[NX][NV], double scale, bdf_osc_fit *f)
{
    double g0[NX], g1[NX], g2[NX];
    grams(x, scale, g0, g1, g2);
    return bdf_osc_detect(g0, g1, g2, 4, f);
}

static void test_detector(void)
{
    double x[NX][NV];
    bdf_osc_fit f, f2;
    /* growing pair, as BDF4 on an undamped mode at hω = 0.5 */
    oscseq(x, 1.005, 0.5, 0.0);
    CHECK(detect(x, 1.0, &f) == 1, "growing pair not detected");
    CHECK(fabs(f.rho2 - 1.005 * 1.005) < 1e-9 && fabs(f.theta - 0.5) < 1e-9 && f.res < 1e-12,
          "fit rho2 %.12g theta %.12g res %g", f.rho2, f.theta, f.res);
    /* the same with all data scaled (weights): same answer */
    CHECK(detect(x, 1e-30, &f2) == 1 && fabs(f2.rho2 - f.rho2) < 1e-9 &&
              fabs(f2.theta - f.theta) < 1e-9, "scaled data: %.12g %.12g", f2.rho2, f2.theta);
    CHECK(fabs(f.mure) < 0.01 * f.muim && fabs(f.muim - 0.496) < 0.001,
          "h lambda of BDF4's root 1.005 e^0.5i: %g%+gi", f.mure, f.muim);
    /* modulus 1 at θ = 1: for BDF5 a mode of damping ratio 0.08 (reported),
     * for BDF4 one of 0.165 (not: damped) */
    oscseq(x, 1.0, 1.0, 0.0);
    {
        double g0[NX], g1[NX], g2[NX];
        grams(x, 1.0, g0, g1, g2);
        CHECK(bdf_osc_detect(g0, g1, g2, 5, &f) == 1 && fabs(f.rho2 - 1.0) < 1e-9,
              "BDF5, modulus 1 at 1 rad: %g", f.rho2);
        CHECK(bdf_osc_detect(g0, g1, g2, 4, &f) == 0 && f.mure < -0.15 * f.muim,
              "BDF4, modulus 1 at 1 rad: %g%+gi", f.mure, f.muim);
    }
    /* a growing pair that BDF5 gives a damped mode (hλ ≈ −0.41 + 1.27i, at
     * the edge of its A(51.8°) sector): Stewart's case, not reported */
    oscseq(x, 1.08, 1.3, 0.0);
    {
        double g0[NX], g1[NX], g2[NX];
        grams(x, 1.0, g0, g1, g2);
        CHECK(bdf_osc_detect(g0, g1, g2, 5, &f) == 0 && f.mure < -0.3 * f.muim,
              "damped mode's pair: %g%+gi", f.mure, f.muim);
        CHECK(bdf_osc_detect(g0, g1, g2, 0, &f) == 0, "no order: never reported");
    }
    /* just below the cut: still undamped enough; well below: not */
    oscseq(x, 0.995, 0.5, 0.0);
    CHECK(detect(x, 1.0, &f) == 1, "rho 0.995 (rho2 0.990): %g", f.rho2);
    oscseq(x, 0.9, 0.5, 0.0);
    CHECK(detect(x, 1.0, &f) == 0 && fabs(f.rho2 - 0.81) < 1e-9, "damped pair: %d %g",
          detect(x, 1.0, &f), f.rho2);
    /* slow oscillation (many steps per period): the solution itself */
    oscseq(x, 1.0, 0.1, 0.0);
    CHECK(detect(x, 1.0, &f) == 0 && fabs(f.theta - 0.1) < 1e-6, "slow: theta %g", f.theta);
    /* real roots: a constant plus a decaying part */
    for (int i = 0; i < NX; i++)
        for (int k = 0; k < NV; k++)
            x[i][k] = (k + 1.0) + (k - 1.0) * pow(0.8, NX - 1 - i);
    CHECK(detect(x, 1.0, &f) == 0 && f.theta == 0.0, "real roots: %d theta %g",
          detect(x, 1.0, &f), f.theta);
    /* a mode on top of a dominant smooth part: the fit cannot explain it */
    oscseq(x, 1.0, 0.5, 3.0);
    CHECK(detect(x, 1.0, &f) != 1, "mode under a dominant smooth part: rho2 %g theta %g res %g",
          f.rho2, f.theta, f.res);
    /* unstructured data */
    const double junk[NX][NV] = { { 1, -2, 0.5 }, { 0.3, 0.7, -1 }, { -1, -1, 2 },
                                  { 2, 0.1, 0.1 }, { -0.5, 1.5, 0.4 }, { 0.9, -0.3, -1.2 } };
    CHECK(detect((double(*)[NV])junk, 1.0, &f) == -1, "junk: res %g", f.res);
    /* empty data */
    memset(x, 0, sizeof x);
    CHECK(detect(x, 1.0, &f) == -1, "zero data");
}

/* the forced oscillator: y = (u, u'), u'' = −ω²(u − sin t) − c u', exact
 * periodic solution u = A sin t + B cos t */
#define OM 20.0
static double cdamp, wf = 1.0;   /* damping, forcing frequency */
static int osc_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)d;
    F[0] = y[1];
    F[1] = -OM * OM * (y[0] - sin(wf * t)) - cdamp * y[1];
    return 0;
}
static int osc_jac(const db_dae *d, double t, const double *y, double *J)
{
    (void)d; (void)t; (void)y;
    J[0] = 0.0;           /* column-major: J[0] ∂F0/∂u, J[1] ∂F1/∂u */
    J[1] = -OM * OM;
    J[2] = 1.0;
    J[3] = -cdamp;
    return 0;
}

typedef struct {
    long steps, holds;
    double eu, ev;   /* largest errors of u and u' over the grid */
} outcome;

static long extra(const db_counters *c, const char *name)
{
    long v;
    return db_counters_get_extra(c, name, &v) ? v : -1;
}

/* p = 0 forced oscillator (damping cdamp), p = 1 slow harmonic oscillator */
static outcome run(int p, double tend, double tol, const char *variant)
{
    /* periodic solution of u'' + c u' + ω² u = ω² sin t */
    const double w2 = wf * wf, den = (OM * OM - w2) * (OM * OM - w2) + cdamp * cdamp * w2;
    const double A = OM * OM * (OM * OM - w2) / den, B = -OM * OM * cdamp * wf / den;
    double y0[2], yp0[2];
    if (p == 0) {
        y0[0] = B;
        y0[1] = A * wf;
    } else {
        y0[0] = 0.0;
        y0[1] = 1.0;
    }
    db_dae d;
    (p == 0 ? osc_rhs : harm_rhs)(NULL, 0.0, y0, yp0);
    db_dae_direct(&d, 2, 0.0, tend, E2, idx, rk2, p == 0 ? osc_rhs : harm_rhs,
                  p == 0 ? osc_jac : harm_jac, y0, yp0);
    enum { NT = 201 };
    double tg[NT], yg[NT * 2];
    db_counters c;
    outcome r = { -1, -1, INFINITY, INFINITY };
    char what[32];
    snprintf(what, sizeof what, "problem %d", p);
    db_status st = bdf2d_run(&d, tend, tol, variant, NT, tg, yg, &c, what);
    if (st != DB_OK)
        return r;
    r.steps = c.steps;
    r.holds = extra(&c, "osc_holds");
    r.eu = r.ev = 0.0;
    for (int i = 0; i < NT; i++) {
        const double t = tg[i], *y = yg + 2 * i;
        const double u = p == 0 ? A * sin(wf * t) + B * cos(wf * t) : sin(t);
        const double v = p == 0 ? wf * (A * cos(wf * t) - B * sin(wf * t)) : cos(t);
        r.eu = fmax(r.eu, fabs(y[0] - u));
        r.ev = fmax(r.ev, fabs(y[1] - v));
    }
    return r;
}

/* bdf on PROBLEM:SCENARIO in formulation f: steps, grid v error, holds */
static long prob_run(const char *name, const char *scenario, db_form f, double tol,
                     const char *variant, double *ev, long *holds)
{
    const db_problem *prob = db_problem_find(name);
    int sc = 0;
    for (int s = 0; prob && s < prob->nscenarios; s++)
        if (strcmp(prob->scenarios[s].name, scenario) == 0)
            sc = s;
    CHECK(prob != NULL, "no %s", name);
    if (!prob)
        return -1;
    db_run_spec spec;
    db_run_spec_init(&spec, prob, sc, f, db_solver_find("bdf"), tol, tol);
    spec.variant = variant;
    spec.timing_cap = 1e-9;
    db_run_result r;
    char msg[512];
    long steps = -1;
    CHECK(db_run_execute(&spec, &r, msg, sizeof msg) == 0 && strcmp(r.status, "ok") == 0,
          "%s %s tol %g: %s", name, variant ? variant : "default", tol, msg);
    if (r.status && strcmp(r.status, "ok") == 0) {
        steps = r.counters.steps;
        *ev = r.err_grid[DB_GV];
        *holds = extra(&r.counters, "osc_holds");
    }
    db_run_result_free(&r);
    return steps;
}

static long chain_run(double tol, const char *variant, double *ev, long *holds)
{
    return prob_run("pendulum_chain", "slow", DB_GGL, tol, variant, ev, holds);
}

int main(void)
{
    test_detector();

    bdf_config cfg;
    char msg[128];
    CHECK(bdf_config_parse(&cfg, NULL, msg, sizeof msg) == 0 && cfg.osc == 1, "default on");
    CHECK(bdf_config_parse(&cfg, "noosc", msg, sizeof msg) == 0 && cfg.osc == 0, "noosc");
    CHECK(bdf_config_parse(&cfg, "noosc,osc", msg, sizeof msg) == 0 && cfg.osc == 1, "osc");

    /* the chain's slow start: the hold pays */
    for (int a = 0; a < 2; a++) {
        const double tol = a == 0 ? 1e-6 : 1e-8;
        double evon = INFINITY, evoff = INFINITY;
        long hon = -1, hoff = -1;
        CHECK(db_problem_find("pendulum_chain") != NULL, "no pendulum_chain");
        long son = chain_run(tol, NULL, &evon, &hon), soff = chain_run(tol, "noosc", &evoff, &hoff);
        printf("pendulum_chain:slow GGL tol %.0e: osc %ld steps (%ld holds, v %.2e), noosc %ld "
               "steps (v %.2e)\n", tol, son, hon, evon, soff, evoff);
        CHECK(hon > 0 && hoff == -1, "chain tol %g: holds %ld / %ld", tol, hon, hoff);
        CHECK(son > 0 && 3 * son < 2 * soff, "chain tol %g: %ld steps, noosc %ld", tol, son, soff);
        CHECK(evon < evoff, "chain tol %g: v error %g, noosc %g", tol, evon, evoff);
    }

    /* Andrews EoM1 at 1e-6: one window's fit is a pair of BDF5 (rho^2 1.21) whose
     * mode hλ = 0.61 + 7.76i grows by e^0.61 a step: no undamped mode, no hold
     * (|Re hλ| <= 0.1 min(|hλ|, 1)); the run equals noosc's (before: 672 steps,
     * gscd 4.37 against 666, 5.00) */
    {
        double evon = INFINITY, evoff = INFINITY;
        long hon = -1, hoff = -1;
        long son = prob_run("andrews", "default", DB_EOM1, 1e-6, NULL, &evon, &hon);
        long soff = prob_run("andrews", "default", DB_EOM1, 1e-6, "noosc", &evoff, &hoff);
        printf("andrews EoM1 tol 1e-6: osc %ld steps (%ld holds), noosc %ld\n", son, hon, soff);
        CHECK(hon == 0 && son == soff && evon == evoff,
              "andrews EoM1 1e-6: %ld holds, %ld steps against noosc's %ld", hon, son, soff);
    }

    /* the undamped forced oscillator: the mode is detected (hω about 0.5–1.2,
     * where BDF4–5 amplify it), but order 2 needs shorter steps for the
     * forcing, so the holds do not pay and the detection backs off: a few
     * holds, a bounded cost (measured: 862 against 699 steps at 1e-6, 764
     * against 627 at 1e-8; 1461 and 2564 before the back-off) */
    const double tols[2] = { 1e-6, 1e-8 };
    for (int a = 0; a < 2; a++) {
        const double tol = tols[a];
        cdamp = 0.0;
        outcome on = run(0, 20.0, tol, NULL), off = run(0, 20.0, tol, "noosc");
        printf("undamped forced oscillator tol %.0e: osc %ld steps (%ld holds, err u %.2e "
               "v %.2e), noosc %ld steps (err u %.2e v %.2e)\n",
               tol, on.steps, on.holds, on.eu, on.ev, off.steps, off.eu, off.ev);
        CHECK(on.holds > 0, "tol %g: no hold on the undamped mode", tol);
        CHECK(off.holds == -1, "osc_holds reported with noosc");
        CHECK(on.holds <= 4, "tol %g: %ld holds: no back-off", tol, on.holds);
        CHECK(on.steps <= 1.25 * off.steps, "tol %g: %ld steps with the detection, %ld without",
              tol, on.steps, off.steps);
        CHECK(on.ev <= 3.0 * off.ev, "tol %g: v error %g with the detection, %g without", tol,
              on.ev, off.ev);

        /* the slow harmonic oscillator (hω below 0.1: the solution's own
         * oscillation, resolved): it must not fire */
        on = run(1, 200.0, tol, NULL);
        off = run(1, 200.0, tol, "noosc");
        printf("harmonic oscillator tol %.0e: osc %ld steps (%ld holds), noosc %ld\n", tol,
               on.steps, on.holds, off.steps);
        CHECK(on.holds == 0, "harmonic, tol %g: %ld holds", tol, on.holds);
        CHECK(on.steps == off.steps && on.eu == off.eu && on.ev == off.ev,
              "harmonic, tol %g: the run changed", tol);
    }

    /* damping ratio 0.9: the mode is damped by every order (inside the
     * A(α) sectors of BDF1–5); the detection must not fire */
    const double tols3[3] = { 1e-6, 1e-8, 1e-10 };
    for (int a = 0; a < 3; a++) {
        const double tol = tols3[a];
        cdamp = 1.8 * OM;
        outcome on = run(0, 20.0, tol, NULL), off = run(0, 20.0, tol, "noosc");
        printf("damped forced oscillator tol %.0e: osc %ld steps (%ld holds), noosc %ld\n",
               tol, on.steps, on.holds, off.steps);
        CHECK(on.holds == 0, "damped, tol %g: %ld holds", tol, on.holds);
        CHECK(on.steps == off.steps && on.eu == off.eu && on.ev == off.ev,
              "damped, tol %g: the run changed", tol);
    }
    return check_summary();
}
