/* test_four_bar_chain.c — tests of the problem "four_bar_chain"
 * (testset/four_bar_chain.c) against ../shared/models/four_bar_chain.md:
 *   - parameter N (default 2); initial values of sheet §5 (λ^R = −8.97667 at the ends,
 *     −13.38167 inside, λ^C = 0, a = (0, −1)) and their consistency on every level
 *     (N = 1, 2, 40); the energy E0 = 620.338333333333 J (N = 40);
 *   - every analytic derivative against finite differences;
 *   - the sizes of the six formulations;
 *   - the exact solution: B_0 against the sheet's table §7.2 (N = 40) and §7.2
 *     N = 2 samples (the library's own reference file is not public, sheet §7.1:
 *     these are the published values we have), with the gate shown red on a
 *     corrupted last value; on the constraint manifold on all levels, energy
 *     conserved;
 *   - the rank of G drops from 2N + 1 to N + 1 in the horizontal position (sheet §4). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/linalg.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"
#include "testset/tests/mechtest.h"
#include "testset/tests/published.h"

static int open_fb(const db_problem *prob, double N, db_mech *m, double *par)
{
    char err[200] = "";
    par[0] = N;
    int rc = prob->setup(m, 0, par, err, sizeof err);
    CHECK(rc == 0, "setup N = %g: %s", N, err);
    return rc;
}

static void test_initial_values(const db_problem *prob)
{
    static const double Ns[3] = {40, 1, 2};
    for (int k = 0; k < 3; k++) {
        db_mech m;
        double par[1];
        if (open_fb(prob, Ns[k], &m, par) != 0)
            continue;
        int N = (int)Ns[k];
        double *p = calloc((size_t)(4 * m.np + m.nl), sizeof *p), mu[1], res[6];
        double *v = p + m.np, *a = v + m.np, *lam = a + m.np;
        m.init(&m, p, v, lam, mu, a);
        CHECK(fabs(lam[0] + 8.976666666667) <= 1e-12 && fabs(lam[N] + 8.976666666667) <= 1e-12
                  && fabs(lam[2 * N]) == 0.0,
              "N = %d: lambda^R_0 = %.15g (sheet -8.976666666667)", N, lam[0]);
        if (N > 1)
            CHECK(fabs(lam[1] + 13.381666666667) <= 1e-12, "N = %d: lambda^R_1 = %.15g", N,
                  lam[1]);
        CHECK(a[1] == -1.0 && a[0] == 0.0 && v[0] == 1.0 && p[1] == 1.0, "N = %d: a, v, p", N);
        double r = db_mech_init_check(&m, res);
        printf("init_check N = %d: g %.1e  Gv %.1e  Ga+k %.1e  balance %.1e\n", N, res[0],
               res[1], res[2], res[5]);
        CHECK(r <= 1e-13, "N = %d: init residual %.3e", N, r);
        if (N == 40) {
            double E = m.energy(&m, 0.0, p, v);
            CHECK(fabs(E - 620.338333333333) <= 1e-9, "E0 = %.12f (sheet 620.338333333333)", E);
        }
        free(p);
    }
}

static void test_derivatives(const db_problem *prob)
{
    static const double Ns[2] = {40, 2};
    for (int k = 0; k < 2; k++) {
        db_mech m;
        double par[1];
        if (open_fb(prob, Ns[k], &m, par) != 0)
            continue;
        int np = m.np, nl = m.nl;
        double *p = calloc((size_t)(6 * np + 2 * nl), sizeof *p), mu[1];
        double *v = p + np, *a = v + np, *lam = a + np, *q = lam + nl, *w = q + np,
               *l = w + np;
        m.init(&m, p, v, lam, mu, a);
        double e = db_mech_fdcheck(&m, 0.0, p, v, lam, mu, k == 1 ? stdout : NULL);
        CHECK(e <= 1e-7, "N = %g: fdcheck at the initial state %.3e", Ns[k], e);
        unsigned seed = 7u + (unsigned)k;
        for (int rep = 0; rep < 3; rep++) {
            mt_perturbed_state(&seed, np, p, 0.3, 3.0, nl, 20.0, q, w, l);
            e = db_mech_fdcheck(&m, 1.0, q, w, l, mu, NULL);
            CHECK(e <= 1e-7, "N = %g: fdcheck at perturbed state %d: %.3e", Ns[k], rep, e);
        }
        free(p);
    }
}

static void test_formulations(const db_problem *prob)
{
    db_mech m;
    double par[1];
    if (open_fb(prob, 40, &m, par) != 0)
        return;
    static const int n_exp[DB_NFORMS] = {245, 245, 245, 326, 245, 245};
    static const int neq_exp[DB_NFORMS] = {245, 245, 245, 326, 326, 407};
    mt_check_dims(&m, n_exp, neq_exp, 0, 1e-12);
}

/* sheet §7.2: B_0 = (x, y, x', y') of the exact solution; N = 40, then N = 2 */
static const double tab40_t[9] = {0, 0.05, 0.5, 1, 2, 5, 10, 15, 20};
static const double tab40[9][4] = {
    {0, 1, 1, 0},
    {0.05020956724469475, 0.9987387042450595, 1.012574076161526, -0.05090511256965568},
    {0.6879259707907726, 0.7257808613566309, 1.929162311274743, -1.828542093705794},
    {-0.1153568806321099, -0.9933241113004502, -6.669987523941772, 0.7746000986623433},
    {0.03446630730040716, 0.999405860329563, 1.005951172814109, -0.03469203416516176},
    {-0.5401900506755263, -0.8415430524644431, -5.436369112578549, 3.489628365197338},
    {0.1805122266867284, 0.9835727405823116, 1.148441277469414, -0.2107700667794239},
    {-0.9998781771504888, -0.01560867893883872, -0.0756069885220534, 4.843316859773471},
    {0.4109011537629452, 0.9116799009719807, 1.56678537190907, -0.7061622355938373}};
static const double tab2_t[3] = {1, 10, 20};
static const double tab2[3][4] = {
    {-0.1950203019494351, -0.9807992056621738, -6.676678036881158, 1.327578325160487},
    {0.3284581115408154, 0.944518538178601, 1.423051470206944, -0.494868845487043},
    {0.8397465743068435, 0.5429785363528847, 1.838222644196743, -2.842913789274097}};

static void test_exact_table(const db_problem *prob, double N, int nt, const double *ts,
                             const double (*tab)[4])
{
    db_mech m;
    double par[1];
    if (open_fb(prob, N, &m, par) != 0)
        return;
    int np = m.np, nl = m.nl;
    double *p = calloc((size_t)(2 * np + nl + 4 * nt + 1), sizeof *p), mu[1];
    double *v = p + np, *lam = v + np, *y = lam + nl;
    for (int k = 0; k < nt; k++) {
        CHECK(prob->exact(&m, ts[k], p, v, lam, mu) == 0, "exact at t = %g", ts[k]);
        y[4 * k] = p[0];
        y[4 * k + 1] = p[1];
        y[4 * k + 2] = v[0];
        y[4 * k + 3] = v[1];
    }
    /* the sheet's values are 16 digits of a 30-digit computation, checked to 2e-13
     * against a second implementation: 12 digits relative to the motion's scale
     * (|B_0| ≤ 1 m, |v| ≤ 7 m/s), so the bound is on the absolute error / 7 */
    int idx[36];
    double ref[36], yy[36], bound[36];
    int n = 4 * nt;
    for (int i = 0; i < n; i++) {
        idx[i] = i;
        ref[i] = 7.0;
        yy[i] = 7.0 + (y[i] - tab[i / 4][i % 4]);
        bound[i] = 12.0;
    }
    double d = pv_scd(n, idx, yy, ref);
    printf("N = %g: exact solution against the sheet's table, %d values: %.2f digits "
           "(absolute, scale 7)\n", N, n, d);
    CHECK(pv_check(n, idx, NULL, yy, ref, bound, NULL) == 0,
          "N = %g: exact solution differs from the sheet's table (%.2f digits)", N, d);
    pv_gate_test("four_bar_chain table", n, idx, yy, ref, bound, n);
    free(p);
}

/* the exact solution lies on all constraint levels, conserves the energy; λ from
 * the saddle-point system satisfies the force balance */
static void test_exact_manifold(const db_problem *prob)
{
    db_mech m;
    double par[1];
    if (open_fb(prob, 40, &m, par) != 0)
        return;
    int np = m.np, nl = m.nl;
    double *w = calloc((size_t)(3 * np + 3 * nl + np * nl), sizeof *w), mu[1];
    double *p = w, *v = p + np, *lam = v + np, *g = lam + nl, *gv = g + nl, *G = gv + nl;
    double p0[82], v0[82], l0[81], a0[82];
    m.init(&m, p0, v0, l0, mu, a0);
    double E0 = m.energy(&m, 0.0, p0, v0), emax = 0.0, gmax = 0.0, gvmax = 0.0;
    for (int k = 0; k <= 40; k++) {
        double t = 0.4937 * k;
        prob->exact(&m, t, p, v, lam, mu);
        memset(g, 0, (size_t)(2 * nl + np * nl) * sizeof *g);
        m.g(&m, t, p, g);
        m.G(&m, t, p, G);
        for (int i = 0; i < nl; i++) {
            for (int j = 0; j < np; j++)
                gv[i] += G[i + (size_t)nl * j] * v[j];
            gmax = fmax(gmax, fabs(g[i]));
            gvmax = fmax(gvmax, fabs(gv[i]));
        }
        emax = fmax(emax, fabs(m.energy(&m, t, p, v) - E0));
    }
    printf("exact solution, 41 times in [0, 20]: |g| %.1e  |Gv| %.1e  |E - E0| %.1e\n", gmax,
           gvmax, emax);
    CHECK(gmax <= 1e-13 && gvmax <= 1e-12 && emax <= 1e-10 * E0,
          "exact solution off the manifold or energy: %.2e %.2e %.2e", gmax, gvmax, emax);
    free(w);
}

/* numerical rank of G (QR with column pivoting, cut-off 1e-10 |R_11|) on the
 * parallelogram branch at rocker angle th */
static int rank_G(const db_mech *m, double th)
{
    int np = m->np, nl = m->nl, N = nl / 2, lwork = 64 * np, info = 0, r = 0;
    double *p = calloc((size_t)(np + np * nl + np + lwork), sizeof *p);
    int *jpvt = calloc((size_t)np, sizeof *jpvt);
    if (!p || !jpvt) {
        free(p);
        free(jpvt);
        return -1;
    }
    double *G = p + np, *tau = G + np * nl, *work = tau + np;
    for (int i = 0; i <= N; i++) {
        p[2 * i] = i + sin(th);
        p[2 * i + 1] = cos(th);
    }
    m->G(m, 0.0, p, G);
    dgeqp3_(&nl, &np, G, &nl, jpvt, tau, work, &lwork, &info);
    for (int i = 0; i < nl && info == 0; i++)
        r += fabs(G[i + (size_t)nl * i]) > 1e-10 * fabs(G[0]);
    free(p);
    free(jpvt);
    return info == 0 ? r : -1;
}

static void test_singular_rank(const db_problem *prob)
{
    static const double Ns[2] = {40, 2};
    for (int k = 0; k < 2; k++) {
        db_mech m;
        double par[1];
        if (open_fb(prob, Ns[k], &m, par) != 0)
            continue;
        int N = (int)Ns[k], r0 = rank_G(&m, 0.3), r1 = rank_G(&m, 2.0 * atan(1.0));
        printf("N = %d: rank G = %d at theta = 0.3, %d at the horizontal position\n", N, r0,
               r1);
        CHECK(r0 == 2 * N + 1 && r1 == N + 1, "N = %d: rank G %d, %d (want %d, %d)", N, r0, r1,
              2 * N + 1, N + 1);
    }
}


/* at the singular instant itself the exact solution has no multiplier: exact()
 * says so (nonzero, λ NaN) and still gives p, v; 1e-6 s away it succeeds.  The
 * branch test: 0 on the exact solution, >= 1 where one rocker turned back. */
static void test_exact_singular(const db_problem *prob)
{
    db_mech m;
    double par[1];
    if (open_fb(prob, 2, &m, par) != 0)
        return;
    double p[6], v[6], lam[5], mu[1];
    /* t_h1: y of joint 0 (= L cos θ) changes sign; bisection to rounding */
    double a = 0.6, b = 0.8;
    for (int it = 0; it < 200 && b - a > 0; it++) {
        double c = 0.5 * (a + b);
        if (c == a || c == b)
            break;
        prob->exact(&m, c, p, v, lam, mu);
        if (p[1] > 0)
            a = c;
        else
            b = c;
    }
    double ts = fabs(prob->exact(&m, a, p, v, lam, mu) != 0 ? a : b);
    int rc = prob->exact(&m, ts, p, v, lam, mu);
    printf("t_h1 = %.15g: exact() returns %d, lambda_1 %g, |y_0| %.1e\n", ts, rc, lam[0],
           fabs(p[1]));
    CHECK(fabs(ts - 0.71435552929296) < 1e-9, "t_h1 = %.15g", ts);
    CHECK(rc != 0 && isnan(lam[0]) && fabs(p[0] - 1.0) < 1e-12,
          "at t_h1 exact() must say no multiplier exists (rc %d, lambda %g)", rc, lam[0]);
    CHECK(prob->exact(&m, ts - 1e-6, p, v, lam, mu) == 0 && isfinite(lam[0])
              && prob->exact(&m, ts + 1e-6, p, v, lam, mu) == 0 && isfinite(lam[0]),
          "1e-6 s from t_h1 exact() succeeds");
    CHECK(m.branch_gap != NULL, "four_bar_chain has a branch test");
    if (!m.branch_gap)
        return;
    double gmax = 0.0;
    for (int k = 0; k <= 100; k++) {
        prob->exact(&m, 0.2 * k, p, v, lam, mu);
        gmax = fmax(gmax, m.branch_gap(&m, 0.2 * k, p, v));
    }
    CHECK(gmax < 1e-6, "branch test on the exact solution: %g", gmax);
    prob->exact(&m, 1.0, p, v, lam, mu);
    /* rocker 2 turned back to its mirror angle: another branch */
    double th = atan2(p[0], p[1]);
    p[4] = 2.0 - sin(th);
    CHECK(m.branch_gap(&m, 1.0, p, v) >= 1.0, "a rocker turned back: branch test %g",
          m.branch_gap(&m, 1.0, p, v));
}

int main(void)
{
    const db_problem *prob = db_problem_find("four_bar_chain");
    CHECK(prob != NULL, "four_bar_chain is not registered");
    if (!prob)
        return check_summary();
    CHECK(prob->nparams == 1 && strcmp(prob->params[0].name, "N") == 0
              && prob->params[0].def == 2 && prob->params[0].integer && prob->exact,
          "parameter N (2), exact solution");
    db_mech m;
    double pars[1];
    CHECK(db_mech_setup_default(prob, 0, &m, pars) == 0 && m.t0 == 0.0 && m.tend == 20.0
              && m.np == 6 && m.nl == 5 && (m.flags & DB_MASS_CONST)
              && (m.flags & DB_SINGULAR_POS),
          "default setup: [0, 20], np 6, nl 5 (N = 2), constant mass, flagged singular");
    double bad[1] = {0};
    char err[200] = "";
    CHECK(prob->setup(&m, 0, bad, err, sizeof err) != 0 && strstr(err, "N"),
          "N = 0 is refused: '%s'", err);
    test_initial_values(prob);
    test_derivatives(prob);
    test_formulations(prob);
    test_exact_table(prob, 40, 9, tab40_t, tab40);
    test_exact_table(prob, 2, 3, tab2_t, tab2);
    test_exact_manifold(prob);
    test_singular_rank(prob);
    test_exact_singular(prob);
    return check_summary();
}
