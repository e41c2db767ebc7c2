/* solution.c — the picture of the reference solution of a report page
 * (solution.h): positions over time from the exact solution or the stored
 * reference grid (reference.h, the loader the measures use). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "io/escape.h"
#include "io/jsonio.h"
#include "plots/gnuplot.h"
#include "plots/solution.h"
#include "reference/reference.h"
#include "testset/registry.h"

int db_solution_pick(const double *x, int nt, int np, int *idx)
{
    int n = 0;
    double range[DB_SOLUTION_CURVES];
    for (int i = 0; i < np; i++) {
        double lo = INFINITY, hi = -INFINITY;
        for (int k = 0; k < nt; k++) {
            double y = x[(size_t)k * np + i];
            if (isfinite(y)) {
                lo = fmin(lo, y);
                hi = fmax(hi, y);
            }
        }
        double w = hi >= lo ? hi - lo : -1;
        /* insert into the list of the largest ranges (stable: earlier wins ties) */
        int at = n;
        while (at > 0 && w > range[at - 1])
            at--;
        if (at >= DB_SOLUTION_CURVES)
            continue;
        int last = n < DB_SOLUTION_CURVES ? n : DB_SOLUTION_CURVES - 1;
        for (int j = last; j > at; j--) {
            range[j] = range[j - 1];
            idx[j] = idx[j - 1];
        }
        range[at] = w;
        idx[at] = i;
        if (n < DB_SOLUTION_CURVES)
            n++;
    }
    /* index order */
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && idx[b] < idx[b - 1]; b--) {
            int t = idx[b];
            idx[b] = idx[b - 1];
            idx[b - 1] = t;
        }
    return n;
}

int db_solution_plot(const cJSON *r, const char *outbase, const char *scriptdir, char *why,
                     size_t whylen)
{
    const cJSON *jp = cJSON_GetObjectItemCaseSensitive(r, "problem");
    const cJSON *js = cJSON_GetObjectItemCaseSensitive(r, "scenario");
    const db_problem *prob = cJSON_IsString(jp) ? db_problem_find(jp->valuestring) : NULL;
    int sc = -1;
    for (int k = 0; prob && cJSON_IsString(js) && k < prob->nscenarios; k++)
        if (!strcmp(prob->scenarios[k].name, js->valuestring))
            sc = k;
    if (!prob || sc < 0) {
        snprintf(why, whylen, "not a problem of this catalogue");
        return 0;
    }
    double par[DB_MAX_PARAMS];
    db_cli_param_defaults(prob, par);
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(r, "params");
    for (int i = 0; i < prob->nparams; i++) {
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(params, prob->params[i].name);
        if (cJSON_IsNumber(x))
            par[i] = x->valuedouble;
    }
    db_mech m;
    memset(&m, 0, sizeof m);
    char msg[256] = "", err[600] = "";
    if (prob->setup(&m, sc, par, msg, sizeof msg) != 0) {
        snprintf(why, whylen, "set-up failed: %s", msg);
        return 0;
    }
    db_ref ref;
    int rc = db_ref_load(&ref, prob, sc, par, &m, err, sizeof err);
    if (prob->teardown)
        prob->teardown(&m);
    if (rc != 0) {
        fprintf(stderr, "plot: %s %s: solution: %s\n", prob->name, js->valuestring, err);
        return -1;
    }
    if (!ref.have || ref.grid.nt < 2 || ref.grid.size[DB_GP] < 1) {
        snprintf(why, whylen, "%s", ref.have ? "the reference has no positions" : ref.msg);
        db_ref_free(&ref);
        return 0;
    }
    int np = ref.grid.size[DB_GP], nt = ref.grid.nt, idx[DB_SOLUTION_CURVES];
    int n = db_solution_pick(ref.grid.x[DB_GP], nt, np, idx);
    char path[DB_PATH_MAX], tmp[DB_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s-solution.dat", outbase);
    FILE *f = db_out_open(path, tmp, sizeof tmp, err, sizeof err);
    if (!f) {
        fprintf(stderr, "plot: %s\n", err);
        db_ref_free(&ref);
        return -1;
    }
    fprintf(f, "# daebench reference solution of %s:%s: %s\n", prob->name, js->valuestring,
            ref.source);
    fprintf(f, "# %d of the %d positions (those that vary most); columns: t", n, np);
    for (int j = 0; j < n; j++)
        fprintf(f, " p%d", idx[j] + 1);
    fprintf(f, "\n");
    for (int k = 0; k < nt; k++) {
        fprintf(f, "%.17g", ref.t[k]);
        for (int j = 0; j < n; j++)
            fprintf(f, " %.17g", ref.grid.x[DB_GP][(size_t)k * np + idx[j]]);
        fprintf(f, "\n");
    }
    int exact = prob->exact != NULL;
    db_ref_free(&ref);
    if (db_out_commit(f, tmp, path, err, sizeof err) != 0) {
        fprintf(stderr, "plot: %s\n", err);
        return -1;
    }
    char titles[DB_SOLUTION_CURVES * 16] = "", expr[DB_PATH_MAX * 2 + 1024], script[4200];
    for (int j = 0; j < n; j++) {
        size_t u = strlen(titles);
        snprintf(titles + u, sizeof titles - u, "%sp_{%d}", j ? " " : "", idx[j] + 1);
    }
    snprintf(expr, sizeof expr,
             "datfile='%s'; outbase='%s'; titles='%s'; "
             "ptitle='%s %s: the reference solution (%s), %d of %d positions'",
             db_esc_gnuplot(path), db_esc_gnuplot(outbase), titles, db_esc_gnuplot(prob->name),
             db_esc_gnuplot(js->valuestring), exact ? "exact" : "stored reference grid", n, np);
    snprintf(script, sizeof script, "%s/solution.gp", scriptdir);
    if (db_gnuplot_run("plot", expr, script, outbase) != 0)
        return -1;
    printf("%s-solution.png %s-solution.svg (%d of %d positions)\n", outbase, outbase, n, np);
    return 1;
}
