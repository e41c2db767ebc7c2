/* rosnys.c — state-space Rosenbrock–Nyström integrator for the index-3 equations of
 * motion (EoM) by generalized coordinate partitioning.
 *
 * Source: Sandu, Negrut, Haug, Potra, Sandu, "Rosenbrock–Nyström integrators for
 * SODE of multibody dynamics" (seed 004):
 *   partitioning   §1 (4)–(8): dependent coordinates u = the first n_λ pivot columns
 *                  of a column-pivoted QR of G (LAPACK dgeqp3, in place of the
 *                  paper's Gauss–Jordan with full pivoting); repartition when the
 *                  condition estimate ‖G‖₁‖G_u⁻¹‖₁ (dgecon) exceeds that at the
 *                  last partitioning by more than 25 % (§4, Step 14; the paper's
 *                  cond(G_u) is scaled by ‖G‖/‖G_u‖ so that it means something for
 *                  a single constraint, where cond(G_u) ≡ 1)
 *   state space    u from g(t, u, v) = 0 by Newton, u' from G_u u' = −G_v v' − g_t,
 *                  v'' from the acceleration-level system (3) [M Gᵀ; G 0](q'', λ) =
 *                  (f, −κ_g); this is M̂⁻¹ Q̂ of (9)–(10)
 *   method         4-stage, order-4, L-stable Rosenbrock formula with embedded order 3
 *                  and 3 function evaluations (α4j = α3j, (39)), coefficients of §4 in
 *                  the transformed form of Theorem 2.1 (a_ij, c_ij, m_i, m̂_i, α_i,
 *                  γ_i, second table of §4).  Seed errata (checked against the order
 *                  conditions (36a–h), which then hold to 1e-16): γ21 = −2.3419931…
 *                  (printed +), a21 = 2.0 (printed 0.2).  The stages are solved with
 *                  the Nyström reduction S = I − hγJ2 − h²γ²J1 of (25e).
 *   W variant      opts->variant "w": the 2-stage order-2 W-method of Verwer et al.
 *                  (table of §4); "fixed" (combinable: "w,fixed") takes constant
 *                  steps opts->h0 without error control
 *   Jacobian       J1 = ∂v''/∂v, J2 = ∂v''/∂v' (26) by the chain rule through the
 *                  dependent coordinates (the content of (27)–(35), derived here in
 *                  matrix form): with K = dq/dv = [I; −G_u⁻¹G_v] and
 *                  ∂q'/∂v = −E_u G_u⁻¹ ((Gq')_p + G_t) K,
 *                  [M, Gᵀ−f_λ; G, 0] δ(q'', λ) = ([f_p − (Mq'')_p − (Gᵀλ)_p] δq + f_v δq',
 *                                               −[κ_p + (Gq'')_p] δq − κ_v δq'),
 *                  from the problem's analytic force_jac, Mw_p, GTl_p, Gw_p, g_tp,
 *                  kappa_g_jac (mechfd.h falls back to FD only where one is absent)
 *   step control   (13)–(16): err = RMS of (x − x̂)/(atol + rtol max(|x_n|, |x_n+1|))
 *                  over independent positions and velocities; fac 0.9, facmin 0.2,
 *                  facmax 6
 *   dense output   cubic Hermite in the independent coordinates (values and first
 *                  derivatives at both ends; its derivative gives the velocities), then
 *                  the state-space recovery; the end accelerations are not used (stiff)
 *   f_t            ∂f/∂t of (25f) by a central difference at every step (2 more
 *                  evaluations of the state-space function; no autonomy shortcut:
 *                  a zero f_t at t0 does not make a problem autonomous)
 * Formulation: EoM only; n_μ > 0 (nonholonomic) → DB_FAIL_INPUT (the paper covers
 * holonomic constraints only, §4).
 * Counters: steps, rejected, f_evals (model evaluations: one per state-space point,
 * where M, G and f are evaluated together, plus finite-difference ones), jac_evals, decompositions,
 * solves; extra "repartitions".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linalg.h"
#include "mexx_mech.h"
#include "solver.h"

void dgecon_(const char *norm, const int *n, const double *a, const int *lda,
             const double *anorm, double *rcond, double *work, int *iwork, int *info,
             size_t norm_len);

/* ---- coefficients (seed 004 §4, transformed form of Theorem 2.1) ------------- */
typedef struct {
    int s, order_est;         /* stages; order q of the error estimate (exponent 1/(q+1)) */
    int reuse_last;           /* stage s evaluates F at the same point as stage s−1 */
    double gamma;
    double a[4][4], c[4][4];  /* a_ij, c_ij (j < i) */
    double alpha[4], gam[4];  /* α_i, γ_i */
    double m[4], mh[4];
} rn_coef;

static const rn_coef rn4 = {
    .s = 4, .order_est = 3, .reuse_last = 1,
    .gamma = 0.57281606,
    .a = { { 0 }, { 2.0 },   /* printed 0.2; 2.0 = α21/γ */
           { 1.86794814949823713234476, 0.23444556851723885002322 },
           { 1.86794814949823713234476, 0.23444556851723885002322, 0.0 } },
    .c = { { 0 }, { -7.137649943349979830369260 },
           { 2.580923666509657714488050, 0.651629887302032023387417 },
           { -2.137115266506619116806370, -0.321469531339951070769241,
             -0.694966049282445225157329 } },
    .alpha = { 0.0, 1.145632120, 0.655214975973133829477748, 0.655214975973133829477748 },
    .gam = { 0.57281606, -1.769177067112013949170520, 0.759293964293209853670967,
             -0.104894621490955803206743 },
    .m = { 2.255566228604565243728840, 0.287055063194157607662630,
           0.435311963379983213402707, 1.093507656403247803214820 },
    .mh = { 2.068399160527583734258670, 0.238681352067532797956493,
            0.363373345435391708261747, 0.366557127936155144309163 },
};

static const rn_coef rnw = {   /* W-method, Verwer et al., table of seed 004 §4 */
    .s = 2, .order_est = 1, .reuse_last = 0,
    .gamma = 1.70710678118650,
    .a = { { 0 }, { 0.58578643762690 } },
    .c = { { 0 }, { -1.17157287525380 } },
    .alpha = { 0.0, 1.0 },
    .gam = { 1.70710678118650, -1.70710678118650 },
    .m = { 0.87867965644040, 0.29289321881340 },
    .mh = { 1.17157287525380, 0.58578643762690 },
};

typedef struct {
    db_mm mm;
    const db_dae *d;
    const db_mech *me;
    int n, m, nd;                 /* coordinates, constraints, degrees of freedom */
    int *dep, *ind;               /* partition: dependent [m], independent [nd] */
    int *jpvt;
    double cond0;                 /* condition estimate at the last partitioning */
    long nrepart, njac, ndec_extra, nsol_extra;
    db_lu gu;                     /* LU of G_u */
    db_lu wl;                     /* LU of W = I/(hγ) − J2 − hγ J1 */
    double *Gq, *qrw, *tau, *work; int lwork;
    double *gv, *dwork; int *iwork;
    /* full state at the step start and its a, λ */
    double *q, *qd, *acc, *lam;
    /* stage scratch */
    double *qs, *qds, *accs, *lams;
    /* Jacobian pieces */
    double *K, *Pq, *X, *fp, *fv, *fl, *fm, *Mwp, *GTlp, *kp, *kv, *Gwp, *gtp, *R, *J1, *J2;
    /* Rosenbrock vectors (2 nd each) */
    double *x, *xs, *u[4], *Fs, *Ft, *xn, *er, *rhs, *F0;
    /* dense output */
    double *y0d, *y1d, *a0d, *a1d;
    double *qe, *qde, *acce, *lame;   /* state at the step end */
    double *yrow;                 /* [d->n]: a step point in the DAE's layout (db_step_point) */
} rn_ws;

static double *rn_new(size_t n) { return calloc(n ? n : 1, sizeof(double)); }

static void rn_free(rn_ws *w)
{
    db_mm_free(&w->mm);
    db_lu_free(&w->gu);
    db_lu_free(&w->wl);
    free(w->dep); free(w->ind); free(w->jpvt);
    double **ps[] = { &w->Gq, &w->qrw, &w->tau, &w->work, &w->gv, &w->dwork, &w->q, &w->qd,
                      &w->acc, &w->lam, &w->qs, &w->qds, &w->accs, &w->lams, &w->K, &w->Pq,
                      &w->X, &w->fp, &w->fv, &w->fl, &w->fm, &w->Mwp, &w->GTlp, &w->kp,
                      &w->kv, &w->Gwp, &w->gtp, &w->R, &w->J1, &w->J2, &w->x, &w->xs,
                      &w->u[0], &w->u[1], &w->u[2], &w->u[3], &w->Fs, &w->Ft, &w->xn,
                      &w->er, &w->rhs, &w->F0, &w->y0d, &w->y1d, &w->a0d, &w->a1d, &w->qe,
                      &w->qde, &w->acce, &w->lame };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
        free(*ps[i]);
        *ps[i] = NULL;
    }
    free(w->iwork);
    free(w->yrow);
    w->yrow = NULL;
}

static int rn_alloc(rn_ws *w, const db_dae *d)
{
    memset(w, 0, sizeof *w);
    w->d = d;
    w->me = d->mech;
    w->n = w->me->np;
    w->m = w->me->nl;
    w->nd = w->n - w->m;
    if (db_mm_init(&w->mm, w->me))
        return -1;
    size_t n = (size_t)w->n, m = (size_t)w->m, nd = (size_t)w->nd, N = n + m;
    w->dep = calloc(m ? m : 1, sizeof(int));
    w->ind = calloc(nd ? nd : 1, sizeof(int));
    w->jpvt = calloc(n ? n : 1, sizeof(int));
    w->iwork = calloc(m ? m : 1, sizeof(int));
    if (!(w->yrow = rn_new((size_t)d->n)))
        return -1;
    if (db_lu_alloc(&w->gu, w->m) || db_lu_alloc(&w->wl, w->nd))
        return -1;
    w->lwork = (int)(3 * n + 1 + 64 * (n + 1));
    double **ps[] = { &w->Gq, &w->qrw, &w->tau, &w->work, &w->gv, &w->dwork };
    size_t sz[] = { m * n, m * n, n, (size_t)w->lwork, m, 4 * m };
    for (int i = 0; i < 6; i++)
        if (!(*ps[i] = rn_new(sz[i])))
            return -1;
    double **vs[] = { &w->q, &w->qd, &w->acc, &w->lam, &w->qs, &w->qds, &w->accs, &w->lams,
                      &w->qe, &w->qde, &w->acce, &w->lame };
    size_t vz[] = { n, n, n, m, n, n, n, m, n, n, n, m };
    for (int i = 0; i < 12; i++)
        if (!(*vs[i] = rn_new(vz[i])))
            return -1;
    double **js[] = { &w->K, &w->Pq, &w->X, &w->fp, &w->fv, &w->fl, &w->fm, &w->Mwp,
                      &w->GTlp, &w->kp, &w->kv, &w->Gwp, &w->gtp, &w->R, &w->J1, &w->J2 };
    size_t jz[] = { n * nd, n * nd, m * n, n * n, n * n, n * m, n, n * n, n * n, m * n, m * n,
                    m * n, m * n, N * 2 * nd, nd * nd, nd * nd };
    for (int i = 0; i < 16; i++)
        if (!(*js[i] = rn_new(jz[i])))
            return -1;
    double **xs[] = { &w->x, &w->xs, &w->u[0], &w->u[1], &w->u[2], &w->u[3], &w->Fs, &w->Ft,
                      &w->xn, &w->er, &w->rhs, &w->F0, &w->y0d, &w->y1d, &w->a0d, &w->a1d };
    for (int i = 0; i < 16; i++)
        if (!(*xs[i] = rn_new(2 * nd)))
            return -1;
    if (!w->dep || !w->ind || !w->jpvt || !w->iwork)
        return -1;
    return 0;
}

/* factor G_u (columns dep of G = mm.G) into w->gu; rcond estimate into *cond */
static int rn_factor_gu(rn_ws *w, double *cond)
{
    const int m = w->m;
    double anorm = 0;
    for (int j = 0; j < m; j++) {
        double s = 0;
        for (int i = 0; i < m; i++) {
            double v = w->mm.G[(size_t)w->dep[j] * m + i];
            w->gu.a[(size_t)j * m + i] = v;
            s += fabs(v);
        }
        anorm = fmax(anorm, s);
    }
    if (db_lu_factor(&w->gu))
        return 1;
    w->ndec_extra++;
    if (cond) {
        double rc = 0;
        int info = 0;
        if (m > 0)
            dgecon_("1", &m, w->gu.a, &m, &anorm, &rc, w->dwork, w->iwork, &info, 1);
        /* ‖G‖₁ ‖G_u⁻¹‖₁ = ‖G‖₁ / (rcond ‖G_u‖₁): the sensitivity of the dependent
         * coordinates, which unlike cond(G_u) also moves when n_λ = 1 */
        double gnorm = 0;
        for (int j = 0; j < w->n; j++) {
            double s = 0;
            for (int i = 0; i < m; i++)
                s += fabs(w->mm.G[(size_t)j * m + i]);
            gnorm = fmax(gnorm, s);
        }
        *cond = (m > 0 && rc > 0) ? gnorm / (rc * anorm) : (m > 0 ? INFINITY : 1.0);
    }
    return 0;
}

/* partition from a column-pivoted QR of G(t, q) */
static int rn_partition(rn_ws *w, double t, const double *q)
{
    const int m = w->m, n = w->n;
    db_mm_C(&w->mm, t, q);
    memcpy(w->qrw, w->mm.G, sizeof(double) * (size_t)m * (size_t)n);
    memset(w->jpvt, 0, sizeof(int) * (size_t)n);
    int info = 0;
    if (m > 0)
        dgeqp3_(&m, &n, w->qrw, &m, w->jpvt, w->tau, w->work, &w->lwork, &info);
    if (info)
        return 1;
    for (int j = 0; j < m; j++)
        w->dep[j] = w->jpvt[j] - 1;
    int k = 0;
    for (int i = 0; i < n; i++) {
        int dp = 0;
        for (int j = 0; j < m; j++)
            if (w->dep[j] == i)
                dp = 1;
        if (!dp)
            w->ind[k++] = i;
    }
    return rn_factor_gu(w, &w->cond0);
}

/* state-space evaluation at (t, y, y'): dependent positions by Newton (start from
 * qstart), velocities, accelerations and λ (start from lamstart); outputs in
 * q, qd, acc, lam; y'' into ydd.  0 or nonzero (Newton failure / singular). */
static int rn_eval(rn_ws *w, double t, const double *y, const double *yd, const double *qstart,
                   const double *lamstart, double *q, double *qd, double *acc, double *lam,
                   double *ydd)
{
    const int m = w->m, nd = w->nd, n = w->n;
    db_mm *mm = &w->mm;
    memcpy(q, qstart, sizeof(double) * (size_t)n);
    for (int i = 0; i < nd; i++)
        q[w->ind[i]] = y[i];
    int ok = m == 0;
    for (int it = 0; it < 15 && m > 0; it++) {
        db_mm_g(mm, t, q, w->gv);
        db_mm_C(mm, t, q);
        if (rn_factor_gu(w, NULL))
            return 1;
        db_lu_solve(&w->gu, w->gv);
        w->nsol_extra++;
        double dn = 0, qn = 0;
        for (int j = 0; j < m; j++) {
            q[w->dep[j]] -= w->gv[j];
            dn = fmax(dn, fabs(w->gv[j]));
            qn = fmax(qn, fabs(q[w->dep[j]]));
        }
        if (!isfinite(dn))
            return 1;
        if (dn <= 1e-14 * (1.0 + qn)) {
            ok = 1;
            break;
        }
    }
    if (!ok)
        return 1;
    if (m > 0) {
        db_mm_C(mm, t, q);          /* G and G_u at the converged point */
        if (rn_factor_gu(w, NULL))
            return 1;
    }
    /* velocities: G_u u' = −G_v v' − g_t */
    for (int i = 0; i < nd; i++)
        qd[w->ind[i]] = yd[i];
    if (m > 0) {
        db_mm_c0(mm, t, q, w->gv);
        for (int j = 0; j < m; j++) {
            double s = w->gv[j];
            for (int i = 0; i < nd; i++)
                s += mm->G[(size_t)w->ind[i] * m + j] * yd[i];
            w->gv[j] = -s;
        }
        db_lu_solve(&w->gu, w->gv);
        w->nsol_extra++;
        for (int j = 0; j < m; j++)
            qd[w->dep[j]] = w->gv[j];
    }
    memcpy(lam, lamstart, sizeof(double) * (size_t)m);
    if (db_mm_accel(mm, t, q, qd, acc, lam))
        return 1;
    for (int i = 0; i < nd; i++) {
        ydd[i] = acc[w->ind[i]];
        if (!isfinite(ydd[i]))
            return 1;
    }
    return 0;
}

/* J1, J2 at the consistent state (t, q, qd, acc, lam); mm.G and w->gu must hold
 * G(q) and its G_u factors (true right after rn_eval at that state) */
static int rn_jac(rn_ws *w, double t, const double *q, const double *qd, const double *acc,
                  const double *lam)
{
    const int n = w->n, m = w->m, nd = w->nd, N = n + m;
    db_mm *mm = &w->mm;
    db_mechfd *fd = &mm->fd;
    const double *L = lam;
    double mu0 = 0;
    w->njac++;
    /* K = [I; −G_u⁻¹ G_v] scattered to coordinates */
    memset(w->K, 0, sizeof(double) * (size_t)n * nd);
    for (int i = 0; i < nd; i++) {
        double *Ki = w->K + (size_t)i * n;
        Ki[w->ind[i]] = 1.0;
        for (int j = 0; j < m; j++)
            w->gv[j] = -mm->G[(size_t)w->ind[i] * m + j];
        if (m) { db_lu_solve(&w->gu, w->gv); w->nsol_extra++; }
        for (int j = 0; j < m; j++)
            Ki[w->dep[j]] = w->gv[j];
    }
    /* X = (G q')_p + G_t  (m×n); Pq = −E_u G_u⁻¹ X K */
    if (m) {
        db_mechd_Gw_p(fd, t, q, qd, w->X);
        if (w->me->g_t) {
            db_mechd_g_tp(fd, t, q, w->gtp);
            for (int i = 0; i < m * n; i++)
                w->X[i] += w->gtp[i];
        }
    }
    memset(w->Pq, 0, sizeof(double) * (size_t)n * nd);
    for (int i = 0; i < nd && m; i++) {
        for (int j = 0; j < m; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += w->X[(size_t)k * m + j] * w->K[(size_t)i * n + k];
            w->gv[j] = -s;
        }
        db_lu_solve(&w->gu, w->gv);
        w->nsol_extra++;
        for (int j = 0; j < m; j++)
            w->Pq[(size_t)i * n + w->dep[j]] = w->gv[j];
    }
    /* derivative pieces */
    db_mechd_force_jac(fd, t, q, qd, L, &mu0, w->fp, w->fv, w->fl, w->fm);
    if (w->me->flags & DB_MASS_CONST)
        memset(w->Mwp, 0, sizeof(double) * (size_t)n * n);
    else
        db_mechd_Mw_p(fd, t, q, acc, w->Mwp);
    if (m) {
        db_mechd_GTl_p(fd, t, q, L, w->GTlp);
        db_mechd_kappa_g_jac(fd, t, q, qd, w->kp, w->kv);
        db_mechd_Gw_p(fd, t, q, acc, w->Gwp);
    }
    for (int i = 0; i < n * n; i++)
        w->fp[i] -= w->Mwp[i] + (m ? w->GTlp[i] : 0.0);          /* R_q */
    for (int i = 0; i < m * n; i++)
        w->kp[i] = -(w->kp[i] + w->Gwp[i]);                      /* −(κ_p + (Gq'')_p) */
    /* right-hand sides: columns 0..nd-1 for J1, nd..2nd-1 for J2 */
    double *R = w->R;
    for (int c = 0; c < nd; c++) {
        const double *Kc = w->K + (size_t)c * n, *Pc = w->Pq + (size_t)c * n;
        double *r1 = R + (size_t)c * N, *r2 = R + (size_t)(nd + c) * N;
        for (int i = 0; i < n; i++) {
            double s1 = 0, s2 = 0;
            for (int k = 0; k < n; k++) {
                s1 += w->fp[(size_t)k * n + i] * Kc[k] + w->fv[(size_t)k * n + i] * Pc[k];
                s2 += w->fv[(size_t)k * n + i] * Kc[k];
            }
            r1[i] = s1;
            r2[i] = s2;
        }
        for (int j = 0; j < m; j++) {
            double s1 = 0, s2 = 0;
            for (int k = 0; k < n; k++) {
                s1 += w->kp[(size_t)k * m + j] * Kc[k] - w->kv[(size_t)k * m + j] * Pc[k];
                s2 -= w->kv[(size_t)k * m + j] * Kc[k];
            }
            r1[n + j] = s1;
            r2[n + j] = s2;
        }
    }
    db_mm_mass(mm, t, q);
    db_mm_C(mm, t, q);
    const int flam = (w->me->flags & DB_F_LAMBDA) && m > 0;
    if (db_saddle_factor(&mm->sv, mm->M, mm->C, flam ? w->fl : NULL))
        return 1;
    mm->ndec++;
    db_saddle_solve(&mm->sv, R, 2 * nd);
    mm->nsol++;
    for (int c = 0; c < nd; c++)
        for (int i = 0; i < nd; i++) {
            w->J1[(size_t)c * nd + i] = R[(size_t)c * N + w->ind[i]];
            w->J2[(size_t)c * nd + i] = R[(size_t)(nd + c) * N + w->ind[i]];
        }
    return 0;
}

/* F(t, x) = (y', y'') for x = (y, y'), using the step-start state as Newton start */
static int rn_F(rn_ws *w, double t, const double *x, double *F)
{
    const int nd = w->nd;
    memcpy(F, x + nd, sizeof(double) * (size_t)nd);
    return rn_eval(w, t, x, x + nd, w->q, w->lam, w->qs, w->qds, w->accs, w->lams, F + nd);
}

/* the state (q, q', a, λ) in the DAE's layout into o[d->n] */
static void rn_row(const rn_ws *w, double *o, const double *q, const double *qd,
                   const double *acc, const double *lam)
{
    const db_dae *d = w->d;
    memset(o, 0, sizeof(double) * (size_t)d->n);
    if (d->off_p >= 0) memcpy(o + d->off_p, q, sizeof(double) * (size_t)w->n);
    if (d->off_v >= 0) memcpy(o + d->off_v, qd, sizeof(double) * (size_t)w->n);
    if (d->off_a >= 0) memcpy(o + d->off_a, acc, sizeof(double) * (size_t)w->n);
    if (d->off_l >= 0) memcpy(o + d->off_l, lam, sizeof(double) * (size_t)w->m);
}

static void rn_put(const rn_ws *w, db_output *out, int k, const double *q, const double *qd,
                   const double *acc, const double *lam)
{
    rn_row(w, out->y + (size_t)k * w->d->n, q, qd, acc, lam);
}

static db_status rn_fail(char *msg, size_t len, db_status s, const char *what, double t)
{
    if (msg && len)
        snprintf(msg, len, "rosnys: %s at t = %.6g", what, t);
    return s;
}

static int rn_has(const char *variant, const char *tok)
{
    if (!variant)
        return 0;
    size_t l = strlen(tok);
    for (const char *s = variant; *s;) {
        const char *e = strchr(s, ',');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n == l && strncmp(s, tok, l) == 0)
            return 1;
        if (!e)
            break;
        s = e + 1;
    }
    return 0;
}

/* the classes of problems the state-space method covers (solver.h "supports") */
static int rn_supports(const db_dae *d, char *msg, size_t msglen)
{
    if (!d || !d->mech || d->form != DB_EOM) {
        if (msg) snprintf(msg, msglen, "rosnys: needs formulation EoM with its mechanical system");
        return 0;
    }
    const db_mech *me = d->mech;
    if (me->nm > 0) {
        if (msg) snprintf(msg, msglen, "rosnys: nonholonomic constraints (n_mu = %d) are not "
                          "supported by the state-space method (seed 004 covers holonomic only)", me->nm);
        return 0;
    }
    if (me->np != me->nv || me->nl >= me->np) {
        if (msg) snprintf(msg, msglen, "rosnys: needs n_p = n_v > n_lambda");
        return 0;
    }
    return 1;
}

static db_status rn_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                              db_counters *c, char *msg, size_t msglen)
{
    if (msg && msglen) msg[0] = '\0';
    memset(c, 0, sizeof *c);
    if (!rn_supports(d, msg, msglen))
        return DB_FAIL_INPUT;
    if (!out || out->nt < 1 || !out->t || !out->y || !(o->rtol > 0) || !(o->atol >= 0)) {
        if (msg) snprintf(msg, msglen, "rosnys: bad options or output grid");
        return DB_FAIL_INPUT;
    }
    for (const char *s = o->variant; s && *s;) {
        const char *e = strchr(s, ',');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (!((n == 1 && s[0] == 'w') || (n == 5 && strncmp(s, "fixed", 5) == 0))) {
            if (msg) snprintf(msg, msglen, "rosnys: unknown variant '%s' (w, fixed, w,fixed)", o->variant);
            return DB_FAIL_INPUT;
        }
        s = e ? e + 1 : s + n;
    }
    const int fixed = rn_has(o->variant, "fixed");
    const rn_coef *cf = rn_has(o->variant, "w") ? &rnw : &rn4;
    if (fixed && !(o->h0 > 0)) {
        if (msg) snprintf(msg, msglen, "rosnys: variant 'fixed' needs opts->h0 > 0");
        return DB_FAIL_INPUT;
    }
    rn_ws W, *w = &W;
    if (rn_alloc(w, d)) {
        rn_free(w);
        if (msg) snprintf(msg, msglen, "rosnys: out of memory");
        return DB_FAIL_MEMORY;
    }
    const int n = w->n, m = w->m, nd = w->nd, n2 = 2 * nd;
    const long max_steps = o->max_steps > 0 ? o->max_steps : 100000;
    const double cpu0 = db_cpu_seconds(), atol = o->atol, rtol = o->rtol;
    db_status st = DB_OK;
    long nacc = 0, nrej = 0;
    double t = d->t0;
    const double tend = out->t[out->nt - 1];
    int iout = 0;

    /* initial state: d->y0 (consistent), partition, state-space recovery */
    memcpy(w->q, d->y0 + d->off_p, sizeof(double) * (size_t)n);
    memcpy(w->qd, d->y0 + d->off_v, sizeof(double) * (size_t)n);
    for (int j = 0; j < m; j++) w->lam[j] = d->off_l >= 0 ? d->y0[d->off_l + j] : 0.0;
    if (rn_partition(w, t, w->q)) {
        st = rn_fail(msg, msglen, DB_FAIL_INPUT, "constraint Jacobian rank deficient", t);
        goto done;
    }
    for (int i = 0; i < nd; i++) {
        w->x[i] = w->q[w->ind[i]];
        w->x[nd + i] = w->qd[w->ind[i]];
    }
    if (rn_eval(w, t, w->x, w->x + nd, w->q, w->lam, w->q, w->qd, w->acc, w->lam, w->F0 + nd)) {
        st = rn_fail(msg, msglen, DB_FAIL_INPUT, "inconsistent initial values", t);
        goto done;
    }
    memcpy(w->F0, w->x + nd, sizeof(double) * (size_t)nd);
    while (iout < out->nt && out->t[iout] <= t) {
        rn_put(w, out, iout, w->q, w->qd, w->acc, w->lam);
        iout++;
    }
    double h = fixed ? o->h0 : (o->h0 > 0 ? o->h0 : fmin(1e-3, tend - t));
    const double hmax = o->hmax > 0 ? o->hmax : fabs(tend - t);
    int last_rej = 0;
    while (t < tend && iout < out->nt) {
        if (nacc + nrej >= max_steps) {
            st = rn_fail(msg, msglen, DB_FAIL_BUDGET, "max_steps exceeded", t);
            goto done;
        }
        if (db_budget_cpu_over(cpu0, o->max_cpu)) { /* once per step (solver.h) */
            st = rn_fail(msg, msglen, DB_FAIL_BUDGET, "max_cpu exceeded", t);
            goto done;
        }
        if (!fixed)
            h = fmin(h, hmax);
        if (fixed) {
            /* grid t0 + n h0 computed directly: summing t += h drifts by ~n ulp(t), and
             * with 12800 steps of 8e-8 the end was missed by less than 1e-10 h and a
             * last step of 1e-19 failed as step size underflow */
            double tn1 = d->t0 + (double)(nacc + 1) * o->h0;
            h = (tn1 >= tend - 1e-8 * o->h0 ? tend : tn1) - t;
        } else if (t + h >= tend || tend - (t + h) < 1e-10 * h) {
            h = tend - t;
        }
        if (h <= 1e-14 * fmax(1.0, fabs(t))) {
            st = rn_fail(msg, msglen, DB_FAIL_STEPSIZE, "step size underflow", t);
            goto done;
        }
        /* Jacobian at the step start (the state of rn_eval at t: G, G_u current) */
        db_mm_C(&w->mm, t, w->q);
        if (rn_factor_gu(w, NULL) || rn_jac(w, t, w->q, w->qd, w->acc, w->lam)) {
            st = rn_fail(msg, msglen, DB_FAIL_NEWTON, "singular saddle-point matrix", t);
            goto done;
        }
        /* f_t by central differences, at every step: a force or constraint may
         * depend on t only later (the truck's road hump starts after t0; taking
         * the problem as autonomous when f_t(t0) = 0 cost 17x more steps there
         * and exhausted the step budget at tol 1e-8) */
        {
            double dt = 6e-6 * fmax(1.0, fabs(t));
            if (rn_F(w, t + dt, w->x, w->Fs) || rn_F(w, t - dt, w->x, w->xs)) {
                st = rn_fail(msg, msglen, DB_FAIL_NEWTON, "state-space recovery failed", t);
                goto done;
            }
            for (int i = 0; i < nd; i++)
                w->Ft[i] = 0.0;
            for (int i = nd; i < n2; i++)
                w->Ft[i] = (w->Fs[i] - w->xs[i]) / (2 * dt);
        }
        /* W = I/(hγ) − J2 − hγ J1 */
        const double hg = h * cf->gamma;
        for (int j = 0; j < nd; j++)
            for (int i = 0; i < nd; i++)
                w->wl.a[(size_t)j * nd + i] = (i == j ? 1.0 / hg : 0.0) -
                    w->J2[(size_t)j * nd + i] - hg * w->J1[(size_t)j * nd + i];
        if (db_lu_factor(&w->wl)) {
            st = rn_fail(msg, msglen, DB_FAIL_NEWTON, "singular stage matrix", t);
            goto done;
        }
        w->ndec_extra++;
        int sfail = 0;
        for (int i = 0; i < cf->s && !sfail; i++) {
            /* stage argument and F */
            if (i == 0) {
                memcpy(w->Fs, w->F0, sizeof(double) * (size_t)n2);
            } else if (!(cf->reuse_last && i == cf->s - 1)) {
                memcpy(w->xs, w->x, sizeof(double) * (size_t)n2);
                for (int j = 0; j < i; j++)
                    for (int k = 0; k < n2; k++)
                        w->xs[k] += cf->a[i][j] * w->u[j][k];
                if (rn_F(w, t + cf->alpha[i] * h, w->xs, w->Fs))
                    sfail = 1;
            }
            double *r = w->rhs;
            for (int k = 0; k < n2; k++) {
                double s = w->Fs[k] + cf->gam[i] * h * w->Ft[k];
                for (int j = 0; j < i; j++)
                    s += cf->c[i][j] / h * w->u[j][k];
                r[k] = s;
            }
            /* [[I/(hγ), −I], [−J1, I/(hγ) − J2]] u = r by the Nyström reduction */
            double *u = w->u[i];
            for (int k = 0; k < nd; k++) {
                double s = r[nd + k];
                for (int l = 0; l < nd; l++)
                    s += hg * w->J1[(size_t)l * nd + k] * r[l];
                u[nd + k] = s;
            }
            db_lu_solve(&w->wl, u + nd);
            w->nsol_extra++;
            for (int k = 0; k < nd; k++)
                u[k] = hg * (r[k] + u[nd + k]);
        }
        double err = 0;
        if (!sfail) {
            for (int k = 0; k < n2; k++) {
                double xn = w->x[k], e = 0;
                for (int i = 0; i < cf->s; i++) {
                    xn += cf->m[i] * w->u[i][k];
                    e += (cf->m[i] - cf->mh[i]) * w->u[i][k];
                }
                w->xn[k] = xn;
                double sc = atol + rtol * fmax(fabs(w->x[k]), fabs(xn));
                err += (e / sc) * (e / sc);
            }
            err = sqrt(err / n2);
            if (!isfinite(err))
                sfail = 1;
        }
        /* recovery at the new point (also stage 1 of the next step) */
        if (!sfail && (fixed || err <= 1.0)) {
            if (rn_eval(w, t + h, w->xn, w->xn + nd, w->q, w->lam, w->qe, w->qde, w->acce,
                        w->lame, w->F0 + nd))
                sfail = 1;
            else
                memcpy(w->F0, w->xn + nd, sizeof(double) * (size_t)nd);
        }
        if (sfail) {
            nrej++;
            if (fixed) {
                st = rn_fail(msg, msglen, DB_FAIL_NEWTON, "state-space recovery failed", t);
                goto done;
            }
            h *= 0.25;
            last_rej = 1;
            continue;
        }
        double fac = err > 0 ? 0.9 * pow(err, -1.0 / (cf->order_est + 1)) : 6.0;
        fac = fmin(6.0, fmax(0.2, fac));
        if (!fixed && err > 1.0) {
            nrej++;
            last_rej = 1;
            h *= fac;
            continue;
        }
        /* accepted; dense output data on [t, t+h]: x, F at both ends */
        nacc++;
        const double t1 = t + h;
        for (int k = 0; k < nd; k++) {
            w->y0d[k] = w->x[k];  w->y0d[nd + k] = w->x[nd + k];
            w->a0d[k] = w->acc[w->ind[k]];
        }
        memcpy(w->q, w->qe, sizeof(double) * (size_t)n);
        memcpy(w->qd, w->qde, sizeof(double) * (size_t)n);
        memcpy(w->acc, w->acce, sizeof(double) * (size_t)n);
        memcpy(w->lam, w->lame, sizeof(double) * (size_t)m);
        memcpy(w->x, w->xn, sizeof(double) * (size_t)n2);
        if (o->step_point) {
            rn_row(w, w->yrow, w->q, w->qd, w->acc, w->lam);
            db_step_point(o, t1, w->yrow);
        }
        while (iout < out->nt && (out->t[iout] <= t1 || (t1 >= tend && iout == out->nt - 1))) {
            const double s = out->t[iout];
            if (fabs(s - t1) <= 1e-13 * fmax(1.0, fabs(t1)) || (t1 >= tend && s >= t1)) {
                rn_put(w, out, iout, w->q, w->qd, w->acc, w->lam);
            } else {
                /* cubic Hermite in θ for y with y, hy' at both ends; v its derivative.
                 * The accelerations at the step ends are not used: on a stiff problem
                 * a = f(y) carries the error of the step values amplified by the
                 * stiffness (|∂f/∂v| ~ 1e5 on the double pendulum), which a quintic
                 * through h²y'' passed into the dense velocities */
                const double th = (s - t) / h, th2 = th * th, th3 = th2 * th;
                const double H0 = 1 - 3 * th2 + 2 * th3, H1 = th - 2 * th2 + th3;
                const double H3 = 3 * th2 - 2 * th3, H4 = -th2 + th3;
                const double D0 = (-6 * th + 6 * th2) / h, D1 = 1 - 4 * th + 3 * th2;
                const double D4 = -2 * th + 3 * th2;
                for (int k = 0; k < nd; k++) {
                    const double y0 = w->y0d[k], v0 = w->y0d[nd + k];
                    const double y1 = w->x[k], v1 = w->x[nd + k];
                    w->xs[k] = H0 * y0 + H1 * h * v0 + H3 * y1 + H4 * h * v1;
                    w->xs[nd + k] = D0 * (y0 - y1) + D1 * v0 + D4 * v1;
                }
                if (rn_eval(w, s, w->xs, w->xs + nd, w->q, w->lam, w->qs, w->qds, w->accs,
                            w->lams, w->Fs)) {
                    st = rn_fail(msg, msglen, DB_FAIL_NEWTON, "dense output recovery failed", s);
                    goto done;
                }
                rn_put(w, out, iout, w->qs, w->qds, w->accs, w->lams);
            }
            iout++;
        }
        t = t1;
        if (!fixed)
            h *= last_rej ? fmin(1.0, fac) : fac;
        last_rej = 0;
        /* Step 14: check the partition (condition of G_u at the new point) */
        if (m > 0) {
            double cnd;
            db_mm_C(&w->mm, t, w->q);
            if (rn_factor_gu(w, &cnd) || cnd > 1.25 * w->cond0) {
                if (rn_partition(w, t, w->q)) {
                    st = rn_fail(msg, msglen, DB_FAIL_NEWTON, "repartitioning failed", t);
                    goto done;
                }
                w->nrepart++;
                for (int i = 0; i < nd; i++) {
                    w->x[i] = w->q[w->ind[i]];
                    w->x[nd + i] = w->qd[w->ind[i]];
                    w->F0[i] = w->x[nd + i];
                    w->F0[nd + i] = w->acc[w->ind[i]];
                }
            }
        }
    }
done:
    c->steps = nacc;
    c->rejected = nrej;
    c->f_evals = w->mm.nfcn + w->mm.fd.nevals;   /* model evaluations, FD included */
    c->jac_evals = w->njac;
    c->decompositions = w->mm.ndec + w->ndec_extra;
    c->solves = w->mm.nsol + w->nsol_extra;
    db_counters_set_extra(c, "repartitions", w->nrepart);
    rn_free(w);
    return st;
}

const db_solver db_solver_rosnys = {
    .name = "rosnys",
    .title = "Rosenbrock-Nystrom order 4 (L-stable, embedded 3) in state space by coordinate "
             "partitioning; W-method variant (Sandu et al., seed 004)",
    .forms = DB_FORM_BIT(DB_EOM),
    .integrate = rn_integrate,
    .supports = rn_supports,
    .step_points = 1,
};
