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
 * Initial values at t0 = 0, where the suspension has zero acceleration, both
 * hanging straight down: scenario "slow" (default, the accuracy scenario) starts
 * the rods at the angular rates of the slow periodic solution (pc_slow_rates);
 * scenario "rest" (sheet §4) at rest relative to the suspension, which excites
 * every mode of the chain, undamped: it measures a solver's numerical damping.
 * a and λ solve [M Gᵀ; G 0](a; λ) = (f; −κ) at t0, in closed form (pc_init). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "entries.h"
#include "mech.h"
#include "pendulum_chain_model.h"
#include "problems_ld.h"

enum { PC_SCENARIO_SLOW = 0, PC_SCENARIO_REST = 1 };

/* The derivative callbacks write their entries once, through db_entries_add
 * (entries.h), for both the dense callbacks and their sparse variants (mech.h
 * sparse = 1), further below; O(N) each. */
static void pc_mass_to(const db_mech *m, db_entries M)
{
    for (int j = 0; j < m->nv; j++)
        db_entries_add(M, j, j, PC_M);
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

static void pc_g_tp_to(const db_mech *m, double t, db_entries out)
{
    double s[6];
    pc_susp(m, t, s);
    db_entries_add(out, 0, 0, -2.0 * s[2]);
    db_entries_add(out, 0, 1, -2.0 * s[3]);
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

/* Angular rates of the slow solution at t0 (scenario "slow").  Linearised about
 * the hanging chain in the seed's absolute rod angles α (sheet §5, equal m, l):
 *     l C α'' + g D α = −D xs''(t),   C_jk = N − max(j, k) + 1,  D = diag(c_j), c_j = N − j + 1
 * (ys'' enters only at second order).  With xs'' = −0.3 ω² sin ωt the periodic
 * (slow) solution is α = A sin ωt, (g D − ω² l C) A = 0.3 ω² c.  C = U Uᵀ with U
 * the upper triangle of ones, so C⁻¹ = tridiag(−1, (1, 2, …, 2), −1) and C⁻¹ c =
 * e1: multiplied by C⁻¹ the system is tridiagonal,
 *     (g C⁻¹ D − ω² l I) A = 0.3 ω² e1,
 * solved in O(N).  As ω → 0 it gives the quasi-static A_j = 0.3 ω²/g (every rod
 * along g − xs''), i.e. α'(0) = 0.3 ω³/g = 3.82e-6 rad/s for ω = 0.05.  The rates
 * are α'_j(0) = ω A_j; at t0 all α_j = 0, so this start has no free oscillation
 * to first order, where the rest start (α' = 0) excites every mode of the chain. */
static void pc_slow_rates(const db_mech *m, double *rate, double *scratch)
{
    int N = m->nl;
    double om = m->par[1], om2l = om * om * PC_L;
    /* Thomas algorithm, 0-based j: c_j = N − j, d_0 = 1, d_j = 2 (j > 0);
     * T_jj = g d_j c_j − ω² l, T_{j,j−1} = −g c_{j−1}, T_{j,j+1} = −g c_{j+1};
     * scratch[] = modified super-diagonal, rate[] = modified right-hand side */
    for (int j = 0; j < N; j++) {
        double diag = PC_GRAV * (j == 0 ? 1.0 : 2.0) * (N - j) - om2l;
        double low = j > 0 ? -PC_GRAV * (N - j + 1) : 0.0;
        double r = j == 0 ? 0.3 * om * om : 0.0;
        double piv = diag - (j > 0 ? low * scratch[j - 1] : 0.0);
        if (piv == 0.0)
            piv = 1e-300;  /* ω at an eigenfrequency of the chain: no slow solution */
        scratch[j] = j + 1 < N ? -PC_GRAV * (N - j - 1) / piv : 0.0;
        rate[j] = (r - (j > 0 ? low * rate[j - 1] : 0.0)) / piv;
    }
    for (int j = N - 2; j >= 0; j--)
        rate[j] -= scratch[j] * rate[j + 1];
    for (int j = 0; j < N; j++)
        rate[j] *= om;  /* α'_j(0) = ω A_j */
}

static void pc_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    double s[6];
    int N = m->nl;
    (void)mu;
    pc_susp(m, m->t0, s);
    /* angular rates: 0 for the rest start, those of the slow solution otherwise;
     * the rods hang straight down (α = 0) in both */
    if (m->scenario == PC_SCENARIO_SLOW)
        pc_slow_rates(m, lam, a);  /* lam holds α'(0) until overwritten below */
    else
        for (int i = 0; i < N; i++)
            lam[i] = 0.0;
    /* positions and velocities: rod j's end moves by l α'_j (1, 0) at α = 0 */
    double ux = s[2];
    for (int i = 0; i < N; i++) {
        ux += PC_L * lam[i];
        p[2 * i] = s[0];
        p[2 * i + 1] = s[1] - (i + 1) * PC_L;
        v[2 * i] = ux;
        v[2 * i + 1] = s[3];
    }
    /* accelerations and multipliers from [m I Gᵀ; G 0](a; λ) = (f; −κ) in closed
     * form: all rods vertical (Δx = 0, Δy = −l) and xs''(t0) = ys''(t0) = 0, so
     * κ_i = 2 l² α'_i², a_x = 0, a_y,i − a_y,i−1 = κ_i/(2l) (a_y,0 = 0), and from
     * the bottom m a_y,i = −m g + 2l (λ_i − λ_{i+1}), λ_{N+1} = 0.  The rest start
     * gives a = 0, λ_i = (N − i + 1) m g/(2l). */
    double ay = 0.0;
    for (int i = 0; i < N; i++) {
        double rate = lam[i];
        ay += PC_L * rate * rate;  /* κ_i/(2l) = l α'_i² */
        a[2 * i] = 0.0;
        a[2 * i + 1] = ay;
    }
    double next = 0.0;
    for (int i = N - 1; i >= 0; i--) {
        next += PC_M * (a[2 * i + 1] + PC_GRAV) / (2.0 * PC_L);
        lam[i] = next;
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
    m->ld = &db_pendulum_chain_ld;
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
    {"slow", "accuracy: hanging straight down, rods at the angular rates of the slow "
             "(periodic) solution, t in [0, 200]"},
    {"rest", "numerical dissipation: hanging straight down at rest relative to the "
             "suspension; excites every mode of the chain (undamped), t in [0, 200]"},
};

static const db_param_spec pc_params[] = {
    {"N", 16, 1, 2700, 1, "number of moving point masses (seed 002: 12, 14, 16)"},
    {"omega", 0.05, 0.0, 100.0, 0,
     "suspension frequency [rad/s] in sin(omega t); 0.05 (default) or 0.1*pi (the 'Hz' reading)"},
};

const db_problem db_problem_pendulum_chain = {
    .name = "pendulum_chain",
    .title = "chain of N point-mass pendulums, excited suspension (rheonomic)",
    .source = "Arnold/Fuchs/Fuehrer (seed 002) §4.2.1",
    .scenarios = pc_scenarios,
    .nscenarios = 2,
    .params = pc_params,
    .nparams = 2,
    .setup = pc_setup,
    .teardown = NULL,
    .exact = NULL,
};
