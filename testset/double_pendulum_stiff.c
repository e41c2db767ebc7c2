/* double_pendulum_stiff.c — planar double pendulum with two stiff rotational
 * spring-damper-actuators (RSDA), the validation problem of the Rosenbrock–
 * Nyström paper.
 *
 * Sources: seed 004 (Sandu, Negrut, Haug, Potra, Sandu, "Rosenbrock-Nystrom
 * integrators for SODE of multibody dynamics"), §5.1 (data, initial values,
 * length 2 s); fact sheet ../shared/models/double_pendulum_stiff.md (planar
 * reconstruction §2–§3, assumed slender-bar inertias J1 = 1, J2 = 0.225 and
 * gravity 9.81 in −y, RSDA angles taken modulo 2π, erratum ẏ2 = 14.4888874 via
 * the exact initial values of §3).
 *
 * p = (x1, y1, θ1, x2, y2, θ2), M = diag(m1, m1, J1, m2, m2, J2), body 1 pinned
 * at the origin with its CM at L1 e(θ1), body 2's CM at L2 e(θ2) beyond the joint
 * at 2 L1 e(θ1):
 *   g = (x1 − L1 cos θ1, y1 − L1 sin θ1,
 *        x1 + L1 cos θ1 − x2 + L2 cos θ2, y1 + L1 sin θ1 − y2 + L2 sin θ2)
 *   τ2 = −k2 wrap(θ2 − θ1 − α2) − C2 (θ2' − θ1'),   τ1 = −k1 wrap(θ1 − α1) − C1 θ1' − τ2
 * Stiff: the RSDA-2 damper gives an eigenvalue near −1e5 (sheet §4).
 * λ(0), a(0) from the 10×10 saddle-point system (testset/consistent.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "consistent.h"
#include "mech.h"

#define DP_PI 3.14159265358979323846

/* seed 004 §5.1 */
#define DP_M1 3.0
#define DP_M2 0.3
#define DP_L1 1.0
#define DP_L2 1.5
#define DP_K1 400.0
#define DP_K2 3.0e5
#define DP_C1 15.0
#define DP_C2 5.0e4
#define DP_ALPHA1 (1.5 * DP_PI)   /* 3π/2 */
#define DP_ALPHA2 0.0
/* sheet §3 assumptions: slender bars J = m (2L)²/12 */
#define DP_J1 (DP_M1 * 4.0 * DP_L1 * DP_L1 / 12.0)
#define DP_J2 (DP_M2 * 4.0 * DP_L2 * DP_L2 / 12.0)

/* angle mapped into [−π, π] (sheet §6.1: deflections modulo 2π) */
static double dp_wrap(double x) { return remainder(x, 2.0 * DP_PI); }

static void dp_mass(const db_mech *m, double t, const double *p, double *M)
{
    static const double diag[6] = {DP_M1, DP_M1, DP_J1, DP_M2, DP_M2, DP_J2};
    (void)m;
    (void)t;
    (void)p;
    for (int j = 0; j < 6; j++)
        M[j + 6 * j] = diag[j];
}

static void dp_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    double grav = m->par[0];
    (void)t;
    (void)lam;
    (void)mu;
    double tau2 = -DP_K2 * dp_wrap(p[5] - p[2] - DP_ALPHA2) - DP_C2 * (v[5] - v[2]);
    double tau1 = -DP_K1 * dp_wrap(p[2] - DP_ALPHA1) - DP_C1 * v[2] - tau2;
    f[1] = -DP_M1 * grav;
    f[2] = tau1;
    f[4] = -DP_M2 * grav;
    f[5] = tau2;
}

/* the wrap has slope 1 away from its jumps (never reached on [0, 2]) */
static void dp_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         double *fp, double *fv, double *fl, double *fm)
{
    (void)m;
    (void)t;
    (void)p;
    (void)v;
    (void)lam;
    (void)mu;
    (void)fl;
    (void)fm;
    fp[2 + 6 * 2] = -DP_K1 - DP_K2;
    fp[2 + 6 * 5] = DP_K2;
    fp[5 + 6 * 2] = DP_K2;
    fp[5 + 6 * 5] = -DP_K2;
    fv[2 + 6 * 2] = -DP_C1 - DP_C2;
    fv[2 + 6 * 5] = DP_C2;
    fv[5 + 6 * 2] = DP_C2;
    fv[5 + 6 * 5] = -DP_C2;
}

static void dp_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)m;
    (void)t;
    double c1 = cos(p[2]), s1 = sin(p[2]), c2 = cos(p[5]), s2 = sin(p[5]);
    g[0] = p[0] - DP_L1 * c1;
    g[1] = p[1] - DP_L1 * s1;
    g[2] = p[0] + DP_L1 * c1 - p[3] + DP_L2 * c2;
    g[3] = p[1] + DP_L1 * s1 - p[4] + DP_L2 * s2;
}

/* G (4×6, ld 4) */
static void dp_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)m;
    (void)t;
    double c1 = cos(p[2]), s1 = sin(p[2]), c2 = cos(p[5]), s2 = sin(p[5]);
    G[0 + 4 * 0] = 1.0;
    G[0 + 4 * 2] = DP_L1 * s1;
    G[1 + 4 * 1] = 1.0;
    G[1 + 4 * 2] = -DP_L1 * c1;
    G[2 + 4 * 0] = 1.0;
    G[2 + 4 * 2] = -DP_L1 * s1;
    G[2 + 4 * 3] = -1.0;
    G[2 + 4 * 5] = -DP_L2 * s2;
    G[3 + 4 * 1] = 1.0;
    G[3 + 4 * 2] = DP_L1 * c1;
    G[3 + 4 * 4] = -1.0;
    G[3 + 4 * 5] = DP_L2 * c2;
}

static void dp_kappa_g(const db_mech *m, double t, const double *p, const double *v, double *k)
{
    (void)m;
    (void)t;
    double c1 = cos(p[2]), s1 = sin(p[2]), c2 = cos(p[5]), s2 = sin(p[5]);
    double w1 = v[2] * v[2], w2 = v[5] * v[5];
    k[0] = DP_L1 * c1 * w1;
    k[1] = DP_L1 * s1 * w1;
    k[2] = -DP_L1 * c1 * w1 - DP_L2 * c2 * w2;
    k[3] = -DP_L1 * s1 * w1 - DP_L2 * s2 * w2;
}

static void dp_Gw_p(const db_mech *m, double t, const double *p, const double *w, double *out)
{
    (void)m;
    (void)t;
    double c1 = cos(p[2]), s1 = sin(p[2]), c2 = cos(p[5]), s2 = sin(p[5]);
    out[0 + 4 * 2] = DP_L1 * c1 * w[2];
    out[1 + 4 * 2] = DP_L1 * s1 * w[2];
    out[2 + 4 * 2] = -DP_L1 * c1 * w[2];
    out[2 + 4 * 5] = -DP_L2 * c2 * w[5];
    out[3 + 4 * 2] = -DP_L1 * s1 * w[2];
    out[3 + 4 * 5] = -DP_L2 * s2 * w[5];
}

static void dp_GTl_p(const db_mech *m, double t, const double *p, const double *l, double *out)
{
    (void)m;
    (void)t;
    double c1 = cos(p[2]), s1 = sin(p[2]), c2 = cos(p[5]), s2 = sin(p[5]);
    out[2 + 6 * 2] = DP_L1 * (c1 * l[0] + s1 * l[1] - c1 * l[2] - s1 * l[3]);
    out[5 + 6 * 5] = -DP_L2 * (c2 * l[2] + s2 * l[3]);
}

static void dp_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)m;
    (void)t;
    double c1 = cos(p[2]), s1 = sin(p[2]), c2 = cos(p[5]), s2 = sin(p[5]);
    double w1 = v[2], w2 = v[5];
    kp[0 + 4 * 2] = -DP_L1 * s1 * w1 * w1;
    kp[1 + 4 * 2] = DP_L1 * c1 * w1 * w1;
    kp[2 + 4 * 2] = DP_L1 * s1 * w1 * w1;
    kp[2 + 4 * 5] = DP_L2 * s2 * w2 * w2;
    kp[3 + 4 * 2] = -DP_L1 * c1 * w1 * w1;
    kp[3 + 4 * 5] = -DP_L2 * c2 * w2 * w2;
    kv[0 + 4 * 2] = 2.0 * DP_L1 * c1 * w1;
    kv[1 + 4 * 2] = 2.0 * DP_L1 * s1 * w1;
    kv[2 + 4 * 2] = -2.0 * DP_L1 * c1 * w1;
    kv[2 + 4 * 5] = -2.0 * DP_L2 * c2 * w2;
    kv[3 + 4 * 2] = -2.0 * DP_L1 * s1 * w1;
    kv[3 + 4 * 5] = -2.0 * DP_L2 * s2 * w2;
}

/* sheet §3: θ1 = 0, θ2 = −π/12 (≡ 23π/12), θ1' = 0, θ2' = 10, CM data exact */
static void dp_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    (void)mu;
    double th1 = 0.0, th2 = -DP_PI / 12.0, w1 = 0.0, w2 = 10.0;
    double c1 = cos(th1), s1 = sin(th1), c2 = cos(th2), s2 = sin(th2);
    p[0] = DP_L1 * c1;
    p[1] = DP_L1 * s1;
    p[2] = th1;
    p[3] = 2.0 * DP_L1 * c1 + DP_L2 * c2;
    p[4] = 2.0 * DP_L1 * s1 + DP_L2 * s2;
    p[5] = th2;
    v[0] = -DP_L1 * s1 * w1;
    v[1] = DP_L1 * c1 * w1;
    v[2] = w1;
    v[3] = -2.0 * DP_L1 * s1 * w1 - DP_L2 * s2 * w2;
    v[4] = 2.0 * DP_L1 * c1 * w1 + DP_L2 * c2 * w2;
    v[5] = w2;

    /* [M Gᵀ; G 0](a; λ) = (f; −κ), 10×10 */
    db_mech_consistent_acc(m, m->t0, p, v, a, lam, mu);
}

static int dp_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);   /* every callback not set below is absent */
    if (!(par[0] >= 0.0 && par[0] <= 100.0)) {
        snprintf(err, errlen, "double_pendulum_stiff: grav = %g is not in [0, 100]", par[0]);
        return 1;
    }
    m->np = m->nv = 6;
    m->nl = 4;
    m->nm = 0;
    m->t0 = 0.0;
    m->tend = 2.0;        /* seed 004 §5.1: simulation length 2 s */
    m->flags = DB_MASS_CONST;
    m->par = par;
    m->scenario = sc;
    m->data = NULL;
    m->mass = dp_mass;
    m->force = dp_force;
    m->g = dp_g;
    m->G = dp_G;
    m->g_t = NULL;
    m->kappa_g = dp_kappa_g;
    m->force_jac = dp_force_jac;
    m->Gw_p = dp_Gw_p;
    m->GTl_p = dp_GTl_p;
    m->kappa_g_jac = dp_kappa_g_jac;
    m->init = dp_init;
    m->energy = NULL;     /* damped: no invariant */
    return 0;
}

static const db_scenario_spec dp_scenarios[] = {
    {"default", "seed 004 §5.1 initial state, t in [0, 2]"},
};

static const db_param_spec dp_params[] = {
    {"grav", 9.81, 0.0, 100.0, 0, "gravity [m/s^2] in -y (assumed; the seed gives none)"},
};

const db_problem db_problem_double_pendulum_stiff = {
    .name = "double_pendulum_stiff",
    .title = "double pendulum with two stiff rotational spring-dampers (stiff, index 3)",
    .source = "Sandu et al. (seed 004) §5.1",
    .scenarios = dp_scenarios,
    .nscenarios = 1,
    .params = dp_params,
    .nparams = 1,
    .setup = dp_setup,
    .teardown = NULL,
    .exact = NULL,
};
