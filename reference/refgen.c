/* refgen.c — one reference computation (solver × formulation × tolerance on an
 * output grid), the agreement of two of them in digits, Richardson-type
 * extrapolation to zero tolerance, and the plan per catalogue problem
 * (DESIGN.md §"Reference solutions"; issues 4 and 13).  The plans pair the
 * reference integrator (reference/refint.h: extrapolated linearly implicit Euler
 * in long double on the index-1 formulation with projection) with radau5
 * (Radau IIA, Hairer & Wanner ODE II §IV.8) on GGL: two method families. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refgen.h"
#include "reference/refgauss.h"
#include "reference/refint.h"

/* the plans; problems with an exact solution need none (the loader uses it).
 * The primary (stored) is the reference integrator (reference/refint.h, the
 * extrapolation family, long double); the check a Radau IIA code of the solver
 * catalogue, a different family, with its own step-size control: where it
 * needs a largest step, the primary has none. */
#define REFINT_M(tol) {DB_REFINT_NAME, DB_EOM0, tol, 0, NULL}
static const db_refgen_plan plans[] = {
    /* radau5 on GGL reaches only 7.8 digits in lambda here; geoms on oEoM0 9.4 */
    {"andrews", REFINT_M(1e-13), {"geoms", DB_OEOM0, 1e-12, 0, NULL}, 0, 0, NULL, 0, {0}},
    /* radau5 integrates piecewise between the kinks (refgen.c integrate_pieces)
     * but needs small steps to reach 10 digits in v (1e-13 alone: 9.3);
     * refint at 1e-13 is noise-bound (7 times the steps of 1e-12, 11.9 / 10.9
     * digits from 1e-12) */
    {"truck", REFINT_M(1e-12), {"radau5", DB_GGL, 1e-13, 0.0004, NULL}, 0, 0, NULL, 0, {0}},
    /* s1: without a largest step radau5 reaches 9.8 digits in v, 8.5 in mu */
    {"skateboard", REFINT_M(1e-13), {"radau5", DB_GGL, 1e-13, 0.02, NULL}, 0, 0, NULL, 0, {0}},
    /* radau5 (GGL, EoM1, also with small steps) reaches only 7.5-7.7 digits in
     * lambda; odassl (BDF) on oEoM1 at 1e-12 (the tightest at which it runs) 9.4 */
    {"insulator_chain", REFINT_M(1e-12), {"odassl", DB_OEOM1, 1e-12, 0, NULL}, 0, 0, NULL, 0, {0}},
    /* positions ~16 m, velocities ~0.015 m/s from accelerations that are
     * differences of terms of ~10 m/s²: in double no code reaches 10 digits in v
     * over t in [0, 200] (radau5 at hmax 0.01: 9.7 against the joint angles,
     * refint on the double callbacks 8.5).  Both computations evaluate the
     * model in long double (pendulum_chain_ld.c): Gauss-Legendre collocation
     * (5 stages) with steps of 0.01, checked by refint */
    {"pendulum_chain", {DB_REFGAUSS_NAME, DB_EOM0, 1e-14, 0.01, NULL}, REFINT_M(1e-13), 0, 0,
     NULL, 0, {0}},
    /* radau5 (GGL 1e-13) agreed to 10.6 digits in v, which the best run of the quick
     * suite reaches, and 11.3 at 1e-14; refgauss with steps of 5e-6 (h |λ| < 0.5 for
     * the stiff spring-damper, eigenvalue about -1e5) against refint at 1e-15: 12.0 */
    {"double_pendulum_stiff", REFINT_M(1e-15), {DB_REFGAUSS_NAME, DB_EOM0, 1e-14, 5e-6, NULL},
     0, 0, NULL, 0, {0}},
    /* v is ~1e-16 at rest by t = 1000 (the group scale is set by the early
     * motion); radau5 (GGL, 1e-13) agrees with refint to 8.4 digits in v only:
     * long double model (fekete_ld.c), Gauss-Legendre collocation checked by refint */
    {"fekete", {DB_REFGAUSS_NAME, DB_EOM0, 1e-14, 0.02, NULL}, REFINT_M(1e-13), 0, 0, NULL, 0, {0}},
    /* the multipliers of the index-2/3 forms converge slowly: radau5 on EoM0 */
    {"caraxis", REFINT_M(1e-13), {"radau5", DB_EOM0, 1e-14, 0, NULL}, 0, 0, NULL, 0, {0}},
    /* undamped elastic modes up to 24613 rad/s: radau5 (EoM0 1e-13, the tightest at
     * which it runs) agreed with refint to 11.2 / 8.6 digits in v / lambda, near the
     * best run of the sweep (10.7); refgauss with steps of 1e-5 (h ω < 0.25) against
     * refint at 1e-15 agree to 12.6 / 9.9.  --verify at 1e-13: lambda needs it */
    {"slider_crank", {DB_REFGAUSS_NAME, DB_EOM0, 1e-14, 1e-5, NULL}, REFINT_M(1e-15), 0, 0, NULL,
     1e-13, {0}},
    /* the creep law unsaturates about 100 times over [0, 10], many times for
     * less than one refgauss step (docs/references.md); both computations land strictly past every zero they
     * see (reference/refint.h) and look for zero pairs inside a step at their stage
     * and substep points and by the Hermite interpolant of the switching values.
     * A pair missed costs up to 1e-9 in the spin beta (one of 8e-6 s), so refint
     * needs steps of at most 5e-5 (without: 8.6 digits in v).  Refgauss with steps
     * of 2e-5 against refint at 1e-12 (hmax 5e-5): 12.2 / 10.8 / 11.0 digits.
     * --verify's refint at 1e-11 without a largest step (20 s) differs by 2e-9 in v
     * (verify_digits: 8) */
    {"wheelset", {DB_REFGAUSS_NAME, DB_EOM0, 1e-14, 2e-5, NULL},
     {DB_REFINT_NAME, DB_EOM0, 1e-12, 5e-5, NULL}, 0, 0,
     "kinks of the creep law: both computations land on every zero they see; refint "
     "with steps of at most 5e-5 sees the zero pairs", 1e-11, {0, 8.0, 0, 0}},
};

/* method families of the solvers a plan may name */
static const struct {
    const char *solver, *family;
} families[] = {
    {DB_REFINT_NAME, "extrapolation (linearly implicit Euler, long double)"},
    {DB_REFGAUSS_NAME, "Gauss-Legendre collocation (long double)"},
    {"radau5", "Radau IIA collocation"},
    {"geoms", "Radau IIA collocation"},
    {"bdf", "BDF"},
    {"odassl", "BDF"},
    {"ida", "BDF"},
    {"mexx", "extrapolation (half-explicit Euler)"},
    {"rosnys", "Rosenbrock"},
};

const char *db_refgen_family(const char *solver)
{
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (strcmp(families[i].solver, solver) == 0)
            return families[i].family;
    return solver;
}

int db_refgen_same_family(const char *solver_a, const char *solver_b)
{
    const char *a = db_refgen_family(solver_a), *b = db_refgen_family(solver_b);
    size_t la = strcspn(a, "("), lb = strcspn(b, "(");
    return la == lb && strncmp(a, b, la) == 0;
}

db_refgen_plan db_refgen_plan_of(const char *name)
{
    for (size_t i = 0; i < sizeof plans / sizeof plans[0]; i++)
        if (strcmp(plans[i].problem, name) == 0)
            return plans[i];
    db_refgen_plan p = {name, REFINT_M(1e-13), {"radau5", DB_GGL, 1e-13, 0, NULL}, 0, 0,
                        NULL, 0, {0}};
    return p;
}

void db_refgen_sol_free(db_refgen_sol *s)
{
    free(s->t);
    for (int g = 0; g < DB_NGROUPS; g++)
        free(s->tr.x[g]);
    memset(s, 0, sizeof *s);
}

void db_refgen_grid(double *t, int nt, double t0, double tend)
{
    for (int k = 0; k < nt; k++)
        t[k] = k == nt - 1 ? tend : t0 + (tend - t0) * (double)k / (nt - 1);
}

/* copy the groups of the DAE vector y into row k of s */
static void sol_row(db_refgen_sol *s, int k, const db_dae *d, const double *y)
{
    int off[DB_NGROUPS] = {d->off_p, d->off_v, d->off_l, d->off_m};
    for (int g = 0; g < DB_NGROUPS; g++) {
        int n = s->tr.size[g];
        if (n > 0)
            memcpy(s->tr.x[g] + (long)k * n, y + off[g], (size_t)n * sizeof(double));
    }
}

/* allocate the trajectory of nt rows of the groups of m */
static int sol_alloc(db_refgen_sol *s, const db_mech *m, int nt, const double *t)
{
    int size[DB_NGROUPS] = {m->np, m->nv, m->nl, m->nm};
    s->t = malloc((size_t)nt * sizeof *s->t);
    if (!s->t)
        return -1;
    for (int g = 0; g < DB_NGROUPS; g++) {
        s->tr.size[g] = size[g];
        if (!(s->tr.x[g] = calloc((size_t)nt * size[g] + 1, sizeof(double))))
            return -1;
    }
    memcpy(s->t, t, (size_t)nt * sizeof *t);
    s->tr.nt = nt;
    s->tr.t = s->t;
    return 0;
}

/* the counters of a reference-path integrator (refint, refgauss) as a run's */
static void refpath_counters(db_counters *c, const db_refint_stats *st)
{
    c->steps = st->steps;
    c->rejected = st->rejected;
    c->f_evals = st->accel_evals;
    c->jac_evals = st->jac_evals;
    c->decompositions = st->lu;
}

/* the reference integrator (reference/refint.h): a pilot run at REFINT_PILOT_TOL
 * gives the magnitudes of p and v over the span, then the run at rtol = tol
 * controls the error relative to them (atol = tol · 1e-6 for a group that
 * stays 0) — the scaling of the agreement measure (measures.h) */
#define REFINT_PILOT_TOL 1e-7
static int solve_refint(const db_mech *m, const db_refgen_method *meth, long max_steps, int nt,
                        const double *t, db_refgen_sol *s, char *err, size_t errlen)
{
    if (sol_alloc(s, m, nt, t) != 0) {
        snprintf(err, errlen, "out of memory");
        db_refgen_sol_free(s);
        return -1;
    }
    db_refint_opts o = {REFINT_PILOT_TOL, REFINT_PILOT_TOL * 1e-6, 0, max_steps, 0, {0, 0}, 0, 0};
    db_refint_stats st, st0;
    memset(&st, 0, sizeof st);
    memset(&st0, 0, sizeof st0);
    char msg[256] = "";
    double c0 = db_cpu_seconds();
    int rc = 0;
    if (meth->tol < REFINT_PILOT_TOL) {
        rc = db_refint_solve(m, &o, nt, t, s->tr.x[DB_GP], s->tr.x[DB_GV], s->tr.x[DB_GL],
                             s->tr.x[DB_GM], &st0, msg, sizeof msg);
        double mag[DB_NGROUPS];
        db_refgen_magnitude(s, mag);
        o.scale[0] = mag[DB_GP];
        o.scale[1] = mag[DB_GV];
    }
    o.rtol = meth->tol;
    o.atol = meth->tol * 1e-6;
    o.hmax = meth->hmax;
    if (rc == 0)
        rc = db_refint_solve(m, &o, nt, t, s->tr.x[DB_GP], s->tr.x[DB_GV], s->tr.x[DB_GL],
                             s->tr.x[DB_GM], &st, msg, sizeof msg);
    s->cpu_seconds = db_cpu_seconds() - c0;
    refpath_counters(&s->counters, &st);
    if (rc != 0) {
        snprintf(err, errlen, "%s at tol %.0e failed: %s", DB_REFINT_NAME, meth->tol, msg);
        db_refgen_sol_free(s);
        return -1;
    }
    return 0;
}

/* the reference path's second integrator (reference/refgauss.h): Gauss–Legendre
 * collocation with 5 stages (order 10) and fixed steps of at most hmax */
static int solve_refgauss(const db_mech *m, const db_refgen_method *meth, long max_steps,
                          int nt, const double *t, db_refgen_sol *s, char *err, size_t errlen)
{
    if (sol_alloc(s, m, nt, t) != 0) {
        snprintf(err, errlen, "out of memory");
        db_refgen_sol_free(s);
        return -1;
    }
    db_refgauss_opts o = {5, meth->hmax, max_steps};
    db_refint_stats st;
    char msg[256] = "";
    double c0 = db_cpu_seconds();
    int rc = db_refgauss_solve(m, &o, nt, t, s->tr.x[DB_GP], s->tr.x[DB_GV], s->tr.x[DB_GL],
                               s->tr.x[DB_GM], &st, msg, sizeof msg);
    s->cpu_seconds = db_cpu_seconds() - c0;
    refpath_counters(&s->counters, &st);
    if (rc != 0) {
        snprintf(err, errlen, "%s with h %.0e failed: %s", DB_REFGAUSS_NAME, meth->hmax, msg);
        db_refgen_sol_free(s);
        return -1;
    }
    return 0;
}

int db_refgen_is_refint(const db_refgen_method *meth)
{
    return strcmp(meth->solver, DB_REFINT_NAME) == 0;
}

int db_refgen_is_reference_path(const db_refgen_method *meth)
{
    return db_refgen_is_refint(meth) || strcmp(meth->solver, DB_REFGAUSS_NAME) == 0;
}

const char *db_refgen_title(const db_refgen_method *meth)
{
    if (db_refgen_is_refint(meth))
        return DB_REFINT_TITLE;
    if (strcmp(meth->solver, DB_REFGAUSS_NAME) == 0)
        return DB_REFGAUSS_TITLE;
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void counters_add(db_counters *c, const db_counters *x)
{
    c->steps += x->steps;
    c->rejected += x->rejected;
    c->f_evals += x->f_evals;
    c->jac_evals += x->jac_evals;
    c->decompositions += x->decompositions;
    c->solves += x->solves;
}

/* Integrate d with a solver of the catalogue onto the grid t[1..nt−1] (rows of
 * y, d->n each).  A problem with known non-smooth times (mech.h breakpoints)
 * is integrated piecewise: every piece ends exactly at a breakpoint (its last
 * output time, where the solver ends its last step) and the next one restarts
 * from the values there, so that no step straddles a kink. */
#define MAX_BREAKS 64
/* one integration by solver: in this process, unless a caller above the
 * reference module installed another way (db_refgen_set_integrator: the
 * harness runs a plugin's solver in a child process, so that its crash is a
 * failed solve) */
static db_refgen_integrator integrator;

void db_refgen_set_integrator(db_refgen_integrator fn)
{
    integrator = fn;
}

static db_status integrate_one(const db_solver *solver, db_dae *d, const db_solver_opts *o,
                               db_output *out, db_counters *c, char *msg, size_t msglen)
{
    return integrator ? integrator(solver, d, o, out, c, msg, msglen)
                      : solver->integrate(d, o, out, c, msg, msglen);
}

static db_status integrate_pieces(const db_solver *solver, db_dae *d, const db_solver_opts *o,
                                  const db_mech *m, int nt, const double *t, double *y,
                                  db_counters *c, char *msg, size_t msglen)
{
    double bp[MAX_BREAKS];
    int nb = 0;
    if (m->breakpoints) {
        double raw[MAX_BREAKS];
        int got = m->breakpoints(m, raw, MAX_BREAKS);
        for (int i = 0; i < got && i < MAX_BREAKS; i++)
            if (raw[i] > t[0] && raw[i] < t[nt - 1])
                bp[nb++] = raw[i];
        qsort(bp, (size_t)nb, sizeof *bp, cmp_double);
    }
    if (nb == 0) {
        db_output out = {.nt = nt - 1, .t = t + 1, .y = y, .yp = NULL};
        return integrate_one(solver, d, o, &out, c, msg, msglen);
    }
    int n = d->n;
    double *tp = malloc(((size_t)nt + 1) * sizeof *tp);
    double *yp = malloc(((size_t)nt + 1) * (size_t)n * sizeof *yp);
    double *y0 = malloc((size_t)n * sizeof *y0);
    if (!tp || !yp || !y0) {
        free(tp);
        free(yp);
        free(y0);
        snprintf(msg, msglen, "out of memory");
        return DB_FAIL_MEMORY;
    }
    double *y0_orig = d->y0, t0_orig = d->t0, tend_orig = d->tend;
    memcpy(y0, d->y0, (size_t)n * sizeof *y0);
    db_status st = DB_OK;
    int k = 1;
    double start = t[0];
    for (int piece = 0; piece <= nb && st == DB_OK; piece++) {
        double stop = piece < nb ? bp[piece] : t[nt - 1];
        int np = 0, k0 = k;
        while (k < nt && t[k] <= stop)
            tp[np++] = t[k++];
        int extra = np == 0 || tp[np - 1] != stop;
        if (extra)
            tp[np++] = stop;
        d->t0 = start;
        d->tend = stop;
        d->y0 = y0;
        db_output out = {.nt = np, .t = tp, .y = yp, .yp = NULL};
        db_counters cp;
        memset(&cp, 0, sizeof cp);
        st = integrate_one(solver, d, o, &out, &cp, msg, msglen);
        counters_add(c, &cp);
        if (st != DB_OK)
            break;
        memcpy(y + (size_t)(k0 - 1) * n, yp, (size_t)(np - extra) * n * sizeof *y);
        memcpy(y0, yp + (size_t)(np - 1) * n, (size_t)n * sizeof *y0);
        start = stop;
    }
    d->y0 = y0_orig;
    d->t0 = t0_orig;
    d->tend = tend_orig;
    free(tp);
    free(yp);
    free(y0);
    return st;
}

int db_refgen_solve(const db_mech *m, const db_refgen_method *meth, long max_steps, int nt,
                    const double *t, db_refgen_sol *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (nt < 2) {
        snprintf(err, errlen, "the grid needs at least 2 points");
        return -1;
    }
    if (db_refgen_is_refint(meth))
        return solve_refint(m, meth, max_steps, nt, t, s, err, errlen);
    if (strcmp(meth->solver, DB_REFGAUSS_NAME) == 0) {
        if (!(meth->hmax > 0)) {
            snprintf(err, errlen, "%s needs a step size (the largest step of the method)",
                     DB_REFGAUSS_NAME);
            return -1;
        }
        return solve_refgauss(m, meth, max_steps, nt, t, s, err, errlen);
    }
    const db_solver *solver = db_solver_find(meth->solver);
    if (!solver) {
        snprintf(err, errlen, "solver %s is not built", meth->solver);
        return -1;
    }
    if (!(solver->forms & DB_FORM_BIT(meth->form))) {
        snprintf(err, errlen, "solver %s does not accept %s", meth->solver,
                 db_form_name(meth->form));
        return -1;
    }
    if (nt < 2) {
        snprintf(err, errlen, "the grid needs at least 2 points");
        return -1;
    }
    db_dae d;
    char msg[256] = "";
    if (db_dae_build(&d, m, meth->form, msg, sizeof msg) != 0) {
        snprintf(err, errlen, "build of %s: %s", db_form_name(meth->form), msg);
        return -1;
    }
    int size[DB_NGROUPS] = {m->np, m->nv, m->nl, m->nm};
    double *y = malloc(((size_t)(nt - 1) * d.n + 1) * sizeof *y);
    s->t = malloc((size_t)nt * sizeof *s->t);
    int ok = y && s->t;
    for (int g = 0; g < DB_NGROUPS && ok; g++) {
        s->tr.size[g] = size[g];
        ok = (s->tr.x[g] = calloc((size_t)nt * size[g] + 1, sizeof(double))) != NULL;
    }
    if (!ok) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    memcpy(s->t, t, (size_t)nt * sizeof *t);
    s->tr.nt = nt;
    s->tr.t = s->t;
    db_solver_opts o;
    memset(&o, 0, sizeof o);
    o.rtol = o.atol = meth->tol;
    o.hmax = meth->hmax;
    o.variant = meth->variant;
    o.max_steps = max_steps > 0 ? max_steps : 2000000;
    double c0 = db_cpu_seconds();
    db_status st = integrate_pieces(solver, &d, &o, m, nt, t, y, &s->counters, msg, sizeof msg);
    s->cpu_seconds = db_cpu_seconds() - c0;
    if (st != DB_OK) {
        snprintf(err, errlen, "%s on %s at tol %.0e hmax %g failed (%s): %s", meth->solver,
                 db_form_name(meth->form), meth->tol, meth->hmax, db_status_name(st), msg);
        goto fail;
    }
    sol_row(s, 0, &d, d.y0);
    for (int k = 1; k < nt; k++)
        sol_row(s, k, &d, y + (long)(k - 1) * d.n);
    for (int g = 0; g < DB_NGROUPS; g++)
        for (long i = 0; i < (long)nt * size[g]; i++)
            if (!isfinite(s->tr.x[g][i])) {
                snprintf(err, errlen, "%s on %s: non-finite values", meth->solver,
                         db_form_name(meth->form));
                goto fail;
            }
    free(y);
    db_dae_free(&d);
    return 0;
fail:
    free(y);
    db_dae_free(&d);
    db_refgen_sol_free(s);
    return -1;
}

void db_refgen_magnitude(const db_refgen_sol *s, double mag[DB_NGROUPS])
{
    db_group_magnitude(&s->tr, NULL, mag);
}

void db_refgen_agreement_end(const db_refgen_sol *a, const db_refgen_sol *b,
                             const double mag[DB_NGROUPS], double digits[DB_NGROUPS])
{
    int k = a->tr.nt - 1;
    for (int g = 0; g < DB_NGROUPS; g++) {
        int n = a->tr.size[g];
        if (n == 0) {
            digits[g] = NAN;
            continue;
        }
        double e = db_group_error(a->tr.x[g] + (long)k * n, b->tr.x[g] + (long)k * n, n, mag[g]);
        digits[g] = -log10(fmax(e, DB_ERR_FLOOR));
    }
}

void db_refgen_agreement(const db_refgen_sol *a, const db_refgen_sol *b,
                         const double mag[DB_NGROUPS], double digits[DB_NGROUPS])
{
    for (int g = 0; g < DB_NGROUPS; g++) {
        int n = a->tr.size[g];
        if (n == 0) {
            digits[g] = NAN;
            continue;
        }
        double e = 0.0;
        for (int k = 0; k < a->tr.nt; k++) {
            double ek = db_group_error(a->tr.x[g] + (long)k * n, b->tr.x[g] + (long)k * n, n,
                                       mag[g]);
            if (!(ek <= e))
                e = ek;
        }
        digits[g] = -log10(fmax(e, DB_ERR_FLOOR));
    }
}

void db_refgen_extrapolate(db_refgen_sol *x, const db_refgen_sol *y, double alpha)
{
    double c = 1.0 / (pow(10.0, alpha) - 1.0);
    for (int g = 0; g < DB_NGROUPS; g++)
        for (long i = 0; i < (long)x->tr.nt * x->tr.size[g]; i++)
            x->tr.x[g][i] += c * (x->tr.x[g][i] - y->tr.x[g][i]);
}
const double db_refgen_target[DB_NGROUPS] = {10.0, 10.0, 8.0, 8.0};
