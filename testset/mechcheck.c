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

/* c = G(t,p) v + g_t(t,p) (nl) using scratch Gm (nl×np) */
static void vel_g(const db_mech *m, double t, const double *p, const double *v, double *Gm,
                  double *c)
{
    zero(Gm, m->nl * m->np);
    zero(c, m->nl);
    m->G(m, t, p, Gm);
    if (m->g_t)
        m->g_t(m, t, p, c);
    for (int j = 0; j < m->np; j++)
        for (int i = 0; i < m->nl; i++)
            c[i] += Gm[i + (size_t)j * m->nl] * v[j];
}

/* c = H(t,p) v + h(t,p) (nm) using scratch Hm (nm×nv) */
static void vel_h(const db_mech *m, double t, const double *p, const double *v, double *Hm,
                  double *c)
{
    zero(Hm, m->nm * m->nv);
    zero(c, m->nm);
    m->H(m, t, p, Hm);
    if (m->h)
        m->h(m, t, p, c);
    for (int j = 0; j < m->nv; j++)
        for (int i = 0; i < m->nm; i++)
            c[i] += Hm[i + (size_t)j * m->nm] * v[j];
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
    if (m->Mw_p) {
        zero(A[0], nv * np);
        m->Mw_p(m, t, p, w, A[0]);
        db_mechfd_Mw_p(&fd, t, p, w, B[0]);
        report(log, "Mw_p", 1, cmp(A[0], B[0], nv * np), &worst);
    } else {
        report(log, "Mw_p", 0, 0, &worst);
    }
    if (m->force_jac) {
        zero(A[0], nv * np);
        zero(A[1], nv * nv);
        zero(A[2], nv * nl);
        zero(A[3], nv * nm);
        m->force_jac(m, t, p, v, lam, mu, A[0], A[1], A[2], A[3]);
        db_mechfd_force_jac(&fd, t, p, v, lam, mu, B[0], B[1], B[2], B[3]);
        double e = fmax(fmax(cmp(A[0], B[0], nv * np), cmp(A[1], B[1], nv * nv)),
                        fmax(cmp(A[2], B[2], nv * nl), cmp(A[3], B[3], nv * nm)));
        report(log, "force_jac", 1, e, &worst);
    } else {
        report(log, "force_jac", 0, 0, &worst);
    }
    if (nl) {
        if (m->Gw_p) {
            zero(A[0], nl * np);
            m->Gw_p(m, t, p, w, A[0]);
            db_mechfd_Gw_p(&fd, t, p, w, B[0]);
            report(log, "Gw_p", 1, cmp(A[0], B[0], nl * np), &worst);
        } else {
            report(log, "Gw_p", 0, 0, &worst);
        }
        if (m->GTl_p) {
            zero(A[0], np * np);
            m->GTl_p(m, t, p, l, A[0]);
            db_mechfd_GTl_p(&fd, t, p, l, B[0]);
            report(log, "GTl_p", 1, cmp(A[0], B[0], np * np), &worst);
        } else {
            report(log, "GTl_p", 0, 0, &worst);
        }
        if (m->g_tp) {
            zero(A[0], nl * np);
            m->g_tp(m, t, p, A[0]);
            db_mechfd_g_tp(&fd, t, p, B[0]);
            report(log, "g_tp", 1, cmp(A[0], B[0], nl * np), &worst);
        } else {
            report(log, "g_tp", 0, 0, &worst);
        }
        if (m->kappa_g_jac) {
            zero(A[0], nl * np);
            zero(A[1], nl * nv);
            m->kappa_g_jac(m, t, p, v, A[0], A[1]);
            db_mechfd_kappa_g_jac(&fd, t, p, v, B[0], B[1]);
            double e = fmax(cmp(A[0], B[0], nl * np), cmp(A[1], B[1], nl * nv));
            report(log, "kappa_g_jac", 1, e, &worst);
        } else {
            report(log, "kappa_g_jac", 0, 0, &worst);
        }
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
        /* κ_g = d/ds (G v + g_t)(t+s, p+s v, v+s a) − G a */
        {
            double h = cbrt(DBL_EPSILON);
            for (int sgn = 0; sgn < 2; sgn++) {
                double s = sgn ? -h : h;
                for (int i = 0; i < np; i++)
                    ps[i] = p[i] + s * v[i];
                for (int i = 0; i < nv; i++)
                    vs[i] = v[i] + s * a[i];
                vel_g(m, t + s, ps, vs, A[1], sgn ? c2 : c1);
            }
            zero(A[0], nl * np);
            m->G(m, t, p, A[0]);
            for (int i = 0; i < nl; i++) {
                double ga = 0;
                for (int j = 0; j < np; j++)
                    ga += A[0][i + (size_t)j * nl] * a[j];
                B[0][i] = (c1[i] - c2[i]) / (2.0 * h) - ga;
            }
            zero(k, nl);
            m->kappa_g(m, t, p, v, k);
            report(log, "kappa_g", 1, cmp(k, B[0], nl), &worst);
        }
    }
    if (nm) {
        if (m->Hw_p) {
            zero(A[0], nm * np);
            m->Hw_p(m, t, p, w, A[0]);
            db_mechfd_Hw_p(&fd, t, p, w, B[0]);
            report(log, "Hw_p", 1, cmp(A[0], B[0], nm * np), &worst);
        } else {
            report(log, "Hw_p", 0, 0, &worst);
        }
        if (m->HTu_p) {
            zero(A[0], nv * np);
            m->HTu_p(m, t, p, u, A[0]);
            db_mechfd_HTu_p(&fd, t, p, u, B[0]);
            report(log, "HTu_p", 1, cmp(A[0], B[0], nv * np), &worst);
        } else {
            report(log, "HTu_p", 0, 0, &worst);
        }
        if (m->h_p) {
            zero(A[0], nm * np);
            m->h_p(m, t, p, A[0]);
            db_mechfd_h_p(&fd, t, p, B[0]);
            report(log, "h_p", 1, cmp(A[0], B[0], nm * np), &worst);
        } else {
            report(log, "h_p", 0, 0, &worst);
        }
        if (m->kappa_h_jac) {
            zero(A[0], nm * np);
            zero(A[1], nm * nv);
            m->kappa_h_jac(m, t, p, v, A[0], A[1]);
            db_mechfd_kappa_h_jac(&fd, t, p, v, B[0], B[1]);
            double e = fmax(cmp(A[0], B[0], nm * np), cmp(A[1], B[1], nm * nv));
            report(log, "kappa_h_jac", 1, e, &worst);
        } else {
            report(log, "kappa_h_jac", 0, 0, &worst);
        }
        /* κ_h = d/ds (H v + h)(t+s, p+s v, v+s a) − H a */
        {
            double h = cbrt(DBL_EPSILON);
            for (int sgn = 0; sgn < 2; sgn++) {
                double s = sgn ? -h : h;
                for (int i = 0; i < np; i++)
                    ps[i] = p[i] + s * v[i];
                for (int i = 0; i < nv; i++)
                    vs[i] = v[i] + s * a[i];
                vel_h(m, t + s, ps, vs, A[1], sgn ? c2 : c1);
            }
            zero(A[0], nm * nv);
            m->H(m, t, p, A[0]);
            for (int i = 0; i < nm; i++) {
                double ha = 0;
                for (int j = 0; j < nv; j++)
                    ha += A[0][i + (size_t)j * nm] * a[j];
                B[0][i] = (c1[i] - c2[i]) / (2.0 * h) - ha;
            }
            zero(k, nm);
            m->kappa_h(m, t, p, v, k);
            report(log, "kappa_h", 1, cmp(k, B[0], nm), &worst);
        }
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
        vel_g(m, t, p, v, Mat, c);
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
        vel_h(m, t, p, v, Mat, c);
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
