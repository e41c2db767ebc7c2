/* andrews.c — Andrews' squeezing mechanism (seven-body mechanism), problem "andrews".
 *
 * Planar mechanism of 7 rigid bodies, driven by a constant motor torque and loaded
 * by one linear spring; 7 angle coordinates (β, Θ, γ, Φ, δ, Ω, ε), 6 holonomic
 * constraints (three closed loops), 1 degree of freedom; t in [0, 0.03].
 *
 * Sources (all facts from ../shared/models/andrews.md):
 *   - data, M(q), f(q,q'), g(q), G(q): Test Set for IVP Solvers, problem "andrews"
 *     (andrews.f; Mazzia & Magherini, Release 2.4, section II.13), fact sheet §2-§3;
 *   - κ_g = (G v)_q v: fact sheet §3.5 (derived there, as in Hairer & Wanner,
 *     Solving ODEs II, section VII.7);
 *   - initial positions q0: test set (fact sheet §5); q''(0) and λ(0) are computed
 *     here from the saddle-point system (the tests compare them with §5);
 *   - sign convention M q'' = f − Gᵀλ of the test set (fact sheet §4.1).
 * M depends on q (so the formulations carry the accelerations as algebraic
 * unknowns, as the test set's 27-dimensional index-3 form does).
 * Energy: ½ vᵀM v + ½ c0 (L − l0)² − mom β is conserved (no damping); the
 * velocity-dependent part of f is the Coriolis/centrifugal force of M(q).
 * Root finding (testset/roots.h): db_andrews_roots installs the switching function
 * β'' (mech.h switching; seed 001 §5.2 locates its five zeros in [0, 0.03] with
 * MEXX's root finding); the problem as set up has none, so that solvers with event
 * location do no extra work on its plain runs.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "testset/consistent.h"
#include "testset/mech.h"
#include "testset/roots.h"

#define NP 7
#define NL 6

/* parameters of the test set (fact sheet §2, SI units) */
static const double m1 = 0.04325, m2 = 0.00365, m3 = 0.02373, m4 = 0.00706,
                    m5 = 0.07050, m6 = 0.00706, m7 = 0.05498;
static const double xa = -0.06934, ya = -0.00227, xb = -0.03635, yb = 0.03273,
                    xc = 0.014, yc = 0.072, c0 = 4530.0;
static const double I1 = 2.194e-6, I2 = 4.410e-7, I3 = 5.255e-6, I4 = 5.667e-7,
                    I5 = 1.169e-5, I6 = 5.667e-7, I7 = 1.912e-5;
static const double d = 0.028, da = 0.0115, e = 0.02, ea = 0.01421, rr = 0.007,
                    ra = 0.00092, l0 = 0.07785;
static const double ss = 0.035, sa = 0.01874, sb = 0.01043, sc = 0.018, sd = 0.02,
                    ta = 0.02308, tb = 0.00916;
static const double u = 0.04, ua = 0.01228, ub = 0.00449, zf = 0.02, zt = 0.04,
                    fa = 0.01421, mom = 0.033;

/* consistent initial positions of the test set (fact sheet §5) */
static const double q0[NP] = {
    -0.0617138900142764496358948458001, 0.0, 0.455279819163070380255912382449,
    0.222668390165885884674473185609, 0.487364979543842550225598953530,
    -0.222668390165885884674473185609, 1.23054744454982119249735015568
};

/* ---- constraints as sums of trigonometric terms ------------------------------
 * g_r(q) = const_r + Σ c·cos(θ) or c·sin(θ) with θ = q_i (+ q_j); all derivatives
 * of g (G, (Gw)_q, κ_g and their Jacobians) follow from this one table. */
typedef struct {
    int row;
    double c;
    int is_sin;
    int i, j;   /* angle θ = q_i + q_j (j = -1: θ = q_i) */
} trig_term;

#define NTERMS 22

static const trig_term terms[NTERMS] = {
    {0,  rr, 0, 0, -1}, {0, -d, 0, 0, 1}, {0, -ss, 1, 2, -1},
    {1,  rr, 1, 0, -1}, {1, -d, 1, 0, 1}, {1,  ss, 0, 2, -1},
    {2,  rr, 0, 0, -1}, {2, -d, 0, 0, 1}, {2, -e, 1, 3, 4},  {2, -zt, 0, 4, -1},
    {3,  rr, 1, 0, -1}, {3, -d, 1, 0, 1}, {3,  e, 0, 3, 4},  {3, -zt, 1, 4, -1},
    {4,  rr, 0, 0, -1}, {4, -d, 0, 0, 1}, {4, -zf, 0, 5, 6}, {4, -u, 1, 6, -1},
    {5,  rr, 1, 0, -1}, {5, -d, 1, 0, 1}, {5, -zf, 1, 5, 6}, {5,  u, 0, 6, -1},
};

static const double gconst[NL] = { -xb, -yb, -xa, -ya, -xa, -ya };

/* ---- the trigonometric values of one position, computed once ---------------
 * Every callback of one evaluation (g, G, κ_g, M, f and their derivatives) asks
 * for sines and cosines of the same ten angles; they are computed once per
 * position p and kept in a per-thread cache keyed by the bits of p (the values
 * are those of sin/cos on the same arguments, so results do not change). */
typedef struct {
    int valid;
    double p[NP];
    double ts[NTERMS], tc[NTERMS];   /* sin, cos of each term's angle */
    double s[NP], c[NP];             /* sin, cos of q_i (i = 1, 2, 3, 5 used) */
} trig_cache;

static _Thread_local trig_cache tcache;

/* the first term with the same angle as term k (k itself if none before):
 * q1, q1+q2, q3, q4+q5, q5, q6+q7, q7 (test set numbering, 1-based) */
static const signed char term_first[NTERMS] = {
    0, 1, 2,  0, 1, 2,  0, 1, 8, 9,  0, 1, 8, 9,  0, 1, 16, 17,  0, 1, 16, 17,
};

static double term_angle(const trig_term *tt, const double *q)
{
    return q[tt->i] + (tt->j >= 0 ? q[tt->j] : 0.0);
}

static const trig_cache *trig_at(const double *p)
{
    trig_cache *tc = &tcache;
    if (tc->valid && memcmp(tc->p, p, sizeof tc->p) == 0)
        return tc;
    memcpy(tc->p, p, sizeof tc->p);
    static const int used[] = {1, 2, 3, 5};   /* M, f and the spring use q2, q3, q4, q6 */
    for (size_t u = 0; u < sizeof used / sizeof *used; u++) {
        tc->s[used[u]] = sin(p[used[u]]);
        tc->c[used[u]] = cos(p[used[u]]);
    }
    for (int k = 0; k < NTERMS; k++) {
        const int l = term_first[k];
        if (l < k) {
            tc->ts[k] = tc->ts[l];
            tc->tc[k] = tc->tc[l];
        } else {
            const double th = term_angle(&terms[k], p);
            tc->ts[k] = sin(th);
            tc->tc[k] = cos(th);
        }
    }
    tc->valid = 1;
    return tc;
}

/* k-th derivative (k = 0..3) of c·cos θ or c·sin θ with respect to θ, term kt,
 * from the cached sin θ, cos θ */
static double trig_deriv(const trig_cache *tc, int kt, int k)
{
    const trig_term *tt = &terms[kt];
    /* the derivatives of cos cycle cos, -sin, -cos, sin; of sin: sin, cos, -sin, -cos */
    int ph = (k + (tt->is_sin ? 3 : 0)) % 4;
    switch (ph) {
    case 0: return tt->c * tc->tc[kt];
    case 1: return -tt->c * tc->ts[kt];
    case 2: return -tt->c * tc->tc[kt];
    default: return tt->c * tc->ts[kt];
    }
}

static double term_rate(const trig_term *tt, const double *v)
{
    return v[tt->i] + (tt->j >= 0 ? v[tt->j] : 0.0);
}

/* column indices of θ: 1 or 2 entries */
static int term_cols(const trig_term *tt, int cols[2])
{
    cols[0] = tt->i;
    if (tt->j < 0)
        return 1;
    cols[1] = tt->j;
    return 2;
}

static void and_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)m; (void)t;
    for (int r = 0; r < NL; r++)
        g[r] += gconst[r];
    const trig_cache *tc = trig_at(p);
    for (int k = 0; k < NTERMS; k++)
        g[terms[k].row] += trig_deriv(tc, k, 0);
}

static void and_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)m; (void)t;
    const trig_cache *tc = trig_at(p);
    for (int k = 0; k < NTERMS; k++) {
        const trig_term *tt = &terms[k];
        int cols[2], nc = term_cols(tt, cols);
        double d1 = trig_deriv(tc, k, 1);
        for (int a = 0; a < nc; a++)
            G[tt->row + NL * cols[a]] += d1;
    }
}

/* ∂(G w)/∂q at fixed w (NL×NP) */
static void and_Gw_p(const db_mech *m, double t, const double *p, const double *w,
                     double *out)
{
    (void)m; (void)t;
    const trig_cache *tc = trig_at(p);
    for (int k = 0; k < NTERMS; k++) {
        const trig_term *tt = &terms[k];
        int cols[2], nc = term_cols(tt, cols);
        double d2 = trig_deriv(tc, k, 2) * term_rate(tt, w);
        for (int a = 0; a < nc; a++)
            out[tt->row + NL * cols[a]] += d2;
    }
}

/* ∂(Gᵀ l)/∂q at fixed l (NP×NP) */
static void and_GTl_p(const db_mech *m, double t, const double *p, const double *l,
                      double *out)
{
    (void)m; (void)t;
    const trig_cache *tc = trig_at(p);
    for (int k = 0; k < NTERMS; k++) {
        const trig_term *tt = &terms[k];
        int cols[2], nc = term_cols(tt, cols);
        double d2 = trig_deriv(tc, k, 2) * l[tt->row];
        for (int a = 0; a < nc; a++)
            for (int b = 0; b < nc; b++)
                out[cols[a] + NP * cols[b]] += d2;
    }
}

/* κ_g = (G v)_q v (scleronomic) */
static void and_kappa_g(const db_mech *m, double t, const double *p, const double *v,
                        double *k)
{
    (void)m; (void)t;
    const trig_cache *tc = trig_at(p);
    for (int n = 0; n < NTERMS; n++) {
        const trig_term *tt = &terms[n];
        double w = term_rate(tt, v);
        k[tt->row] += trig_deriv(tc, n, 2) * w * w;
    }
}

static void and_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                            double *kp, double *kv)
{
    (void)m; (void)t;
    const trig_cache *tc = trig_at(p);
    for (int n = 0; n < NTERMS; n++) {
        const trig_term *tt = &terms[n];
        int cols[2], nc = term_cols(tt, cols);
        double w = term_rate(tt, v);
        double d3 = trig_deriv(tc, n, 3) * w * w;
        double d2 = 2.0 * trig_deriv(tc, n, 2) * w;
        for (int a = 0; a < nc; a++) {
            kp[tt->row + NL * cols[a]] += d3;
            kv[tt->row + NL * cols[a]] += d2;
        }
    }
}

/* ---- mass matrix (fact sheet §3.1) ----------------------------------------- */
static void and_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)m; (void)t;
    const trig_cache *tc = trig_at(p);
    const double c2 = tc->c[1], s4 = tc->s[3], s6 = tc->s[5];
    const double eea = e - ea, zff = zf - fa;
#define MM(i, j) M[(i) + NP * (j)]
    MM(0, 0) = m1 * ra * ra + m2 * (rr * rr - 2.0 * da * rr * c2 + da * da) + I1 + I2;
    MM(1, 0) = MM(0, 1) = m2 * (da * da - da * rr * c2) + I2;
    MM(1, 1) = m2 * da * da + I2;
    MM(2, 2) = m3 * (sa * sa + sb * sb) + I3;
    MM(3, 3) = m4 * eea * eea + I4;
    MM(4, 3) = MM(3, 4) = m4 * (eea * eea + zt * eea * s4) + I4;
    MM(4, 4) = m4 * (zt * zt + 2.0 * zt * eea * s4 + eea * eea) + m5 * (ta * ta + tb * tb)
               + I4 + I5;
    MM(5, 5) = m6 * zff * zff + I6;
    MM(6, 5) = MM(5, 6) = m6 * (zff * zff - u * zff * s6) + I6;
    MM(6, 6) = m6 * (zff * zff - 2.0 * u * zff * s6 + u * u) + m7 * (ua * ua + ub * ub)
               + I6 + I7;
#undef MM
}

/* ∂(M w)/∂q at fixed w (NP×NP); M depends on q2, q4, q6 only */
static void and_Mw_p(const db_mech *m, double t, const double *p, const double *w,
                     double *out)
{
    (void)m; (void)t;
    const trig_cache *tc = trig_at(p);
    const double a = m2 * da * rr * tc->s[1];
    const double b = m4 * zt * (e - ea) * tc->c[3];
    const double c = -m6 * u * (zf - fa) * tc->c[5];
#define OUT(i, j) out[(i) + NP * (j)]
    OUT(0, 1) += 2.0 * a * w[0] + a * w[1];
    OUT(1, 1) += a * w[0];
    OUT(3, 3) += b * w[4];
    OUT(4, 3) += b * (w[3] + 2.0 * w[4]);
    OUT(5, 5) += c * w[6];
    OUT(6, 5) += c * (w[5] + 2.0 * w[6]);
#undef OUT
}

/* ---- spring between D on body 3 and C (fact sheet §3.2) --------------------- */
typedef struct {
    double L;     /* spring length */
    double P;     /* (x_d − x_c) x_d' + (y_d − y_c) y_d' = L dL/dγ */
    double dP;    /* dP/dγ */
} spring_state;

static spring_state spring(const trig_cache *tc)
{
    const double c = tc->c[2], s = tc->s[2];   /* of γ = q3 */
    const double xd = sd * c + sc * s + xb, yd = sd * s - sc * c + yb;
    const double xd1 = -sd * s + sc * c, yd1 = sd * c + sc * s;   /* d/dγ */
    const double X = xd - xc, Y = yd - yc;
    spring_state st;
    st.L = sqrt(X * X + Y * Y);
    st.P = X * xd1 + Y * yd1;
    /* xd'' = −(xd − xb), yd'' = −(yd − yb) */
    st.dP = xd1 * xd1 + yd1 * yd1 - X * (xd - xb) - Y * (yd - yb);
    return st;
}

static void and_force(const db_mech *m, double t, const double *p, const double *v,
                      const double *lam, const double *mu, double *f)
{
    (void)m; (void)t; (void)lam; (void)mu;
    const trig_cache *tc = trig_at(p);
    const double s2 = tc->s[1], c4 = tc->c[3], c6 = tc->c[5];
    const double A = m2 * da * rr, B = m4 * zt * (e - ea), C = m6 * u * (zf - fa);
    spring_state sp = spring(tc);
    f[0] += mom - A * v[1] * (v[1] + 2.0 * v[0]) * s2;
    f[1] += A * v[0] * v[0] * s2;
    /* F (X x_d' + Y y_d') with F = −c0 (L − l0)/L (test set's f3) */
    f[2] += -c0 * (sp.L - l0) / sp.L * sp.P;
    f[3] += B * v[4] * v[4] * c4;
    f[4] += -B * v[3] * (v[3] + 2.0 * v[4]) * c4;
    f[5] += -C * v[6] * v[6] * c6;
    f[6] += C * v[5] * (v[5] + 2.0 * v[6]) * c6;
}

static void and_force_jac(const db_mech *m, double t, const double *p, const double *v,
                          const double *lam, const double *mu,
                          double *fp, double *fv, double *fl, double *fm)
{
    (void)m; (void)t; (void)lam; (void)mu; (void)fl; (void)fm;  /* f has no λ, μ */
    const trig_cache *tc = trig_at(p);
    const double s2 = tc->s[1], c2 = tc->c[1];
    const double s4 = tc->s[3], c4 = tc->c[3];
    const double s6 = tc->s[5], c6 = tc->c[5];
    const double A = m2 * da * rr, B = m4 * zt * (e - ea), C = m6 * u * (zf - fa);
    spring_state sp = spring(tc);
#define FP(i, j) fp[(i) + NP * (j)]
#define FV(i, j) fv[(i) + NP * (j)]
    FP(0, 1) += -A * v[1] * (v[1] + 2.0 * v[0]) * c2;
    FV(0, 0) += -2.0 * A * v[1] * s2;
    FV(0, 1) += -2.0 * A * (v[1] + v[0]) * s2;
    FP(1, 1) += A * v[0] * v[0] * c2;
    FV(1, 0) += 2.0 * A * v[0] * s2;
    /* f3 = −c0 (1 − l0/L) P,  dL/dγ = P/L */
    FP(2, 2) += -c0 * (l0 * sp.P * sp.P / (sp.L * sp.L * sp.L) + (1.0 - l0 / sp.L) * sp.dP);
    FP(3, 3) += -B * v[4] * v[4] * s4;
    FV(3, 4) += 2.0 * B * v[4] * c4;
    FP(4, 3) += B * v[3] * (v[3] + 2.0 * v[4]) * s4;
    FV(4, 3) += -2.0 * B * (v[3] + v[4]) * c4;
    FV(4, 4) += -2.0 * B * v[3] * c4;
    FP(5, 5) += C * v[6] * v[6] * s6;
    FV(5, 6) += -2.0 * C * v[6] * c6;
    FP(6, 5) += -C * v[5] * (v[5] + 2.0 * v[6]) * s6;
    FV(6, 5) += 2.0 * C * (v[5] + v[6]) * c6;
    FV(6, 6) += 2.0 * C * v[5] * c6;
#undef FP
#undef FV
}

static double and_energy(const db_mech *m, double t, const double *p, const double *v)
{
    double M[NP * NP] = {0};
    and_mass(m, t, p, M);
    double T = 0.0;
    for (int i = 0; i < NP; i++)
        for (int j = 0; j < NP; j++)
            T += 0.5 * v[i] * M[i + NP * j] * v[j];
    spring_state sp = spring(trig_at(p));
    return T + 0.5 * c0 * (sp.L - l0) * (sp.L - l0) - mom * p[0];
}

/* ---- consistent initial values ----------------------------------------------- */

/* q0 of the test set, q'0 = 0; q''0 and λ0 from
 * [M Gᵀ; G 0][q''; λ] = [f; −κ_g] (fact sheet §4.3) */
static void and_init(const db_mech *m, double *p, double *v, double *lam, double *mu,
                     double *a)
{
    memcpy(p, q0, sizeof q0);
    for (int i = 0; i < NP; i++)
        v[i] = 0.0;
    db_mech_consistent_acc(m, m->t0, p, v, a, lam, mu);   /* regular at q0 */
}

/* ---- switching function of the root finding (db_andrews_roots) -------------------
 * β'' at (p, v, λ): M is block diagonal and β, Θ form its first 2×2 block, so
 * [M00 M01; M10 M11] (β'', Θ'') = (r0, r1) with r = f − Gᵀλ (M q'' = f − Gᵀλ, fact
 * sheet §4.1), solved by Cramer's rule. */
static void and_switching(const db_mech *m, double t, const double *p, const double *v,
                          const double *lam, const double *mu, double *s)
{
    double M[NP * NP] = {0}, f[NP] = {0}, G[NL * NP] = {0}, r[2];
    and_mass(m, t, p, M);
    and_force(m, t, p, v, lam, mu, f);
    and_G(m, t, p, G);
    for (int i = 0; i < 2; i++) {
        r[i] = f[i];
        for (int k = 0; k < NL; k++)
            r[i] -= G[k + NL * i] * lam[k];
    }
    const double m00 = M[0], m01 = M[NP], m10 = M[1], m11 = M[1 + NP];
    s[0] = (m11 * r[0] - m01 * r[1]) / (m00 * m11 - m01 * m10);
}

/* ---- problem descriptor -------------------------------------------------------- */
static int and_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    if (sc != 0) {
        if (err && errlen)
            snprintf(err, errlen, "andrews: unknown scenario %d", sc);
        return 1;
    }
    memset(m, 0, sizeof *m);
    m->np = NP; m->nv = NP; m->nl = NL; m->nm = 0;
    m->t0 = 0.0; m->tend = 0.03;
    m->flags = 0;        /* M depends on q: not DB_MASS_CONST */
    m->par = par;
    m->scenario = sc;
    m->mass = and_mass;
    m->force = and_force;
    m->g = and_g;
    m->G = and_G;
    m->kappa_g = and_kappa_g;
    m->Mw_p = and_Mw_p;
    m->force_jac = and_force_jac;
    m->Gw_p = and_Gw_p;
    m->GTl_p = and_GTl_p;
    m->kappa_g_jac = and_kappa_g_jac;
    m->init = and_init;
    m->energy = and_energy;
    return 0;
}

void db_andrews_roots(db_mech *m)
{
    m->nswitch = 1;
    m->switching = and_switching;
}

/* fact sheet §6: the test set's y(0.03), components 1-7 (the positions: the only
 * ones its scd measures, §7); good to 9.6-12.5 digits (two 40-digit computations,
 * sheet §6), 9.6 taken for each */
static const double and_pub_values[7] = {

    0.1581077119629904e+2, -0.1575637105984298e+2, 0.4082224013073101e-1,
    -0.5347301163226948e+0, 0.5244099658805304e+0, 0.5347301163226948e+0,
    0.1048080741042263e+1
};
static const double and_pub_digits[7] = {9.6, 9.6, 9.6, 9.6, 9.6, 9.6, 9.6};
static const char *const and_pub_names[7] = {"beta", "Theta", "gamma", "Phi", "delta",
                                             "Omega", "epsilon"};

static int and_pub_map(const db_mech *m, const double *p, const double *v, const double *lam,
                       const double *mu, double *y)
{
    (void)m; (void)v; (void)lam; (void)mu;
    for (int i = 0; i < 7; i++)
        y[i] = p[i];
    return 0;
}

static const db_published and_published = {
    "IVP test set Release 2.4, y(0.03) (positions, components 1-7)", 0, 7, and_pub_values,
    and_pub_digits, and_pub_names, and_pub_map};

static const db_scenario_spec and_scenarios[] = {
    {"default", "test set data, t in [0, 0.03], reference values at t = 0.03"}
};

const db_problem db_problem_andrews = {
    .name = "andrews",
    .title = "Andrews' squeezing mechanism (seven-body mechanism), 7 angles, 6 constraints",
    .source = "Test Set for IVP Solvers (Mazzia & Magherini, Release 2.4, II.13; andrews.f); "
              "Hairer & Wanner, Solving ODEs II, VII.7",
    .scenarios = and_scenarios,
    .nscenarios = 1,
    .params = NULL,
    .nparams = 0,
    .setup = and_setup,
    .teardown = NULL,
    .exact = NULL,
    .published = &and_published,
};
