/* pendulum.c — the mathematical pendulum in Cartesian coordinates (GEOMS test
 * problem) with its exact elliptic-function solution.
 * Sources: ../shared/models/pendulum.md (seed 000, Steinbrecher, GEOMS, WIAS
 * preprint 1259: Example 2.8 model, eqs. (13c)–(13e); Example 4.1 data g = 13.75,
 * m = L = 1, v10 = 2.8 / 2.9 on [0, 5]); exact solution sheet §3 (derived there):
 *     θ = 2 asin(k sn(ωt | k²)),  ω = sqrt(g/L),  k = v10 / (2 sqrt(gL)),
 *     λ = (m g / 2L)(1 + 4k² − 6k² sn²).
 * M = diag(m, m), f = (0, −m g), g = p1² + p2² − L² (no ½), G = [2p1, 2p2]. */
#include <math.h>
#include <stdio.h>

#include "elliptic.h"
#include "mech.h"

enum { PAR_G, PAR_M, PAR_L };

static const db_param_spec pend_params[] = {
    { "g", 13.75, 0.1, 1000.0, 0, "gravitational acceleration (GEOMS Example 4.1)" },
    { "m", 1.0, 1e-3, 1e3, 0, "mass of the bob" },
    { "L", 1.0, 1e-2, 1e2, 0, "rod length" },
};

enum { SC_V28, SC_V29, SC_LONG };

static const db_scenario_spec pend_scenarios[] = {
    { "v28", "p0 = (0, -L), v0 = (2.8, 0) on [0, 5] (GEOMS Table 3)" },
    { "v29", "p0 = (0, -L), v0 = (2.9, 0) on [0, 5] (GEOMS Table 4; crosses 45 deg)" },
    { "long", "p0 = (0, -L), v0 = (sqrt(2gL), 0) on [0, 1000]: 90 deg swing, period ~2" },
};

/* initial speed at the bottom for the scenario */
static double pend_v10(const db_mech *m)
{
    switch (m->scenario) {
    case SC_V29: return 2.9;
    case SC_LONG: return sqrt(2.0 * m->par[PAR_G] * m->par[PAR_L]);
    default: return 2.8;
    }
}

static void pend_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)t;
    (void)p;
    M[0] = m->par[PAR_M];
    M[3] = m->par[PAR_M];
}

static void pend_force(const db_mech *m, double t, const double *p, const double *v,
                       const double *lam, const double *mu, double *f)
{
    (void)t;
    (void)p;
    (void)v;
    (void)lam;
    (void)mu;
    f[1] = -m->par[PAR_M] * m->par[PAR_G];
}

static void pend_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)t;
    double L = m->par[PAR_L];
    g[0] = p[0] * p[0] + p[1] * p[1] - L * L;
}

static void pend_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)m;
    (void)t;
    G[0] = 2.0 * p[0];
    G[1] = 2.0 * p[1];
}

/* κ_g = (G v)_p v = 2 v1² + 2 v2² */
static void pend_kappa_g(const db_mech *m, double t, const double *p, const double *v, double *k)
{
    (void)m;
    (void)t;
    (void)p;
    k[0] = 2.0 * (v[0] * v[0] + v[1] * v[1]);
}

static void pend_Mw_p(const db_mech *m, double t, const double *p, const double *w, double *out)
{
    (void)m; (void)t; (void)p; (void)w; (void)out;   /* M constant */
}

static void pend_force_jac(const db_mech *m, double t, const double *p, const double *v,
                           const double *lam, const double *mu,
                           double *fp, double *fv, double *fl, double *fm)
{
    (void)m; (void)t; (void)p; (void)v; (void)lam; (void)mu;
    (void)fp; (void)fv; (void)fl; (void)fm;          /* f constant */
}

static void pend_Gw_p(const db_mech *m, double t, const double *p, const double *w, double *out)
{
    (void)m;
    (void)t;
    (void)p;
    out[0] = 2.0 * w[0];
    out[1] = 2.0 * w[1];
}

static void pend_GTl_p(const db_mech *m, double t, const double *p, const double *l, double *out)
{
    (void)m;
    (void)t;
    (void)p;
    out[0] = 2.0 * l[0];
    out[3] = 2.0 * l[0];
}

static void pend_g_tp(const db_mech *m, double t, const double *p, double *out)
{
    (void)m; (void)t; (void)p; (void)out;            /* scleronomic */
}

static void pend_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                             double *kp, double *kv)
{
    (void)m;
    (void)t;
    (void)p;
    (void)kp;
    kv[0] = 4.0 * v[0];
    kv[1] = 4.0 * v[1];
}

/* start at the bottom; λ from the closed form (sheet §1), a = (f − Gᵀλ)/m */
static void pend_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    (void)mu;
    double g = m->par[PAR_G], ms = m->par[PAR_M], L = m->par[PAR_L];
    p[0] = 0.0;
    p[1] = -L;
    v[0] = pend_v10(m);
    v[1] = 0.0;
    double r2 = p[0] * p[0] + p[1] * p[1];
    lam[0] = ms * (v[0] * v[0] + v[1] * v[1] - g * p[1]) / (2.0 * r2);
    a[0] = -2.0 * p[0] * lam[0] / ms;
    a[1] = -g - 2.0 * p[1] * lam[0] / ms;
}

static double pend_energy(const db_mech *m, double t, const double *p, const double *v)
{
    (void)t;
    double ms = m->par[PAR_M];
    return 0.5 * ms * (v[0] * v[0] + v[1] * v[1]) + ms * m->par[PAR_G] * p[1];
}

/* sheet §3; requires k < 1 (a swinging, not rotating, pendulum) */
static int pend_exact(const db_mech *m, double t, double *p, double *v, double *lam, double *mu)
{
    (void)mu;
    double g = m->par[PAR_G], ms = m->par[PAR_M], L = m->par[PAR_L];
    double omega = sqrt(g / L);
    double k = pend_v10(m) / (2.0 * sqrt(g * L));
    if (!(k < 1.0))
        return 1;
    double k2 = k * k, sn, cn, dn;
    db_ellip_jacobi(omega * (t - m->t0), k2, &sn, &cn, &dn);
    double q = 1.0 - 2.0 * k2 * sn * sn;    /* cos θ */
    p[0] = 2.0 * L * k * sn * dn;
    p[1] = -L * q;
    v[0] = 2.0 * L * k * omega * cn * q;
    v[1] = 4.0 * L * k2 * omega * sn * cn * dn;
    lam[0] = ms * g / (2.0 * L) * (1.0 + 4.0 * k2 - 6.0 * k2 * sn * sn);
    return 0;
}

static int pend_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    if (sc < 0 || sc >= (int)(sizeof pend_scenarios / sizeof pend_scenarios[0])) {
        snprintf(err, errlen, "pendulum: no scenario %d", sc);
        return 1;
    }
    if (!(par[PAR_G] > 0 && par[PAR_M] > 0 && par[PAR_L] > 0)) {
        snprintf(err, errlen, "pendulum: g, m and L must be positive");
        return 1;
    }
    *m = (db_mech){ 0 };
    m->np = m->nv = 2;
    m->nl = 1;
    m->nm = 0;
    m->t0 = 0.0;
    m->tend = sc == SC_LONG ? 1000.0 : 5.0;
    m->flags = DB_MASS_CONST;
    m->par = par;
    m->scenario = sc;
    m->mass = pend_mass;
    m->force = pend_force;
    m->g = pend_g;
    m->G = pend_G;
    m->kappa_g = pend_kappa_g;
    m->Mw_p = pend_Mw_p;
    m->force_jac = pend_force_jac;
    m->Gw_p = pend_Gw_p;
    m->GTl_p = pend_GTl_p;
    m->g_tp = pend_g_tp;
    m->kappa_g_jac = pend_kappa_g_jac;
    m->init = pend_init;
    m->energy = pend_energy;
    return 0;
}

const db_problem db_problem_pendulum = {
    .name = "pendulum",
    .title = "mathematical pendulum in Cartesian coordinates (GEOMS), exact solution",
    .source = "Steinbrecher, GEOMS, WIAS preprint 1259, Ex. 2.8/4.1; exact solution "
              "by Jacobi elliptic functions",
    .scenarios = pend_scenarios,
    .nscenarios = (int)(sizeof pend_scenarios / sizeof pend_scenarios[0]),
    .params = pend_params,
    .nparams = (int)(sizeof pend_params / sizeof pend_params[0]),
    .setup = pend_setup,
    .teardown = NULL,
    .exact = pend_exact,
};
