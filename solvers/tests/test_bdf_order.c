/* test_bdf_order.c — convergence orders of the BDF machinery (solvers/bdf_core.c):
 * fixed-order, fixed-step BDF k = 1..5 started from exact values y(t0 − j h) on the
 * harmonic oscillator y1' = y2, y2' = −y1 (exact solution sin, cos) must show
 * measured slopes ≥ k − 0.3; the variable-order code (`bdf` from the registry)
 * must reduce its error with the tolerance on the oscillator and on a hand-made
 * semi-explicit index-1 DAE y1' = y2, y2' = −y1 + (z − y1²), 0 = z − y1²
 * (exact y1 = sin t, y2 = cos t, z = sin² t). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "solvers/bdf_core.h"
#include "testset/tests/check.h"

/* ---- hand-made DAEs (form = DB_NFORMS, mech = NULL) ---- */
static int osc_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)d; (void)t;
    F[0] = y[1];
    F[1] = -y[0];
    return 0;
}
static int osc_jac(const db_dae *d, double t, const double *y, double *J)
{
    (void)d; (void)t; (void)y;
    J[1] = -1.0;          /* ∂F1/∂y0 */
    J[2] = 1.0;           /* ∂F0/∂y1 */
    return 0;
}
static int dae_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)d; (void)t;
    F[0] = y[1];
    F[1] = -y[0] + (y[2] - y[0] * y[0]);
    F[2] = y[2] - y[0] * y[0];
    return 0;
}
static int dae_jac(const db_dae *d, double t, const double *y, double *J)
{
    (void)d; (void)t;
    J[0 + 3 * 1] = 1.0;
    J[1 + 3 * 0] = -1.0 - 2.0 * y[0];
    J[1 + 3 * 2] = 1.0;
    J[2 + 3 * 0] = -2.0 * y[0];
    J[2 + 3 * 2] = 1.0;
    return 0;
}

static double E2[4] = { 1, 0, 0, 1 }, E3[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 0 };
static int idx[3] = { 1, 1, 1 }, rk2[2] = { 0, 0 }, rk3[3] = { 0, 0, DB_ROW_ALG };
static double y0o[2] = { 0, 1 }, yp0o[2] = { 1, 0 }, y0d[3] = { 0, 1, 0 }, yp0d[3] = { 1, 0, 0 };

static void make(db_dae *d, int dae)
{
    db_dae_direct(d, dae ? 3 : 2, 0.0, 0.0, dae ? E3 : E2, idx, dae ? rk3 : rk2,
                  dae ? dae_rhs : osc_rhs, dae ? dae_jac : osc_jac, dae ? y0d : y0o,
                  dae ? yp0d : yp0o);
}

static double exact_err(const double *y, double t, int dae)
{
    double e = fmax(fabs(y[0] - sin(t)), fabs(y[1] - cos(t)));
    if (dae)
        e = fmax(e, fabs(y[2] - sin(t) * sin(t)));
    return e;
}

int main(void)
{
    db_dae d;
    db_counters c;
    char msg[256];
    const double T = 1.0;

    /* ---- fixed order k, fixed step h = T/N, exact start ---- */
    for (int k = 1; k <= 5; k++) {
        double err[3];
        const int Ns[3] = { 20, 40, 80 };
        for (int a = 0; a < 3; a++) {
            double h = T / Ns[a], hist[(BDF_MAXORD + 1) * 2], tout = T, yout[2];
            for (int j = 0; j <= k; j++) {
                hist[2 * j] = sin(-j * h);
                hist[2 * j + 1] = cos(-j * h);
            }
            make(&d, 0);
            d.tend = T;
            db_solver_opts o = { .rtol = 1e-12, .atol = 1e-12, .h0 = h };
            bdf_config cfg;
            char var[64];
            snprintf(var, sizeof var, "fixed-order=%d,fixed-step", k);
            CHECK(bdf_config_parse(&cfg, var, msg, sizeof msg) == 0, "parse %s", var);
            cfg.history = hist;
            db_output out = { 1, &tout, yout, NULL };
            memset(&c, 0, sizeof c);
            db_status st = bdf_core_integrate(&d, &o, &cfg, &out, &c, msg, sizeof msg);
            CHECK(st == DB_OK, "k=%d N=%d: %s", k, Ns[a], msg);
            CHECK(c.steps == Ns[a], "k=%d N=%d: %ld steps", k, Ns[a], c.steps);
            err[a] = exact_err(yout, T, 0);
        }
        double s1 = log2(err[0] / err[1]), s2 = log2(err[1] / err[2]);
        printf("fixed order k=%d: err %.3e %.3e %.3e  slopes %.2f %.2f\n", k, err[0], err[1],
               err[2], s1, s2);
        CHECK(s1 >= k - 0.3 && s2 >= k - 0.3, "k=%d slopes %.2f %.2f", k, s1, s2);
    }

    /* ---- variable order, variable step: error falls with tol ---- */
    const db_solver *bdf = db_solver_find("bdf");
    CHECK(bdf != NULL, "bdf registered");
    if (!bdf)
        return check_summary();
    for (int dae = 0; dae <= 1; dae++) {
        const double tols[3] = { 1e-4, 1e-6, 1e-8 };
        double err[3];
        const int nt = 21;
        double tg[21], yg[21 * 3];
        for (int i = 0; i < nt; i++)
            tg[i] = 10.0 * i / (nt - 1);
        for (int a = 0; a < 3; a++) {
            make(&d, dae);
            d.tend = 10.0;
            db_solver_opts o = { .rtol = tols[a], .atol = tols[a] };
            db_output out = { nt, tg, yg, NULL };
            memset(&c, 0, sizeof c);
            db_status st = bdf->integrate(&d, &o, &out, &c, msg, sizeof msg);
            CHECK(st == DB_OK, "%s tol %g: %s", dae ? "dae" : "osc", tols[a], msg);
            err[a] = 0.0;
            for (int i = 0; i < nt; i++)
                err[a] = fmax(err[a], exact_err(yg + (size_t)i * d.n, tg[i], dae));
            printf("%s tol %.0e: grid error %.3e, steps %ld rejected %ld f %ld jac %ld dec %ld\n",
                   dae ? "index-1 DAE" : "oscillator", tols[a], err[a], c.steps, c.rejected,
                   c.f_evals, c.jac_evals, c.decompositions);
        }
        CHECK(err[1] < 0.2 * err[0] && err[2] < 0.2 * err[1], "%s: errors %g %g %g",
              dae ? "dae" : "osc", err[0], err[1], err[2]);
        CHECK(err[2] < 1e-5, "%s: error at tol 1e-8 is %g", dae ? "dae" : "osc", err[2]);
    }
    return check_summary();
}
