/* run.c — one run: problem setup with scenario and parameters, formulation
 * build (testset/dae.h), timed integration on the reference's output grid
 * (timing.c), measures against the reference (measures.c, reference.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/reference.h"
#include "harness/run/plugin.h"
#include "harness/run/run.h"
#include "harness/run/steppoints.h"
#include "harness/run/verdict.h"
#include "harness/results/trajcsv.h"
#include "harness/results/trajdump.h"

void db_run_spec_init(db_run_spec *spec, const db_problem *prob, int scenario, db_form form,
                      const db_solver *solver, double rtol, double atol)
{
    memset(spec, 0, sizeof *spec);
    spec->prob = prob;
    spec->scenario = scenario;
    for (int i = 0; i < prob->nparams && i < DB_MAX_PARAMS; i++)
        spec->par[i] = prob->params[i].def;
    spec->form = form;
    spec->solver = solver;
    spec->rtol = rtol;
    spec->atol = atol;
    spec->comp_group = -1;
}

void db_run_result_free(db_run_result *res)
{
    for (int g = 0; g < DB_NGROUPS; g++) {
        free(res->end[g]);
        res->end[g] = NULL;
    }
}

static void set_failed(db_run_result *res, const char *reason, const char *msg)
{
    res->status = "failed";
    snprintf(res->reason, sizeof res->reason, "%s", reason);
    snprintf(res->message, sizeof res->message, "%s", msg);
}

/* a failed integration, classed by its evidence (verdict.h): the rank of G at
 * the initial state and at the reference's state at the time the solver names in
 * its message; the solver's own class stays at the head of the message when the
 * class is another, and the evidence follows it. */
static void set_failed_class(db_run_result *res, const db_run_spec *spec, const db_dae *d,
                             const db_ref *ref, db_status st, const char *msg);

/* a plugin's run is invalid when its position residual exceeds this times the
 * tolerance on a formulation that enforces the position constraints */
#define DB_PLUGIN_RESIDUAL_FACTOR 1000.0

static int form_enforces_positions(db_form f)
{
    return f == DB_EOM || f == DB_GGL || f == DB_OEOM1 || f == DB_OEOM0;
}

static void set_failed_class(db_run_result *res, const db_run_spec *spec, const db_dae *d,
                             const db_ref *ref, db_status st, const char *msg)
{
    int default_variant = !spec->variant || !spec->variant[0];
    char why[200];
    const char *cls = db_fail_class_of_run(spec->prob, d->mech, ref,
                                           d->mech ? d->y0 + d->off_p : NULL, st,
                                           default_variant, msg, why, sizeof why);
    char mm[sizeof res->message];
    if (strcmp(cls, db_status_name(st)) != 0)
        snprintf(mm, sizeof mm, "%s: %s%s%s", db_status_name(st), msg, why[0] ? "; " : "", why);
    else
        snprintf(mm, sizeof mm, "%s%s%s", msg, why[0] ? "; " : "", why);
    set_failed(res, cls, mm);
}

/* the trajectory of the solution: t0 (initial values) and the output times */
typedef struct {
    db_traj tr;
    double *t;
    double *a;        /* accelerations [nt × nv] when the formulation has them */
} sol_traj;

static void sol_free(sol_traj *s)
{
    free(s->t);
    free(s->a);
    for (int g = 0; g < DB_NGROUPS; g++)
        free(s->tr.x[g]);
}

static int sol_alloc(sol_traj *s, int nt, const int size[DB_NGROUPS], int with_a)
{
    memset(s, 0, sizeof *s);
    s->t = calloc((size_t)nt, sizeof *s->t);
    if (!s->t)
        return -1;
    s->tr.nt = nt;
    s->tr.t = s->t;
    for (int g = 0; g < DB_NGROUPS; g++) {
        s->tr.size[g] = size[g];
        s->tr.x[g] = calloc((size_t)nt * size[g] + 1, sizeof(double));
        if (!s->tr.x[g])
            return -1;
    }
    if (with_a && !(s->a = calloc((size_t)nt * size[DB_GV] + 1, sizeof(double))))
        return -1;
    return 0;
}

/* copy the groups of the DAE vector y into point k of s */
static void sol_set(sol_traj *s, int k, const db_dae *d, const double *y)
{
    int off[DB_NGROUPS] = {d->off_p, d->off_v, d->off_l, d->off_m};
    for (int g = 0; g < DB_NGROUPS; g++) {
        int n = s->tr.size[g];
        if (n > 0)
            memcpy(s->tr.x[g] + (long)k * n, y + off[g], (size_t)n * sizeof(double));
    }
    if (s->a)
        memcpy(s->a + (long)k * s->tr.size[DB_GV], y + d->off_a,
               (size_t)s->tr.size[DB_GV] * sizeof(double));
}

/* index of the first non-finite value of x[n], or -1 */
static long first_nonfinite(const double *x, long n)
{
    for (long i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return i;
    return -1;
}


/* the measures at t_end against the reference: the group errors, gscd (res->scd),
 * ivp_scd, lambda_scd and mescd (measures.h) */
static void end_measures(const db_run_spec *spec, db_run_result *res, const db_ref *ref,
                         const int *size)
{
    db_end_errors(res->end, ref->end, size, ref->mag, res->err_end);
    res->scd = db_scd(res->err_end[DB_GP], res->err_end[DB_GV]);
    res->ivp_scd = db_ivp_scd(res->end[DB_GP], ref->end[DB_GP], size[DB_GP], res->end[DB_GV],
                              ref->end[DB_GV], size[DB_GV]);
    res->lambda_scd = db_scd(res->err_end[DB_GL], res->err_end[DB_GM]);
    res->mescd = db_mescd(res->end[DB_GP], ref->end[DB_GP], size[DB_GP], res->end[DB_GV],
                          ref->end[DB_GV], size[DB_GV], spec->rtol, spec->atol);
}

/* --component: the absolute error of one component on the reference points that
 * have a solution point (map >= 0) and at t_end */
static void comp_errors(const db_run_spec *spec, db_run_result *res, const db_ref *ref,
                        const int *map, const sol_traj *s, const int size[DB_NGROUPS])
{
    int g = spec->comp_group, i = spec->comp_index;
    if (g < 0 || g >= DB_NGROUPS || i < 0 || i >= size[g])
        return;
    int n = size[g];
    double emax = 0, tmax = NAN;
    for (int k = 0; k < ref->grid.nt; k++) {
        if (map[k] < 0)
            continue;
        double e = fabs(s->tr.x[g][(long)map[k] * n + i] - ref->grid.x[g][(long)k * n + i]);
        if (!(e <= emax)) {
            emax = e;
            tmax = ref->t[k];
        }
    }
    res->comp_err_max = emax;
    res->comp_t_max = tmax;
    res->comp_err_end = fabs(res->end[g][i] - ref->end[g][i]);
}

/* --step-points: the solution at the solver's own step points (t0 and every
 * accepted step), its errors against the reference there (res->step_err,
 * comp_step_*), and the CSV of --steps-out; 0, or -1 with a message in err (a
 * solver that broke the step-point contract, out of memory, a file not written) */
static int step_measures(const db_run_spec *spec, db_run_result *res, const db_mech *m,
                         const db_dae *d, const db_ref *ref, const db_steppts *sp, char *err,
                         size_t errlen)
{
    char why[320];
    if (db_steppts_check(sp, res->counters.steps, m->t0, m->tend, why, sizeof why) != 0) {
        snprintf(err, errlen, "step points of %s: %s", spec->solver->name, why);
        return -1;
    }
    int size[DB_NGROUPS] = {m->np, m->nv, m->nl, m->nm};
    int nt = (int)sp->nt + 1;
    sol_traj s;
    db_traj rt;
    memset(&rt, 0, sizeof rt);
    int rc = -1;
    if (sol_alloc(&s, nt, size, 0) != 0) {
        snprintf(err, errlen, "out of memory for the step points");
        goto done;
    }
    s.t[0] = m->t0;
    sol_set(&s, 0, d, d->y0);
    for (int k = 1; k < nt; k++) {
        s.t[k] = sp->t[k - 1];
        sol_set(&s, k, d, sp->y + (size_t)(k - 1) * (size_t)d->n);
    }
    res->nsteppts = sp->nt;
    if (!ref->have) {
        rc = spec->steps_csv ? db_traj_csv(spec->steps_csv, &s.tr, NULL, NULL, err, errlen) : 0;
        goto done;
    }
    if (db_steppts_reference(spec->prob, m, ref, nt, s.t, &rt, res->step_ref,
                             sizeof res->step_ref, res->step_ref_digits, err, errlen) != 0)
        goto done;
    for (int g = 0; g < DB_NGROUPS; g++) {
        int n = size[g];
        double e = n ? 0.0 : NAN;
        for (int k = 1; k < nt && n; k++) {
            double ek = db_group_error(s.tr.x[g] + (size_t)k * n, rt.x[g] + (size_t)k * n, n,
                                       ref->mag[g]);
            if (!(ek <= e))
                e = ek;
        }
        res->step_err[g] = e;
    }
    int g = spec->comp_group, i = spec->comp_index;
    if (g >= 0 && g < DB_NGROUPS && i >= 0 && i < size[g]) {
        res->comp_step_err_max = 0.0;
        for (int k = 1; k < nt; k++) {
            double e = fabs(s.tr.x[g][(size_t)k * size[g] + i] - rt.x[g][(size_t)k * size[g] + i]);
            if (!(e <= res->comp_step_err_max)) {
                res->comp_step_err_max = e;
                res->comp_step_t_max = s.t[k];
            }
        }
    }
    rc = spec->steps_csv ? db_traj_csv(spec->steps_csv, &s.tr, &rt, ref->mag, err, errlen) : 0;
done:
    db_steppts_traj_free(&rt);
    sol_free(&s);
    return rc;
}

/* run --end-only: the departure test at t_end alone (verdict.h) */
static void left_solution_at_end(db_run_result *res, const db_mech *m, const db_ref *ref,
                                 const int size[DB_NGROUPS])
{
    db_traj sol, rt;
    memset(&sol, 0, sizeof sol);
    memset(&rt, 0, sizeof rt);
    sol.nt = rt.nt = 1;
    sol.t = rt.t = &res->t_end;
    for (int g = 0; g < DB_NGROUPS; g++) {
        sol.size[g] = rt.size[g] = size[g];
        sol.x[g] = res->end[g];
        rt.x[g] = ref->end[g];
    }
    db_departure dep;
    if (db_departure_find(m, &sol, &rt, ref->mag, m->t0, &dep))
        set_failed(res, dep.klass, dep.why);
}

/* integrate and measure; m, d and ref are set up; a solution that left the
 * reference (verdict.h) is failed, with its measures kept */
static int run_measure(const db_run_spec *spec, db_run_result *res, const db_mech *m,
                       const db_dae *d, const db_ref *ref, char *err, size_t errlen)
{
    int size[DB_NGROUPS] = {m->np, m->nv, m->nl, m->nm};
    double t0 = m->t0, tend = m->tend, ttol = 1e-12 * fmax(1.0, fabs(tend));
    int nref = ref->grid.nt;
    /* output times: the reference times strictly inside (t0, tend), then tend */
    double *tout = malloc(((size_t)nref + 1) * sizeof *tout);
    int *map = malloc(((size_t)nref + 1) * sizeof *map);  /* ref point -> solution point */
    double *y = NULL;
    sol_traj s, aligned;
    memset(&s, 0, sizeof s);
    memset(&aligned, 0, sizeof aligned);
    db_steppts sp;
    db_steppts_init(&sp, d->n);
    int rc = -1;
    if (!tout || !map)
        goto oom;
    int nout = 0;
    for (int k = 0; k < nref; k++) {
        double t = ref->t[k];
        if (t <= t0 + ttol)
            map[k] = 0;
        else if (t >= tend - ttol)
            map[k] = -1; /* the end point, fixed below */
        else if (spec->end_only)
            map[k] = -2; /* no output there */
        else {
            tout[nout++] = t;
            map[k] = nout;
        }
    }
    tout[nout++] = tend;
    for (int k = 0; k < nref; k++)
        if (map[k] == -1)
            map[k] = nout;
    if (!(y = malloc(((size_t)nout * d->n + 1) * sizeof *y)))
        goto oom;
    db_output out = {.nt = nout, .t = tout, .y = y, .yp = NULL};
    db_solver_opts o = {.rtol = spec->rtol, .atol = spec->atol, .max_steps = spec->max_steps,
                        .max_cpu = spec->max_cpu, .variant = spec->variant,
                        .h0 = spec->h0};
    if (spec->step_points) {
        o.step_point = db_steppts_add;
        o.step_ctx = &sp;
    }
    db_timing tm;
    char msg[256] = "";
    db_status st = db_timed_integrate(spec->solver, d, &o, &out, &res->counters, msg,
                                      sizeof msg, spec->timing_cap, &tm);
    res->cpu_seconds = tm.cpu_seconds;
    res->repeats = tm.repeats;
    if (st != DB_OK) {
        set_failed_class(res, spec, d, ref, st, msg[0] ? msg : db_status_name(st));
        rc = 0;
        goto done;
    }
    long bad = first_nonfinite(y, (long)nout * d->n);
    if (bad >= 0) {
        char where[96];
        snprintf(where, sizeof where, "non-finite solution at t = %.10g", tout[bad / d->n]);
        set_failed_class(res, spec, d, ref, DB_FAIL_NONFINITE, where);
        rc = 0;
        goto done;
    }
    res->status = "ok";
    if (tm.nondeterministic)
        snprintf(res->message, sizeof res->message, "counters differ between repeats");
    /* the solution trajectory: t0 and the output times */
    if (sol_alloc(&s, nout + 1, size, d->off_a >= 0) != 0)
        goto oom;
    s.t[0] = t0;
    sol_set(&s, 0, d, d->y0);
    for (int k = 0; k < nout; k++) {
        s.t[k + 1] = tout[k];
        sol_set(&s, k + 1, d, y + (long)k * d->n);
    }
    db_traj_residuals(m, &s.tr, s.a, res->residual);
    /* a plugin's outputs that leave the position constraints its formulation
     * enforces (EoM, GGL, oEoM1, oEoM0) are not a solution: in-repo solvers stay
     * within 103 x tol on the quick suite, the bound is 1000 x tol (docs/plugin.md) */
    if (db_plugin_of(spec->solver) && form_enforces_positions(spec->form)) {
        double tol = fmax(spec->rtol, spec->atol);
        if (!(res->residual[0] <= DB_PLUGIN_RESIDUAL_FACTOR * tol + 1e-12)) {
            snprintf(msg, sizeof msg, "the outputs leave the constraints: position residual "
                     "%.3g, more than %.0f x tol (%s enforces them)", res->residual[0],
                     DB_PLUGIN_RESIDUAL_FACTOR, db_form_name(spec->form));
            set_failed_class(res, spec, d, ref, DB_FAIL_INVALID, msg);
            rc = 0;
            goto done;
        }
    }
    if (spec->traj_path && db_traj_dump(spec->traj_path, m, &s.tr, s.a, msg, sizeof msg) != 0)
        snprintf(res->message, sizeof res->message, "time series not written: %.200s", msg);
    res->invariant_drift = db_invariant_drift(m, &s.tr);
    res->have_end = 1;
    res->t_end = tend;
    for (int g = 0; g < DB_NGROUPS; g++) {
        res->size[g] = size[g];
        if (!(res->end[g] = malloc(((size_t)size[g] + 1) * sizeof(double))))
            goto oom;
        memcpy(res->end[g], s.tr.x[g] + (long)nout * size[g], (size_t)size[g] * sizeof(double));
    }
    if (ref->have && spec->end_only) {
        end_measures(spec, res, ref, size);
        comp_errors(spec, res, ref, map, &s, size);
        left_solution_at_end(res, m, ref, size);
    } else if (ref->have) {
        if (sol_alloc(&aligned, nref, size, 0) != 0)
            goto oom;
        for (int k = 0; k < nref; k++) {
            aligned.t[k] = ref->t[k];
            for (int g = 0; g < DB_NGROUPS; g++)
                memcpy(aligned.tr.x[g] + (long)k * size[g],
                       s.tr.x[g] + (long)map[k] * size[g], (size_t)size[g] * sizeof(double));
        }
        db_grid_errors(&aligned.tr, &ref->grid, t0, tend, ref->mag, res->err_grid);
        if (spec->csv_path &&
            db_traj_csv(spec->csv_path, &aligned.tr, &ref->grid, ref->mag, err, errlen) != 0)
            goto fail_csv;
        end_measures(spec, res, ref, size);
        comp_errors(spec, res, ref, map, &s, size);
        db_departure dep;
        if (db_departure_find(m, &aligned.tr, &ref->grid, ref->mag, t0, &dep))
            set_failed(res, dep.klass, dep.why);
    } else {
        if (!res->message[0])
            snprintf(res->message, sizeof res->message, "%s", ref->msg);
        if (spec->csv_path && db_traj_csv(spec->csv_path, &s.tr, NULL, NULL, err, errlen) != 0)
            goto fail_csv;
    }
    if (spec->step_points && step_measures(spec, res, m, d, ref, &sp, err, errlen) != 0)
        goto fail_csv;
    rc = 0;
    goto done;
oom:
    snprintf(err, errlen, "out of memory in run of %s", spec->prob->name);
fail_csv:
    rc = -1;
done:
    db_steppts_free(&sp);
    sol_free(&s);
    sol_free(&aligned);
    free(y);
    free(map);
    free(tout);
    return rc;
}

void db_run_execute_skipped(const db_run_spec *spec, db_run_result *res, const char *reason,
                            const char *msg)
{
    memset(res, 0, sizeof *res);
    res->spec = *spec;
    res->scd = res->mescd = res->ivp_scd = res->lambda_scd = res->invariant_drift = NAN;
    res->comp_err_max = res->comp_t_max = res->comp_err_end = NAN;
    res->comp_step_err_max = res->comp_step_t_max = NAN;
    for (int g = 0; g < DB_NGROUPS; g++)
        res->err_end[g] = res->err_grid[g] = res->step_err[g] = res->step_ref_digits[g] = NAN;
    for (int l = 0; l < 3; l++)
        res->residual[l] = NAN;
    set_failed(res, reason, msg);
}

int db_run_execute(const db_run_spec *spec, db_run_result *res, char *err, size_t errlen)
{
    db_run_execute_skipped(spec, res, "", "");
    if (!(spec->solver->forms & DB_FORM_BIT(spec->form))) {
        res->status = "unsupported";
        snprintf(res->message, sizeof res->message, "solver %s does not accept formulation %s",
                 spec->solver->name, db_form_name(spec->form));
        return 0;
    }
    db_mech m;
    memset(&m, 0, sizeof m);
    char msg[256] = "";
    /* res->spec.par outlives m */
    if (spec->prob->setup(&m, spec->scenario, res->spec.par, msg, sizeof msg) != 0) {
        set_failed(res, "setup", msg[0] ? msg : "problem setup failed");
        return 0;
    }
    db_ref ref;
    if (db_ref_load(&ref, spec->prob, spec->scenario, res->spec.par, &m, err, errlen) != 0) {
        if (spec->prob->teardown)
            spec->prob->teardown(&m);
        return -1;
    }
    db_dae d;
    memset(&d, 0, sizeof d);
    int rc = 0;
    if (db_dae_build(&d, &m, spec->form, msg, sizeof msg) != 0) {
        set_failed(res, "build", msg[0] ? msg : "formulation build failed");
    } else if (spec->solver->supports && !spec->solver->supports(&d, msg, sizeof msg)) {
        /* the solver accepts the formulation but not this problem (solver.h) */
        res->status = "unsupported";
        res->reason[0] = '\0';
        snprintf(res->message, sizeof res->message, "%s",
                 msg[0] ? msg : "solver does not support this problem");
        db_dae_free(&d);
    } else {
        rc = run_measure(spec, res, &m, &d, &ref, err, errlen);
        db_dae_free(&d);
    }
    db_ref_free(&ref);
    if (spec->prob->teardown)
        spec->prob->teardown(&m);
    return rc;
}

void db_run_summary(const db_run_result *res, char *buf, size_t len)
{
    const db_run_spec *s = &res->spec;
    char tol[64];
    if (s->rtol == s->atol)
        snprintf(tol, sizeof tol, "tol=%.0e", s->rtol);
    else
        snprintf(tol, sizeof tol, "rtol=%.0e atol=%.0e", s->rtol, s->atol);
    char status[160];
    if (strcmp(res->status, "failed") == 0)
        snprintf(status, sizeof status, "failed(%s: %.100s)", res->reason, res->message);
    else
        snprintf(status, sizeof status, "%s", res->status);
    char scd[32];
    if (isfinite(res->scd))
        snprintf(scd, sizeof scd, "%.2f", res->scd);
    else
        snprintf(scd, sizeof scd, "null");
    snprintf(buf, len, "%s:%s %s %s%s%s %s %s gscd=%s steps=%ld f_evals=%ld cpu=%.3es",
             s->prob->name, s->prob->scenarios[s->scenario].name, db_form_name(s->form),
             s->solver->name, s->variant ? "/" : "", s->variant ? s->variant : "", tol, status,
             scd, res->counters.steps, res->counters.f_evals,
             res->cpu_seconds);
}
