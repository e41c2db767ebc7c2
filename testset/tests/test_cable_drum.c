/* test_cable_drum.c — the cable drum with dry friction (testset/cable_drum.c):
 * analytic derivatives (incl. ∂f/∂λ) against finite differences, consistent initial
 * values against the exact fractions of the fact sheet (MEXX (5.4) with a1 using −λ3),
 * the exact solution against the sheet's table at t = 4 for several μ, the switching
 * function, the singular μ = 1.1, the dimensions of the six formulations, and radau5
 * on GGL / EoM1 / EoM0 against the exact solution.
 * Sources: seed 001 §5.1; ../shared/models/cable_drum.md §3, §4. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

enum { NP = 4, NL = 3 };

/* sheet §4 table: μ, y1(4), y1'(4) (p1 = v1 = 0) */
static const double EXACT4[][3] = {
    { 0.0, -6.46583212387666, -3.04856071601121 },
    { 0.125, -6.30096195653575, -2.97299059364423 },
    { 0.25, -6.08687370507929, -2.87468761425771 },
    { 0.5, -5.38538154196924, -2.55121820483590 },
    { 0.75, -3.64477472137803, -1.73965894847300 },
    { 1.0, 8.0, 4.0 },
    { 1.25, -16.2075407129333, -7.29874321451112 },
    { 1.5, -11.0791886101139, -5.11510142373577 },
};

static int setup_mu(const db_problem *pb, double *par, double mu, db_mech *m)
{
    char err[256] = "";
    par[0] = mu;
    return pb->setup(m, 0, par, err, sizeof err);
}

static void test_init_and_derivatives(const db_problem *pb)
{
    db_mech m;
    double par[1];
    double p[NP], v[NP], lam[NL], mu[1] = { 0 }, a[NP], res[6];

    CHECK(db_mech_setup_default(pb, 0, &m, par) == 0, "setup default");
    CHECK(par[0] == 0.25, "default mu = %g", par[0]);
    CHECK(m.np == NP && m.nl == NL && m.nm == 0 && m.t0 == 0 && m.tend == 4, "dimensions, span");
    CHECK((m.flags & DB_F_LAMBDA) && (m.flags & DB_NONSMOOTH), "flags");

    m.init(&m, p, v, lam, mu, a);
    double r = db_mech_init_check(&m, res);
    CHECK(r <= 1e-12, "init residual %.2e", r);
    /* sheet §3, exact fractions for μ = 0.25 */
    const double lam_ex[NL] = { 21.0 / 34, -42.0 / 17, -25.0 / 17 };
    const double a_ex[NP] = { -29.0 / 34, 0, 0, -29.0 / 34 };
    const double p_ex[NP] = { 0, 0, 1, -1 };
    for (int i = 0; i < NL; i++)
        CHECK(fabs(lam[i] - lam_ex[i]) <= 1e-14, "lambda%d(0) = %.17g, want %.17g", i + 1, lam[i],
              lam_ex[i]);
    for (int i = 0; i < NP; i++) {
        CHECK(fabs(a[i] - a_ex[i]) <= 1e-14, "a%d(0) = %.17g, want %.17g", i + 1, a[i], a_ex[i]);
        CHECK(p[i] == p_ex[i] && v[i] == 0.0, "p%d, v%d at t0", i + 1, i + 1);
    }

    /* derivatives at t0 and at perturbed states, for two friction coefficients */
    const double mus[2] = { 0.25, 1.25 };
    for (int k = 0; k < 2; k++) {
        CHECK(setup_mu(pb, par, mus[k], &m) == 0, "setup mu = %g", mus[k]);
        m.init(&m, p, v, lam, mu, a);
        r = db_mech_init_check(&m, res);
        CHECK(r <= 1e-12, "init residual mu = %g: %.2e", mus[k], r);
        double e = db_mech_fdcheck(&m, 0.0, p, v, lam, mu, k == 0 ? stdout : NULL);
        CHECK(e <= 1e-7, "fdcheck mu = %g at t0: %.2e", mus[k], e);
        for (int j = 0; j < 3; j++) {
            double pp[NP], vv[NP], ll[NL];
            for (int i = 0; i < NP; i++) {
                pp[i] = p[i] + 0.3 * (i + 1) * (j + 1) - 0.5;
                vv[i] = v[i] - 0.7 * (i + 1) + j;
            }
            for (int i = 0; i < NL; i++) ll[i] = lam[i] + 0.5 * (i - j);
            e = db_mech_fdcheck(&m, 0.7 * j, pp, vv, ll, mu, NULL);
            CHECK(e <= 1e-7, "fdcheck mu = %g perturbed %d: %.2e", mus[k], j, e);
        }
    }

    /* switching function: sliding velocity r2 α2' (r2 = 1) */
    double s = 1.0;
    v[3] = -0.75;
    m.switching(&m, 0.0, p, v, lam, mu, &s);
    CHECK(m.nswitch == 1 && s == -0.75, "switching function = r2 alpha2' (%g)", s);

    /* μ = 1.1 makes [M, Gᵀ − F; G, 0] singular (sheet §6.3) */
    CHECK(setup_mu(pb, par, 1.1, &m) != 0, "mu = 1.1 rejected");
}

static void test_exact(const db_problem *pb)
{
    db_mech m;
    double par[1], p[NP], v[NP], lam[NL], mu[1] = { 0 }, a[NP];
    double pe[NP], ve[NP], le[NL], res[3];
    CHECK(pb->exact != NULL, "exact solution present");
    if (!pb->exact) return;
    for (size_t k = 0; k < sizeof EXACT4 / sizeof EXACT4[0]; k++) {
        if (setup_mu(pb, par, EXACT4[k][0], &m) != 0) {
            CHECK(0, "setup mu = %g", EXACT4[k][0]);
            continue;
        }
        pb->exact(&m, 4.0, pe, ve, le, mu);
        CHECK(fabs(pe[0] - EXACT4[k][1]) <= 1e-12 * fmax(1, fabs(EXACT4[k][1])),
              "mu = %g: y1(4) = %.15g, sheet %.15g", EXACT4[k][0], pe[0], EXACT4[k][1]);
        CHECK(fabs(ve[0] - EXACT4[k][2]) <= 1e-12 * fmax(1, fabs(EXACT4[k][2])),
              "mu = %g: y1'(4) = %.15g, sheet %.15g", EXACT4[k][0], ve[0], EXACT4[k][2]);
        CHECK(pe[1] == 0 && pe[2] == 1 && fabs(pe[3] - (pe[0] - 1)) <= 1e-14,
              "mu = %g: x2, y2, alpha2 at t = 4", EXACT4[k][0]);
        /* the exact state is consistent on all levels, its λ from the closed forms */
        db_mech_residuals(&m, 4.0, pe, ve, le, mu, NULL, res);
        CHECK(res[0] <= 1e-13 && res[1] <= 1e-13 && res[2] <= 1e-12,
              "mu = %g: exact solution residuals %.1e %.1e %.1e", EXACT4[k][0], res[0], res[1],
              res[2]);
        /* at t0 it agrees with init (closed-form λ vs augmented solve) */
        m.init(&m, p, v, lam, mu, a);
        pb->exact(&m, 0.0, pe, ve, le, mu);
        for (int i = 0; i < NL; i++)
            CHECK(fabs(le[i] - lam[i]) <= 1e-13 * fmax(1, fabs(lam[i])),
                  "mu = %g: lambda%d exact %.15g, init %.15g", EXACT4[k][0], i + 1, le[i], lam[i]);
    }
}

static void test_formulations(const db_problem *pb)
{
    db_mech m;
    double par[1];
    static const int n_exp[DB_NFORMS] = { 11, 11, 11, 14, 11, 11 };
    static const int neq_exp[DB_NFORMS] = { 11, 11, 11, 14, 14, 17 };
    if (db_mech_setup_default(pb, 0, &m, par) != 0) return;
    for (int f = 0; f < DB_NFORMS; f++) {
        db_dae d;
        char err[256] = "";
        int rc = db_dae_build(&d, &m, (db_form)f, err, sizeof err);
        CHECK(rc == 0, "build %s: %s", db_form_name((db_form)f), err);
        if (rc != 0) continue;
        CHECK(d.n == n_exp[f] && d.neq == neq_exp[f], "%s: n = %d (want %d), neq = %d (want %d)",
              db_form_name((db_form)f), d.n, n_exp[f], d.neq, neq_exp[f]);
        CHECK(d.off_a == -1 && d.off_l == 8 && d.off_eta == (f == DB_GGL ? 11 : -1),
              "%s layout", db_form_name((db_form)f));
        db_dae_free(&d);
    }
}

/* radau5 against the exact solution at t = 4 */
static void test_radau5(const db_problem *pb)
{
    const db_solver *s = db_solver_find("radau5");
    CHECK(s != NULL, "radau5 registered");
    if (!s) return;
    const db_form forms[3] = { DB_GGL, DB_EOM1, DB_EOM0 };
    const double mus[2] = { 0.25, 1.25 };
    for (int k = 0; k < 2; k++) {
        db_mech m;
        double par[1], pe[NP], ve[NP], le[NL], mu[1] = { 0 };
        if (setup_mu(pb, par, mus[k], &m) != 0) continue;
        pb->exact(&m, 4.0, pe, ve, le, mu);
        for (int j = 0; j < 3; j++) {
            db_dae d;
            char err[256] = "", msg[256] = "";
            double y[32], tout = 4.0;
            if (db_dae_build(&d, &m, forms[j], err, sizeof err) != 0) {
                CHECK(0, "build %s: %s", db_form_name(forms[j]), err);
                continue;
            }
            db_output out = { 1, &tout, y, NULL };
            db_solver_opts o;
            db_counters c;
            memset(&o, 0, sizeof o);
            memset(&c, 0, sizeof c);
            o.rtol = o.atol = 1e-8;
            db_status st = s->integrate(&d, &o, &out, &c, msg, sizeof msg);
            CHECK(st == DB_OK, "radau5(%s) mu = %g: %s %s", db_form_name(forms[j]), mus[k],
                  db_status_name(st), msg);
            if (st == DB_OK) {
                double ep = 0, ev = 0, el = 0;
                for (int i = 0; i < NP; i++) {
                    ep = fmax(ep, fabs(y[d.off_p + i] - pe[i]));
                    ev = fmax(ev, fabs(y[d.off_v + i] - ve[i]));
                }
                for (int i = 0; i < NL; i++) el = fmax(el, fabs(y[d.off_l + i] - le[i]));
                printf("radau5(%s) mu = %g tol 1e-8: %ld steps, %ld rejected; err p %.1e v %.1e "
                       "lambda %.1e\n", db_form_name(forms[j]), mus[k], c.steps, c.rejected, ep,
                       ev, el);
                CHECK(ep <= 1e-6 && ev <= 1e-6, "radau5(%s) mu = %g: err p %.1e v %.1e",
                      db_form_name(forms[j]), mus[k], ep, ev);
                CHECK(el <= 1e-4, "radau5(%s) mu = %g: err lambda %.1e", db_form_name(forms[j]),
                      mus[k], el);
            }
            db_dae_free(&d);
        }
    }
}

int main(void)
{
    const db_problem *pb = db_problem_find("cable_drum");
    CHECK(pb != NULL, "cable_drum registered");
    if (!pb) return check_summary();
    CHECK(pb->nparams == 1 && strcmp(pb->params[0].name, "mu") == 0 &&
          pb->params[0].def == 0.25 && pb->params[0].min == 0 && pb->params[0].max == 1.5,
          "parameter mu");
    test_init_and_derivatives(pb);
    test_exact(pb);
    test_formulations(pb);
    test_radau5(pb);
    return check_summary();
}
