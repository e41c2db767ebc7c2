/* bdf_core.c — variable-order variable-step BDF (DASSL family) on R(t,y,y') = E y' − F(t,y).
 *
 * Sources: Brenan, Campbell, Petzold, "Numerical Solution of Initial-Value Problems
 * in Differential-Algebraic Equations", SIAM 1996, ch. 5 (the DASSL method: fixed-
 * leading-coefficient BDF in modified divided differences phi, psi, alpha, beta,
 * gamma, sigma; predictor, error estimates at orders k−2..k+1, order and step
 * selection, initial step, interpolation); Arnold, Fuchs, Führer (seed 002):
 * corrector iteration (14)/(18), rules (a)–(c) for a new Jacobian, dense (16),
 * grouped (20) and partitioned (23) Jacobians; Führer's ODASSL (overdetermined
 * corrector systems, least squares).  Written from the published method.
 *
 * Manual
 *   Iteration matrix  P = ∂R/∂y + cj ∂R/∂y' = cj E − J,  J = ∂F/∂y (d->jac or FD),
 *   cj = α_{n,0}/h (DASSL's CJ).  Simplified Newton: δ = P⁻¹ R scaled by
 *   2/(1 + cj/cjold), cjold = cj when P was formed (seed 002 (18); DASSL).
 *   Newton: at most 4 iterations; converged when s·‖δ‖ ≤ 0.33 (s = ρ/(1−ρ), ρ the
 *   rate; s = 100 after a new P or a change of cj) or ‖δ‖ ≤ 100 u ‖y_pred‖.
 *   New Jacobian when (a) the iteration diverges (ρ > 0.9) or (b) has not converged
 *   after 4 iterations — both only if J is not fresh at this step, then the step is
 *   redone with a new J — and (c) when cj/cjold ∉ [0.6, 5/3] (DASSL's XRATE =
 *   0.25).  With `partitioned`, rule (c) only rebuilds P = cj E − J from the stored
 *   J (E is constant, so (23) of seed 002 is exact in its E part): a "jac_update";
 *   a failure with an updated (not fresh) J then evaluates J anew.
 *   With `jac=group`, a failure with a fresh grouped J triggers one dense FD
 *   Jacobian whose non-zeros are added to the pattern Ω (seed 002 §3.1), then the
 *   columns are re-partitioned ("pattern_updates").
 *   Error test: weighted RMS norm, wt = rtol |y| + atol, over the unknowns of
 *   index 1 only: unknowns with d->index ≥ 2 (λ, μ, η, a of index-2 forms) are
 *   excluded from the error test and order selection (standard practice for
 *   index-2 BDF, e.g. DASPK's option for algebraic variables), but kept in the
 *   Newton norm, there damped by min(1, h / (1e-3 |tend − t0|)) at tiny steps.
 *   Failures: Newton (after a fresh J) → h/4, at most 10 in a row (3 if singular);
 *   error test: 1st → h·max(0.25, min(0.9, 0.9 (2 est + 1e-4)^(−1/(k+1)))), 2nd →
 *   h/4, 3rd+ → order 1, h/4.  hmin = 4 u max(|t|, |tend|).
 *   Initial step: h0 = min(0.001 |tend − t0|, 0.5/‖y'0‖, hmax) (DASSL).
 *   Stability limit detection (cfg->stald, variant `stald`, off by default;
 *   bdf_stald.h, Stewart 1990 as CVODE's STALD): after each accepted step at
 *   order k ≥ 3 the squared TERKM2, TERKM1, TERK are recorded; after k + 5
 *   steps at that order, unless the order selection lowered k already, a
 *   detected limit sets k − 1 with the step size from its estimate ERKM1
 *   (br_stald; extra counter stald_reductions).
 *   Order hold on undamped oscillatory modes (cfg->osc, on by default, variant
 *   `noosc` off; bdf_osc.h): BDF3–5 do not damp (or amplify) modes y' = iωy at
 *   hω next to the imaginary axis, BDF1–2 damp them.  A least-squares fit of
 *   x_{j+1} = a x_j − b x_{j−1} to the corrections of the last six constant-
 *   coefficient steps that finds a complex root pair of squared modulus b ≥
 *   0.98 (and ≤ 1.3) at angle ≥ 0.25 rad per step, of a mode with damping
 *   ratio ≤ 0.1 (bdf_osc.c), at order ≥ 3, holds the
 *   order at most 2 until the mode has not been seen for 20 steps; a hold that
 *   did not pay (its last step < 0.7 × the step at detection) switches the
 *   detection off for 200, 400, 800, ... steps (br_osc; extra counter
 *   osc_holds).
 *   Output: the solution at every out->t from the interpolating polynomial of the
 *   last step (never by stepping onto the grid); steps stop exactly at tend.
 *   Overdetermined systems (cfg->ls): P is neq×n; the rows are split into an
 *   "exact" set B and a least-squares set A, and δ solves
 *   min ‖A δ − R_A‖₂ subject to B δ = R_B through the augmented square system
 *   [−I A 0; Aᵀ 0 Bᵀ; 0 B 0] (r, δ, ν) = (R_A, 0, R_B), factored once per P by LU;
 *   with ls=weighted the rows of A (and R_A) are scaled by row weights, i.e. a
 *   weighted least-squares problem (bdf_row_weights).
 *   Counters: f_evals counts every F evaluation (FD ones included), jac_evals every
 *   evaluation of J (analytic or FD, probing excluded), decompositions every LU;
 *   extras: jac_analytic, jac_fd (FD Jacobians, dense or grouped), jac_fd_evals
 *   (F evaluations spent on FD Jacobians), jac_fd_groups (column groups of the
 *   current partitioning, 0 unless jac=group), jac_updates (partitioned updates),
 *   pattern_updates.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bdf_core.h"
#include "bdf_osc.h"
#include "bdf_stald.h"
#include "fdjac.h"
#include "linsolver.h"
#include "powers.h"

#define NCOL (BDF_MAXORD + 2)

enum { J_NEED = 0, J_FRESH = 1, J_OLD = 2 };

typedef struct {
    const db_dae *d;
    bdf_config cfg;
    int n, neq;
    int jmode;
    double *phi;                 /* NCOL × n modified divided differences */
    double psi[NCOL], alpha[NCOL], beta[NCOL], gamma[NCOL], sigma[NCOL];
    double *y, *yp, *del, *e, *R, *F, *wt, *tmp, *emask;
    double *eb;                  /* 3 × n: e and the corrections of the last two
                                    steps x1 (newer), x2 (oscillation detector,
                                    bdf_osc.h), in turns (br_osc_keep) */
    double *x1, *x2;
    int nmask;
    double hscale;               /* Newton-norm factor of the excluded unknowns */
    double *nsc;                 /* [n] that factor per unknown: hscale where
                                    emask is 0, else 1 (bdf_set_hscale) */
    double *J;                   /* ∂F/∂y: neq × n dense, or the CSC values of the
                                    structured path (jac_nnz); nJ values */
    int nJ;
    /* E in J's storage (d->E or d->E_sp), its pattern (NULL: dense neq × n) and
     * the analytic Jacobian callback writing J's storage (d->jac or d->jac_sparse) */
    const double *Est;
    const int *Ecolptr, *Erowind;
    int *ecp, *eri;              /* E's non-zeros by columns (CSC, neq × n), for E y' */
    double *ev;
    double *ed;                  /* [n] E's diagonal when E is square and diagonal
                                    (0 on a zero row), else NULL */
    int nd;                      /* with ed: its non-zeros are ed[0 .. nd−1] and
                                    the rest is 0 (the algebraic rows last), or −1 */
    int (*jacf)(const db_dae *d, double t, const double *y, double *J);
    /* the linear-solver layer (linsolver.h): P = cj E − J (n×n, small dense,
     * LAPACK or KLU), or the augmented least-squares matrix ((neq+n)², dense) */
    db_linsol *ls;
    double *z;                   /* augmented right-hand side */
    int *rowA, *rowB, mA, pB;    /* least-squares rows / exact rows */
    double *rw;                  /* [mA] least-squares row weights (ls=weighted; else 1) */
    db_fdjac fj;
    double *Jw;                  /* probe workspace */
    long nf, njac, ndec, nsol, njan, njfd, nfdev, nupd, npat;
    int sp;                      /* structured path (d->jac_sparse, square, analytic J) */
} bdf_mem;

static void bdf_mem_free(bdf_mem *w)
{
    free(w->phi);
    free(w->y);
    free(w->yp);
    free(w->del);
    free(w->eb);
    free(w->R);
    free(w->F);
    free(w->wt);
    free(w->tmp);
    free(w->emask);
    free(w->nsc);
    free(w->J);
    free(w->z);
    free(w->rowA);
    free(w->rowB);
    free(w->rw);
    free(w->Jw);
    db_linsol_free(w->ls);
    db_fdjac_free(&w->fj);
    free(w->ecp);
    free(w->eri);
    free(w->ev);
    free(w->ed);
}

/* E's non-zeros column by column (in the order of its storage) into
 * ecp/eri/ev: E y' then costs one multiply-add per non-zero.  0 or -1 */
static int bdf_e_compress(bdf_mem *w)
{
    const int n = w->n, m = w->neq;
    int nz = 0;
    for (int j = 0; j < n; j++) {
        const int k0 = w->Ecolptr ? w->Ecolptr[j] : j * m;
        const int k1 = w->Ecolptr ? w->Ecolptr[j + 1] : k0 + m;
        for (int k = k0; k < k1; k++)
            nz += w->Est[k] != 0.0;
    }
    w->ecp = malloc(sizeof(int) * ((size_t)n + 1));
    w->eri = malloc(sizeof(int) * ((size_t)nz + 1));
    w->ev = malloc(sizeof(double) * ((size_t)nz + 1));
    if (!w->ecp || !w->eri || !w->ev)
        return -1;
    nz = 0;
    for (int j = 0; j < n; j++) {
        const int k0 = w->Ecolptr ? w->Ecolptr[j] : j * m;
        const int k1 = w->Ecolptr ? w->Ecolptr[j + 1] : k0 + m;
        w->ecp[j] = nz;
        for (int k = k0; k < k1; k++)
            if (w->Est[k] != 0.0) {
                w->eri[nz] = w->Ecolptr ? w->Erowind[k] : k - k0;
                w->ev[nz++] = w->Est[k];
            }
    }
    w->ecp[n] = nz;
    /* a square diagonal E (the GGL and index-reduced forms with a diagonal
     * M): its diagonal, for the residual's one-pass form (bdf_res) */
    int diag = n == m;
    for (int j = 0; j < n && diag; j++)
        for (int k = w->ecp[j]; k < w->ecp[j + 1]; k++)
            diag = diag && w->eri[k] == j;
    if (diag) {
        w->ed = calloc((size_t)n + 1, sizeof(double));
        if (!w->ed)
            return -1;
        for (int j = 0; j < n; j++)
            for (int k = w->ecp[j]; k < w->ecp[j + 1]; k++)
                w->ed[j] = w->ev[k];
        int nd = 0;
        while (nd < n && w->ed[nd] != 0.0)
            nd++;
        w->nd = nd;
        for (int j = nd; j < n; j++)
            if (w->ed[j] != 0.0)
                w->nd = -1;
    }
    return 0;
}

static int bdf_mem_alloc(bdf_mem *w)
{
    size_t n = (size_t)w->n, m = (size_t)w->neq, big = n > m ? n : m;
    int nlu = w->cfg.ls ? w->neq + w->n : w->n;
    w->phi = calloc(NCOL * n + 1, sizeof(double));
    w->y = calloc(n + 1, sizeof(double));
    w->yp = calloc(n + 1, sizeof(double));
    w->del = calloc(big + 1, sizeof(double));
    w->eb = calloc(3 * n + 1, sizeof(double));
    w->R = calloc(m + 1, sizeof(double));
    w->F = calloc(m + 1, sizeof(double));
    w->wt = calloc(n + 1, sizeof(double));
    w->tmp = calloc(big + 1, sizeof(double));
    w->emask = calloc(n + 1, sizeof(double));
    w->nsc = calloc(n + 1, sizeof(double));
    w->z = calloc((size_t)nlu + 1, sizeof(double));
    w->rowA = calloc(m + 1, sizeof(int));
    w->rowB = calloc(m + 1, sizeof(int));
    w->rw = calloc(m + 1, sizeof(double));
    const db_dae *d = w->d;
    if (!w->phi || !w->y || !w->yp || !w->del || !w->eb || !w->R || !w->F || !w->wt ||
        !w->tmp || !w->emask || !w->nsc || !w->z || !w->rowA || !w->rowB || !w->rw)
        return -1;
    w->e = w->eb;
    w->x1 = w->eb + n;
    w->x2 = w->eb + 2 * n;
    /* the structured path has no dense J, LU or FD workspace: O(nnz) memory */
    w->nJ = w->sp ? d->jac_nnz : (int)(n * m);
    w->Est = w->sp ? d->E_sp : d->E;
    w->Ecolptr = w->sp ? d->jac_colptr : NULL;
    w->Erowind = w->sp ? d->jac_rowind : NULL;
    w->jacf = w->sp ? d->jac_sparse : d->jac;
    w->J = calloc((size_t)w->nJ + 1, sizeof(double));
    /* the rows y_i' = y_{i+m2} eliminated (exact only with the analytic J,
     * whose entries there are exactly 1) */
    const int reduced = !w->sp && !w->cfg.ls && d->m1 > 0 && d->neq == d->n &&
                        w->jmode == BDF_JAC_ANALYTIC && w->cfg.linsol != BDF_LINSOL_FULL;
    w->ls = reduced ? db_linsol_new_reduced_or_whole(nlu, d->m1, d->m2, 0)
                    : db_linsol_new(nlu, w->Ecolptr, w->Erowind, 0);
    if (!w->J || !w->ls || bdf_e_compress(w) != 0)
        return -1;
    if (w->sp)
        return 0;
    w->Jw = calloc(n * m + 1, sizeof(double));
    if (!w->Jw || db_fdjac_alloc(&w->fj, w->neq, w->n) != 0)
        return -1;
    return 0;
}

int bdf_config_parse(bdf_config *cfg, const char *variant, char *msg, size_t msglen)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->maxord = BDF_MAXORD;
    cfg->jac = BDF_JAC_DEFAULT;
    cfg->stald = 0;
    cfg->osc = 1;
    if (!variant || !*variant)
        return 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", variant);
    for (char *tok = strtok(buf, ", "); tok; tok = strtok(NULL, ", ")) {
        int k;
        double x;
        if (strcmp(tok, "jac=analytic") == 0)
            cfg->jac = BDF_JAC_ANALYTIC;
        else if (strcmp(tok, "jac=fd") == 0)
            cfg->jac = BDF_JAC_FD;
        else if (strcmp(tok, "jac=group") == 0)
            cfg->jac = BDF_JAC_GROUP;
        else if (strcmp(tok, "partitioned") == 0)
            cfg->partitioned = 1;
        else if (strcmp(tok, "fixed-step") == 0)
            cfg->fixed_step = 1;
        else if (strcmp(tok, "ls=constraints") == 0)
            cfg->ls = BDF_LS_CONSTRAINTS;
        else if (strcmp(tok, "ls=dynamics") == 0)
            cfg->ls = BDF_LS_DYNAMICS;
        else if (strcmp(tok, "ls=weighted") == 0)
            cfg->ls = BDF_LS_WEIGHTED;
        else if (sscanf(tok, "lsw=%lf", &x) == 1 && x > 0.0)
            cfg->ls_weight = x;
        else if (strcmp(tok, "dense") == 0)
            cfg->linsol = BDF_LINSOL_DENSE;
        else if (strcmp(tok, "sparse") == 0)
            cfg->linsol = BDF_LINSOL_SPARSE;
        else if (strcmp(tok, "full") == 0)
            cfg->linsol = BDF_LINSOL_FULL;
        else if (strcmp(tok, "stald") == 0)
            cfg->stald = 1;
        else if (strcmp(tok, "nostald") == 0)
            cfg->stald = 0;
        else if (strcmp(tok, "osc") == 0)
            cfg->osc = 1;
        else if (strcmp(tok, "noosc") == 0)
            cfg->osc = 0;
        else if (sscanf(tok, "maxord=%d", &k) == 1 && k >= 1 && k <= BDF_MAXORD)
            cfg->maxord = k;
        else if (sscanf(tok, "fixed-order=%d", &k) == 1 && k >= 1 && k <= BDF_MAXORD)
            cfg->fixed_order = k;
        else {
            snprintf(msg, msglen, "bdf: unknown variant option '%s'", tok);
            return -1;
        }
    }
    if (cfg->fixed_order)
        cfg->maxord = cfg->fixed_order;
    return 0;
}

/* weighted RMS norm over all unknowns (Newton); the unknowns excluded from the
 * error test enter scaled by w->hscale = min(1, h / (1e-3 |tend − t0|)): in full
 * at ordinary steps, damped at tiny steps, where round-off in them (cond(P) ~
 * h^-2) would block convergence (Andrews GGL starts with h ~ 1e-10) */
static double bdf_nnorm(const bdf_mem *w, const double *restrict v)
{
    const int n = w->n;
    const double *restrict wt = w->wt, *restrict ns = w->nsc;
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        const double q = v[i] / wt[i] * ns[i];
        s += q * q;
    }
    return n ? sqrt(s / n) : 0.0;
}

/* the Newton norm from its sum of squares */
static inline double bdf_nnorm_of(int n, double s)
{
    return n ? sqrt(s / n) : 0.0;
}

/* hscale and its factors per unknown (nsc: q · 1 is q, so the unknowns of
 * the error test are multiplied by 1) */
static void bdf_set_hscale(bdf_mem *w, double hs)
{
    w->hscale = hs;
    for (int i = 0; i < w->n; i++)
        w->nsc[i] = w->emask[i] == 0.0 ? hs : 1.0;
}

/* weighted RMS norm over the unknowns of the error test */
static double bdf_enorm_of(const bdf_mem *w, double s)
{
    return w->nmask ? sqrt(s / w->nmask) : 0.0;
}

static double bdf_enorm(const bdf_mem *w, const double *restrict v)
{
    const int n = w->n;
    const double *restrict wt = w->wt, *restrict em = w->emask;
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        const double q = em[i] * v[i] / wt[i];
        s += q * q;
    }
    return bdf_enorm_of(w, s);
}

static void bdf_weights(bdf_mem *w, const double *restrict y, double rtol, double atol)
{
    const int n = w->n;
    double *restrict wt = w->wt;
    for (int i = 0; i < n; i++)
        wt[i] = rtol * fabs(y[i]) + atol;
}

/* R = sc (E y' − F(t, y)) (the Newton scaling of the corrector); F kept in
 * w->F.  0, or 1 if F fails or E y' − F is not finite. */
static int bdf_res(bdf_mem *w, double t, const double *y, const double *yp, double *R,
                   double sc)
{
    const db_dae *d = w->d;
    const int n = w->n, m = w->neq;
    w->nf++;
    if (d->rhs(d, t, y, w->F) != 0)
        return 1;
    const double *restrict F = w->F;
    if (w->ed) {
        /* diagonal E: R_i = −F_i + e_i y'_i, the product left out where e_i
         * or y'_i is 0 (as below) */
        const double *restrict ed = w->ed;
        double z = 0.0;
        if (w->nd >= 0) {
            /* the same values with the test of e_i done once (bdf_e_compress) */
            const int nd = w->nd;
            for (int i = 0; i < nd; i++) {
                const double p = yp[i] != 0.0 ? ed[i] * yp[i] : -0.0;
                const double r = -F[i] + p;
                R[i] = r * sc;
                z += r - r;
            }
            for (int i = nd; i < m; i++) {
                const double r = -F[i];
                R[i] = r * sc;
                z += r - r;
            }
            return !(z == 0.0);
        }
        for (int i = 0; i < m; i++) {
            /* x + (−0) is x for every x: the product left out by a select */
            const double p = ed[i] != 0.0 && yp[i] != 0.0 ? ed[i] * yp[i] : -0.0;
            const double r = -F[i] + p;
            R[i] = r * sc;
            z += r - r;
        }
        return !(z == 0.0);
    }
    for (int i = 0; i < m; i++)
        R[i] = -F[i];
    /* R += E y' over E's non-zeros, columns with y'_j = 0 skipped (as
     * db_mat_matvec_add, written out here: it runs once per F) */
    const int *restrict ecp = w->ecp, *restrict eri = w->eri;
    const double *restrict ev = w->ev;
    for (int j = 0; j < n; j++) {
        const double x = yp[j];
        if (x == 0.0)
            continue;
        for (int k = ecp[j]; k < ecp[j + 1]; k++)
            R[eri[k]] += ev[k] * x;
    }
    /* finite: R_i − R_i is 0 for a finite R_i, NaN otherwise */
    double z = 0.0;
    for (int i = 0; i < m; i++) {
        const double r = R[i];
        z += r - r;
        R[i] = r * sc;
    }
    return !(z == 0.0);
}

/* J = ∂F/∂y at (t, y); w->F must hold F(t, y).  dense = 1 forces a dense FD
 * Jacobian that also widens the pattern (grouped mode). */
static int bdf_jac(bdf_mem *w, double t, const double *y, int dense)
{
    const db_dae *d = w->d;
    w->njac++;
    if (w->jmode == BDF_JAC_ANALYTIC) {
        w->njan++;
        if (!d->self_checked)
            memset(w->J, 0, (size_t)w->nJ * sizeof(double));
        if (w->jacf(d, t, y, w->J) != 0)
            return 1;
        for (int k = 0; k < w->nJ && !d->self_checked; k++)
            if (!isfinite(w->J[k]))
                return 1;
        return 0;
    }
    w->njfd++;
    long before = w->nf;
    int bad;
    if (w->jmode == BDF_JAC_FD || dense) {
        bad = db_fdjac_dense(&w->fj, d, t, y, w->F, w->J, &w->nf);
        if (!bad && w->jmode == BDF_JAC_GROUP) {
            db_fdjac_pattern_add(&w->fj, w->J);
            db_fdjac_partition(&w->fj);
            w->npat++;
        }
    } else {
        bad = db_fdjac_grouped(&w->fj, d, t, y, w->F, w->J, &w->nf);
    }
    w->nfdev += w->nf - before;
    return bad;
}

/* least-squares row weights.  ls=weighted (odassl's default on oEoM0, after
 * Führer's ODASSL): the position and velocity rows are the exact set B, the
 * dynamic rows and the acceleration rows the least-squares set A; the
 * acceleration rows are scaled by K = cfg.ls_weight (default BDF_LS_WEIGHT).
 * With K small they only steer λ weakly: their disagreement with the BDF
 * derivative of the exact velocity rows (of the size of the local error / h) is
 * not forced into the solution, and the manifold g = 0, Gv + g_t = 0 is held at
 * every step (no drift).  Otherwise all weights are 1. */
static void bdf_row_weights(bdf_mem *w)
{
    const double K = w->cfg.ls_weight > 0.0 ? w->cfg.ls_weight : BDF_LS_WEIGHT;
    for (int a = 0; a < w->mA; a++) {
        double r = 1.0;
        if (w->cfg.ls == BDF_LS_WEIGHTED) {
            int kind = w->d->row_kind[w->rowA[a]];
            r = kind == DB_ROW_ACC ? K : 1.0;
        }
        w->rw[a] = r;
    }
}

/* form and factor P = cj E − J (or its augmented least-squares system) */
static int bdf_factor(bdf_mem *w, double cj)
{
    const int n = w->n, m = w->neq;
    const double *E = w->Est, *J = w->J;
    w->ndec++;
    if (!w->cfg.ls) {
        for (int k = 0; k < w->nJ; k++)
            w->ls->a[k] = cj * E[k] - J[k];
        return db_linsol_factor(w->ls) != 0;
    }
    const int N = m + n, mA = w->mA, pB = w->pB;
    double *K = w->ls->a;
    bdf_row_weights(w);
    memset(K, 0, sizeof(double) * (size_t)N * (size_t)N);
#define KK(i, j) K[(size_t)(j) * (size_t)N + (size_t)(i)]
    for (int a = 0; a < mA; a++) {
        int i = w->rowA[a];
        KK(a, a) = -1.0;
        for (int j = 0; j < n; j++) {
            size_t ij = (size_t)j * (size_t)m + (size_t)i;
            double pij = w->rw[a] * (cj * E[ij] - J[ij]);
            KK(a, mA + j) = pij;
            KK(mA + j, a) = pij;
        }
    }
    for (int b = 0; b < pB; b++) {
        int i = w->rowB[b];
        for (int j = 0; j < n; j++) {
            size_t ij = (size_t)j * (size_t)m + (size_t)i;
            double pij = cj * E[ij] - J[ij];
            KK(mA + n + b, mA + j) = pij;
            KK(mA + j, mA + n + b) = pij;
        }
    }
#undef KK
    return db_linsol_factor(w->ls);
}

/* v (neq residual) -> v (n correction) */
static void bdf_solve(bdf_mem *w, double *v)
{
    w->nsol++;
    if (!w->cfg.ls) {
        db_linsol_solve(w->ls, v);
        return;
    }
    const int n = w->n, mA = w->mA, pB = w->pB;
    for (int a = 0; a < mA; a++)
        w->z[a] = w->rw[a] * v[w->rowA[a]];
    for (int j = 0; j < n; j++)
        w->z[mA + j] = 0.0;
    for (int b = 0; b < pB; b++)
        w->z[mA + n + b] = v[w->rowB[b]];
    db_linsol_solve(w->ls, w->z);
    for (int j = 0; j < n; j++)
        v[j] = w->z[mA + j];
}

/* DASSL's interpolation from the last step (order kold, at time t) to tout */
static void bdf_interp(const bdf_mem *w, double t, double tout, int kold, double *yo, double *ypo)
{
    const int n = w->n;
    double temp1 = tout - t, c = 1.0, dd = 0.0, gam = temp1 / w->psi[0];
    for (int i = 0; i < n; i++) {
        yo[i] = w->phi[i];
        if (ypo)
            ypo[i] = 0.0;
    }
    for (int j = 1; j <= kold; j++) {
        dd = dd * gam + c / w->psi[j - 1];
        c = c * gam;
        gam = (temp1 + w->psi[j - 1]) / w->psi[j];
        const double *ph = w->phi + (size_t)j * (size_t)n;
        for (int i = 0; i < n; i++) {
            yo[i] += c * ph[i];
            if (ypo)
                ypo[i] += dd * ph[i];
        }
    }
}

static void bdf_counters(const bdf_mem *w, db_counters *c, long steps, long rejected)
{
    c->steps = steps;
    c->rejected = rejected;
    c->f_evals = w->nf;
    c->jac_evals = w->njac;
    c->decompositions = w->ndec;
    c->solves = w->nsol;
    db_counters_set_extra(c, "jac_analytic", w->njan);
    db_counters_set_extra(c, "jac_fd", w->njfd);
    db_counters_set_extra(c, "jac_fd_evals", w->nfdev);
    db_counters_set_extra(c, "jac_fd_groups", w->jmode == BDF_JAC_GROUP ? w->fj.ngroups : 0);
    db_counters_set_extra(c, "jac_updates", w->nupd);
    db_counters_set_extra(c, "pattern_updates", w->npat);
    if (w->ls && w->ls->sparse)
        db_counters_set_extra(c, "sparse_lu", 1);
}

/* ---- the integrator: a state record and its phases ----------------------
 * bdf_core_integrate checks the input and allocates; br_start sets up the run
 * (weights, initial step, history); each step then goes through attempts of
 * br_coefficients (block 2), br_correct (predictor and corrector, block 3),
 * br_errors (block 4) and br_accept (block 5) or br_fail (block 6).  A phase
 * that ends the run stores the status in r->st (message written) and returns
 * BR_DONE. */

enum { BR_GO = 0, BR_DONE = 1 };

/* the order hold on undamped oscillatory modes (br_osc) */
#define BDF_OSC_QUIET 20  /* a hold ends this many steps after the mode was last seen */
#define BDF_OSC_PAYS 0.7  /* a hold paid if its last step is ≥ this × the step at
                             its detection */
#define BDF_OSC_OFF 200   /* steps without detection after a hold that did not pay
                             (doubled after each such hold) */

typedef struct {
    bdf_mem *w;
    const db_dae *d;
    const db_solver_opts *o;
    const bdf_config *cfg;
    db_output *out;
    char *msg;
    size_t msglen;
    db_status st;
    /* constants of the run */
    int n, maxord;
    double uround, t0, tend, hmax, cpu0, hmin, hscale_ref;
    long max_steps;
    /* the state of the integration */
    long steps, rejected;
    int iout;
    double t, h, hold, cj, cjold, cjlast, s;
    int k, kold, ns, iphase, jstate;
    int ncf, nef;                /* failures of the current step */
    /* the current attempt */
    int kp1, nsp1, refactor, convgd, singular, knew, errfail;
    double told, ck, erkm1, terkm1, terkm2, terk, erk, est, enorm;
    /* stability limit detection: squared norms of h^m y^(m), m = k−1, k,
     * k+1, at the last accepted steps of order sl_k (newest first), their
     * number, and the order reductions it made */
    double ssdat[BDF_STALD_NDATA * 3];
    int sl_k, nscon;
    long nstald;
    /* oscillation detector (bdf_osc.h): inner products of the scaled
     * corrections x_j with themselves and their two predecessors, newest
     * first; the order and reference step of the window, its length, the
     * steps the order stays held at most 2, and the holds made */
    double og0[BDF_OSC_NDATA], og1[BDF_OSC_NDATA], og2[BDF_OSC_NDATA];
    int osc_k, osc_n, osc_hold, osc_quiet, osc_off, osc_nfail;
    double osc_h, osc_hk;
    long nosc;
} bdf_run;

/* weights, outputs at t0, grouped pattern, initial step and history; BR_GO,
 * or BR_DONE (nothing to integrate, or r->st) */
static int br_start(bdf_run *r)
{
    bdf_mem *w = r->w;
    const db_dae *d = r->d;
    const db_solver_opts *o = r->o;
    const bdf_config *cfg = r->cfg;
    db_output *out = r->out;
    const int n = r->n;
    r->maxord = cfg->maxord > 0 ? cfg->maxord : BDF_MAXORD;
    r->t0 = d->t0;
    r->tend = out->t[out->nt - 1];
    r->hmax = o->hmax > 0.0 ? o->hmax : fabs(r->tend - r->t0);
    r->max_steps = o->max_steps > 0 ? o->max_steps : 100000;
    r->cpu0 = db_cpu_seconds();
    r->hmin = 4.0 * r->uround * fmax(fabs(r->t0), fabs(r->tend));
    r->iout = 0;
    r->t = r->t0;

    while (r->iout < out->nt && out->t[r->iout] <= r->t0) {
        memcpy(out->y + (size_t)r->iout * n, d->y0, sizeof(double) * (size_t)n);
        if (out->yp)
            memcpy(out->yp + (size_t)r->iout * n, d->yp0, sizeof(double) * (size_t)n);
        r->iout++;
    }
    if (r->iout >= out->nt)
        return BR_DONE;

    /* sparsity pattern for grouped differences */
    if (w->jmode == BDF_JAC_GROUP) {
        long njp = 0;
        if (db_fdjac_probe(&w->fj, d, r->t0, d->y0, w->Jw, w->F, &w->nf, &njp) != 0) {
            r->st = DB_FAIL_NONFINITE;
            snprintf(r->msg, r->msglen, "bdf: sparsity probe failed at t0");
            return BR_DONE;
        }
    }

    /* ---- initial step and history ---- */
    memcpy(w->y, d->y0, sizeof(double) * (size_t)n);
    bdf_weights(w, w->y, o->rtol, o->atol);
    double h;
    if (o->h0 > 0.0) {
        h = o->h0;
    } else {
        h = 0.001 * fabs(r->tend - r->t0);
        double ypn = bdf_nnorm(w, d->yp0);
        if (ypn > 0.5 / h)
            h = 0.5 / ypn;
    }
    if (h > r->hmax)
        h = r->hmax;
    if (r->t + h > r->tend)
        h = r->tend - r->t;
    bdf_set_hscale(w, 1.0);
    r->hscale_ref = 1e-3 * fabs(r->tend - r->t0);
    r->k = 1;
    r->kold = 0;
    r->ns = 0;
    r->iphase = 0;
    r->jstate = J_NEED;
    r->hold = 0.0;
    r->cj = 1.0 / h;
    r->cjold = r->cj;
    r->s = 100.0;
    for (int i = 0; i < n; i++) {
        w->phi[i] = d->y0[i];
        w->phi[n + i] = h * d->yp0[i];
    }
    w->psi[0] = h;
    if (cfg->history) {
        const int k = cfg->fixed_order;
        r->k = r->kold = k;
        r->hold = h;
        r->iphase = 1;
        for (int j = 0; j <= k; j++)
            w->psi[j] = (j + 1) * h;
        /* phi_j = ∇^j y_0 (backward differences of y(t0 − i h)) */
        for (int i = 0; i < n; i++) {
            double v[BDF_MAXORD + 1];
            for (int j = 0; j <= k; j++)
                v[j] = cfg->history[(size_t)j * n + i];
            for (int j = 0; j <= k; j++) {
                w->phi[(size_t)j * n + i] = v[0];
                for (int q = 0; q < k - j; q++)
                    v[q] = v[q] - v[q + 1];
            }
        }
    }
    r->h = h;
    return BR_GO;
}

/* start of a step: budgets, h within hmax and onto tend */
static int br_step_begin(bdf_run *r)
{
    r->ncf = 0;
    r->nef = 0;
    if (r->steps + r->rejected >= r->max_steps) {
        r->st = DB_FAIL_BUDGET;
        snprintf(r->msg, r->msglen, "bdf: max_steps %ld reached at t=%.6g", r->max_steps, r->t);
        return BR_DONE;
    }
    if (db_budget_cpu_over(r->cpu0, r->o->max_cpu)) { /* once per step (solver.h) */
        r->st = DB_FAIL_BUDGET;
        snprintf(r->msg, r->msglen, "bdf: max_cpu %.3g s exceeded at t=%.6g", r->o->max_cpu, r->t);
        return BR_DONE;
    }
    if (r->h > r->hmax)
        r->h = r->hmax;
    if (r->t + r->h > r->tend || r->tend - (r->t + r->h) < 4.0 * r->uround * fabs(r->tend) + 0.01 * r->h)
        r->h = r->tend - r->t;
    return BR_GO;
}

/* block 2: the method's coefficients for (h, k), phi scaled, t advanced;
 * rule (c) of a new Jacobian */
static void br_coefficients(bdf_run *r)
{
    bdf_mem *w = r->w;
    const int n = r->n, k = r->k;
    const double h = r->h;
    const int kp1 = k + 1;
    r->kp1 = kp1;
    r->told = r->t;
    if (h != r->hold || k != r->kold)
        r->ns = 0;
    r->ns = r->ns + 1 < r->kold + 2 ? r->ns + 1 : r->kold + 2;
    const int nsp1 = r->ns + 1;
    r->nsp1 = nsp1;
    if (kp1 >= r->ns) {
        double temp1 = h;
        w->beta[0] = 1.0;
        w->alpha[0] = 1.0;
        w->gamma[0] = 0.0;
        w->sigma[0] = 1.0;
        for (int i = 1; i < kp1; i++) {
            double temp2 = w->psi[i - 1];
            w->psi[i - 1] = temp1;
            w->beta[i] = w->beta[i - 1] * w->psi[i - 1] / temp2;
            temp1 = temp2 + h;
            w->alpha[i] = h / temp1;
            w->sigma[i] = i * w->sigma[i - 1] * w->alpha[i];
            w->gamma[i] = w->gamma[i - 1] + w->alpha[i - 1] / h;
        }
        w->psi[kp1 - 1] = temp1;
    }
    double alphas = 0.0, alpha0 = 0.0;
    for (int i = 0; i < k; i++) {
        alphas -= 1.0 / (i + 1);
        alpha0 -= w->alpha[i];
    }
    r->cjlast = r->cj;
    r->cj = -alphas / h;
    double ck = fabs(w->alpha[k] + alphas - alpha0);
    if (ck < w->alpha[k])
        ck = w->alpha[k];
    r->ck = ck;
    if (kp1 >= nsp1)
        for (int j = nsp1; j <= kp1; j++) {
            double *restrict ph = w->phi + (size_t)(j - 1) * n;
            const double bj = w->beta[j - 1];
            for (int i = 0; i < n; i++)
                ph[i] *= bj;
        }
    r->t = r->told + h;
    /* fmin(1, v) without the library call: v when v < 1, else 1 (also for
     * a NaN v, as fmin) */
    const double hv = fabs(h) / r->hscale_ref;
    const double hs = hv < 1.0 ? hv : 1.0;
    if (hs != w->hscale)
        bdf_set_hscale(w, hs);

    /* rule (c): large change of cj since P was formed */
    r->refactor = 0;
    if (r->jstate != J_NEED && (r->cj / r->cjold < 0.6 || r->cj / r->cjold > 1.0 / 0.6)) {
        if (r->cfg->partitioned)
            r->refactor = 1;
        else
            r->jstate = J_NEED;
    }
    if (r->cj != r->cjlast)
        r->s = 100.0;
}

/* The loops of the corrector on the n entries, over distinct arrays
 * (restrict), each entry seeing the operations of DASSL's loops in their
 * order.  Those over the differences φ_0 … φ_k are written once for a
 * constant k and instantiated for each order (k ≤ BDF_MAXORD = 5), so that
 * the loop over j is unrolled and the entries stay in registers. */
#if defined(__GNUC__)
#define BDF_INLINE inline __attribute__((always_inline))
#else
#define BDF_INLINE inline
#endif
/* ORDERS(X, kp1): X(1) ... X(6) as switch cases on kp1 = k + 1 */
#define ORDERS(X, kp1)                                                            \
    switch (kp1) {                                                                \
    case 1: X(1); break; case 2: X(2); break; case 3: X(3); break;                 \
    case 4: X(4); break; case 5: X(5); break; default: X(6); break;                \
    }

/* the predictor y = Σ_j φ_j, y' = Σ_{j≥1} γ_j φ_j (j = 0, 1, …, k), e = 0;
 * returns the sum of squares of the Newton norm of y (bdf_nnorm, ns = nsc) */
static BDF_INLINE double bdf_predict_k(int n, const int kp1, const double *restrict phi,
                                       const double *restrict gamma, const double *restrict wt,
                                       const double *restrict ns, double *restrict y,
                                       double *restrict yp, double *restrict e)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        double yi = phi[i], ypi = 0.0;
        for (int j = 1; j < kp1; j++) {
            const double ph = phi[(size_t)j * n + i];
            yi += ph;
            ypi += gamma[j] * ph;
        }
        y[i] = yi;
        yp[i] = ypi;
        e[i] = 0.0;
        const double q = yi / wt[i] * ns[i];
        s += q * q;
    }
    return s;
}

static BDF_INLINE double bdf_predict(int n, int kp1, const double *restrict phi,
                          const double *restrict gamma, const double *restrict wt,
                          const double *restrict ns, double *restrict y, double *restrict yp,
                          double *restrict e)
{
    double s;
#define X(K) s = bdf_predict_k(n, K, phi, gamma, wt, ns, y, yp, e)
    ORDERS(X, kp1)
#undef X
    return s;
}

/* the Newton correction del applied: y −= del, e −= del, y' −= cj del;
 * returns the sum of squares of the Newton norm of del (bdf_nnorm, ns = nsc) */
static double bdf_newton_update(int n, double cj, const double *restrict del,
                                const double *restrict wt, const double *restrict ns,
                                double *restrict y, double *restrict e, double *restrict yp)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        const double d = del[i];
        y[i] -= d;
        e[i] -= d;
        yp[i] -= cj * d;
        const double q = d / wt[i] * ns[i];
        s += q * q;
    }
    return s;
}

/* block 3: predictor and corrector (redone with a new J on failure); sets
 * convgd and singular */
static BDF_INLINE void br_correct(bdf_run *r)
{
    bdf_mem *w = r->w;
    const bdf_config *cfg = r->cfg;
    const int n = r->n, kp1 = r->kp1;
    const double t = r->t, uround = r->uround;
    int patdone = 0;
    r->convgd = 0;
    r->singular = 0;
    for (;;) {             /* corrector, redone with a new J on failure */
        const double pnorm = bdf_nnorm_of(
            n, bdf_predict(n, kp1, w->phi, w->gamma, w->wt, w->nsc, w->y, w->yp, w->e));
        /* the scaling 2/(1 + cj/cjold) of the corrections, with cjold = cj
         * when P is formed below, applied by bdf_res */
        const int newp = r->jstate == J_NEED || r->refactor;
        const double sc = 2.0 / (1.0 + r->cj / (newp ? r->cj : r->cjold));
        if (bdf_res(w, t, w->y, w->yp, w->del, sc) != 0)
            break;
        if (newp) {
            if (r->jstate == J_NEED) {
                int dense = cfg->jac == BDF_JAC_GROUP && patdone == 1;
                if (bdf_jac(w, t, w->y, dense) != 0)
                    break;
                r->jstate = J_FRESH;
            } else {
                w->nupd++;
            }
            r->refactor = 0;
            r->cjold = r->cj;
            r->s = 100.0;
            if (bdf_factor(w, r->cj) != 0) {
                r->singular = 1;
                r->jstate = J_NEED;
                break;
            }
        }
        const double cj = r->cj;
        int m = 0, ok = 0;
        double oldnrm = 0.0;
        for (;;) {
            bdf_solve(w, w->del);
            double delnrm = bdf_nnorm_of(
                n, bdf_newton_update(n, cj, w->del, w->wt, w->nsc, w->y, w->e, w->yp));
            if (!isfinite(delnrm))
                break;
            if (delnrm <= 100.0 * uround * pnorm) {
                ok = 1;
                break;
            }
            if (m > 0) {
                const double rate = db_root(delnrm / oldnrm, m);
                if (rate > 0.9)
                    break;
                r->s = rate / (1.0 - rate);
            } else {
                oldnrm = delnrm;
            }
            if (r->s * delnrm <= 0.33) {
                ok = 1;
                break;
            }
            if (++m >= 4)
                break;
            if (bdf_res(w, t, w->y, w->yp, w->del, sc) != 0)
                break;
        }
        if (ok) {
            r->convgd = 1;
            break;
        }
        /* rules (a), (b): redo with a new J unless it is fresh */
        if (r->jstate != J_FRESH) {
            r->jstate = J_NEED;
            continue;
        }
        if (cfg->jac == BDF_JAC_GROUP && w->jmode == BDF_JAC_GROUP && !patdone) {
            patdone = 1;      /* next evaluation dense, widening Ω */
            r->jstate = J_NEED;
            continue;
        }
        break;
    }
    if (r->jstate == J_FRESH && r->convgd)
        r->jstate = J_OLD;
}

/* the sums of squares of the error norms (bdf_enorm) of e, of
 * φ_k + e (k ≥ 2) and of φ_k + e + φ_{k−1} (k ≥ 3), in one pass */
static BDF_INLINE void bdf_err_sums_k(int n, const int k, const double *restrict phi,
                                      const double *restrict e, const double *restrict wt,
                                      const double *restrict em, double *restrict s)
{
    double s0 = 0.0, s1 = 0.0, s2 = 0.0;
    for (int i = 0; i < n; i++) {
        const double ei = e[i], wi = wt[i], mi = em[i];
        const double q0 = mi * ei / wi;
        s0 += q0 * q0;
        if (k > 1) {
            const double v1 = phi[(size_t)k * n + i] + ei;
            const double q1 = mi * v1 / wi;
            s1 += q1 * q1;
            if (k > 2) {
                const double v2 = v1 + phi[(size_t)(k - 1) * n + i];
                const double q2 = mi * v2 / wi;
                s2 += q2 * q2;
            }
        }
    }
    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
}

static void bdf_err_sums(int n, int k, const double *restrict phi, const double *restrict e,
                         const double *restrict wt, const double *restrict em, double *s)
{
#define X(K) bdf_err_sums_k(n, (K) - 1, phi, e, wt, em, s)
    ORDERS(X, k + 1)
#undef X
}

/* block 4: error estimates at orders k, k−1, k−2 and the error test; sets
 * errfail, knew, est */
static void br_errors(bdf_run *r)
{
    bdf_mem *w = r->w;
    const int n = r->n, k = r->k;
    r->errfail = 0;
    r->knew = k;
    r->erkm1 = 0.0;
    r->terkm1 = 0.0;
    r->terkm2 = 0.0;
    if (r->convgd && !r->cfg->fixed_step) {
        double ss[3];
        bdf_err_sums(n, k, w->phi, w->e, w->wt, w->emask, ss);
        r->enorm = bdf_enorm_of(w, ss[0]);
        r->erk = w->sigma[k] * r->enorm;
        r->terk = (k + 1) * r->erk;
        r->est = r->erk;
        if (k > 1) {
            r->erkm1 = w->sigma[k - 1] * bdf_enorm_of(w, ss[1]);
            r->terkm1 = k * r->erkm1;
            int lower;
            if (k > 2) {
                double erkm2 = w->sigma[k - 2] * bdf_enorm_of(w, ss[2]);
                double terkm2 = (k - 1) * erkm2;
                r->terkm2 = terkm2;
                lower = fmax(r->terkm1, terkm2) <= r->terk;
            } else {
                lower = r->terkm1 <= 0.5 * r->terk;
            }
            if (lower && !r->cfg->fixed_order) {
                r->knew = k - 1;
                r->est = r->erkm1;
            }
        }
        if (r->ck * r->enorm > 1.0)
            r->errfail = 1;
    } else {
        r->erk = r->est = r->terk = 0.0;
    }
}

/* stability limit detection (bdf_stald.h; Stewart 1990, as CVODE's
 * CVodeSetStabLimDet): the step just accepted at order korig records the
 * norms of h^m y^(m), m = korig−1, korig, korig+1 — DASSL's TERKM2, TERKM1
 * and TERK, the same estimates the order selection uses.  Once korig ≥ 3 has
 * run korig + 5 steps in a row (CVODE's wait) and the order selection has not
 * lowered the order already, a root at the stability limit lowers it by one;
 * the step size then follows from the order korig − 1 estimate (*est).
 * Returns the order for the next step. */
static int br_stald(bdf_run *r, int korig, int k, double *est)
{
    if (korig != r->sl_k) {
        r->sl_k = korig;
        r->nscon = 0;
    }
    r->nscon++;
    if (korig < 3)
        return k;
    memmove(r->ssdat + 3, r->ssdat, sizeof(double) * 3 * (BDF_STALD_NDATA - 1));
    r->ssdat[0] = r->terkm2 * r->terkm2;
    r->ssdat[1] = r->terkm1 * r->terkm1;
    r->ssdat[2] = r->terk * r->terk;
    if (k < korig || r->nscon < korig + 5)
        return k;
    double rr;
    if (bdf_stald_detect(r->ssdat, korig, &rr) > 3) {
        r->nstald++;
        *est = r->erkm1;
        return korig - 1;
    }
    return k;
}

/* order hold on undamped oscillatory modes (bdf_osc.h).  The correction e
 * of each accepted step (the estimate of the (k+1)-st scaled difference) is
 * kept with the previous two; their inner products (weighted over the
 * error-test unknowns) fill a window of BDF_OSC_NDATA steps taken with
 * constant coefficients (same order and step, ns ≥ k + 2; any change starts
 * the window again).  At order ≥ 3 a detected mode (complex root pair of
 * modulus ≥ ~1 at ≥ 0.25 rad per step, of an undamped mode) starts a hold:
 * the order is at most 2, the step size from the order-2 estimate.  The hold
 * lasts while the mode is still seen at order ≤ 2 (a trusted complex pair,
 * damped now) and ends BDF_OSC_QUIET steps after it was last seen; then the
 * usual order selection raises the order again.  A hold whose last step is
 * below BDF_OSC_PAYS times the step at its detection did not pay (order 2 was
 * limited by accuracy, not by the mode): detection is then off for
 * BDF_OSC_OFF steps, doubled after each such hold.  Returns the order for the
 * next step (k or 2). */
static int br_osc(bdf_run *r, int korig, int k, double *est)
{
    bdf_mem *w = r->w;
    const int n = r->n;
    const double h = r->h;
    /* constant coefficients: order and step unchanged for korig + 1 steps */
    if (korig != r->osc_k || h != r->osc_h || r->ns < korig + 2) {
        r->osc_k = korig;
        r->osc_h = h;
        r->osc_n = 0;
    }
    double g0 = 0.0, g1 = 0.0, g2 = 0.0;
    const double *x1 = w->x1, *x2 = w->x2;
    for (int i = 0; i < n; i++) {
        const double q = w->emask[i] / w->wt[i];
        const double x = q * w->e[i];
        g0 += x * x;
        g1 += x * q * x1[i];
        g2 += x * q * x2[i];
    }
    /* the windows shifted by a plain loop (a few entries: a library call
     * costs more); e becomes x1 after the step (br_osc_keep) */
    for (int j = BDF_OSC_NDATA - 1; j > 0; j--) {
        r->og0[j] = r->og0[j - 1];
        r->og1[j] = r->og1[j - 1];
        r->og2[j] = r->og2[j - 1];
    }
    r->og0[0] = g0;
    r->og1[0] = g1;
    r->og2[0] = g2;
    r->osc_n++;
    bdf_osc_fit f;
    const int full = r->osc_n >= BDF_OSC_NDATA;
    const int det = full ? bdf_osc_detect(r->og0, r->og1, r->og2, korig, &f) : -1;
    if (r->osc_hold) {
        /* held: the mode still seen at order ≤ 2 (a trusted oscillatory
         * fit, damped or not) keeps the hold */
        if (det >= 0 && f.theta >= BDF_OSC_THMIN)
            r->osc_quiet = 0;
        else
            r->osc_quiet++;
        if (r->osc_quiet >= BDF_OSC_QUIET) {
            r->osc_hold = 0;
            if (h < BDF_OSC_PAYS * r->osc_hk) {
                /* order 2 needs much shorter steps than the held order did:
                 * its limit was accuracy, not the mode; no detection for a
                 * while, longer after each such hold */
                r->osc_nfail++;
                r->osc_off = BDF_OSC_OFF << (r->osc_nfail < 8 ? r->osc_nfail - 1 : 7);
            }
        }
    } else if (r->osc_off > 0) {
        r->osc_off--;
    } else if (korig >= 3 && det == 1) {
        r->osc_hold = 1;
        r->osc_quiet = 0;
        r->osc_hk = h;
        r->nosc++;
    }
    if (r->osc_hold && k > 2) {
        k = 2;
        if (korig == 2) {
            *est = r->erk;
        } else {
            for (int i = 0; i < n; i++) {
                double s = w->e[i];
                for (int j = 3; j <= korig; j++)
                    s += w->phi[(size_t)j * n + i];
                w->tmp[i] = s;
            }
            *est = w->sigma[2] * bdf_enorm(w, w->tmp);
        }
    }
    return k;
}

/* after br_osc, once e is no longer read: e becomes the newest correction
 * x1, x1 the older x2, and x2's storage the next e (zeroed by the
 * predictor) — no copy */
static void br_osc_keep(bdf_mem *w)
{
    double *const old = w->x2;
    w->x2 = w->x1;
    w->x1 = w->e;
    w->e = old;
}

/* the differences after an accepted step of order k: φ_{k+1} = e (unless k
 * is the largest order), φ_k += e, then φ_j += φ_{j+1} for j = k−1 … 0, in
 * one pass over the entries (each φ_j,i the same sum as DASSL's loops), and
 * on the way the weights at the new y = φ_0 (bdf_weights); returns 1 if y
 * is not finite */
static BDF_INLINE int bdf_phi_update_k(int n, const int k, int keep_e,
                                       const double *restrict e, double *restrict phi,
                                       double rtol, double atol, double *restrict wt)
{
    double z = 0.0;
    for (int i = 0; i < n; i++) {
        const double ei = e[i];
        if (keep_e)
            phi[(size_t)(k + 1) * n + i] = ei;
        double acc = phi[(size_t)k * n + i] + ei;
        phi[(size_t)k * n + i] = acc;
        for (int j = k - 1; j >= 0; j--) {
            acc = phi[(size_t)j * n + i] + acc;
            phi[(size_t)j * n + i] = acc;
        }
        /* acc is φ_0,i; acc − acc is 0 if it is finite, NaN otherwise */
        wt[i] = rtol * fabs(acc) + atol;
        z += acc - acc;
    }
    return !(z == 0.0);
}

static BDF_INLINE int bdf_phi_update(int n, int k, int keep_e, const double *restrict e,
                          double *restrict phi, double rtol, double atol, double *restrict wt)
{
    int bad;
#define X(K) bad = bdf_phi_update_k(n, (K) - 1, 1, e, phi, rtol, atol, wt)
#define X0(K) bad = bdf_phi_update_k(n, (K) - 1, 0, e, phi, rtol, atol, wt)
    if (keep_e) {
        ORDERS(X, k + 1)
    } else {
        ORDERS(X0, k + 1)
    }
#undef X
#undef X0
    return bad;
}

/* block 5: the step is accepted: order and step size for the next one,
 * phi updated, weights, output; BR_GO or BR_DONE (non-finite solution) */
static int br_accept(bdf_run *r)
{
    bdf_mem *w = r->w;
    const bdf_config *cfg = r->cfg;
    db_output *out = r->out;
    const int n = r->n, maxord = r->maxord, kp1 = r->kp1;
    const double h = r->h, t = r->t;
    int k = r->k;
    double est = r->est;
    const int korig = k;
    const int kdiff = k - r->kold;
    r->kold = k;
    r->hold = h;
    double hnew = h;
    int choose = 1;
    if (r->knew == k - 1 || k == maxord)
        r->iphase = 1;
    if (r->iphase == 0) {
        k = k + 1;
        if (!cfg->fixed_step)
            hnew = 2.0 * h;
        choose = 0;
    } else if (r->knew == k - 1) {
        k = k - 1;
        est = r->erkm1;
    } else if (k == maxord || kp1 >= r->ns || kdiff == 1 || cfg->fixed_step) {
        /* keep the order */
    } else {
        for (int i = 0; i < n; i++)
            w->tmp[i] = w->e[i] - w->phi[(size_t)(k + 1) * n + i];
        double erkp1 = bdf_enorm(w, w->tmp) / (k + 2);
        double terkp1 = (k + 2) * erkp1;
        if (k > 1) {
            if (r->terkm1 <= fmin(r->terk, terkp1) && !cfg->fixed_order) {
                k = k - 1;
                est = r->erkm1;
            } else if (!(terkp1 >= r->terk || k == maxord)) {
                k = k + 1;
                est = erkp1;
            }
        } else if (terkp1 < 0.5 * r->terk) {
            k = k + 1;
            est = erkp1;
        }
    }
    if (cfg->stald && !cfg->fixed_step && !cfg->fixed_order)
        k = br_stald(r, korig, k, &est);
    if (cfg->osc && !cfg->fixed_step && !cfg->fixed_order)
        k = br_osc(r, korig, k, &est);
    if (choose && !cfg->fixed_step) {
        double q = db_root_inv(2.0 * est + 0.0001, k + 1);
        if (q >= 2.0)
            hnew = 2.0 * h;
        else if (q <= 1.0)
            hnew = h * fmax(0.5, fmin(0.9, q));
    }
    r->k = k;
    r->est = est;
    r->h = hnew;
    const int bad = bdf_phi_update(n, korig, korig != maxord, w->e, w->phi, r->o->rtol,
                                   r->o->atol, w->wt);
    if (cfg->osc && !cfg->fixed_step && !cfg->fixed_order)
        br_osc_keep(w);
    r->steps++;
    if (bad) {
        r->st = DB_FAIL_NONFINITE;
        snprintf(r->msg, r->msglen, "bdf: non-finite solution at t=%.6g", t);
        return BR_DONE;
    }
    db_step_point(r->o, t, w->phi);   /* phi[0] = y at t, the corrected value */
    while (r->iout < out->nt && out->t[r->iout] <= t) {
        bdf_interp(w, t, out->t[r->iout], r->kold, out->y + (size_t)r->iout * n,
                   out->yp ? out->yp + (size_t)r->iout * n : NULL);
        r->iout++;
    }
    return BR_GO;
}

/* block 6: a failed attempt: state restored, order and step size reduced;
 * BR_GO to try again, BR_DONE when the step cannot be done */
static int br_fail(bdf_run *r)
{
    bdf_mem *w = r->w;
    const bdf_config *cfg = r->cfg;
    const int n = r->n, kp1 = r->kp1, nsp1 = r->nsp1;
    r->rejected++;
    r->iphase = 1;
    r->t = r->told;
    if (kp1 >= nsp1)
        for (int j = nsp1; j <= kp1; j++)
            for (int i = 0; i < n; i++)
                w->phi[(size_t)(j - 1) * n + i] /= w->beta[j - 1];
    for (int i = 1; i < kp1; i++)
        w->psi[i - 1] = w->psi[i] - r->h;
    if (cfg->fixed_step) {
        r->st = DB_FAIL_NEWTON;
        snprintf(r->msg, r->msglen, "bdf: corrector failed at t=%.6g (fixed step)", r->t);
        return BR_DONE;
    }
    double q;
    if (!r->convgd) {
        r->ncf++;
        q = 0.25;
        if (r->ncf >= (r->singular ? 3 : 10)) {
            r->st = DB_FAIL_NEWTON;
            snprintf(r->msg, r->msglen, "bdf: %s at t=%.6g, h=%.3g",
                     r->singular ? "singular iteration matrix" : "corrector failed repeatedly",
                     r->t, r->h);
            return BR_DONE;
        }
    } else {
        r->nef++;
        if (r->nef == 1) {
            r->k = r->knew;
            q = 0.9 * db_root_inv(2.0 * r->est + 0.0001, r->k + 1);
            q = fmax(0.25, fmin(0.9, q));
        } else {
            if (r->nef > 2 && !cfg->fixed_order)
                r->k = 1;
            else
                r->k = r->knew;
            q = 0.25;
        }
    }
    r->h *= q;
    if (r->kold == 0) {
        w->psi[0] = r->h;
        for (int i = 0; i < n; i++)
            w->phi[n + i] *= q;
    }
    if (fabs(r->h) < r->hmin) {
        r->st = DB_FAIL_STEPSIZE;
        snprintf(r->msg, r->msglen, "bdf: step size %.3g below hmin at t=%.6g", r->h, r->t);
        return BR_DONE;
    }
    if (r->steps + r->rejected >= r->max_steps) {
        r->st = DB_FAIL_BUDGET;
        snprintf(r->msg, r->msglen, "bdf: max_steps %ld reached at t=%.6g", r->max_steps, r->t);
        return BR_DONE;
    }
    return BR_GO;
}

/* the steps until every output time is reached or a phase ends the run */
static void br_steps(bdf_run *r)
{
    for (;;) {
        if (br_step_begin(r) == BR_DONE)
            return;
        for (;;) {                 /* attempts of this step */
            br_coefficients(r);
            br_correct(r);
            br_errors(r);
            if (r->convgd && !r->errfail) {
                if (br_accept(r) == BR_DONE)
                    return;
                break;
            }
            if (br_fail(r) == BR_DONE)
                return;
        }
        if (r->iout >= r->out->nt)
            return;
    }
}

db_status bdf_core_integrate(const db_dae *d, const db_solver_opts *o, const bdf_config *cfg,
                             db_output *out, db_counters *c, char *msg, size_t msglen)
{
    const double uround = DBL_EPSILON;
    bdf_mem W, *w = &W;
    memset(w, 0, sizeof *w);
    memset(c, 0, sizeof *c);   /* callers need not zero the counters */
    if (msglen)
        msg[0] = '\0';
    w->d = d;
    w->cfg = *cfg;
    w->n = d->n;
    w->neq = d->neq;
    const int n = d->n;

    /* ---- input checks ---- */
    {
        int bad = 0;
        if (!(o->rtol > 0.0) || !(o->atol > 0.0))
            bad = snprintf(msg, msglen, "bdf: tolerances must be positive");
        else if (out->nt < 1 || !out->t || !out->y)
            bad = snprintf(msg, msglen, "bdf: empty output grid");
        else if (!cfg->ls && d->neq != d->n)
            bad = snprintf(msg, msglen, "bdf: needs a square DAE (neq=%d, n=%d)", d->neq, d->n);
        else if (cfg->ls && d->neq < d->n)
            bad = snprintf(msg, msglen, "bdf: least squares needs neq >= n");
        else if (cfg->fixed_step && !(o->h0 > 0.0))
            bad = snprintf(msg, msglen, "bdf: fixed-step needs opts h0 > 0");
        else if (cfg->history && !cfg->fixed_order)
            bad = snprintf(msg, msglen, "bdf: history needs fixed-order");
        else if (cfg->jac == BDF_JAC_ANALYTIC && !d->jac)
            bad = snprintf(msg, msglen, "bdf: jac=analytic but the DAE has no Jacobian");
        for (int k = 1; !bad && k < out->nt; k++)
            if (!(out->t[k] > out->t[k - 1]))
                bad = snprintf(msg, msglen, "bdf: output times not increasing");
        if (!bad && !(out->t[out->nt - 1] > d->t0) && out->t[out->nt - 1] != d->t0)
            bad = snprintf(msg, msglen, "bdf: last output time before t0");
        if (bad) {
            memset(c, 0, sizeof *c);
            return DB_FAIL_INPUT;
        }
    }
    w->jmode = cfg->jac == BDF_JAC_DEFAULT ? (d->jac ? BDF_JAC_ANALYTIC : BDF_JAC_FD) : cfg->jac;
    /* structured path, chosen from the DAE's sparsity (cfg->linsol) */
    w->sp = d->jac_sparse && d->jac_colptr && d->jac_rowind && d->E_sp && !cfg->ls &&
            d->neq == d->n && w->jmode == BDF_JAC_ANALYTIC && db_linsol_kind(d->n, 1) &&
            cfg->linsol != BDF_LINSOL_DENSE && cfg->linsol != BDF_LINSOL_FULL &&
            (cfg->linsol == BDF_LINSOL_SPARSE || d->n > BDF_SPARSE_MIN_N);
    if (bdf_mem_alloc(w) != 0) {
        bdf_mem_free(w);
        snprintf(msg, msglen, "bdf: out of memory (n=%d, neq=%d)", d->n, d->neq);
        memset(c, 0, sizeof *c);
        return DB_FAIL_MEMORY;
    }
    for (int i = 0; i < n; i++) {
        w->emask[i] = (d->index && d->index[i] >= 2) ? 0.0 : 1.0;
        if (cfg->alg_excluded) {
            int zero = 1;
            for (int r = 0; r < d->neq && zero; r++)
                zero = d->E[(size_t)i * (size_t)d->neq + (size_t)r] == 0.0;
            if (zero)
                w->emask[i] = 0.0;
        }
        w->nmask += w->emask[i] > 0.0;
    }
    bdf_set_hscale(w, 0.0);      /* until br_start has the initial step */
    if (cfg->ls) {
        for (int i = 0; i < d->neq; i++) {
            int dyn = d->row_kind[i] == DB_ROW_DIFF || d->row_kind[i] == DB_ROW_ALG;
            int exact = cfg->ls == BDF_LS_DYNAMICS ? !dyn
                        : cfg->ls == BDF_LS_WEIGHTED ? d->row_kind[i] == DB_ROW_POS ||
                                                           d->row_kind[i] == DB_ROW_VEL
                        : dyn;
            if (exact)
                w->rowB[w->pB++] = i;
            else
                w->rowA[w->mA++] = i;
        }
    }

    bdf_run run;
    memset(&run, 0, sizeof run);
    run.w = w;
    run.d = d;
    run.o = o;
    run.cfg = cfg;
    run.out = out;
    run.msg = msg;
    run.msglen = msglen;
    run.st = DB_OK;
    run.n = n;
    run.uround = uround;
    if (br_start(&run) == BR_GO)
        br_steps(&run);
    bdf_counters(w, c, run.steps, run.rejected);
    if (cfg->stald)
        db_counters_set_extra(c, "stald_reductions", run.nstald);
    if (cfg->osc)
        db_counters_set_extra(c, "osc_holds", run.nosc);
    bdf_mem_free(w);
    return run.st;
}
