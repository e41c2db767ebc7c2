/* four_bar_chain.c — N four-bar mechanism (IFToMM / MBS benchmark library problem
 * A02), problem "four_bar_chain": 2N + 1 uniform bars (1 kg, 1 m) form N square
 * windows side by side over fixed pivots A_i = (iL, 0); one degree of freedom; the
 * mechanism turns over and passes a SINGULAR POSITION (all bars horizontal: rank G
 * drops from 2N + 1 to N + 1, the multipliers have a pole) twice per revolution,
 * 20 times in [0, 20] s.
 *
 * Sources: fact sheet ../shared/models/four_bar_chain.md (specification of A02,
 * González et al.; natural coordinates and exact solution derived there).
 * Natural coordinates p = (x_0, y_0, …, x_N, y_N) of the joints B_i (sheet §2);
 * constant block-tridiagonal M (slender bars, sheet §3.1), constant weights f
 * (§3.2); constraints scaled by ½ (§3.3):
 *     rockers  g_i^R = ½((x_i − iL)² + y_i² − L²),       rows 0..N,
 *     couplers g_i^C = ½((x_i − x_{i−1})² + (y_i − y_{i−1})² − L²), rows N+1..2N.
 * Default N = 2 (the OpenSim copy's size, sheet §1, §9.2: same 20 singular passages,
 * rank 5 → 3; N = 40 as in the library with --param N=40, 40× the cost per step).
 * Initial values (§5): rockers vertical, v = (1, 0) at every joint, a = (0, −1),
 * λ^R = (−m g + (5/6) m L θ'²)/L at the ends, (−(3/2) m g + (4/3) m L θ'²)/L
 * inside, λ^C = 0.  Exact solution (§6): all rockers at the common angle θ(t) of
 * the inverted pendulum J θ'' = W sin θ, in Jacobi elliptic functions; the
 * multipliers at t from the acceleration-level saddle-point system. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consistent.h"
#include "elliptic.h"
#include "mech.h"

#define FB_M 1.0      /* mass of a bar [kg] */
#define FB_L 1.0      /* length of a bar [m] */
#define FB_GRAV 9.81  /* [m/s²] */
#define FB_TH0 1.0    /* θ'(0) = ẋ_B0(0)/L [rad/s] */

#define FB_N(m) ((int)(m)->par[0])
/* |cos θ| at or below which the bars are horizontal to rounding (fb_exact) */
#define FB_SINGULAR_EPS 1e-13
/* rocker angles this far apart [rad] are on another branch (fb_branch_gap): the
 * reference's rockers agree to rounding, a folded coupler parts them by O(1) */
#define FB_BRANCH_RAD 0.1
#define FB_PI 3.14159265358979323846

static void fb_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)t, (void)p;
    int N = FB_N(m), n = m->nv;
    for (int i = 0; i <= N; i++) {
        double d = (i == 0 || i == N) ? 2.0 * FB_M / 3.0 : FB_M;
        for (int k = 0; k < 2; k++) {
            int a = 2 * i + k;
            M[a + (size_t)n * a] = d;
            if (i > 0) {
                int b = a - 2;
                M[a + (size_t)n * b] = FB_M / 6.0;
                M[b + (size_t)n * a] = FB_M / 6.0;
            }
        }
    }
}

static void fb_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    (void)t, (void)p, (void)v, (void)lam, (void)mu;
    int N = FB_N(m);
    for (int i = 0; i <= N; i++)
        f[2 * i + 1] = -FB_M * FB_GRAV * ((i == 0 || i == N) ? 1.0 : 1.5);
}

/* f is constant */
static void fb_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu, double *fp, double *fv,
                         double *fl, double *fm)
{
    (void)m, (void)t, (void)p, (void)v, (void)lam, (void)mu;
    (void)fp, (void)fv, (void)fl, (void)fm;
}

static void fb_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)t;
    int N = FB_N(m);
    for (int i = 0; i <= N; i++) {
        double dx = p[2 * i] - i * FB_L, dy = p[2 * i + 1];
        g[i] = 0.5 * (dx * dx + dy * dy - FB_L * FB_L);
    }
    for (int i = 1; i <= N; i++) {
        double dx = p[2 * i] - p[2 * i - 2], dy = p[2 * i + 1] - p[2 * i - 1];
        g[N + i] = 0.5 * (dx * dx + dy * dy - FB_L * FB_L);
    }
}

/* rows of G-shaped blocks (nl × np): rocker i gets (a_i, b_i) at joint i, coupler i
 * gets (c_i, d_i) at joint i and −(c_i, d_i) at joint i − 1, where (a, b) = x[joint]
 * − shift (rockers) and (c, d) = x[i] − x[i−1] (couplers), times s */
static void fb_rows(const db_mech *m, const double *x, int shift, double s, double *out)
{
    int N = FB_N(m), nl = m->nl;
    for (int i = 0; i <= N; i++) {
        out[i + (size_t)nl * (2 * i)] = s * (x[2 * i] - (shift ? i * FB_L : 0.0));
        out[i + (size_t)nl * (2 * i + 1)] = s * x[2 * i + 1];
    }
    for (int i = 1; i <= N; i++) {
        int r = N + i;
        double c = s * (x[2 * i] - x[2 * i - 2]), d = s * (x[2 * i + 1] - x[2 * i - 1]);
        out[r + (size_t)nl * (2 * i)] = c;
        out[r + (size_t)nl * (2 * i + 1)] = d;
        out[r + (size_t)nl * (2 * i - 2)] = -c;
        out[r + (size_t)nl * (2 * i - 1)] = -d;
    }
}

static void fb_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)t;
    fb_rows(m, p, 1, 1.0, G);
}

static void fb_Gw_p(const db_mech *m, double t, const double *p, const double *w,
                    double *out)
{
    (void)t, (void)p;
    fb_rows(m, w, 0, 1.0, out);
}

static void fb_kappa_g(const db_mech *m, double t, const double *p, const double *v,
                       double *k)
{
    (void)t, (void)p;
    int N = FB_N(m);
    for (int i = 0; i <= N; i++)
        k[i] = v[2 * i] * v[2 * i] + v[2 * i + 1] * v[2 * i + 1];
    for (int i = 1; i <= N; i++) {
        double du = v[2 * i] - v[2 * i - 2], dw = v[2 * i + 1] - v[2 * i - 1];
        k[N + i] = du * du + dw * dw;
    }
}

static void fb_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)t, (void)p, (void)kp;
    fb_rows(m, v, 0, 2.0, kv);
}

/* ∂(Gᵀλ)/∂p: rocker i adds λ_i I at (i, i), coupler i adds λ [I −I; −I I] on (i, i−1) */
static void fb_GTl_p(const db_mech *m, double t, const double *p, const double *l,
                     double *out)
{
    (void)t, (void)p;
    int N = FB_N(m), n = m->np;
    for (int i = 0; i <= N; i++)
        for (int k = 0; k < 2; k++) {
            int a = 2 * i + k;
            out[a + (size_t)n * a] += l[i];
            if (i > 0) {
                int b = a - 2;
                double c = l[N + i];
                out[a + (size_t)n * a] += c;
                out[b + (size_t)n * b] += c;
                out[a + (size_t)n * b] -= c;
                out[b + (size_t)n * a] -= c;
            }
        }
}

/* ½ vᵀ M v + V(p) from the blocks of M (no allocation: geoms +I calls it per step) */
static double fb_energy(const db_mech *m, double t, const double *p, const double *v)
{
    (void)t;
    int N = FB_N(m);
    double T = 0.0, V = 0.0;
    for (int i = 0; i <= N; i++) {
        double d = (i == 0 || i == N) ? 2.0 * FB_M / 3.0 : FB_M;
        T += 0.5 * d * (v[2 * i] * v[2 * i] + v[2 * i + 1] * v[2 * i + 1]);
        if (i > 0)
            T += FB_M / 6.0 * (v[2 * i] * v[2 * i - 2] + v[2 * i + 1] * v[2 * i - 1]);
        V += FB_M * FB_GRAV * p[2 * i + 1] * ((i == 0 || i == N) ? 1.0 : 1.5);
    }
    return T + V;
}

static void fb_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    (void)mu;
    int N = FB_N(m);
    double w2 = FB_TH0 * FB_TH0;
    for (int i = 0; i <= N; i++) {
        p[2 * i] = i * FB_L;
        p[2 * i + 1] = FB_L;
        v[2 * i] = FB_TH0 * FB_L;
        v[2 * i + 1] = 0.0;
        a[2 * i] = 0.0;
        a[2 * i + 1] = -w2 * FB_L;
        lam[i] = (i == 0 || i == N)
                     ? (-FB_M * FB_GRAV + 5.0 / 6.0 * FB_M * FB_L * w2) / FB_L
                     : (-1.5 * FB_M * FB_GRAV + 4.0 / 3.0 * FB_M * FB_L * w2) / FB_L;
    }
    for (int i = 1; i <= N; i++)
        lam[N + i] = 0.0;
}

/* sheet §6: J θ'' = W sin θ, θ(0) = 0, θ'(0) = FB_TH0; u = K(μ) − ν t,
 * sin(θ/2) = cn(u|μ), cos(θ/2) = sn(u|μ), θ' = θ'0 √(1+a) dn(u|μ) */
static int fb_exact(const db_mech *m, double t, double *p, double *v, double *lam, double *mu)
{
    int N = FB_N(m);
    double J = FB_M * FB_L * FB_L * (4.0 * N + 1.0) / 3.0;
    double W = FB_M * FB_GRAV * FB_L * (3.0 * N + 1.0) / 2.0;
    double al = 4.0 * W / (J * FB_TH0 * FB_TH0), par = al / (1.0 + al);
    double nu = 0.5 * FB_TH0 * sqrt(1.0 + al), sn, cn, dn;
    db_ellip_jacobi(db_ellip_K(par) - nu * (t - m->t0), par, &sn, &cn, &dn);
    double s = 2.0 * sn * cn, c = sn * sn - cn * cn, th1 = 2.0 * nu * dn;
    for (int i = 0; i <= N; i++) {
        p[2 * i] = i * FB_L + FB_L * s;
        p[2 * i + 1] = FB_L * c;
        v[2 * i] = FB_L * c * th1;
        v[2 * i + 1] = -FB_L * s * th1;
    }
    /* at the singular position itself (all bars horizontal to rounding) the
     * saddle-point system is singular and λ has a pole: no multiplier exists */
    if (fabs(c) <= FB_SINGULAR_EPS) {
        for (int i = 0; i < m->nl; i++)
            lam[i] = NAN;
        return 2;
    }
    double *a = malloc((size_t)m->nv * sizeof *a);
    if (!a)
        return 1;
    int rc = db_mech_consistent_acc(m, t, p, v, a, lam, mu);
    free(a);
    return rc;
}

/* the branch test (mech.h): on the reference's branch every rocker stands at the
 * common angle θ (joint i at (iL + L sin θ, L cos θ)); after a wrong turn at a
 * singular position a coupler folds and the rockers part.  The spread of the
 * rocker angles over FB_BRANCH_RAD: >= 1 on another branch. */
static double fb_branch_gap(const db_mech *m, double t, const double *p, const double *v)
{
    (void)t, (void)v;
    int N = FB_N(m);
    double th0 = atan2(p[0], p[1]), spread = 0.0;
    for (int i = 1; i <= N; i++) {
        double d = fabs(remainder(atan2(p[2 * i] - i * FB_L, p[2 * i + 1]) - th0, 2.0 * FB_PI));
        if (!(d <= spread))
            spread = d;
    }
    return spread / FB_BRANCH_RAD;
}

static int fb_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    double Nd = par[0];
    if (!(Nd >= 1 && Nd <= 1000) || Nd != floor(Nd)) {
        snprintf(err, errlen, "four_bar_chain: N = %g is not an integer in 1..1000", Nd);
        return 1;
    }
    int N = (int)Nd;
    m->np = m->nv = 2 * N + 2;
    m->nl = 2 * N + 1;
    m->nm = 0;
    m->t0 = 0.0;
    m->tend = 20.0;
    m->flags = DB_MASS_CONST | DB_SINGULAR_POS;
    m->par = par;
    m->scenario = sc;
    m->mass = fb_mass;
    m->force = fb_force;
    m->g = fb_g;
    m->G = fb_G;
    m->kappa_g = fb_kappa_g;
    m->force_jac = fb_force_jac;
    m->Gw_p = fb_Gw_p;
    m->GTl_p = fb_GTl_p;
    m->kappa_g_jac = fb_kappa_g_jac;
    m->init = fb_init;
    m->energy = fb_energy;
    m->branch_gap = fb_branch_gap;
    return 0;
}

static const db_scenario_spec fb_scenarios[] = {
    {"default", "rockers vertical, x'_B0 = 1 m/s; 20 s, 20 passages through the singular "
                "(horizontal) position"},
};

static const db_param_spec fb_params[] = {
    {"N", 2, 1, 1000, 1, "number of four-bar windows (default 2 as OpenSim's copy of A02, "
                         "which keeps the quick suite short; the library's A02 has 40)"},
};

const db_problem db_problem_four_bar_chain = {
    .name = "four_bar_chain",
    .title = "N four-bar mechanism, passes singular positions (IFToMM A02), exact solution",
    .source = "MBS benchmark library A02 (Gonzalez et al.)",
    .scenarios = fb_scenarios,
    .nscenarios = 1,
    .params = fb_params,
    .nparams = 1,
    .setup = fb_setup,
    .teardown = NULL,
    .exact = fb_exact,
};
