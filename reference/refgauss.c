/* refgauss.c — s-stage Gauss–Legendre collocation in long double with fixed
 * steps, the check method of the reference path (refgauss.h).
 *
 * The tableau: c_i = (1 + x_i)/2 with x_i the roots of the Legendre polynomial
 * P_s (Newton's method on the three-term recurrence), b_j the Gauss weights,
 * A_ij = ∫_0^{c_i} ℓ_j(τ) dτ with ℓ_j the Lagrange polynomials on the nodes,
 * computed by the s-point Gauss rule on [0, c_i] (exact for degree s − 1).
 *
 * One step from (t0, y0), y = (p, v), F = (v, a): the stage derivatives
 * K_i = F(t0 + c_i h, y0 + h Σ_j A_ij K_j) by fixed-point iteration from the
 * derivative of the previous step's collocation polynomial, extrapolated to
 * the new stages; y1 = y0 + h Σ_j b_j K_j, then p and v projected onto the
 * constraints (refint_model.c) and λ, μ taken from the saddle-point system at
 * the projected state.  A step in which a switching function of the problem
 * changes sign ends just past its zero (refint.h db_refint_land), and the fixed
 * steps go on from there. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refgauss.h"

#define MAX_BREAKS 64
#define MAX_SPLIT 10      /* a step is split at most 10 times (h/1024) */
#define MAX_ITER 80
#define STALL 1e-14L

int db_refgauss_tableau(int s, long double *c, long double *b, long double *A)
{
    if (s < 1 || s > DB_REFGAUSS_MAX_STAGES)
        return -1;
    const long double pi = 3.141592653589793238462643383279502884L;
    for (int i = 0; i < s; i++) {
        /* the i-th root of P_s on [−1, 1], Newton from the usual asymptotic guess */
        long double x = cosl(pi * (i + 0.75L) / (s + 0.5L)), dp = 1.0L;
        for (int it = 0; it < 100; it++) {
            long double p0 = 1.0L, p1 = x;
            for (int k = 2; k <= s; k++) {
                long double pk = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
                p0 = p1;
                p1 = pk;
            }
            if (s == 1)
                p0 = 1.0L;
            /* P_s' = s (x P_s − P_{s−1}) / (x² − 1) */
            dp = s * (x * p1 - p0) / (x * x - 1.0L);
            long double dx = p1 / dp;
            x -= dx;
            if (fabsl(dx) <= 4 * LDBL_EPSILON)
                break;
        }
        /* ascending nodes on [0, 1]; weight 1/((1 − x²) P_s'(x)²) on [0, 1] */
        c[s - 1 - i] = (1.0L + x) / 2.0L;
        b[s - 1 - i] = 1.0L / ((1.0L - x * x) * dp * dp);
    }
    for (int i = 0; i < s; i++)
        for (int j = 0; j < s; j++) {
            long double sum = 0.0L;
            for (int k = 0; k < s; k++) {
                long double tau = c[i] * c[k], l = 1.0L;
                for (int q = 0; q < s; q++)
                    if (q != j)
                        l *= (tau - c[q]) / (c[j] - c[q]);
                sum += b[k] * l;
            }
            A[i * s + j] = c[i] * sum;
        }
    return 0;
}

typedef struct {
    const db_mech *m;
    db_refint_model *w;
    int np, nv, nl, nm, n, s;
    long double c[DB_REFGAUSS_MAX_STAGES], b[DB_REFGAUSS_MAX_STAGES],
        A[DB_REFGAUSS_MAX_STAGES * DB_REFGAUSS_MAX_STAGES];
    long double *y, *y0, *Y, *K, *Kn, *Kp, *lam, *mu, *scale;
    int have_prev;       /* Kp holds the previous step's stage derivatives */
    long double hprev;
    db_refint_stats *st;
    int ns;              /* switching functions (refint.h db_refint_land) */
    double *sw0, *sw1;   /* their values at the step's start and end */
    double *ds0, *ds1;   /* and their rates along the motion */
    double *sc;          /* their values at a stage */
    long double tstep;   /* the start of the step db_refint_land tries */
} gs_state;

/* F(t, y) = (v, a) into F; 0 or −1 */
static int rhs(gs_state *g, long double t, const long double *y, long double *F)
{
    memcpy(F, y + g->np, (size_t)g->nv * sizeof *F);
    return db_refint_accel(g->w, t, y, y + g->np, F + g->np, g->lam, g->mu);
}

/* the starting stage derivatives of a step of size h: the previous step's
 * derivative polynomial (through Kp at its nodes) at the new nodes, or F(t0, y0)
 * at every stage */
static int start_guess(gs_state *g, long double t0, long double h)
{
    int s = g->s, n = g->n;
    if (!g->have_prev) {
        if (rhs(g, t0, g->y, g->K) != 0)
            return -1;
        for (int i = 1; i < s; i++)
            memcpy(g->K + (long)i * n, g->K, (size_t)n * sizeof *g->K);
        return 0;
    }
    for (int i = 0; i < s; i++) {
        long double tau = 1.0L + g->c[i] * h / g->hprev;   /* in units of hprev */
        long double *Ki = g->K + (long)i * n;
        memset(Ki, 0, (size_t)n * sizeof *Ki);
        for (int j = 0; j < s; j++) {
            long double l = 1.0L;
            for (int q = 0; q < s; q++)
                if (q != j)
                    l *= (tau - g->c[q]) / (g->c[j] - g->c[q]);
            const long double *Kj = g->Kp + (long)j * n;
            for (int r = 0; r < n; r++)
                Ki[r] += l * Kj[r];
        }
    }
    return 0;
}

/* the state at stage i of a step of size h from y: y + h Σ_j A_ij K_j into Y */
static void stage_state(gs_state *g, const long double *y, long double h, int i)
{
    int s = g->s, n = g->n;
    for (int r = 0; r < n; r++) {
        long double acc = 0.0L;
        for (int j = 0; j < s; j++)
            acc += g->A[i * s + j] * g->K[(long)j * n + r];
        g->Y[r] = y[r] + h * acc;
    }
}

/* one step of size h from (t0, y) into y; 0, or −1 (no convergence, F failed) */
static int step(gs_state *g, long double t0, long double h)
{
    int s = g->s, n = g->n;
    if (start_guess(g, t0, h) != 0)
        return -1;
    long double dprev = HUGE_VALL;
    for (int it = 0; it < MAX_ITER; it++) {
        long double d = 0.0L;
        for (int i = 0; i < s; i++) {
            stage_state(g, g->y, h, i);
            if (rhs(g, t0 + g->c[i] * h, g->Y, g->Kn + (long)i * n) != 0)
                return -1;
        }
        for (long q = 0; q < (long)s * n; q++) {
            int r = (int)(q % n);
            long double e = h * fabsl(g->Kn[q] - g->K[q]) / g->scale[r];
            if (!(e <= d))
                d = e;
        }
        memcpy(g->K, g->Kn, (size_t)s * n * sizeof *g->K);
        if (!isfinite((double)d))
            return -1;
        if (d <= 64 * LDBL_EPSILON || (d >= dprev && d <= STALL)) {
            for (int r = 0; r < n; r++) {
                long double acc = 0.0L;
                for (int j = 0; j < s; j++)
                    acc += g->b[j] * g->K[(long)j * n + r];
                g->y[r] += h * acc;
            }
            memcpy(g->Kp, g->K, (size_t)s * n * sizeof *g->K);
            g->have_prev = 1;
            g->hprev = h;
            return 0;
        }
        dprev = d;
    }
    return -1;
}

/* the first stage time c_i h (from t0) at which some switching function is on
 * the other side of its value at the step's start (the stage values of the
 * converged step in K, its start in y0): a zero pair inside the step; 0 when
 * there is none */
static long double gs_stage_hint(gs_state *g, long double t0, long double h)
{
    double *sc = g->sc;
    for (int i = 0; i < g->s; i++) {
        stage_state(g, g->y0, h, i);
        if (db_refint_switching(g->w, t0 + g->c[i] * h, g->Y, g->Y + g->np, sc, NULL) != 0)
            return 0.0L;
        for (int k = 0; k < g->ns; k++)
            if (db_refint_crossed(g->sw0[k], sc[k]))
                return g->c[i] * h;
    }
    return 0.0L;
}

/* db_refint_trial: the step of length H from (tstep, y0) (fresh start: no
 * extrapolated guess across a kink), the switching values at its end */
static int gs_trial(void *ctx, long double H, double *sw)
{
    gs_state *g = ctx;
    memcpy(g->y, g->y0, (size_t)g->n * sizeof *g->y);
    g->have_prev = 0;
    if (step(g, g->tstep, H) != 0)
        return -1;
    return db_refint_switching(g->w, g->tstep + H, g->y, g->y + g->np, sw, NULL);
}

/* the switching values at the current (projected) point tb into sw0; a
 * function just landed on (landed, values at the landing in sw1) that the
 * projection moved back over its zero keeps the side it landed on (else the
 * end of an interval shorter than the next step would go unseen) */
static int gs_switch_start(gs_state *g, long double tb, int landed)
{
    if (db_refint_switching(g->w, tb, g->y, g->y + g->np, g->sw0, g->ds0) != 0)
        return -1;
    if (landed)
        db_refint_keep_side(g->ns, g->sw1, g->sw0);
    return 0;
}

/* steps from t0 to t1 (n equal steps), each split in halves when its iteration
 * fails; a step in which a switching function changes sign ends just past its
 * zero and the rest of the interval restarts from there; 0 or −1 */
static int advance(gs_state *g, long double t0, long double t1, long nsteps, int depth,
                   long max_steps)
{
    long double h = (t1 - t0) / nsteps;
    for (long k = 0; k < nsteps; k++) {
        long double ta = t0 + k * h, tb = k == nsteps - 1 ? t1 : t0 + (k + 1) * h;
        memcpy(g->y0, g->y, (size_t)g->n * sizeof *g->y0);   /* for a retry */
        if (step(g, ta, tb - ta) != 0) {
            if (depth >= MAX_SPLIT)
                return -1;
            g->st->rejected++;
            g->have_prev = 0;
            memcpy(g->y, g->y0, (size_t)g->n * sizeof *g->y);
            if (advance(g, ta, tb, 2, depth + 1, max_steps) != 0)
                return -1;
            continue;
        }
        int landed = 0;
        if (g->ns) {
            if (db_refint_switching(g->w, tb, g->y, g->y + g->np, g->sw1, g->ds1) != 0)
                return -1;
            g->tstep = ta;
            long double hint = gs_stage_hint(g, ta, tb - ta);
            long double b = db_refint_land(gs_trial, g, g->ns, g->sw0, g->ds0, tb - ta, g->sw1,
                                           g->ds1, hint, 1e-14L * fmaxl(fabsl(ta), 1.0L));
            if (b < 0.0L)
                return -1;
            if (b < tb - ta) {
                landed = 1;
                g->st->events++;
                g->have_prev = 0;   /* past a kink: no extrapolation across it */
                tb = ta + b;
            }
        }
        if (++g->st->steps > max_steps)
            return -1;
        if (db_refint_project(g->w, tb, g->y, g->y + g->np) != 0)
            return -1;
        if (g->ns && gs_switch_start(g, tb, landed) != 0)
            return -1;
        if (landed) {
            /* the rest of [t0, t1] in steps of about h from the zero */
            long n = (long)ceill((t1 - tb) / h - 1e-9L);
            return tb < t1 ? advance(g, tb, t1, n < 1 ? 1 : n, depth, max_steps) : 0;
        }
    }
    return 0;
}

int db_refgauss_solve(const db_mech *m, const db_refgauss_opts *o, int nt, const double *t,
                      double *p, double *v, double *lam, double *mu, db_refint_stats *st,
                      char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    gs_state g;
    memset(&g, 0, sizeof g);
    g.m = m;
    g.st = st;
    g.np = m->np;
    g.nv = m->nv;
    g.nl = m->nl;
    g.nm = m->nm;
    g.n = m->np + m->nv;
    g.s = o->stages > 0 ? o->stages : 5;
    long max_steps = o->max_steps > 0 ? o->max_steps : 5000000;
    if (nt < 1 || t[0] != m->t0 || !(o->h > 0) || db_refgauss_tableau(g.s, g.c, g.b, g.A)) {
        snprintf(err, errlen, "refgauss: needs a grid from t0, a step h > 0 and 1..%d stages",
                 DB_REFGAUSS_MAX_STAGES);
        return -1;
    }
    size_t n = (size_t)g.n, sn = (size_t)g.s * n;
    g.w = db_refint_model_new(m);
    g.y = calloc(n, sizeof *g.y);
    g.y0 = calloc(n, sizeof *g.y0);
    g.Y = calloc(n, sizeof *g.Y);
    g.K = calloc(sn, sizeof *g.K);
    g.Kn = calloc(sn, sizeof *g.Kn);
    g.Kp = calloc(sn, sizeof *g.Kp);
    g.scale = calloc(n, sizeof *g.scale);
    g.lam = calloc((size_t)g.nl + 1, sizeof *g.lam);
    g.mu = calloc((size_t)g.nm + 1, sizeof *g.mu);
    g.ns = db_refint_nswitch(m);
    g.sw0 = calloc((size_t)g.ns + 1, sizeof *g.sw0);
    g.sw1 = calloc((size_t)g.ns + 1, sizeof *g.sw1);
    g.sc = calloc((size_t)g.ns + 1, sizeof *g.sc);
    g.ds0 = calloc((size_t)g.ns + 1, sizeof *g.ds0);
    g.ds1 = calloc((size_t)g.ns + 1, sizeof *g.ds1);
    double bp[MAX_BREAKS];
    int nb = 0, rc = -1;
    if (!g.w || !g.y || !g.y0 || !g.Y || !g.K || !g.Kn || !g.Kp || !g.scale || !g.lam || !g.mu ||
        !g.sw0 || !g.sw1 || !g.ds0 || !g.ds1 || !g.sc ||
        db_refint_initial(m, g.y, g.lam, g.mu) != 0 ||
        (g.ns && gs_switch_start(&g, m->t0, 0) != 0)) {
        snprintf(err, errlen, "refgauss: out of memory");
        goto done;
    }
    db_refint_store_row(m, 0, g.y, g.lam, g.mu, p, v, lam, mu);
    /* the convergence test of the stage iteration: relative to the larger of
     * |y_i(t0)| and 1 */
    for (size_t i = 0; i < n; i++)
        g.scale[i] = fmaxl(fabsl(g.y[i]), 1.0L);
    nb = db_refint_breakpoints(m, bp, MAX_BREAKS);
    long double tc = m->t0;
    int bi = 0;
    for (int k = 1; k < nt;) {
        long double stop = t[k];
        int at_break = 0, is_bp = 0;
        if (bi < nb && bp[bi] <= stop) {
            at_break = (double)stop != bp[bi];
            stop = bp[bi++];
            is_bp = 1;
        }
        if (stop > tc) {
            long nsteps = (long)ceill((stop - tc) / o->h - 1e-9L);
            if (nsteps < 1)
                nsteps = 1;
            if (advance(&g, tc, stop, nsteps, 0, max_steps) != 0) {
                snprintf(err, errlen, "refgauss: %s near t=%.17g",
                         st->steps > max_steps ? "step budget exhausted"
                                                : "stage iteration did not converge",
                         (double)tc);
                goto done;
            }
            tc = stop;
        }
        if (is_bp)
            g.have_prev = 0;   /* past a kink: no extrapolation across it */
        if (at_break)
            continue;
        /* λ, μ at the projected state */
        long double *F = g.Kn;
        if (rhs(&g, tc, g.y, F) != 0) {
            snprintf(err, errlen, "refgauss: singular saddle-point system at t=%.17g",
                     (double)tc);
            goto done;
        }
        while (k < nt && (double)stop == t[k])
            db_refint_store_row(m, k++, g.y, g.lam, g.mu, p, v, lam, mu);
    }
    rc = 0;
done:
    if (g.w)
        st->accel_evals = db_refint_accel_count(g.w);
    db_refint_model_free(g.w);
    free(g.y); free(g.y0); free(g.Y); free(g.K); free(g.Kn); free(g.Kp); free(g.scale);
    free(g.lam); free(g.mu); free(g.sw0); free(g.sw1); free(g.ds0); free(g.ds1); free(g.sc);
    return rc;
}
