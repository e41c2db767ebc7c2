/* solvers/geoms.c — geoms: Radau IIA order 5 on the projected-strangeness-free
 * form of the overdetermined formulations oEoM1 / oEoM0, after GEOMS
 * (Steinbrecher, WIAS preprint 1259, 2007 = seed 000: Theorem 2.4, Algorithm 2.6,
 * Remark 2.7, eq. (12), §3 options IOPT(5) "incomplete regularization",
 * IOPT(13) selector control, IOPT(17) consistency check; fact sheets
 * shared/models/formulations.md "psfEoM" and pendulum.md §1, §6).
 *
 * The square system.  The unknowns are those of the given oEoM db_dae
 * (testset/dae.h: y = [p | v | a? | λ | μ]); the selectors are 0/1 coordinate
 * selections (selector.h: the complement of the pivot columns of a pivoted
 * decomposition), so S_p (p' − v) and S_v (M v' − f + Gᵀλ + Hᵀμ) are simply
 * rows of the oEoM system, and the square system is a subset of its rows:
 *
 *   oEoM0 -> psfEoM (12), d-index 1, every unknown index 1:
 *     S_p p' = S_p v                      np − nl rows  (S_p: complement of the pivots of G)
 *     S_v (M v' = f − Gᵀλ − Hᵀμ)          nv − nl − nm rows (S_v: complement of the
 *         pivots of [G;H] M⁻¹, so that [S_v M; G; H] is nonsingular (11); with a as
 *         unknown the rows are S_v (v' = a) and the pivots are those of [G;H])
 *     [0 = M a − f + Gᵀλ + Hᵀμ            nv rows, all, when a is an unknown]
 *     g, G v + g_t, H v + h, G v' + κ_g, H v' + κ_h     2nl + nm + nl + nm rows
 *     count: (np − nl) + (nv − nl − nm) [+ nv] + 3nl + 2nm = np + nv [+ nv] + nl + nm = n.
 *   oEoM1 -> pEoM1 (GEOMS IOPT(5)=1, acceleration constraints omitted), S_v = I:
 *     S_p p' = S_p v (np − nl), all nv dynamic rows [+ nv a rows], g, G v + g_t,
 *     H v + h: (np − nl) + nv [+ nv] + 2nl + nm = n.  λ, μ (and a) have index 2,
 *     as in EoM1, and get RADAU5's index-2 error scaling.
 *   +I (variant "+I"/"inv"): the energy invariant 0 = e(t,p,v) − E0 (mech->energy,
 *     E0 at the initial values; GEOMS (3), (21)) is added and one more
 *     differential row is dropped: the coordinate of the largest entry of the
 *     invariant's gradient after eliminating the pivot columns of the constraint
 *     Jacobian (one more step of complete pivoting; v columns scaled by M⁻¹).
 *     Its gradient is taken by central differences.
 *
 * Selectors are kept constant while the pivoting does not change (GEOMS default
 * IOPT(13)=0); a changed pivoting is adopted only if its pivot block has a
 * volume |det| larger by GEOMS_HYST = 1.01 than the current one (so round-off
 * ties of equal columns do not toggle the selector).  After every accepted step
 * (radau_core's `accepted` hook) the pivots are recomputed at the new state;
 * when they differ, the new selectors are adopted in place (rows and E of the
 * square system) and the hook returns 1, so the core reads E again and takes a
 * new Jacobian: no restart.  When a step attempt fails to converge (Newton
 * divergence, singular matrix), the core's `on_newton_failure` hook recomputes
 * the pivots at the last accepted state and adopts them if they changed, as
 * GEOMS does on NCRJCT.  Extra counters: "selector_updates" = number of
 * selector computations adopted (initial one included, as GEOMS's NSEL);
 * "selector_checks_on_failure" = checks after convergence failures.
 *
 * Initial values are checked on every level (consistency.h) against
 * tol = min(rtol, atol) (rtol if atol = 0); if inconsistent the run fails with
 * DB_FAIL_INPUT naming the level, unless the variant contains "correct": then
 * they are corrected and extra "corrected_levels" holds the bitmask
 * (1 position, 2 velocity, 4 nonholonomic, 8 acceleration).
 *
 * Options: rtol, atol, h0, hmax, max_steps (step attempts),
 *          max_cpu as in radau5; variant: tokens separated by ',', ';' or
 *          blanks: "qr" (default; dgeqp3) or "lu" (complete pivoting), "+I" or
 *          "inv" (energy invariant; a token may also end in "+I", e.g. "lu+I"),
 *          "correct"; "newton=radau5" (default: RADAU5's Newton test),
 *          "newton=count" (same iteration, steps reduced for predicted slow
 *          convergence counted apart: extra "slow_convergence_reductions"),
 *          "newton=report" (GEOMS's documented NIT = 10, FNEWT = min(0.03,
 *          RTOL)/2, slow convergence counted as NCRJCT with a selector check;
 *          seed 000 §3 IOPT(3), ROPT(4), IOPT(10)); with either of the last two
 *          "nit=N", "fnewt=X" override those values (docs/solvers.md, geoms).
 * Returns: DB_OK, DB_FAIL_INPUT (formulation, options, inconsistent initial
 *          values, no energy for +I), DB_FAIL_NEWTON, DB_FAIL_STEPSIZE,
 *          DB_FAIL_BUDGET, DB_FAIL_NONFINITE, DB_FAIL_MEMORY.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"
#include "radau_core.h"
#include "selector.h"
#include "consistency.h"
#include "linalg.h"

#define GEOMS_FORMS (DB_FORM_BIT(DB_OEOM1) | DB_FORM_BIT(DB_OEOM0))
/* a new pivoting replaces the current one only if the volume |det A[:,P]| of its
 * pivot columns is larger by this factor (for the pendulum: |p1|/|p2| > 1.01,
 * i.e. 45.3 degrees; v0 = 2.9 reaches 46.04, v0 = 2.8 44.36) */
#define GEOMS_HYST 1.01

typedef struct {
    const db_dae *d;
    const db_mech *m;
    const db_solver_opts *o;  /* for the step-point hook (db_step_point) */
    int n, neq, np, nv, nl, nm, nc, has_a, oeom0, inv, row0;
    db_selector sel;
    double *Ff, *Jf;          /* neq, neq×n: the overdetermined F and J */
    double *Esq;              /* n×n leading matrix of the square system */
    int *idx;                 /* [n] index of each unknown */
    int *rows;                /* [n] row of d, or -1 for the invariant */
    int *piv_p, *piv_v, inv_col;      /* current pivots */
    int *npiv_p, *npiv_v, ninv_col;   /* pivots at the last check */
    int *mask_p, *mask_v;
    double *Gb, *Ab, *At, *Hb, *Mlu;  /* G (nl×np), [G;H](M⁻¹) (nc×nv), its transpose, H, LU of M */
    int *mpiv;
    /* +I */
    double E0, *egrad, *Cr, *Cpp, *zz, *ytmp;
    int *cpiv, *cols;
    double *y_start;          /* initial values (corrected if asked) */
    int have_cur;             /* a selector is in use (hysteresis applies) */
    long nsel;                /* selector computations (adopted pivotings) */
    /* variant "svd": redundant constraints (oEoM1): rank r of G, its r independent
     * constraints, a basis N of null(Gᵀ); the square system keeps those r
     * constraints on both levels and adds Nᵀλ = 0 (minimum-norm λ) */
    int svd, rank, nrank;
    int *crow, *ncrow, *rtmp;
    double *Nul, *nNul, *Ntmp, *Ftmp;
    long nfail_checks;        /* selector checks after Newton failures */
    long nslow;               /* step reductions for predicted slow convergence
                                 (variant newton=report / newton=count) */
    long njac_piv;            /* Jacobians made for the pivoting (+I), not the core's */
    long nfd_energy;          /* energy evaluations of the FD gradient (+I) */
} gctx;

static void gctx_free(gctx *g)
{
    db_selector_free(&g->sel);
    free(g->Ff); free(g->Jf); free(g->Esq); free(g->idx); free(g->rows);
    free(g->piv_p); free(g->piv_v); free(g->npiv_p); free(g->npiv_v);
    free(g->mask_p); free(g->mask_v);
    free(g->Gb); free(g->Ab); free(g->At); free(g->Hb); free(g->Mlu); free(g->mpiv);
    free(g->egrad); free(g->Cr); free(g->Cpp); free(g->zz); free(g->ytmp);
    free(g->cpiv); free(g->cols);
    free(g->y_start);
    free(g->crow); free(g->ncrow); free(g->Nul); free(g->nNul);
    free(g->rtmp); free(g->Ntmp); free(g->Ftmp);
}

#define DALLOC(n) calloc((size_t)(n) + 1, sizeof(double))
#define IALLOC(n) calloc((size_t)(n) + 1, sizeof(int))

static int gctx_alloc(gctx *g, db_sel_strategy st)
{
    const int n = g->n, neq = g->neq, np = g->np, nv = g->nv, nl = g->nl, nc = g->nc;
    const int ncols = np + nv, ncr = 2 * nl + g->nm;
    g->Ff = DALLOC(neq);
    g->Jf = DALLOC((size_t)neq * n);
    g->Esq = DALLOC((size_t)n * n);
    g->idx = IALLOC(n);
    g->rows = IALLOC(n);
    g->piv_p = IALLOC(nl); g->piv_v = IALLOC(nc);
    g->npiv_p = IALLOC(nl); g->npiv_v = IALLOC(nc);
    g->mask_p = IALLOC(np); g->mask_v = IALLOC(nv);
    g->Gb = DALLOC(nl * np); g->Ab = DALLOC(nc * nv); g->At = DALLOC((ncr + nc + 1) * nv);
    g->Hb = DALLOC(g->nm * nv); g->Mlu = DALLOC(nv * nv); g->mpiv = IALLOC(nv);
    g->egrad = DALLOC(ncols); g->Cr = DALLOC(ncr * ncols); g->Cpp = DALLOC(ncr * ncr);
    g->zz = DALLOC(ncr); g->ytmp = DALLOC(n);
    g->cpiv = IALLOC(ncr); g->cols = IALLOC(ncr);
    g->y_start = DALLOC(n);
    g->crow = IALLOC(nl); g->ncrow = IALLOC(nl);
    g->Nul = DALLOC(nl * nl); g->nNul = DALLOC(nl * nl);
    g->rtmp = IALLOC(nl); g->Ntmp = DALLOC(nl * nl); g->Ftmp = DALLOC(nl);
    if (!g->crow || !g->ncrow || !g->Nul || !g->nNul || !g->rtmp || !g->Ntmp || !g->Ftmp)
        return -1;
    if (!g->Ff || !g->Jf || !g->Esq || !g->idx || !g->rows || !g->piv_p || !g->piv_v ||
        !g->npiv_p || !g->npiv_v || !g->mask_p || !g->mask_v || !g->Gb || !g->Ab || !g->At ||
        !g->Hb || !g->Mlu || !g->mpiv || !g->egrad || !g->Cr || !g->Cpp || !g->zz ||
        !g->ytmp || !g->cpiv || !g->cols || !g->y_start)
        return -1;
    const int mm = nc > nl ? nc : nl, nn = np > nv ? np : nv;
    return db_selector_alloc(&g->sel, st, mm, nn);
}

/* energy invariant value e − E0 */
static double inv_value(gctx *g, double t, const double *y)
{
    return g->m->energy(g->m, t, y + g->d->off_p, y + g->d->off_v) - g->E0;
}

/* central-difference gradient of e over (p, v) at y into g->egrad */
static void inv_grad(gctx *g, double t, const double *y)
{
    const int np = g->np, nv = g->nv, op = g->d->off_p, ov = g->d->off_v;
    memcpy(g->ytmp, y, (size_t)g->n * sizeof *y);
    g->nfd_energy += 2L * (np + nv);
    for (int j = 0; j < np + nv; j++) {
        const int k = j < np ? op + j : ov + (j - np);
        const double yk = y[k], del = 1e-6 * fmax(1.0, fabs(yk));
        g->ytmp[k] = yk + del;
        const double ep = inv_value(g, t, g->ytmp);
        g->ytmp[k] = yk - del;
        const double em = inv_value(g, t, g->ytmp);
        g->ytmp[k] = yk;
        g->egrad[j] = (ep - em) / (2.0 * del);
    }
}

/* rows^T of A (nc×nv) := rows of A M⁻¹, via Mᵀ X = Aᵀ; 0 or nonzero */
static int scale_minv(gctx *g, double *A, int nr, int ld)
{
    const int nv = g->nv;
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nv; j++)
            g->At[j + (size_t)i * nv] = A[i + (size_t)j * ld];
    int info = 0, n = nv, nrhs = nr;
    dgetrs_("T", &n, &nrhs, g->Mlu, &n, g->mpiv, g->At, &n, &info, 1);
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nv; j++)
            A[i + (size_t)j * ld] = g->At[j + (size_t)i * nv];
    return info;
}

/* pivots at (t, y) into npiv_p, npiv_v, ninv_col; 0, or 1 if rank deficient */
static int compute_pivots(gctx *g, double t, const double *y)
{
    const db_mech *m = g->m;
    const int np = g->np, nv = g->nv, nl = g->nl, nm = g->nm, nc = g->nc;
    const double *p = y + g->d->off_p;
    int bad = 0;
    if (nl && g->svd) {
        memset(g->Gb, 0, (size_t)nl * np * sizeof *g->Gb);
        m->G(m, t, p, g->Gb);
        const int r = db_selector_redundancy(&g->sel, nl, np, g->Gb, nl, g->ncrow, g->nNul);
        if (r <= 0)
            return 1;
        g->nrank = r;
        for (int j = 0; j < np; j++)       /* the r independent rows of G, in At */
            for (int i = 0; i < r; i++)
                g->At[i + (size_t)j * r] = g->Gb[g->ncrow[i] + (size_t)j * nl];
        return db_selector_pivots(&g->sel, r, np, g->At, r, g->npiv_p);
    }
    if (nl) {
        memset(g->Gb, 0, (size_t)nl * np * sizeof *g->Gb);
        m->G(m, t, p, g->Gb);
        bad |= db_selector_pivots(&g->sel, nl, np, g->Gb, nl, g->npiv_p);
        if (g->have_cur && !bad && memcmp(g->npiv_p, g->piv_p, (size_t)nl * sizeof *g->piv_p) &&
            !(db_selector_volume(&g->sel, nl, g->Gb, nl, g->npiv_p) >
              GEOMS_HYST * db_selector_volume(&g->sel, nl, g->Gb, nl, g->piv_p)))
            memcpy(g->npiv_p, g->piv_p, (size_t)nl * sizeof *g->piv_p);
    }
    if (g->oeom0 && nc) {
        if (nm) {
            memset(g->Hb, 0, (size_t)nm * nv * sizeof *g->Hb);
            m->H(m, t, p, g->Hb);
        }
        for (int j = 0; j < nv; j++) {
            for (int i = 0; i < nl; i++)
                g->Ab[i + (size_t)j * nc] = g->Gb[i + (size_t)j * nl];
            for (int i = 0; i < nm; i++)
                g->Ab[nl + i + (size_t)j * nc] = g->Hb[i + (size_t)j * nm];
        }
        if (!g->has_a && scale_minv(g, g->Ab, nc, nc))
            return 1;
        bad |= db_selector_pivots(&g->sel, nc, nv, g->Ab, nc, g->npiv_v);
        if (g->have_cur && !bad && memcmp(g->npiv_v, g->piv_v, (size_t)nc * sizeof *g->piv_v) &&
            !(db_selector_volume(&g->sel, nc, g->Ab, nc, g->npiv_v) >
              GEOMS_HYST * db_selector_volume(&g->sel, nc, g->Ab, nc, g->piv_v)))
            memcpy(g->npiv_v, g->piv_v, (size_t)nc * sizeof *g->piv_v);
    }
    g->ninv_col = -1;
    if (g->inv && !bad) {
        /* constraint Jacobian rows (position; velocity for oEoM0) over columns p, v */
        const int ncols = np + nv, ncr = g->oeom0 ? 2 * nl + nm : nl;
        memset(g->Jf, 0, (size_t)g->neq * g->n * sizeof *g->Jf);
        g->njac_piv++;
        if (g->d->jac(g->d, t, y, g->Jf))
            return 1;
        int r = 0;
        for (int i = g->row0; i < g->neq && r < ncr; i++) {
            const int k = g->d->row_kind[i];
            if (k != DB_ROW_POS && !(g->oeom0 && k == DB_ROW_VEL))
                continue;
            for (int j = 0; j < ncols; j++) {
                const int col = j < np ? g->d->off_p + j : g->d->off_v + (j - np);
                g->Cr[r + (size_t)j * ncr] = -g->Jf[i + (size_t)col * g->neq];
            }
            r++;
        }
        inv_grad(g, t, y);
        if (!g->has_a) {
            if (scale_minv(g, g->Cr + (size_t)np * ncr, ncr, ncr))
                return 1;
            for (int j = 0; j < nv; j++)
                g->At[j] = g->egrad[np + j];
            int info = 0, n1 = nv, one = 1;
            dgetrs_("T", &n1, &one, g->Mlu, &n1, g->mpiv, g->At, &n1, &info, 1);
            for (int j = 0; j < nv; j++)
                g->egrad[np + j] = g->At[j];
        }
        /* pivot columns */
        int q = 0;
        for (int k = 0; k < nl; k++)
            g->cols[q++] = g->npiv_p[k];
        if (g->oeom0)
            for (int k = 0; k < nc; k++)
                g->cols[q++] = np + g->npiv_v[k];
        /* z: C_Pᵀ z = c_Pᵀ */
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++)
                g->Cpp[b + (size_t)a * q] = g->Cr[a + (size_t)g->cols[b] * ncr];  /* transpose */
            g->zz[a] = g->egrad[g->cols[a]];
        }
        if (q) {
            int info = 0, one = 1;
            dgetrf_(&q, &q, g->Cpp, &q, g->cpiv, &info);
            if (info)
                return 1;
            dgetrs_("N", &q, &one, g->Cpp, &q, g->cpiv, g->zz, &q, &info, 1);
        }
        double best = 0.0, cn = 0.0, ccur = 0.0;
        for (int j = 0; j < ncols; j++) {
            cn = fmax(cn, fabs(g->egrad[j]));
            int ispiv = 0;
            for (int a = 0; a < q; a++)
                ispiv |= g->cols[a] == j;
            if (ispiv)
                continue;
            double cj = g->egrad[j];
            for (int a = 0; a < q; a++)
                cj -= g->zz[a] * g->Cr[a + (size_t)j * ncr];
            if (j == g->inv_col)
                ccur = fabs(cj);
            if (fabs(cj) > best) {
                best = fabs(cj);
                g->ninv_col = j;
            }
        }
        if (!(best > 1e-10 * cn))
            bad = 1;
        else if (g->have_cur && g->inv_col >= 0 && g->ninv_col != g->inv_col && !(best > GEOMS_HYST * ccur))
            g->ninv_col = g->inv_col;
    }
    return bad;
}

static int pivots_changed(const gctx *g)
{
    if (g->svd) {
        const int nl = g->nl, k = nl - g->rank;
        if (g->nrank != g->rank)
            return 1;
        for (int i = 0; i < g->rank; i++)
            if (g->crow[i] != g->ncrow[i] || g->piv_p[i] != g->npiv_p[i])
                return 1;
        /* the null space moved: |N Nᵀ − N' N'ᵀ| */
        for (int a = 0; a < nl; a++)
            for (int b = 0; b < nl; b++) {
                double x = 0.0;
                for (int c = 0; c < k; c++)
                    x += g->Nul[a + (size_t)c * nl] * g->Nul[b + (size_t)c * nl]
                         - g->nNul[a + (size_t)c * nl] * g->nNul[b + (size_t)c * nl];
                if (fabs(x) > 1e-8)
                    return 1;
            }
        return 0;
    }
    for (int k = 0; k < g->nl; k++)
        if (g->piv_p[k] != g->npiv_p[k])
            return 1;
    if (g->oeom0)
        for (int k = 0; k < g->nc; k++)
            if (g->piv_v[k] != g->npiv_v[k])
                return 1;
    return g->inv && g->inv_col != g->ninv_col;
}

/* take the pivots of the last check and assemble rows, E and index */
static int adopt(gctx *g)
{
    const db_dae *d = g->d;
    const int n = g->n, np = g->np, nv = g->nv, nl = g->nl, nc = g->nc;
    memcpy(g->piv_p, g->npiv_p, (size_t)nl * sizeof *g->piv_p);
    memcpy(g->piv_v, g->npiv_v, (size_t)nc * sizeof *g->piv_v);
    g->inv_col = g->ninv_col;
    g->have_cur = 1;
    if (g->svd) {
        g->rank = g->nrank;
        memcpy(g->crow, g->ncrow, (size_t)nl * sizeof *g->crow);
        memcpy(g->Nul, g->nNul, (size_t)nl * nl * sizeof *g->Nul);
    }
    db_selector_mask(g->svd ? g->rank : nl, np, g->piv_p, g->mask_p);
    if (g->oeom0)
        db_selector_mask(nc, nv, g->piv_v, g->mask_v);
    else
        for (int j = 0; j < nv; j++)
            g->mask_v[j] = 1;
    if (g->inv && g->inv_col >= 0) {
        if (g->inv_col < np)
            g->mask_p[g->inv_col] = 0;
        else
            g->mask_v[g->inv_col - np] = 0;
    }
    int r = 0;
    for (int i = 0; i < np; i++)
        if (g->mask_p[i])
            g->rows[r++] = i;
    for (int j = 0; j < nv; j++)
        if (g->mask_v[j])
            g->rows[r++] = np + j;
    int kpos = 0, kvel = 0;
    for (int i = np + nv; i < g->neq; i++) {
        if (g->svd) {   /* only the rank's independent constraints, on both levels */
            const int kind = d->row_kind[i];
            const int c = kind == DB_ROW_POS ? kpos++ : kind == DB_ROW_VEL ? kvel++ : -1;
            int keep = c < 0;
            for (int q = 0; q < g->rank && !keep; q++)
                keep = g->crow[q] == c;
            if (!keep)
                continue;
        }
        if (r >= n)
            return 1;
        g->rows[r++] = i;
    }
    for (int c = 0; g->svd && c < nl - g->rank; c++) {
        if (r >= n)
            return 1;
        g->rows[r++] = -2 - c;   /* Nᵀλ = 0 */
    }
    if (g->inv) {
        if (r >= n)
            return 1;
        g->rows[r++] = -1;
    }
    if (r != n)
        return 1;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            g->Esq[i + (size_t)j * n] = g->rows[i] >= 0 ? d->E[g->rows[i] + (size_t)j * g->neq] : 0.0;
    return 0;
}

/* svd: the rows Nᵀ P(q) λ = 0, P(q) the projector onto null(G(q)ᵀ) at the current
 * positions (basis-free; N, the basis at the last refresh, only orders the rows),
 * so that λ is the minimum-norm multiplier at every state, into g->Ftmp */
static int null_rows(gctx *g, double t, const double *y)
{
    const int nl = g->nl, np = g->np, k = nl - g->rank;
    memset(g->Gb, 0, (size_t)nl * np * sizeof *g->Gb);
    g->m->G(g->m, t, y + g->d->off_p, g->Gb);
    if (db_selector_redundancy(&g->sel, nl, np, g->Gb, nl, g->rtmp, g->Ntmp) != g->rank)
        return 1;
    const double *l = y + g->d->off_l;
    for (int c = 0; c < k; c++) {   /* (Nᵀ Ñ)(Ñᵀ λ), Ñ the current basis */
        double x = 0.0;
        for (int e = 0; e < k; e++) {
            double a = 0.0, b = 0.0;
            for (int j = 0; j < nl; j++) {
                a += g->Nul[j + (size_t)c * nl] * g->Ntmp[j + (size_t)e * nl];
                b += g->Ntmp[j + (size_t)e * nl] * l[j];
            }
            x += a * b;
        }
        g->Ftmp[c] = x;
    }
    return 0;
}

static int g_rhs(void *ctx, double t, const double *y, double *F)
{
    gctx *g = ctx;
    memset(g->Ff, 0, (size_t)g->neq * sizeof *g->Ff);
    if (g->d->rhs(g->d, t, y, g->Ff))
        return 1;
    if (g->svd && g->rank < g->nl && null_rows(g, t, y))
        return 1;
    for (int i = 0; i < g->n; i++) {
        const int r = g->rows[i];
        if (r >= 0)
            F[i] = g->Ff[r];
        else if (r == -1)
            F[i] = inv_value(g, t, y);
        else
            F[i] = g->Ftmp[-2 - r];
    }
    return 0;
}

static int g_jac(void *ctx, double t, const double *y, double *J)
{
    gctx *g = ctx;
    const int n = g->n, neq = g->neq;
    memset(g->Jf, 0, (size_t)neq * n * sizeof *g->Jf);
    if (g->d->jac(g->d, t, y, g->Jf))
        return 1;
    if (g->inv)
        inv_grad(g, t, y);
    for (int i = 0; i < n; i++) {
        const int r = g->rows[i];
        if (r >= 0) {
            for (int j = 0; j < n; j++)
                J[i + (size_t)j * n] = g->Jf[r + (size_t)j * neq];
        } else if (r <= -2) {
            for (int j = 0; j < n; j++)
                J[i + (size_t)j * n] = 0.0;
            for (int j = 0; j < g->nl; j++)
                J[i + (size_t)(g->d->off_l + j) * n] = g->Nul[j + (size_t)(-2 - r) * g->nl];
        } else {
            for (int j = 0; j < n; j++)
                J[i + (size_t)j * n] = 0.0;
            for (int j = 0; j < g->np + g->nv; j++) {
                const int col = j < g->np ? g->d->off_p + j : g->d->off_v + (j - g->np);
                J[i + (size_t)col * n] = g->egrad[j];
            }
        }
    }
    return 0;
}

/* new pivots at (t, y): adopt them when they changed.  1 = new selectors (the
 * core then reads E again and takes a new Jacobian), 0 = unchanged, -1 = the
 * new pivoting gives no square system (internal error) */
static int g_update(gctx *g, double t, const double *y)
{
    if (compute_pivots(g, t, y) != 0 || !pivots_changed(g))
        return 0;
    if (adopt(g))
        return -1;
    g->nsel++;
    return 1;
}

/* after every accepted step: check the pivoting (see top) */
static int g_accepted(void *ctx, double t, double *y)
{
    db_step_point(((const gctx *)ctx)->o, t, y);
    return g_update(ctx, t, y);
}

/* Newton failure: selectors recomputed at the last accepted state (GEOMS NCRJCT) */
static int g_newton_failure(void *ctx, double t, const double *y)
{
    gctx *g = ctx;
    g->nfail_checks++;
    return g_update(g, t, y);
}

/* variant newton=report: a step reduced for predicted slow convergence is a
 * convergence failure too (GEOMS NCRJCT): counted, selectors checked */
static int g_slow_report(void *ctx, double t, const double *y)
{
    gctx *g = ctx;
    g->nslow++;
    return g_newton_failure(ctx, t, y);
}

/* variant newton=count: the default iteration, such reductions only counted */
static int g_slow_count(void *ctx, double t, const double *y)
{
    (void)t;
    (void)y;
    ((gctx *)ctx)->nslow++;
    return 0;
}

static db_status geoms_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                                 db_counters *c, char *msg, size_t msglen)
{
    char dummy[8];
    if (!msg || !msglen) {
        msg = dummy;
        msglen = sizeof dummy;
    }
    msg[0] = '\0';
    if (c)
        memset(c, 0, sizeof *c);   /* callers need not zero the counters */
    if (!d || !o || !out || !c) {
        snprintf(msg, msglen, "geoms: missing argument");
        return DB_FAIL_INPUT;
    }
    if ((unsigned)d->form >= DB_NFORMS || !(GEOMS_FORMS & DB_FORM_BIT(d->form))) {
        snprintf(msg, msglen, "geoms: formulation %d not accepted (oEoM1, oEoM0 only)", (int)d->form);
        return DB_FAIL_INPUT;
    }
    if (!d->mech || !d->rhs || !d->jac || !d->y0 || d->off_p < 0 || !out->t || !out->y ||
        out->nt < 1) {
        snprintf(msg, msglen, "geoms: needs an oEoM db_dae built from a mechanical system and output times");
        return DB_FAIL_INPUT;
    }
    /* variant */
    int strategy = DB_SEL_QR, inv = 0, correct = 0;
    int newton = 0;   /* 0 default (RADAU5's test), 1 newton=count, 2 newton=report */
    int nit = 0;      /* nit=N: max Newton iterations (with newton=count/report) */
    double fnewt = 0; /* fnewt=X: Newton tolerance (with newton=count/report) */
    if (o->variant) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", o->variant);
        for (char *tok = strtok(buf, ",; \t"); tok; tok = strtok(NULL, ",; \t")) {
            size_t len = strlen(tok);
            if (len >= 2 && strcmp(tok + len - 2, "+I") == 0) {
                inv = 1;
                tok[len - 2] = '\0';
                if (!tok[0])
                    continue;
            }
            if (strcmp(tok, "qr") == 0)
                strategy = DB_SEL_QR;
            else if (strcmp(tok, "lu") == 0)
                strategy = DB_SEL_LU;
            else if (strcmp(tok, "inv") == 0)
                inv = 1;
            else if (strcmp(tok, "correct") == 0)
                correct = 1;
            else if (strcmp(tok, "svd") == 0)
                strategy = DB_SEL_SVD;
            else if (strcmp(tok, "newton=radau5") == 0)
                newton = 0;
            else if (strcmp(tok, "newton=count") == 0)
                newton = 1;
            else if (strcmp(tok, "newton=report") == 0)
                newton = 2;
            else if (strncmp(tok, "nit=", 4) == 0 && atoi(tok + 4) > 0)
                nit = atoi(tok + 4);
            else if (strncmp(tok, "fnewt=", 6) == 0 && strtod(tok + 6, NULL) > 0)
                fnewt = strtod(tok + 6, NULL);
            else {
                snprintf(msg, msglen, "geoms: unknown variant token '%s' (known: qr, lu, svd, +I, inv, "
                         "correct, newton=radau5, newton=count, newton=report, nit=N, fnewt=X)", tok);
                return DB_FAIL_INPUT;
            }
        }
    }
    if ((nit > 0 || fnewt > 0) && !newton) {
        snprintf(msg, msglen, "geoms: variant nit=/fnewt= need newton=count or newton=report");
        return DB_FAIL_INPUT;
    }
    const db_mech *m = d->mech;
    if (strategy == DB_SEL_SVD && (d->form != DB_OEOM1 || m->nm > 0 || inv)) {
        snprintf(msg, msglen, "geoms: variant svd (redundant constraints) needs oEoM1, holonomic "
                 "constraints only and no +I");
        return DB_FAIL_INPUT;
    }
    if (inv && !m->energy) {
        snprintf(msg, msglen, "geoms: variant +I needs an energy invariant, the problem has none");
        return DB_FAIL_INPUT;
    }
    if (!(o->rtol > 0)) {
        snprintf(msg, msglen, "geoms: rtol=%g must be > 0", o->rtol);
        return DB_FAIL_INPUT;
    }

    gctx g;
    memset(&g, 0, sizeof g);
    g.d = d;
    g.m = m;
    g.o = o;
    g.n = d->n;
    g.neq = d->neq;
    g.np = m->np;
    g.nv = m->nv;
    g.nl = m->nl;
    g.nm = m->nm;
    g.nc = m->nl + m->nm;
    g.has_a = d->off_a >= 0;
    g.oeom0 = d->form == DB_OEOM0;
    g.inv = inv;
    g.svd = strategy == DB_SEL_SVD;
    g.row0 = g.np + g.nv + (g.has_a ? g.nv : 0);
    db_status st = DB_OK;
    if (gctx_alloc(&g, (db_sel_strategy)strategy)) {
        snprintf(msg, msglen, "geoms: out of memory");
        st = DB_FAIL_MEMORY;
        goto done;
    }
    if (!g.has_a) {   /* M is constant and regular: its LU from the v rows of E */
        for (int j = 0; j < g.nv; j++)
            for (int i = 0; i < g.nv; i++)
                g.Mlu[i + (size_t)j * g.nv] = d->E[(g.np + i) + (size_t)(d->off_v + j) * g.neq];
        int info = 0, nv = g.nv;
        dgetrf_(&nv, &nv, g.Mlu, &nv, g.mpiv, &info);
        if (info) {
            snprintf(msg, msglen, "geoms: constant mass matrix singular");
            st = DB_FAIL_INPUT;
            goto done;
        }
    }

    /* consistency of the initial values */
    memcpy(g.y_start, d->y0, (size_t)g.n * sizeof *g.y_start);
    {
        const double ctol = o->atol > 0 ? fmin(o->rtol, o->atol) : o->rtol;
        double res[4];
        int bad = db_consistency_check(d, g.y_start, ctol, res);
        if (bad < 0) {
            snprintf(msg, msglen, "geoms: consistency check failed (singular mass matrix or no memory)");
            st = DB_FAIL_INPUT;
            goto done;
        }
        if (bad && !correct) {
            int b = bad & -bad;
            const int lv = b == 1 ? 0 : b == 2 ? 1 : b == 4 ? 2 : 3;
            snprintf(msg, msglen, "geoms: initial values inconsistent on the %s level (residual %.3g > %.3g; "
                     "levels mask 0x%x); use variant \"correct\"",
                     db_consistency_level_name(b), res[lv], ctol, (unsigned)bad);
            st = DB_FAIL_INPUT;
            goto done;
        }
        int corrected = 0;
        if (bad) {
            char cm[200];
            if (db_consistency_correct(d, g.y_start, ctol, &corrected, cm, sizeof cm)) {
                snprintf(msg, msglen, "geoms: %s", cm);
                st = DB_FAIL_INPUT;
                goto done;
            }
        }
        db_counters_set_extra(c, "corrected_levels", corrected);
    }
    if (inv)
        g.E0 = m->energy(m, d->t0, g.y_start + d->off_p, g.y_start + d->off_v);

    /* index of each unknown */
    for (int i = 0; i < g.n; i++)
        g.idx[i] = 1;
    if (!g.oeom0) {
        if (g.has_a)
            for (int i = 0; i < g.nv; i++)
                g.idx[d->off_a + i] = 2;
        for (int i = 0; i < g.nl; i++)
            g.idx[d->off_l + i] = 2;
        for (int i = 0; i < g.nm; i++)
            g.idx[d->off_m + i] = 2;
    }

    /* initial selectors */
    if (compute_pivots(&g, d->t0, g.y_start) || adopt(&g)) {
        snprintf(msg, msglen, "geoms: constraints (or invariant) rank deficient at t0: no selector");
        st = DB_FAIL_INPUT;
        goto done;
    }
    g.nsel = 1;

    /* one integration: the hooks switch the selectors in place (the core reads
     * the changed E again), after accepted steps and after Newton failures */
    radau_sys sys = {
        .n = g.n, .E = g.Esq, .index = g.idx, .ctx = &g,
        .rhs = g_rhs, .jac = g_jac, .accepted = g_accepted,
        .on_newton_failure = g_newton_failure,
    };
    radau_params rp;
    radau_params_from_opts(&rp, o);
    if (newton == 1) {
        sys.on_slow_convergence = g_slow_count;
    } else if (newton == 2) {
        /* GEOMS's documented defaults (seed 000 §3): NIT = IOPT(3) = 10,
         * FNEWT = ROPT(4) = min(0.03, RTOL)·0.5 with the user's RTOL */
        sys.on_slow_convergence = g_slow_report;
        rp.nit = 10;
        rp.fnewt = 0.5 * fmin(0.03, o->rtol);
    }
    if (newton && nit > 0)
        rp.nit = nit;
    if (newton && fnewt > 0)
        rp.fnewt = fnewt;
    st = radau_integrate(&sys, d->t0, g.y_start, &rp, out->nt, out->t, out->y, out->yp, c, msg,
                         msglen);
    if (st != DB_OK && strncmp(msg, "radau: ", 7) == 0) {
        char tmp[256];
        snprintf(tmp, sizeof tmp, "%s", msg + 7);
        snprintf(msg, msglen, "geoms: %s", tmp);
    }
    /* solver.h units: every Jacobian geoms makes, every evaluation of (part of) the
     * model, the energy's finite differences of +I included */
    c->jac_evals += g.njac_piv;
    c->f_evals += g.nfd_energy;
    db_counters_set_extra(c, "selector_updates", g.nsel);
    db_counters_set_extra(c, "selector_checks_on_failure", g.nfail_checks);
    /* GEOMS's NCRJCT and NERJCT (seed 000 Tables 3, 4): the hook runs once per
     * Newton failure, every other rejection is the error test's */
    if (newton == 0) {
        db_counters_set_extra(c, "newton_failures", g.nfail_checks);
        db_counters_set_extra(c, "error_test_rejections", c->rejected - g.nfail_checks);
    } else {
        /* the reductions for predicted slow convergence counted apart: under
         * newton=report they are NCRJCT (g_slow_report also ran the failure
         * hook, so nfail_checks includes them), under newton=count not */
        db_counters_set_extra(c, "newton_failures", g.nfail_checks);
        db_counters_set_extra(c, "slow_convergence_reductions", g.nslow);
        db_counters_set_extra(c, "error_test_rejections",
                              c->rejected - g.nfail_checks - (newton == 1 ? g.nslow : 0));
    }
    if (st == DB_OK)
        msg[0] = '\0';
done:
    gctx_free(&g);
    return st;
}

const db_solver db_solver_geoms = {
    .name = "geoms",
    .title = "Radau IIA order 5 on the projected-strangeness-free form via selectors (GEOMS, Steinbrecher 2007)",
    .forms = GEOMS_FORMS,
    .integrate = geoms_integrate,
    .step_points = 1,
};
