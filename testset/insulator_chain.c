/* insulator_chain.c — MEXX test problem 5.4: a chain of N cap insulators after
 * the fracture of its twin chain, swinging under the cable force.
 *
 * Sources: seed 001 (Lubich, Nowak, Pöhle, Engstler, MEXX report, ZIB), §5.4,
 * eqs. (5.6)–(5.17), Table 5.4; fact sheet ../shared/models/insulator_chain.md
 * (geometry §1, coordinates/forces §2, constraints §3, initial values §5).
 *
 * p = (x0, y0, x1, y1, φ1, …, x_{N+1}, y_{N+1}, φ_{N+1}): the massless force
 * point, the triangle (body 1) and the insulators 2..N+1 (N+1 hinged at the
 * origin).  M = diag(0, 0, m1, m1, I1, …) is singular (DB_MASS_SINGULAR).  No
 * gravity (sheet §9.6).  f acts on the force point only and depends on its
 * velocity: F = F0 + y0' E A / C_L, β = −arctan(x0'/C_Q), f = (F sin β, −F cos β).
 *
 * Every constraint pair k = 0..N+1 (rows 2k, 2k+1) is a difference of two points
 * fixed on bodies, r_A + R(φ_A) s_A − (r_B + R(φ_B) s_B) (body B absent for the
 * hinge at the origin); the callbacks loop over these 2(N+2) terms, so they cost
 * O(N) and touch only non-zeros.  The consistent λ(0), a(0) come from the
 * saddle-point system [M Gᵀ; G 0](a; λ) = (f; −κ) (regular although M is not,
 * sheet §7), ordered body by body so that it is banded (half-bandwidth 4) and
 * solved by banded Gaussian elimination in O(N).
 * Root finding (testset/roots.h): db_insulator_chain_roots sets up the final
 * experiment of §5.4, t in [0, 0.2] with a switching function (mech.h switching)
 * that is zero where "the top insulator
 * shows its (first) maximal displacement", φ'_{N+1} = v_{3N+5} (the report writes
 * the dotted v_101 = φ''_{N+1}; the zero of φ''_{N+1} is the largest angular
 * velocity instead: at N = 32 φ' vanishes first at 0.12830 (the report's 0.1283)
 * and φ'' at 0.1181, so the time the report prints is that of φ'). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "entries.h"
#include "mech.h"
#include "roots.h"

/* cable and material data (5.16) */
#define IC_E   8.0e9
#define IC_A   3.4e-4
#define IC_RHO 3325.0
#define IC_F0  230000.0

/* band of the permuted saddle-point matrix: kl = ku = 4 (see ic_pos_*) */
#define IC_KL 4
#define IC_KU 4
#define IC_LDAB (2 * IC_KL + IC_KU + 1)

/* one point term of a constraint pair: sign·(x, y) + sign·R(φ) s */
typedef struct {
    int ix, iy, iphi;     /* coordinates of the body; iphi < 0: no angle; ix < 0: absent */
    double sx, sy;        /* body-frame offset of the point */
    double sign;
} ic_term;

typedef struct {
    int N, np, nl, n;     /* n = np + nl: size of the saddle-point system */
    double cl_coef;       /* E A / C_L */
    double cq;            /* C_Q */
    double *mass;         /* [np] diagonal of M */
    ic_term *term;        /* [2(N+2)]: term[2k] (+), term[2k+1] (−) of pair k */
    double *band;         /* [LDAB · n] saddle-point matrix, band storage */
    double *rhs;          /* [n] */
} ic_data;

/* coordinate index of body i = 1..N+1 */
static int ic_body(int i) { return 2 + 3 * (i - 1); }

/* position of coordinate j and of constraint row r in the banded ordering
 * [x0 y0 | pair 0 | body 1 | pair 1 | … | body N+1 | pair N+1] */
static int ic_pos_coord(int j) { return j < 2 ? j : 4 + 5 * ((j - 2) / 3) + (j - 2) % 3; }
static int ic_pos_row(int r) { return r < 2 ? 2 + r : 4 + 5 * (r / 2 - 1) + 3 + r % 2; }

/* R(φ) s for term tm at positions p */
static void ic_rot(const ic_term *tm, const double *p, double *rx, double *ry)
{
    if (tm->iphi < 0) {
        *rx = tm->sx;
        *ry = tm->sy;
        return;
    }
    double c = cos(p[tm->iphi]), s = sin(p[tm->iphi]);
    *rx = tm->sx * c - tm->sy * s;
    *ry = tm->sx * s + tm->sy * c;
}

static void ic_mass_to(const ic_data *d, db_entries M)
{
    for (int j = 0; j < d->np; j++)
        db_entries_add(M, j, j, d->mass[j]);
}

/* cable force on the force point (5.6), (5.7) */
static void ic_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    const ic_data *d = m->data;
    (void)t;
    (void)p;
    (void)lam;
    (void)mu;
    double F = IC_F0 + v[1] * d->cl_coef;
    double s = v[0] / d->cq, r = 1.0 / sqrt(1.0 + s * s);
    f[0] = -F * s * r;    /* F sin β, β = −arctan s */
    f[1] = -F * r;        /* −F cos β */
}

/* ∂f/∂v; the other blocks are zero */
static void ic_force_jac_to(const ic_data *d, const double *v, db_entries fv)
{
    double F = IC_F0 + v[1] * d->cl_coef;
    double s = v[0] / d->cq, r = 1.0 / sqrt(1.0 + s * s), r3 = r * r * r;
    db_entries_add(fv, 0, 0, -F * r3 / d->cq);
    db_entries_add(fv, 1, 0, F * s * r3 / d->cq);
    db_entries_add(fv, 0, 1, -d->cl_coef * s * r);
    db_entries_add(fv, 1, 1, -d->cl_coef * r);
}

static void ic_g(const db_mech *m, double t, const double *p, double *g)
{
    const ic_data *d = m->data;
    (void)t;
    for (int k = 0; k < 2 * (d->N + 2); k++) {
        const ic_term *tm = &d->term[k];
        if (tm->ix < 0)
            continue;
        double rx, ry;
        ic_rot(tm, p, &rx, &ry);
        int r = 2 * (k / 2);
        g[r] += tm->sign * (p[tm->ix] + rx);
        g[r + 1] += tm->sign * (p[tm->iy] + ry);
    }
}

static void ic_G_to(const ic_data *d, const double *p, db_entries G)
{
    for (int k = 0; k < 2 * (d->N + 2); k++) {
        const ic_term *tm = &d->term[k];
        if (tm->ix < 0)
            continue;
        int r = 2 * (k / 2);
        db_entries_add(G, r, tm->ix, tm->sign);
        db_entries_add(G, r + 1, tm->iy, tm->sign);
        if (tm->iphi >= 0) {
            double rx, ry;
            ic_rot(tm, p, &rx, &ry);
            db_entries_add(G, r, tm->iphi, -tm->sign * ry);
            db_entries_add(G, r + 1, tm->iphi, tm->sign * rx);
        }
    }
}

/* κ = (Gv)_p v = −Σ sign φ'² R(φ) s  (scleronomic) */
static void ic_kappa_g(const db_mech *m, double t, const double *p, const double *v, double *kap)
{
    const ic_data *d = m->data;
    (void)t;
    for (int k = 0; k < 2 * (d->N + 2); k++) {
        const ic_term *tm = &d->term[k];
        if (tm->ix < 0 || tm->iphi < 0)
            continue;
        double rx, ry, w = v[tm->iphi];
        ic_rot(tm, p, &rx, &ry);
        int r = 2 * (k / 2);
        kap[r] -= tm->sign * w * w * rx;
        kap[r + 1] -= tm->sign * w * w * ry;
    }
}

/* ∂(G w)/∂p: only the angle columns */
static void ic_Gw_p_to(const ic_data *d, const double *p, const double *w, db_entries out)
{
    for (int k = 0; k < 2 * (d->N + 2); k++) {
        const ic_term *tm = &d->term[k];
        if (tm->ix < 0 || tm->iphi < 0)
            continue;
        double rx, ry, wp = w[tm->iphi];
        ic_rot(tm, p, &rx, &ry);
        int r = 2 * (k / 2);
        db_entries_add(out, r, tm->iphi, -tm->sign * wp * rx);
        db_entries_add(out, r + 1, tm->iphi, -tm->sign * wp * ry);
    }
}

/* ∂(Gᵀ l)/∂p: diagonal entries of the angles */
static void ic_GTl_p_to(const ic_data *d, const double *p, const double *l, db_entries out)
{
    for (int k = 0; k < 2 * (d->N + 2); k++) {
        const ic_term *tm = &d->term[k];
        if (tm->ix < 0 || tm->iphi < 0)
            continue;
        double rx, ry;
        ic_rot(tm, p, &rx, &ry);
        int r = 2 * (k / 2);
        db_entries_add(out, tm->iphi, tm->iphi, -tm->sign * (rx * l[r] + ry * l[r + 1]));
    }
}

static void ic_kappa_g_jac_to(const ic_data *d, const double *p, const double *v, db_entries kp,
                              db_entries kv)
{
    for (int k = 0; k < 2 * (d->N + 2); k++) {
        const ic_term *tm = &d->term[k];
        if (tm->ix < 0 || tm->iphi < 0)
            continue;
        double rx, ry, w = v[tm->iphi];
        ic_rot(tm, p, &rx, &ry);
        int r = 2 * (k / 2);
        db_entries_add(kp, r, tm->iphi, tm->sign * w * w * ry);
        db_entries_add(kp, r + 1, tm->iphi, -tm->sign * w * w * rx);
        db_entries_add(kv, r, tm->iphi, -2.0 * tm->sign * w * rx);
        db_entries_add(kv, r + 1, tm->iphi, -2.0 * tm->sign * w * ry);
    }
}

/* ---- the callbacks: dense, and sparse variants (O(N) each) through the same
 * loops above ---- */
static void ic_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)t;
    (void)p;
    ic_mass_to(m->data, db_entries_dense(M, m->np));
}

static void ic_mass_sp(const db_mech *m, double t, const double *p, db_spacc *M)
{
    (void)t;
    (void)p;
    ic_mass_to(m->data, db_entries_sparse(M));
}

static void ic_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         double *fp, double *fv, double *fl, double *fm)
{
    (void)t, (void)p, (void)lam, (void)mu, (void)fp, (void)fl, (void)fm;
    ic_force_jac_to(m->data, v, db_entries_dense(fv, m->nv));
}

static void ic_force_jac_sp(const db_mech *m, double t, const double *p, const double *v,
                            const double *lam, const double *mu,
                            db_spacc *fp, db_spacc *fv, db_spacc *fl, db_spacc *fm)
{
    (void)t, (void)p, (void)lam, (void)mu, (void)fp, (void)fl, (void)fm;
    ic_force_jac_to(m->data, v, db_entries_sparse(fv));
}

static void ic_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)t;
    ic_G_to(m->data, p, db_entries_dense(G, m->nl));
}

static void ic_G_sp(const db_mech *m, double t, const double *p, db_spacc *G)
{
    (void)t;
    ic_G_to(m->data, p, db_entries_sparse(G));
}

static void ic_Gw_p(const db_mech *m, double t, const double *p, const double *w, double *out)
{
    (void)t;
    ic_Gw_p_to(m->data, p, w, db_entries_dense(out, m->nl));
}

static void ic_Gw_p_sp(const db_mech *m, double t, const double *p, const double *w,
                       db_spacc *out)
{
    (void)t;
    ic_Gw_p_to(m->data, p, w, db_entries_sparse(out));
}

static void ic_GTl_p(const db_mech *m, double t, const double *p, const double *l, double *out)
{
    (void)t;
    ic_GTl_p_to(m->data, p, l, db_entries_dense(out, m->np));
}

static void ic_GTl_p_sp(const db_mech *m, double t, const double *p, const double *l,
                        db_spacc *out)
{
    (void)t;
    ic_GTl_p_to(m->data, p, l, db_entries_sparse(out));
}

static void ic_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)t;
    ic_kappa_g_jac_to(m->data, p, v, db_entries_dense(kp, m->nl), db_entries_dense(kv, m->nl));
}

static void ic_kappa_g_jac_sp(const db_mech *m, double t, const double *p, const double *v,
                              db_spacc *kp, db_spacc *kv)
{
    (void)t;
    ic_kappa_g_jac_to(m->data, p, v, db_entries_sparse(kp), db_entries_sparse(kv));
}

/* band storage of the saddle-point matrix: entry (i, j) */
static double *ic_ab(ic_data *d, int i, int j)
{
    return &d->band[(IC_KL + IC_KU + i - j) + (size_t)IC_LDAB * j];
}

/* Gaussian elimination with partial pivoting on the band (fill up to kl + ku
 * above the diagonal); b is overwritten by the solution.  0, or -1 if singular. */
static int ic_band_solve(ic_data *d, double *b)
{
    int n = d->n, kv = IC_KL + IC_KU;
    for (int k = 0; k < n; k++) {
        int imax = k + IC_KL < n - 1 ? k + IC_KL : n - 1;
        int jmax = k + kv < n - 1 ? k + kv : n - 1;
        int r = k;
        double best = fabs(*ic_ab(d, k, k));
        for (int i = k + 1; i <= imax; i++)
            if (fabs(*ic_ab(d, i, k)) > best) {
                best = fabs(*ic_ab(d, i, k));
                r = i;
            }
        if (!(best > 0.0))
            return -1;
        if (r != k) {
            for (int j = k; j <= jmax; j++) {
                double tmp = *ic_ab(d, k, j);
                *ic_ab(d, k, j) = *ic_ab(d, r, j);
                *ic_ab(d, r, j) = tmp;
            }
            double tmp = b[k];
            b[k] = b[r];
            b[r] = tmp;
        }
        double piv = *ic_ab(d, k, k);
        for (int i = k + 1; i <= imax; i++) {
            double l = *ic_ab(d, i, k) / piv;
            if (l == 0.0)
                continue;
            for (int j = k + 1; j <= jmax; j++)
                *ic_ab(d, i, j) -= l * *ic_ab(d, k, j);
            b[i] -= l * b[k];
        }
    }
    for (int k = n - 1; k >= 0; k--) {
        int jmax = k + kv < n - 1 ? k + kv : n - 1;
        double s = b[k];
        for (int j = k + 1; j <= jmax; j++)
            s -= *ic_ab(d, k, j) * b[j];
        b[k] = s / *ic_ab(d, k, k);
    }
    return 0;
}

/* a and λ from [M Gᵀ; G 0](a; λ) = (f; −κ) at (p, v) */
static int ic_saddle(const db_mech *m, const double *p, const double *v, double *lam, double *a)
{
    ic_data *d = m->data;
    size_t nb = (size_t)IC_LDAB * d->n;
    for (size_t i = 0; i < nb; i++)
        d->band[i] = 0.0;
    for (int i = 0; i < d->n; i++)
        d->rhs[i] = 0.0;
    for (int j = 0; j < d->np; j++)
        *ic_ab(d, ic_pos_coord(j), ic_pos_coord(j)) = d->mass[j];
    /* G and Gᵀ, term by term, as in ic_G */
    for (int k = 0; k < 2 * (d->N + 2); k++) {
        const ic_term *tm = &d->term[k];
        if (tm->ix < 0)
            continue;
        int r = 2 * (k / 2);
        double rx = 0.0, ry = 0.0;
        if (tm->iphi >= 0)
            ic_rot(tm, p, &rx, &ry);
        int cols[3] = {tm->ix, tm->iy, tm->iphi};
        double vals[2][3] = {{tm->sign, 0.0, -tm->sign * ry}, {0.0, tm->sign, tm->sign * rx}};
        for (int q = 0; q < 2; q++)
            for (int c = 0; c < 3; c++) {
                if (cols[c] < 0 || vals[q][c] == 0.0)
                    continue;
                int pr = ic_pos_row(r + q), pc = ic_pos_coord(cols[c]);
                *ic_ab(d, pr, pc) += vals[q][c];
                *ic_ab(d, pc, pr) += vals[q][c];
            }
    }
    double f[2];
    ic_force(m, m->t0, p, v, lam, lam, f);   /* f ignores λ, μ (n_μ = 0) */
    d->rhs[0] = f[0];
    d->rhs[1] = f[1];
    /* −κ, written into a (scratch of length nl ≤ np) first */
    for (int r = 0; r < d->nl; r++)
        a[r] = 0.0;
    ic_kappa_g(m, m->t0, p, v, a);
    for (int r = 0; r < d->nl; r++)
        d->rhs[ic_pos_row(r)] = -a[r];
    if (ic_band_solve(d, d->rhs) != 0)
        return -1;
    for (int j = 0; j < d->np; j++)
        a[j] = d->rhs[ic_pos_coord(j)];
    for (int r = 0; r < d->nl; r++)
        lam[r] = d->rhs[ic_pos_row(r)];
    return 0;
}

/* sheet §5: all angles 0, hanging straight down from the origin, at rest */
static void ic_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    const ic_data *d = m->data;
    (void)mu;
    int N = d->N;
    for (int j = 0; j < d->np; j++)
        p[j] = v[j] = 0.0;
    /* top insulator: upper joint at the origin; then down the chain */
    int top = ic_body(N + 1);
    const ic_term *hinge = &d->term[2 * (N + 1)];
    p[top + 1] = -hinge->sy;
    for (int i = N; i >= 2; i--) {
        /* pair i: upper joint of body i (s = (0, d_i)) = lower joint of i+1 (s = (0, −c_{i+1})) */
        const ic_term *up = &d->term[2 * i], *lo = &d->term[2 * i + 1];
        p[ic_body(i) + 1] = p[ic_body(i + 1) + 1] + lo->sy - up->sy;
    }
    /* triangle: its +30° corner on the lower joint of body 2 */
    const ic_term *corner = &d->term[2], *lo2 = &d->term[3];
    p[2] = p[ic_body(2)] + lo2->sx - corner->sx;
    p[3] = p[ic_body(2) + 1] + lo2->sy - corner->sy;
    /* force point at the −90° corner */
    const ic_term *fp = &d->term[1];
    p[0] = p[2] + fp->sx;
    p[1] = p[3] + fp->sy;
    if (ic_saddle(m, p, v, lam, a) != 0)
        for (int j = 0; j < d->np; j++)
            a[j] = NAN;
}

/* root finding: φ'_{N+1}, the angular velocity of the top insulator (its zeros are
 * the top insulator's largest swings) */
static void ic_switching(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu, double *s)
{
    (void)t; (void)p; (void)lam; (void)mu;
    const ic_data *d = m->data;
    s[0] = v[ic_body(d->N + 1) + 2];
}

void db_insulator_chain_roots(db_mech *m)
{
    m->tend = 0.2;
    m->nswitch = 1;
    m->switching = ic_switching;
}

static void ic_teardown(db_mech *m)
{
    ic_data *d = m->data;
    if (d) {
        free(d->mass);
        free(d->term);
        free(d->band);
        free(d->rhs);
        free(d);
    }
    m->data = NULL;
}

static void ic_set_term(ic_term *tm, int body, double sx, double sy, double sign)
{
    tm->ix = body < 0 ? -1 : body == 0 ? 0 : ic_body(body);
    tm->iy = body < 0 ? -1 : tm->ix + 1;
    tm->iphi = body <= 0 ? -1 : tm->ix + 2;
    tm->sx = sx;
    tm->sy = sy;
    tm->sign = sign;
}

static int ic_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);   /* every callback not set below is absent */
    double Nd = par[0];
    if (!(Nd >= 1 && Nd <= 1250) || Nd != floor(Nd)) {
        snprintf(err, errlen, "insulator_chain: N = %g is not an integer in 1..1250", Nd);
        return 1;
    }
    int N = (int)Nd;
    ic_data *d = calloc(1, sizeof *d);
    if (!d)
        goto nomem;
    m->data = d;
    d->N = N;
    d->np = 3 * (N + 1) + 2;
    d->nl = 2 * (N + 1) + 2;
    d->n = d->np + d->nl;
    d->cl_coef = IC_E * IC_A / sqrt(IC_E / IC_RHO);
    d->cq = sqrt(IC_F0 / (IC_A * IC_RHO));
    d->mass = calloc((size_t)d->np, sizeof *d->mass);
    d->term = calloc((size_t)(2 * (N + 2)), sizeof *d->term);
    d->band = calloc((size_t)IC_LDAB * d->n, sizeof *d->band);
    d->rhs = calloc((size_t)d->n, sizeof *d->rhs);
    if (!d->mass || !d->term || !d->band || !d->rhs)
        goto nomem;

    /* body data (5.16): triangle, insulators 2..N, top insulator N+1 */
    const double d1 = 0.37;
    for (int i = 1; i <= N + 1; i++) {
        double mi = i == 1 ? 34.0 : i <= N ? 15.0 : 9.8;
        double Ii = i == 1 ? 3.1 : i <= N ? 0.35 : 0.05;
        d->mass[ic_body(i)] = d->mass[ic_body(i) + 1] = mi;
        d->mass[ic_body(i) + 2] = Ii;
    }
    /* upper (d_i) and lower (c_i) joint distances of insulator i = 2..N+1 */
#define IC_DI(i) ((i) <= N ? 0.12 : 0.16)
#define IC_CI(i) 0.08
    ic_set_term(&d->term[0], 0, 0.0, 0.0, 1.0);                    /* force point */
    ic_set_term(&d->term[1], 1, 0.0, -d1, -1.0);                   /* −90° corner */
    ic_set_term(&d->term[2], 1, 0.5 * d1 * sqrt(3.0), 0.5 * d1, 1.0); /* +30° corner */
    ic_set_term(&d->term[3], 2, 0.0, -IC_CI(2), -1.0);
    for (int i = 2; i <= N + 1; i++) {
        ic_set_term(&d->term[2 * i], i, 0.0, IC_DI(i), 1.0);
        if (i <= N)
            ic_set_term(&d->term[2 * i + 1], i + 1, 0.0, -IC_CI(i + 1), -1.0);
        else
            ic_set_term(&d->term[2 * i + 1], -1, 0.0, 0.0, -1.0);  /* origin */
    }
#undef IC_DI
#undef IC_CI

    m->np = m->nv = d->np;
    m->nl = d->nl;
    m->nm = 0;
    m->t0 = 0.0;
    m->tend = 0.1;
    m->flags = DB_MASS_CONST | DB_MASS_SINGULAR;
    m->par = par;
    m->scenario = sc;
    m->mass = ic_mass;
    m->force = ic_force;
    m->g = ic_g;
    m->G = ic_G;
    m->g_t = NULL;
    m->kappa_g = ic_kappa_g;
    m->force_jac = ic_force_jac;
    m->Gw_p = ic_Gw_p;
    m->GTl_p = ic_GTl_p;
    m->kappa_g_jac = ic_kappa_g_jac;
    m->init = ic_init;
    m->energy = NULL;      /* damped and driven: no invariant */
    m->sparse = 1;
    m->mass_sp = ic_mass_sp;
    m->G_sp = ic_G_sp;
    m->force_jac_sp = ic_force_jac_sp;
    m->Gw_p_sp = ic_Gw_p_sp;
    m->GTl_p_sp = ic_GTl_p_sp;
    m->kappa_g_jac_sp = ic_kappa_g_jac_sp;
    return 0;
nomem:
    ic_teardown(m);
    snprintf(err, errlen, "insulator_chain: out of memory (N = %d)", N);
    return 1;
}

static const db_scenario_spec ic_scenarios[] = {
    {"default", "fracture at t = 0, chain hanging straight, t in [0, 0.1] (MEXX Table 5.5)"},
};

static const db_param_spec ic_params[] = {
    {"N", 16, 1, 1250, 1, "number of insulators (MEXX: 16, 32, 64)"},
};

const db_problem db_problem_insulator_chain = {
    .name = "insulator_chain",
    .title = "chain of N insulators after fracture, massless force point (singular M)",
    .source = "MEXX report (seed 001) §5.4, eqs. (5.6)-(5.17)",
    .scenarios = ic_scenarios,
    .nscenarios = 1,
    .params = ic_params,
    .nparams = 1,
    .setup = ic_setup,
    .teardown = ic_teardown,
    .exact = NULL,
};
