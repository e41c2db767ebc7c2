/* test_bricard.c — tests of the problem "bricard" (testset/bricard.c) against
 * ../shared/models/bricard.md:
 *   - parameter h (0.1); the initial values of sheet §5: q0, v0 = 0, the
 *     accelerations α q'(0) with α = g/(5 + h²), the minimum-norm λ0 of the sheet's
 *     table (and, with the redundant row's share restored, the table's second
 *     column), consistency on every level; E0 = −29.43 J;
 *   - every analytic derivative against finite differences;
 *   - the sizes of the six formulations;
 *   - G has rank 23 (one redundant constraint) at q0 and along the exact motion;
 *   - the exact solution: P3 and its velocity against the sheet's table §7.2 (the
 *     library's reference file is not public, sheet §7.1), gate shown red on a
 *     corrupted last value; on all constraint levels; energy conserved. */
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

#define NQ 24

/* sheet §5: minimum-norm λ0 */
static const double lam0_mn[NQ] = {
    4.98283383233533,  -23.13525,         3.34457035928144,  1.71283383233533,
    13.32525,          1.71283383233533,  4.65648652694611,  -3.34783383233533,
    -0.24525,          3.35109730538922,  -3.84159730538922, 4.65975,
    -3.02475,          4.66301347305389,  -2.20333383233533, 3.83833383233533,
    14.1466661676647,  -3.83507035928144, 3.02475,           -2.20333383233533,
    0, 0, 0, 0};
/* sheet §5: λ0 with d4·u4 removed */
static const double lam0_rm[NQ] = {
    0.319820359281437, -27.7982634730539, -1.31844311377246,  -2.95017964071856,
    17.9882634730539,  -2.95017964071856, -0.00652694610778443, 1.31517964071856,
    -4.90826347305389, -1.31191616766467, -8.50461077844311,  -0.00326347305389222,
    1.63826347305389,  0,                 -6.86634730538922,  8.50134730538922,
    9.48365269461078,  -8.49808383233533, -1.63826347305389,  -6.86634730538922,
    0, 0, 0, 0};

/* sheet §7.2: t, P3 (x, y, z), P3' */
static const double tab[15][7] = {
    {0, 1, -1, 0, 0, 0, 0},
    {0.25, 0.9400569683411281, -0.9983080639607659, -0.05814644813664364, -0.4695980227082,
     0.02571218857321, -0.4414488935661},
    {0.5, 0.7747178080392334, -0.979815047655669, -0.1999061589534427, -0.8269399228049,
     0.1307072170165, -0.6406450843756},
    {1, 0.274481319264623, -0.886707938734672, -0.462330002687376, -1.094919452414,
     0.1566990793703, -0.300534935787},
    {1.5, -0.2790175754210936, -0.8873613788327525, -0.4610745963030672, -1.094262510881,
     -0.1586440371237, 0.3053184726602},
    {2, -0.7781353730332909, -0.9803526834432566, -0.1972526706171706, -0.8223592716499,
     -0.1287529834867, 0.6399068386127},
    {2.5, -0.9999831852927911, -0.9999999998586352, -1.681456584173382e-5, 0.0081146845547,
     1.364426034682e-7, -0.008114548108655},
    {3, -0.77128135896861, -0.9792693298398003, -0.2025625326537671, 0.8314726772005,
     0.1326532159416, -0.6412993764165},
    {4, 0.283551079081743, -0.8880228141230467, -0.4597993927757896, 1.093591073001,
     -0.1605574754522, 0.3100889288235},
    {5, 0.9999327423021171, -0.9999999977383532, -6.725543608396187e-5, -0.01622882331418,
     1.09140318139e-6, -0.01622773180088},
    {6, 0.2654007873586556, -0.8854255620147382, -0.4647812110347028, -1.096190618736,
     0.1527160896945, -0.2909298533077},
    {7.5, -0.9998486744208517, -0.9999999885520171, -0.0001513141294328548, 0.0243418704758,
     3.682711609168e-6, -0.02433818692816},
    {8, -0.7643526022336557, -0.978153794409671, -0.2078825497293195, 0.8403946152251,
     0.136517366045, -0.6423578110504},
    {9, 0.2926095861377196, -0.8893691432776403, -0.4571898150501562, 1.092203909327,
     -0.164288349282, 0.3195893338862},
    {10, 0.9997309873038353, -0.9999999638258173, -0.0002689765122493062, -0.0324532802223,
     8.726822183338e-6, -0.03244454987789}};

/* numerical rank of A (m×n) by QR with column pivoting, cut-off 1e-10 |R_11| */
static int rank_of(int m, int n, const double *A)
{
    int lwork = 64 * n, info = 0, r = 0;
    double *a = malloc((size_t)(m * n + n + lwork) * sizeof *a);
    int *jpvt = calloc((size_t)n, sizeof *jpvt);
    if (!a || !jpvt) {
        free(a);
        free(jpvt);
        return -1;
    }
    memcpy(a, A, (size_t)(m * n) * sizeof *a);
    dgeqp3_(&m, &n, a, &m, jpvt, a + m * n, a + m * n + n, &lwork, &info);
    for (int i = 0; i < m && i < n && info == 0; i++)
        r += fabs(a[i + (size_t)m * i]) > 1e-10 * fabs(a[0]);
    free(a);
    free(jpvt);
    return info == 0 ? r : -1;
}

static int rank_G(const db_mech *m, const double *p)
{
    double G[NQ * NQ] = {0};
    m->G(m, 0.0, p, G);
    return rank_of(NQ, NQ, G);
}

static void test_initial_values(const db_mech *m)
{
    double p[NQ], v[NQ], a[NQ], lam[NQ], mu[1], res[6];
    m->init(m, p, v, lam, mu, a);
    double al = 9.81 / (5.0 + 0.01);
    static const double adir[NQ] = {0, 0, -1, -1, 0, -1, 0, -1, -1, 0, 0, -1,
                                    1, 0, 0,  0,  -1, -1, 1, 0, 1,  0, -1, 0};
    double ea = 0.0, el = 0.0;
    for (int i = 0; i < NQ; i++) {
        ea = fmax(ea, fabs(a[i] - al * adir[i]));
        el = fmax(el, fabs(lam[i] - lam0_mn[i]));
    }
    printf("a0 vs alpha q'(0): %.1e; lambda0 vs the sheet's minimum-norm column: %.1e\n", ea,
           el);
    CHECK(ea <= 1e-13, "a0 differs from g/(5+h^2) q'(0) by %.2e", ea);
    CHECK(el <= 1e-12, "lambda0 differs from the sheet's minimum-norm values by %.2e", el);
    /* the table's other column is the same force: λ_rm − λ_mn is a null vector of Gᵀ */
    double G[NQ * NQ] = {0}, d[NQ], r = 0.0;
    m->G(m, m->t0, p, G);
    for (int i = 0; i < NQ; i++)
        d[i] = lam0_rm[i] - lam0_mn[i];
    for (int j = 0; j < NQ; j++) {
        double s = 0.0;
        for (int i = 0; i < NQ; i++)
            s += G[i + NQ * j] * d[i];
        r = fmax(r, fabs(s));
    }
    CHECK(r <= 1e-12, "G^T (lambda_rm - lambda_mn) = %.2e: the two columns of the sheet do "
                      "not differ by a self-stress", r);
    double e = db_mech_init_check(m, res);
    printf("init_check: g %.1e  Gv %.1e  Ga+k %.1e  balance %.1e\n", res[0], res[1], res[2],
           res[5]);
    CHECK(e <= 1e-13, "init residual %.3e", e);
    CHECK(fabs(m->energy(m, 0.0, p, v) + 29.43) <= 1e-13, "E0 = -29.43 J");
    CHECK(rank_G(m, p) == 23, "rank G(q0) = %d, want 23", rank_G(m, p));
}

static void test_derivatives(const db_mech *m)
{
    double p[NQ], v[NQ], a[NQ], lam[NQ], mu[1];
    m->init(m, p, v, lam, mu, a);
    double e = db_mech_fdcheck(m, 0.0, p, v, lam, mu, stdout);
    CHECK(e <= 1e-7, "fdcheck at the initial state %.3e", e);
    unsigned seed = 4u;
    for (int rep = 0; rep < 4; rep++) {
        double q[NQ], w[NQ], l[NQ];
        mt_perturbed_state(&seed, NQ, p, 0.3, 3.0, NQ, 20.0, q, w, l);
        e = db_mech_fdcheck(m, 1.0, q, w, l, mu, NULL);
        CHECK(e <= 1e-7, "fdcheck at perturbed state %d: %.3e", rep, e);
    }
}

static void test_formulations(const db_mech *m)
{
    static const int n_exp[DB_NFORMS] = {72, 72, 72, 96, 72, 72};
    static const int neq_exp[DB_NFORMS] = {72, 72, 72, 96, 96, 120};
        /* EoM0/oEoM0 carry λ' through the singular saddle-point matrix: 1.6e-12 */
    mt_check_dims(m, n_exp, neq_exp, 0, 1e-11);
}

static void test_exact(const db_problem *prob, const db_mech *m)
{
    double p[NQ], v[NQ], lam[NQ], mu[1], y[15 * 6], ref[15 * 6], bound[15 * 6];
    int idx[15 * 6];
    double gmax = 0.0, gvmax = 0.0, emax = 0.0, E0 = -29.43;
    int rmin = NQ, rmax = 0;
    for (int k = 0; k < 15; k++) {
        CHECK(prob->exact(m, tab[k][0], p, v, lam, mu) == 0, "exact at t = %g", tab[k][0]);
        for (int c = 0; c < 3; c++) {
            y[6 * k + c] = p[3 + c];
            y[6 * k + 3 + c] = v[3 + c];
        }
        double g[NQ] = {0}, G[NQ * NQ] = {0};
        m->g(m, tab[k][0], p, g);
        m->G(m, tab[k][0], p, G);
        for (int i = 0; i < NQ; i++) {
            double s = 0.0;
            for (int j = 0; j < NQ; j++)
                s += G[i + NQ * j] * v[j];
            gmax = fmax(gmax, fabs(g[i]));
            gvmax = fmax(gvmax, fabs(s));
        }
        emax = fmax(emax, fabs(m->energy(m, tab[k][0], p, v) - E0));
        int r = rank_of(NQ, NQ, G);
        rmin = r < rmin ? r : rmin;
        rmax = r > rmax ? r : rmax;
    }
    /* the table: positions to 16 digits, velocities to 12-13 (sheet §7.2: printed
     * with 13 places, e.g. −0.300534935787), methods A and C agree to 3.6e-14 /
     * 6.5e-14; absolute errors on the motion's scale 1 m (1 m/s): 12 digits
     * (measured 12.3, the rounding of the printed velocities) */
    for (int i = 0; i < 90; i++) {
        idx[i] = i;
        ref[i] = 1.0;
        y[i] = 1.0 + (y[i] - tab[i / 6][1 + i % 6]);
        bound[i] = 12.0;
    }
    printf("exact solution against the sheet's table (P3, P3', 15 times): %.2f digits "
           "(absolute); |g| %.1e |Gv| %.1e |E - E0| %.1e; rank G in [%d, %d]\n",
           pv_scd(90, idx, y, ref), gmax, gvmax, emax, rmin, rmax);
    CHECK(pv_check(90, idx, NULL, y, ref, bound, NULL) == 0,
          "exact solution differs from the sheet's table");
    pv_gate_test("bricard table", 90, idx, y, ref, bound, 90);
    CHECK(gmax <= 1e-14 && gvmax <= 1e-13 && emax <= 1e-12,
          "exact solution off the manifold / energy: %.2e %.2e %.2e", gmax, gvmax, emax);
    CHECK(rmin == 23 && rmax == 23, "rank G along the motion in [%d, %d], want 23", rmin, rmax);
}

int main(void)
{
    const db_problem *prob = db_problem_find("bricard");
    CHECK(prob != NULL, "bricard is not registered");
    if (!prob)
        return check_summary();
    CHECK(prob->nparams == 1 && strcmp(prob->params[0].name, "h") == 0
              && prob->params[0].def == 0.1 && prob->exact,
          "parameter h (0.1), exact solution");
    db_mech m;
    double pars[1];
    CHECK(db_mech_setup_default(prob, 0, &m, pars) == 0 && m.t0 == 0.0 && m.tend == 10.0
              && m.np == NQ && m.nl == NQ && (m.flags & DB_MASS_CONST)
              && (m.flags & DB_REDUNDANT),
          "default setup: [0, 10], np 24, nl 24, constant mass, flagged redundant");
    double bad[1] = {0};
    char err[200] = "";
    db_mech m2;
    CHECK(prob->setup(&m2, 0, bad, err, sizeof err) != 0 && strstr(err, "h"),
          "h = 0 is refused: '%s'", err);
    test_initial_values(&m);
    test_derivatives(&m);
    test_formulations(&m);
    test_exact(prob, &m);
    prob->teardown(&m);
    return check_summary();
}
