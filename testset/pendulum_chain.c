/* pendulum_chain.c — chain of N mathematical pendulums (point masses on massless
 * rods) hanging from a suspension point that moves on a prescribed path.
 *
 * Sources: seed 002 (Arnold, Fuchs, Führer, "Efficient corrector iteration for
 * DAE time integration in multibody dynamics"), §4.2.1, Table 2, Fig. 7; fact
 * sheet ../shared/models/pendulum_chain.md (Cartesian form §3, initial values §4,
 * choices of ω and gravity §2/§8).
 *
 * p = (x1, y1, …, xN, yN), v = (u1, w1, …), M = m I, f = (0, −m g, …).  Rod i
 * joins point i−1 to point i, point 0 being the suspension
 *     xs(t) = 2 + 0.3 sin ωt,   ys(t) = 0.2 sin ωt;
 * g_i = Δx_i² + Δy_i² − l² (rheonomic through rod 1 only), so G is block
 * bidiagonal and every callback costs O(N).  Sheet §3:
 *     g_{1,t} = −2(Δx_1 u0 + Δy_1 w0),  G_t row 1 = (−2u0, −2w0) at mass 1,
 *     κ_i = 2(Δu_i² + Δw_i²) − δ_{i1} 2(Δx_1 u0' + Δy_1 w0'),  Δu_1 = u1 − u0(t).
 * Initial values (sheet §4, t0 = 0 where the suspension has zero acceleration):
 * hanging straight down, translating with the suspension, v' = 0 and
 * λ_i = (N − i + 1) m g / (2 l) — this is the solution of the saddle-point
 * system [M Gᵀ; G 0](a; λ) = (f; −κ) at t0, written in closed form. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "entries.h"
#include "mech.h"

#define PC_M 1.0      /* point masses [kg] (seed 002) */
#define PC_L 1.0      /* rod length [m] (seed 002) */
#define PC_GRAV 9.81  /* gravity [m/s²], sheet §2 (not given in the seed) */

/* suspension path: position, velocity, acceleration at t */
static void pc_susp(const db_mech *m, double t, double s[6])
{
    double om = m->par[1], sn = sin(om * t), cs = cos(om * t);
    s[0] = 2.0 + 0.3 * sn;
    s[1] = 0.2 * sn;
    s[2] = 0.3 * om * cs;
    s[3] = 0.2 * om * cs;
    s[4] = -0.3 * om * om * sn;
    s[5] = -0.2 * om * om * sn;
}

/* The derivative callbacks write their entries once, through db_entries_add
 * (entries.h), for both the dense callbacks and their sparse variants (mech.h
 * sparse = 1), further below; O(N) each. */
static void pc_mass_to(const db_mech *m, db_entries M)
{
    for (int j = 0; j < m->nv; j++)
        db_entries_add(M, j, j, PC_M);
}

static void pc_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    (void)t;
    (void)p;
    (void)v;
    (void)lam;
    (void)mu;
    for (int i = 0; i < m->nl; i++)
        f[2 * i + 1] = -PC_M * PC_GRAV;
}

/* Δx_i, Δy_i of rod i = 0..N−1 (0-based) */
static void pc_delta(const double *p, const double s[6], int i, double *dx, double *dy)
{
    *dx = p[2 * i] - (i == 0 ? s[0] : p[2 * i - 2]);
    *dy = p[2 * i + 1] - (i == 0 ? s[1] : p[2 * i - 1]);
}

static void pc_g(const db_mech *m, double t, const double *p, double *g)
{
    double s[6], dx, dy;
    pc_susp(m, t, s);
    for (int i = 0; i < m->nl; i++) {
        pc_delta(p, s, i, &dx, &dy);
        g[i] = dx * dx + dy * dy - PC_L * PC_L;
    }
}

/* row i of a bidiagonal block: (a, b) at mass i, (−a, −b) at mass i−1 (i > 0) */
static void pc_rod_row(db_entries o, int i, double a, double b)
{
    db_entries_add(o, i, 2 * i, a);
    db_entries_add(o, i, 2 * i + 1, b);
    if (i > 0) {
        db_entries_add(o, i, 2 * i - 2, -a);
        db_entries_add(o, i, 2 * i - 1, -b);
    }
}

static void pc_G_to(const db_mech *m, double t, const double *p, db_entries G)
{
    double s[6], dx, dy;
    pc_susp(m, t, s);
    for (int i = 0; i < m->nl; i++) {
        pc_delta(p, s, i, &dx, &dy);
        pc_rod_row(G, i, 2.0 * dx, 2.0 * dy);
    }
}

static void pc_g_t(const db_mech *m, double t, const double *p, double *gt)
{
    double s[6], dx, dy;
    pc_susp(m, t, s);
    pc_delta(p, s, 0, &dx, &dy);
    gt[0] = -2.0 * (dx * s[2] + dy * s[3]);
}

static void pc_g_tp_to(const db_mech *m, double t, db_entries out)
{
    double s[6];
    pc_susp(m, t, s);
    db_entries_add(out, 0, 0, -2.0 * s[2]);
    db_entries_add(out, 0, 1, -2.0 * s[3]);
}

/* relative velocity of rod i (0-based) */
static void pc_dvel(const double *v, const double s[6], int i, double *du, double *dw)
{
    *du = v[2 * i] - (i == 0 ? s[2] : v[2 * i - 2]);
    *dw = v[2 * i + 1] - (i == 0 ? s[3] : v[2 * i - 1]);
}

static void pc_kappa_g(const db_mech *m, double t, const double *p, const double *v, double *k)
{
    double s[6], du, dw, dx, dy;
    pc_susp(m, t, s);
    for (int i = 0; i < m->nl; i++) {
        pc_dvel(v, s, i, &du, &dw);
        k[i] = 2.0 * (du * du + dw * dw);
    }
    pc_delta(p, s, 0, &dx, &dy);
    k[0] -= 2.0 * (dx * s[4] + dy * s[5]);
}

static void pc_Gw_p_to(const db_mech *m, const double *w, db_entries out)
{
    for (int i = 0; i < m->nl; i++) {
        double dwx = w[2 * i] - (i == 0 ? 0.0 : w[2 * i - 2]);
        double dwy = w[2 * i + 1] - (i == 0 ? 0.0 : w[2 * i - 1]);
        pc_rod_row(out, i, 2.0 * dwx, 2.0 * dwy);
    }
}

static void pc_GTl_p_to(const db_mech *m, const double *l, db_entries out)
{
    for (int i = 0; i < m->nl; i++)
        for (int ax = 0; ax < 2; ax++) {
            int a = 2 * i + ax;
            db_entries_add(out, a, a, 2.0 * l[i]);
            if (i > 0) {
                int b = a - 2;
                db_entries_add(out, b, b, 2.0 * l[i]);
                db_entries_add(out, a, b, -2.0 * l[i]);
                db_entries_add(out, b, a, -2.0 * l[i]);
            }
        }
}

static void pc_kappa_g_jac_to(const db_mech *m, double t, const double *v, db_entries kp,
                              db_entries kv)
{
    double s[6], du, dw;
    pc_susp(m, t, s);
    db_entries_add(kp, 0, 0, -2.0 * s[4]);
    db_entries_add(kp, 0, 1, -2.0 * s[5]);
    for (int i = 0; i < m->nl; i++) {
        pc_dvel(v, s, i, &du, &dw);
        pc_rod_row(kv, i, 4.0 * du, 4.0 * dw);
    }
}

/* ---- the callbacks: dense, and sparse variants through the same loops ---- */
static void pc_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)t;
    (void)p;
    pc_mass_to(m, db_entries_dense(M, m->nv));
}

static void pc_mass_sp(const db_mech *m, double t, const double *p, db_spacc *M)
{
    (void)t;
    (void)p;
    pc_mass_to(m, db_entries_sparse(M));
}

/* f is constant: all four derivatives vanish (no entries) */
static void pc_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         double *fp, double *fv, double *fl, double *fm)
{
    (void)m, (void)t, (void)p, (void)v, (void)lam, (void)mu;
    (void)fp, (void)fv, (void)fl, (void)fm;
}

static void pc_force_jac_sp(const db_mech *m, double t, const double *p, const double *v,
                            const double *lam, const double *mu,
                            db_spacc *fp, db_spacc *fv, db_spacc *fl, db_spacc *fm)
{
    (void)m, (void)t, (void)p, (void)v, (void)lam, (void)mu;
    (void)fp, (void)fv, (void)fl, (void)fm;
}

static void pc_G(const db_mech *m, double t, const double *p, double *G)
{
    pc_G_to(m, t, p, db_entries_dense(G, m->nl));
}

static void pc_G_sp(const db_mech *m, double t, const double *p, db_spacc *G)
{
    pc_G_to(m, t, p, db_entries_sparse(G));
}

static void pc_g_tp(const db_mech *m, double t, const double *p, double *out)
{
    (void)p;
    pc_g_tp_to(m, t, db_entries_dense(out, m->nl));
}

static void pc_g_tp_sp(const db_mech *m, double t, const double *p, db_spacc *out)
{
    (void)p;
    pc_g_tp_to(m, t, db_entries_sparse(out));
}

/* ∂(G w)/∂p: (G w)_i = 2Δx_i Δwx_i + 2Δy_i Δwy_i, Δwx_1 = wx_1 */
static void pc_Gw_p(const db_mech *m, double t, const double *p, const double *w, double *out)
{
    (void)t;
    (void)p;
    pc_Gw_p_to(m, w, db_entries_dense(out, m->nl));
}

static void pc_Gw_p_sp(const db_mech *m, double t, const double *p, const double *w,
                       db_spacc *out)
{
    (void)t;
    (void)p;
    pc_Gw_p_to(m, w, db_entries_sparse(out));
}

/* ∂(Gᵀ l)/∂p: rod i adds 2 l_i [1 −1; −1 1] on (mass i, mass i−1) per axis */
static void pc_GTl_p(const db_mech *m, double t, const double *p, const double *l, double *out)
{
    (void)t;
    (void)p;
    pc_GTl_p_to(m, l, db_entries_dense(out, m->np));
}

static void pc_GTl_p_sp(const db_mech *m, double t, const double *p, const double *l,
                        db_spacc *out)
{
    (void)t;
    (void)p;
    pc_GTl_p_to(m, l, db_entries_sparse(out));
}

static void pc_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)p;
    pc_kappa_g_jac_to(m, t, v, db_entries_dense(kp, m->nl), db_entries_dense(kv, m->nl));
}

static void pc_kappa_g_jac_sp(const db_mech *m, double t, const double *p, const double *v,
                              db_spacc *kp, db_spacc *kv)
{
    (void)p;
    pc_kappa_g_jac_to(m, t, v, db_entries_sparse(kp), db_entries_sparse(kv));
}

static void pc_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    double s[6];
    int N = m->nl;
    (void)mu;
    pc_susp(m, m->t0, s);
    for (int i = 0; i < N; i++) {
        p[2 * i] = s[0];
        p[2 * i + 1] = s[1] - (i + 1) * PC_L;
        v[2 * i] = s[2];
        v[2 * i + 1] = s[3];
        a[2 * i] = a[2 * i + 1] = 0.0;
        lam[i] = (N - i) * PC_M * PC_GRAV / (2.0 * PC_L);
    }
}

static int pc_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);   /* every callback not set below is absent */
    double Nd = par[0], om = par[1];
    if (!(Nd >= 1 && Nd <= 2700) || Nd != floor(Nd)) {
        snprintf(err, errlen, "pendulum_chain: N = %g is not an integer in 1..2700", Nd);
        return 1;
    }
    if (!(om >= 0.0 && om <= 100.0)) {
        snprintf(err, errlen, "pendulum_chain: omega = %g is not in [0, 100]", om);
        return 1;
    }
    int N = (int)Nd;
    m->np = m->nv = 2 * N;
    m->nl = N;
    m->nm = 0;
    m->t0 = 0.0;       /* pc_init relies on sin(ω t0) = 0 */
    m->tend = 200.0;
    m->flags = DB_MASS_CONST | DB_RHEONOMIC;
    m->par = par;
    m->scenario = sc;
    m->data = NULL;
    m->mass = pc_mass;
    m->force = pc_force;
    m->g = pc_g;
    m->G = pc_G;
    m->g_t = pc_g_t;
    m->kappa_g = pc_kappa_g;
    m->force_jac = pc_force_jac;
    m->Gw_p = pc_Gw_p;
    m->GTl_p = pc_GTl_p;
    m->g_tp = pc_g_tp;
    m->kappa_g_jac = pc_kappa_g_jac;
    m->init = pc_init;
    m->energy = NULL;      /* driven suspension: energy is not conserved */
    m->sparse = 1;
    m->mass_sp = pc_mass_sp;
    m->G_sp = pc_G_sp;
    m->force_jac_sp = pc_force_jac_sp;
    m->Gw_p_sp = pc_Gw_p_sp;
    m->GTl_p_sp = pc_GTl_p_sp;
    m->g_tp_sp = pc_g_tp_sp;
    m->kappa_g_jac_sp = pc_kappa_g_jac_sp;
    return 0;
}

static const db_scenario_spec pc_scenarios[] = {
    {"default", "hanging straight down, translating with the suspension, t in [0, 200]"},
};

static const db_param_spec pc_params[] = {
    {"N", 16, 1, 2700, 1, "number of moving point masses (seed 002: 12, 14, 16)"},
    {"omega", 0.05, 0.0, 100.0, 0,
     "suspension frequency [rad/s] in sin(omega t); 0.05 (default) or 0.1*pi (the 'Hz' reading)"},
};

const db_problem db_problem_pendulum_chain = {
    .name = "pendulum_chain",
    .title = "chain of N point-mass pendulums, excited suspension (rheonomic)",
    .source = "Arnold/Fuchs/Fuehrer (seed 002) §4.2.1; ../shared/models/pendulum_chain.md",
    .scenarios = pc_scenarios,
    .nscenarios = 1,
    .params = pc_params,
    .nparams = 2,
    .setup = pc_setup,
    .teardown = NULL,
    .exact = NULL,
};
