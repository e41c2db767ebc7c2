/* mechfd.c — central finite differences of the callbacks of a mechanical system
 * (see mechfd.h): the builder's fallback for absent derivative callbacks and the
 * reference of the derivative checks.  Step h = cbrt(eps)·max(1,|x|), which
 * balances truncation (h²) against rounding (eps/h): about 1e-10 relative error. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mechfd.h"

static int imax(int a, int b) { return a > b ? a : b; }

int db_mechfd_init(db_mechfd *w, const db_mech *m)
{
    memset(w, 0, sizeof *w);
    w->m = m;
    int n = imax(imax(imax(m->np, m->nv), imax(m->nl, m->nm)), 1);
    w->nmax = n;
    int nmat = imax(imax(m->nv * m->nv, m->nl * m->np), imax(m->nm * m->nv, 1));
    w->p = calloc((size_t)n, sizeof *w->p);
    w->v = calloc((size_t)n, sizeof *w->v);
    w->l = calloc((size_t)n, sizeof *w->l);
    w->mu = calloc((size_t)n, sizeof *w->mu);
    w->b1 = calloc((size_t)n, sizeof *w->b1);
    w->b2 = calloc((size_t)n, sizeof *w->b2);
    w->mat = calloc((size_t)nmat, sizeof *w->mat);
    if (!w->p || !w->v || !w->l || !w->mu || !w->b1 || !w->b2 || !w->mat) {
        db_mechfd_free(w);
        return 1;
    }
    return 0;
}

void db_mechfd_free(db_mechfd *w)
{
    if (!w)
        return;
    free(w->p);
    free(w->v);
    free(w->l);
    free(w->mu);
    free(w->b1);
    free(w->b2);
    free(w->mat);
    memset(w, 0, sizeof *w);
}

double db_mechfd_step(double x)
{
    return cbrt(DBL_EPSILON) * fmax(1.0, fabs(x));
}

static void load(db_mechfd *w, const double *p, const double *v, const double *l,
                 const double *mu)
{
    const db_mech *m = w->m;
    if (p && m->np)
        memcpy(w->p, p, (size_t)m->np * sizeof *p);
    if (v && m->nv)
        memcpy(w->v, v, (size_t)m->nv * sizeof *v);
    if (l && m->nl)
        memcpy(w->l, l, (size_t)m->nl * sizeof *l);
    if (mu && m->nm)
        memcpy(w->mu, mu, (size_t)m->nm * sizeof *mu);
}

/* a vector function of the state held in w (w->p, w->v, w->l, w->mu) */
typedef void (*fd_fn)(db_mechfd *w, const double *arg, double t, double *out);

/* out (nout×nx) = ∂fn/∂x by central differences; x points into w's state copies */
static void fd_jac(db_mechfd *w, double *x, int nx, int nout, fd_fn fn, const double *arg,
                   double t, double *out)
{
    if (nout <= 0 || nx <= 0)
        return;
    for (int j = 0; j < nx; j++) {
        double xj = x[j], h = db_mechfd_step(xj);
        x[j] = xj + h;
        double hp = x[j] - xj;
        fn(w, arg, t, w->b1);
        x[j] = xj - h;
        double hm = xj - x[j];
        fn(w, arg, t, w->b2);
        x[j] = xj;
        for (int i = 0; i < nout; i++)
            out[i + (size_t)j * nout] = (w->b1[i] - w->b2[i]) / (hp + hm);
    }
}

static void zero(double *x, int n)
{
    if (n > 0)
        memset(x, 0, (size_t)n * sizeof *x);
}

/* --- the differentiated functions ---------------------------------------- */

static void fn_g(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    zero(out, w->m->nl);
    w->m->g(w->m, t, w->p, out);
}

static void fn_Mw(db_mechfd *w, const double *arg, double t, double *out)
{
    const db_mech *m = w->m;
    int nv = m->nv;
    zero(w->mat, nv * nv);
    m->mass(m, t, w->p, w->mat);
    for (int i = 0; i < nv; i++) {
        double s = 0;
        for (int j = 0; j < nv; j++)
            s += w->mat[i + (size_t)j * nv] * arg[j];
        out[i] = s;
    }
}

static void fn_force(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    zero(out, w->m->nv);
    w->m->force(w->m, t, w->p, w->v, w->l, w->mu, out);
}

/* out = A w (transpose = 0) or Aᵀ w (transpose = 1) with A = w->mat (r×c) */
static void matvec(const double *A, int r, int c, const double *x, int transpose, double *out)
{
    if (!transpose) {
        for (int i = 0; i < r; i++) {
            double s = 0;
            for (int j = 0; j < c; j++)
                s += A[i + (size_t)j * r] * x[j];
            out[i] = s;
        }
    } else {
        for (int j = 0; j < c; j++) {
            double s = 0;
            for (int i = 0; i < r; i++)
                s += A[i + (size_t)j * r] * x[i];
            out[j] = s;
        }
    }
}

static void fn_Gw(db_mechfd *w, const double *arg, double t, double *out)
{
    const db_mech *m = w->m;
    zero(w->mat, m->nl * m->np);
    m->G(m, t, w->p, w->mat);
    matvec(w->mat, m->nl, m->np, arg, 0, out);
}

static void fn_GTl(db_mechfd *w, const double *arg, double t, double *out)
{
    const db_mech *m = w->m;
    zero(w->mat, m->nl * m->np);
    m->G(m, t, w->p, w->mat);
    matvec(w->mat, m->nl, m->np, arg, 1, out);
}

static void fn_gt(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    zero(out, w->m->nl);
    if (w->m->g_t)
        w->m->g_t(w->m, t, w->p, out);
}

static void fn_kg(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    zero(out, w->m->nl);
    w->m->kappa_g(w->m, t, w->p, w->v, out);
}

static void fn_Hw(db_mechfd *w, const double *arg, double t, double *out)
{
    const db_mech *m = w->m;
    zero(w->mat, m->nm * m->nv);
    m->H(m, t, w->p, w->mat);
    matvec(w->mat, m->nm, m->nv, arg, 0, out);
}

static void fn_HTu(db_mechfd *w, const double *arg, double t, double *out)
{
    const db_mech *m = w->m;
    zero(w->mat, m->nm * m->nv);
    m->H(m, t, w->p, w->mat);
    matvec(w->mat, m->nm, m->nv, arg, 1, out);
}

static void fn_h(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    zero(out, w->m->nm);
    if (w->m->h)
        w->m->h(w->m, t, w->p, out);
}

static void fn_kh(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    zero(out, w->m->nm);
    w->m->kappa_h(w->m, t, w->p, w->v, out);
}

/* --- pure finite differences --------------------------------------------- */

void db_mechfd_G(db_mechfd *w, double t, const double *p, double *G)
{
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, w->m->np, w->m->nl, fn_g, NULL, t, G);
}

void db_mechfd_Mw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, w->m->np, w->m->nv, fn_Mw, wv, t, out);
}

void db_mechfd_force_jac(db_mechfd *w, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         double *fp, double *fv, double *fl, double *fm)
{
    const db_mech *m = w->m;
    load(w, p, v, lam, mu);
    fd_jac(w, w->p, m->np, m->nv, fn_force, NULL, t, fp);
    fd_jac(w, w->v, m->nv, m->nv, fn_force, NULL, t, fv);
    fd_jac(w, w->l, m->nl, m->nv, fn_force, NULL, t, fl);
    fd_jac(w, w->mu, m->nm, m->nv, fn_force, NULL, t, fm);
}

void db_mechfd_Gw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, w->m->np, w->m->nl, fn_Gw, wv, t, out);
}

void db_mechfd_GTl_p(db_mechfd *w, double t, const double *p, const double *l, double *out)
{
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, w->m->np, w->m->np, fn_GTl, l, t, out);
}

void db_mechfd_g_tp(db_mechfd *w, double t, const double *p, double *out)
{
    const db_mech *m = w->m;
    if (!m->g_t) {
        zero(out, m->nl * m->np);
        return;
    }
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, m->np, m->nl, fn_gt, NULL, t, out);
}

void db_mechfd_kappa_g_jac(db_mechfd *w, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    const db_mech *m = w->m;
    load(w, p, v, NULL, NULL);
    fd_jac(w, w->p, m->np, m->nl, fn_kg, NULL, t, kp);
    fd_jac(w, w->v, m->nv, m->nl, fn_kg, NULL, t, kv);
}

void db_mechfd_Hw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, w->m->np, w->m->nm, fn_Hw, wv, t, out);
}

void db_mechfd_HTu_p(db_mechfd *w, double t, const double *p, const double *u, double *out)
{
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, w->m->np, w->m->nv, fn_HTu, u, t, out);
}

void db_mechfd_h_p(db_mechfd *w, double t, const double *p, double *out)
{
    const db_mech *m = w->m;
    if (!m->h) {
        zero(out, m->nm * m->np);
        return;
    }
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, m->np, m->nm, fn_h, NULL, t, out);
}

void db_mechfd_kappa_h_jac(db_mechfd *w, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    const db_mech *m = w->m;
    load(w, p, v, NULL, NULL);
    fd_jac(w, w->p, m->np, m->nm, fn_kh, NULL, t, kp);
    fd_jac(w, w->v, m->nv, m->nm, fn_kh, NULL, t, kv);
}

/* --- analytic when present ------------------------------------------------ */

void db_mechd_Mw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    const db_mech *m = w->m;
    if (m->flags & DB_MASS_CONST) {
        zero(out, m->nv * m->np);
    } else if (m->Mw_p) {
        zero(out, m->nv * m->np);
        m->Mw_p(m, t, p, wv, out);
    } else {
        db_mechfd_Mw_p(w, t, p, wv, out);
    }
}

void db_mechd_force_jac(db_mechfd *w, double t, const double *p, const double *v,
                        const double *lam, const double *mu,
                        double *fp, double *fv, double *fl, double *fm)
{
    const db_mech *m = w->m;
    if (m->force_jac) {
        zero(fp, m->nv * m->np);
        zero(fv, m->nv * m->nv);
        zero(fl, m->nv * m->nl);
        zero(fm, m->nv * m->nm);
        m->force_jac(m, t, p, v, lam, mu, fp, fv, fl, fm);
    } else {
        db_mechfd_force_jac(w, t, p, v, lam, mu, fp, fv, fl, fm);
    }
}

void db_mechd_Gw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    const db_mech *m = w->m;
    if (m->Gw_p) {
        zero(out, m->nl * m->np);
        m->Gw_p(m, t, p, wv, out);
    } else {
        db_mechfd_Gw_p(w, t, p, wv, out);
    }
}

void db_mechd_GTl_p(db_mechfd *w, double t, const double *p, const double *l, double *out)
{
    const db_mech *m = w->m;
    if (m->GTl_p) {
        zero(out, m->np * m->np);
        m->GTl_p(m, t, p, l, out);
    } else {
        db_mechfd_GTl_p(w, t, p, l, out);
    }
}

void db_mechd_g_tp(db_mechfd *w, double t, const double *p, double *out)
{
    const db_mech *m = w->m;
    if (m->g_tp || !m->g_t) {
        zero(out, m->nl * m->np);
        if (m->g_tp && m->g_t)
            m->g_tp(m, t, p, out);
    } else {
        db_mechfd_g_tp(w, t, p, out);
    }
}

void db_mechd_kappa_g_jac(db_mechfd *w, double t, const double *p, const double *v,
                          double *kp, double *kv)
{
    const db_mech *m = w->m;
    if (m->kappa_g_jac) {
        zero(kp, m->nl * m->np);
        zero(kv, m->nl * m->nv);
        m->kappa_g_jac(m, t, p, v, kp, kv);
    } else {
        db_mechfd_kappa_g_jac(w, t, p, v, kp, kv);
    }
}

void db_mechd_Hw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    const db_mech *m = w->m;
    if (m->Hw_p) {
        zero(out, m->nm * m->np);
        m->Hw_p(m, t, p, wv, out);
    } else {
        db_mechfd_Hw_p(w, t, p, wv, out);
    }
}

void db_mechd_HTu_p(db_mechfd *w, double t, const double *p, const double *u, double *out)
{
    const db_mech *m = w->m;
    if (m->HTu_p) {
        zero(out, m->nv * m->np);
        m->HTu_p(m, t, p, u, out);
    } else {
        db_mechfd_HTu_p(w, t, p, u, out);
    }
}

void db_mechd_h_p(db_mechfd *w, double t, const double *p, double *out)
{
    const db_mech *m = w->m;
    if (m->h_p || !m->h) {
        zero(out, m->nm * m->np);
        if (m->h_p && m->h)
            m->h_p(m, t, p, out);
    } else {
        db_mechfd_h_p(w, t, p, out);
    }
}

void db_mechd_kappa_h_jac(db_mechfd *w, double t, const double *p, const double *v,
                          double *kp, double *kv)
{
    const db_mech *m = w->m;
    if (m->kappa_h_jac) {
        zero(kp, m->nm * m->np);
        zero(kv, m->nm * m->nv);
        m->kappa_h_jac(m, t, p, v, kp, kv);
    } else {
        db_mechfd_kappa_h_jac(w, t, p, v, kp, kv);
    }
}
