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
    for (int k = 0; k < DB_MECHD_COUNT; k++) {
        int r[4], c[4], nb = db_mechd_blocks(m, (db_mechd_kind)k, r, c);
        for (int b = 0; b < 4; b++)
            w->bsize[k][b] = b < nb ? r[b] * c[b] : 0;
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
    w->nevals += 2L * nx;
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

/* x = 0; a plain loop: the blocks are mostly a few entries (no library call,
 * see CMakeLists.txt), memset for long ones */
static void zero(double *x, int n)
{
    if (n > 32)
        memset(x, 0, (size_t)n * sizeof *x);
    else
        for (int i = 0; i < n; i++)
            x[i] = 0.0;
}

/* --- the differentiated functions ---------------------------------------- */


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

/* the constraint-level callbacks of mech.h, g/G/g_t and h/H with the same shapes */
typedef void (*pt_fn)(const db_mech *m, double t, const double *p, double *out);
typedef void (*ptv_fn)(const db_mech *m, double t, const double *p, const double *v,
                       double *out);

/* out = A x or Aᵀ x for the r×c matrix A = fn(t, p) (G or H) */
static void mat_times(db_mechfd *w, pt_fn fn, int r, int c, const double *x, int transpose,
                      double t, double *out)
{
    zero(w->mat, r * c);
    fn(w->m, t, w->p, w->mat);
    matvec(w->mat, r, c, x, transpose, out);
}

/* out[n] = fn(t, p) (zero when fn is absent) */
static void eval_pt(db_mechfd *w, pt_fn fn, int n, double t, double *out)
{
    zero(out, n);
    if (fn)
        fn(w->m, t, w->p, out);
}

/* out[n] = fn(t, p, v) */
static void eval_ptv(db_mechfd *w, ptv_fn fn, int n, double t, double *out)
{
    zero(out, n);
    fn(w->m, t, w->p, w->v, out);
}

static void fn_Gw(db_mechfd *w, const double *arg, double t, double *out)
{
    mat_times(w, w->m->G, w->m->nl, w->m->np, arg, 0, t, out);
}

static void fn_GTl(db_mechfd *w, const double *arg, double t, double *out)
{
    mat_times(w, w->m->G, w->m->nl, w->m->np, arg, 1, t, out);
}

static void fn_g(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    eval_pt(w, w->m->g, w->m->nl, t, out);
}

static void fn_gt(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    eval_pt(w, w->m->g_t, w->m->nl, t, out);
}

static void fn_kg(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    eval_ptv(w, w->m->kappa_g, w->m->nl, t, out);
}

static void fn_Hw(db_mechfd *w, const double *arg, double t, double *out)
{
    mat_times(w, w->m->H, w->m->nm, w->m->nv, arg, 0, t, out);
}

static void fn_HTu(db_mechfd *w, const double *arg, double t, double *out)
{
    mat_times(w, w->m->H, w->m->nm, w->m->nv, arg, 1, t, out);
}

static void fn_h(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    eval_pt(w, w->m->h, w->m->nm, t, out);
}

static void fn_kh(db_mechfd *w, const double *arg, double t, double *out)
{
    (void)arg;
    eval_ptv(w, w->m->kappa_h, w->m->nm, t, out);
}

/* --- the family of derivative callbacks ---------------------------------- */

/* name, number of output blocks, and per block the dimensions of rows and columns
 * ('p' np, 'v' nv, 'l' nl, 'm' nm) */
static const struct {
    const char *name;
    int nb;
    const char *rows, *cols;
    fd_fn fn;                 /* the function differentiated */
} kinds[DB_MECHD_COUNT] = {
    [DB_MECHD_MW_P] = {"Mw_p", 1, "v", "p", fn_Mw},
    [DB_MECHD_FORCE_JAC] = {"force_jac", 4, "vvvv", "pvlm", fn_force},
    [DB_MECHD_GW_P] = {"Gw_p", 1, "l", "p", fn_Gw},
    [DB_MECHD_GTL_P] = {"GTl_p", 1, "p", "p", fn_GTl},
    [DB_MECHD_G_TP] = {"g_tp", 1, "l", "p", fn_gt},
    [DB_MECHD_KAPPA_G_JAC] = {"kappa_g_jac", 2, "ll", "pv", fn_kg},
    [DB_MECHD_HW_P] = {"Hw_p", 1, "m", "p", fn_Hw},
    [DB_MECHD_HTU_P] = {"HTu_p", 1, "v", "p", fn_HTu},
    [DB_MECHD_H_P] = {"h_p", 1, "m", "p", fn_h},
    [DB_MECHD_KAPPA_H_JAC] = {"kappa_h_jac", 2, "mm", "pv", fn_kh},
};

static int dim(const db_mech *m, char c)
{
    return c == 'p' ? m->np : c == 'v' ? m->nv : c == 'l' ? m->nl : m->nm;
}

const char *db_mechd_name(db_mechd_kind k) { return kinds[k].name; }

int db_mechd_blocks(const db_mech *m, db_mechd_kind k, int rows[4], int cols[4])
{
    for (int b = 0; b < kinds[k].nb; b++) {
        rows[b] = dim(m, kinds[k].rows[b]);
        cols[b] = dim(m, kinds[k].cols[b]);
    }
    return kinds[k].nb;
}

int db_mechd_present(const db_mech *m, db_mechd_kind k)
{
    switch (k) {
    case DB_MECHD_MW_P: return m->Mw_p != NULL;
    case DB_MECHD_FORCE_JAC: return m->force_jac != NULL;
    case DB_MECHD_GW_P: return m->Gw_p != NULL;
    case DB_MECHD_GTL_P: return m->GTl_p != NULL;
    case DB_MECHD_G_TP: return m->g_tp != NULL;
    case DB_MECHD_KAPPA_G_JAC: return m->kappa_g_jac != NULL;
    case DB_MECHD_HW_P: return m->Hw_p != NULL;
    case DB_MECHD_HTU_P: return m->HTu_p != NULL;
    case DB_MECHD_H_P: return m->h_p != NULL;
    case DB_MECHD_KAPPA_H_JAC: return m->kappa_h_jac != NULL;
    default: return 0;
    }
}

static void zero_blocks(const db_mechfd *w, db_mechd_kind k, double *out[4])
{
    for (int b = 0; b < kinds[k].nb; b++)
        zero(out[b], w->bsize[k][b]);
}

/* derivative k by central differences: block b is the derivative of kinds[k].fn with
 * respect to the state part kinds[k].cols[b]; zero where the function is absent */
static void fd(db_mechfd *w, db_mechd_kind k, double t, const double *p, const double *v,
               const double *lam, const double *mu, const double *x, double *out[4])
{
    const db_mech *m = w->m;
    if ((k == DB_MECHD_G_TP && !m->g_t) || (k == DB_MECHD_H_P && !m->h)) {
        zero_blocks(w, k, out);
        return;
    }
    load(w, p, v, lam, mu);
    for (int b = 0; b < kinds[k].nb; b++) {
        char c = kinds[k].cols[b];
        double *xs = c == 'p' ? w->p : c == 'v' ? w->v : c == 'l' ? w->l : w->mu;
        fd_jac(w, xs, dim(m, c), dim(m, kinds[k].rows[b]), kinds[k].fn, x, t, out[b]);
    }
}

void db_mechd_eval(db_mechfd *w, db_mechd_kind k, int an, double t, const double *p,
                   const double *v, const double *lam, const double *mu, const double *x,
                   double *out[4])
{
    const db_mech *m = w->m;
    double **o = out;
    if (!an) {
        fd(w, k, t, p, v, lam, mu, x, out);
        return;
    }
    zero_blocks(w, k, out);
    switch (k) {
    case DB_MECHD_MW_P: m->Mw_p(m, t, p, x, o[0]); break;
    case DB_MECHD_FORCE_JAC: m->force_jac(m, t, p, v, lam, mu, o[0], o[1], o[2], o[3]); break;
    case DB_MECHD_GW_P: m->Gw_p(m, t, p, x, o[0]); break;
    case DB_MECHD_GTL_P: m->GTl_p(m, t, p, x, o[0]); break;
    case DB_MECHD_G_TP: m->g_tp(m, t, p, o[0]); break;
    case DB_MECHD_KAPPA_G_JAC: m->kappa_g_jac(m, t, p, v, o[0], o[1]); break;
    case DB_MECHD_HW_P: m->Hw_p(m, t, p, x, o[0]); break;
    case DB_MECHD_HTU_P: m->HTu_p(m, t, p, x, o[0]); break;
    case DB_MECHD_H_P: m->h_p(m, t, p, o[0]); break;
    case DB_MECHD_KAPPA_H_JAC: m->kappa_h_jac(m, t, p, v, o[0], o[1]); break;
    default: break;
    }
}

/* --- pure finite differences (the other derivatives: db_mechd_eval with
 * analytic = 0) ------------------------------------------------------------ */

void db_mechfd_G(db_mechfd *w, double t, const double *p, double *G)
{
    load(w, p, NULL, NULL, NULL);
    fd_jac(w, w->p, w->m->np, w->m->nl, fn_g, NULL, t, G);
}

void db_mechfd_force_jac(db_mechfd *w, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         double *fp, double *fv, double *fl, double *fm)
{
    fd(w, DB_MECHD_FORCE_JAC, t, p, v, lam, mu, NULL, (double *[4]){fp, fv, fl, fm});
}

/* --- analytic when present ------------------------------------------------ */

/* the analytic callback when present, else finite differences; a derivative that
 * is identically zero (constant mass, absent g_t or h) is written as zeros */
static void mechd(db_mechfd *w, db_mechd_kind k, double t, const double *p, const double *v,
                  const double *lam, const double *mu, const double *x, double *out[4])
{
    const db_mech *m = w->m;
    if ((k == DB_MECHD_MW_P && (m->flags & DB_MASS_CONST)) || (k == DB_MECHD_G_TP && !m->g_t) ||
        (k == DB_MECHD_H_P && !m->h))
        zero_blocks(w, k, out);
    else
        db_mechd_eval(w, k, db_mechd_present(m, k), t, p, v, lam, mu, x, out);
}

/* Each db_mechd_* below takes the common case — the analytic callback is
 * there — directly: the outputs zeroed, the callback called, exactly what
 * mechd → db_mechd_eval do for it, without their table look-ups and switches
 * (the Jacobian of a small system calls several of these per evaluation).
 * Every other case goes through mechd. */
#define BS(k, b) (w->bsize[(k)][(b)])

void db_mechd_Mw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    const db_mech *m = w->m;
    if (m->Mw_p && !(m->flags & DB_MASS_CONST)) {
        zero(out, BS(DB_MECHD_MW_P, 0));
        m->Mw_p(m, t, p, wv, out);
        return;
    }
    mechd(w, DB_MECHD_MW_P, t, p, NULL, NULL, NULL, wv, (double *[4]){out});
}

void db_mechd_force_jac(db_mechfd *w, double t, const double *p, const double *v,
                        const double *lam, const double *mu,
                        double *fp, double *fv, double *fl, double *fm)
{
    const db_mech *m = w->m;
    if (m->force_jac) {
        zero(fp, BS(DB_MECHD_FORCE_JAC, 0));
        zero(fv, BS(DB_MECHD_FORCE_JAC, 1));
        zero(fl, BS(DB_MECHD_FORCE_JAC, 2));
        zero(fm, BS(DB_MECHD_FORCE_JAC, 3));
        m->force_jac(m, t, p, v, lam, mu, fp, fv, fl, fm);
        return;
    }
    mechd(w, DB_MECHD_FORCE_JAC, t, p, v, lam, mu, NULL, (double *[4]){fp, fv, fl, fm});
}

void db_mechd_Gw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    const db_mech *m = w->m;
    if (m->Gw_p) {
        zero(out, BS(DB_MECHD_GW_P, 0));
        m->Gw_p(m, t, p, wv, out);
        return;
    }
    mechd(w, DB_MECHD_GW_P, t, p, NULL, NULL, NULL, wv, (double *[4]){out});
}

void db_mechd_GTl_p(db_mechfd *w, double t, const double *p, const double *l, double *out)
{
    const db_mech *m = w->m;
    if (m->GTl_p) {
        zero(out, BS(DB_MECHD_GTL_P, 0));
        m->GTl_p(m, t, p, l, out);
        return;
    }
    mechd(w, DB_MECHD_GTL_P, t, p, NULL, NULL, NULL, l, (double *[4]){out});
}

void db_mechd_g_tp(db_mechfd *w, double t, const double *p, double *out)
{
    const db_mech *m = w->m;
    if (!m->g_t) {                     /* scleronomic: identically zero */
        zero(out, BS(DB_MECHD_G_TP, 0));
        return;
    }
    mechd(w, DB_MECHD_G_TP, t, p, NULL, NULL, NULL, NULL, (double *[4]){out});
}

void db_mechd_kappa_g_jac(db_mechfd *w, double t, const double *p, const double *v,
                          double *kp, double *kv)
{
    const db_mech *m = w->m;
    if (m->kappa_g_jac) {
        zero(kp, BS(DB_MECHD_KAPPA_G_JAC, 0));
        zero(kv, BS(DB_MECHD_KAPPA_G_JAC, 1));
        m->kappa_g_jac(m, t, p, v, kp, kv);
        return;
    }
    mechd(w, DB_MECHD_KAPPA_G_JAC, t, p, v, NULL, NULL, NULL, (double *[4]){kp, kv});
}

void db_mechd_Hw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out)
{
    const db_mech *m = w->m;
    if (m->Hw_p) {
        zero(out, BS(DB_MECHD_HW_P, 0));
        m->Hw_p(m, t, p, wv, out);
        return;
    }
    mechd(w, DB_MECHD_HW_P, t, p, NULL, NULL, NULL, wv, (double *[4]){out});
}

void db_mechd_HTu_p(db_mechfd *w, double t, const double *p, const double *u, double *out)
{
    const db_mech *m = w->m;
    if (m->HTu_p) {
        zero(out, BS(DB_MECHD_HTU_P, 0));
        m->HTu_p(m, t, p, u, out);
        return;
    }
    mechd(w, DB_MECHD_HTU_P, t, p, NULL, NULL, NULL, u, (double *[4]){out});
}

void db_mechd_h_p(db_mechfd *w, double t, const double *p, double *out)
{
    const db_mech *m = w->m;
    if (!m->h) {                       /* no h: identically zero */
        zero(out, BS(DB_MECHD_H_P, 0));
        return;
    }
    mechd(w, DB_MECHD_H_P, t, p, NULL, NULL, NULL, NULL, (double *[4]){out});
}

void db_mechd_kappa_h_jac(db_mechfd *w, double t, const double *p, const double *v,
                          double *kp, double *kv)
{
    const db_mech *m = w->m;
    if (m->kappa_h_jac) {
        zero(kp, BS(DB_MECHD_KAPPA_H_JAC, 0));
        zero(kv, BS(DB_MECHD_KAPPA_H_JAC, 1));
        m->kappa_h_jac(m, t, p, v, kp, kv);
        return;
    }
    mechd(w, DB_MECHD_KAPPA_H_JAC, t, p, v, NULL, NULL, NULL, (double *[4]){kp, kv});
}
#undef BS
