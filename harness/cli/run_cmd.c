/* run_cmd.c — "daebench run": options of one run, its summary line, and the run
 * record written atomically with --json (DESIGN.md §"The program", §"JSON"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/cli/help.h"
#include "harness/cli/commands.h"
#include "harness/run/isolate.h"
#include "io/jsonio.h"
#include "harness/cli/names.h"
#include "harness/run/plugin.h"
#include "harness/results/record.h"
#include "harness/run/run.h"

/* the options of one run into a spec (strings point into argv, which must outlive
 * it); bad input stops the program with exit status 2 */
void db_run_parse_args(int argc, char **argv, db_run_spec *out, const char **json_out)
{
    const char *pspec = NULL, *fname = NULL, *sname = NULL, *json = NULL, *variant = NULL;
    const char *csv = NULL, *steps_csv = NULL;
    const char *params[64];
    int nparams = 0;
    double tol = 0, rtol = 0, atol = 0, max_cpu = 0;
    long max_steps = 0;
    double h0 = 0;
    int end_only = 0, comp_group = -1, comp_index = 0, step_points = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-p") == 0 || strcmp(a, "--problem") == 0)
            pspec = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "-f") == 0 || strcmp(a, "--formulation") == 0)
            fname = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "-s") == 0 || strcmp(a, "--solver") == 0)
            sname = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--tol") == 0 || strcmp(a, "--rtol") == 0 ||
                 strcmp(a, "--atol") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            double x;
            if (db_parse_positive(v, &x) != 0 || !db_tol_ok(x))
                db_die("run: bad %s '%s' (expected a number in [%g, %g])", a, v, DB_TOL_MIN,
                       DB_TOL_MAX);
            *(a[2] == 't' ? &tol : a[2] == 'r' ? &rtol : &atol) = x;
        } else if (strcmp(a, "--param") == 0) {
            if (nparams >= 64)
                db_die("run: too many --param");
            params[nparams++] = db_cli_value(argc, argv, &i);
        } else if (strcmp(a, "--max-steps") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            if (db_parse_count(v, &max_steps) != 0 || max_steps == 0)
                db_die("run: bad --max-steps '%s'", v);
        } else if (strcmp(a, "--max-cpu") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            if (db_parse_positive(v, &max_cpu) != 0)
                db_die("run: bad --max-cpu '%s'", v);
        } else if (strcmp(a, "--variant") == 0) {
            variant = db_cli_value(argc, argv, &i);
            if (!*variant)
                db_die("run: empty --variant");
        } else if (strcmp(a, "--h0") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            if (db_parse_positive(v, &h0) != 0)
                db_die("run: bad --h0 '%s' (expected a positive number)", v);
        } else if (strcmp(a, "--end-only") == 0) {
            end_only = 1;
        } else if (strcmp(a, "--component") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            static const char groups[] = "pvlm";
            char g = 0, tail = 0;
            int idx = -1;
            if (sscanf(v, "%c:%d%c", &g, &idx, &tail) != 2 || !strchr(groups, g) || g == 0 ||
                idx < 0)
                db_die("run: bad --component '%s' (expected G:I, G one of p v l m, I >= 0)", v);
            comp_group = (int)(strchr(groups, g) - groups);
            comp_index = idx;
        } else if (strcmp(a, "--json") == 0)
            json = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--trajectory") == 0)
            csv = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--step-points") == 0)
            step_points = 1;
        else if (strcmp(a, "--steps-out") == 0) {
            steps_csv = db_cli_value(argc, argv, &i);
            step_points = 1;
        }
        else
            db_die_unknown_option("run", a);
    }
    if (!pspec || !fname || !sname)
        db_die("run: -p PROBLEM, -f FORMULATION and -s SOLVER are required");
    int sc;
    const db_problem *prob = db_cli_problem(pspec, &sc);
    int form = db_cli_form("run", fname);
    const db_solver *solver = db_cli_solver("run", sname);
    if (!(solver->forms & DB_FORM_BIT(form)))
        db_die("run: solver %s does not accept formulation %s", solver->name, fname);
    if (rtol == 0)
        rtol = tol;
    if (atol == 0)
        atol = tol;
    if (rtol == 0 || atol == 0)
        db_die("run: --tol T (or both --rtol and --atol) is required");
    if (prob->nparams > DB_MAX_PARAMS)
        db_die("run: problem %s has more than %d parameters", prob->name, DB_MAX_PARAMS);
    /* the outputs are checked before the run (a directory, a FIFO, a missing or
     * read-only directory, a path too long): refused now, not after the work */
    const char *outs[3][2] = {{"--json", json}, {"--trajectory", csv}, {"--steps-out", steps_csv}};
    for (int k = 0; k < 3; k++) {
        char why[600];
        if (outs[k][1] && db_output_check(outs[k][1], why, sizeof why) != 0)
            db_die("run: %s: %s", outs[k][0], why);
    }
    if (step_points && !solver->step_points)
        db_die("run: solver %s does not report its step points (--step-points, --steps-out)",
               solver->name);

    db_run_spec spec;
    db_run_spec_init(&spec, prob, sc, (db_form)form, solver, rtol, atol);
    spec.max_steps = max_steps;
    spec.max_cpu = max_cpu;
    spec.variant = variant;
    spec.csv_path = csv;
    spec.h0 = h0;
    spec.end_only = end_only;
    spec.comp_group = comp_group;
    spec.comp_index = comp_index;
    spec.step_points = step_points;
    spec.steps_csv = steps_csv;
    unsigned set = 0;
    for (int k = 0; k < nparams; k++)
        db_cli_param(prob, params[k], spec.par, &set);
    *out = spec;
    if (json_out)
        *json_out = json;
}

/* the summary of --step-points: count, errors per group, the --component's there */
static void print_step_points(const db_run_result *res)
{
    printf("step points: %ld (steps %ld)", res->nsteppts, res->counters.steps);
    if (!isfinite(res->step_err[DB_GP]) && !isfinite(res->step_err[DB_GV])) {
        printf(", no reference: no errors\n");
        return;
    }
    printf(", largest error");
    for (int g = 0; g < DB_NGROUPS; g++)
        if (res->size[g] > 0)
            printf(" %s %.3e", db_group_names[g], res->step_err[g]);
    printf("\nreference at the step points: %s", res->step_ref);
    if (isfinite(res->step_ref_digits[DB_GP])) {
        printf("; agrees with the stored reference to");
        for (int g = 0; g < DB_NGROUPS; g++)
            if (res->size[g] > 0)
                printf(" %s %.1f", db_group_names[g], res->step_ref_digits[g]);
        printf(" digits on its grid");
    }
    printf("\n");
    if (res->spec.comp_group >= 0 && isfinite(res->comp_step_err_max))
        printf("component %c:%d at the step points: max abs error %.4e at t = %.6g\n",
               "pvlm"[res->spec.comp_group], res->spec.comp_index, res->comp_step_err_max,
               res->comp_step_t_max);
}

int db_cmd_run(int argc, char **argv)
{
    db_run_spec spec;
    const char *json = NULL;
    db_run_parse_args(argc, argv, &spec, &json);
    int comp_group = spec.comp_group, comp_index = spec.comp_index;
    db_run_result res;
    char err[512];
    /* every run runs in a child process (isolate.h): a solver that crashes or
     * loops is a failed run, not a crash of daebench; with --max-cpu S the
     * child's CPU limit is S and covers the whole run (set-up, consistent
     * initial values, the integration, timing, measuring; issue 28, item 9),
     * and the timing repeats stop after S/4 so that they stay within it */
    db_isolate_limits lim;
    db_isolate_limits_run(&spec, db_plugin_of(spec.solver) != NULL, &lim);
    if (spec.max_cpu > 0)
        spec.timing_cap = fmin(DB_TIMING_MAX_SECONDS, 0.25 * spec.max_cpu);
    int irc = db_run_isolated(&spec, &lim, &res, err, sizeof err);
    if (irc == 1) { /* its process stopped from outside (SIGTERM, SIGHUP): no record */
        fprintf(stderr, "daebench: run: interrupted (the run's process was stopped)\n");
        return 130;
    }
    if (irc != 0)
        db_die("run: %s", err);
    /* a variant the solver refuses is bad input, not a failed run: nothing written */
    if (spec.variant && strcmp(res.status, "failed") == 0 && strcmp(res.reason, "input") == 0 &&
        strstr(res.message, "variant")) {
        char m[512];
        snprintf(m, sizeof m, "%s", res.message);
        db_run_result_free(&res);
        db_die("run: %s", m);
    }
    char line[512];
    db_run_summary(&res, line, sizeof line);
    printf("%s\n", line);
    if (spec.csv_path && strcmp(res.status, "ok") != 0)
        fprintf(stderr, "daebench: run: no trajectory written (the run is %s)\n", res.status);
    if (comp_group >= 0 && strcmp(res.status, "ok") == 0) {
        if (comp_index >= res.size[comp_group])
            db_die("run: --component %c:%d: the group has %d components", "pvlm"[comp_group],
                   comp_index, res.size[comp_group]);
        printf("component %c:%d: max abs error %.4e at t = %.6g, at t_end %.4e\n",
               "pvlm"[comp_group], comp_index, res.comp_err_max, res.comp_t_max,
               res.comp_err_end);
    }
    if (spec.step_points && strcmp(res.status, "ok") == 0)
        print_step_points(&res);
    else if (spec.steps_csv)
        fprintf(stderr, "daebench: run: no step points written (the run is %s)\n", res.status);
    /* 0 ok, 1 a run that is not ok (failed or unsupported), 2 bad input */
    int rc = strcmp(res.status, "ok") == 0 ? 0 : 1;
    if (json) {
        cJSON *rec = db_record_json(&res);
        if (db_json_write_atomic(json, rec, err, sizeof err) != 0) {
            fprintf(stderr, "daebench: run: %s\n", err);
            rc = DB_EXIT_BAD_INPUT;
        }
        cJSON_Delete(rec);
    }
    db_run_result_free(&res);
    return rc;
}
