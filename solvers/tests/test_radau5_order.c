/* test_radau5_order.c — order of convergence of radau5 (Radau IIA, order 5 at the
 * step points: Hairer & Wanner, Solving ODEs II, Sect. IV.5 Table 5.5 / IV.8) with
 * the fixed-step variant on problems with closed-form solutions, and the fall of
 * the error with the tolerance in adaptive mode.
 *
 * Problems (hand-made db_dae, form = DB_NFORMS, mech = NULL):
 *   ODE   y1' = y2, y2' = −y1, y3' = −y3²  on [0, 2]; y = (sin t, cos t, 1/(1+t))
 *   DAE   (index 1, E = diag(1,1,1,0,0)) unknowns (y, u1, u2, z, w):
 *         y' = z, u1' = w, u2' = −u1, 0 = z + y², 0 = w − u2  on [0, 2];
 *         y = 1/(1+t), u1 = sin t, u2 = cos t, z = −1/(1+t)², w = cos t. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/tests/check.h"

/* ---- the ODE ---- */
static int ode_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)d;
    (void)t;
    F[0] = y[1];
    F[1] = -y[0];
    F[2] = -y[2] * y[2];
    return 0;
}

static int ode_jac(const db_dae *d, double t, const double *y, double *J)
{
    (void)d;
    (void)t;
    J[0 + 3 * 1] = 1.0;
    J[1 + 3 * 0] = -1.0;
    J[2 + 3 * 2] = -2.0 * y[2];
    return 0;
}

static void ode_exact(double t, double *y)
{
    y[0] = sin(t);
    y[1] = cos(t);
    y[2] = 1.0 / (1.0 + t);
}

/* ---- the index-1 DAE ---- */
static int dae_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)d;
    (void)t;
    F[0] = y[3];
    F[1] = y[4];
    F[2] = -y[1];
    F[3] = y[3] + y[0] * y[0];
    F[4] = y[4] - y[2];
    return 0;
}

static int dae_jac(const db_dae *d, double t, const double *y, double *J)
{
    (void)d;
    (void)t;
    const int n = 5;
    J[0 + n * 3] = 1.0;
    J[1 + n * 4] = 1.0;
    J[2 + n * 1] = -1.0;
    J[3 + n * 3] = 1.0;
    J[3 + n * 0] = 2.0 * y[0];
    J[4 + n * 4] = 1.0;
    J[4 + n * 2] = -1.0;
    return 0;
}

static void dae_exact(double t, double *y)
{
    y[0] = 1.0 / (1.0 + t);
    y[1] = sin(t);
    y[2] = cos(t);
    y[3] = -1.0 / ((1.0 + t) * (1.0 + t));
    y[4] = cos(t);
}

typedef struct {
    db_dae d;
    double E[25], y0[5], yp0[5];
    int index[5], row_kind[5];
    void (*exact)(double t, double *y);
} handmade;

static void make(handmade *h, int n, int ndiff,
                 int (*rhs)(const db_dae *, double, const double *, double *),
                 int (*jac)(const db_dae *, double, const double *, double *),
                 void (*exact)(double, double *))
{
    memset(h, 0, sizeof *h);
    for (int i = 0; i < n; i++) {
        h->E[i + n * i] = i < ndiff ? 1.0 : 0.0;
        h->index[i] = 1;
        h->row_kind[i] = i < ndiff ? DB_ROW_DIFF : DB_ROW_ALG;
    }
    exact(0.0, h->y0);
    h->exact = exact;
    db_dae_direct(&h->d, n, 0.0, 2.0, h->E, h->index, h->row_kind, rhs, jac, h->y0, h->yp0);
}

/* max error over the grid tout[nt] (all components), or -1 on failure; the error
 * at the end point into *end_err if not NULL */
static double run(handmade *h, double rtol, double atol, double h0, const char *variant,
                  int nt, db_counters *c, double *end_err)
{
    double tout[64], y[64 * 5], ex[5];
    const int n = h->d.n;
    for (int k = 0; k < nt; k++)
        tout[k] = h->d.t0 + (h->d.tend - h->d.t0) * (k + 1) / nt;
    db_solver_opts o = { .rtol = rtol, .atol = atol, .h0 = h0, .variant = variant };
    db_output out = { .nt = nt, .t = tout, .y = y, .yp = NULL };
    char msg[256];
    memset(c, 0, sizeof *c);
    const db_solver *s = db_solver_find("radau5");
    db_status st = s->integrate(&h->d, &o, &out, c, msg, sizeof msg);
    CHECK(st == DB_OK, "radau5 failed: %s", msg);
    if (st != DB_OK)
        return -1.0;
    double err = 0.0;
    for (int k = 0; k < nt; k++) {
        h->exact(tout[k], ex);
        double ek = 0.0;
        for (int i = 0; i < n; i++)
            ek = fmax(ek, fabs(y[k * n + i] - ex[i]));
        err = fmax(err, ek);
        if (end_err && k == nt - 1)
            *end_err = ek;
    }
    return err;
}

/* least-squares slope of log(err) against log(h) */
static double slope(const double *hs, const double *es, int m)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < m; i++) {
        const double x = log(hs[i]), y = log(es[i]);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    return (m * sxy - sx * sy) / (m * sxx - sx * sx);
}

static void order_test(handmade *h, const char *name)
{
    const int Ns[] = { 4, 8, 16, 32 };
    double hs[4], es[4];
    db_counters c;
    for (int i = 0; i < 4; i++) {
        hs[i] = 2.0 / Ns[i];
        es[i] = run(h, 1e-12, 1e-12, hs[i], "fixed", 1, &c, NULL);
        printf("%s fixed N=%2d h=%.4f err=%.3e steps=%ld newton=%ld\n", name, Ns[i], hs[i], es[i],
               c.steps, c.extra[0].value);
        CHECK(c.steps == Ns[i], "%s: fixed N=%d took %ld steps", name, Ns[i], c.steps);
        CHECK(c.rejected == 0, "%s: fixed step rejected", name);
    }
    const double p = slope(hs, es, 4);
    printf("%s: measured order %.2f\n", name, p);
    CHECK(p >= 4.7, "%s: order %.2f < 4.7", name, p);
    CHECK(p <= 6.5, "%s: order %.2f implausibly high", name, p);
}

/* Adaptive mode: the error at the end point (a step point, order 5) stays within
 * a small multiple of the tolerance (RADAU5's tolerance transformation makes the
 * global error roughly proportional to tol); the error of the continuous output
 * (collocation polynomial, uniform order 3) on a 21-point grid falls with tol. */
static void tol_test(handmade *h, const char *name)
{
    const double tols[] = { 1e-3, 1e-4, 1e-6, 1e-8, 1e-10, 1e-12 };
    double prev = INFINITY, prev_end = INFINITY;
    db_counters c;
    long prev_steps = 0;
    for (int i = 0; i < 6; i++) {
        double end = -1.0;
        const double e = run(h, tols[i], tols[i], 0.0, NULL, 21, &c, &end);
        printf("%s adaptive tol=%.0e end err=%.3e grid err=%.3e steps=%ld rejected=%ld f=%ld "
               "jac=%ld dec=%ld sol=%ld\n", name, tols[i], end, e, c.steps, c.rejected, c.f_evals,
               c.jac_evals, c.decompositions, c.solves);
        CHECK(e >= 0 && e < prev, "%s: grid error %.3e at tol %.0e does not fall (prev %.3e)",
              name, e, tols[i], prev);
        CHECK(end >= 0 && (end < prev_end || end < 1e-14), "%s: end error %.3e at tol %.0e does not fall",
              name, end, tols[i]);
        CHECK(end < 20.0 * tols[i], "%s: end error %.3e at tol %.0e too large", name, end, tols[i]);
        CHECK(e < 1e3 * tols[i], "%s: grid error %.3e at tol %.0e too large", name, e, tols[i]);
        CHECK(c.steps >= prev_steps, "%s: steps do not grow with tighter tol", name);
        prev = e;
        prev_end = end;
        prev_steps = c.steps;
    }
}

static void input_test(handmade *h)
{
    double tout[1] = { 2.0 }, y[5];
    db_output out = { .nt = 1, .t = tout, .y = y, .yp = NULL };
    db_counters c;
    char msg[256];
    const db_solver *s = db_solver_find("radau5");
    db_solver_opts o = { .rtol = 1e-6, .atol = 1e-6, .variant = "nonsense" };
    memset(&c, 0, sizeof c);
    CHECK(s->integrate(&h->d, &o, &out, &c, msg, sizeof msg) == DB_FAIL_INPUT, "bad variant accepted");
    o.variant = NULL;
    o.rtol = -1.0;
    CHECK(s->integrate(&h->d, &o, &out, &c, msg, sizeof msg) == DB_FAIL_INPUT, "rtol < 0 accepted");
    o.rtol = 1e-6;
    o.max_steps = 3;
    CHECK(s->integrate(&h->d, &o, &out, &c, msg, sizeof msg) == DB_FAIL_BUDGET, "max_steps ignored");
    o.max_steps = 0;
    h->d.neq = h->d.n + 1;
    CHECK(s->integrate(&h->d, &o, &out, &c, msg, sizeof msg) == DB_FAIL_INPUT, "neq != n accepted");
    h->d.neq = h->d.n;
    h->d.form = DB_OEOM1;
    CHECK(s->integrate(&h->d, &o, &out, &c, msg, sizeof msg) == DB_FAIL_INPUT, "oEoM1 accepted");
    h->d.form = DB_NFORMS;
}

int main(void)
{
    handmade *ode = malloc(sizeof *ode), *dae = malloc(sizeof *dae);
    if (!ode || !dae)
        return 1;
    make(ode, 3, 3, ode_rhs, ode_jac, ode_exact);
    make(dae, 5, 3, dae_rhs, dae_jac, dae_exact);
    order_test(ode, "ode");
    order_test(dae, "dae-index1");
    tol_test(ode, "ode");
    tol_test(dae, "dae-index1");
    input_test(ode);
    free(ode);
    free(dae);
    return check_summary();
}
