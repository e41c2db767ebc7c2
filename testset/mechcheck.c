/* mechcheck.c — derivative and consistency checks of a mechanical system (see
 * mechcheck.h): every analytic derivative callback against central finite
 * differences (mechfd.c), κ_g and κ_h against d/dt of the velocity-level
 * constraints along p' = v, v' = a (formulations.md §1), and the residuals of the
 * initial values on every level. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mechcheck.h"
#include "mechfd.h"

static int imax(int a, int b) { return a > b ? a : b; }

/* max |A − B| / max(1, |B|) */
static double cmp(const double *A, const double *B, int n)
{
    double e = 0;
    for (int i = 0; i < n; i++) {
        double d = fabs(A[i] - B[i]) / fmax(1.0, fabs(B[i]));
        if (!(d <= e))
            e = d;
    }
    return e;
}

static void report(FILE *log, const char *name, int present, double err, double *worst)
{
    if (!present) {
        if (log)
            fprintf(log, "  %-12s absent\n", name);
        return;
    }
    if (log)
        fprintf(log, "  %-12s max rel. error vs FD %.2e\n", name, err);
    if (!(err <= *worst))
        *worst = err;
}

static void zero(double *x, int n)
{
    if (n > 0)
        memset(x, 0, (size_t)n * sizeof *x);
}

typedef void (*mat_fn)(const db_mech *m, double t, const double *p, double *out);
typedef void (*kappa_fn)(const db_mech *m, double t, const double *p, const double *v,
                         double *out);

/* c = C(t,p) v + c_t(t,p): level 0 G v + g_t (nl; G nl×np), level 1 H v + h (nm;
 * H nm×nv); Cm is scratch for C and holds it on return */
static void vel(const db_mech *m, int level, double t, const double *p, const double *v,
                double *Cm, double *c)
{
    const int n = level ? m->nm : m->nl, nc = level ? m->nv : m->np;
    mat_fn C = level ? m->H : m->G, ct = level ? m->h : m->g_t;
    zero(Cm, n * nc);
    zero(c, n);
    C(m, t, p, Cm);
    if (ct)
        ct(m, t, p, c);
    for (int j = 0; j < nc; j++)
        for (int i = 0; i < n; i++)
            c[i] += Cm[i + (size_t)j * n] * v[j];
}

/* κ_g = d/ds (G v + g_t)(t+s, p+s v, v+s a) − G a (level 0; G nl×np) or
 * κ_h = d/ds (H v + h)(t+s, p+s v, v+s a) − H a (level 1; H nm×nv) by central
 * differences in s, compared with the kappa callback; scratch Cm, d [n×nc],
 * ps, vs, c1, c2, k [nmax] */
static double kappa_err(const db_mech *m, int level, double t, const double *p, const double *v,
                        const double *a, double *Cm, double *d, double *ps, double *vs,
                        double *c1, double *c2, double *k)
{
    const int n = level ? m->nm : m->nl, nc = level ? m->nv : m->np;
    mat_fn C = level ? m->H : m->G;
    kappa_fn kappa = level ? m->kappa_h : m->kappa_g;
    double h = cbrt(DBL_EPSILON);
    for (int sgn = 0; sgn < 2; sgn++) {
        double s = sgn ? -h : h, *c = sgn ? c2 : c1;
        for (int i = 0; i < m->np; i++)
            ps[i] = p[i] + s * v[i];
        for (int i = 0; i < m->nv; i++)
            vs[i] = v[i] + s * a[i];
        vel(m, level, t + s, ps, vs, Cm, c);
    }
    zero(Cm, n * nc);
    C(m, t, p, Cm);
    for (int i = 0; i < n; i++) {
        double ca = 0;
        for (int j = 0; j < nc; j++)
            ca += Cm[i + (size_t)j * n] * a[j];
        d[i] = (c1[i] - c2[i]) / (2.0 * h) - ca;
    }
    zero(k, n);
    kappa(m, t, p, v, k);
    return cmp(k, d, n);
}

/* the derivative callbacks from..to-1 (mechfd.h) against finite differences, into A
 * and B; w, l, u are the vectors Mw_p, Gw_p, Hw_p, GTl_p and HTu_p are taken of */
static void check_kinds(db_mechfd *fd, int from, int to, double t, const double *p,
                        const double *v, const double *lam, const double *mu, const double *w,
                        const double *l, const double *u, double *A[4], double *B[4],
                        FILE *log, double *worst)
{
    for (int k = from; k < to; k++) {
        const char *name = db_mechd_name(k);
        if (!db_mechd_present(fd->m, k)) {
            report(log, name, 0, 0, worst);
            continue;
        }
        const double *x = k == DB_MECHD_GTL_P ? l : k == DB_MECHD_HTU_P ? u : w;
        int r[4], c[4], nb = db_mechd_blocks(fd->m, k, r, c);
        db_mechd_eval(fd, k, 1, t, p, v, lam, mu, x, A);
        db_mechd_eval(fd, k, 0, t, p, v, lam, mu, x, B);
        double e = cmp(A[0], B[0], r[0] * c[0]);
        for (int b = 1; b < nb; b++)
            e = fmax(e, cmp(A[b], B[b], r[b] * c[b]));
        report(log, name, 1, e, worst);
    }
}

double db_mech_fdcheck(const db_mech *m, double t, const double *p, const double *v,
                       const double *lam, const double *mu, FILE *log)
{
    const int np = m->np, nv = m->nv, nl = m->nl, nm = m->nm;
    const int nmax = imax(imax(imax(np, nv), imax(nl, nm)), 1);
    const size_t sq = (size_t)nmax * nmax;
    db_mechfd fd;
    if (db_mechfd_init(&fd, m))
        return INFINITY;
    double *A[4], *B[4];
    for (int i = 0; i < 4; i++) {
        A[i] = calloc(sq, sizeof(double));
        B[i] = calloc(sq, sizeof(double));
    }
    double *w = calloc((size_t)nmax, sizeof(double)), *l = calloc((size_t)nmax, sizeof(double));
    double *u = calloc((size_t)nmax, sizeof(double)), *a = calloc((size_t)nmax, sizeof(double));
    double *ps = calloc((size_t)nmax, sizeof(double)), *vs = calloc((size_t)nmax, sizeof(double));
    double *c1 = calloc((size_t)nmax, sizeof(double)), *c2 = calloc((size_t)nmax, sizeof(double));
    double *k = calloc((size_t)nmax, sizeof(double));
    double worst = 0.0;
    int ok = w && l && u && a && ps && vs && c1 && c2 && k;
    for (int i = 0; i < 4; i++)
        ok = ok && A[i] && B[i];
    if (!ok) {
        worst = INFINITY;
        goto done;
    }
    /* deterministic directions of order one */
    for (int i = 0; i < nmax; i++) {
        w[i] = sin(1.7 * i + 0.3) + 0.5;
        l[i] = cos(2.3 * i + 0.1) - 0.25;
        u[i] = sin(0.9 * i + 1.1) * 1.5;
        a[i] = cos(1.3 * i + 0.7) * 2.0;
    }
    if (log)
        fprintf(log, "derivative check at t = %g (np %d, nl %d, nm %d)\n", t, np, nl, nm);

    if (nl) {
        zero(A[0], nl * np);
        m->G(m, t, p, A[0]);
        db_mechfd_G(&fd, t, p, B[0]);
        report(log, "G", 1, cmp(A[0], B[0], nl * np), &worst);
    }
    check_kinds(&fd, DB_MECHD_MW_P, DB_MECHD_GW_P, t, p, v, lam, mu, w, l, u, A, B, log, &worst);
    if (nl) {
        check_kinds(&fd, DB_MECHD_GW_P, DB_MECHD_HW_P, t, p, v, lam, mu, w, l, u, A, B, log,
                    &worst);
        /* g_t against ∂g/∂t */
        if (m->g_t) {
            double h = db_mechfd_step(t);
            volatile double tp = t + h, tm = t - h;
            zero(c1, nl);
            zero(c2, nl);
            m->g(m, tp, p, c1);
            m->g(m, tm, p, c2);
            for (int i = 0; i < nl; i++)
                B[0][i] = (c1[i] - c2[i]) / (tp - tm);
            zero(A[0], nl);
            m->g_t(m, t, p, A[0]);
            report(log, "g_t", 1, cmp(A[0], B[0], nl), &worst);
        }
        report(log, "kappa_g", 1, kappa_err(m, 0, t, p, v, a, A[0], B[0], ps, vs, c1, c2, k),
               &worst);
    }
    if (nm) {
        check_kinds(&fd, DB_MECHD_HW_P, DB_MECHD_COUNT, t, p, v, lam, mu, w, l, u, A, B, log,
                    &worst);
        report(log, "kappa_h", 1, kappa_err(m, 1, t, p, v, a, A[0], B[0], ps, vs, c1, c2, k),
               &worst);
    }
done:
    for (int i = 0; i < 4; i++) {
        free(A[i]);
        free(B[i]);
    }
    free(w);
    free(l);
    free(u);
    free(a);
    free(ps);
    free(vs);
    free(c1);
    free(c2);
    free(k);
    db_mechfd_free(&fd);
    return worst;
}

static double maxabs(const double *x, int n)
{
    double r = 0;
    for (int i = 0; i < n; i++)
        if (!(fabs(x[i]) <= r))
            r = fabs(x[i]);
    return r;
}

double db_mech_init_check(const db_mech *m, double res[6])
{
    const int np = m->np, nv = m->nv, nl = m->nl, nm = m->nm;
    const int nmax = imax(imax(imax(np, nv), imax(nl, nm)), 1);
    for (int i = 0; i < 6; i++)
        res[i] = 0.0;
    double *p = calloc((size_t)nmax, sizeof(double)), *v = calloc((size_t)nmax, sizeof(double));
    double *lam = calloc((size_t)nmax, sizeof(double)), *mu = calloc((size_t)nmax, sizeof(double));
    double *a = calloc((size_t)nmax, sizeof(double)), *c = calloc((size_t)nmax, sizeof(double));
    double *r = calloc((size_t)nmax, sizeof(double));
    double *Mat = calloc((size_t)nmax * nmax, sizeof(double));
    double worst = 0.0;
    if (!p || !v || !lam || !mu || !a || !c || !r || !Mat) {
        worst = INFINITY;
        goto done;
    }
    m->init(m, p, v, lam, mu, a);
    double t = m->t0;
    /* force balance: M a − f + Gᵀλ + Hᵀμ */
    m->force(m, t, p, v, lam, mu, r);
    for (int i = 0; i < nv; i++)
        r[i] = -r[i];
    m->mass(m, t, p, Mat);
    for (int j = 0; j < nv; j++)
        for (int i = 0; i < nv; i++)
            r[i] += Mat[i + (size_t)j * nv] * a[j];
    if (nl) {
        zero(c, nl);
        m->g(m, t, p, c);
        res[0] = maxabs(c, nl);
        vel(m, 0, t, p, v, Mat, c);
        res[1] = maxabs(c, nl);
        /* G a + κ_g and Gᵀλ (Mat still holds G) */
        zero(c, nl);
        m->kappa_g(m, t, p, v, c);
        for (int j = 0; j < np; j++)
            for (int i = 0; i < nl; i++) {
                c[i] += Mat[i + (size_t)j * nl] * a[j];
                r[j] += Mat[i + (size_t)j * nl] * lam[i];
            }
        res[2] = maxabs(c, nl);
    }
    if (nm) {
        vel(m, 1, t, p, v, Mat, c);
        res[3] = maxabs(c, nm);
        zero(c, nm);
        m->kappa_h(m, t, p, v, c);
        for (int j = 0; j < nv; j++)
            for (int i = 0; i < nm; i++) {
                c[i] += Mat[i + (size_t)j * nm] * a[j];
                r[j] += Mat[i + (size_t)j * nm] * mu[i];
            }
        res[4] = maxabs(c, nm);
    }
    res[5] = maxabs(r, nv);
    for (int i = 0; i < 6; i++)
        if (!(res[i] <= worst))
            worst = res[i];
done:
    free(p);
    free(v);
    free(lam);
    free(mu);
    free(a);
    free(c);
    free(r);
    free(Mat);
    return worst;
}

int db_mech_setup_default(const db_problem *prob, int sc, db_mech *m, double *pars)
{
    char err[256];
    memset(m, 0, sizeof *m);
    for (int i = 0; i < prob->nparams; i++)
        pars[i] = prob->params[i].def;
    return prob->setup(m, sc, pars, err, sizeof err);
}
