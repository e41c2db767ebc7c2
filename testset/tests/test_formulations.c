/* test_formulations.c — the generic builder (testset/formulation.c) of the six
 * formulations (dae.h, ../shared/models/formulations.md §2):
 *  - pendulum: dimensions, E y' − F(t, y) = 0 on the exact solution for every
 *    formulation, the acceleration row against the sheet's formula (13e), ∂F/∂y
 *    against central differences of F;
 *  - a synthetic 3-coordinate system defined here, with a rheonomic holonomic
 *    constraint, a nonholonomic constraint with h(t,p), a position-dependent (or
 *    constant, or singular) mass matrix and a force depending on v, λ and μ:
 *    consistent initial values solved here by Newton, the residual of (y0, yp0) in
 *    every formulation, ∂F/∂y against FD of F with analytic derivative callbacks
 *    and with all of them NULL (the builder's FD fallback), db_mech_fdcheck,
 *    db_dae_residual and db_mech_residuals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testset/dae.h"
#include "testset/dense.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

/* ---- the synthetic system ------------------------------------------------
 *   M(p) = [[1+y², 0, 0.3x], [0, 2+sin x, 0], [0.3x, 0, 1.5]]   (variant 0)
 *   M    = [[1.5, 0, 0.1], [0, 2.2, 0], [0.1, 0, 1.5]]           (variant 1, constant)
 *   M    = diag(1, 1, 0)                                          (variant 2, singular)
 *   f = (−K x − C v1 + 0.1 λ², −GR − D v2 v3, sin t − 0.2 μ v3 + 0.5 λ x)
 *   g = x² + y² + 0.5 z² − 1 − 0.1 x sin 2t            G = [2x − 0.1 sin 2t, 2y, z]
 *   H = [z, 1, x],  h = 0.3 y cos t
 */
#define SK 3.0
#define SC 0.4
#define SGR 9.81
#define SD 0.7

static int variant;

static void s_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)m;
    (void)t;
    if (variant == 0) {
        M[0] = 1 + p[1] * p[1];
        M[4] = 2 + sin(p[0]);
        M[8] = 1.5;
        M[2] = M[6] = 0.3 * p[0];
    } else if (variant == 1) {
        M[0] = 1.5;
        M[4] = 2.2;
        M[8] = 1.5;
        M[2] = M[6] = 0.1;
    } else {
        M[0] = 1;
        M[4] = 1;
    }
}

static void s_Mw_p(const db_mech *m, double t, const double *p, const double *w, double *o)
{
    (void)m;
    (void)t;
    if (variant != 0)
        return;
    o[0 + 0 * 3] = 0.3 * w[2];
    o[0 + 1 * 3] = 2 * p[1] * w[0];
    o[1 + 0 * 3] = cos(p[0]) * w[1];
    o[2 + 0 * 3] = 0.3 * w[0];
}

static void s_force(const db_mech *m, double t, const double *p, const double *v,
                    const double *l, const double *mu, double *f)
{
    (void)m;
    f[0] = -SK * p[0] - SC * v[0] + 0.1 * l[0] * l[0];
    f[1] = -SGR - SD * v[1] * v[2];
    f[2] = sin(t) - 0.2 * mu[0] * v[2] + 0.5 * l[0] * p[0];
}

static void s_force_jac(const db_mech *m, double t, const double *p, const double *v,
                        const double *l, const double *mu, double *fp, double *fv, double *fl,
                        double *fm)
{
    (void)m;
    (void)t;
    fp[0] = -SK;
    fp[2] = 0.5 * l[0];
    fv[0] = -SC;
    fv[1 + 1 * 3] = -SD * v[2];
    fv[1 + 2 * 3] = -SD * v[1];
    fv[2 + 2 * 3] = -0.2 * mu[0];
    fl[0] = 0.2 * l[0];
    fl[2] = 0.5 * p[0];
    fm[2] = -0.2 * v[2];
}

static void s_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)m;
    g[0] = p[0] * p[0] + p[1] * p[1] + 0.5 * p[2] * p[2] - 1 - 0.1 * p[0] * sin(2 * t);
}

static void s_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)m;
    G[0] = 2 * p[0] - 0.1 * sin(2 * t);
    G[1] = 2 * p[1];
    G[2] = p[2];
}

static void s_g_t(const db_mech *m, double t, const double *p, double *gt)
{
    (void)m;
    gt[0] = -0.2 * p[0] * cos(2 * t);
}

static void s_kappa_g(const db_mech *m, double t, const double *p, const double *v, double *k)
{
    (void)m;
    k[0] = 2 * v[0] * v[0] + 2 * v[1] * v[1] + v[2] * v[2] - 0.4 * cos(2 * t) * v[0] +
           0.4 * p[0] * sin(2 * t);
}

static void s_Gw_p(const db_mech *m, double t, const double *p, const double *w, double *o)
{
    (void)m;
    (void)t;
    (void)p;
    o[0] = 2 * w[0];
    o[1] = 2 * w[1];
    o[2] = w[2];
}

static void s_GTl_p(const db_mech *m, double t, const double *p, const double *l, double *o)
{
    (void)m;
    (void)t;
    (void)p;
    o[0] = 2 * l[0];
    o[4] = 2 * l[0];
    o[8] = l[0];
}

static void s_g_tp(const db_mech *m, double t, const double *p, double *o)
{
    (void)m;
    (void)p;
    o[0] = -0.2 * cos(2 * t);
}

static void s_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                          double *kp, double *kv)
{
    (void)m;
    (void)p;
    kp[0] = 0.4 * sin(2 * t);
    kv[0] = 4 * v[0] - 0.4 * cos(2 * t);
    kv[1] = 4 * v[1];
    kv[2] = 2 * v[2];
}

static void s_H(const db_mech *m, double t, const double *p, double *H)
{
    (void)m;
    (void)t;
    H[0] = p[2];
    H[1] = 1;
    H[2] = p[0];
}

static void s_h(const db_mech *m, double t, const double *p, double *h)
{
    (void)m;
    h[0] = 0.3 * p[1] * cos(t);
}

static void s_kappa_h(const db_mech *m, double t, const double *p, const double *v, double *k)
{
    (void)m;
    k[0] = 2 * v[0] * v[2] + 0.3 * cos(t) * v[1] - 0.3 * p[1] * sin(t);
}

static void s_Hw_p(const db_mech *m, double t, const double *p, const double *w, double *o)
{
    (void)m;
    (void)t;
    (void)p;
    o[0] = w[2];
    o[2] = w[0];
}

static void s_HTu_p(const db_mech *m, double t, const double *p, const double *u, double *o)
{
    (void)m;
    (void)t;
    (void)p;
    o[0 + 2 * 3] = u[0];
    o[2 + 0 * 3] = u[0];
}

static void s_h_p(const db_mech *m, double t, const double *p, double *o)
{
    (void)m;
    (void)p;
    o[1] = 0.3 * cos(t);
}

static void s_kappa_h_jac(const db_mech *m, double t, const double *p, const double *v,
                          double *kp, double *kv)
{
    (void)m;
    (void)p;
    kp[1] = -0.3 * sin(t);
    kv[0] = 2 * v[2];
    kv[1] = 0.3 * cos(t);
    kv[2] = 2 * v[0];
}

/* residual of the saddle system for z = (a, λ, μ) at the initial state */
static void s_saddle(const db_mech *m, const double *p, const double *v, const double *z,
                     double *r)
{
    double M[9] = { 0 }, f[3] = { 0 }, G[3] = { 0 }, H[3] = { 0 }, k[1] = { 0 }, kh[1] = { 0 };
    s_mass(m, 0, p, M);
    s_force(m, 0, p, v, z + 3, z + 4, f);
    s_G(m, 0, p, G);
    s_H(m, 0, p, H);
    s_kappa_g(m, 0, p, v, k);
    s_kappa_h(m, 0, p, v, kh);
    for (int i = 0; i < 3; i++) {
        r[i] = -f[i] + G[i] * z[3] + H[i] * z[4];
        for (int j = 0; j < 3; j++)
            r[i] += M[i + 3 * j] * z[j];
    }
    r[3] = k[0] + G[0] * z[0] + G[1] * z[1] + G[2] * z[2];
    r[4] = kh[0] + H[0] * z[0] + H[1] * z[1] + H[2] * z[2];
}

/* p = (0.6, 0.8, 0) on g = 0 at t = 0; v with G v + g_t = 0 and H v + h = 0;
 * (a, λ, μ) by Newton on the saddle system (f depends on λ, μ) */
static void s_init(const db_mech *m, double *p, double *v, double *l, double *mu, double *a)
{
    p[0] = 0.6;
    p[1] = 0.8;
    p[2] = 0.0;
    v[0] = 0.1;
    v[1] = 0.0;
    v[2] = -0.4;
    double z[5] = { 0, 0, 0, 1, 0 }, r[5], J[25], rp[5];
    int piv[5];
    for (int it = 0; it < 30; it++) {
        s_saddle(m, p, v, z, r);
        for (int j = 0; j < 5; j++) {
            double zj = z[j], h = 1e-7;
            z[j] = zj + h;
            s_saddle(m, p, v, z, rp);
            z[j] = zj;
            for (int i = 0; i < 5; i++)
                J[i + 5 * j] = (rp[i] - r[i]) / h;
        }
        if (db_dense_lu(5, J, piv))
            break;
        db_dense_lu_solve(5, J, piv, r);
        for (int i = 0; i < 5; i++)
            z[i] -= r[i];
    }
    memcpy(a, z, 3 * sizeof *a);
    l[0] = z[3];
    mu[0] = z[4];
}

static void s_setup(db_mech *m, int analytic)
{
    *m = (db_mech){ 0 };
    m->np = m->nv = 3;
    m->nl = m->nm = 1;
    m->t0 = 0.0;
    m->tend = 1.0;
    m->flags = DB_F_LAMBDA | DB_RHEONOMIC;
    if (variant >= 1)
        m->flags |= DB_MASS_CONST;
    if (variant == 2)
        m->flags |= DB_MASS_SINGULAR;
    m->mass = s_mass;
    m->force = s_force;
    m->g = s_g;
    m->G = s_G;
    m->g_t = s_g_t;
    m->kappa_g = s_kappa_g;
    m->H = s_H;
    m->h = s_h;
    m->kappa_h = s_kappa_h;
    m->init = s_init;
    if (analytic) {
        m->Mw_p = s_Mw_p;
        m->force_jac = s_force_jac;
        m->Gw_p = s_Gw_p;
        m->GTl_p = s_GTl_p;
        m->g_tp = s_g_tp;
        m->kappa_g_jac = s_kappa_g_jac;
        m->Hw_p = s_Hw_p;
        m->HTu_p = s_HTu_p;
        m->h_p = s_h_p;
        m->kappa_h_jac = s_kappa_h_jac;
    }
}

/* ---- generic checks ------------------------------------------------------- */

/* max |J − J_fd| / max(1, |J_fd|) at (t, y) */
static double jac_error(const db_dae *d, double t, const double *y)
{
    int n = d->n, neq = d->neq;
    double *J = calloc((size_t)neq * n, sizeof *J), *yy = malloc((size_t)n * sizeof *yy);
    double *F1 = malloc((size_t)neq * sizeof *F1), *F2 = malloc((size_t)neq * sizeof *F2);
    memcpy(yy, y, (size_t)n * sizeof *yy);
    double err = 0;
    if (d->jac(d, t, y, J))
        err = INFINITY;
    for (int j = 0; j < n; j++) {
        double h = 1e-6 * fmax(1.0, fabs(y[j]));
        yy[j] = y[j] + h;
        d->rhs(d, t, yy, F1);
        yy[j] = y[j] - h;
        d->rhs(d, t, yy, F2);
        yy[j] = y[j];
        for (int i = 0; i < neq; i++) {
            double fd = (F1[i] - F2[i]) / (2 * h);
            err = fmax(err, fabs(J[i + (size_t)j * neq] - fd) / fmax(1.0, fabs(fd)));
        }
    }
    free(J);
    free(yy);
    free(F1);
    free(F2);
    return err;
}

static void expected_dims(const db_mech *m, db_form f, int has_a, int *n, int *neq)
{
    int nl = m->nl, nm = m->nm, nc = 0;
    switch (f) {
    case DB_EOM: case DB_EOM1: case DB_EOM0: nc = nl + nm; break;
    case DB_GGL: case DB_OEOM1: nc = 2 * nl + nm; break;
    case DB_OEOM0: nc = 3 * nl + 2 * nm; break;
    default: break;
    }
    int base = m->np + m->nv + (has_a ? m->nv : 0);
    *n = base + nl + nm + (f == DB_GGL ? nl : 0);
    *neq = base + nc;
}

/* structure: dims, offsets, index, row kinds, E */
static void check_structure(const db_dae *d, const db_mech *m, db_form f, int has_a,
                            const char *what)
{
    int n, neq;
    expected_dims(m, f, has_a, &n, &neq);
    CHECK(d->n == n && d->neq == neq, "%s %s: n=%d neq=%d, want %d %d", what, db_form_name(f),
          d->n, d->neq, n, neq);
    CHECK(d->off_p == 0 && d->off_v == m->np &&
              d->off_a == (has_a ? 2 * m->np : -1) &&
              d->off_l == (m->nl ? m->np + m->nv + (has_a ? m->nv : 0) : -1),
          "%s %s: offsets", what, db_form_name(f));
    CHECK(d->off_eta == (f == DB_GGL && m->nl ? d->n - m->nl : -1), "%s %s: eta offset", what,
          db_form_name(f));
    /* index table of the brief */
    int want_l = f == DB_EOM ? 3 : (f == DB_EOM1 || f == DB_GGL) ? 2 : 1;
    int want_v = f == DB_EOM ? 2 : 1;
    int want_m = (f == DB_EOM || f == DB_EOM1 || f == DB_GGL) ? 2 : 1;
    int ok = 1;
    for (int i = 0; i < m->np; i++)
        ok &= d->index[i] == 1 && d->index[d->off_v + i] == want_v;
    if (has_a)
        for (int i = 0; i < m->nv; i++)
            ok &= d->index[d->off_a + i] == (f == DB_EOM ? 3 : want_l);
    if (m->nl)
        ok &= d->index[d->off_l] == want_l;
    if (m->nm)
        ok &= d->index[d->off_m] == want_m;
    if (d->off_eta >= 0)
        ok &= d->index[d->off_eta] == 2;
    CHECK(ok, "%s %s: index", what, db_form_name(f));
    /* row kinds: the differential rows are exactly the non-zero rows of E */
    int nd = 0, npos = 0, nvel = 0, nacc = 0, nalg = 0, eok = 1;
    for (int i = 0; i < d->neq; i++) {
        double rs = 0;
        for (int j = 0; j < d->n; j++)
            rs += fabs(d->E[i + (size_t)j * d->neq]);
        int k = d->row_kind[i];
        nd += k == DB_ROW_DIFF;
        nalg += k == DB_ROW_ALG;
        npos += k == DB_ROW_POS;
        nvel += k == DB_ROW_VEL;
        nacc += k == DB_ROW_ACC;
        eok &= (k == DB_ROW_DIFF) == (rs > 0);
    }
    int wpos = (f == DB_EOM || f == DB_GGL || f == DB_OEOM1 || f == DB_OEOM0) ? m->nl : 0;
    int wvel = (f == DB_EOM ? 0 : f == DB_EOM0 ? 0 : m->nl) * (f != DB_EOM0) +
               (f == DB_EOM0 ? 0 : m->nm);
    int wacc = f == DB_EOM0 ? m->nl + m->nm : f == DB_OEOM0 ? m->nl + m->nm : 0;
    CHECK(nd == m->np + m->nv && nalg == (has_a ? m->nv : 0) && npos == wpos &&
              nvel == wvel && nacc == wacc && eok,
          "%s %s: row kinds diff %d alg %d pos %d vel %d acc %d (E %d)", what, db_form_name(f),
          nd, nalg, npos, nvel, nacc, eok);
}

int main(void)
{
    char err[256];
    CHECK(db_form_from_name("GGL") == DB_GGL && db_form_from_name("oEoM0") == DB_OEOM0 &&
              db_form_from_name("eom") == -1,
          "form names");
    for (int f = 0; f < DB_NFORMS; f++)
        CHECK(db_form_from_name(db_form_name(f)) == f, "name round trip %d", f);

    /* ---- pendulum ---- */
    const db_problem *pr = db_problem_find("pendulum");
    double pars[3];
    db_mech pm;
    CHECK(pr && db_mech_setup_default(pr, 0, &pm, pars) == 0, "pendulum setup");
    if (!pr)
        return check_summary();
    for (int f = 0; f < DB_NFORMS; f++) {
        db_dae d;
        int rc = db_dae_build(&d, &pm, f, err, sizeof err);
        CHECK(rc == 0, "build pendulum %s: %s", db_form_name(f), err);
        if (rc)
            continue;
        check_structure(&d, &pm, f, 0, "pendulum");
        /* E = diag(I, M, 0) */
        CHECK(d.E[2 + 2 * d.neq] == pars[1] && d.E[0] == 1.0, "pendulum E");
        double y[8] = { 0 }, yp[8] = { 0 }, R[8], worst = 0, wj = 0;
        /* the exact solution satisfies E y' = F(t, y) */
        for (int i = 0; i <= 10; i++) {
            double t = 0.47 * i, mu[1];
            pr->exact(&pm, t, y, y + 2, y + 4, mu);
            if (f == DB_GGL)
                y[5] = 0.0;
            yp[0] = y[2];
            yp[1] = y[3];
            yp[2] = -2 * y[0] * y[4] / pars[1];
            yp[3] = -pars[0] - 2 * y[1] * y[4] / pars[1];
            CHECK(db_dae_residual(&d, t, y, yp, R) == 0, "residual status");
            for (int k = 0; k < d.neq; k++)
                worst = fmax(worst, fabs(R[k]));
            wj = fmax(wj, jac_error(&d, t, y));
        }
        CHECK(worst < 1e-13, "pendulum %s: |E y' - F| on the exact solution %.3e",
              db_form_name(f), worst);
        /* consistent (y0, yp0) */
        db_dae_residual(&d, d.t0, d.y0, d.yp0, R);
        double r0 = 0;
        for (int k = 0; k < d.neq; k++)
            r0 = fmax(r0, fabs(R[k]));
        CHECK(r0 < 1e-13, "pendulum %s: residual of (y0, yp0) %.3e", db_form_name(f), r0);
        /* off the manifold, and the acceleration row against (13e) */
        double yo[6] = { 0.37, 1.9, -3.1, 0.8, -2.5, 0.3 }, F[8];
        wj = fmax(wj, jac_error(&d, 0.3, yo));
        CHECK(wj < 1e-7, "pendulum %s: jac vs FD %.3e", db_form_name(f), wj);
        d.rhs(&d, 0.3, yo, F);
        double g = pars[0], ms = pars[1];
        double acc = 2 * yo[2] * yo[2] + 2 * yo[3] * yo[3] - 2 * yo[1] * g -
                     4 / ms * (yo[0] * yo[0] + yo[1] * yo[1]) * yo[4];
        double pos = yo[0] * yo[0] + yo[1] * yo[1] - 1, vel = 2 * yo[0] * yo[2] + 2 * yo[1] * yo[3];
        double want[3][3] = { { pos }, { vel }, { acc } };
        int nw = 1;
        if (f == DB_EOM1)
            want[0][0] = vel;
        else if (f == DB_EOM0)
            want[0][0] = acc;
        else if (f == DB_GGL || f == DB_OEOM1) {
            want[0][1] = vel;
            nw = 2;
        } else if (f == DB_OEOM0) {
            want[0][1] = vel;
            want[0][2] = acc;
            nw = 3;
        }
        double e = 0;
        for (int k = 0; k < nw; k++)
            e = fmax(e, fabs(F[4 + k] - want[0][k]) / fmax(1, fabs(want[0][k])));
        /* p rows (GGL: v − Gᵀη) and v rows f − Gᵀλ */
        double eta = f == DB_GGL ? yo[5] : 0.0;
        e = fmax(e, fabs(F[0] - (yo[2] - 2 * yo[0] * eta)));
        e = fmax(e, fabs(F[1] - (yo[3] - 2 * yo[1] * eta)));
        e = fmax(e, fabs(F[2] - (-2 * yo[0] * yo[4])));
        e = fmax(e, fabs(F[3] - (-ms * g - 2 * yo[1] * yo[4])));
        CHECK(e < 1e-13, "pendulum %s: F against the sheet's formulas %.3e", db_form_name(f), e);
        printf("pendulum %-5s n %d neq %d |Ey'-F| %.1e jac %.1e\n", db_form_name(f), d.n, d.neq,
               worst, wj);
        db_dae_free(&d);
    }
    /* db_mech_residuals on and off the manifold */
    {
        double p[2] = { 0.37, 1.9 }, v[2] = { -3.1, 0.8 }, l[1] = { -2.5 }, res[3];
        db_mech_residuals(&pm, 0.0, p, v, l, NULL, NULL, res);
        double acc = 2 * v[0] * v[0] + 2 * v[1] * v[1] - 2 * p[1] * pars[0] -
                     4 * (p[0] * p[0] + p[1] * p[1]) * l[0];
        CHECK(fabs(res[0] - (p[0] * p[0] + p[1] * p[1] - 1)) < 1e-14 &&
                  fabs(res[1] - fabs(2 * p[0] * v[0] + 2 * p[1] * v[1])) < 1e-14 &&
                  fabs(res[2] - fabs(acc)) < 1e-12,
              "db_mech_residuals pendulum off-manifold");
        double a[2] = { 1.0, 2.0 };
        db_mech_residuals(&pm, 0.0, p, v, l, NULL, a, res);
        CHECK(fabs(res[2] - fabs(2 * p[0] + 4 * p[1] + 2 * (v[0] * v[0] + v[1] * v[1]))) < 1e-13,
              "db_mech_residuals with a");
    }

    /* ---- synthetic system: every branch ---- */
    for (variant = 0; variant < 3; variant++) {
        int has_a = variant != 1;
        for (int analytic = 1; analytic >= 0; analytic--) {
            db_mech m;
            s_setup(&m, analytic);
            char what[64];
            snprintf(what, sizeof what, "synthetic v%d %s", variant, analytic ? "analytic" : "FD");
            /* consistent initial values and derivative checks */
            double res6[6];
            double ri = db_mech_init_check(&m, res6);
            CHECK(ri < 1e-12, "%s: init check %.3e", what, ri);
            double p[3], v[3], l[1], mu[1], a[3];
            m.init(&m, p, v, l, mu, a);
            if (analytic) {
                double e1 = db_mech_fdcheck(&m, 0.0, p, v, l, mu, variant == 0 ? stdout : NULL);
                const double po[3] = { 0.3, -0.7, 1.1 }, vo[3] = { 1.2, -0.4, 0.9 };
                const double lo[1] = { 2.1 }, mo[1] = { -1.3 };
                double e2 = db_mech_fdcheck(&m, 0.83, po, vo, lo, mo, NULL);
                CHECK(e1 < 1e-8 && e2 < 1e-8, "%s: fdcheck %.3e %.3e", what, e1, e2);
            }
            double res[3];
            db_mech_residuals(&m, 0.0, p, v, l, mu, a, res);
            CHECK(res[0] < 1e-15 && res[1] < 1e-15 && res[2] < 1e-12,
                  "%s: db_mech_residuals at init %.2e %.2e %.2e", what, res[0], res[1], res[2]);
            db_mech_residuals(&m, 0.0, p, v, l, mu, NULL, res);
            if (variant == 2)
                CHECK(isnan(res[2]), "%s: singular M without a gives NaN", what);
            else
                CHECK(res[2] < 1e-12, "%s: residuals with M^-1 %.2e", what, res[2]);
            for (int f = 0; f < DB_NFORMS; f++) {
                db_dae d;
                int rc = db_dae_build(&d, &m, f, err, sizeof err);
                CHECK(rc == 0, "build %s %s: %s", what, db_form_name(f), err);
                if (rc)
                    continue;
                check_structure(&d, &m, f, has_a, what);
                double R[16], r0 = 0;
                db_dae_residual(&d, d.t0, d.y0, d.yp0, R);
                for (int k = 0; k < d.neq; k++)
                    r0 = fmax(r0, fabs(R[k]));
                CHECK(r0 < 1e-12, "%s %s: residual of (y0, yp0) %.3e", what, db_form_name(f), r0);
                double ye[16];
                for (int k = 0; k < d.n; k++)
                    ye[k] = d.y0[k] + 0.2 * sin(1.7 * k + 0.4);
                double e = fmax(jac_error(&d, 0.0, d.y0), jac_error(&d, 0.61, ye));
                CHECK(e < 1e-7, "%s %s: jac vs FD %.3e", what, db_form_name(f), e);
                /* F (the lean dense path) has the bits of the reference evaluation:
                 * every block kind (H, κ, accelerations, M⁻¹) occurs in some variant */
                {
                    double Fl[16], Fr[16];
                    int rl = d.rhs(&d, 0.61, ye, Fl), rr = db_dae_rhs_reference(&d, 0.61, ye, Fr);
                    CHECK(rl == 0 && rr == 0 && memcmp(Fl, Fr, sizeof(double) * (size_t)d.neq) == 0,
                          "%s %s: rhs equals the reference bit for bit", what, db_form_name(f));
                }
                /* the residual form is E yp − F */
                double yp[16], F[16];
                for (int k = 0; k < d.n; k++)
                    yp[k] = cos(0.9 * k);
                db_dae_residual(&d, 0.61, ye, yp, R);
                d.rhs(&d, 0.61, ye, F);
                double er = 0;
                for (int i = 0; i < d.neq; i++) {
                    double s = -F[i];
                    for (int j = 0; j < d.n; j++)
                        s += d.E[i + (size_t)j * d.neq] * yp[j];
                    er = fmax(er, fabs(R[i] - s));
                }
                CHECK(er < 1e-14, "%s %s: db_dae_residual = E yp - F", what, db_form_name(f));
                if (f == DB_OEOM0)
                    printf("%s: n %d neq %d, residual(y0) %.1e, jac %.1e\n", what, d.n,
                           d.neq, r0, e);
                db_dae_free(&d);
            }
        }
    }
    /* a constant mass matrix that is singular but not flagged is refused */
    {
        db_mech m;
        variant = 2;
        s_setup(&m, 1);
        m.flags &= ~(unsigned)DB_MASS_SINGULAR;
        db_dae d;
        CHECK(db_dae_build(&d, &m, DB_EOM, err, sizeof err) != 0, "singular M unflagged");
    }
    return check_summary();
}
