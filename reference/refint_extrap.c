/* refint_extrap.c — the stepper and driver of the reference integrator
 * (refint.h): extrapolated linearly implicit Euler on y = (p, v), y' = F(t, y)
 * = (v, a(t, p, v)), in long double.
 *
 * One step of size H from (t0, y0): for j = 1..K (n_j = j substeps of size
 * h_j = H/n_j), with A an approximation of ∂F/∂y,
 *     (I − h_j A)(y_{i+1} − y_i) = h_j F(t0 + i h_j, y_i),   i = 0..n_j−1,
 * T_{j,1} = y_{n_j} (held as the increment y_{n_j} − y0, whose rounding is far
 * below that of y); the error of this one-step method has an expansion in
 * powers of h_j for any fixed A (Hairer–Wanner, ODE II §IV.9), so Aitken–Neville
 * T_{j,k+1} = T_{j,k} + (T_{j,k} − T_{j−1,k}) / (n_j/n_{j−k} − 1) gives T_{K,K}
 * of order K.  The error estimate is ‖T_{K,K} − T_{K,K−1}‖ (max norm with the
 * weights of refint.h), the step is accepted when it is ≤ 1 and the next step is
 * H · min(3, max(0.2, 0.8 err^(−1/K))).  A is a forward-difference Jacobian,
 * recomputed after a rejection and every JAC_EVERY accepted steps (the order
 * does not depend on A; A only makes the stiff problems stable); the factors of
 * the K matrices I − h_j A are kept while A and H stay (H is held where the
 * control proposes an increase below 1.2).  After every
 * accepted step p and v are projected onto the constraints (refint_model.c).
 * Steps end exactly at the output times and at the problem's breakpoints, and
 * just past each zero of its switching functions (refint.h db_refint_land). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refint.h"

#define JAC_EVERY 8
#define MAX_BREAKS 64

typedef struct {
    const db_mech *m;
    db_refint_model *w;
    int np, nv, nl, nm, n, K;
    long double rtol, atol;
    long double *y, *ynew, *F0, *F, *J, *L, *T, *rhs, *a, *lam, *mu;
    long double gmax[2];          /* largest |p_i| and |v_i| so far */
    long double noise;            /* rounding noise of a (double callbacks), max norm */
    long double amp;              /* noise amplification of the error estimate */
    long double hcur;             /* the step size being tried */
    int *piv;                     /* K pivot vectors of nv, one per L_j */
    long double lu_h;             /* the step size the factors L_j were made for, or 0 */
    int lu_fresh;                 /* 0 after a new Jacobian: the factors are stale */
    db_refint_stats *st;
    int ns;                       /* switching functions (refint.h db_refint_land) */
    double *sw0, *sw1;            /* their values at the step's start and end */
    double *ds0, *ds1;            /* and their rates along the motion */
    long double tstep;            /* the start of the step db_refint_land tries */
    int want_hint;                /* step: look for a zero pair at the substeps */
    long double hint;             /* the first substep time (from the step's start)
                                   * with a switching function on the other side */
    double *sc;                   /* ns scratch values */
} ex_state;

/* F(t, y) = (v, a); 0 or −1 */
static int rhs_eval(ex_state *s, long double t, const long double *y, long double *F)
{
    memcpy(F, y + s->np, (size_t)s->nv * sizeof *F);
    return db_refint_accel(s->w, t, y, y + s->np, F + s->np, s->lam, s->mu);
}

/* the forward-difference Jacobian ∂F/∂y at (t, y) with F0 = F(t, y) */
static int jacobian(ex_state *s, long double t)
{
    int n = s->n, np = s->np, nv = s->nv;
    memset(s->J, 0, (size_t)n * n * sizeof *s->J);
    for (int i = 0; i < nv; i++)
        s->J[i + (long)(np + i) * n] = 1.0L;   /* ∂p'/∂v = I */
    for (int j = 0; j < n; j++) {
        long double yj = s->y[j];
        long double scale = fmaxl(fabsl(yj), s->gmax[j < np ? 0 : 1]);
        long double d = 1.5e-8L * fmaxl(scale, 1e-10L);
        s->y[j] = yj + d;
        d = s->y[j] - yj;
        int rc = rhs_eval(s, t, s->y, s->F);
        s->y[j] = yj;
        if (rc != 0)
            return -1;
        for (int i = 0; i < nv; i++)
            s->J[(np + i) + (long)j * n] = (s->F[np + i] - s->F0[np + i]) / d;
    }
    /* the rounding noise of a: the callbacks see the state rounded to their
     * precision, so moving every component by about one unit of its last place,
     * once forward and once backward, changes a by its noise level; the second
     * difference a(y+u) + a(y−u) − 2 a(y) removes the true (linear) change */
    long double *yt = s->ynew, *Fm = s->rhs;
    long double eps = db_refint_model_long(s->w) ? LDBL_EPSILON : (long double)DBL_EPSILON;
    for (int sign = 0; sign < 2; sign++) {
        for (int j = 0; j < n; j++) {
            long double u = fmaxl(fabsl(s->y[j]), 1e-300L) * eps;
            yt[j] = s->y[j] + (((j & 1) ^ sign) ? u : -u);
        }
        if (rhs_eval(s, t, yt, sign ? s->F : Fm) != 0)
            return -1;
    }
    s->noise = 0.0L;
    for (int i = 0; i < nv; i++)
        s->noise = fmaxl(s->noise,
                         0.5L * fabsl(s->F[np + i] + Fm[np + i] - 2.0L * s->F0[np + i]));
    s->st->jac_evals++;
    s->lu_fresh = 0;
    return 0;
}

/* the weight of component i: the tolerance, floored at the level the rounding
 * noise of the double callbacks reaches in the error estimate (h·noise in v,
 * h²·noise in p, times the amplification of the extrapolation); below that
 * level the estimate measures noise, not truncation error */
static long double weight(const ex_state *s, int i, long double y0, long double y1)
{
    int pgroup = i < s->np;
    long double g = s->gmax[pgroup ? 0 : 1];
    long double floor = s->amp * s->noise * s->hcur * (pgroup ? s->hcur : 1.0L);
    return s->atol + s->rtol * fmaxl(fmaxl(fabsl(y0), fabsl(y1)), g) + floor;
}

/* the amplification of independent unit noise on T_{1,1}..T_{K,1} in the
 * estimate T_{K,K} − T_{K,K−1} (root of the sum of squares) */
static long double amplification(int K)
{
    long double T[32], sum = 0.0L;
    for (int u = 0; u < K && K <= 32; u++) {
        for (int j = 0; j < K; j++)
            T[j] = j == u ? 1.0L : 0.0L;
        long double d = 0.0L;
        for (int k = 1; k < K; k++)
            for (int j = K - 1; j >= k; j--) {
                long double c = 1.0L / ((long double)(j + 1) / (long double)(j + 1 - k) - 1.0L);
                long double dd = c * (T[j] - T[j - 1]);
                T[j] += dd;
                if (k == K - 1)
                    d = dd;
            }
        sum += d * d;
    }
    return sqrtl(sum);
}

/* one step of size H from (t, y) into ynew; *err the scaled error estimate;
 * 0, or −1 when a linear system is singular or F fails (the caller shrinks H) */
static int step(ex_state *s, long double t, long double H, long double *err)
{
    int n = s->n, K = s->K;
    long double *T = s->T;
    s->hcur = H;
    s->hint = 0.0L;
    int np = s->np, nv = s->nv;
    for (int j = 1; j <= K; j++) {
        long double hj = H / j;
        /* (I − h A)(x; y) = (r; s) with A = [0 I; Ap Av]: x = r + h y and
         * (I − h Av − h² Ap) y = s + h Ap r, an nv × nv system */
        /* the factors of L_j for this H and Jacobian are kept: the driver
         * holds H where a small increase was proposed, so they serve again */
        long double *Lj = s->L + (long)(j - 1) * nv * nv;
        int *pj = s->piv + (long)(j - 1) * nv;
        if (!(s->lu_fresh && s->lu_h == H)) {
            for (int c = 0; c < nv; c++)
                for (int i = 0; i < nv; i++) {
                    long double ap = s->J[(np + i) + (long)c * n];
                    long double av = s->J[(np + i) + (long)(np + c) * n];
                    Lj[i + (long)c * nv] = (i == c ? 1.0L : 0.0L) - hj * av - hj * hj * ap;
                }
            if (db_refint_lu(Lj, nv, pj) != 0) {
                s->lu_fresh = 0;
                return -1;
            }
            s->st->lu++;
        }
        /* the tableau holds increments from y0, not values: they are small, so
         * their rounding (which the extrapolation amplifies by its weights,
         * ~3000 for 8 columns) is far below that of |y| (positions ~16 m) */
        long double *yj = T + (long)(j - 1) * n, *Y = s->ynew;
        memset(yj, 0, (size_t)n * sizeof *yj);
        for (int i = 0; i < j; i++) {
            const long double *Fi = s->F0;
            if (i > 0) {
                for (int q = 0; q < n; q++)
                    Y[q] = s->y[q] + yj[q];
                if (rhs_eval(s, t + i * hj, Y, s->F) != 0)
                    return -1;
                Fi = s->F;
                if (s->want_hint && j == K && s->hint == 0.0L) {
                    if (db_refint_switching_with(s->w, t + i * hj, Y, Y + np, s->lam, s->mu,
                                                 s->sc) != 0)
                        return -1;
                    for (int k = 0; k < s->ns; k++)
                        if (db_refint_crossed(s->sw0[k], s->sc[k]))
                            s->hint = i * hj;
                }
            }
            /* r = h F_p, s = h F_v: y-part right-hand side s + h Ap r */
            for (int i = 0; i < nv; i++) {
                long double acc = hj * Fi[np + i];
                for (int c = 0; c < np; c++)
                    acc += hj * s->J[(np + i) + (long)c * n] * (hj * Fi[c]);
                s->rhs[np + i] = acc;
            }
            db_refint_lusolve(Lj, nv, pj, s->rhs + np);
            for (int c = 0; c < np; c++)
                s->rhs[c] = hj * Fi[c] + hj * s->rhs[np + c];
            for (int q = 0; q < n; q++)
                yj[q] += s->rhs[q];
        }
    }
    s->lu_fresh = 1;
    s->lu_h = H;
    /* Aitken–Neville on the first column; before the last sweep T[K−1] is
     * T_{K,K−1} */
    long double e = 0.0L;
    for (int k = 1; k < K; k++)
        for (int j = K - 1; j >= k; j--) {
            long double c = 1.0L / ((long double)(j + 1) / (long double)(j + 1 - k) - 1.0L);
            long double *tj = T + (long)j * n, *tm = T + (long)(j - 1) * n;
            for (int q = 0; q < n; q++) {
                long double d = c * (tj[q] - tm[q]);
                tj[q] += d;
                if (k == K - 1) {
                    long double r = fabsl(d) / weight(s, q, s->y[q], s->y[q] + tj[q]);
                    if (!(r <= e))
                        e = r;
                }
            }
        }
    for (int q = 0; q < n; q++)
        s->ynew[q] = s->y[q] + T[(long)(K - 1) * n + q];
    *err = e;
    return isfinite((double)e) ? 0 : -1;
}

/* db_refint_trial: the step of length H from (tstep, y), the switching values
 * at its end */
static int ex_trial(void *ctx, long double H, double *sw)
{
    ex_state *s = ctx;
    long double e;
    if (step(s, s->tstep, H, &e) != 0)
        return -1;
    return db_refint_switching(s->w, s->tstep + H, s->ynew, s->ynew + s->np, sw, NULL);
}

static void update_gmax(ex_state *s)
{
    for (int i = 0; i < s->n; i++) {
        int g = i < s->np ? 0 : 1;
        s->gmax[g] = fmaxl(s->gmax[g], fabsl(s->y[i]));
    }
}

static void *lalloc(size_t n)
{
    return calloc(n ? n : 1, sizeof(long double));
}

int db_refint_solve(const db_mech *m, const db_refint_opts *o, int nt, const double *t,
                    double *p, double *v, double *lam, double *mu, db_refint_stats *st,
                    char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    if (nt < 1 || t[0] != m->t0) {
        snprintf(err, errlen, "refint: the output grid must start at t0");
        return -1;
    }
    ex_state s;
    memset(&s, 0, sizeof s);
    s.m = m;
    s.st = st;
    s.np = m->np;
    s.nv = m->nv;
    s.nl = m->nl;
    s.nm = m->nm;
    s.n = m->np + m->nv;
    s.K = o->columns > 1 && o->columns <= 32 ? o->columns : 8;
    s.amp = amplification(s.K);
    s.rtol = o->rtol;
    s.atol = o->atol;
    long max_steps = o->max_steps > 0 ? o->max_steps : 2000000;
    size_t n = (size_t)s.n;
    s.w = db_refint_model_new(m);
    s.y = lalloc(n);
    s.ynew = lalloc(n);
    s.F0 = lalloc(n);
    s.F = lalloc(n);
    s.J = lalloc(n * n);
    s.L = lalloc((size_t)s.nv * s.nv * (size_t)s.K);
    s.T = lalloc(n * (size_t)s.K);
    s.rhs = lalloc(n);
    s.a = lalloc((size_t)s.nv);
    s.lam = lalloc((size_t)s.nl);
    s.mu = lalloc((size_t)s.nm);
    s.piv = calloc((size_t)s.nv * (size_t)s.K + n + 1, sizeof *s.piv);
    s.ns = db_refint_nswitch(m);
    s.sw0 = calloc((size_t)s.ns + 1, sizeof *s.sw0);
    s.sw1 = calloc((size_t)s.ns + 1, sizeof *s.sw1);
    s.ds0 = calloc((size_t)s.ns + 1, sizeof *s.ds0);
    s.ds1 = calloc((size_t)s.ns + 1, sizeof *s.ds1);
    s.sc = calloc((size_t)s.ns + 1, sizeof *s.sc);
    double bp[MAX_BREAKS];
    int nb = 0, rc = -1;
    if (!s.w || !s.y || !s.ynew || !s.F0 || !s.F || !s.J || !s.L || !s.T || !s.rhs || !s.a ||
        !s.lam || !s.mu || !s.piv || !s.sw0 || !s.sw1 || !s.ds0 || !s.ds1 ||
        db_refint_initial(m, s.y, s.lam, s.mu) != 0) {
        snprintf(err, errlen, "refint: out of memory");
        goto done;
    }
    /* initial values, the first output row as the problem gives them */
    db_refint_store_row(m, 0, s.y, s.lam, s.mu, p, v, lam, mu);
    update_gmax(&s);
    s.gmax[0] = fmaxl(s.gmax[0], o->scale[0] > 0 ? o->scale[0] : 0.0);
    s.gmax[1] = fmaxl(s.gmax[1], o->scale[1] > 0 ? o->scale[1] : 0.0);
    nb = db_refint_breakpoints(m, bp, MAX_BREAKS);
    long double tc = m->t0;
    long double h = o->fixed_h > 0 ? o->fixed_h : o->h0 > 0 ? o->h0 : 1e-4L * (m->tend - m->t0);
    int k = 1, bi = 0, jac_age = JAC_EVERY, fresh = 0;
    if (rhs_eval(&s, tc, s.y, s.F0) != 0 ||
        (s.ns && db_refint_switching(s.w, tc, s.y, s.y + s.np, s.sw0, s.ds0) != 0)) {
        snprintf(err, errlen, "refint: singular saddle-point system at t0");
        goto done;
    }
    while (k < nt) {
        long double stop = t[k];
        if (bi < nb && bp[bi] < stop)
            stop = bp[bi];
        long double r = stop - tc, hh = h;
        if (o->hmax > 0 && hh > o->hmax)
            hh = o->hmax;
        int land = 0;
        if (hh >= r * (1.0L - 1e-12L)) {
            hh = r;
            land = 1;
        } else if (hh > 0.5L * r)
            hh = 0.5L * r;
        if (jac_age >= JAC_EVERY) {
            if (jacobian(&s, tc) != 0) {
                snprintf(err, errlen, "refint: Jacobian failed at t=%.17g", (double)tc);
                goto done;
            }
            jac_age = 0;
            fresh = 1;
        }
        long double e;
        s.want_hint = s.ns > 0;
        int src = step(&s, tc, hh, &e);
        s.want_hint = 0;
        if (o->fixed_h > 0 && src == 0)
            e = 0.0L;   /* fixed steps: every step accepted */
        if (src != 0 || !(e <= 1.0L)) {
            st->rejected++;
            long double fac = src != 0 ? 0.25L : fmaxl(0.2L, 0.8L * powl(e, -1.0L / s.K));
            h = hh * fac;
            if (!fresh)
                jac_age = JAC_EVERY;  /* the next try with a new Jacobian */
            if (h < 1e-14L * fmaxl(fabsl(tc), 1.0L) || !isfinite((double)h)) {
                snprintf(err, errlen, "refint: step size underflow at t=%.17g", (double)tc);
                goto done;
            }
            continue;
        }
        /* a switching function changes sign in the step: end it just past the
         * zero (no step straddles the kink), the step size kept for the next */
        int landed = 0;
        if (s.ns) {
            if (db_refint_switching(s.w, tc + hh, s.ynew, s.ynew + s.np, s.sw1, s.ds1) != 0) {
                snprintf(err, errlen, "refint: switching functions failed at t=%.17g",
                         (double)(tc + hh));
                goto done;
            }
            s.tstep = tc;
            long double b = db_refint_land(ex_trial, &s, s.ns, s.sw0, s.ds0, hh, s.sw1, s.ds1,
                                           s.hint, 1e-14L * fmaxl(fabsl(tc), 1.0L));
            if (b < 0.0L) {
                snprintf(err, errlen, "refint: event location failed at t=%.17g", (double)tc);
                goto done;
            }
            if (b < hh) {
                landed = 1;
                st->events++;
                land = 0;
                hh = b;
            }
        }
        /* accepted */
        st->steps++;
        if (st->steps > max_steps) {
            snprintf(err, errlen, "refint: more than %ld steps", max_steps);
            goto done;
        }
        tc = land ? stop : tc + hh;
        memcpy(s.y, s.ynew, n * sizeof *s.y);
        if (db_refint_project(s.w, tc, s.y, s.y + s.np) != 0) {
            snprintf(err, errlen, "refint: projection failed at t=%.17g", (double)tc);
            goto done;
        }
        update_gmax(&s);
        if (rhs_eval(&s, tc, s.y, s.F0) != 0) {
            snprintf(err, errlen, "refint: singular saddle-point system at t=%.17g",
                     (double)tc);
            goto done;
        }
        for (size_t i = 0; i < n; i++)
            if (!isfinite((double)s.y[i])) {
                snprintf(err, errlen, "refint: non-finite values at t=%.17g", (double)tc);
                goto done;
            }
        long double hn = hh * fminl(3.0L, fmaxl(0.2L, 0.8L * powl(fmaxl(e, 1e-30L),
                                                                -1.0L / s.K)));
        if (hn >= hh && hn <= 1.2L * hh)
            hn = hh;   /* hold H: the factors of this step serve the next */
        h = (land || landed) && hh < h ? fmaxl(hn, h) : hn;
        if (o->fixed_h > 0)
            h = o->fixed_h;
        jac_age++;
        fresh = 0;
        if (s.ns) {
            /* the values at the (projected) new point; a function just landed
             * on that projection moved back over its zero keeps the side it
             * landed on (else the end of a short interval would go unseen) */
            double *keep = s.sw1;
            if (db_refint_switching(s.w, tc, s.y, s.y + s.np, s.sw0, s.ds0) != 0) {
                snprintf(err, errlen, "refint: switching functions failed at t=%.17g",
                         (double)tc);
                goto done;
            }
            if (landed) {
                db_refint_keep_side(s.ns, keep, s.sw0);
                jac_age = JAC_EVERY;  /* past a kink: a new Jacobian */
            }
        }
        if (land) {
            if (bi < nb && (double)stop == bp[bi]) {
                bi++;
                jac_age = JAC_EVERY;  /* past a kink: a new Jacobian */
            }
            while (k < nt && (double)stop == t[k])
                db_refint_store_row(m, k++, s.y, s.lam, s.mu, p, v, lam, mu);
        }
    }
    st->accel_evals = db_refint_accel_count(s.w);
    rc = 0;
done:
    if (rc != 0 && s.w)
        st->accel_evals = db_refint_accel_count(s.w);
    db_refint_model_free(s.w);
    free(s.y); free(s.ynew); free(s.F0); free(s.F); free(s.J); free(s.L); free(s.T);
    free(s.rhs); free(s.a); free(s.lam); free(s.mu); free(s.piv);
    free(s.sw0); free(s.sw1); free(s.ds0); free(s.ds1); free(s.sc);
    return rc;
}
