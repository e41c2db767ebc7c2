/* cable_drum.c — cable drum with dry friction, MEXX test problem 5.1 (Lubich, Nowak,
 * Pöhle, Engstler, MEXX report = seed 001, eqs. (5.1)–(5.5)), following the fact sheet
 * ../shared/models/cable_drum.md (§1–§4).
 *
 *   p = (y1, x2, y2, α2),  M = diag(m1, m2, m2, I2),
 *   f(p, v, λ) = (−m1 g − c_damp y1',  −μ λ2,  −m2 g,  −μ r2 λ2)      (5.2)
 *   g(p) = (x2,  y2 − r2,  y1 − y2 − r1 α2)                           (5.2), G constant
 *   data (5.3): m1 = 10, m2 = I2 = r1 = r2 = g = c_damp = 1; μ = parameter "mu"
 *   initial values (5.4)/(5.5) with p1 = v1 = 0, a1 with −λ3 (sheet §3 correction);
 *   here λ, a come from the augmented solve [M, Gᵀ − ∂f/∂λ; G, 0][a; λ] = [f(λ=0); 0]
 *   (f is affine in λ, so this is exact).
 *
 * Friction law: exactly MEXX (5.2), f linear in the bearing force λ2, with NO sign
 * function and NO regularisation (sheet §6.3).  It equals the Coulomb law
 * −μ r2 |λ2| sign(α2') on the branch α2' < 0, λ2 < 0 that the drum takes from rest for
 * μ < 10/11; the model is therefore smooth and an implicit solver sees only the
 * λ-dependence of f (∂f/∂λ enters the Newton matrix; DB_F_LAMBDA).  DB_NONSMOOTH is
 * set because the problem is a dry-friction problem whose physical law would switch
 * where the sliding velocity changes sign; the switching function (MEXX §2.5, (2.16))
 * reports that velocity, φ1 = r2 α2', for event location.  Note that φ1(0) = 0 (start
 * from rest).  At μ = 1.1 the problem is singular (D = I2 + m1 r1² − m1 r1 r2 μ = 0,
 * MEXX (1.4b)); setup rejects μ with |D| < 1e-8.
 *
 * Exact solution (sheet §4): y1'' = −A − B y1', linear, for every μ.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "testset/consistent.h"
#include "testset/mech.h"

enum { NP = 4, NL = 3 };
enum { IY1, IX2, IY2, IAL };

/* MEXX (5.3) */
static const double M1 = 10.0, M2 = 1.0, I2 = 1.0, R1 = 1.0, R2 = 1.0;
static const double GRAV = 1.0, CDAMP = 1.0;
/* MEXX (5.5): initial height and velocity of the load */
static const double Y10 = 0.0, V10 = 0.0;

#define AT(A, ld, i, j) ((A)[(size_t)(j) * (size_t)(ld) + (size_t)(i)])

static double cd_mu(const db_mech *m) { return m->par[0]; }

static void cd_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)m; (void)t; (void)p;
    AT(M, NP, IY1, IY1) = M1;
    AT(M, NP, IX2, IX2) = M2;
    AT(M, NP, IY2, IY2) = M2;
    AT(M, NP, IAL, IAL) = I2;
}

static void cd_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    (void)t; (void)p; (void)mu;
    double fr = cd_mu(m);
    f[IY1] = -M1 * GRAV - CDAMP * v[IY1];
    f[IX2] = -fr * lam[1];
    f[IY2] = -M2 * GRAV;
    f[IAL] = -fr * R2 * lam[1];
}

static void cd_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         double *fp, double *fv, double *fl, double *fm)
{
    (void)t; (void)p; (void)v; (void)lam; (void)mu; (void)fp; (void)fm;
    double fr = cd_mu(m);
    AT(fv, NP, IY1, IY1) = -CDAMP;
    AT(fl, NP, IX2, 1) = -fr;          /* F(2,2) = −μ     (MEXX §5.1) */
    AT(fl, NP, IAL, 1) = -fr * R2;     /* F(4,2) = −μ r2 */
}

static void cd_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)m; (void)t;
    g[0] = p[IX2];
    g[1] = p[IY2] - R2;
    g[2] = p[IY1] - p[IY2] - R1 * p[IAL];
}

static void cd_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)m; (void)t; (void)p;
    AT(G, NL, 0, IX2) = 1;
    AT(G, NL, 1, IY2) = 1;
    AT(G, NL, 2, IY1) = 1;
    AT(G, NL, 2, IY2) = -1;
    AT(G, NL, 2, IAL) = -R1;
}

/* G is constant: κ_g and all derivatives of G vanish (outputs are pre-zeroed) */
static void cd_kappa_g(const db_mech *m, double t, const double *p, const double *v, double *k)
{
    (void)m; (void)t; (void)p; (void)v; (void)k;
}

static void cd_Gw_p(const db_mech *m, double t, const double *p, const double *w, double *out)
{
    (void)m; (void)t; (void)p; (void)w; (void)out;
}

static void cd_GTl_p(const db_mech *m, double t, const double *p, const double *l, double *out)
{
    (void)m; (void)t; (void)p; (void)l; (void)out;
}

static void cd_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)m; (void)t; (void)p; (void)v; (void)kp; (void)kv;
}

/* D = I2 + m1 r1² − m1 r1 r2 μ: minus the determinant of [M, Gᵀ − F; G, 0] (sheet §1) */
static double cd_D(double fr) { return I2 + M1 * R1 * R1 - M1 * R1 * R2 * fr; }

/* λ at a consistent state with load velocity v1 (sheet §3, closed forms) */
static void cd_lambda(double fr, double v1, double *lam)
{
    double D = cd_D(fr);
    lam[1] = -(I2 * CDAMP * v1 + I2 * GRAV * (M1 + M2) + GRAV * M1 * M2 * R1 * R1) / D;
    lam[0] = -fr * lam[1];
    lam[2] = -(I2 * CDAMP * v1 + I2 * GRAV * M1 + GRAV * M1 * M2 * fr * R1 * R2) / D;
}

/* p, v from (5.4)/(5.5); a and λ from the augmented system with Gᵀ − ∂f/∂λ */
static void cd_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    p[IY1] = Y10; p[IX2] = 0; p[IY2] = R2; p[IAL] = (Y10 - R2) / R1;
    v[IY1] = V10; v[IX2] = 0; v[IY2] = 0;  v[IAL] = V10 / R1;
    db_mech_consistent_acc(m, m->t0, p, v, a, lam, mu);  /* D = 0: rejected by setup */
}

/* φ1 = sliding velocity of the drum bearing, r2 α2' */
static void cd_switching(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu, double *s)
{
    (void)m; (void)t; (void)p; (void)lam; (void)mu;
    s[0] = R2 * v[IAL];
}

/* φ1(x) = (eˣ − 1)/x and φ2(x) = (φ1(x) − 1)/x, accurate near x = 0 */
static double cd_phi1(double x) { return x == 0.0 ? 1.0 : expm1(x) / x; }
static double cd_phi2(double x)
{
    if (fabs(x) < 1e-3)
        return 0.5 + x / 6.0 + x * x / 24.0 + x * x * x / 120.0;
    return (expm1(x) / x - 1.0) / x;
}

/* sheet §4: y1'' = −A − B y1' with A, B from the one remaining degree of freedom */
static int cd_exact(const db_mech *m, double t, double *p, double *v, double *lam, double *mu)
{
    (void)mu;
    double fr = cd_mu(m), D = cd_D(fr);
    double A = GRAV * R1 * (M1 * R1 - (M1 + M2) * R2 * fr) / D;
    double B = CDAMP * R1 * (R1 - R2 * fr) / D;
    double s = t - m->t0, x = -B * s;
    double y1 = Y10 + V10 * s * cd_phi1(x) - A * s * s * cd_phi2(x);
    double v1 = V10 * exp(x) - A * s * cd_phi1(x);
    p[IY1] = y1; p[IX2] = 0; p[IY2] = R2; p[IAL] = (y1 - R2) / R1;
    v[IY1] = v1; v[IX2] = 0; v[IY2] = 0;  v[IAL] = v1 / R1;
    cd_lambda(fr, v1, lam);
    return 0;
}

static const db_scenario_spec cd_scenarios[] = {
    { "default", "MEXX (5.5): load released from rest at y1 = 0, t in [0, 4]" },
};

static const db_param_spec cd_params[] = {
    { "mu", 0.25, 0.0, 1.5, 0, "dry friction coefficient of the drum bearing (MEXX Table 5.1); "
      "singular at 1.1" },
};

static int cd_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    if (sc != 0) {
        if (err && errlen) snprintf(err, errlen, "cable_drum: no scenario %d", sc);
        return 1;
    }
    if (!(fabs(cd_D(par[0])) >= 1e-8)) {
        if (err && errlen)
            snprintf(err, errlen, "cable_drum: mu = %g makes the problem singular "
                     "(I2 + m1 r1^2 - m1 r1 r2 mu = 0 at mu = 1.1)", par[0]);
        return 1;
    }
    memset(m, 0, sizeof *m);
    m->np = NP; m->nv = NP; m->nl = NL; m->nm = 0;
    m->t0 = 0.0;
    m->tend = 4.0;
    m->flags = DB_MASS_CONST | DB_F_LAMBDA | DB_NONSMOOTH;
    m->par = par;
    m->scenario = sc;
    m->mass = cd_mass;
    m->force = cd_force;
    m->g = cd_g;
    m->G = cd_G;
    m->kappa_g = cd_kappa_g;
    m->force_jac = cd_force_jac;
    m->Gw_p = cd_Gw_p;
    m->GTl_p = cd_GTl_p;
    m->kappa_g_jac = cd_kappa_g_jac;
    m->init = cd_init;
    m->nswitch = 1;
    m->switching = cd_switching;
    return 0;
}

const db_problem db_problem_cable_drum = {
    .name = "cable_drum",
    .title = "cable drum with dry friction in the bearing (MEXX 5.1), f depends on lambda",
    .source = "MEXX report (Lubich, Nowak, Poehle, Engstler) section 5.1, eqs. (5.1)-(5.5)",
    .scenarios = cd_scenarios,
    .nscenarios = 1,
    .params = cd_params,
    .nparams = 1,
    .setup = cd_setup,
    .teardown = NULL,
    .exact = cd_exact,
};
