/* formulation.c — the generic builder of the six formulations EoM, EoM1, EoM0,
 * GGL, oEoM1, oEoM0 of a constrained mechanical system as a linearly implicit
 * DAE E y' = F(t, y), with the analytic Jacobian ∂F/∂y assembled from the
 * problem's derivative callbacks (finite differences, mechfd.c, for absent ones).
 *
 * Sources: ../shared/models/formulations.md §1–2 (seed 003 §2.1.3–2.1.4, seed 000
 * eqs. (7)–(10), seed 002 eqs. (5)–(10) for GGL); the layout and row order are
 * fixed in dae.h.  With a state-dependent or singular M the accelerations are
 * algebraic unknowns a = v' (formulations.md §4, implementer's note); with a
 * constant regular M, v' = M⁻¹(f − Gᵀλ − Hᵀμ) uses the LU of M computed once. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dae.h"
#include "dense.h"
#include "mechfd.h"
#include "sparse.h"

static const char *const form_names[DB_NFORMS] = {
    "EoM", "EoM1", "EoM0", "GGL", "oEoM1", "oEoM0"
};

const char *db_form_name(db_form f)
{
    return (f >= 0 && f < DB_NFORMS) ? form_names[f] : "?";
}

int db_form_from_name(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < DB_NFORMS; i++)
        if (strcmp(form_names[i], name) == 0)
            return i;
    return -1;
}

/* the constraint blocks, in row order */
enum { C_G, C_GV, C_HV, C_GA, C_HA, C_N };

typedef struct {
    db_mechfd fd;           /* FD workspace (fallback derivatives) */
    int has_a;              /* accelerations are unknowns */
    int nblk, blk[C_N];     /* constraint blocks of the formulation, in order */
    unsigned cmask;         /* those with rows (n_λ or n_μ > 0), as a mask of
                               1 << C_*, for dae_rhs_dense */
    int acc;                /* the formulation has acceleration-level rows */
    int row0;               /* first constraint row */
    int rrow;               /* first row of r = f − Gᵀλ − Hᵀμ in F (v or a rows) */
    int ggl;                /* the p rows carry −Gᵀη (GGL with n_λ > 0) */
    int jsum_all;           /* every non-unit entry of J comes from add_block
                               (no GGL p rows, no M⁻¹ products) */
    int ip, iv, ia, il, im, ie;  /* offsets, always valid (absent → 0) */
    double *Mc, *Mlu;       /* constant M (nv×nv) and its LU (when !has_a) */
    int *piv;
    double *M, *G, *H;      /* current matrices */
    double *f, *r, *w, *c;  /* f, r = f − Gᵀλ − Hᵀμ, w = M⁻¹ r, a constraint vector */
    double *fp, *fv, *fl, *fm;   /* ∂f blocks; after assembly fp, fl, fm hold ∂r */
    double *T, *kp, *kv;    /* scratch for derivative blocks (nmax×nmax) */
    double *Xp, *Xv, *Xl, *Xm;   /* M⁻¹ ∂r blocks (EoM0/oEoM0 without a) */
    double *zero;           /* a valid pointer for zero-length groups */
    /* sparse path (mech sparse callbacks, see sp_setup): rhs and jac_sparse in O(nnz) */
    int sp;                 /* 1 when d->jac_sparse is offered */
    db_spacc Gt;            /* G at the current p, as triplets (fixed capacity) */
    db_spacc Mt;            /* the constant M, as triplets */
    db_spacc jacc[4];       /* CSC accumulators on the Jacobian values */
} fwork;

static void fwork_free(void *p)
{
    fwork *w = p;
    if (!w)
        return;
    db_mechfd_free(&w->fd);
    double **bufs[] = { &w->Mc, &w->Mlu, &w->M, &w->G, &w->H, &w->f, &w->r, &w->w, &w->c,
                        &w->fp, &w->fv, &w->fl, &w->fm, &w->T, &w->kp, &w->kv,
                        &w->Xp, &w->Xv, &w->Xl, &w->Xm, &w->zero };
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        free(*bufs[i]);
    free(w->piv);
    db_spacc_triplet_free(&w->Gt);
    db_spacc_triplet_free(&w->Mt);
    free(w);
}

static double *dalloc(int n)
{
    return calloc((size_t)(n > 0 ? n : 1), sizeof(double));
}

/* the largest of the sizes np, nl, nm (at least 1) */
static int nmax_of(int np, int nl, int nm)
{
    int x = np > nl ? np : nl;
    x = nm > x ? nm : x;
    return x > 0 ? x : 1;
}

/* Kernels for a short dimension known to the compiler (up to FIX_MAX
 * entries): one copy per size, chosen by a switch, with the inner loop
 * unrolled and the entries it keeps held in registers, instead of a loop of
 * unknown length and its set-up.  Every entry gets the same operations in
 * the same order as in the loop it replaces. */
#if defined(__GNUC__)
#define FIX_INLINE inline __attribute__((always_inline))
#else
#define FIX_INLINE inline
#endif
#define FIX_MAX 8
#define FIX_CASES(X) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8)

/* J[r0.., c0..] += s · B (rows×cols), column by column; B never lies in J.
 * The new values are also summed into *sum (per row in registers, then
 * folded): the Jacobian's finiteness test (dae_jac) */
static FIX_INLINE void fix_add_block(double *restrict J, int ld, int r0, int c0,
                                     const double *restrict B, const int rows, int cols,
                                     double s, double *restrict sum)
{
    double acc[FIX_MAX] = { 0.0 };
    for (int j = 0; j < cols; j++) {
        double *restrict Jj = J + r0 + (size_t)(c0 + j) * ld;
        const double *restrict Bj = B + (size_t)j * rows;
        for (int i = 0; i < rows; i++) {
            Jj[i] += s * Bj[i];
            acc[i] += Jj[i];
        }
    }
    double t = *sum;
    for (int i = 0; i < rows; i++)
        t += acc[i];
    *sum = t;
}

/* the same for rows > FIX_MAX, the sum by one partial sum */
static void add_block_long(double *restrict J, int ld, int r0, int c0,
                           const double *restrict B, int rows, int cols, double s,
                           double *restrict sum)
{
    double t = *sum;
    for (int j = 0; j < cols; j++) {
        double *restrict Jj = J + r0 + (size_t)(c0 + j) * ld;
        const double *restrict Bj = B + (size_t)j * rows;
        for (int i = 0; i < rows; i++) {
            Jj[i] += s * Bj[i];
            t += Jj[i];
        }
    }
    *sum = t;
}

static void add_block_k(double *restrict J, int ld, int r0, int c0,
                        const double *restrict B, int rows, int cols, double s,
                        double *restrict sum)
{
    switch (rows) {
#define FIX_CASE(R) case R: fix_add_block(J, ld, r0, c0, B, R, cols, s, sum); return;
    FIX_CASES(FIX_CASE)
#undef FIX_CASE
    default:
        add_block_long(J, ld, r0, c0, B, rows, cols, s, sum);
    }
}

/* blocks of one or two rows in place (a call costs more than such a block),
 * the others through the switch */
static inline void add_block(double *restrict J, int ld, int r0, int c0,
                             const double *restrict B, int rows, int cols, double s,
                             double *restrict sum)
{
    if (rows == 1)
        fix_add_block(J, ld, r0, c0, B, 1, cols, s, sum);
    else if (rows == 2)
        fix_add_block(J, ld, r0, c0, B, 2, cols, s, sum);
    else
        add_block_k(J, ld, r0, c0, B, rows, cols, s, sum);
}

/* X −= Bᵀ, X rows×cols (leading dimension rows), B cols×rows */
static FIX_INLINE void fix_sub_T(double *restrict X, const int rows, int cols,
                                 const double *restrict B)
{
    for (int j = 0; j < cols; j++)
        for (int i = 0; i < rows; i++)
            X[i + (size_t)j * rows] -= B[j + (size_t)i * cols];
}

static inline void sub_T(double *restrict X, int rows, int cols, const double *restrict B)
{
    switch (rows) {
#define FIX_CASE(R) case R: fix_sub_T(X, R, cols, B); return;
    FIX_CASES(FIX_CASE)
#undef FIX_CASE
    default:
        fix_sub_T(X, rows, cols, B);
    }
}

/* x −= y, by four entries and a rest */
static inline void sub_vec(double *restrict x, const double *restrict y, int n)
{
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        x[i] -= y[i]; x[i + 1] -= y[i + 1]; x[i + 2] -= y[i + 2]; x[i + 3] -= y[i + 3];
    }
    for (; i < n; i++)
        x[i] -= y[i];
}

/* J[r0.., c0..] += s · Bᵀ, B is rows×cols (the block is cols×rows) */
static void add_block_T(double *J, int ld, int r0, int c0, const double *B, int rows,
                        int cols, double s)
{
    for (int j = 0; j < rows; j++)
        for (int i = 0; i < cols; i++)
            J[(r0 + i) + (size_t)(c0 + j) * ld] += s * B[j + (size_t)i * rows];
}

/* J[r0.., c0..] += A (ra×k) · B (k×cb) */
static void add_prod(double *J, int ld, int r0, int c0, const double *A, int ra, int k,
                     const double *B, int cb)
{
    for (int j = 0; j < cb; j++)
        for (int l = 0; l < k; l++) {
            double b = B[l + (size_t)j * k];
            if (b != 0.0)
                for (int i = 0; i < ra; i++)
                    J[(r0 + i) + (size_t)(c0 + j) * ld] += A[i + (size_t)l * ra] * b;
        }
}

/* x = 0: a plain loop on short blocks (no library call, see CMakeLists.txt) */
static void zero(double *x, int n)
{
    if (n > 32)
        memset(x, 0, (size_t)n * sizeof *x);
    else
        for (int i = 0; i < n; i++)
            x[i] = 0.0;
}

/* y = A x (A rows×cols) added into y with sign s */
static void gemv_add(const double *A, int rows, int cols, const double *x, double s, double *y)
{
    for (int j = 0; j < cols; j++) {
        double xj = s * x[j];
        if (xj != 0.0)
            for (int i = 0; i < rows; i++)
                y[i] += A[i + (size_t)j * rows] * xj;
    }
}

/* y += s Aᵀ x */
static void gemvT_add(const double *A, int rows, int cols, const double *x, double s, double *y)
{
    for (int j = 0; j < cols; j++) {
        double acc = 0;
        for (int i = 0; i < rows; i++)
            acc += A[i + (size_t)j * rows] * x[i];
        y[j] += s * acc;
    }
}

/* evaluate G, H and r = f − Gᵀλ − Hᵀμ at (t, p, v, λ, μ) into w */
static void eval_r(const db_mech *m, fwork *w, double t, const double *p, const double *v,
                   const double *l, const double *mu)
{
    zero(w->f, m->nv);
    m->force(m, t, p, v, l, mu, w->f);
    memcpy(w->r, w->f, (size_t)m->nv * sizeof *w->r);
    if (m->nl) {
        zero(w->G, m->nl * m->np);
        m->G(m, t, p, w->G);
        gemvT_add(w->G, m->nl, m->np, l, -1.0, w->r);
    }
    if (m->nm) {
        zero(w->H, m->nm * m->nv);
        m->H(m, t, p, w->H);
        gemvT_add(w->H, m->nm, m->nv, mu, -1.0, w->r);
    }
}

/* r = f − Gᵀλ with G as triplets (sparse path, n_μ = 0); 0, or 1 if G overflowed */
static int eval_r_sp(const db_mech *m, fwork *w, double t, const double *p, const double *v,
                     const double *l, const double *mu)
{
    zero(w->f, m->nv);
    m->force(m, t, p, v, l, mu, w->f);
    memcpy(w->r, w->f, (size_t)m->nv * sizeof *w->r);
    if (m->nl) {
        w->Gt.len = 0;
        w->Gt.miss = 0;
        m->G_sp(m, t, p, &w->Gt);
        if (w->Gt.miss)
            return 1;
        db_triplet_gemvT(&w->Gt, l, -1.0, w->r);
    }
    return 0;
}

/* y += s G x, y += s Gᵀ x, y += s M x with the matrices of the current path */
static void G_mul(const db_mech *m, const fwork *w, const double *x, double s, double *y)
{
    if (w->sp)
        db_triplet_gemv(&w->Gt, x, s, y);
    else
        gemv_add(w->G, m->nl, m->np, x, s, y);
}

static void GT_mul(const db_mech *m, const fwork *w, const double *x, double s, double *y)
{
    if (w->sp)
        db_triplet_gemvT(&w->Gt, x, s, y);
    else
        gemvT_add(w->G, m->nl, m->np, x, s, y);
}

/* F block by block: the sparse path's rhs, and on the dense path the reference
 * of dae_rhs_dense (db_dae_rhs_reference) */
static int dae_rhs(const db_dae *d, double t, const double *y, double *F)
{
    const db_mech *m = d->mech;
    fwork *w = d->work;
    const int np = m->np, nv = m->nv, nl = m->nl, nm = m->nm;
    const double *p = y + w->ip, *v = y + w->iv;
    const double *a = w->has_a ? y + w->ia : NULL;
    const double *l = nl ? y + w->il : w->zero, *mu = nm ? y + w->im : w->zero;

    if (w->sp) {
        if (eval_r_sp(m, w, t, p, v, l, mu))
            return 1;
    } else {
        eval_r(m, w, t, p, v, l, mu);
    }

    /* p rows */
    memcpy(F, v, (size_t)np * sizeof *F);
    if (d->form == DB_GGL && nl)
        GT_mul(m, w, y + w->ie, -1.0, F);
    /* v rows */
    int row = np;
    if (w->has_a)
        memcpy(F + row, a, (size_t)nv * sizeof *F);
    else
        memcpy(F + row, w->r, (size_t)nv * sizeof *F);
    row += nv;
    /* a rows: r − M a */
    const double *vdot = a;
    if (w->has_a) {
        const double *M = w->Mc;
        if (!(m->flags & DB_MASS_CONST)) {
            zero(w->M, nv * nv);
            m->mass(m, t, p, w->M);
            M = w->M;
        }
        memcpy(F + row, w->r, (size_t)nv * sizeof *F);
        if (w->sp)
            db_triplet_gemv(&w->Mt, a, -1.0, F + row);
        else
            gemv_add(M, nv, nv, a, -1.0, F + row);
        row += nv;
    } else if (w->acc) {
        memcpy(w->w, w->r, (size_t)nv * sizeof *w->w);
        db_dense_lu_solve(nv, w->Mlu, w->piv, w->w);
        vdot = w->w;
    }
    /* constraint rows */
    for (int b = 0; b < w->nblk; b++) {
        double *c = F + row;
        switch (w->blk[b]) {
        case C_G:
            zero(c, nl);
            if (nl)
                m->g(m, t, p, c);
            row += nl;
            break;
        case C_GV:
            zero(c, nl);
            if (nl && m->g_t)
                m->g_t(m, t, p, c);
            if (nl)
                G_mul(m, w, v, 1.0, c);
            row += nl;
            break;
        case C_HV:
            if (!nm)
                break;
            zero(c, nm);
            if (m->h)
                m->h(m, t, p, c);
            gemv_add(w->H, nm, nv, v, 1.0, c);
            row += nm;
            break;
        case C_GA:
            zero(c, nl);
            if (nl)
                m->kappa_g(m, t, p, v, c);
            if (nl)
                G_mul(m, w, vdot, 1.0, c);
            row += nl;
            break;
        case C_HA:
            if (!nm)
                break;
            zero(c, nm);
            m->kappa_h(m, t, p, v, c);
            gemv_add(w->H, nm, nv, vdot, 1.0, c);
            row += nm;
            break;
        }
    }
    for (int i = 0; i < d->neq; i++)
        if (!isfinite(F[i]))
            return 1;
    return 0;
}

/* ---- the dense path, lean -------------------------------------------------
 * The same values as dae_rhs (the same operations in the same order, so the
 * same bits) with less around them: r = f − Gᵀλ − Hᵀμ is formed in place in
 * F (v rows, or a rows with accelerations) instead of through w->f and w->r,
 * the rows the callbacks add to are zeroed at once, short blocks are zeroed
 * and copied by plain loops rather than library calls, and the finiteness
 * test is one OR over the exponent bits instead of a branch per entry.  The
 * callbacks still get their outputs zeroed (mech.h). */
/* x = 0: up to four entries by straight stores, longer blocks by eight,
 * four, two and one entries (stores the compiler pairs), without the peeling
 * and set-up of a vectorized loop of unknown length */
static inline void lean_zero(double *x, int n)
{
    switch (n) {
    case 4:
        x[3] = 0.0;
        /* fall through */
    case 3:
        x[2] = 0.0;
        /* fall through */
    case 2:
        x[1] = 0.0;
        /* fall through */
    case 1:
        x[0] = 0.0;
        /* fall through */
    case 0:
        return;
    default:
        break;
    }
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        x[i] = 0.0; x[i + 1] = 0.0; x[i + 2] = 0.0; x[i + 3] = 0.0;
        x[i + 4] = 0.0; x[i + 5] = 0.0; x[i + 6] = 0.0; x[i + 7] = 0.0;
    }
    if (i + 4 <= n) {
        x[i] = 0.0; x[i + 1] = 0.0; x[i + 2] = 0.0; x[i + 3] = 0.0;
        i += 4;
    }
    if (i + 2 <= n) {
        x[i] = 0.0; x[i + 1] = 0.0;
        i += 2;
    }
    if (i < n)
        x[i] = 0.0;
}

/* y = x, by four, two and one entries as lean_zero */
static inline void lean_copy(double *restrict y, const double *restrict x, int n)
{
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        y[i] = x[i]; y[i + 1] = x[i + 1]; y[i + 2] = x[i + 2]; y[i + 3] = x[i + 3];
    }
    if (i + 2 <= n) {
        y[i] = x[i]; y[i + 1] = x[i + 1];
        i += 2;
    }
    if (i < n)
        y[i] = x[i];
}

/* x = 0 for long blocks (the Jacobian): sixteen entries per round */
static void lean_zero_long(double *x, size_t n)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        for (int k = 0; k < 16; k++)
            x[i + k] = 0.0;
    lean_zero(x + i, (int)(n - i));
}

/* s0..s3 += x[0..n), four partial sums (the compiler pairs them into two
 * packed ones: an addition per two entries) and a rest by blocks */
static inline void lean_sum4(const double *x, size_t n, double s[4])
{
    double s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3];
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += x[i];
        s1 += x[i + 1];
        s2 += x[i + 2];
        s3 += x[i + 3];
    }
    if (i + 2 <= n) {
        s0 += x[i];
        s1 += x[i + 1];
        i += 2;
    }
    if (i < n)
        s0 += x[i];
    s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3;
}

/* 1 if some x_i is not finite, entry by entry */
static int nonfinite_entries(const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return 1;
    return 0;
}

/* 1 if some x_i is not finite (Inf or NaN).  A non-finite term makes every
 * later partial sum non-finite, so a finite sum clears all entries at once;
 * only a non-finite sum, which finite entries can also give by overflowing,
 * is settled entry by entry */
static inline int lean_nonfinite(const double *x, size_t n)
{
    double s[4] = { 0.0, 0.0, 0.0, 0.0 };
    if (n < 8) {    /* a short F: one plain sum, unrolled for its length */
        double s0 = 0.0;
        switch (n) {
#define SUM_CASE(N) case N: for (int i = 0; i < N; i++) s0 += x[i]; break;
        SUM_CASE(1) SUM_CASE(2) SUM_CASE(3) SUM_CASE(4) SUM_CASE(5) SUM_CASE(6) SUM_CASE(7)
#undef SUM_CASE
        default: break;
        }
        if (isfinite(s0))
            return 0;
        return nonfinite_entries(x, n);
    }
    lean_sum4(x, n, s);
    if (isfinite((s[0] + s[1]) + (s[2] + s[3])))
        return 0;
    return nonfinite_entries(x, n);
}

/* y += A (s x), columns with s x_j = 0 skipped, as gemv_add; one row written out */
static FIX_INLINE void lean_gemv_add(const double *restrict A, int rows, int cols,
                                 const double *restrict x, double s, double *restrict y)
{
    if (rows == 1) {
        double y0 = y[0];
        for (int j = 0; j < cols; j++) {
            const double xj = s * x[j];
            if (xj != 0.0)
                y0 += A[j] * xj;
        }
        y[0] = y0;
        return;
    }
    for (int j = 0; j < cols; j++) {
        const double xj = s * x[j];
        if (xj != 0.0) {
            const double *a = A + (size_t)j * rows;
            for (int i = 0; i < rows; i++)
                y[i] += a[i] * xj;
        }
    }
}

/* r_j −= Σ_i A_ij x_i (A rows×cols), the sums of gemvT_add with s = −1
 * (y + (−1)·acc and y − acc are the same operation); one row written out */
static inline void lean_gemvT_sub(const double *restrict A, int rows, int cols,
                                  const double *restrict x, double *restrict r)
{
    if (rows == 1) {
        const double x0 = x[0];
        for (int j = 0; j < cols; j++)
            r[j] -= 0.0 + A[j] * x0;
        return;
    }
    for (int j = 0; j < cols; j++) {
        const double *a = A + (size_t)j * rows;
        double acc = 0;
        for (int i = 0; i < rows; i++)
            acc += a[i] * x[i];
        r[j] -= acc;
    }
}

/* the GGL p rows and r's −Gᵀλ in one pass over G: F_j = v_j − (Gᵀη)_j,
 * r_j −= (Gᵀλ)_j, each sum as in gemvT_add */
static FIX_INLINE void lean_ggl_p(const double *restrict G, int rows, int cols,
                              const double *restrict l, const double *restrict eta,
                              const double *restrict v, double *restrict F,
                              double *restrict r)
{
    if (rows == 1) {
        const double l0 = l[0], e0 = eta[0];
        for (int j = 0; j < cols; j++) {
            const double g = G[j];
            r[j] -= 0.0 + g * l0;
            F[j] = v[j] - (0.0 + g * e0);
        }
        return;
    }
    for (int j = 0; j < cols; j++) {
        const double *a = G + (size_t)j * rows;
        double al = 0, ae = 0;
        for (int i = 0; i < rows; i++) {
            al += a[i] * l[i];
            ae += a[i] * eta[i];
        }
        r[j] -= al;
        F[j] = v[j] - ae;
    }
}

/* ---- fixed-size kernels -----------------------------------------------------
 * The three products above for a short dimension known to the compiler (up to
 * FIX_MAX entries): one copy per size, its inner loop unrolled and the entries
 * it keeps (y, x) held in registers, with no set-up of a vectorized loop of
 * unknown length.  The operations are those of the loops above, in the same
 * order per entry.  The dispatchers pick the copy by a switch; other sizes go
 * to the loops above. */

/* lean_gemv_add with R rows: y kept in registers across the columns */
static FIX_INLINE void fix_gemv_add(const double *restrict A, const int R, int cols,
                                    const double *restrict x, double s,
                                    double *restrict y)
{
    double acc[FIX_MAX];
    for (int i = 0; i < R; i++)
        acc[i] = y[i];
    for (int j = 0; j < cols; j++) {
        const double xj = s * x[j];
        if (xj != 0.0) {
            const double *a = A + (size_t)j * R;
            for (int i = 0; i < R; i++)
                acc[i] += a[i] * xj;
        }
    }
    for (int i = 0; i < R; i++)
        y[i] = acc[i];
}

/* lean_gemvT_sub with R rows: x kept in registers, each column's sum unrolled */
static FIX_INLINE void fix_gemvT_sub(const double *restrict A, const int R, int cols,
                                     const double *restrict x, double *restrict r)
{
    double xs[FIX_MAX];
    for (int i = 0; i < R; i++)
        xs[i] = x[i];
    for (int j = 0; j < cols; j++) {
        const double *a = A + (size_t)j * R;
        double acc = 0;
        for (int i = 0; i < R; i++)
            acc += a[i] * xs[i];
        r[j] -= acc;
    }
}

/* lean_ggl_p with R rows */
static FIX_INLINE void fix_ggl_p(const double *restrict G, const int R, int cols,
                                 const double *restrict l, const double *restrict eta,
                                 const double *restrict v, double *restrict F,
                                 double *restrict r)
{
    double ls[FIX_MAX], es[FIX_MAX];
    for (int i = 0; i < R; i++) {
        ls[i] = l[i];
        es[i] = eta[i];
    }
    for (int j = 0; j < cols; j++) {
        const double *a = G + (size_t)j * R;
        double al = 0, ae = 0;
        for (int i = 0; i < R; i++) {
            al += a[i] * ls[i];
            ae += a[i] * es[i];
        }
        r[j] -= al;
        F[j] = v[j] - ae;
    }
}

static void k_gemv_add(const double *restrict A, int rows, int cols,
                       const double *restrict x, double s, double *restrict y)
{
    switch (rows) {
#define FIX_CASE(R) case R: fix_gemv_add(A, R, cols, x, s, y); return;
    FIX_CASES(FIX_CASE)
#undef FIX_CASE
    default:
        lean_gemv_add(A, rows, cols, x, s, y);
    }
}

static void k_gemvT_sub(const double *restrict A, int rows, int cols,
                        const double *restrict x, double *restrict r)
{
    switch (rows) {
#define FIX_CASE(R) case R: fix_gemvT_sub(A, R, cols, x, r); return;
    FIX_CASES(FIX_CASE)
#undef FIX_CASE
    default:
        lean_gemvT_sub(A, rows, cols, x, r);
    }
}

static void k_ggl_p(const double *restrict G, int rows, int cols, const double *restrict l,
                    const double *restrict eta, const double *restrict v,
                    double *restrict F, double *restrict r)
{
    switch (rows) {
#define FIX_CASE(R) case R: fix_ggl_p(G, R, cols, l, eta, v, F, r); return;
    FIX_CASES(FIX_CASE)
#undef FIX_CASE
    default:
        lean_ggl_p(G, rows, cols, l, eta, v, F, r);
    }
}

/* one-row blocks (one constraint) in place, for a short row of a length
 * known to the compiler (its loop unrolled: a planar system's two or three
 * coordinates), the others through the switch */
static inline void m_gemv_add(const double *restrict A, int rows, int cols,
                              const double *restrict x, double s, double *restrict y)
{
    if (rows != 1) {
        k_gemv_add(A, rows, cols, x, s, y);
        return;
    }
    switch (cols) {
#define FIX_CASE(C) case C: lean_gemv_add(A, 1, C, x, s, y); return;
    FIX_CASES(FIX_CASE)
#undef FIX_CASE
    default:
        lean_gemv_add(A, 1, cols, x, s, y);
    }
}

static inline void m_gemvT_sub(const double *restrict A, int rows, int cols,
                               const double *restrict x, double *restrict r)
{
    if (rows == 1)
        lean_gemvT_sub(A, 1, cols, x, r);
    else
        k_gemvT_sub(A, rows, cols, x, r);
}

static inline void m_ggl_p(const double *restrict G, int rows, int cols,
                           const double *restrict l, const double *restrict eta,
                           const double *restrict v, double *restrict F, double *restrict r)
{
    if (rows != 1) {
        k_ggl_p(G, rows, cols, l, eta, v, F, r);
        return;
    }
    switch (cols) {
#define FIX_CASE(C) case C: lean_ggl_p(G, 1, C, l, eta, v, F, r); return;
    FIX_CASES(FIX_CASE)
#undef FIX_CASE
    default:
        lean_ggl_p(G, 1, cols, l, eta, v, F, r);
    }
}

/* dae_rhs_dense's body; ggl_only (a constant) for GGL without H and without
 * accelerations as unknowns, where the tests of the form fold away
 * (dae_rhs_ggl), and with fnp, fnl > 0 for such a system of fnp positions
 * and fnl constraints, whose block loops and size switches then fold too
 * (dae_rhs_ggl_P_L): the same operations either way */
static FIX_INLINE int rhs_dense_body(const db_dae *d, double t, const double *y, double *F,
                                     const int ggl_only, const int fnp, const int fnl)
{
    const db_mech *m = d->mech;
    const fwork *w = d->work;
    const int np = fnp ? fnp : m->np, nv = fnp ? fnp : m->nv, nl = fnl ? fnl : m->nl;
    const int nm = ggl_only ? 0 : m->nm;
    /* (GGL's layout: p, v, λ, η, and its rows p, v, g, G v) */
    const double *p = y + w->ip, *v = y + (ggl_only ? np : w->iv);
    const double *l = ggl_only ? y + 2 * np : nl ? y + w->il : w->zero;
    const double *mu = nm ? y + w->im : w->zero;

    /* r = f − Gᵀλ − Hᵀμ is formed in its rows of F (v rows, or a rows with
     * accelerations); those and the constraint rows are zeroed at once for
     * the callbacks */
    const int rrow = ggl_only ? np : w->rrow;
    double *r = F + rrow;
    lean_zero(r, ggl_only ? np + 2 * nl : d->neq - rrow);
    m->force(m, t, p, v, l, mu, r);
    if (ggl_only || nl) {
        lean_zero(w->G, nl * np);
        m->G(m, t, p, w->G);
        /* p rows with r's −Gᵀλ */
        if (ggl_only || w->ggl) {
            m_ggl_p(w->G, nl, np, l, ggl_only ? l + nl : y + w->ie, v, F, r);
        } else {
            m_gemvT_sub(w->G, nl, np, l, r);
            lean_copy(F, v, np);
        }
    } else {
        lean_copy(F, v, np);
    }
    if (nm) {
        lean_zero(w->H, nm * nv);
        m->H(m, t, p, w->H);
        m_gemvT_sub(w->H, nm, nv, mu, r);
    }
    /* v rows (r already there without a) and a rows: r − M a */
    const double *vdot = NULL;
    if (!ggl_only && w->has_a) {
        const double *a = y + w->ia;
        lean_copy(F + np, a, nv);
        const double *M = w->Mc;
        if (!(m->flags & DB_MASS_CONST)) {
            lean_zero(w->M, nv * nv);
            m->mass(m, t, p, w->M);
            M = w->M;
        }
        m_gemv_add(M, nv, nv, a, -1.0, r);
        vdot = a;
    } else if (!ggl_only && w->acc) {
        lean_copy(w->w, r, nv);
        db_dense_lu_solve(nv, w->Mlu, w->piv, w->w);
        vdot = w->w;
    }
    /* constraint rows (zeroed above): the non-empty blocks, which always come
     * in the order of the C_* values (the table in db_dae_build), so one test
     * of the mask per kind replaces a dispatch per block */
    const unsigned cm = ggl_only ? 1u << C_G | 1u << C_GV : w->cmask;
    double *c = F + (ggl_only ? 2 * np : w->row0);
    if (cm & 1u << C_G) {
        m->g(m, t, p, c);
        c += nl;
    }
    if (cm & 1u << C_GV) {
        if (m->g_t)
            m->g_t(m, t, p, c);
        m_gemv_add(w->G, nl, np, v, 1.0, c);
        c += nl;
    }
    if (cm & 1u << C_HV) {
        if (m->h)
            m->h(m, t, p, c);
        m_gemv_add(w->H, nm, nv, v, 1.0, c);
        c += nm;
    }
    if (cm & 1u << C_GA) {
        m->kappa_g(m, t, p, v, c);
        m_gemv_add(w->G, nl, np, vdot, 1.0, c);
        c += nl;
    }
    if (cm & 1u << C_HA) {
        m->kappa_h(m, t, p, v, c);
        m_gemv_add(w->H, nm, nv, vdot, 1.0, c);
    }
    return lean_nonfinite(F, (size_t)(ggl_only ? 2 * np + 2 * nl : d->neq));
}

static int dae_rhs_dense(const db_dae *d, double t, const double *y, double *F)
{
    return rhs_dense_body(d, t, y, F, 0, 0, 0);
}

/* GGL without H and a: its F chosen once by db_dae_build (the form's tests taken
 * out of the ten or so calls a step of an implicit method makes) */
static int dae_rhs_ggl(const db_dae *d, double t, const double *y, double *F)
{
    return rhs_dense_body(d, t, y, F, 1, 0, 0);
}

/* Xcols = M⁻¹ B (nv×cols), B copied */
static void minv_block(fwork *w, int nv, const double *B, int cols, double *X)
{
    if (cols <= 0)
        return;
    memcpy(X, B, (size_t)nv * cols * sizeof *X);
    for (int j = 0; j < cols; j++)
        db_dense_lu_solve(nv, w->Mlu, w->piv, X + (size_t)j * nv);
}

/* dae_jac's body; ggl_only (a constant) as in rhs_dense_body: GGL without H
 * and a, whose tests of the form and loop over the blocks fold away */
static FIX_INLINE int jac_dense_body(const db_dae *d, double t, const double *y, double *J,
                                     const int ggl_only, const int fnp, const int fnl)
{
    const db_mech *m = d->mech;
    fwork *w = d->work;
    const int np = fnp ? fnp : m->np, nv = fnp ? fnp : m->nv, nl = fnl ? fnl : m->nl;
    const int nm = ggl_only ? 0 : m->nm;
    /* (with the sizes known, GGL's layout p, v, λ, η and rows p, v, g, G v) */
    const int ld = fnp ? 2 * fnp + 2 * fnl : d->neq, nc = fnp ? ld : d->n;
    const int has_a = !ggl_only && w->has_a, acc = !ggl_only && w->acc;
    const int cp = fnp ? 0 : w->ip, cv = fnp ? fnp : w->iv, ca = w->ia;
    const int cl = fnp ? 2 * fnp : w->il, cm = w->im, ce = fnp ? 2 * fnp + fnl : w->ie;
    const double *p = y + cp, *v = y + cv;
    const double *a = has_a ? y + ca : NULL;
    const double *l = nl ? y + cl : w->zero, *mu = nm ? y + cm : w->zero;

    /* J zeroed by sixteen entries at a time (GCC's rewriting into a memset
     * call is off for this file: glibc's memset clears such a block, e.g.
     * Andrews' 27 × 27, with `rep stosb`, one instruction per byte to
     * callgrind) */
    lean_zero_long(J, (size_t)ld * (size_t)nc);
    /* the sum of every value add_block leaves in J (see the end) */
    double jsum = 0.0;
    if (acc) {
        eval_r(m, w, t, p, v, l, mu);   /* r for M⁻¹ r below */
    } else {                            /* only G and H are needed */
        if (nl) {
            zero(w->G, nl * np);
            m->G(m, t, p, w->G);
        }
        if (nm) {
            zero(w->H, nm * nv);
            m->H(m, t, p, w->H);
        }
    }

    /* ∂r: fp − (Gᵀλ)_p − (Hᵀμ)_p, fv, fl − Gᵀ, fm − Hᵀ */
    db_mechd_force_jac(&w->fd, t, p, v, l, mu, w->fp, w->fv, w->fl, w->fm);
    if (nl) {
        db_mechd_GTl_p(&w->fd, t, p, l, w->T);
        sub_vec(w->fp, w->T, nv * np);
        sub_T(w->fl, nv, nl, w->G);
    }
    if (nm) {
        db_mechd_HTu_p(&w->fd, t, p, mu, w->T);
        sub_vec(w->fp, w->T, nv * np);
        sub_T(w->fm, nv, nm, w->H);
    }

    /* p rows */
    for (int i = 0; i < np; i++)
        J[i + (size_t)(cv + i) * ld] = 1.0;
    if (ggl_only || (d->form == DB_GGL && nl)) {
        const double *eta = y + ce;
        db_mechd_GTl_p(&w->fd, t, p, eta, w->T);
        add_block(J, ld, 0, cp, w->T, np, np, -1.0, &jsum);
        add_block_T(J, ld, 0, ce, w->G, nl, np, -1.0);
    }
    /* v rows and a rows */
    int row = np;
    const double *vdot = a;
    if (has_a) {
        for (int i = 0; i < nv; i++)
            J[(row + i) + (size_t)(ca + i) * ld] = 1.0;
        row += nv;
        add_block(J, ld, row, cp, w->fp, nv, np, 1.0, &jsum);
        add_block(J, ld, row, cv, w->fv, nv, nv, 1.0, &jsum);
        add_block(J, ld, row, cl, w->fl, nv, nl, 1.0, &jsum);
        add_block(J, ld, row, cm, w->fm, nv, nm, 1.0, &jsum);
        const double *M = w->Mc;
        if (!(m->flags & DB_MASS_CONST)) {
            zero(w->M, nv * nv);
            m->mass(m, t, p, w->M);
            M = w->M;
            db_mechd_Mw_p(&w->fd, t, p, a, w->T);
            add_block(J, ld, row, cp, w->T, nv, np, -1.0, &jsum);
        }
        add_block(J, ld, row, ca, M, nv, nv, -1.0, &jsum);
        row += nv;
    } else {
        add_block(J, ld, row, cp, w->fp, nv, np, 1.0, &jsum);
        add_block(J, ld, row, cv, w->fv, nv, nv, 1.0, &jsum);
        add_block(J, ld, row, cl, w->fl, nv, nl, 1.0, &jsum);
        add_block(J, ld, row, cm, w->fm, nv, nm, 1.0, &jsum);
        row += nv;
        if (acc) {
            memcpy(w->w, w->r, (size_t)nv * sizeof *w->w);
            db_dense_lu_solve(nv, w->Mlu, w->piv, w->w);
            vdot = w->w;
            minv_block(w, nv, w->fp, np, w->Xp);
            minv_block(w, nv, w->fv, nv, w->Xv);
            minv_block(w, nv, w->fl, nl, w->Xl);
            minv_block(w, nv, w->fm, nm, w->Xm);
        }
    }
    /* constraint rows */
    const int nblk = ggl_only ? 2 : w->nblk;
    for (int b = 0; b < nblk; b++) {
        const int kind = ggl_only ? (b == 0 ? C_G : C_GV) : w->blk[b];
        switch (kind) {
        case C_G:
            add_block(J, ld, row, cp, w->G, nl, np, 1.0, &jsum);
            row += nl;
            break;
        case C_GV:
            if (!nl)
                break;
            db_mechd_Gw_p(&w->fd, t, p, v, w->T);
            add_block(J, ld, row, cp, w->T, nl, np, 1.0, &jsum);
            /* without g_t, g_tp is zero: adding +0 to entries that are
             * 0 + x (never −0) leaves their bits, so it is skipped */
            if (m->g_t) {
                db_mechd_g_tp(&w->fd, t, p, w->T);
                add_block(J, ld, row, cp, w->T, nl, np, 1.0, &jsum);
            }
            add_block(J, ld, row, cv, w->G, nl, np, 1.0, &jsum);
            row += nl;
            break;
        case C_HV:
            if (!nm)
                break;
            db_mechd_Hw_p(&w->fd, t, p, v, w->T);
            add_block(J, ld, row, cp, w->T, nm, np, 1.0, &jsum);
            if (m->h) {                 /* h_p is zero without h, as g_tp */
                db_mechd_h_p(&w->fd, t, p, w->T);
                add_block(J, ld, row, cp, w->T, nm, np, 1.0, &jsum);
            }
            add_block(J, ld, row, cv, w->H, nm, nv, 1.0, &jsum);
            row += nm;
            break;
        case C_GA:
        case C_HA: {
            int isg = kind == C_GA;
            int nc = isg ? nl : nm;
            if (!nc)
                break;
            const double *C = isg ? w->G : w->H;
            if (isg) {
                db_mechd_Gw_p(&w->fd, t, p, vdot, w->T);
                db_mechd_kappa_g_jac(&w->fd, t, p, v, w->kp, w->kv);
            } else {
                db_mechd_Hw_p(&w->fd, t, p, vdot, w->T);
                db_mechd_kappa_h_jac(&w->fd, t, p, v, w->kp, w->kv);
            }
            add_block(J, ld, row, cp, w->T, nc, np, 1.0, &jsum);
            add_block(J, ld, row, cp, w->kp, nc, np, 1.0, &jsum);
            add_block(J, ld, row, cv, w->kv, nc, nv, 1.0, &jsum);
            if (has_a) {
                add_block(J, ld, row, ca, C, nc, nv, 1.0, &jsum);
            } else {
                add_prod(J, ld, row, cp, C, nc, nv, w->Xp, np);
                add_prod(J, ld, row, cv, C, nc, nv, w->Xv, nv);
                add_prod(J, ld, row, cl, C, nc, nv, w->Xl, nl);
                add_prod(J, ld, row, cm, C, nc, nv, w->Xm, nm);
            }
            row += nc;
            break;
        }
        }
    }
    /* J finite: besides zeros and the unit entries, J holds the values the
     * add_block calls left, and a value that is not finite stays so under the
     * later additions to its entry, so a finite jsum clears J (a non-finite
     * one, possibly an overflow, is settled entry by entry).  GGL's p rows
     * (add_block_T) and the M⁻¹ products (add_prod) are outside that sum. */
    if (!ggl_only && w->jsum_all) {
        if (isfinite(jsum))
            return 0;
        return nonfinite_entries(J, (size_t)ld * (size_t)nc);
    }
    return lean_nonfinite(J, (size_t)ld * (size_t)nc);
}

static int dae_jac(const db_dae *d, double t, const double *y, double *J)
{
    return jac_dense_body(d, t, y, J, 0, 0, 0);
}

/* GGL without H and a: its J chosen with its F (dae_rhs_ggl) */
static int dae_jac_ggl(const db_dae *d, double t, const double *y, double *J)
{
    return jac_dense_body(d, t, y, J, 1, 0, 0);
}

/* and the copies of F and J for the catalogue's small GGL shapes without H and
 * a, (n_p, n_λ) = (2, 1) the pendulum and (4, 2) the car axis (test_self_checked
 * runs both against db_dae_rhs_reference, test_formulations their J against
 * finite differences): such a system's F and J are mostly their plumbing,
 * which these copies unroll */
#define GGL_FIXED(P, L)                                                                \
    static int dae_rhs_ggl_##P##_##L(const db_dae *d, double t, const double *y, double *F) \
    {                                                                                  \
        return rhs_dense_body(d, t, y, F, 1, P, L);                                    \
    }                                                                                  \
    static int dae_jac_ggl_##P##_##L(const db_dae *d, double t, const double *y, double *J) \
    {                                                                                  \
        return jac_dense_body(d, t, y, J, 1, P, L);                                    \
    }
GGL_FIXED(2, 1)
GGL_FIXED(4, 2)
#undef GGL_FIXED
static const struct {
    int np, nl;
    int (*rhs)(const db_dae *, double, const double *, double *);
    int (*jac)(const db_dae *, double, const double *, double *);
} ggl_fixed[] = {
    { 2, 1, dae_rhs_ggl_2_1, dae_jac_ggl_2_1 },
    { 4, 2, dae_rhs_ggl_4_2, dae_jac_ggl_4_2 },
};

/* ---- sparse path ---------------------------------------------------------
 * The same blocks as dae_jac, added entry by entry through the problem's sparse
 * callbacks into four accumulators (force_jac_sp and kappa_g_jac_sp fill several
 * blocks at once).  In pattern mode (sp_setup) the accumulators are growing
 * triplet lists, in value mode CSC accumulators on d->jac_*.  Only for n_μ = 0,
 * constant M, and no M⁻¹ products (EoM0 only with accelerations as unknowns). */
static void sp_assemble(const db_dae *d, fwork *w, db_spacc *acc, double t, const double *y)
{
    const db_mech *m = d->mech;
    const int np = m->np, nv = m->nv, nl = m->nl;
    const double *p = y + w->ip, *v = y + w->iv;
    const double *l = nl ? y + w->il : w->zero;
    const int cp = w->ip, cv = w->iv, ca = w->ia, cl = w->il, cm = w->im;
    db_spacc *a = &acc[0];

    /* p rows: I at v; GGL: −(Gᵀη)_p, −Gᵀ at η */
    db_spacc_block(a, 0, cv, 1.0, 0);
    for (int i = 0; i < np; i++)
        db_spacc_add(a, i, i, 1.0);
    if (d->form == DB_GGL && nl) {
        db_spacc_block(a, 0, cp, -1.0, 0);
        m->GTl_p_sp(m, t, p, y + w->ie, a);
        db_spacc_block(a, 0, w->ie, -1.0, 1);
        m->G_sp(m, t, p, a);
    }
    int row = np;
    if (w->has_a) {
        db_spacc_block(a, row, ca, 1.0, 0);
        for (int i = 0; i < nv; i++)
            db_spacc_add(a, i, i, 1.0);
        row += nv;
    }
    /* force balance rows: ∂r = (fp − (Gᵀλ)_p, fv, fl − Gᵀ, fm), − M at a */
    db_spacc_block(&acc[0], row, cp, 1.0, 0);
    db_spacc_block(&acc[1], row, cv, 1.0, 0);
    db_spacc_block(&acc[2], row, cl, 1.0, 0);
    db_spacc_block(&acc[3], row, cm, 1.0, 0);
    m->force_jac_sp(m, t, p, v, l, w->zero, &acc[0], &acc[1], &acc[2], &acc[3]);
    if (nl) {
        db_spacc_block(a, row, cp, -1.0, 0);
        m->GTl_p_sp(m, t, p, l, a);
        db_spacc_block(a, row, cl, -1.0, 1);
        m->G_sp(m, t, p, a);
    }
    if (w->has_a) {
        db_spacc_block(a, row, ca, -1.0, 0);
        m->mass_sp(m, t, p, a);
    }
    row += nv;
    /* constraint rows */
    for (int b = 0; b < w->nblk && nl; b++) {
        switch (w->blk[b]) {
        case C_G:
            db_spacc_block(a, row, cp, 1.0, 0);
            m->G_sp(m, t, p, a);
            row += nl;
            break;
        case C_GV:
            db_spacc_block(a, row, cp, 1.0, 0);
            m->Gw_p_sp(m, t, p, v, a);
            if (m->g_tp_sp)
                m->g_tp_sp(m, t, p, a);
            db_spacc_block(a, row, cv, 1.0, 0);
            m->G_sp(m, t, p, a);
            row += nl;
            break;
        case C_GA:
            db_spacc_block(&acc[0], row, cp, 1.0, 0);
            m->Gw_p_sp(m, t, p, y + w->ia, &acc[0]);
            db_spacc_block(&acc[1], row, cv, 1.0, 0);
            m->kappa_g_jac_sp(m, t, p, v, &acc[0], &acc[1]);
            db_spacc_block(&acc[0], row, ca, 1.0, 0);
            m->G_sp(m, t, p, &acc[0]);
            row += nl;
            break;
        default:
            break;
        }
    }
}

static int dae_jac_sparse(const db_dae *d, double t, const double *y, double *Jx)
{
    fwork *w = d->work;
    memset(Jx, 0, sizeof(double) * (size_t)d->jac_nnz);
    long miss = 0;
    for (int k = 0; k < 4; k++) {
        w->jacc[k].val = Jx;
        w->jacc[k].miss = 0;
    }
    sp_assemble(d, w, w->jacc, t, y);
    for (int k = 0; k < 4; k++)
        miss += w->jacc[k].miss;
    if (miss)
        return 1;
    for (int k = 0; k < d->jac_nnz; k++)
        if (!isfinite(Jx[k]))
            return 1;
    return 0;
}

/* Offer the sparse Jacobian when the problem has the sparse callbacks and the
 * formulation fits (see sp_assemble).  0 (offered or not), -1 (memory). */
static int sp_setup(db_dae *d, fwork *w)
{
    const db_mech *m = d->mech;
    const int np = m->np, nv = m->nv;
    if (!m->sparse || m->nm || !(m->flags & DB_MASS_CONST) || !m->mass_sp ||
        !m->force_jac_sp || d->neq != d->n || d->form > DB_GGL)
        return 0;
    if (m->nl && (!m->G_sp || !m->GTl_p_sp || !m->Gw_p_sp || (w->acc && !m->kappa_g_jac_sp) ||
                  ((m->g_t || m->g_tp) && !m->g_tp_sp)))
        return 0;
    if (w->acc && !w->has_a)
        return 0;   /* would need M⁻¹ products */
    db_spacc pat[4], all;
    int rc = -1;
    memset(pat, 0, sizeof pat);
    memset(&all, 0, sizeof all);
    for (int k = 0; k < 4; k++)
        if (db_spacc_triplet_init(&pat[k], 64, 1))
            goto out;
    if (db_spacc_triplet_init(&all, 64, 1) || db_spacc_triplet_init(&w->Mt, 64, 1))
        goto out;
    /* constant M as triplets */
    db_spacc_block(&w->Mt, 0, 0, 1.0, 0);
    m->mass_sp(m, m->t0, d->y0 + w->ip, &w->Mt);
    /* G capacity */
    if (m->nl) {
        if (db_spacc_triplet_init(&w->Gt, 64, 1))
            goto out;
        m->G_sp(m, m->t0, d->y0 + w->ip, &w->Gt);
        w->Gt.grow = 0;
        w->Gt.len = 0;
    }
    /* pattern of J at y0, and of E */
    sp_assemble(d, w, pat, m->t0, d->y0);
    for (int k = 0; k < 4; k++)
        for (int q = 0; q < pat[k].len; q++)
            db_spacc_add(&all, pat[k].ti[q], pat[k].tj[q], 0.0);
    for (int i = 0; i < np; i++)
        db_spacc_add(&all, i, w->ip + i, 1.0);
    if (w->has_a) {
        for (int i = 0; i < nv; i++)
            db_spacc_add(&all, np + i, w->iv + i, 1.0);
    } else {
        for (int q = 0; q < w->Mt.len; q++)
            db_spacc_add(&all, np + w->Mt.ti[q], w->iv + w->Mt.tj[q], 0.0);
    }
    for (int k = 0; k < 4; k++)
        if (pat[k].miss)
            goto out;
    if (all.miss || w->Mt.miss || w->Gt.miss)
        goto out;
    int nnz = db_csc_from_triplets(&all, d->n, &d->jac_colptr, &d->jac_rowind);
    if (nnz < 0)
        goto out;
    d->jac_nnz = nnz;
    d->E_sp = calloc((size_t)(nnz > 0 ? nnz : 1), sizeof *d->E_sp);
    if (!d->E_sp)
        goto out;
    /* E on the pattern */
    db_spacc e;
    db_spacc_csc_init(&e, d->n, d->jac_colptr, d->jac_rowind, d->E_sp);
    db_spacc_block(&e, 0, w->ip, 1.0, 0);
    for (int i = 0; i < np; i++)
        db_spacc_add(&e, i, i, 1.0);
    if (w->has_a) {
        db_spacc_block(&e, np, w->iv, 1.0, 0);
        for (int i = 0; i < nv; i++)
            db_spacc_add(&e, i, i, 1.0);
    } else {
        db_spacc_block(&e, np, w->iv, 1.0, 0);
        m->mass_sp(m, m->t0, d->y0 + w->ip, &e);
    }
    w->Mt.grow = 0;
    for (int k = 0; k < 4; k++)
        db_spacc_csc_init(&w->jacc[k], d->n, d->jac_colptr, d->jac_rowind, NULL);
    w->sp = 1;
    d->rhs = dae_rhs;
    d->jac_sparse = dae_jac_sparse;
    rc = 0;
out:
    for (int k = 0; k < 4; k++)
        db_spacc_triplet_free(&pat[k]);
    db_spacc_triplet_free(&all);
    return rc;
}

int db_dae_rhs_reference(const db_dae *d, double t, const double *y, double *F)
{
    return dae_rhs(d, t, y, F);
}

void db_dae_free(db_dae *d)
{
    if (!d)
        return;
    free(d->jac_colptr);
    free(d->jac_rowind);
    free(d->E_sp);
    if (d->free_work && d->work)
        d->free_work(d->work);
    free(d->E);
    free(d->index);
    free(d->row_kind);
    free(d->y0);
    free(d->yp0);
    memset(d, 0, sizeof *d);
}

void db_dae_direct(db_dae *d, int n, double t0, double tend, double *E, int *index,
                   int *row_kind, int (*rhs)(const db_dae *, double, const double *, double *),
                   int (*jac)(const db_dae *, double, const double *, double *), double *y0,
                   double *yp0)
{
    memset(d, 0, sizeof *d);
    d->form = DB_NFORMS;
    d->n = d->neq = n;
    d->t0 = t0;
    d->tend = tend;
    d->E = E;
    d->index = index;
    d->row_kind = row_kind;
    d->rhs = rhs;
    d->jac = jac;
    d->y0 = y0;
    d->yp0 = yp0;
    d->off_p = d->off_v = d->off_a = d->off_l = d->off_m = d->off_eta = -1;
}

int db_dae_build(db_dae *d, const db_mech *m, db_form f, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    if (errlen)
        err[0] = '\0';
    if (f < 0 || f >= DB_NFORMS) {
        snprintf(err, errlen, "unknown formulation %d", (int)f);
        return 1;
    }
    if (!m || !m->mass || !m->force || !m->init || m->np < 0 || m->nv != m->np ||
        m->nl < 0 || m->nm < 0 || (m->nl && (!m->g || !m->G || !m->kappa_g)) ||
        (m->nm && (!m->H || !m->kappa_h))) {
        snprintf(err, errlen, "incomplete mechanical system (required callbacks or sizes)");
        return 1;
    }
    if (m->np > (1 << 24) || m->nl > (1 << 24) || m->nm > (1 << 24)) {
        /* the layout sums below stay far from INT_MAX */
        snprintf(err, errlen, "system too large: %d/%d/%d positions/constraints",
                 m->np, m->nl, m->nm);
        return 1;
    }
    const int np = m->np, nv = m->nv, nl = m->nl, nm = m->nm;
    fwork *w = calloc(1, sizeof *w);
    if (!w)
        goto nomem;
    d->work = w;
    d->free_work = fwork_free;
    d->form = f;
    d->mech = m;
    d->t0 = m->t0;
    d->tend = m->tend;
    d->rhs = dae_rhs_dense;   /* dae_rhs on the sparse path (sp_setup) */
    d->jac = dae_jac;
    d->self_checked = 1;   /* dae_rhs, dae_jac, dae_jac_sparse overwrite and scan */
    w->has_a = !(m->flags & DB_MASS_CONST) || (m->flags & DB_MASS_SINGULAR);

    /* constraint blocks, in row order; in every row the blocks come in the
     * order of the C_* values (dae_rhs_dense relies on it) */
    static const int blocks[DB_NFORMS][C_N + 1] = {
        [DB_EOM]   = { C_G, C_HV, -1 },
        [DB_EOM1]  = { C_GV, C_HV, -1 },
        [DB_EOM0]  = { C_GA, C_HA, -1 },
        [DB_GGL]   = { C_G, C_GV, C_HV, -1 },
        [DB_OEOM1] = { C_G, C_GV, C_HV, -1 },
        [DB_OEOM0] = { C_G, C_GV, C_HV, C_GA, C_HA, -1 },
    };
    int ncon = 0;
    for (int b = 0; blocks[f][b] >= 0; b++) {
        int k = blocks[f][b];
        w->blk[w->nblk++] = k;
        w->acc |= k == C_GA || k == C_HA;
        ncon += (k == C_HV || k == C_HA) ? nm : nl;
        if ((k == C_HV || k == C_HA) ? nm : nl)
            w->cmask |= 1u << k;
    }

    /* layout */
    int n = 0;
    w->ip = n; n += np;
    w->iv = n; n += nv;
    w->ia = w->has_a ? n : 0; n += w->has_a ? nv : 0;
    w->il = n; n += nl;
    w->im = n; n += nm;
    w->ie = f == DB_GGL ? n : 0; n += f == DB_GGL ? nl : 0;
    d->n = n;
    d->off_p = np ? w->ip : -1;
    d->off_v = nv ? w->iv : -1;
    d->off_a = w->has_a && nv ? w->ia : -1;
    d->off_l = nl ? w->il : -1;
    d->off_m = nm ? w->im : -1;
    d->off_eta = f == DB_GGL && nl ? w->ie : -1;
    d->neq = np + nv + (w->has_a ? nv : 0) + ncon;
    /* rows y_i' = y_{i+m2}: p' = v (not in GGL, whose p rows hold −Gᵀη),
     * then v' = a when a follows v (np == nv, checked above) */
    if (f != DB_GGL && np > 0) {
        d->m2 = np;
        d->m1 = w->has_a ? 2 * np : np;
    }
    w->row0 = np + nv + (w->has_a ? nv : 0);
    w->rrow = np + (w->has_a ? nv : 0);
    w->ggl = f == DB_GGL && nl > 0;
    if (w->ggl && nm == 0 && !w->has_a && !w->acc) {
        d->rhs = dae_rhs_ggl;
        d->jac = dae_jac_ggl;
        for (size_t k = 0; k < sizeof ggl_fixed / sizeof ggl_fixed[0]; k++)
            if (ggl_fixed[k].np == np && ggl_fixed[k].nl == nl) {
                d->rhs = ggl_fixed[k].rhs;
                d->jac = ggl_fixed[k].jac;
            }
    }
    w->jsum_all = !w->ggl && (w->has_a || !w->acc);
    const int neq = d->neq;
    /* sizes in size_t: a system whose dense matrices could not be indexed with
     * an int (or would not fit in memory) is refused before any allocation */
    if ((size_t)neq * (size_t)(n > 0 ? n : 1) > DB_DAE_DENSE_MAX ||
        (size_t)nmax_of(np, nl, nm) * (size_t)nmax_of(np, nl, nm) > DB_DAE_DENSE_MAX) {
        snprintf(err, errlen, "system too large: %d x %d dense entries > 2^28 (docs/limits.md)",
                 neq, n);
        db_dae_free(d);
        return 1;
    }
    if (neq < n) {
        snprintf(err, errlen, "internal: fewer equations (%d) than unknowns (%d)", neq, n);
        db_dae_free(d);
        return 1;
    }

    /* workspaces */
    int nmax = np > nl ? np : nl;
    if (nm > nmax)
        nmax = nm;
    if (nmax < 1)
        nmax = 1;
    if (db_mechfd_init(&w->fd, m))
        goto nomem;
    w->Mc = dalloc(nv * nv);
    w->Mlu = dalloc(nv * nv);
    w->piv = calloc((size_t)(nv > 0 ? nv : 1), sizeof *w->piv);
    w->M = dalloc(nv * nv);
    w->G = dalloc(nl * np);
    w->H = dalloc(nm * nv);
    w->f = dalloc(nv);
    w->r = dalloc(nv);
    w->w = dalloc(nv);
    w->c = dalloc(nmax);
    w->fp = dalloc(nv * np);
    w->fv = dalloc(nv * nv);
    w->fl = dalloc(nv * nl);
    w->fm = dalloc(nv * nm);
    w->T = dalloc(nmax * nmax);
    w->kp = dalloc(nmax * nmax);
    w->kv = dalloc(nmax * nmax);
    w->Xp = dalloc(nv * np);
    w->Xv = dalloc(nv * nv);
    w->Xl = dalloc(nv * nl);
    w->Xm = dalloc(nv * nm);
    w->zero = dalloc(1);
    d->E = calloc((size_t)neq * (size_t)(n > 0 ? n : 1), sizeof(double));
    d->index = calloc((size_t)n + 1, sizeof *d->index);
    d->row_kind = calloc((size_t)neq + 1, sizeof *d->row_kind);
    d->y0 = dalloc(n);
    d->yp0 = dalloc(n);
    if (!w->Mc || !w->Mlu || !w->piv || !w->M || !w->G || !w->H || !w->f || !w->r || !w->w ||
        !w->c || !w->fp || !w->fv || !w->fl || !w->fm || !w->T || !w->kp || !w->kv ||
        !w->Xp || !w->Xv || !w->Xl || !w->Xm || !w->zero || !d->E || !d->index ||
        !d->row_kind || !d->y0 || !d->yp0)
        goto nomem;

    /* initial values (needed for the constant M: M(t0, p0)) */
    {
        double *p = d->y0 + w->ip, *v = d->y0 + w->iv;
        double *l = nl ? d->y0 + w->il : w->c, *mu = nm ? d->y0 + w->im : w->c;
        double *a = w->has_a ? d->y0 + w->ia : w->w;
        m->init(m, p, v, l, mu, a);
        memcpy(d->yp0 + w->ip, v, (size_t)np * sizeof *v);
        memcpy(d->yp0 + w->iv, a, (size_t)nv * sizeof *a);
        /* a', λ', μ', η' = 0; η = 0 */
    }
    if (m->flags & DB_MASS_CONST) {
        zero(w->Mc, nv * nv);
        m->mass(m, m->t0, d->y0 + w->ip, w->Mc);
    }
    if (!w->has_a) {
        memcpy(w->Mlu, w->Mc, (size_t)nv * nv * sizeof *w->Mc);
        int info = db_dense_lu(nv, w->Mlu, w->piv);
        if (info) {
            snprintf(err, errlen, "constant mass matrix is singular (pivot %d); "
                     "flag the problem DB_MASS_SINGULAR", info);
            db_dae_free(d);
            return 1;
        }
    }

    /* E */
    for (int i = 0; i < np; i++)
        d->E[i + (size_t)(w->ip + i) * neq] = 1.0;
    if (w->has_a) {
        for (int i = 0; i < nv; i++)
            d->E[(np + i) + (size_t)(w->iv + i) * neq] = 1.0;
    } else {
        for (int j = 0; j < nv; j++)
            for (int i = 0; i < nv; i++)
                d->E[(np + i) + (size_t)(w->iv + j) * neq] = w->Mc[i + (size_t)j * nv];
    }

    /* row kinds */
    {
        int row = 0;
        for (int i = 0; i < np + nv; i++)
            d->row_kind[row++] = DB_ROW_DIFF;
        if (w->has_a)
            for (int i = 0; i < nv; i++)
                d->row_kind[row++] = DB_ROW_ALG;
        for (int b = 0; b < w->nblk; b++) {
            int k = w->blk[b], nc = (k == C_HV || k == C_HA) ? nm : nl;
            int kind = k == C_G ? DB_ROW_POS : (k == C_GA || k == C_HA) ? DB_ROW_ACC : DB_ROW_VEL;
            for (int i = 0; i < nc; i++)
                d->row_kind[row++] = kind;
        }
    }

    /* differentiation index of each unknown */
    {
        int ip = 1, iv = 1, ia = 1, il = 1, im = 1, ie = 1;
        switch (f) {
        case DB_EOM:  iv = 2; ia = 3; il = 3; im = 2; break;
        case DB_EOM1: ia = 2; il = 2; im = 2; break;
        case DB_GGL:  ia = 2; il = 2; im = 2; ie = 2; break;
        default: break;   /* EoM0, oEoM1, oEoM0: all 1 */
        }
        for (int i = 0; i < np; i++) d->index[w->ip + i] = ip;
        for (int i = 0; i < nv; i++) d->index[w->iv + i] = iv;
        if (w->has_a)
            for (int i = 0; i < nv; i++) d->index[w->ia + i] = ia;
        for (int i = 0; i < nl; i++) d->index[w->il + i] = il;
        for (int i = 0; i < nm; i++) d->index[w->im + i] = im;
        if (f == DB_GGL)
            for (int i = 0; i < nl; i++) d->index[w->ie + i] = ie;
    }
    if (sp_setup(d, w) != 0)
        goto nomem;
    return 0;

nomem:
    snprintf(err, errlen, "out of memory");
    if (w && !d->work)
        fwork_free(w);
    db_dae_free(d);
    return 1;
}

int db_dae_residual(const db_dae *d, double t, const double *y, const double *yp, double *R)
{
    int st = d->rhs(d, t, y, R);
    for (int i = 0; i < d->neq; i++) {
        double s = 0;
        for (int j = 0; j < d->n; j++) {
            double e = d->E[i + (size_t)j * d->neq];
            if (e != 0.0)
                s += e * yp[j];
        }
        R[i] = s - R[i];
    }
    return st;
}

static double maxabs(const double *x, int n)
{
    double r = 0;
    for (int i = 0; i < n; i++) {
        double a = fabs(x[i]);
        if (!(a <= r))
            r = a;   /* NaN propagates */
    }
    return r;
}

/* 1 if the n×n matrix is diagonal with a non-zero diagonal */
static int is_diagonal(const double *M, int n)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            if ((i == j) != (M[i + (size_t)n * j] != 0.0))
                return 0;
    return 1;
}

void db_mech_residuals(const db_mech *m, double t, const double *p, const double *v,
                       const double *lam, const double *mu, const double *a, double res[3])
{
    const int np = m->np, nv = m->nv, nl = m->nl, nm = m->nm;
    res[0] = res[1] = res[2] = 0.0;
    int nmax = np > nl ? np : nl;
    if (nm > nmax)
        nmax = nm;
    if (nmax < 1)
        nmax = 1;
    double *G = dalloc(nl * np), *H = dalloc(nm * nv), *c = dalloc(nmax);
    double *vd = dalloc(nv), *M = dalloc(nv * nv);
    int *piv = calloc((size_t)(nv > 0 ? nv : 1), sizeof *piv);
    double z = 0.0;
    if (!lam)
        lam = &z;
    if (!mu)
        mu = &z;
    if (!G || !H || !c || !vd || !M || !piv) {
        res[0] = res[1] = res[2] = NAN;
        goto done;
    }
    if (nl) {
        zero(c, nl);
        m->g(m, t, p, c);
        res[0] = maxabs(c, nl);
        m->G(m, t, p, G);
        zero(c, nl);
        if (m->g_t)
            m->g_t(m, t, p, c);
        gemv_add(G, nl, np, v, 1.0, c);
        res[1] = maxabs(c, nl);
    }
    if (nm) {
        m->H(m, t, p, H);
        zero(c, nm);
        if (m->h)
            m->h(m, t, p, c);
        gemv_add(H, nm, nv, v, 1.0, c);
        double r = maxabs(c, nm);
        if (!(r <= res[1]))
            res[1] = r;
    }
    if (!nl && !nm)
        goto done;
    if (a) {
        memcpy(vd, a, (size_t)nv * sizeof *vd);
    } else {
        m->force(m, t, p, v, lam, mu, vd);
        if (nl)
            gemvT_add(G, nl, np, lam, -1.0, vd);
        if (nm)
            gemvT_add(H, nm, nv, mu, -1.0, vd);
        m->mass(m, t, p, M);
        if (is_diagonal(M, nv)) {          /* the chains: O(n) instead of an O(n³) LU */
            for (int i = 0; i < nv; i++)
                vd[i] /= M[i + (size_t)nv * i];
        } else {
            if (db_dense_lu(nv, M, piv)) {
                res[2] = NAN;
                goto done;
            }
            db_dense_lu_solve(nv, M, piv, vd);
        }
    }
    if (nl) {
        zero(c, nl);
        m->kappa_g(m, t, p, v, c);
        gemv_add(G, nl, np, vd, 1.0, c);
        res[2] = maxabs(c, nl);
    }
    if (nm) {
        zero(c, nm);
        m->kappa_h(m, t, p, v, c);
        gemv_add(H, nm, nv, vd, 1.0, c);
        double r = maxabs(c, nm);
        if (!(r <= res[2]))
            res[2] = r;
    }
done:
    free(G);
    free(H);
    free(c);
    free(vd);
    free(M);
    free(piv);
}
