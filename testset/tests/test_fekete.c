/* test_fekete.c — tests of the problem "fekete" (testset/fekete.c) against
 * ../shared/models/fekete.md:
 *   - parameters (N, alpha); the test set's initial positions for N = 20 (sheet §5,
 *     40-digit values rounded to 17 digits), v = 0, λ = (N − 1)/4 = 4.75 (sheet
 *     §4.2 in project sign), consistency on every level also for other N;
 *   - every analytic derivative against finite differences (N = 20 and 5);
 *   - the sizes of the six formulations;
 *   - the published reference at t = 1000 (sheet §6) as the test set measures it:
 *     relative error of the 60 positions only, each bounded by the digits the
 *     published value is good to (sheet §6.1, per particle), capped by our own
 *     run's accuracy; the check is shown to go red on a corrupted last position. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"
#include "testset/tests/mechtest.h"
#include "testset/tests/published.h"

#ifndef TOL
#define TOL 1e-13
#endif
/* our own accuracy: radau5 GGL at 1e-13 agrees with the sheet's long-double end
 * state to scd 11.1 (measured; at 1e-12: 10.4), so the bounds are
 * min(published digits, 11.0) − 0.3; the published set scores 10.42 against it,
 * its own accuracy (sheet: 10.4). */
#define CAP_OWN 11.0

/* sheet §5: initial positions for N = 20 */
static const double p0_sheet[60] = {
    -2.6509413328394132e-1, 2.7599222797963387e-1, 9.2387953251128676e-1,
    -1.0646921403545861e-1, -3.6757436780792801e-1, 9.2387953251128676e-1,
    3.7156334731939992e-1, 9.1582139828294142e-2, 9.2387953251128676e-1,
    4.9455643280174586e-1, 7.8036358536754263e-1, 3.8268343236508977e-1,
    -3.017619265164502e-1, 8.7320852624006957e-1, 3.8268343236508977e-1,
    -8.7084740034624835e-1, 3.0850963664601276e-1, 3.8268343236508977e-1,
    -7.8416701966570095e-1, -4.8850330179220483e-1, 3.8268343236508977e-1,
    -1.0699287908479462e-1, -9.1766329032953055e-1, 3.8268343236508977e-1,
    6.5074908170395288e-1, -6.558041043289801e-1, 3.8268343236508977e-1,
    9.1846371110749538e-1, 9.9888948197090516e-2, 3.8268343236508977e-1,
    6.8269337545084339e-2, 9.1099099925882058e-1, -4.0673664307580021e-1,
    -7.5480667920456717e-1, 5.1461848024298809e-1, -4.0673664307580021e-1,
    -8.2307601674965151e-1, -3.9637251901583249e-1, -4.0673664307580021e-1,
    -6.8269337545084339e-2, -9.1099099925882058e-1, -4.0673664307580021e-1,
    7.5480667920456717e-1, -5.1461848024298809e-1, -4.0673664307580021e-1,
    8.2307601674965151e-1, 3.9637251901583249e-1, -4.0673664307580021e-1,
    5.7777709139441655e-1, 1.0800525668843308e-1, -8.0901699437494742e-1,
    -1.0800525668843308e-1, 5.7777709139441655e-1, -8.0901699437494742e-1,
    -5.7777709139441655e-1, -1.0800525668843308e-1, -8.0901699437494742e-1,
    1.0800525668843308e-1, -5.7777709139441655e-1, -8.0901699437494742e-1,
};


/* sheet §6.1: the sheet's own long-double end state (about 1e-16 absolute) */
static const double ref_ld[60] = {
    -4.070263380331287e-01, 3.463758772817202e-01, 8.451942450020942e-01,
    7.752934752463822e-02, -2.628662719949944e-01, 9.617122871835722e-01,
    7.100577833343152e-01, 1.212948055594352e-01, 6.936177005171202e-01,
    2.348267744564946e-01, 7.449277976935609e-01, 6.244509285938967e-01,
    -4.341114738772803e-01, 8.785430442272952e-01, 1.992720444215198e-01,
    -9.515059600310507e-01, 2.203508762803714e-01, 2.146669498266118e-01,
    -6.385191643616800e-01, -4.310833259367533e-01, 6.375425027730848e-01,
    -1.464175087926517e-01, -9.380871635219493e-01, 3.139337298767005e-01,
    5.666974065060516e-01, -6.739221885071904e-01, 4.740073135480019e-01,
    9.843259538438373e-01, -1.696995357833054e-01, -4.800504290541262e-02,
    1.464175087926517e-01, 9.380871635219494e-01, -3.139337298767005e-01,
    -7.092757549971387e-01, 5.264062637136828e-01, -4.688542938869596e-01,
    -8.665731819289951e-01, -4.813878059748725e-01, -1.315929352972842e-01,
    -2.347897778709711e-01, -8.594340408021290e-01, -4.541441287937392e-01,
    5.530976940065723e-01, -7.674370265629661e-01, -3.242273140017748e-01,
    7.711050969904513e-01, 6.357041816568580e-01, 3.573685519643689e-02,
    7.103951209384287e-01, 2.403570431255893e-01, -6.614886725914503e-01,
    -3.038208738657144e-02, 4.501923293619195e-01, -8.924145871453042e-01,
    -5.772996158107085e-01, -1.766763414984148e-01, -7.971892020966815e-01,
    2.414481766967355e-01, -3.416456818398066e-01, -9.082846503437321e-01,
};


static int open_fk(const db_problem *prob, double N, db_mech *m, double par[2])
{
    char err[200] = "";
    par[0] = N;
    par[1] = 0.5;
    int rc = prob->setup(m, 0, par, err, sizeof err);
    CHECK(rc == 0, "setup N = %g: %s", N, err);
    return rc;
}

static void test_initial_values(const db_problem *prob)
{
    static const double Ns[4] = {20, 2, 7, 50};
    for (int k = 0; k < 4; k++) {
        db_mech m;
        double par[2];
        if (open_fk(prob, Ns[k], &m, par) != 0)
            continue;
        int N = (int)Ns[k];
        double *p = calloc((size_t)(4 * m.np + m.nl), sizeof *p), mu[1], res[6];
        double *v = p + m.np, *a = v + m.np, *lam = a + m.np;
        m.init(&m, p, v, lam, mu, a);
        if (N == 20) {
            double e = 0.0, el = 0.0;
            for (int i = 0; i < 60; i++)
                e = fmax(e, fabs(p[i] - p0_sheet[i]));
            for (int i = 0; i < 20; i++)
                el = fmax(el, fabs(lam[i] - 4.75));
            CHECK(e <= 2e-15, "N = 20: positions differ from sheet §5 by %.2e", e);
            CHECK(el <= 4e-15, "N = 20: lambda differs from 4.75 by %.2e", el);
        }
        double vmax = 0.0;
        for (int i = 0; i < m.nv; i++)
            vmax = fmax(vmax, fabs(v[i]));
        CHECK(vmax == 0.0, "N = %d: at rest", N);
        double r = db_mech_init_check(&m, res);
        printf("init_check N = %d: g %.1e  Gv %.1e  Ga+k %.1e  balance %.1e\n", N, res[0],
               res[1], res[2], res[5]);
        CHECK(r <= 1e-13 * N, "N = %d: init residual %.3e", N, r);
        free(p);
    }
}

static void test_derivatives(const db_problem *prob)
{
    static const double Ns[2] = {20, 5};
    for (int k = 0; k < 2; k++) {
        db_mech m;
        double par[2];
        if (open_fk(prob, Ns[k], &m, par) != 0)
            continue;
        int np = m.np, nl = m.nl;
        double *p = calloc((size_t)(6 * np + 2 * nl), sizeof *p), mu[1];
        double *v = p + np, *a = v + np, *lam = a + np, *q = lam + nl, *w = q + np,
               *l = w + np;
        m.init(&m, p, v, lam, mu, a);
        double e = db_mech_fdcheck(&m, 0.0, p, v, lam, mu, k == 0 ? stdout : NULL);
        CHECK(e <= 1e-7, "N = %g: fdcheck at the initial state %.3e", Ns[k], e);
        unsigned seed = 99u + (unsigned)k;
        for (int rep = 0; rep < 3; rep++) {
            mt_perturbed_state(&seed, np, p, 0.1, 2.0, nl, 10.0, q, w, l);
            e = db_mech_fdcheck(&m, 10.0 * rep, q, w, l, mu, NULL);
            CHECK(e <= 1e-7, "N = %g: fdcheck at perturbed state %d: %.3e", Ns[k], rep, e);
        }
        free(p);
    }
}

static void test_formulations(const db_problem *prob)
{
    db_mech m;
    double par[2];
    if (open_fk(prob, 20, &m, par) != 0)
        return;
    static const int n_exp[DB_NFORMS] = {140, 140, 140, 160, 140, 140};
    static const int neq_exp[DB_NFORMS] = {140, 140, 140, 160, 160, 180};
    mt_check_dims(&m, n_exp, neq_exp, 0, 1e-13);
}

/* the published positions: GGL is the test set's own stabilised index-2 form */
static void test_published(const db_problem *prob)
{
    db_mech m;
    double par[2];
    if (open_fk(prob, 20, &m, par) != 0)
        return;
    const db_solver *s = db_solver_find("radau5");
    db_dae d;
    char msg[256] = "";
    if (!s || db_dae_build(&d, &m, DB_GGL, msg, sizeof msg) != 0) {
        CHECK(0, "radau5 / build GGL: %s", msg);
        return;
    }
    double t[1] = {m.tend}, *y = calloc((size_t)d.n, sizeof *y);
    db_counters c;
    db_status st = mt_integrate(s, &d, TOL, 200000, 1, t, y, &c, msg, sizeof msg);
    printf("radau5 GGL tol %g to t = 1000: %s, %ld steps %s\n", TOL, db_status_name(st),
           c.steps, msg);
    CHECK(st == DB_OK, "radau5 GGL: %s", msg);
    if (st == DB_OK) {
        const db_published *pub = prob->published;
        CHECK(pub && pub->n == 60, "the published positions y(1000), 60 components");
        if (!pub || pub->n != 60) {
            free(y);
            db_dae_free(&d);
            return;
        }
        int idx[60];
        double bound[60], pos[60];
        pub->map(&m, y + d.off_p, y + d.off_v, y + d.off_l, y + d.off_l, pos);
        for (int i = 0; i < 60; i++) {
            idx[i] = i;
            bound[i] = fmin(pub->digits[i], CAP_OWN) - 0.3;
        }
        double own = pv_scd(60, idx, pos, ref_ld);
        printf("against the sheet's long-double solution: scd %.2f (60 positions)\n", own);
        CHECK(own >= CAP_OWN - 0.2, "our run is good to %.2f digits only", own);
        printf("against the published reference: scd %.2f (60 positions)\n",
               pv_scd(60, idx, pos, pub->values));
        CHECK(pv_check(60, idx, NULL, pos, pub->values, bound, stdout) == 0,
              "a position agrees with the published value to fewer digits than it is good to");
        pv_gate_test("fekete", 60, idx, pos, pub->values, bound, 60);
    }
    free(y);
    db_dae_free(&d);
}

int main(void)
{
    const db_problem *prob = db_problem_find("fekete");
    CHECK(prob != NULL, "fekete is not registered");
    if (!prob)
        return check_summary();
    CHECK(prob->nparams == 2 && strcmp(prob->params[0].name, "N") == 0
              && prob->params[0].def == 20 && prob->params[0].integer
              && prob->params[1].def == 0.5,
          "parameters N (20), alpha (0.5)");
    db_mech m;
    double pars[2];
    CHECK(db_mech_setup_default(prob, 0, &m, pars) == 0 && m.t0 == 0.0 && m.tend == 1000.0
              && m.np == 60 && m.nl == 20 && !(m.flags & DB_RHEONOMIC),
          "default setup: [0, 1000], np 60, nl 20, scleronomic");
    double bad[2] = {1.5, 0.5};
    char err[200] = "";
    CHECK(prob->setup(&m, 0, bad, err, sizeof err) != 0 && strstr(err, "N"),
          "N = 1.5 is refused: '%s'", err);
    test_initial_values(prob);
    test_derivatives(prob);
    test_formulations(prob);
    test_published(prob);
    return check_summary();
}
