/* bricard.c — Bricard's mechanism (IFToMM / MBS benchmark library problem A04),
 * problem "bricard": five rods (1 kg, 1 m, square section h) and six revolute
 * joints form a closed 6R loop whose Grübler count is 0 but which moves with one
 * degree of freedom: ONE CONSTRAINT IS REDUNDANT AT EVERY CONFIGURATION (G is
 * 24 × 24 of rank 23), so the multipliers are unique only up to λ + c n(q).
 * Started at rest, it swings under gravity between two mirror-image rest
 * positions (period 4.99 s), t in [0, 10].
 *
 * Sources: fact sheet ../shared/models/bricard.md (geometry and data of A04 from
 * its implementations; natural coordinates, closed-form configuration curve and
 * reduced dynamics derived there).  Natural coordinates (sheet §2):
 *     q = (P2, P3, P4, P5, u2, u3, u4, u5) ∈ R²⁴,
 * joint points P_k and unit joint axes u_k; P1 = 0, P6 = e_z, u1 = e_y, u6 = e_x
 * fixed.  Constant M (sheet §3.1) and f (weights at the points, §3.2).  Every
 * constraint (§3.3, same order) is s·(X·Y) + c with X, Y affine in q: the rod
 * length ½(d·d − L²), d·u_k, d·u_{k+1}, u_k·u_{k+1} per rod, then ½(u·u − 1) per
 * moving axis; G, κ and all their derivatives follow from that one table.
 *
 * Multipliers: this problem's λ is the MINIMUM-NORM one (as a least-squares or
 * SVD solver returns it): a, and a particular λ with λ(d4·u4) = 0 (a removable
 * row, sheet §4), from the saddle-point system without that row, then the null
 * vector n of Gᵀ removed.  Initial values (sheet §5): q0 above, v0 = 0.
 * Exact solution (sheet §6): q(s) on the closed-form configuration curve, the
 * joint-1 angle s(t) from the reduced equation m_r(s) s'' + ½ m_r'(s) s'² + V'(s)
 * = 0, integrated once at setup by classical Runge–Kutta (step 2e-4, error below
 * 1e-14 against the sheet's values) and stored every 0.01 s; derivatives in s by
 * complex steps. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dense.h"
#include "mech.h"

#define BR_M 1.0       /* rod mass [kg] */
#define BR_L 1.0       /* rod length [m] */
#define BR_GRAV 9.81   /* [m/s²], −y */
#define BR_NQ 24
#define BR_NL 24
#define BR_DROP 13     /* the row d4·u4 (0-based), removable along the whole motion */
#define BR_H(m) ((m)->par[0])

/* blocks: 0..3 = P2..P5, 4..7 = u2..u5 (moving); 8 = P1, 9 = P6, 10 = u1, 11 = u6 */
static const double br_fixed[4][3] = {{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}};

static int br_P(int k) /* block of P_k, k = 1..6 */
{
    return k == 1 ? 8 : k == 6 ? 9 : k - 2;
}

static int br_u(int k) /* block of u_k, k = 1..6 */
{
    return k == 1 ? 10 : k == 6 ? 11 : k + 2;
}

/* an affine vector X = sg[0]·B[id[0]] + sg[1]·B[id[1]] (sg = 0: unused) */
typedef struct {
    int id[2];
    double sg[2];
} br_vec;

/* constraint s·(X·Y) + c */
typedef struct {
    double s, c;
    br_vec X, Y;
} br_con;

static br_con br_cons[BR_NL];

static void br_table(void)
{
    static int done = 0;
    if (done)
        return;
    for (int k = 1; k <= 5; k++) {
        br_vec d = {{br_P(k + 1), br_P(k)}, {1.0, -1.0}};
        br_vec uk = {{br_u(k), 0}, {1.0, 0.0}}, uk1 = {{br_u(k + 1), 0}, {1.0, 0.0}};
        int r = 4 * (k - 1);
        br_cons[r] = (br_con){0.5, -0.5 * BR_L * BR_L, d, d};
        br_cons[r + 1] = (br_con){1.0, 0.0, d, uk};
        br_cons[r + 2] = (br_con){1.0, 0.0, d, uk1};
        br_cons[r + 3] = (br_con){1.0, 0.0, uk, uk1};
    }
    for (int j = 2; j <= 5; j++) {
        br_vec u = {{br_u(j), 0}, {1.0, 0.0}};
        br_cons[20 + j - 2] = (br_con){0.5, -0.5, u, u};
    }
    done = 1;
}

/* X at q (lin = 0) or its linear part applied to w (lin = 1: fixed blocks give 0) */
static void br_eval(const br_vec *X, const double *q, int lin, double out[3])
{
    out[0] = out[1] = out[2] = 0.0;
    for (int i = 0; i < 2; i++) {
        if (X->sg[i] == 0.0)
            continue;
        int id = X->id[i];
        for (int a = 0; a < 3; a++) {
            double x = id < 8 ? q[3 * id + a] : lin ? 0.0 : br_fixed[id - 8][a];
            out[a] += X->sg[i] * x;
        }
    }
}

/* row r of out (ld rows) += c·(Z·∂X) */
static void br_addrow(double *out, int ld, int r, const br_vec *X, const double Z[3], double c)
{
    for (int i = 0; i < 2; i++)
        if (X->sg[i] != 0.0 && X->id[i] < 8)
            for (int a = 0; a < 3; a++)
                out[r + (size_t)ld * (3 * X->id[i] + a)] += c * X->sg[i] * Z[a];
}

static void br_mass(const db_mech *m, double t, const double *p, double *M)
{
    (void)t, (void)p;
    double h = BR_H(m);
    for (int j = 0; j < 4; j++)
        for (int a = 0; a < 3; a++) {
            int i = 3 * j + a, u = 12 + 3 * j + a;
            M[i + BR_NQ * i] = 2.0 * BR_M / 3.0;
            M[u + BR_NQ * u] = BR_M * h * h / 6.0;
            if (j < 3) {
                M[i + BR_NQ * (i + 3)] = BR_M / 6.0;
                M[(i + 3) + BR_NQ * i] = BR_M / 6.0;
            }
        }
}

static void br_force(const db_mech *m, double t, const double *p, const double *v,
                     const double *lam, const double *mu, double *f)
{
    (void)m, (void)t, (void)p, (void)v, (void)lam, (void)mu;
    for (int j = 0; j < 4; j++)
        f[3 * j + 1] = -BR_M * BR_GRAV;
}

static void br_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu, double *fp, double *fv,
                         double *fl, double *fm)
{
    (void)m, (void)t, (void)p, (void)v, (void)lam, (void)mu;
    (void)fp, (void)fv, (void)fl, (void)fm;
}

static void br_g(const db_mech *m, double t, const double *p, double *g)
{
    (void)m, (void)t;
    for (int r = 0; r < BR_NL; r++) {
        double X[3], Y[3];
        br_eval(&br_cons[r].X, p, 0, X);
        br_eval(&br_cons[r].Y, p, 0, Y);
        g[r] = br_cons[r].s * (X[0] * Y[0] + X[1] * Y[1] + X[2] * Y[2]) + br_cons[r].c;
    }
}

/* rows s(Y_a·∂X + X_a·∂Y)·c with X_a, Y_a at q (lin 0) or linear parts at w (lin 1):
 * G (q = p, lin 0, c 1), ∂(G w)/∂p (w, lin 1, c 1), ∂κ/∂v (v, lin 1, c 2) */
static void br_rows(const double *x, int lin, double c, double *out)
{
    for (int r = 0; r < BR_NL; r++) {
        double X[3], Y[3];
        br_eval(&br_cons[r].X, x, lin, X);
        br_eval(&br_cons[r].Y, x, lin, Y);
        br_addrow(out, BR_NL, r, &br_cons[r].X, Y, c * br_cons[r].s);
        br_addrow(out, BR_NL, r, &br_cons[r].Y, X, c * br_cons[r].s);
    }
}

static void br_G(const db_mech *m, double t, const double *p, double *G)
{
    (void)m, (void)t;
    br_rows(p, 0, 1.0, G);
}

static void br_Gw_p(const db_mech *m, double t, const double *p, const double *w,
                    double *out)
{
    (void)m, (void)t, (void)p;
    br_rows(w, 1, 1.0, out);
}

/* κ_r = 2 s X_v·Y_v (no time terms) */
static void br_kappa_g(const db_mech *m, double t, const double *p, const double *v,
                       double *k)
{
    (void)m, (void)t, (void)p;
    for (int r = 0; r < BR_NL; r++) {
        double X[3], Y[3];
        br_eval(&br_cons[r].X, v, 1, X);
        br_eval(&br_cons[r].Y, v, 1, Y);
        k[r] = 2.0 * br_cons[r].s * (X[0] * Y[0] + X[1] * Y[1] + X[2] * Y[2]);
    }
}

static void br_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)m, (void)t, (void)p, (void)kp;
    br_rows(v, 1, 2.0, kv);
}

/* ∂(Gᵀλ)/∂p = Σ_r λ_r s_r (∂Xᵀ∂Y + ∂Yᵀ∂X) */
static void br_GTl_p(const db_mech *m, double t, const double *p, const double *l,
                     double *out)
{
    (void)m, (void)t, (void)p;
    for (int r = 0; r < BR_NL; r++) {
        const br_con *c = &br_cons[r];
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) {
                if (c->X.sg[i] == 0.0 || c->Y.sg[j] == 0.0 || c->X.id[i] >= 8
                    || c->Y.id[j] >= 8)
                    continue;
                double w = l[r] * c->s * c->X.sg[i] * c->Y.sg[j];
                int bx = 3 * c->X.id[i], by = 3 * c->Y.id[j];
                for (int a = 0; a < 3; a++) {
                    out[(bx + a) + BR_NQ * (by + a)] += w;
                    out[(by + a) + BR_NQ * (bx + a)] += w;
                }
            }
    }
}

static double br_energy(const db_mech *m, double t, const double *p, const double *v)
{
    double M[BR_NQ * BR_NQ] = {0}, E = 0.0;
    br_mass(m, t, p, M);
    for (int i = 0; i < BR_NQ; i++)
        for (int j = 0; j < BR_NQ; j++)
            E += 0.5 * v[i] * M[i + BR_NQ * j] * v[j];
    for (int k = 0; k < 4; k++)
        E += BR_M * BR_GRAV * p[3 * k + 1];
    return E;
}

/* a and the minimum-norm λ at (p, v): the saddle-point system without row BR_DROP
 * gives a and a particular λ (0 at BR_DROP); the null vector n of Gᵀ (n_DROP = 1,
 * rest −(G_r G_rᵀ)⁻¹ G_r g_DROPᵀ) is then projected out.  0, or 1 if singular. */
static int br_acc_lambda(const db_mech *m, double t, const double *p, const double *v,
                         double *a, double *lam)
{
    enum { NR = BR_NL - 1, NS = BR_NQ + NR };
    double G[BR_NL * BR_NQ] = {0}, M[BR_NQ * BR_NQ] = {0}, k[BR_NL], f[BR_NQ] = {0};
    double S[NS * NS] = {0}, b[NS], GG[NR * NR] = {0}, n[BR_NL], z[BR_NQ] = {0};
    int piv[NS], rows[NR];
    for (int r = 0, i = 0; r < BR_NL; r++)
        if (r != BR_DROP)
            rows[i++] = r;
    br_G(m, t, p, G);
    br_mass(m, t, p, M);
    br_kappa_g(m, t, p, v, k);
    br_force(m, t, p, v, z, z, f);
    for (int i = 0; i < BR_NQ; i++) {
        for (int j = 0; j < BR_NQ; j++)
            S[i + NS * j] = M[i + BR_NQ * j];
        b[i] = f[i];
    }
    for (int r = 0; r < NR; r++) {
        for (int j = 0; j < BR_NQ; j++) {
            double x = G[rows[r] + BR_NL * j];
            S[(BR_NQ + r) + NS * j] = x;
            S[j + NS * (BR_NQ + r)] = x;
        }
        b[BR_NQ + r] = -k[rows[r]];
    }
    if (db_dense_lu(NS, S, piv) != 0)
        return 1;
    db_dense_lu_solve(NS, S, piv, b);
    for (int i = 0; i < BR_NQ; i++)
        a[i] = b[i];
    lam[BR_DROP] = 0.0;
    for (int r = 0; r < NR; r++)
        lam[rows[r]] = b[BR_NQ + r];
    /* null vector of Gᵀ */
    for (int r = 0; r < NR; r++) {
        double s = 0.0;
        for (int c = 0; c < NR; c++) {
            double x = 0.0;
            for (int j = 0; j < BR_NQ; j++)
                x += G[rows[r] + BR_NL * j] * G[rows[c] + BR_NL * j];
            GG[r + NR * c] = x;
        }
        for (int j = 0; j < BR_NQ; j++)
            s += G[rows[r] + BR_NL * j] * G[BR_DROP + BR_NL * j];
        n[rows[r]] = -s;
    }
    if (db_dense_lu(NR, GG, piv) != 0)
        return 1;
    double nr[NR];
    for (int r = 0; r < NR; r++)
        nr[r] = n[rows[r]];
    db_dense_lu_solve(NR, GG, piv, nr);
    for (int r = 0; r < NR; r++)
        n[rows[r]] = nr[r];
    n[BR_DROP] = 1.0;
    double nl = 0.0, nn = 0.0;
    for (int r = 0; r < BR_NL; r++) {
        nl += n[r] * lam[r];
        nn += n[r] * n[r];
    }
    for (int r = 0; r < BR_NL; r++)
        lam[r] -= nl / nn * n[r];
    return 0;
}

static void br_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    (void)mu;
    static const double q0[BR_NQ] = {1, 0, 0, 1, -1, 0, 1, -1, 1, 0, -1, 1,
                                     0, 0, 1, 1, 0,  0, 0, 1,  0, 0, 0,  1};
    memcpy(p, q0, sizeof q0);
    for (int i = 0; i < BR_NQ; i++)
        v[i] = 0.0;
    if (br_acc_lambda(m, m->t0, p, v, a, lam) != 0)
        for (int i = 0; i < BR_NQ; i++)
            a[i] = lam[i] = NAN;
}

/* ---- exact solution (sheet §6) ----------------------------------------------- */

/* the configuration curve q(s), complex s for complex-step derivatives */
static void br_curve(double complex s, double complex q[BR_NQ])
{
    double complex sg = csin(s), c = ccos(s), r = csqrt(1.0 + 2.0 * sg);
    double complex w = r / (1.0 + sg), e = sg / (1.0 + sg);
    const double complex v[BR_NQ] = {
        c, 0, -sg,                 c / (1.0 + sg), -w, -e,
        c, -r, 1.0 - sg,           0, -w, 1.0 / (1.0 + sg),
        sg, 0, c,                  w * c, -e, -w * sg,
        sg, w * c, sg * c / (1.0 + sg), 0, -e, w};
    memcpy(q, v, sizeof v);
}

/* m_r(x) and V(x), x = sin s (sheet §6), complex for complex steps */
static double complex br_mr(double complex x, double h)
{
    double complex a = (1.0 + x) * (1.0 + x) * (1.0 + 2.0 * x);
    return BR_M * (15.0 + 30.0 * x + 19.0 * x * x + 4.0 * x * x * x - 2.0 * x * x * x * x)
               / (3.0 * a)
           + BR_M * h * h * (6.0 + 12.0 * x + 10.0 * x * x + 4.0 * x * x * x + x * x * x * x)
                 / (6.0 * a);
}

static double complex br_V(double complex x)
{
    return -BR_M * BR_GRAV * (3.0 + x) * csqrt(1.0 + 2.0 * x) / (1.0 + x);
}

#define BR_CSTEP 1e-30

/* s'' of the reduced equation */
static double br_sdd(double s, double sd, double h)
{
    double x = sin(s), c = cos(s);
    double mr = creal(br_mr(x, h));
    double dmr = c * cimag(br_mr(x + I * BR_CSTEP, h)) / BR_CSTEP;
    double dV = c * cimag(br_V(x + I * BR_CSTEP)) / BR_CSTEP;
    return -(0.5 * dmr * sd * sd + dV) / mr;
}

static void br_rk4(double *s, double *sd, double dt, int nsteps, double h)
{
    for (int i = 0; i < nsteps; i++) {
        double k1 = *sd, l1 = br_sdd(*s, *sd, h);
        double k2 = *sd + 0.5 * dt * l1, l2 = br_sdd(*s + 0.5 * dt * k1, k2, h);
        double k3 = *sd + 0.5 * dt * l2, l3 = br_sdd(*s + 0.5 * dt * k2, k3, h);
        double k4 = *sd + dt * l3, l4 = br_sdd(*s + dt * k3, k4, h);
        *s += dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
        *sd += dt / 6.0 * (l1 + 2.0 * l2 + 2.0 * l3 + l4);
    }
}

#define BR_STORE 0.01  /* stored every 0.01 s */
#define BR_SUB 100     /* RK4 steps of 1e-4 s in between */

typedef struct {
    int n;            /* stored points: t_i = t0 + i·BR_STORE */
    double *s, *sd;
} br_data;

static int br_exact(const db_mech *m, double t, double *p, double *v, double *lam, double *mu)
{
    (void)mu;
    const br_data *d = m->data;
    double tt = t - m->t0;
    if (!d || !(tt >= 0.0))
        return 1;
    int i = (int)floor(tt / BR_STORE);
    if (i >= d->n)
        i = d->n - 1;
    double s = d->s[i], sd = d->sd[i], rest = tt - i * BR_STORE;
    int nsub = (int)ceil(rest / (BR_STORE / BR_SUB) - 1e-9);
    if (nsub > 0)
        br_rk4(&s, &sd, rest / nsub, nsub, BR_H(m));
    double complex q[BR_NQ];
    br_curve(s, q);
    for (int k = 0; k < BR_NQ; k++)
        p[k] = creal(q[k]);
    br_curve(s + I * BR_CSTEP, q);
    for (int k = 0; k < BR_NQ; k++)
        v[k] = cimag(q[k]) / BR_CSTEP * sd;
    double a[BR_NQ];
    return br_acc_lambda(m, t, p, v, a, lam);
}

static void br_teardown(db_mech *m)
{
    br_data *d = m->data;
    if (d) {
        free(d->s);
        free(d);
    }
    m->data = NULL;
}

static int br_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (!(par[0] > 0.0 && par[0] <= 0.5)) {
        snprintf(err, errlen, "bricard: h = %g is not in (0, 0.5] (h = 0 makes M singular)",
                 par[0]);
        return 1;
    }
    br_table();
    m->np = m->nv = BR_NQ;
    m->nl = BR_NL;
    m->nm = 0;
    m->t0 = 0.0;
    m->tend = 10.0;
    m->flags = DB_MASS_CONST | DB_REDUNDANT;
    m->par = par;
    m->scenario = sc;
    m->mass = br_mass;
    m->force = br_force;
    m->g = br_g;
    m->G = br_G;
    m->kappa_g = br_kappa_g;
    m->force_jac = br_force_jac;
    m->Gw_p = br_Gw_p;
    m->GTl_p = br_GTl_p;
    m->kappa_g_jac = br_kappa_g_jac;
    m->init = br_init;
    m->energy = br_energy;
    /* s(t) on the stored grid, with a margin past tend */
    br_data *d = calloc(1, sizeof *d);
    int n = (int)ceil((m->tend - m->t0) / BR_STORE) + 2;
    double *buf = d ? malloc(2 * (size_t)n * sizeof *buf) : NULL;
    if (!buf) {
        free(d);
        snprintf(err, errlen, "bricard: out of memory");
        return 1;
    }
    d->n = n;
    d->s = buf;
    d->sd = buf + n;
    double s = 0.0, sd = 0.0;
    for (int i = 0; i < n; i++) {
        d->s[i] = s;
        d->sd[i] = sd;
        br_rk4(&s, &sd, BR_STORE / BR_SUB, BR_SUB, par[0]);
    }
    m->data = d;
    return 0;
}

static const db_scenario_spec br_scenarios[] = {
    {"default", "at rest in the square position, swings under gravity, t in [0, 10]"},
};

static const db_param_spec br_params[] = {
    {"h", 0.1, 1e-3, 0.5, 0, "side of the rods' square cross-section [m] (A04: 0.1)"},
};

const db_problem db_problem_bricard = {
    .name = "bricard",
    .title = "Bricard's mechanism: one redundant constraint everywhere (IFToMM A04), exact "
             "solution",
    .source = "MBS benchmark library A04 (Gonzalez et al.)",
    .scenarios = br_scenarios,
    .nscenarios = 1,
    .params = br_params,
    .nparams = 1,
    .setup = br_setup,
    .teardown = br_teardown,
    .exact = br_exact,
};
