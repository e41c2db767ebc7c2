/* skateboard.c — skateboard with driver (Steinbrecher, "M007 – A Skateboard", TU Berlin
 * preprint 2016/08 = seed 003), as reconstructed in ../shared/models/skateboard.md.
 *
 *   p = (x1, y1, x2, y2, φ, x3, y3, z3, θ),  v = p' = (v1, w1, v2, w2, ω, v3, w3, u3, ψ)
 *   M = diag(m1, m1, m2, m2, J1, m3, m3, m3, J2)                     (sheet §2, A2)
 *   f = (−d v1, −d w1, −d v2, −d w2, −d ω, −d v3, −d w3, −d u3 − m3 g, −d ψ − c θ)   (A3)
 *   g = (L1 cos φ − (x1−x2), L1 sin φ − (y1−y2), (x1+x2)/2 + L3 sin θ sin φ − x3,
 *        (y1+y2)/2 − L3 sin θ cos φ − y3, L3 cos θ − z3)                (A4; 5 rows)
 *   H v = 0, 2 rows: no side slip of the front axle (direction φ − aθ) and of the
 *        rear axle (direction φ + aθ), unnormalised (dx, dy) form            (A5)
 *
 * Scenarios (sheet §3, §4): "s1" = seed Table 4 with the sheet's erratum A1 (all five
 * dampings 0.001, not the printed 0.01), t ∈ [0, 100]; "s2" = seed Table 6 with the
 * missing initial values w3 = −0.15, u3 = 0, ψ = 0.1 (A7), t ∈ [0, 10].
 * Published end values: seed 003 Tables 5 and 7 (tested in tests/test_skateboard.c).
 * M is constant; every derivative callback is analytic.  No energy: the system is
 * damped (and, with c = 0, has no invariant besides the constraints).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "testset/consistent.h"
#include "testset/mech.h"

enum { NP = 9, NL = 5, NM = 2 };

/* indices into p / v */
enum { IX1, IY1, IX2, IY2, IPHI, IX3, IY3, IZ3, ITH };

/* model constants common to both scenarios (seed 003 Tables 4 and 6) */
static const double M1 = 1.0, M2 = 1.0, M3 = 80.0, J1 = 0.001, J2 = 0.001;
static const double L1 = 0.5, L3 = 1.5, GRAV = 9.81, ABANK = 11.0;

typedef struct {
    double d;          /* damping of all five dampers */
    double c;          /* torsional stiffness of the bank angle */
    double v0[NP];     /* initial velocities */
} sk_scenario;

static const sk_scenario SK_SC[2] = {
    /* s1: d = 0.001 (sheet erratum A1), c = 0 */
    { 0.001, 0.0, { 0.5, 0.0, 0.5, 0.0, 0.0, 0.5, -0.0015, 0.0, 0.001 } },
    /* s2: d = 0.005, c = 1; w3, u3, ψ from sheet A7 */
    { 0.005, 1.0, { 5.0, 0.0, 5.0, 0.0, 0.0, 5.0, -0.15, 0.0, 0.1 } },
};

static const double SK_P0[NP] = { 0.25, 0.0, -0.25, 0.0, 0.0, 0.0, 0.0, 1.5, 0.0 };

static const sk_scenario *sk_sc(const db_mech *m) { return &SK_SC[m->scenario]; }

/* column-major element (i, j) of a matrix with ld rows */
#define AT(A, ld, i, j) ((A)[(size_t)(j) * (size_t)(ld) + (size_t)(i)])

/* ---- M, f -------------------------------------------------------------------- */

static void sk_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)m; (void)t; (void)p;
    AT(M, NP, IX1, IX1) = M1; AT(M, NP, IY1, IY1) = M1;
    AT(M, NP, IX2, IX2) = M2; AT(M, NP, IY2, IY2) = M2;
    AT(M, NP, IPHI, IPHI) = J1;
    AT(M, NP, IX3, IX3) = M3; AT(M, NP, IY3, IY3) = M3; AT(M, NP, IZ3, IZ3) = M3;
    AT(M, NP, ITH, ITH) = J2;
}

static void sk_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    (void)t; (void)lam; (void)mu;
    const sk_scenario *s = sk_sc(m);
    for (int i = 0; i < NP; i++) f[i] = -s->d * v[i];
    f[IZ3] -= M3 * GRAV;
    f[ITH] -= s->c * p[ITH];
}

static void sk_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         double *fp, double *fv, double *fl, double *fm)
{
    (void)t; (void)p; (void)v; (void)lam; (void)mu; (void)fl; (void)fm;
    const sk_scenario *s = sk_sc(m);
    AT(fp, NP, ITH, ITH) = -s->c;
    for (int i = 0; i < NP; i++) AT(fv, NP, i, i) = -s->d;
}

/* ---- holonomic constraints --------------------------------------------------- */

static void sk_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)m; (void)t;
    double sph = sin(p[IPHI]), cph = cos(p[IPHI]), sth = sin(p[ITH]), cth = cos(p[ITH]);
    g[0] = L1 * cph - (p[IX1] - p[IX2]);
    g[1] = L1 * sph - (p[IY1] - p[IY2]);
    g[2] = 0.5 * (p[IX1] + p[IX2]) + L3 * sth * sph - p[IX3];
    g[3] = 0.5 * (p[IY1] + p[IY2]) - L3 * sth * cph - p[IY3];
    g[4] = L3 * cth - p[IZ3];
}

static void sk_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)m; (void)t;
    double sph = sin(p[IPHI]), cph = cos(p[IPHI]), sth = sin(p[ITH]), cth = cos(p[ITH]);
    AT(G, NL, 0, IX1) = -1; AT(G, NL, 0, IX2) = 1; AT(G, NL, 0, IPHI) = -L1 * sph;
    AT(G, NL, 1, IY1) = -1; AT(G, NL, 1, IY2) = 1; AT(G, NL, 1, IPHI) = L1 * cph;
    AT(G, NL, 2, IX1) = 0.5; AT(G, NL, 2, IX2) = 0.5; AT(G, NL, 2, IX3) = -1;
    AT(G, NL, 2, IPHI) = L3 * sth * cph; AT(G, NL, 2, ITH) = L3 * cth * sph;
    AT(G, NL, 3, IY1) = 0.5; AT(G, NL, 3, IY2) = 0.5; AT(G, NL, 3, IY3) = -1;
    AT(G, NL, 3, IPHI) = L3 * sth * sph; AT(G, NL, 3, ITH) = -L3 * cth * cph;
    AT(G, NL, 4, IZ3) = -1; AT(G, NL, 4, ITH) = -L3 * sth;
}

/* ∂(G w)/∂p: only the φ and θ columns are non-zero */
static void sk_Gw_p(const db_mech *m, double t, const double *p, const double *w, double *out)
{
    (void)m; (void)t;
    double sph = sin(p[IPHI]), cph = cos(p[IPHI]), sth = sin(p[ITH]), cth = cos(p[ITH]);
    double wph = w[IPHI], wth = w[ITH];
    AT(out, NL, 0, IPHI) = -L1 * cph * wph;
    AT(out, NL, 1, IPHI) = -L1 * sph * wph;
    AT(out, NL, 2, IPHI) = L3 * (-sth * sph * wph + cth * cph * wth);
    AT(out, NL, 2, ITH)  = L3 * (cth * cph * wph - sth * sph * wth);
    AT(out, NL, 3, IPHI) = L3 * (sth * cph * wph + cth * sph * wth);
    AT(out, NL, 3, ITH)  = L3 * (cth * sph * wph + sth * cph * wth);
    AT(out, NL, 4, ITH)  = -L3 * cth * wth;
}

/* ∂(Gᵀ l)/∂p: only rows φ and θ, columns φ and θ */
static void sk_GTl_p(const db_mech *m, double t, const double *p, const double *l, double *out)
{
    (void)m; (void)t;
    double sph = sin(p[IPHI]), cph = cos(p[IPHI]), sth = sin(p[ITH]), cth = cos(p[ITH]);
    AT(out, NP, IPHI, IPHI) = -L1 * cph * l[0] - L1 * sph * l[1]
                              + L3 * sth * (-sph * l[2] + cph * l[3]);
    AT(out, NP, IPHI, ITH) = L3 * cth * (cph * l[2] + sph * l[3]);
    AT(out, NP, ITH, IPHI) = L3 * cth * (cph * l[2] + sph * l[3]);
    AT(out, NP, ITH, ITH) = L3 * sth * (-sph * l[2] + cph * l[3]) - L3 * cth * l[4];
}

/* κ_g = (G v)_p v (scleronomic) */
static void sk_kappa_g(const db_mech *m, double t, const double *p, const double *v, double *k)
{
    (void)m; (void)t;
    double sph = sin(p[IPHI]), cph = cos(p[IPHI]), sth = sin(p[ITH]), cth = cos(p[ITH]);
    double om = v[IPHI], ps = v[ITH], q = om * om + ps * ps;
    k[0] = -L1 * cph * om * om;
    k[1] = -L1 * sph * om * om;
    k[2] = L3 * (-sth * sph * q + 2 * cth * cph * om * ps);
    k[3] = L3 * (sth * cph * q + 2 * cth * sph * om * ps);
    k[4] = -L3 * cth * ps * ps;
}

static void sk_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)m; (void)t;
    double sph = sin(p[IPHI]), cph = cos(p[IPHI]), sth = sin(p[ITH]), cth = cos(p[ITH]);
    double om = v[IPHI], ps = v[ITH], q = om * om + ps * ps, op = om * ps;
    AT(kp, NL, 0, IPHI) = L1 * sph * om * om;
    AT(kv, NL, 0, IPHI) = -2 * L1 * cph * om;
    AT(kp, NL, 1, IPHI) = -L1 * cph * om * om;
    AT(kv, NL, 1, IPHI) = -2 * L1 * sph * om;
    AT(kp, NL, 2, IPHI) = L3 * (-sth * cph * q - 2 * cth * sph * op);
    AT(kp, NL, 2, ITH)  = L3 * (-cth * sph * q - 2 * sth * cph * op);
    AT(kv, NL, 2, IPHI) = L3 * (-2 * sth * sph * om + 2 * cth * cph * ps);
    AT(kv, NL, 2, ITH)  = L3 * (-2 * sth * sph * ps + 2 * cth * cph * om);
    AT(kp, NL, 3, IPHI) = L3 * (-sth * sph * q + 2 * cth * cph * op);
    AT(kp, NL, 3, ITH)  = L3 * (cth * cph * q - 2 * sth * sph * op);
    AT(kv, NL, 3, IPHI) = L3 * (2 * sth * cph * om + 2 * cth * sph * ps);
    AT(kv, NL, 3, ITH)  = L3 * (2 * sth * cph * ps + 2 * cth * sph * om);
    AT(kp, NL, 4, ITH)  = L3 * sth * ps * ps;
    AT(kv, NL, 4, ITH)  = -2 * L3 * cth * ps;
}

/* ---- nonholonomic constraints ------------------------------------------------ */

/* entries of H: row 0 = (c1, c2) on (x1, y1), row 1 = (e1, e2) on (x2, y2) */
typedef struct { double sa, ca, dx, dy, c1, c2, e1, e2; } sk_hgeo;

static sk_hgeo sk_hgeom(const double *p)
{
    sk_hgeo h;
    h.sa = sin(ABANK * p[ITH]);
    h.ca = cos(ABANK * p[ITH]);
    h.dx = p[IX1] - p[IX2];
    h.dy = p[IY1] - p[IY2];
    h.c1 = h.dx * h.sa - h.dy * h.ca;
    h.c2 = h.dx * h.ca + h.dy * h.sa;
    h.e1 = -(h.dx * h.sa + h.dy * h.ca);
    h.e2 = h.dx * h.ca - h.dy * h.sa;
    return h;
}

static void sk_H(const db_mech *m, double t, const double *p, double *H)
{
    (void)m; (void)t;
    sk_hgeo h = sk_hgeom(p);
    AT(H, NM, 0, IX1) = h.c1; AT(H, NM, 0, IY1) = h.c2;
    AT(H, NM, 1, IX2) = h.e1; AT(H, NM, 1, IY2) = h.e2;
}

/* ∂(H w)/∂p */
static void sk_Hw_p(const db_mech *m, double t, const double *p, const double *w, double *out)
{
    (void)m; (void)t;
    sk_hgeo h = sk_hgeom(p);
    double sa = h.sa, ca = h.ca, a = ABANK;
    double r0x = sa * w[IX1] + ca * w[IY1];          /* ∂/∂dx of row 0 */
    double r0y = -ca * w[IX1] + sa * w[IY1];         /* ∂/∂dy of row 0 */
    double r1x = -sa * w[IX2] + ca * w[IY2];
    double r1y = -ca * w[IX2] - sa * w[IY2];
    AT(out, NM, 0, IX1) = r0x; AT(out, NM, 0, IX2) = -r0x;
    AT(out, NM, 0, IY1) = r0y; AT(out, NM, 0, IY2) = -r0y;
    AT(out, NM, 0, ITH) = a * (h.c2 * w[IX1] - h.c1 * w[IY1]);
    AT(out, NM, 1, IX1) = r1x; AT(out, NM, 1, IX2) = -r1x;
    AT(out, NM, 1, IY1) = r1y; AT(out, NM, 1, IY2) = -r1y;
    AT(out, NM, 1, ITH) = a * (-h.e2 * w[IX2] + h.e1 * w[IY2]);
}

/* ∂(Hᵀ u)/∂p: rows x1, y1 (from c1 u0, c2 u0) and x2, y2 (from e1 u1, e2 u1) */
static void sk_HTu_p(const db_mech *m, double t, const double *p, const double *u, double *out)
{
    (void)m; (void)t;
    sk_hgeo h = sk_hgeom(p);
    double sa = h.sa, ca = h.ca, a = ABANK;
    /* row, ∂/∂dx, ∂/∂dy, ∂/∂θ of the entry H_{k,row} times u_k */
    const struct { int row; double ddx, ddy, dth; } e[4] = {
        { IX1, sa * u[0], -ca * u[0], a * h.c2 * u[0] },
        { IY1, ca * u[0], sa * u[0], -a * h.c1 * u[0] },
        { IX2, -sa * u[1], -ca * u[1], -a * h.e2 * u[1] },
        { IY2, ca * u[1], -sa * u[1], a * h.e1 * u[1] },
    };
    for (int k = 0; k < 4; k++) {
        AT(out, NP, e[k].row, IX1) = e[k].ddx;
        AT(out, NP, e[k].row, IX2) = -e[k].ddx;
        AT(out, NP, e[k].row, IY1) = e[k].ddy;
        AT(out, NP, e[k].row, IY2) = -e[k].ddy;
        AT(out, NP, e[k].row, ITH) = e[k].dth;
    }
}

/* κ_h = (H v)_p v (sheet §2, γ_H) */
static void sk_kappa_h(const db_mech *m, double t, const double *p, const double *v, double *k)
{
    (void)m; (void)t;
    sk_hgeo h = sk_hgeom(p);
    double sa = h.sa, ca = h.ca, aps = ABANK * v[ITH];
    double dxd = v[IX1] - v[IX2], dyd = v[IY1] - v[IY2];
    double v1 = v[IX1], w1 = v[IY1], v2 = v[IX2], w2 = v[IY2];
    k[0] = (dxd * sa - dyd * ca) * v1 + (dxd * ca + dyd * sa) * w1 + aps * (h.c2 * v1 - h.c1 * w1);
    k[1] = -(dxd * sa + dyd * ca) * v2 + (dxd * ca - dyd * sa) * w2 - aps * (h.e2 * v2 - h.e1 * w2);
}

static void sk_kappa_h_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)m; (void)t;
    sk_hgeo h = sk_hgeom(p);
    double sa = h.sa, ca = h.ca, a = ABANK, ps = v[ITH], aps = a * ps;
    double dxd = v[IX1] - v[IX2], dyd = v[IY1] - v[IY2];
    double v1 = v[IX1], w1 = v[IY1], v2 = v[IX2], w2 = v[IY2];
    double d;

    /* row 0: κ = sa (dx' v1 + dy' w1) + ca (dx' w1 − dy' v1) + aψ (c2 v1 − c1 w1) */
    d = aps * (ca * v1 - sa * w1);
    AT(kp, NM, 0, IX1) = d; AT(kp, NM, 0, IX2) = -d;
    d = aps * (sa * v1 + ca * w1);
    AT(kp, NM, 0, IY1) = d; AT(kp, NM, 0, IY2) = -d;
    AT(kp, NM, 0, ITH) = a * ca * (dxd * v1 + dyd * w1) - a * sa * (dxd * w1 - dyd * v1)
                         - a * aps * (h.c1 * v1 + h.c2 * w1);
    AT(kv, NM, 0, IX1) = sa * (v1 + dxd) + ca * (w1 - dyd) + aps * h.c2;
    AT(kv, NM, 0, IY1) = sa * (w1 + dyd) + ca * (dxd - v1) - aps * h.c1;
    AT(kv, NM, 0, IX2) = -sa * v1 - ca * w1;
    AT(kv, NM, 0, IY2) = -sa * w1 + ca * v1;
    AT(kv, NM, 0, ITH) = a * (h.c2 * v1 - h.c1 * w1);

    /* row 1: κ = −sa (dx' v2 + dy' w2) + ca (dx' w2 − dy' v2) − aψ (e2 v2 − e1 w2) */
    d = -aps * (ca * v2 + sa * w2);
    AT(kp, NM, 1, IX1) = d; AT(kp, NM, 1, IX2) = -d;
    d = -aps * (-sa * v2 + ca * w2);
    AT(kp, NM, 1, IY1) = d; AT(kp, NM, 1, IY2) = -d;
    AT(kp, NM, 1, ITH) = -a * ca * (dxd * v2 + dyd * w2) - a * sa * (dxd * w2 - dyd * v2)
                         - a * aps * (h.e1 * v2 + h.e2 * w2);
    AT(kv, NM, 1, IX1) = -sa * v2 + ca * w2;
    AT(kv, NM, 1, IY1) = -sa * w2 - ca * v2;
    AT(kv, NM, 1, IX2) = sa * (v2 - dxd) - ca * (dyd + w2) - aps * h.e2;
    AT(kv, NM, 1, IY2) = sa * (w2 - dyd) + ca * (v2 + dxd) + aps * h.e1;
    AT(kv, NM, 1, ITH) = -a * (h.e2 * v2 - h.e1 * w2);
}

/* ---- consistent initial values ------------------------------------------------ */

/* p, v of the scenario; λ, μ, a from [M Gᵀ Hᵀ; G 0 0; H 0 0][a; λ; μ] = [f; −κ_g; −κ_h] */
static void sk_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    memcpy(p, SK_P0, sizeof SK_P0);
    memcpy(v, sk_sc(m)->v0, sizeof SK_P0);
    db_mech_consistent_acc(m, m->t0, p, v, a, lam, mu);  /* regular: cos(aθ0) = 1 */
}

/* ---- problem descriptor -------------------------------------------------------- */

static const db_scenario_spec sk_scenarios[] = {
    { "s1", "seed 003 scenario 1 (Table 4, damping 0.001 per sheet erratum A1), t in [0, 100]" },
    { "s2", "seed 003 scenario 2 (Table 6, c = 1, d = 0.005, faster start), t in [0, 10]" },
};

static int sk_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    if (sc < 0 || sc > 1) {
        if (err && errlen) snprintf(err, errlen, "skateboard: no scenario %d", sc);
        return 1;
    }
    memset(m, 0, sizeof *m);
    m->np = NP; m->nv = NP; m->nl = NL; m->nm = NM;
    m->t0 = 0.0;
    m->tend = sc == 0 ? 100.0 : 10.0;
    m->flags = DB_MASS_CONST;
    m->par = par;
    m->scenario = sc;
    m->mass = sk_mass;
    m->force = sk_force;
    m->g = sk_g;
    m->G = sk_G;
    m->kappa_g = sk_kappa_g;
    m->H = sk_H;
    m->kappa_h = sk_kappa_h;
    m->force_jac = sk_force_jac;
    m->Gw_p = sk_Gw_p;
    m->GTl_p = sk_GTl_p;
    m->kappa_g_jac = sk_kappa_g_jac;
    m->Hw_p = sk_Hw_p;
    m->HTu_p = sk_HTu_p;
    m->kappa_h_jac = sk_kappa_h_jac;
    m->init = sk_init;
    return 0;
}

const db_problem db_problem_skateboard = {
    .name = "skateboard",
    .title = "skateboard with driver: 5 holonomic + 2 nonholonomic constraints",
    .source = "Steinbrecher, M007 A Skateboard (2016), reconstructed; end values "
              "Tables 5 and 7",
    .scenarios = sk_scenarios,
    .nscenarios = 2,
    .params = NULL,
    .nparams = 0,
    .setup = sk_setup,
    .teardown = NULL,
    .exact = NULL,
};
