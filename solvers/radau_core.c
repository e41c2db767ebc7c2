/* radau_core.c — Radau IIA, 3 stages, order 5 (stage order 3), for square
 * linearly implicit systems E y' = F(t, y) with constant E (see radau_core.h).
 *
 * Sources: Hairer & Wanner, Solving ODEs II (2nd ed. 1996), Sect. IV.8:
 *   - simplified Newton on the transformed stage system (IV.8.16)-(IV.8.19):
 *     with T⁻¹A⁻¹T = diag(γ, [[α, −β], [β, α]]) one real LU of (γ/h)E − J and one
 *     complex LU of ((α+iβ)/h)E − J per Jacobian or step-size change;
 *   - convergence monitoring with the rate Θ_k = ‖ΔW_k‖/‖ΔW_{k−1}‖, stop when
 *     η_k‖ΔW_k‖ ≤ κ·Tol, η = Θ/(1−Θ), step reduction when the convergence predicted
 *     for the remaining iterations is too slow (IV.8.10)-(IV.8.15);
 *   - starting values from the collocation polynomial of the previous step;
 *   - error estimate (IV.8.19)-(IV.8.21): err = ((γ0/h)E − J)⁻¹ (F(y0) + E(e1 z1 +
 *     e2 z2 + e3 z3)/h), and for the first and after a rejected step the
 *     refinement err := ((γ0/h)E − J)⁻¹ (F(y0 + err) + E(..)/h);
 *   - predictive step control of Gustafsson (IV.8.25).
 *   Coefficients (T, T⁻¹, γ, α, β, e_i = dd_i) are the published ones of the
 *   method (Hairer–Wanner, Table IV.5.6 and RADAU5's constants); the test
 *   solvers/tests/test_radau5_order.c checks the resulting order.
 *
 * Parameters and defaults as documented for RADAU5 (version 9 July 1996):
 *   nit 7, thet 0.001 (Jacobian reuse when Θ ≤ thet), quot1/quot2 = 1.0/1.2 (keep
 *   h and the LU when 1.0 ≤ hnew/h ≤ 1.2 and Θ ≤ thet), safe 0.9, 0.2 ≤ hnew/h ≤ 8,
 *   h0 = 1e-6 by default, step attempts ≤ 100000, Newton tolerance
 *   fnewt = max(10·uround/rtol', min(0.03, sqrt(rtol'))).
 *
 * Tolerance transformation (RADAU5): the error estimate of a 5th order method is
 * of order h⁴ (embedded 3rd order formula), so the user tolerances are mapped to
 *     rtol' = 0.1 · rtol^(2/3),    atol' = rtol' · (atol / rtol)
 * which makes the global error roughly proportional to rtol.  Requires rtol > 0.
 *
 * Index-aware error scaling (RADAU5 IWORK(5..7)): the weight of a component of
 * index k is sc_i = (atol' + rtol'|y_i|) / |h|^(k−1), i.e. the error of index-2
 * unknowns is multiplied by h and of index-3 unknowns by h², in the error test
 * and in the Newton stopping test.
 *
 * Deviations from RADAU5 (both for robustness on DAEs, see radau_integrate):
 *   - with algebraic equations (a zero row in E) a Newton iteration that stops
 *     after one step needs its increment itself below fnewt (RADAU5 trusts the
 *     rate carried over from the previous step);
 *   - scaled increments below 0.01·fnewt count as converged whatever their rate
 *     (round-off noise, e.g. a system at rest, has Θ ≈ 1);
 *   - F failures or NaN/Inf in the stages are handled like Newton divergence
 *     (h halved); if h then underflows the status is DB_FAIL_NONFINITE;
 *   - the step-size underflow test is 0.1|h| <= uround·max(|t|, 1e-5·span).
 *
 * System hooks: `accepted` (after every accepted step) and `on_newton_failure`
 * (after a convergence failure, at the last accepted state) may change the
 * system; returning 1 makes the core read E again (e_scan; its list has room
 * for every entry when a hook is given, so nothing is allocated then) and take
 * a new Jacobian.
 *
 * Counters (added to the caller's): steps accepted; rejected = every step that
 * is redone with a smaller h (error test, Newton divergence or predicted slow
 * convergence, singular matrix, F not evaluable); f_evals every F call;
 * jac_evals every Jacobian call; decompositions counts the pair (real + complex
 * LU) as one, as RADAU5's NDEC; solves counts the pair of substitutions of one
 * Newton iteration as one plus each real solve of the error estimate; extra
 * "newton_iters" (all Newton iterations).
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "radau_core.h"
#include "linsolver.h"
#include "powers.h"

/* ---- method coefficients ------------------------------------------------ */
#define SQ6 2.449489742783178098197284
static const double C1 = (4.0 - SQ6) / 10.0, C2 = (4.0 + SQ6) / 10.0;
static const double C1M1 = (4.0 - SQ6) / 10.0 - 1.0, C2M1 = (4.0 + SQ6) / 10.0 - 1.0;
static const double C1MC2 = -SQ6 / 5.0;
static const double DD1 = -(13.0 + 7.0 * SQ6) / 3.0, DD2 = (-13.0 + 7.0 * SQ6) / 3.0,
                    DD3 = -1.0 / 3.0;
/* γ = 1/u1, α, β: eigenvalues of A⁻¹ (real γ, complex α ± iβ), cube roots 81^(1/3), 9^(1/3) */
#define GAM_U1 3.637834252744496
#define ALPH 2.681082873627752
#define BETA 3.050430199247410
/* T (T32 = 1, T33 = 0) and T⁻¹ of the transformation T⁻¹A⁻¹T = diag(γ, [[α,−β],[β,α]]) */
static const double T11 = 9.1232394870892942792e-02, T12 = -0.14125529502095420843,
                    T13 = -3.0029194105147424492e-02, T21 = 0.24171793270710701896,
                    T22 = 0.20412935229379993199, T23 = 0.38294211275726193779,
                    T31 = 0.96604818261509293619;
static const double TI11 = 4.3255798900631553510, TI12 = 0.33919925181580986954,
                    TI13 = 0.54177053993587487119, TI21 = -4.1787185915519047273,
                    TI22 = -0.32768282076106238708, TI23 = 0.47662355450055045196,
                    TI31 = -0.50287263494578687595, TI32 = 2.5719269498556054292,
                    TI33 = -0.59603920482822492497;

#define UROUND 1e-16

/* Code off the step's path (set-up, messages, rare phases): out of line and
 * in GCC's cold section, so that the phases run at every step lie close
 * together (the whole path of a small system's step is longer than the L1
 * instruction cache; docs/performance.md, "The pendulum's stall") */
#if defined(__GNUC__)
#define RR_COLD __attribute__((noinline))
#else
#define RR_COLD
#endif

void radau_params_default(radau_params *p)
{
    memset(p, 0, sizeof *p);
    p->rtol = 1e-6;
    p->atol = 1e-6;
    p->nit = 7;
    p->thet = 0.001;
    p->safe = 0.9;
    p->quot1 = 1.0;
    p->quot2 = 1.2;
    p->facl = 5.0;
    p->facr = 0.125;
    p->gustafsson = 1;
}

void radau_params_from_opts(radau_params *p, const db_solver_opts *o)
{
    radau_params_default(p);
    p->rtol = o->rtol;
    p->atol = o->atol;
    p->h0 = o->h0;
    p->hmax = o->hmax;
    p->max_steps = o->max_steps;
    p->max_cpu = o->max_cpu;
}

/* ---- workspace ---------------------------------------------------------- */
typedef struct {
    int n;
    double *y, *z1, *z2, *z3, *f1, *f2, *f3, *fy0, *scal, *cont, *t1, *t2, *t3;
    /* the linear-solver layer (linsolver.h): small dense, LAPACK or KLU; the
     * real matrix fac1 E − J in ls->a, the complex one in ls->zr, ls->zi */
    db_linsol *ls;
    double *J;          /* [ls->nval] ∂F/∂y in the layer's storage */
    const double *Est;  /* E in the layer's storage (s->E or s->E_sp), NULL = identity */
    int (*jacf)(void *ctx, double t, const double *y, double *J);  /* s->jac or s->jac_sparse */
    int nnz;            /* non-zeros of E; -1 = identity */
    int has_alg;        /* E has a zero row (algebraic equations) */
    int *ei, *ej;       /* E's non-zeros: row, column, */
    long *epos;         /* value index in the layer's storage */
    double *ev;         /* and value */
    size_t ecap;        /* capacity of ei/ej/epos/ev */
    int *rowflag;       /* [n] scratch of e_scan */
    int ediag;          /* E is diagonal (not the identity): its diagonal in ed */
    double *ed;         /* [n] */
    const int *index;
} rw;

/* fmax and fmin without the library call (libm's are calls, several a step):
 * the larger (smaller) of the two, the other one when one is a NaN, as C's */
static inline double rr_fmax(double a, double b)
{
    return (a > b || b != b) ? a : b;
}

static inline double rr_fmin(double a, double b)
{
    return (a < b || b != b) ? a : b;
}

RR_COLD static void rw_free(rw *w)
{
    free(w->y);
    free(w->J);
    free(w->ei);
    free(w->ej);
    free(w->epos);
    free(w->ev);
    free(w->rowflag);
    free(w->ed);
    db_linsol_free(w->ls);
}

/* the storage range of column j and the row of value k (dense or CSC) */
static void col_range(const db_linsol *ls, int j, int *k0, int *k1)
{
    if (ls->sparse) {
        *k0 = ls->colptr[j];
        *k1 = ls->colptr[j + 1];
    } else {
        *k0 = j * ls->n;
        *k1 = *k0 + ls->n;
    }
}

static int row_of(const db_linsol *ls, int j, int k)
{
    return ls->sparse ? ls->rowind[k] : k - j * ls->n;
}

/* (re-)read E (w->Est in the layer's storage; NULL = identity) into the list
 * ei/ej/epos/ev (capacity w->ecap), nnz = -1 for the identity, and has_alg.
 * No allocation: called again when the system reports a change
 * (radau_sys.accepted / on_newton_failure return 1). */
RR_COLD static void e_scan(rw *w)
{
    const int n = w->n;
    int nz = 0, ident = 1;
    w->has_alg = 0;
    if (!w->Est) {
        for (int i = 0; i < n && (size_t)i < w->ecap; i++) {
            w->ei[i] = w->ej[i] = i;
            w->epos[i] = db_linsol_pos(w->ls, i, i);
            w->ev[i] = 1.0;
        }
        w->nnz = -1;
        w->ediag = 0;
        return;
    }
    int *rowhas = w->rowflag;
    for (int i = 0; i < n; i++)
        rowhas[i] = 0;
    for (int j = 0; j < n; j++) {
        int k0, k1;
        col_range(w->ls, j, &k0, &k1);
        for (int k = k0; k < k1; k++) {
            const double e = w->Est[k];
            if (e == 0.0 || (size_t)nz >= w->ecap)
                continue;
            const int i = row_of(w->ls, j, k);
            w->ei[nz] = i;
            w->ej[nz] = j;
            w->epos[nz] = k;
            w->ev[nz] = e;
            rowhas[i] = 1;
            ident = ident && i == j && e == 1.0;
            nz++;
        }
    }
    for (int i = 0; i < n; i++)
        if (!rowhas[i])
            w->has_alg = 1;
    w->nnz = ident && nz == n ? -1 : nz;
    /* a diagonal E (e.g. the GGL and index-reduced forms: identity with zero
     * rows) is applied entry by entry */
    w->ediag = w->nnz >= 0;
    for (int k = 0; k < nz && w->ediag; k++)
        w->ediag = w->ei[k] == w->ej[k];
    if (w->ediag) {
        for (int i = 0; i < n; i++)
            w->ed[i] = 0.0;
        for (int k = 0; k < nz; k++)
            w->ed[w->ei[k]] = w->ev[k];
    }
}

/* E's list: room for the current non-zeros, or for every stored entry when
 * the system may change E (hooks); then the first scan.  0 or -1 (memory) */
RR_COLD static int e_alloc(rw *w, const radau_sys *s)
{
    const int hooks = s->accepted || s->on_newton_failure;
    size_t cap = 0;
    if (!w->Est || hooks)
        cap = w->Est ? (size_t)w->ls->nval : (size_t)w->n;
    else
        for (int k = 0; k < w->ls->nval; k++)
            cap += w->Est[k] != 0.0;
    w->ecap = cap;
    w->ei = malloc(sizeof(int) * (cap > 0 ? cap : 1));
    w->ej = malloc(sizeof(int) * (cap > 0 ? cap : 1));
    w->epos = malloc(sizeof(long) * (cap > 0 ? cap : 1));
    w->ev = malloc(sizeof(double) * (cap > 0 ? cap : 1));
    w->rowflag = malloc(sizeof(int) * (size_t)(w->n > 0 ? w->n : 1));
    w->ed = malloc(sizeof(double) * (size_t)(w->n > 0 ? w->n : 1));
    if (!w->ei || !w->ej || !w->epos || !w->ev || !w->rowflag || !w->ed)
        return -1;
    e_scan(w);
    return 0;
}

RR_COLD static int rw_alloc(rw *w, const radau_sys *s, int sparse, int reduced)
{
    const int n = s->n;
    const size_t nn = (size_t)(n > 0 ? n : 1);
    memset(w, 0, sizeof *w);
    w->n = n;
    w->index = s->index;
    w->y = calloc(16 * nn, sizeof(double));
    w->ls = sparse    ? db_linsol_new(n, s->colptr, s->rowind, 1)
            : reduced ? db_linsol_new_reduced_or_whole(n, s->m1, s->m2, 1)
                      : db_linsol_new(n, NULL, NULL, 1);
    if (!w->y || !w->ls)
        goto fail;
    w->J = calloc((size_t)(w->ls->nval > 0 ? w->ls->nval : 1), sizeof(double));
    if (!w->J)
        goto fail;
    w->Est = sparse ? s->E_sp : s->E;
    w->jacf = sparse ? s->jac_sparse : s->jac;
    w->z1 = w->y + nn;
    w->z2 = w->z1 + nn;
    w->z3 = w->z2 + nn;
    w->f1 = w->z3 + nn;
    w->f2 = w->f1 + nn;
    w->f3 = w->f2 + nn;
    w->fy0 = w->f3 + nn;
    w->scal = w->fy0 + nn;
    w->t1 = w->scal + nn;
    w->t2 = w->t1 + nn;
    w->t3 = w->t2 + nn;
    w->cont = w->t3 + nn;   /* 4n */
    /* E as a list of non-zeros; identity detected */
    if (e_alloc(w, s))
        goto fail;
    return 0;
fail:
    rw_free(w);
    return -1;
}

/* out = E x (x and out distinct) */
static void emul(const rw *w, const double *restrict x, double *restrict out)
{
    if (w->nnz < 0) {
        memcpy(out, x, sizeof(double) * (size_t)w->n);
        return;
    }
    if (w->ediag) {
        /* the same values as the list below: 0 + e_i x_i (+0 on a zero row, x
         * being finite here: the Newton iterates are checked first) */
        for (int i = 0; i < w->n; i++)
            out[i] = 0.0 + w->ed[i] * x[i];
        return;
    }
    for (int i = 0; i < w->n; i++)
        out[i] = 0.0;
    for (int k = 0; k < w->nnz; k++)
        out[w->ei[k]] += w->ev[k] * x[w->ej[k]];
}

/* F(t, y) of a system that does not check itself: F zeroed before, scanned after */
RR_COLD static int eval_f_checked(const radau_sys *s, double t, const double *y, double *F)
{
    for (int i = 0; i < s->n; i++)
        F[i] = 0.0;
    if (s->rhs(s->ctx, t, y, F))
        return 1;
    for (int i = 0; i < s->n; i++)
        if (!isfinite(F[i]))
            return 1;
    return 0;
}

/* F(t, y) into F, with the failure of the callback or a non-finite value as 1;
 * a self-checked system's callback is called directly (inlined here: no frame
 * of its own on the path taken about ten times per step) */
static inline int eval_f(const radau_sys *s, double t, const double *y, double *F,
                         db_counters *c)
{
    c->f_evals++;
    if (s->dae && s->self_checked)
        return s->dae->rhs(s->dae, t, y, F) != 0;
    if (s->self_checked)
        return s->rhs(s->ctx, t, y, F) != 0;
    return eval_f_checked(s, t, y, F);
}

/* the stage values of F (t1, t2, t3 at x + c_k h into z1, z2, z3) through
 * eval_f: the systems other than a self-checked DAE, off the step's path */
RR_COLD static int eval_f_stages(const radau_sys *s, double x, double h, rw *w, db_counters *c)
{
    int bad = 0;
    bad |= eval_f(s, x + C1 * h, w->t1, w->z1, c);
    bad |= eval_f(s, x + C2 * h, w->t2, w->z2, c);
    bad |= eval_f(s, x + h, w->t3, w->z3, c);
    return bad;
}

/* a = −J, zr + i zi = −J, then E's non-zeros (positions epos, values ev)
 * added: a += fac1 e, zr += alphn e, zi += betan e (distinct arrays:
 * restrict, so that nothing is reloaded after a store) */
static inline void form_matrices(int nval, int ne, double fac1, double alphn, double betan,
                                 const double *restrict J, const long *restrict epos,
                                 const double *restrict ev, double *restrict a,
                                 double *restrict zr, double *restrict zi)
{
    for (int k = 0; k < nval; k++) {
        a[k] = -J[k];
        zr[k] = -J[k];
        zi[k] = 0.0;
    }
    for (int k = 0; k < ne; k++) {
        const long d = epos[k];
        const double e = ev[k];
        a[d] += fac1 * e;
        zr[d] += alphn * e;
        zi[d] += betan * e;
    }
}

/* E1 = fac1 E − J, E2 = (alphn + i betan) E − J, both factored; 0 or nonzero if singular */
static int decompose(rw *w, double fac1, double alphn, double betan)
{
    db_linsol *ls = w->ls;
    const int ne = w->nnz < 0 ? w->n : w->nnz;
    form_matrices(ls->nval, ne, fac1, alphn, betan, w->J, w->epos, w->ev, ls->a, ls->zr, ls->zi);
    return db_linsol_factor_both(ls) ? 1 : 0;
}

/* error weights at y for step h (index-aware) */
static void set_scal(rw *w, double atol, double rtol, double h)
{
    const int n = w->n;
    const double ah = fabs(h);
    const double *restrict y = w->y;
    const int *restrict index = w->index;
    double *restrict scal = w->scal;
    if (!index) {
        for (int i = 0; i < n; i++)
            scal[i] = atol + rtol * fabs(y[i]);
        return;
    }
    for (int i = 0; i < n; i++) {
        double sc = atol + rtol * fabs(y[i]);
        if (index[i] == 2)
            sc /= ah;
        else if (index[i] >= 3)
            sc /= ah * ah;
        scal[i] = sc;
    }
}

static double rms_scaled(const rw *w, const double *restrict v)
{
    const int n = w->n;
    const double *restrict scal = w->scal;
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        const double q = v[i] / scal[i];
        s += q * q;
    }
    return sqrt(s / (n > 0 ? n : 1));
}

/* value (and derivative) of the collocation polynomial of the last step
 * [x − hold, x] at t, into yo (and ypo if not NULL) */
static void dense(const rw *w, double x, double hold, double t, double *yo, double *ypo)
{
    const int n = w->n;
    const double s = (t - x) / hold;
    const double *c0 = w->cont, *c1 = w->cont + n, *c2 = w->cont + 2 * n, *c3 = w->cont + 3 * n;
    for (int i = 0; i < n; i++) {
        const double q = c2[i] + (s - C1M1) * c3[i];
        yo[i] = c0[i] + s * (c1[i] + (s - C2M1) * q);
        if (ypo)
            ypo[i] = (c1[i] + (s - C2M1) * q + s * (q + (s - C2M1) * c3[i])) / hold;
    }
}

RR_COLD static db_status fail(db_status st, char *msg, size_t msglen, const char *fmt, double a, double b)
{
    if (msg && msglen)
        snprintf(msg, msglen, fmt, a, b);
    return st;
}

/* ---- the integrator: a state record and its phases ----------------------
 * radau_integrate checks the input and sets up a radau_run; the step loop then
 * goes through the phases below — Jacobian, decomposition, start of an attempt,
 * prediction, Newton, error estimate, step control (accept / reject) and
 * output — each a function of the record.  A phase that ends the run stores
 * the status in r->st and returns RR_DONE; the others say what comes next. */

/* what the loop does next */
enum { RR_JAC, RR_DEC, RR_STEP, RR_FAIL, RR_DONE };

typedef struct {
    const radau_sys *s;
    const radau_params *p;
    rw w;
    db_counters *c;
    char *msg;
    size_t msglen;
    db_status st;
    /* output */
    int n, nt, nt0, kout;
    const double *tout;
    double *yout, *ypout;
    /* constants of the run */
    double t0, tend, span, hmaxn;
    int fixed, nit;
    double thet, safe, quot1, quot2, facl, facr, cfac;
    long max_steps;
    double rtol, atol, fnewt, cpu0;
    /* the state of the integration */
    double x, h, hold, hacc, erracc, faccon, theta, thqold, dynold;
    long nfixed, kfixed, nstep, naccpt, newton_iters;
    int last, first, reject, caljac, nsing, nonfinite, minnewt;
    int newt;          /* Newton iterations of the current attempt */
} radau_run;

/* the run ends with status st and a message */
RR_COLD static int rr_stop(radau_run *r, db_status st, const char *fmt, double a, double b)
{
    r->st = fail(st, r->msg, r->msglen, fmt, a, b);
    return RR_DONE;
}

/* Jacobian at (x, y) */
static int rr_jacobian(radau_run *r)
{
    const radau_sys *s = r->s;
    rw *w = &r->w;
    if (!s->self_checked)
        memset(w->J, 0, sizeof(double) * (size_t)w->ls->nval);
    r->c->jac_evals++;
    if (w->jacf(s->ctx, r->x, w->y, w->J))
        return rr_stop(r, DB_FAIL_NEWTON, "radau: Jacobian evaluation failed at t=%g", r->x, 0);
    for (int k = 0; k < w->ls->nval && !s->self_checked; k++)
        if (!isfinite(w->J[k]))
            return rr_stop(r, DB_FAIL_NONFINITE, "radau: Jacobian not finite at t=%g", r->x, 0);
    r->caljac = 1;
    return RR_DEC;
}

/* the real and complex iteration matrices for h, factored */
static int rr_decompose(radau_run *r)
{
    r->c->decompositions++;
    if (decompose(&r->w, GAM_U1 / r->h, ALPH / r->h, BETA / r->h)) {
        r->nsing++;
        if (r->fixed || r->nsing >= 5)
            return rr_stop(r, DB_FAIL_NEWTON, "radau: matrix repeatedly singular at t=%g, h=%g",
                           r->x, r->h);
        return RR_FAIL;
    }
    return RR_STEP;
}

/* budgets and step size of a new attempt */
static int rr_attempt(radau_run *r)
{
    r->nstep++;
    if (r->nstep > r->max_steps)
        return rr_stop(r, DB_FAIL_BUDGET, "radau: more than %g steps (t=%g)", (double)r->max_steps,
                       r->x);
    if (db_budget_cpu_over(r->cpu0, r->p->max_cpu)) /* once per step (solver.h) */
        return rr_stop(r, DB_FAIL_BUDGET, "radau: CPU budget of %g s exceeded at t=%g",
                       r->p->max_cpu, r->x);
    if (0.1 * fabs(r->h) <= UROUND * rr_fmax(fabs(r->x), 1e-5 * r->span) || !(r->h > 0)) {
        if (r->nonfinite)
            return rr_stop(r, DB_FAIL_NONFINITE, "radau: F not finite near t=%g (h=%g)", r->x,
                           r->h);
        return rr_stop(r, DB_FAIL_STEPSIZE, "radau: step size too small at t=%g, h=%g", r->x, r->h);
    }
    return RR_STEP;
}

/* the stage increments z_k (at c1q, c2q, c3q = h/hold times the nodes) from
 * the collocation polynomial of the last step (ak1..ak3), f = T⁻¹ z and the
 * stage points y + z_k of the first Newton iteration into t1, t2, t3
 * (distinct arrays: restrict, see the Newton loops below) */
static inline void predict_stages(int n, double c1q, double c2q, double c3q,
                                  const double *restrict ak1, const double *restrict ak2,
                                  const double *restrict ak3, const double *restrict y,
                                  double *restrict z1, double *restrict z2, double *restrict z3,
                                  double *restrict f1, double *restrict f2, double *restrict f3,
                                  double *restrict t1, double *restrict t2, double *restrict t3)
{
    for (int i = 0; i < n; i++) {
        const double z1i = c1q * (ak1[i] + (c1q - C2M1) * (ak2[i] + (c1q - C1M1) * ak3[i]));
        const double z2i = c2q * (ak1[i] + (c2q - C2M1) * (ak2[i] + (c2q - C1M1) * ak3[i]));
        const double z3i = c3q * (ak1[i] + (c3q - C2M1) * (ak2[i] + (c3q - C1M1) * ak3[i]));
        z1[i] = z1i;
        z2[i] = z2i;
        z3[i] = z3i;
        f1[i] = TI11 * z1i + TI12 * z2i + TI13 * z3i;
        f2[i] = TI21 * z1i + TI22 * z2i + TI23 * z3i;
        f3[i] = TI31 * z1i + TI32 * z2i + TI33 * z3i;
        const double yi = y[i];
        t1[i] = yi + z1i;
        t2[i] = yi + z2i;
        t3[i] = yi + z3i;
    }
}

/* error weights, starting values from the previous collocation polynomial
 * (zero at the first step) and the stage points of the first iteration */
static void rr_predict(radau_run *r)
{
    rw *w = &r->w;
    const int n = r->n;
    const double h = r->h;
    set_scal(w, r->atol, r->rtol, h);
    if (r->first) {
        for (int i = 0; i < n; i++) {
            w->z1[i] = w->z2[i] = w->z3[i] = w->f1[i] = w->f2[i] = w->f3[i] = 0.0;
            w->t1[i] = w->y[i] + w->z1[i];
            w->t2[i] = w->y[i] + w->z2[i];
            w->t3[i] = w->y[i] + w->z3[i];
        }
    } else {
        const double c3q = h / r->hold;
        predict_stages(n, C1 * c3q, C2 * c3q, c3q, w->cont + n, w->cont + 2 * n,
                       w->cont + 3 * n, w->y, w->z1, w->z2, w->z3, w->f1, w->f2, w->f3,
                       w->t1, w->t2, w->t3);
    }
}

/* The loops of a Newton iteration on the n entries, written over distinct
 * arrays (restrict: the slices of rw are disjoint) so that the compiler may
 * take two entries at a time; every entry sees the same operations in the
 * same order as written, so the values do not depend on it. */

/* out = a + b */
static inline void vsum(int n, const double *restrict a, const double *restrict b,
                        double *restrict out)
{
    for (int i = 0; i < n; i++)
        out[i] = a[i] + b[i];
}

/* the transformed right-hand sides, in place of the stage values of F in
 * z1, z2, z3: z1 = (T⁻¹F)_1 − γ/h (E f)_1 and the complex stage
 * z2 + i z3 = (T⁻¹F)_2 + i (T⁻¹F)_3 − (α + iβ)/h ((E f)_2 + i (E f)_3) */
static inline void newton_rhs(int n, double fac1, double alphn, double betan,
                              const double *restrict e1, const double *restrict e2,
                              const double *restrict e3, double *restrict z1,
                              double *restrict z2, double *restrict z3)
{
    for (int i = 0; i < n; i++) {
        const double a1 = z1[i], a2 = z2[i], a3 = z3[i];
        const double s2 = -e2[i], s3 = -e3[i];
        z1[i] = TI11 * a1 + TI12 * a2 + TI13 * a3 - e1[i] * fac1;
        z2[i] = TI21 * a1 + TI22 * a2 + TI23 * a3 + s2 * alphn - s3 * betan;
        z3[i] = TI31 * a1 + TI32 * a2 + TI33 * a3 + s3 * alphn + s2 * betan;
    }
}

/* newton_rhs for a diagonal E, the products E f_k formed on the way (as
 * emul: 0 + e_i f_k,i), in one pass */
static inline void newton_rhs_ediag(int n, double fac1, double alphn, double betan,
                                    const double *restrict ed, const double *restrict f1,
                                    const double *restrict f2, const double *restrict f3,
                                    double *restrict z1, double *restrict z2, double *restrict z3)
{
    for (int i = 0; i < n; i++) {
        const double e1 = 0.0 + ed[i] * f1[i], e2 = 0.0 + ed[i] * f2[i],
                     e3 = 0.0 + ed[i] * f3[i];
        const double a1 = z1[i], a2 = z2[i], a3 = z3[i];
        const double s2 = -e2, s3 = -e3;
        z1[i] = TI11 * a1 + TI12 * a2 + TI13 * a3 - e1 * fac1;
        z2[i] = TI21 * a1 + TI22 * a2 + TI23 * a3 + s2 * alphn - s3 * betan;
        z3[i] = TI31 * a1 + TI32 * a2 + TI33 * a3 + s3 * alphn + s2 * betan;
    }
}

/* the end of a Newton iteration in one pass over the entries: the scaled
 * norm of the increments (z1, z2, z3) (returned: Σ q², RADAU5's DYNO before
 * its root), the increments added to the transformed stages f_k, the new
 * stage increments z = T f and the stage points y + z_k of the next
 * iteration into t1, t2, t3.  The caller may then still stop the iteration:
 * f and z are set again by the next prediction before they are read. */
static inline double newton_end(int n, const double *restrict scal, const double *restrict y,
                                double *restrict f1, double *restrict f2, double *restrict f3,
                                double *restrict z1, double *restrict z2, double *restrict z3,
                                double *restrict t1, double *restrict t2, double *restrict t3)
{
    double dyno = 0.0;
    for (int i = 0; i < n; i++) {
        const double a1 = z1[i], a2 = z2[i], a3 = z3[i];
        const double q1 = a1 / scal[i], q2 = a2 / scal[i], q3 = a3 / scal[i];
        dyno += q1 * q1 + q2 * q2 + q3 * q3;
        const double f1i = f1[i] + a1, f2i = f2[i] + a2, f3i = f3[i] + a3;
        f1[i] = f1i;
        f2[i] = f2i;
        f3[i] = f3i;
        const double z1i = T11 * f1i + T12 * f2i + T13 * f3i;
        const double z2i = T21 * f1i + T22 * f2i + T23 * f3i;
        const double z3i = T31 * f1i + f2i;
        z1[i] = z1i;
        z2[i] = z2i;
        z3[i] = z3i;
        const double yi = y[i];
        t1[i] = yi + z1i;
        t2[i] = yi + z2i;
        t3[i] = yi + z3i;
    }
    return dyno;
}

/* a system hook after a failed attempt (on_newton_failure, on_slow_convergence)
 * at the last accepted state: `next` if nothing changed, RR_JAC after a changed
 * system (its E read again, F(x, y) of the error estimate redone), RR_DONE
 * when the system stops the run */
RR_COLD static int rr_system_hook(radau_run *r, int (*hook)(void *, double, const double *),
                                  int next)
{
    const radau_sys *s = r->s;
    rw *w = &r->w;
    const int rc = hook(s->ctx, r->x, w->y);
    if (rc < 0)
        return rr_stop(r, DB_FAIL_NEWTON, "radau: stopped by the system at t=%g (h=%g)", r->x,
                       r->h);
    if (rc > 0) {
        /* a changed system: its E, Jacobian and F(x, y) of the error estimate */
        e_scan(w);
        r->minnewt = w->has_alg ? 2 : 1;
        next = RR_JAC;
        if (eval_f(s, r->x, w->y, w->fy0, r->c))
            return rr_stop(r, DB_FAIL_NONFINITE, "radau: F not finite at t=%g (h=%g)", r->x,
                           r->h);
    }
    return next;
}

/* the simplified Newton iteration: RR_STEP when converged (go on to the
 * error estimate), RR_FAIL on divergence, too many iterations or a value that
 * is not finite, RR_JAC / RR_DEC when the convergence predicted is too slow
 * (h then reduced and the attempt redone) */
static int rr_newton(radau_run *r)
{
    const radau_sys *s = r->s;
    rw *w = &r->w;
    db_counters *c = r->c;
    const int n = r->n, nit = r->nit;
    const double x = r->x, h = r->h, xph = x + h, fnewt = r->fnewt;
    const double fac1 = GAM_U1 / h, alphn = ALPH / h, betan = BETA / h;
    /* a self-checked DAE's F called directly (eval_f's choice made once) */
    const db_dae *dae = s->dae && s->self_checked ? s->dae : NULL;
    r->newt = 0;
    {   /* RADAU5's FACCON = MAX(FACCON, UROUND)**0.8 */
        const double q = db_root5(rr_fmax(r->faccon, UROUND));
        r->faccon = (q * q) * (q * q);
    }
    r->theta = r->thet;
    /* the stage points: of the first iteration from rr_predict, of the next
     * ones from newton_end */
    for (;;) {
        if (r->newt >= nit)
            return RR_FAIL;
        /* stage values of F into z1, z2, z3 */
        int bad = 0;
        if (dae) {
            c->f_evals += 3;
            bad |= dae->rhs(dae, x + C1 * h, w->t1, w->z1) != 0;
            bad |= dae->rhs(dae, x + C2 * h, w->t2, w->z2) != 0;
            bad |= dae->rhs(dae, xph, w->t3, w->z3) != 0;
        } else {
            bad = eval_f_stages(s, x, h, w, c);
        }
        if (bad) {
            r->nonfinite = 1;
            return RR_FAIL;
        }
        /* right-hand sides of the transformed system: E f_k is f_k itself
         * when E is the identity, else formed into t1, t2, t3 first (entry by
         * entry when E is diagonal: the values emul gives) */
        if (w->nnz < 0) {
            newton_rhs(n, fac1, alphn, betan, w->f1, w->f2, w->f3, w->z1, w->z2, w->z3);
        } else if (w->ediag) {
            newton_rhs_ediag(n, fac1, alphn, betan, w->ed, w->f1, w->f2, w->f3, w->z1, w->z2,
                             w->z3);
        } else {
            emul(w, w->f1, w->t1);
            emul(w, w->f2, w->t2);
            emul(w, w->f3, w->t3);
            newton_rhs(n, fac1, alphn, betan, w->t1, w->t2, w->t3, w->z1, w->z2, w->z3);
        }
        db_linsol_solve_both(w->ls, w->z1, w->z2, w->z3);
        c->solves++;
        r->newt++;
        r->newton_iters++;
        const int newt = r->newt;
        double dyno = newton_end(n, w->scal, w->y, w->f1, w->f2, w->f3, w->z1, w->z2, w->z3,
                                 w->t1, w->t2, w->t3);
        dyno = sqrt(dyno / (3.0 * (n > 0 ? n : 1)));
        if (!isfinite(dyno)) {
            r->nonfinite = 1;
            return RR_FAIL;
        }
        /* increments at the level of round-off (e.g. a system at rest) count as
         * converged: their rate Θ is noise, often ≈ 1 */
        const int tiny = dyno <= 0.01 * fnewt;
        /* bad convergence or too many iterations */
        if (newt > 1 && newt < nit && !tiny) {
            const double thq = dyno / r->dynold;
            r->theta = newt == 2 ? thq : sqrt(thq * r->thqold);
            r->thqold = thq;
            if (r->theta < 0.99) {
                r->faccon = r->theta / (1.0 - r->theta);
                const double dyth = r->faccon * dyno * db_powi(r->theta, nit - 1 - newt) / fnewt;
                if (dyth >= 1.0 && !r->fixed) {
                    /* predicted to converge too slowly: smaller step */
                    const double qnewt = rr_fmax(1e-4, rr_fmin(20.0, dyth));
                    r->h *= 0.8 * pow(qnewt, -1.0 / (4.0 + nit - 1 - newt));
                    r->reject = 1;
                    r->last = 0;
                    c->rejected++;
                    if (s->on_slow_convergence)
                        return rr_system_hook(r, s->on_slow_convergence,
                                              r->caljac ? RR_DEC : RR_JAC);
                    return r->caljac ? RR_DEC : RR_JAC;
                }
            } else {
                return RR_FAIL;
            }
        }
        r->dynold = rr_fmax(dyno, UROUND);
        if ((r->faccon * dyno <= fnewt && (newt >= r->minnewt || dyno <= fnewt)) || tiny)
            return RR_STEP;
    }
}

/* out = (e1 z1 + e2 z2 + e3 z3) with e_k = dd_k/h (distinct arrays) */
static inline void err_combine(int n, double hee1, double hee2, double hee3,
                               const double *restrict z1, const double *restrict z2,
                               const double *restrict z3, double *restrict out)
{
    for (int i = 0; i < n; i++)
        out[i] = hee1 * z1[i] + hee2 * z2[i] + hee3 * z3[i];
}

/* err_combine, emul and vsum of the error estimate for a diagonal E in one
 * pass: t2 = E (e·z)/h (as emul: 0 + e_i v_i), t3 = t2 + F(y0) */
static inline void err_rhs_ediag(int n, double hee1, double hee2, double hee3,
                                 const double *restrict ed, const double *restrict z1,
                                 const double *restrict z2, const double *restrict z3,
                                 const double *restrict fy0, double *restrict t2,
                                 double *restrict t3)
{
    for (int i = 0; i < n; i++) {
        const double v = hee1 * z1[i] + hee2 * z2[i] + hee3 * z3[i];
        const double e = 0.0 + ed[i] * v;
        t2[i] = e;
        t3[i] = e + fy0[i];
    }
}

/* the same for any E: t1 = (e·z)/h, t2 = E t1 (kept), t3 = t2 + F(y0) */
RR_COLD static void err_rhs(rw *w, double h)
{
    err_combine(w->n, DD1 / h, DD2 / h, DD3 / h, w->z1, w->z2, w->z3, w->t1);
    emul(w, w->t1, w->t2);
    vsum(w->n, w->t2, w->fy0, w->t3);
}

/* the embedded error estimate into *err (0 with the fixed step); RR_STEP, or
 * RR_FAIL if it is not finite */
static int rr_error(radau_run *r, double *err)
{
    rw *w = &r->w;
    const int n = r->n;
    const double h = r->h;
    *err = 0.0;
    if (r->fixed)
        return RR_STEP;
    if (w->ediag) {
        err_rhs_ediag(n, DD1 / h, DD2 / h, DD3 / h, w->ed, w->z1, w->z2, w->z3, w->fy0, w->t2,
                      w->t3);
    } else {
        err_rhs(w, h);
    }
    db_linsol_solve(w->ls, w->t3);
    r->c->solves++;
    *err = rr_fmax(rms_scaled(w, w->t3), 1e-10);
    if (*err >= 1.0 && (r->first || r->reject)) {
        vsum(n, w->y, w->t3, w->t1);
        if (eval_f(r->s, r->x, w->t1, w->f1, r->c) == 0) {
            vsum(n, w->f1, w->t2, w->t3);
            db_linsol_solve(w->ls, w->t3);
            r->c->solves++;
            *err = rr_fmax(rms_scaled(w, w->t3), 1e-10);
        }
    }
    if (!isfinite(*err)) {
        r->nonfinite = 1;
        return RR_FAIL;
    }
    return RR_STEP;
}

/* continuous output at the requested times inside [x − hold, x] */
static void rr_output(radau_run *r)
{
    rw *w = &r->w;
    const size_t nn = (size_t)r->n;
    if (r->ypout)
        for (int k = 0; k < r->nt0 && r->naccpt == 1; k++)
            dense(w, r->x, r->hold, r->t0, w->t1, r->ypout + (size_t)k * nn);
    while (r->kout < r->nt && (r->tout[r->kout] <= r->x || r->last)) {
        const int k = r->kout;
        dense(w, r->x, r->hold, r->tout[k], r->yout + (size_t)k * nn,
              r->ypout ? r->ypout + (size_t)k * nn : NULL);
        if (r->tout[k] == r->x)
            memcpy(r->yout + (size_t)k * nn, w->y, sizeof(double) * nn);
        r->kout++;
    }
}

/* the accepted stages: y += z3, copied to c0, and the coefficients c1, c2,
 * c3 of the collocation polynomial (distinct arrays); returns 1 if the new
 * y is not finite */
static inline int accept_stages(int n, const double *restrict z1, const double *restrict z2,
                                const double *restrict z3, double *restrict y,
                                double *restrict c0, double *restrict c1, double *restrict c2,
                                double *restrict c3)
{
    double nf = 0.0;
    for (int i = 0; i < n; i++) {
        const double yi = y[i] + z3[i];
        y[i] = yi;
        c0[i] = yi;
        nf += yi - yi;   /* 0 for a finite y_i, NaN otherwise */
        const double z1i = z1[i], z2i = z2[i];
        c1[i] = (z2i - z3[i]) / C2M1;
        const double ak = (z1i - z2i) / C1MC2;
        const double acont3 = (ak - z1i / C1) / C2;
        c2[i] = (ak - c1[i]) / C1M1;
        c3[i] = c2[i] - acont3;
    }
    return !(nf == 0.0);
}

/* the step is accepted: new state, collocation polynomial, hooks, output,
 * F at the new point and the next step size (hnew, quot from step control) */
static int rr_accept(radau_run *r, double err, double hnew, double quot)
{
    const radau_sys *s = r->s;
    rw *w = &r->w;
    const int n = r->n;
    const double h = r->h;
    r->first = 0;
    r->naccpt++;
    r->c->steps++;
    r->nonfinite = 0;
    r->nsing = 0;
    if (!r->fixed && r->p->gustafsson) {
        if (r->naccpt > 1) {
            double facgus = (r->hacc / h) * db_root(err * err / r->erracc, 4) / r->safe;
            facgus = rr_fmax(r->facr, rr_fmin(r->facl, facgus));
            quot = rr_fmax(quot, facgus);
            hnew = h / quot;
        }
        r->hacc = h;
        r->erracc = rr_fmax(1e-2, err);
    }
    r->hold = h;
    if (r->fixed) {
        r->kfixed++;
        r->x = r->kfixed >= r->nfixed ? r->tend
                                      : r->t0 + r->span * ((double)r->kfixed / (double)r->nfixed);
    } else {
        r->x = r->last ? r->tend : r->x + h;
    }
    const int nonfin = accept_stages(n, w->z1, w->z2, w->z3, w->y, w->cont, w->cont + n,
                                     w->cont + 2 * n, w->cont + 3 * n);
    int force_jac = 0;
    if (s->accepted) {
        const int rc = s->accepted(s->ctx, r->x, w->y);
        if (rc < 0)
            return rr_stop(r, DB_FAIL_NEWTON, "radau: stopped by the system at t=%g", r->x, 0);
        force_jac = rc > 0;
        if (force_jac) {
            e_scan(w);
            r->minnewt = w->has_alg ? 2 : 1;
        }
        /* the hook may have changed y: checked and copied again */
        for (int i = 0; i < n; i++)
            if (!isfinite(w->y[i]))
                return rr_stop(r, DB_FAIL_NONFINITE, "radau: solution not finite at t=%g", r->x,
                               0);
        memcpy(w->cont, w->y, sizeof(double) * (size_t)n);
    } else if (nonfin) {
        return rr_stop(r, DB_FAIL_NONFINITE, "radau: solution not finite at t=%g", r->x, 0);
    }
    rr_output(r);
    r->caljac = 0;
    if (r->last)
        return RR_DONE;
    if (eval_f(s, r->x, w->y, w->fy0, r->c))
        return rr_stop(r, DB_FAIL_NONFINITE, "radau: F not finite at t=%g", r->x, 0);
    if (r->fixed) {
        if (r->kfixed + 1 >= r->nfixed) {
            r->last = 1;
            r->h = r->tend - r->x;
        }
        r->reject = 0;
        return RR_JAC;
    }
    hnew = rr_fmin(fabs(hnew), r->hmaxn);
    if (r->reject)
        hnew = rr_fmin(hnew, h);
    r->reject = 0;
    if (r->x + hnew * 1.0001 / r->quot1 - r->tend >= 0) {
        r->h = r->tend - r->x;
        r->last = 1;
    } else {
        const double qt = hnew / h;
        if (r->theta <= r->thet && qt >= r->quot1 && qt <= r->quot2 && !force_jac)
            return RR_STEP;
        r->h = hnew;
    }
    return r->theta <= r->thet && !force_jac ? RR_DEC : RR_JAC;
}

/* step control after the error estimate: accepted (rr_accept) or redone with
 * a smaller step */
static int rr_control(radau_run *r, double err)
{
    /* new step size, hnew/h in [1/facl, 1/facr] */
    const double fac = rr_fmin(r->safe, r->cfac / (r->newt + 2 * r->nit));
    const double quot = rr_fmax(r->facr, rr_fmin(r->facl, db_root(err, 4) / fac));
    const double hnew = r->h / quot;
    if (err < 1.0)
        return rr_accept(r, err, hnew, quot);
    /* step rejected */
    r->reject = 1;
    r->last = 0;
    if (r->first)
        r->h *= 0.1;
    else
        r->h = hnew;
    r->c->rejected++;
    return r->caljac ? RR_DEC : RR_JAC;
}

/* unexpected step rejection (Newton divergence, singular matrix, F failed):
 * h halved, the system's hook asked */
RR_COLD static int rr_newton_failure(radau_run *r)
{
    const radau_sys *s = r->s;
    if (r->fixed)
        return rr_stop(r, DB_FAIL_NEWTON, "radau: Newton failed with the fixed step at t=%g, h=%g",
                       r->x, r->h);
    r->h *= 0.5;
    r->reject = 1;
    r->last = 0;
    r->c->rejected++;
    int next = r->caljac ? RR_DEC : RR_JAC;
    if (s->on_newton_failure)
        return rr_system_hook(r, s->on_newton_failure, next);
    return next;
}

/* one step attempt from x with h, after the Jacobian and decomposition it
 * needs: budgets, prediction, Newton, error estimate, step control */
static int rr_step(radau_run *r)
{
    int next = rr_attempt(r);
    if (next != RR_STEP)
        return next;
    rr_predict(r);
    next = rr_newton(r);
    if (next != RR_STEP)
        return next;
    double err;
    next = rr_error(r, &err);
    if (next != RR_STEP)
        return next;
    return rr_control(r, err);
}

/* the input checked, all faults in one message; 0 or DB_FAIL_INPUT */
RR_COLD static db_status check_input(const radau_sys *s, double t0, const radau_params *p, int nt,
                             const double *tout, char *msg, size_t msglen)
{
    char buf[256];
    int bad = 0;
    size_t len = 0;
    buf[0] = '\0';
#define NOTE(...) do { bad++; if (len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, __VA_ARGS__); } while (0)
    if (!s || !s->rhs || !s->jac || s->n < 0)
        NOTE("bad system; ");
    if (!(p->rtol > 10 * UROUND) || !isfinite(p->rtol))
        NOTE("rtol=%g must be > 1e-15; ", p->rtol);
    if (!(p->atol >= 0) || !isfinite(p->atol))
        NOTE("atol=%g must be >= 0; ", p->atol);
    if (p->h0 < 0 || !isfinite(p->h0))
        NOTE("h0=%g < 0; ", p->h0);
    if (p->fixed && !(p->h0 > 0))
        NOTE("fixed step needs h0 > 0; ");
    if (p->hmax < 0 || !isfinite(p->hmax))
        NOTE("hmax=%g < 0; ", p->hmax);
    if (nt < 1 || !tout)
        NOTE("no output times; ");
    else {
        if (!(tout[0] >= t0))
            NOTE("first output time %g before t0=%g; ", tout[0], t0);
        for (int k = 1; k < nt; k++)
            if (!(tout[k] >= tout[k - 1])) {
                NOTE("output times not increasing at %d; ", k);
                break;
            }
        if (!isfinite(tout[nt - 1]))
            NOTE("end time not finite; ");
    }
#undef NOTE
    if (!bad)
        return DB_OK;
    if (msg && msglen)
        snprintf(msg, msglen, "radau: %s", buf);
    return DB_FAIL_INPUT;
}

/* the constants of the run, the first step size and the outputs at t0;
 * RR_JAC to integrate, RR_DONE when there is nothing to integrate or the
 * start fails (r->st) */
RR_COLD static int rr_start(radau_run *r, const double *y0)
{
    const radau_params *p = r->p;
    const radau_sys *s = r->s;
    rw *w = &r->w;
    const int n = r->n;
    r->span = r->tend - r->t0;
    r->fixed = p->fixed != 0;
    r->nit = p->nit > 0 ? p->nit : (r->fixed ? 30 : 7);
    r->thet = p->thet > 0 ? p->thet : 0.001;
    r->safe = p->safe > 0 ? p->safe : 0.9;
    r->quot1 = p->quot1 > 0 ? p->quot1 : 1.0;
    r->quot2 = p->quot2 > 0 ? p->quot2 : 1.2;
    r->facl = p->facl > 0 ? p->facl : 5.0;
    r->facr = p->facr > 0 ? p->facr : 0.125;
    r->max_steps = p->max_steps > 0 ? p->max_steps : 100000;
    /* tolerance transformation of RADAU5 */
    r->rtol = 0.1 * pow(p->rtol, 2.0 / 3.0);
    r->atol = r->rtol * (p->atol / p->rtol);
    r->fnewt = p->fnewt > 0 ? p->fnewt : fmax(10 * UROUND / r->rtol, fmin(0.03, sqrt(r->rtol)));
    r->cpu0 = p->max_cpu > 0 ? db_cpu_seconds() : 0.0;

    memcpy(w->y, y0, sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        if (!isfinite(w->y[i]))
            return rr_stop(r, DB_FAIL_NONFINITE, "radau: y0[%g] not finite", i, 0);
    /* outputs at t0 (values; derivatives come from the first step's polynomial) */
    while (r->kout < r->nt && r->tout[r->kout] <= r->t0) {
        memcpy(r->yout + (size_t)r->kout * (size_t)n, y0, sizeof(double) * (size_t)n);
        r->kout++;
    }
    r->nt0 = r->kout;
    if (!(r->span > 0)) {
        if (r->ypout) {
            if (eval_f(s, r->t0, w->y, w->fy0, r->c) == 0 && w->nnz < 0)
                for (int k = 0; k < r->nt; k++)
                    memcpy(r->ypout + (size_t)k * (size_t)n, w->fy0, sizeof(double) * (size_t)n);
            else
                for (size_t k = 0; k < (size_t)r->nt * (size_t)n; k++)
                    r->ypout[k] = NAN;
        }
        return RR_DONE;
    }

    r->hmaxn = p->hmax > 0 ? fmin(p->hmax, r->span) : r->span;
    r->x = r->t0;
    r->hacc = 0.0;
    r->erracc = 1.0;
    if (r->fixed) {
        r->nfixed = (long)ceil(r->span / p->h0 * (1.0 - 1e-12));
        if (r->nfixed < 1)
            r->nfixed = 1;
        r->h = r->span / (double)r->nfixed;
    } else {
        r->h = p->h0 > 0 ? p->h0 : 1e-6;
        r->h = fmin(r->h, r->hmaxn);
    }
    r->first = 1;
    if (r->fixed ? r->nfixed == 1 : r->x + r->h * 1.0001 - r->tend >= 0) {
        r->h = r->tend - r->x;
        r->last = 1;
    }
    r->hold = r->h;
    r->faccon = 1.0;
    r->theta = r->thet;
    r->thqold = 1.0;
    r->dynold = 1.0;
    r->cfac = r->safe * (1 + 2 * r->nit);
    /* With algebraic equations a single iteration is accepted only if its
     * increment itself is below fnewt: the rate η = Θ/(1−Θ) carried over from
     * earlier (much smaller) steps can let an iterate through whose constraint
     * residual then keeps the error estimate of every later step above 1 however
     * small h gets (seen on the index-2 pendulum at tol 1e-4). */
    r->minnewt = w->has_alg ? 2 : 1;
    if (eval_f(s, r->x, w->y, w->fy0, r->c))
        return rr_stop(r, DB_FAIL_NONFINITE, "radau: F(t0=%g, y0) not finite", r->t0, 0);
    return RR_JAC;
}

db_status radau_integrate(const radau_sys *s, double t0, const double *y0,
                          const radau_params *p, int nt, const double *tout,
                          double *yout, double *ypout, db_counters *c,
                          char *msg, size_t msglen)
{
    if (msg && msglen)
        msg[0] = '\0';
    if (check_input(s, t0, p, nt, tout, msg, msglen) != DB_OK)
        return DB_FAIL_INPUT;

    const int n = s->n;
    /* structured path: chosen from the system's sparsity (radau_params.linsol) */
    const int sparse = s->jac_sparse && s->colptr && s->rowind && s->E_sp &&
                       db_linsol_kind(n, 1) != NULL && p->linsol != RADAU_LINSOL_DENSE &&
                       p->linsol != RADAU_LINSOL_FULL &&
                       (p->linsol == RADAU_LINSOL_SPARSE || n > RADAU_SPARSE_MIN_N);
    /* dense with the rows y_i' = y_{i+m2} eliminated, unless told otherwise */
    const int reduced = !sparse && s->m1 > 0 && p->linsol != RADAU_LINSOL_FULL;
    radau_run r;
    memset(&r, 0, sizeof r);
    if (rw_alloc(&r.w, s, sparse, reduced))
        return fail(DB_FAIL_MEMORY, msg, msglen, "radau: out of memory (n=%g)", n, 0);
    r.s = s;
    r.p = p;
    r.c = c;
    r.msg = msg;
    r.msglen = msglen;
    r.st = DB_OK;
    r.n = n;
    r.nt = nt;
    r.tout = tout;
    r.yout = yout;
    r.ypout = ypout;
    r.t0 = t0;
    r.tend = tout[nt - 1];

    /* the step loop: Jacobian and decomposition when needed, then a step attempt */
    int next = rr_start(&r, y0);
    while (next != RR_DONE) {
        if (next == RR_JAC)
            next = rr_jacobian(&r);
        if (next == RR_DEC)
            next = rr_decompose(&r);
        if (next == RR_STEP)
            next = rr_step(&r);
        if (next == RR_FAIL)
            next = rr_newton_failure(&r);
    }

    db_counters_set_extra(c, "newton_iters", r.newton_iters);
    if (r.w.ls && r.w.ls->sparse) {
        db_counters_set_extra(c, "sparse_lu", 1);
        db_counters_set_extra(c, "sparse_lu_full", db_linsol_klu_full_count(r.w.ls));
    }
    rw_free(&r.w);
    return r.st;
}
