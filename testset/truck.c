/* truck.c — planar truck with nonlinear pneumatic suspension, problem "truck".
 *
 * THIS IS A RECONSTRUCTION ("TRUCK-R"), NOT THE PUBLISHED MODEL.  The seeds' truck
 * (Simeon, Grupp, Führer, Rentrop, J. Comput. Appl. Math. 50 (1994) 523-532:
 * 11 coordinates, 1 joint constraint) has no public data: its masses, geometry,
 * force laws, road data and initial values could not be found.  daebench uses the
 * reconstruction of ../shared/models/truck.md, section C: the same structure (7
 * bodies, coordinates p1..p11 in the published order, 1 holonomic constraint =
 * vertical joint between loading area and chassis, nonlinear suspension, constant
 * diagonal mass matrix, road excitation with wheel delay, t in [0, 20]), with the
 * Eich-Soellner/Führer truck numbers (Numerical Methods in Multibody Dynamics,
 * Teubner 1998; fact sheet section B) where a counterpart exists and INVENTED
 * values (marked in the sheet) elsewhere.  Its reference values (sheet C.5) are
 * an unpublished cross-check.
 *
 * Coordinates (deviations from static equilibrium, so p = v = 0 is consistent):
 *   p1 rear wheel, p2 front wheel (vertical); p3, p4 chassis (vertical, pitch);
 *   p5, p6 engine; p7, p8 cabin; p9 seat (vertical); p10, p11 loading area.
 * Equations (sheet C.2-C.3): M p'' = f(t, p, p') − Gᵀλ, 0 = g(p), with
 *   f = −gravity − Σ_e F_e ∂s_e/∂p  for the 11 vertical force elements e of
 *   compression s_e = z(lower point) − z(upper point), F_e = F0_e + k s + d s'
 *   (linear) or (F0 − pa A) r^κ + pa A + d s' (pneumatic, r = (1 + σ l_nom) /
 *   (1 + σ (l_nom − s))); this reproduces the component list f1..f11 of C.3.
 *   g(p) = p3 + cj sin p4 − p10 − lj sin p11.
 * Preloads F0 and λ0 are computed from the static-equilibrium formulas of C.2.
 * Scenarios: road excitations E1 "hump" (default), E2 "sine", E3 "driveway" (C.4).
 * Parameters: engine-mount stiffness kE and damping dE (sheet: 1e6, 1e4; the stiff
 * variant uses 1e8, 1e5).  No energy (excited and damped).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testset/mech.h"

#define NP 11
#define NEL 10

static const double grav = 9.81;
/* masses and pitch inertias (sheet C.1) */
static const double m1 = 1450.0, m2 = 600.0, m3 = 3335.0, I3 = 14313.0,
                    m4 = 1200.0, I4 = 400.0, m5 = 1100.0, I5 = 948.0, m6 = 120.0,
                    m7 = 11515.0, I7 = 33000.0;
/* geometry (sheet C.1) */
static const double xr = -2.06, xf = 2.44, xe = 1.80, e1 = -0.50, e2 = 0.50,
                    xc = 2.74, c1 = -0.80, c2 = 0.90, zs = -0.30, xl = -1.46,
                    lj = -1.61, ls = 2.44;
/* pneumatic spring (sheet C.1, from Eich-Soellner/Führer) */
static const double kappa = 1.4, lnom = 0.16, pa = 1.0e5, Apist = 0.0562,
                    sigma = 39.13228;
/* road (sheet C.1, C.4) */
static const double speed = 15.0, s0 = 2.0;
/* joint position on the chassis, cj = xl + lj = -3.07 */
static const double cj = -1.46 + -1.61;
static const double PI = 3.14159265358979323846;

/* a point of a body: z = p[jz] + xi sin p[jth]; jz = -1 (and jth = -1): the road
 * under the wheel `road` (0 front, 1 rear) */
typedef struct {
    int jz, jth;
    double xi;
    int road;
} tpoint;

enum { LAW_LINEAR = 0, LAW_PNEUMATIC = 1 };

typedef struct {
    tpoint lo, up;
    int law;
    double k, d, F0;
} telement;

typedef struct {
    telement el[NEL];
    double lambda0;
} truck_data;

/* the element table of sheet C.1 without the preloads (set in setup) */
static void truck_elements(telement el[NEL], double kE, double dE)
{
    const tpoint road_r = {-1, -1, 0.0, 1}, road_f = {-1, -1, 0.0, 0};
    const tpoint wr = {0, -1, 0.0, -1}, wf = {1, -1, 0.0, -1}, seat = {8, -1, 0.0, -1};
#define CH(x) ((tpoint){2, 3, (x), -1})
#define EN(x) ((tpoint){4, 5, (x), -1})
#define CA(x) ((tpoint){6, 7, (x), -1})
#define LO(x) ((tpoint){9, 10, (x), -1})
    const double csp = xl + ls;
    el[0] = (telement){road_r, wr, LAW_LINEAR, 4.4e6, 600.0, 0.0};          /* T1 */
    el[1] = (telement){road_f, wf, LAW_LINEAR, 2.2e6, 300.0, 0.0};          /* T2 */
    el[2] = (telement){wr, CH(xr), LAW_PNEUMATIC, 0.0, 21593.0, 0.0};       /* S1 */
    el[3] = (telement){wf, CH(xf), LAW_PNEUMATIC, 0.0, 38537.0, 0.0};       /* S2 */
    el[4] = (telement){CH(xe + e1), EN(e1), LAW_LINEAR, kE, dE, 0.0};       /* E1 */
    el[5] = (telement){CH(xe + e2), EN(e2), LAW_LINEAR, kE, dE, 0.0};       /* E2 */
    el[6] = (telement){CH(xc + c1), CA(c1), LAW_LINEAR, 1.357e5, 12218.0, 0.0}; /* C1 */
    el[7] = (telement){CH(xc + c2), CA(c2), LAW_LINEAR, 1.357e5, 12218.0, 0.0}; /* C2 */
    el[8] = (telement){CA(zs), seat, LAW_LINEAR, 5.0e4, 2.0e3, 0.0};        /* Z */
    el[9] = (telement){CH(csp), LO(ls), LAW_LINEAR, 9.0e5, 38500.0, 0.0};   /* L */
#undef CH
#undef EN
#undef CA
#undef LO
}

/* static equilibrium at p = 0, u = 0 (sheet C.2): preloads and λ0 */
static void truck_preloads(truck_data *td)
{
    telement *el = td->el;
    const double csp = xl + ls;
    const double FZ = m6 * grav;
    /* cabin: C1 + C2 = m5 g + FZ, c1 C1 + c2 C2 − zs FZ = 0 */
    const double Wc = m5 * grav + FZ;
    const double FC2 = (zs * FZ - c1 * Wc) / (c2 - c1), FC1 = Wc - FC2;
    /* engine: E1 + E2 = m4 g, e1 E1 + e2 E2 = 0 */
    const double FE2 = -e1 * m4 * grav / (e2 - e1), FE1 = m4 * grav - FE2;
    /* loading area: λ + L = m7 g, lj λ + ls L = 0 */
    const double lam = m7 * grav * ls / (ls - lj), FL = m7 * grav - lam;
    /* chassis: S1 + S2 = W, xr S1 + xf S2 = Mo */
    const double W = m3 * grav + FE1 + FE2 + FC1 + FC2 + FL + lam;
    const double Mo = (xe + e1) * FE1 + (xe + e2) * FE2 + (xc + c1) * FC1
                      + (xc + c2) * FC2 + csp * FL + cj * lam;
    const double FS2 = (Mo - xr * W) / (xf - xr), FS1 = W - FS2;
    el[0].F0 = FS1 + m1 * grav;
    el[1].F0 = FS2 + m2 * grav;
    el[2].F0 = FS1;
    el[3].F0 = FS2;
    el[4].F0 = FE1;
    el[5].F0 = FE2;
    el[6].F0 = FC1;
    el[7].F0 = FC2;
    el[8].F0 = FZ;
    el[9].F0 = FL;
    td->lambda0 = lam;
}

/* ---- road excitations (sheet C.4): u_i(t), u_i'(t) --------------------------- */
/* the time at which wheel 0 (front) or 1 (rear) reaches the profile: the front
 * one at s0, the rear one (xf − xr) later */
static double road_start(int wheel)
{
    return (wheel == 0 ? s0 : s0 + (xf - xr)) / speed;
}

/* the kinks of the excitation (mech.h breakpoints): each wheel reaching the profile */
static int truck_breakpoints(const db_mech *m, double *t, int max)
{
    (void)m;
    int n = 0;
    for (int wheel = 0; wheel < 2 && n < max; wheel++)
        t[n++] = road_start(wheel);
    return n;
}

static void road(const db_mech *m, double t, int wheel, double *u, double *ud)
{
    const double ti = road_start(wheel);
    const double tau = t - ti;
    *u = 0.0;
    *ud = 0.0;
    if (tau < 0.0)
        return;
    switch (m->scenario) {
    case 0: {              /* E1 hump, time based */
        double ex = exp(-tau), t5 = pow(tau, 5);
        *u = 0.001 * t5 * tau * ex;
        *ud = (0.006 * t5 - 0.001 * t5 * tau) * ex;
        break;
    }
    case 1: {              /* E2 sine, A = 0.04, Λ = 15 */
        const double A = 0.04, Lam = 15.0, s = speed * tau;
        *u = A * (1.0 - cos(2.0 * PI * s / Lam)) / 2.0;
        *ud = speed * A * (PI / Lam) * sin(2.0 * PI * s / Lam);
        break;
    }
    default: {             /* E3 driveway, 5 Fourier terms, Λ = 30 */
        static const double a[5] = {0.010, 0.006, -0.004, 0.003, 0.002};
        const double Lam = 30.0, s = speed * tau;
        for (int k = 1; k <= 5; k++) {
            double w = 2.0 * PI * k / Lam;
            *u += a[k - 1] * (1.0 - cos(w * s));
            *ud += speed * a[k - 1] * w * sin(w * s);
        }
        break;
    }
    }
}

/* vertical position and rate of a point, and its gradient data */
static void point_eval(const db_mech *m, double t, const tpoint *pt, const double *p,
                       const double *v, double *z, double *zd)
{
    if (pt->jz < 0) {
        road(m, t, pt->road, z, zd);
        return;
    }
    *z = p[pt->jz];
    *zd = v[pt->jz];
    if (pt->jth >= 0) {
        *z += pt->xi * sin(p[pt->jth]);
        *zd += pt->xi * cos(p[pt->jth]) * v[pt->jth];
    }
}

/* element force F and its partials ∂F/∂s, ∂F/∂s' */
static double element_force(const telement *el, double s, double sd, double *dFs,
                            double *dFsd)
{
    *dFsd = el->d;
    if (el->law == LAW_LINEAR) {
        *dFs = el->k;
        return el->F0 + el->k * s + el->d * sd;
    }
    const double den = 1.0 + sigma * (lnom - s);
    const double r = (1.0 + sigma * lnom) / den;
    const double rk = pow(r, kappa);
    const double c = el->F0 - pa * Apist;
    *dFs = c * kappa * rk * sigma / den;          /* dr/ds = r σ / den */
    return c * rk + pa * Apist + el->d * sd;
}

/* gradient of a point's z: up to two entries (index, ∂z/∂p) and the curvature
 * ∂²z/∂p_jth² */
static int point_grad(const tpoint *pt, const double *p, int idx[2], double val[2],
                      double *curv)
{
    *curv = 0.0;
    if (pt->jz < 0)
        return 0;
    idx[0] = pt->jz;
    val[0] = 1.0;
    if (pt->jth < 0)
        return 1;
    idx[1] = pt->jth;
    val[1] = pt->xi * cos(p[pt->jth]);
    *curv = -pt->xi * sin(p[pt->jth]);
    return 2;
}

static void truck_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)m; (void)t; (void)p;
    const double diag[NP] = {m1, m2, m3, I3, m4, I4, m5, I5, m6, m7, I7};
    for (int i = 0; i < NP; i++)
        M[i + NP * i] = diag[i];
}

static void truck_force(const db_mech *m, double t, const double *p, const double *v,
                        const double *lam, const double *mu, double *f)
{
    (void)lam; (void)mu;
    const truck_data *td = m->data;
    f[0] -= m1 * grav;
    f[1] -= m2 * grav;
    f[2] -= m3 * grav;
    f[4] -= m4 * grav;
    f[6] -= m5 * grav;
    f[8] -= m6 * grav;
    f[9] -= m7 * grav;
    for (int e = 0; e < NEL; e++) {
        const telement *el = &td->el[e];
        double zl, zld, zu, zud, dFs, dFsd;
        point_eval(m, t, &el->lo, p, v, &zl, &zld);
        point_eval(m, t, &el->up, p, v, &zu, &zud);
        double F = element_force(el, zl - zu, zld - zud, &dFs, &dFsd);
        int il[2], iu[2];
        double gl[2], gu[2], cl, cu;
        int nl = point_grad(&el->lo, p, il, gl, &cl);
        int nu = point_grad(&el->up, p, iu, gu, &cu);
        /* f −= F ∂s/∂p: the upper body is pushed up, the lower one down */
        for (int a = 0; a < nu; a++)
            f[iu[a]] += F * gu[a];
        for (int a = 0; a < nl; a++)
            f[il[a]] -= F * gl[a];
    }
}

static void truck_force_jac(const db_mech *m, double t, const double *p, const double *v,
                            const double *lam, const double *mu,
                            double *fp, double *fv, double *fl, double *fm)
{
    (void)lam; (void)mu; (void)fl; (void)fm;   /* f does not depend on λ */
    const truck_data *td = m->data;
    for (int e = 0; e < NEL; e++) {
        const telement *el = &td->el[e];
        double zl, zld, zu, zud, dFs, dFsd;
        point_eval(m, t, &el->lo, p, v, &zl, &zld);
        point_eval(m, t, &el->up, p, v, &zu, &zud);
        double F = element_force(el, zl - zu, zld - zud, &dFs, &dFsd);
        /* ∇s (dense over the ≤ 4 touched coordinates) and ∂s'/∂p */
        int idx[4], n = 0;
        double gs[4], gsd[4];
        double curv_diag[4];
        const tpoint *pts[2] = {&el->lo, &el->up};
        for (int side = 0; side < 2; side++) {
            int ii[2];
            double gg[2], cv;
            int np = point_grad(pts[side], p, ii, gg, &cv);
            double sign = side == 0 ? 1.0 : -1.0;   /* s = z_lo − z_up */
            for (int a = 0; a < np; a++) {
                idx[n] = ii[a];
                gs[n] = sign * gg[a];
                /* ∂s'/∂p: only the angle entry has a p-dependence (xi cos θ θ') */
                gsd[n] = a == 1 ? sign * cv * v[ii[1]] : 0.0;
                curv_diag[n] = a == 1 ? sign * cv : 0.0;
                n++;
            }
        }
        /* f_i = −F gs_i (plus gravity):
         * ∂f_i/∂p_j = −(dFs gs_j + dFsd gsd_j) gs_i − F ∂gs_i/∂p_j
         * ∂f_i/∂v_j = −dFsd gs_j gs_i */
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                fp[idx[a] + NP * idx[b]] -= (dFs * gs[b] + dFsd * gsd[b]) * gs[a];
                fv[idx[a] + NP * idx[b]] -= dFsd * gs[b] * gs[a];
            }
            fp[idx[a] + NP * idx[a]] -= F * curv_diag[a];
        }
    }
}

/* ---- the joint constraint (sheet C.3) ---------------------------------------- */

static void truck_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)m; (void)t;
    g[0] += p[2] + cj * sin(p[3]) - p[9] - lj * sin(p[10]);
}

static void truck_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)m; (void)t;
    G[2] += 1.0;
    G[3] += cj * cos(p[3]);
    G[9] += -1.0;
    G[10] += -lj * cos(p[10]);
}

static void truck_Gw_p(const db_mech *m, double t, const double *p, const double *w,
                       double *out)
{
    (void)m; (void)t;
    out[3] += -cj * sin(p[3]) * w[3];
    out[10] += lj * sin(p[10]) * w[10];
}

static void truck_GTl_p(const db_mech *m, double t, const double *p, const double *l,
                        double *out)
{
    (void)m; (void)t;
    out[3 + NP * 3] += -cj * sin(p[3]) * l[0];
    out[10 + NP * 10] += lj * sin(p[10]) * l[0];
}

static void truck_kappa_g(const db_mech *m, double t, const double *p, const double *v,
                          double *k)
{
    (void)m; (void)t;
    k[0] += -cj * sin(p[3]) * v[3] * v[3] + lj * sin(p[10]) * v[10] * v[10];
}

static void truck_kappa_g_jac(const db_mech *m, double t, const double *p,
                              const double *v, double *kp, double *kv)
{
    (void)m; (void)t;
    kp[3] += -cj * cos(p[3]) * v[3] * v[3];
    kp[10] += lj * cos(p[10]) * v[10] * v[10];
    kv[3] += -2.0 * cj * sin(p[3]) * v[3];
    kv[10] += 2.0 * lj * sin(p[10]) * v[10];
}

/* consistent values at t0: p = v = 0 (static equilibrium, the road starts flat);
 * λ and a from M a + Gᵀλ = f, G a = −κ_g (M diagonal, one constraint:
 * λ = (G M⁻¹ f + κ_g) / (G M⁻¹ Gᵀ)), which gives λ0 of sheet C.2 and a ≈ 0 */
static void truck_init(const db_mech *m, double *p, double *v, double *lam, double *mu,
                       double *a)
{
    (void)mu;
    double M[NP * NP] = {0}, G[NP] = {0}, f[NP] = {0}, kap[1] = {0};
    for (int i = 0; i < NP; i++)
        p[i] = v[i] = 0.0;
    lam[0] = 0.0;
    truck_mass(m, m->t0, p, M);
    truck_G(m, m->t0, p, G);
    truck_force(m, m->t0, p, v, lam, mu, f);
    truck_kappa_g(m, m->t0, p, v, kap);
    double num = kap[0], den = 0.0;
    for (int i = 0; i < NP; i++) {
        num += G[i] * f[i] / M[i + NP * i];
        den += G[i] * G[i] / M[i + NP * i];
    }
    lam[0] = num / den;
    for (int i = 0; i < NP; i++)
        a[i] = (f[i] - G[i] * lam[0]) / M[i + NP * i];
}

/* ---- problem descriptor ------------------------------------------------------ */
static const db_scenario_spec truck_scenarios[] = {
    {"hump", "road E1: hump 0.001 tau^6 exp(-tau) (Eich-Soellner/Fuehrer), t in [0, 20]"},
    {"sine", "road E2: 1 - cos wave, amplitude 0.04 m, wavelength 15 m (invented), t in [0, 20]"},
    {"driveway", "road E3: 5-term Fourier series, wavelength 30 m (invented), t in [0, 20]"}
};

static const db_param_spec truck_params[] = {
    {"kE", 1.0e6, 1.0e3, 1.0e10, 0,
     "engine-mount stiffness [N/m]; 1e8 (with dE = 1e5) is the stiff variant"},
    {"dE", 1.0e4, 0.0, 1.0e7, 0, "engine-mount damping [N s/m]"}
};

static int truck_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    if (sc < 0 || sc > 2) {
        if (err && errlen)
            snprintf(err, errlen, "truck: unknown scenario %d", sc);
        return 1;
    }
    const double kE = par ? par[0] : truck_params[0].def;
    const double dE = par ? par[1] : truck_params[1].def;
    if (!(kE > 0.0) || !(dE >= 0.0)) {
        if (err && errlen)
            snprintf(err, errlen, "truck: kE must be > 0 and dE >= 0");
        return 1;
    }
    truck_data *td = calloc(1, sizeof *td);
    if (!td) {
        if (err && errlen)
            snprintf(err, errlen, "truck: out of memory");
        return 1;
    }
    truck_elements(td->el, kE, dE);
    truck_preloads(td);
    memset(m, 0, sizeof *m);
    m->np = NP; m->nv = NP; m->nl = 1; m->nm = 0;
    m->t0 = 0.0; m->tend = 20.0;
    m->flags = DB_MASS_CONST;
    m->par = par;
    m->scenario = sc;
    m->data = td;
    m->mass = truck_mass;
    m->force = truck_force;
    m->g = truck_g;
    m->G = truck_G;
    m->kappa_g = truck_kappa_g;
    m->force_jac = truck_force_jac;
    m->Gw_p = truck_Gw_p;
    m->GTl_p = truck_GTl_p;
    m->kappa_g_jac = truck_kappa_g_jac;
    m->init = truck_init;
    m->energy = NULL;
    m->breakpoints = truck_breakpoints;
    return 0;
}

static void truck_teardown(db_mech *m)
{
    free(m->data);
    m->data = NULL;
}

const db_problem db_problem_truck = {
    .name = "truck",
    .title = "truck TRUCK-R: 7 bodies, 11 coordinates, 1 joint, pneumatic suspension "
             "(reconstruction, original data not public)",
    .source = "reconstruction of Simeon, Grupp, Fuehrer, Rentrop (1994) from the "
              "Eich-Soellner/Fuehrer truck",
    .scenarios = truck_scenarios,
    .nscenarios = 3,
    .params = truck_params,
    .nparams = 2,
    .setup = truck_setup,
    .teardown = truck_teardown,
    .exact = NULL,
};
