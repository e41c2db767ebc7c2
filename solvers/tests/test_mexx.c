/* test_mexx.c — MEXX (solvers/mexx.c, seed 001 ch. 2) on the pendulum with its exact
 * solution (shared/models/pendulum.md §3): the error falls with the tolerance,
 * constraint residuals are at rounding level after projection, dense output is
 * accurate, the zeros of p1 and v1 (multiples of a quarter period, sheet §4:
 * T = 1.7602132209009869 for v10 = 2.8) are located; the cable drum (MEXX
 * Table 5.1, sheet cable_drum.md §4/§5): the modified discretization (2.2) keeps
 * working for μ > 1; the standard one (2.1) fails for μ = 1.25, 1.5 as MEXX does
 * (the λ recursion's spectral radius (10/11) μ exceeds 1, seed 001 (2.5b)) instead
 * of returning ok with an error far above the tolerance. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/mexx.h"
#include "solvers/solver.h"
#include "solvers/tests/pendulum_ref.h"

#define NT 51

/* errors in p, v, λ over the grid against the exact solution; residuals */
static db_status run_pend(const db_problem *pr, const db_mech *m, db_form f, double tol,
                          const char *variant, double err[3], double res[2], db_counters *cnt,
                          db_mexx_event *ev, int maxev, int *nev)
{
    char e[256];
    db_dae d;
    if (db_dae_build(&d, m, f, e, sizeof e)) {
        fprintf(stderr, "build: %s\n", e);
        return DB_FAIL_INPUT;
    }
    double t[NT], *y = calloc((size_t)NT * d.n, sizeof(double));
    for (int k = 0; k < NT; k++)
        t[k] = m->t0 + (m->tend - m->t0) * k / (NT - 1);
    db_output out = { NT, t, y, NULL };
    db_solver_opts o = { .rtol = tol, .atol = tol, .variant = variant };
    char msg[256];
    db_status st = db_mexx_integrate_events(&d, &o, &out, cnt, ev, maxev, nev, msg, sizeof msg);
    if (st != DB_OK)
        fprintf(stderr, "mexx: %s\n", msg);
    double e5[5];
    pend_run_errors(pr, m, &d, t, y, st == DB_OK ? NT : 0, e5);
    for (int i = 0; i < 3; i++)
        err[i] = e5[i];
    res[0] = e5[3];
    res[1] = e5[4];
    free(y);
    db_dae_free(&d);
    return st;
}

static void pend_switch(const db_mech *m, double t, const double *p, const double *v,
                        const double *lam, const double *mu, double *s)
{
    (void)m; (void)t; (void)lam; (void)mu;
    s[0] = p[0];
    s[1] = v[0];
}

static void test_pendulum(void)
{
    const db_problem *pr = db_problem_find("pendulum");
    CHECK(pr != NULL, "pendulum registered");
    if (!pr)
        return;
    db_mech m;
    double par[8];
    CHECK(db_mech_setup_default(pr, 0, &m, par) == 0, "pendulum setup");
    const double tols[] = { 1e-4, 1e-6, 1e-8, 1e-10 };
    double prev = INFINITY;
    for (int f = 0; f < 2; f++) {
        const db_form form = f ? DB_OEOM1 : DB_EOM1;
        prev = INFINITY;
        for (int i = 0; i < 4; i++) {
            double err[3], res[2];
            db_counters c;
            db_status st = run_pend(pr, &m, form, tols[i], NULL, err, res, &c, NULL, 0, NULL);
            double e = fmax(err[0], err[1]);
            printf("%-5s tol %.0e: err p %.2e v %.2e lam/10 %.2e  res pos %.1e vel/acc %.1e  "
                   "steps %ld rej %ld fev %ld dec %ld\n", db_form_name(form), tols[i],
                   err[0], err[1], err[2], res[0], res[1], c.steps, c.rejected, c.f_evals,
                   c.decompositions);
            CHECK(st == DB_OK, "pendulum %s tol %g status %d", db_form_name(form), tols[i], st);
            CHECK(e < 300 * tols[i], "pendulum error %g at tol %g", e, tols[i]);
            CHECK(err[2] < 3000 * tols[i], "pendulum lambda error %g at tol %g", err[2], tols[i]);
            CHECK(e < 0.5 * prev, "error falls with tol: %g after %g", e, prev);
            /* oEoM1 projects onto g = 0 (2.9); EoM1 keeps only the velocity level,
             * its positions drift within the tolerance */
            if (form == DB_OEOM1)
                CHECK(res[0] < 1e-13, "oEoM1: position residual at rounding level: %g", res[0]);
            else
                CHECK(res[0] < 100 * tols[i] && (i > 0 || res[0] > 1e-12),
                      "EoM1: position residual %g (drift, not projected) at tol %g", res[0],
                      tols[i]);
            CHECK(res[1] < 1e-12, "velocity/acceleration residual at rounding level: %g",
                  res[1]);
            prev = e;
        }
    }
    /* event location: zeros of p1 (t = T/2, T, ...) and v1 (T/4, 3T/4, ...) */
    const double T = 1.7602132209009869;   /* pendulum.md §4, v10 = 2.8 */
    db_mech ms = m;
    ms.nswitch = 2;
    ms.switching = pend_switch;
    const double tols2[] = { 1e-6, 1e-9 };
    for (int i = 0; i < 2; i++) {
        db_mexx_event ev[32];
        int nev = 0;
        double err[3], res[2];
        db_counters c;
        db_status st = run_pend(pr, &ms, DB_EOM1, tols2[i], NULL, err, res, &c, ev, 32, &nev);
        CHECK(st == DB_OK, "events run");
        int expect = (int)floor(5.0 / (T / 4));
        CHECK(nev == expect, "tol %g: %d events, expected %d", tols2[i], nev, expect);
        double emax = 0;
        for (int k = 0; k < nev && k < 32; k++) {
            double tk = (k + 1) * T / 4;
            int idx = (k % 2 == 0) ? 1 : 0;     /* odd quarters: v1 = 0 (turning point) */
            emax = fmax(emax, fabs(ev[k].t - tk));
            CHECK(ev[k].index == idx, "event %d index %d expected %d", k, ev[k].index, idx);
        }
        long ne = -1;
        for (int k = 0; k < c.nextra; k++)
            if (strcmp(c.extra[k].name, "events") == 0)
                ne = c.extra[k].value;
        CHECK(ne == nev, "events counter %ld", ne);
        printf("events tol %.0e: %d located, max |t - kT/4| = %.2e\n", tols2[i], nev, emax);
        CHECK(emax < 100 * tols2[i], "event times accurate: %g at tol %g", emax, tols2[i]);
    }
    /* bad input: EoM is not accepted */
    {
        char e[256], msg[256];
        db_dae d;
        if (db_dae_build(&d, &m, DB_EOM, e, sizeof e) == 0) {
            double t1 = 1.0, y[16];
            db_output out = { 1, &t1, y, NULL };
            db_solver_opts o = { .rtol = 1e-6, .atol = 1e-6 };
            db_counters c;
            const db_solver *sv = db_solver_find("mexx");
            CHECK(sv && sv->integrate(&d, &o, &out, &c, msg, sizeof msg) == DB_FAIL_INPUT,
                  "EoM rejected");
            db_dae_free(&d);
        }
    }
}

/* cable drum at friction mu with the given discretization: status, end error, counters */
static db_status run_drum(const db_problem *pr, double mu, const char *variant, double *err,
                          db_counters *c)
{
    db_mech m;
    double par[4];
    char e[256], msg[256];
    if (db_mech_setup_default(pr, 0, &m, par))
        return DB_FAIL_INPUT;
    par[0] = mu;
    if (pr->setup(&m, 0, par, e, sizeof e))
        return DB_FAIL_INPUT;
    db_dae d;
    if (db_dae_build(&d, &m, DB_EOM1, e, sizeof e))
        return DB_FAIL_INPUT;
    double t[2] = { 2.0, m.tend }, *y = calloc(2 * (size_t)d.n, sizeof(double));
    db_output out = { 2, t, y, NULL };
    db_solver_opts o = { .rtol = 1e-5, .atol = 1e-5, .variant = variant, .max_steps = 2000 };
    db_status st = db_mexx_integrate_events(&d, &o, &out, c, NULL, 0, NULL, msg, sizeof msg);
    double p[4], v[4], l[3], mm[1];
    *err = INFINITY;
    if (st == DB_OK && pr->exact && pr->exact(&m, m.tend, p, v, l, mm) == 0)
        *err = fabs(y[d.n + d.off_p] - p[0]) / fmax(1.0, fabs(p[0]));
    free(y);
    db_dae_free(&d);
    if (pr->teardown)
        pr->teardown(&m);
    return st;
}

/* MEXX Table 5.1: std degrades as mu grows past 1, mod does not */
static void test_cable_drum(void)
{
    const db_problem *pr = db_problem_find("cable_drum");
    if (!pr) {
        printf("cable_drum not in the catalogue: skipped\n");
        return;
    }
    const double mus[] = { 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5 };
    long mod_steps_max = 0, std_steps_hi = 0;
    int std_fail_hi = 0;
    for (int i = 0; i < 7; i++) {
        double es, em;
        db_counters cs, cm;
        db_status ss = run_drum(pr, mus[i], "standard", &es, &cs);
        db_status sm = run_drum(pr, mus[i], "modified", &em, &cm);
        printf("cable drum mu %.3g: std %-9s nstep %4ld err %.1e | mod %-9s nstep %4ld err %.1e\n",
               mus[i], db_status_name(ss), cs.steps + cs.rejected, es, db_status_name(sm),
               cm.steps + cm.rejected, em);
        CHECK(sm == DB_OK && em < 1e-3, "modified discretization at mu %g: %d, err %g",
              mus[i], sm, em);
        if (mus[i] < 0.3)
            CHECK(ss == DB_OK && es < 1e-3, "standard discretization at small mu %g", mus[i]);
        mod_steps_max = cm.steps + cm.rejected > mod_steps_max ? cm.steps + cm.rejected : mod_steps_max;
        if (mus[i] > 1.0) {
            /* fail as MEXX does, or reach the tolerance (1e-5, 10x margin) */
            CHECK(ss != DB_OK || es <= 1e-4, "standard at mu %g returned ok with error %.2e",
                  mus[i], es);
            if (ss == DB_FAIL_STEPSIZE) std_fail_hi++;
            std_steps_hi += cs.steps + cs.rejected;
        }
    }
    (void)std_steps_hi;
    (void)mod_steps_max;
    CHECK(std_fail_hi == 2, "standard discretization fails at mu = 1.25 and 1.5 as MEXX "
                            "(Table 5.1) does: %d of 2 failed", std_fail_hi);
}

/* MEXX Table 5.2 (seed 001 §5.2): steps nstep and (M, G, g^I) evaluations nfcn of
 * standard MEXX on the seven-body mechanism (oEoM1: projection onto g = 0 after
 * every step, output at t_end only, H_init = 1e-3 as in §5).  With MEXX's order
 * and step-size control (mexx21.f) and step-number sequence our steps are within
 * 1.3x of the published ones (measured 18/17, 23/26, 23/23, 32/32, 34/37) and the
 * evaluations within 1.25x (measured 556/488, 898/925, 1554/1530, 2566/2533,
 * 3366/3554); the ODEX-patterned control it replaced took 1.6-2.7x the steps. */
static void test_andrews_table52(void)
{
    const db_problem *pr = db_problem_find("andrews");
    if (!pr) {
        printf("andrews not in the catalogue: skipped\n");
        return;
    }
    db_mech m;
    double par[8];
    char e[256], msg[256];
    if (db_mech_setup_default(pr, 0, &m, par) != 0) {
        CHECK(0, "andrews setup");
        return;
    }
    db_dae d;
    if (db_dae_build(&d, &m, DB_OEOM1, e, sizeof e)) {
        CHECK(0, "andrews oEoM1: %s", e);
        return;
    }
    static const double tols[5] = { 1e-3, 1e-5, 1e-7, 1e-9, 1e-11 };
    static const long nstep[5] = { 17, 26, 23, 32, 37 }, nfcn[5] = { 488, 925, 1530, 2533, 3554 };
    double t[1] = { m.tend }, *y = calloc((size_t)d.n, sizeof(double));
    for (int i = 0; i < 5; i++) {
        db_output out = { 1, t, y, NULL };
        db_solver_opts o = { .rtol = tols[i], .atol = tols[i], .h0 = 1e-3 };
        db_counters c;
        db_status st = db_mexx_integrate_events(&d, &o, &out, &c, NULL, 0, NULL, msg, sizeof msg);
        const double rs = (double)c.steps / nstep[i], rf = (double)c.f_evals / nfcn[i];
        printf("andrews tol %.0e: steps %ld (Table 5.2: %ld, ratio %.2f), rejected %ld, "
               "f_evals %ld (%ld, ratio %.2f)\n", tols[i], c.steps, nstep[i], rs, c.rejected,
               c.f_evals, nfcn[i], rf);
        CHECK(st == DB_OK, "andrews tol %g: %s", tols[i], msg);
        CHECK(rs >= 1 / 1.3 && rs <= 1.3, "andrews tol %g: steps %ld not within 1.3x of %ld",
              tols[i], c.steps, nstep[i]);
        CHECK(rf >= 1 / 1.25 && rf <= 1.25, "andrews tol %g: f_evals %ld not within 1.25x of %ld",
              tols[i], c.f_evals, nfcn[i]);
    }
    free(y);
    db_dae_free(&d);
    if (pr->teardown)
        pr->teardown(&m);
}

int main(void)
{
    test_pendulum();
    test_cable_drum();
    test_andrews_table52();
    return check_summary();
}
