/* caraxis.c — the car axis of the Bari IVP test set, problem "caraxis".
 *
 * A planar bar (mass Mb, length L) from (xl, yl) to (xr, yr) hangs on two springs
 * (stiffness 1/ε², rest length L0): the left one from the wheel at the origin, the
 * right one from the wheel (xb(t), yb(t)) rolling over a sinusoidal road,
 *     yb = h sin ωt,   xb = √(L² − yb²).
 * p = (xl, yl, xr, yr), 2 holonomic constraints (one rheonomic), 2 degrees of
 * freedom, t in [0, 3]; stiff through the springs (1/ε² = 10⁴).
 *
 * Sources: fact sheet ../shared/models/caraxis.md (test-set file caraxis.F and its
 * description, Release 2.4 §II.17).  Written in the sheet's "scaling A" (§4.2): the
 * test set's own scaling, M = K I with K = ε² Mb/2,
 *     f = (L0 − Ll)(xl, yl)/Ll ⊕ (L0 − Lr)(xr − xb, yr − yb)/Lr − K g (0, 1, 0, 1),
 *     g(t,p) = (xl xb + yl yb,  (xl − xr)² + (yl − yr)² − L²),
 * with the project's sign M v' = f − Gᵀλ, so λ = −λ_ts (sheet §4.3: compare
 * (p, v, −λ) with the test set's y).  Initial values (sheet §6): p0 = (0, L0, L, L0)
 * (both springs at rest), v0 = (−L0 hω/L, 0, −L0 hω/L, 0), λ0 = 0, a0 = −g(0,1,0,1);
 * consistent on all levels for every ε, h, ω (t0 = 0, where yb = ÿb = 0). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "entries.h"
#include "mech.h"

#define CA_MB 10.0   /* bar mass (sheet §2) */
#define CA_L 1.0     /* axis and bar length */
#define CA_L0 0.5    /* spring rest length */
#define CA_G 1.0     /* gravity (the test set's g = 1) */

/* parameters: ε, h, ω */
#define CA_EPS(m) ((m)->par[0])
#define CA_H(m) ((m)->par[1])
#define CA_OM(m) ((m)->par[2])

static double ca_K(const db_mech *m)
{
    return CA_EPS(m) * CA_EPS(m) * CA_MB / 2.0;
}

/* road: r = (xb, yb, ẋb, ẏb, ẍb, ÿb) at t */
static void ca_road(const db_mech *m, double t, double r[6])
{
    double h = CA_H(m), om = CA_OM(m);
    double yb = h * sin(om * t), yd = h * om * cos(om * t), ydd = -om * om * yb;
    double xb = sqrt(CA_L * CA_L - yb * yb);
    double xd = -yb * yd / xb;
    r[0] = xb;
    r[1] = yb;
    r[2] = xd;
    r[3] = yd;
    r[4] = -(xd * xd + yd * yd + yb * ydd) / xb;
    r[5] = ydd;
}

static void ca_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)t;
    (void)p;
    double K = ca_K(m);
    for (int i = 0; i < 4; i++)
        M[i + 4 * i] = K;
}

/* spring from anchor (ax, ay) to point (x, y): force (L0 − ℓ)(d/ℓ) into f[0..1],
 * its Jacobian (L0/ℓ)(I − e eᵀ) − I into J (2×2, column-major) when J != NULL */
static void ca_spring(double x, double y, double ax, double ay, double *f, double J[4])
{
    double dx = x - ax, dy = y - ay, l = sqrt(dx * dx + dy * dy);
    f[0] = (CA_L0 - l) * dx / l;
    f[1] = (CA_L0 - l) * dy / l;
    if (J) {
        double ex = dx / l, ey = dy / l, c = CA_L0 / l;
        J[0] = c * (1.0 - ex * ex) - 1.0;
        J[1] = -c * ex * ey;
        J[2] = -c * ex * ey;
        J[3] = c * (1.0 - ey * ey) - 1.0;
    }
}

static void ca_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    (void)v, (void)lam, (void)mu;
    double r[6], wg = ca_K(m) * CA_G;
    ca_road(m, t, r);
    ca_spring(p[0], p[1], 0.0, 0.0, f, NULL);
    ca_spring(p[2], p[3], r[0], r[1], f + 2, NULL);
    f[1] -= wg;
    f[3] -= wg;
}

static void ca_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu, double *fp, double *fv,
                         double *fl, double *fm)
{
    (void)v, (void)lam, (void)mu, (void)fv, (void)fl, (void)fm;
    double r[6], f[2], J[4];
    ca_road(m, t, r);
    for (int s = 0; s < 2; s++) {
        if (s == 0)
            ca_spring(p[0], p[1], 0.0, 0.0, f, J);
        else
            ca_spring(p[2], p[3], r[0], r[1], f, J);
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++)
                fp[(2 * s + i) + 4 * (2 * s + j)] = J[i + 2 * j];
    }
}

static void ca_g(const db_mech *m, double t, const double *p, double *g)
{
    double r[6];
    ca_road(m, t, r);
    double dx = p[0] - p[2], dy = p[1] - p[3];
    g[0] = p[0] * r[0] + p[1] * r[1];
    g[1] = dx * dx + dy * dy - CA_L * CA_L;
}

/* row 2 of G-like blocks: (a, b, −a, −b) */
static void ca_row2(double *out, double a, double b)
{
    out[1 + 2 * 0] = a;
    out[1 + 2 * 1] = b;
    out[1 + 2 * 2] = -a;
    out[1 + 2 * 3] = -b;
}

static void ca_G(const db_mech *m, double t, const double *p, double *G)
{
    double r[6];
    ca_road(m, t, r);
    G[0] = r[0];
    G[2] = r[1];
    ca_row2(G, 2.0 * (p[0] - p[2]), 2.0 * (p[1] - p[3]));
}

static void ca_g_t(const db_mech *m, double t, const double *p, double *gt)
{
    double r[6];
    ca_road(m, t, r);
    gt[0] = p[0] * r[2] + p[1] * r[3];
}

static void ca_g_tp(const db_mech *m, double t, const double *p, double *out)
{
    (void)p;
    double r[6];
    ca_road(m, t, r);
    out[0] = r[2];
    out[2] = r[3];
}

/* κ = (2(ẋb ul + ẏb vl) + xl ẍb + yl ÿb,  2[(ul − ur)² + (vl − vr)²]) (sheet §4.2) */
static void ca_kappa_g(const db_mech *m, double t, const double *p, const double *v,
                       double *k)
{
    double r[6];
    ca_road(m, t, r);
    double du = v[0] - v[2], dw = v[1] - v[3];
    k[0] = 2.0 * (r[2] * v[0] + r[3] * v[1]) + p[0] * r[4] + p[1] * r[5];
    k[1] = 2.0 * (du * du + dw * dw);
}

static void ca_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)p;
    double r[6];
    ca_road(m, t, r);
    kp[0] = r[4];
    kp[2] = r[5];
    kv[0] = 2.0 * r[2];
    kv[2] = 2.0 * r[3];
    ca_row2(kv, 4.0 * (v[0] - v[2]), 4.0 * (v[1] - v[3]));
}

/* ∂(G w)/∂p: row 1 of G depends on t only */
static void ca_Gw_p(const db_mech *m, double t, const double *p, const double *w,
                    double *out)
{
    (void)m, (void)t, (void)p;
    ca_row2(out, 2.0 * (w[0] - w[2]), 2.0 * (w[1] - w[3]));
}

/* ∂(Gᵀλ)/∂p = 2 λ2 [I −I; −I I] */
static void ca_GTl_p(const db_mech *m, double t, const double *p, const double *l,
                     double *out)
{
    (void)m, (void)t, (void)p;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (i % 2 == j % 2)
                out[i + 4 * j] = ((i < 2) == (j < 2) ? 2.0 : -2.0) * l[1];
}

static void ca_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    (void)mu;
    double ul = -CA_L0 * CA_H(m) * CA_OM(m) / CA_L;
    p[0] = 0.0;
    p[1] = CA_L0;
    p[2] = CA_L;
    p[3] = CA_L0;
    v[0] = v[2] = ul;
    v[1] = v[3] = 0.0;
    lam[0] = lam[1] = 0.0;
    a[0] = a[2] = 0.0;
    a[1] = a[3] = -CA_G;
}

static int ca_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (!(par[0] > 0.0 && par[0] <= 1.0)) {
        snprintf(err, errlen, "caraxis: eps = %g is not in (0, 1]", par[0]);
        return 1;
    }
    if (!(par[1] >= 0.0 && par[1] < 0.5 * CA_L)) {
        snprintf(err, errlen, "caraxis: h = %g is not in [0, %g)", par[1], 0.5 * CA_L);
        return 1;
    }
    if (!(par[2] >= 0.0 && par[2] <= 1000.0)) {
        snprintf(err, errlen, "caraxis: omega = %g is not in [0, 1000]", par[2]);
        return 1;
    }
    m->np = m->nv = 4;
    m->nl = 2;
    m->nm = 0;
    m->t0 = 0.0;   /* ca_init relies on sin(ω t0) = 0 */
    m->tend = 3.0;
    m->flags = DB_MASS_CONST | DB_RHEONOMIC;
    m->par = par;
    m->scenario = sc;
    m->mass = ca_mass;
    m->force = ca_force;
    m->g = ca_g;
    m->G = ca_G;
    m->g_t = ca_g_t;
    m->kappa_g = ca_kappa_g;
    m->force_jac = ca_force_jac;
    m->Gw_p = ca_Gw_p;
    m->GTl_p = ca_GTl_p;
    m->g_tp = ca_g_tp;
    m->kappa_g_jac = ca_kappa_g_jac;
    m->init = ca_init;
    m->energy = NULL;   /* driven by the road: no invariant */
    return 0;
}

/* sheet §7.2: the Release 2.4 reference y(3), λ in the test set's sign; §7.3: the
 * digits each value is good to (against a 40-digit solution) */
static const double ca_pub_values[10] = {
    0.493455784275402809122e-1, 0.496989460230171153861, 0.104174252488542151681e1,
    0.373911027265361256927, -0.770583684040972357970e-1, 0.744686658723778553466e-2,
    0.175568157537232222276e-1, 0.770341043779251976443, -0.473688659084893324729e-2,
    -0.110468033125734368808e-2};
static const double ca_pub_digits[10] = {12.5, 12.5, 14.4, 13.9, 11.2, 9.2, 11.0, 12.3, 12.0,
                                         11.7};
static const char *const ca_pub_names[10] = {"xl", "yl", "xr", "yr", "ul", "vl", "ur", "vr",
                                             "lambda1_ts", "lambda2_ts"};

/* y = (p, v, λ_ts) with λ_ts = −λ (sheet §4.3) */
static int ca_pub_map(const db_mech *m, const double *p, const double *v, const double *lam,
                      const double *mu, double *y)
{
    (void)m; (void)mu;
    for (int i = 0; i < 4; i++) {
        y[i] = p[i];
        y[4 + i] = v[i];
    }
    y[8] = -lam[0];
    y[9] = -lam[1];
    return 0;
}

static const db_published ca_published = {
    "IVP test set Release 2.4, y(3) (all 10 components)", 0, 10, ca_pub_values, ca_pub_digits,
    ca_pub_names, ca_pub_map};

static const db_scenario_spec ca_scenarios[] = {
    {"default", "test set: springs at rest, bar level, t in [0, 3]"},
};

static const db_param_spec ca_params[] = {
    {"eps", 1e-2, 1e-4, 1.0, 0, "spring compliance: stiffness 1/eps^2 (test set 1e-2)"},
    {"h", 0.1, 0.0, 0.49, 0, "road amplitude in yb = h sin(omega t) (test set 0.1)"},
    {"omega", 10.0, 0.0, 1000.0, 0, "road frequency [rad/s] (test set 10)"},
};

const db_problem db_problem_caraxis = {
    .name = "caraxis",
    .title = "car axis on a bumpy road: stiff springs, rheonomic constraint (IVP test set)",
    .source = "Bari IVP test set, Release 2.4 §II.17 (caraxis.F)",
    .scenarios = ca_scenarios,
    .nscenarios = 1,
    .params = ca_params,
    .nparams = 3,
    .setup = ca_setup,
    .teardown = NULL,
    .exact = NULL,
    .published = &ca_published,
};
