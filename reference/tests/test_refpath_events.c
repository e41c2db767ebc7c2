/* test_refpath_events.c — the reference path's integrators (refint, refgauss)
 * end a step exactly past each zero of a problem's switching functions
 * (refint.h db_refint_land), so that no step straddles a kink of the force.
 *
 * The system: a unit mass on a spring that stiffens beyond x1 (a bilinear
 * spring, the force continuous with a kink at x1):
 *     x'' = −ω1² x − ω2² max(0, x − x1),   switching function s = x − x1,
 * from x(0) = 0, x'(0) = v0, with a closed-form solution: sin in the soft
 * region, a shifted cosine/sine about xe = ω2² x1 / Ω² (Ω² = ω1² + ω2²) in
 * the stiff one; the excursion beyond x1 lasts 2φ/Ω with φ the phase of its
 * entry, and the motion is periodic from the first entry on.
 * Asserted, for refint (tol 1e-12) and refgauss (5 stages, h = 0.01):
 *   - with the switching function: the four crossings of [0, 10] are landed on
 *     (events == 4) and every grid point meets the exact solution to 1e-11
 *     (p, v scaled by the amplitude);
 *   - without it (the kinks straddled) the same settings miss by far more
 *     (> 30 times), so a landing that did nothing would fail the first check.
 * A motion that only grazes the stiff region (x1 = 1 − 2e-6 of the amplitude:
 * excursions of 4e-3, shorter than one step), with the switching function
 * quantized to 2^−30 (it is exactly zero over 5e-7 about each crossing, as the
 * wheelset's creep law is at its rounding): both integrators land strictly past
 * each zero, so the exit of each short excursion is seen too (events == 4,
 * error ≤ 1e-11); a landing on an exact zero left the next step's side
 * undecided and the exit unseen.  Rounding noise of 1e-13 in the force (a
 * hash of the state's bits): refgauss's stage iteration accepts the converged
 * noise level instead of splitting the step (no rejected step). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reference/refgauss.h"
#include "reference/refint.h"
#include "testset/tests/check.h"

#define W1 1.0
#define W2 3.0
#define V0 1.0
#define NT 41

static double x1 = 0.5;     /* the kink */
static int quantized;       /* the switching function rounded to 2^-30 */
static double noise;        /* relative noise of the force */

/* a deterministic jitter in [−1, 1] from the bits of x */
static double jitter(double x)
{
    unsigned long long b;
    memcpy(&b, &x, sizeof b);
    b *= 0x9E3779B97F4A7C15ull;
    return (double)(b >> 11) / (double)(1ull << 52) - 1.0;
}

static void bl_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)m; (void)t; (void)p;
    M[0] = 1.0;
}

static void bl_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    (void)m; (void)t; (void)v; (void)lam; (void)mu;
    f[0] = (-W1 * W1 * p[0] - W2 * W2 * fmax(0.0, p[0] - x1)) * (1.0 + noise * jitter(p[0]));
}

static void bl_switch(const db_mech *m, double t, const double *p, const double *v,
                      const double *lam, const double *mu, double *s)
{
    (void)m; (void)t; (void)v; (void)lam; (void)mu;
    s[0] = quantized ? ldexp(nearbyint(ldexp(p[0] - x1, 40)), -40) : p[0] - x1;
}

static void bl_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    (void)m; (void)lam; (void)mu;
    p[0] = 0.0;
    v[0] = V0;
    a[0] = 0.0;
}

/* the exact solution at t */
static void bl_exact(double t, double *x, double *xd)
{
    const double pi = 3.14159265358979323846;
    double Om = sqrt(W1 * W1 + W2 * W2), xe = W2 * W2 * x1 / (Om * Om);
    double psi1 = asin(x1 * W1 / V0), t1 = psi1 / W1;
    double v1 = V0 * cos(psi1), A = x1 - xe, B = v1 / Om;
    double tau2 = 2.0 * atan2(B, A) / Om, P = tau2 + (pi + 2.0 * psi1) / W1;
    if (t < t1) {
        *x = V0 / W1 * sin(W1 * t);
        *xd = V0 * cos(W1 * t);
        return;
    }
    double tau = fmod(t - t1, P);
    if (tau < tau2) {
        *x = xe + A * cos(Om * tau) + B * sin(Om * tau);
        *xd = Om * (-A * sin(Om * tau) + B * cos(Om * tau));
    } else {
        double ph = pi - psi1 + W1 * (tau - tau2);
        *x = V0 / W1 * sin(ph);
        *xd = V0 * cos(ph);
    }
}

static void bl_setup(db_mech *m, int with_switch)
{
    memset(m, 0, sizeof *m);
    m->np = m->nv = 1;
    m->t0 = 0.0;
    m->tend = 10.0;
    m->flags = DB_MASS_CONST | DB_NONSMOOTH;
    m->mass = bl_mass;
    m->force = bl_force;
    m->init = bl_init;
    if (with_switch) {
        m->nswitch = 1;
        m->switching = bl_switch;
    }
}

/* largest error over the grid (amplitude 1 in x and x') */
static double grid_error(const double *t, const double *p, const double *v)
{
    double e = 0.0;
    for (int k = 0; k < NT; k++) {
        double x, xd;
        bl_exact(t[k], &x, &xd);
        e = fmax(e, fmax(fabs(p[k] - x), fabs(v[k] - xd)));
    }
    return e;
}

static double run(int gauss, int with_switch, long *events, long *rejected)
{
    db_mech m;
    bl_setup(&m, with_switch);
    double t[NT], p[NT], v[NT], l[1], mu[1];
    for (int k = 0; k < NT; k++)
        t[k] = m.tend * k / (NT - 1);
    db_refint_stats st;
    char err[256] = "";
    int rc;
    if (gauss) {
        db_refgauss_opts o = {5, 0.01, 0};
        rc = db_refgauss_solve(&m, &o, NT, t, p, v, l, mu, &st, err, sizeof err);
    } else {
        db_refint_opts o;
        memset(&o, 0, sizeof o);
        o.rtol = o.atol = 1e-12;
        rc = db_refint_solve(&m, &o, NT, t, p, v, l, mu, &st, err, sizeof err);
    }
    CHECK(rc == 0, "%s: %s", gauss ? "refgauss" : "refint", err);
    *events = st.events;
    *rejected = st.rejected;
    double e = rc == 0 ? grid_error(t, p, v) : INFINITY;
    printf("%-8s %s switching: %ld steps, %ld events, max error %.2e\n",
           gauss ? "refgauss" : "refint", with_switch ? "with   " : "without", st.steps,
           st.events, e);
    return e;
}

int main(void)
{
    long rej;
    for (int gauss = 0; gauss < 2; gauss++) {
        long ev_on, ev_off;
        double on = run(gauss, 1, &ev_on, &rej), off = run(gauss, 0, &ev_off, &rej);
        const char *name = gauss ? "refgauss" : "refint";
        CHECK(ev_on == 4, "%s: %ld steps landed on a zero, the motion crosses x1 4 times",
              name, ev_on);
        CHECK(ev_off == 0, "%s: events without switching functions", name);
        CHECK(on <= 1e-11, "%s with the switching function: error %.2e", name, on);
        CHECK(off > 30.0 * on, "%s: straddling the kinks (error %.2e) is not worse than "
              "landing on them (%.2e): the test does not see the landing", name, off, on);
    }
    /* grazing excursions, shorter than a step, through an exactly-zero band */
    x1 = 1.0 - 2e-6;
    quantized = 1;
    for (int gauss = 0; gauss < 2; gauss++) {
        long ev_on, ev_off;
        double on = run(gauss, 1, &ev_on, &rej), off = run(gauss, 0, &ev_off, &rej);
        const char *name = gauss ? "refgauss" : "refint";
        CHECK(ev_on == 4, "%s, grazing: %ld steps landed on a zero, the motion crosses x1 "
              "4 times", name, ev_on);
        CHECK(on <= 1e-11, "%s, grazing: error %.2e", name, on);
        CHECK(off > 30.0 * on, "%s, grazing: the excursions unseen (error %.2e) are not worse "
              "than seen (%.2e): the test does not see them", name, off, on);
    }
    /* rounding noise in the force: refgauss converges to it without splitting */
    x1 = 0.5;
    quantized = 0;
    noise = 1e-13;
    long ev;
    double e = run(1, 1, &ev, &rej);
    CHECK(rej == 0, "refgauss, noisy force: %ld steps split (the stage iteration did not "
          "accept the noise level)", rej);
    CHECK(e <= 1e-11, "refgauss, noisy force: error %.2e", e);
    return check_summary();
}
