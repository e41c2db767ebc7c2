/* check.c — "daebench check --baseline F --results F": run-by-run regression
 * check of a bench file against a stored baseline (DESIGN.md §"Timing": counters
 * and accuracy first, time only with a generous margin).  Runs are keyed on
 * problem/scenario/params/formulation/solver/rtol.  A regression is: a baseline
 * run missing from the results; status ok → failed; scd dropping by more than
 * 0.5 digits (or becoming null); steps, f_evals or decompositions growing by more
 * than 10 %; cpu_seconds above 3 × baseline + 5 ms (not with --ignore-cpu, for
 * noisy machines).  Exit 1 listing each
 * regression on one line, 0 when fine, 2 for a missing or corrupt file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "jsonio.h"

#define CHECK_SCD_DROP 0.5
#define CHECK_COUNT_GROWTH 1.10
#define CHECK_CPU_FACTOR 3.0
#define CHECK_CPU_SLACK 0.005

typedef struct {
    char key[512];     /* identity of the run */
    char label[512];   /* for messages */
    int ok;            /* status == "ok" */
    char status[32];
    double scd, cpu;
    double steps, f_evals, decompositions;
} run_view;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* params as "a=1,b=2" with names sorted */
static int params_key(const cJSON *params, char *buf, size_t len, char *err, size_t errlen)
{
    const char *names[64];
    int n = 0;
    const cJSON *it;
    buf[0] = '\0';
    if (!params)
        return 0;
    if (!cJSON_IsObject(params)) {
        snprintf(err, errlen, "field 'params' is not an object");
        return -1;
    }
    cJSON_ArrayForEach(it, params) {
        if (n == 64 || !cJSON_IsNumber(it)) {
            snprintf(err, errlen, "params.%s is not a number", it->string);
            return -1;
        }
        names[n++] = it->string;
    }
    qsort(names, (size_t)n, sizeof names[0], cmp_str);
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        double v = cJSON_GetObjectItemCaseSensitive(params, names[i])->valuedouble;
        used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s=%.10g",
                                 i ? "," : "", names[i], v);
    }
    return 0;
}

static int counter(const cJSON *counters, const char *name, double *out, char *err,
                   size_t errlen)
{
    char sub[128];
    if (db_json_number(counters, name, out, sub, sizeof sub) != 0) {
        snprintf(err, errlen, "counters: %s", sub);
        return -1;
    }
    return 0;
}

static int view_run(const cJSON *r, run_view *v, char *err, size_t errlen)
{
    const char *problem, *scenario, *form, *solver, *status;
    double rtol;
    char pk[256];
    memset(v, 0, sizeof *v);
    if (!cJSON_IsObject(r)) {
        snprintf(err, errlen, "a run is not an object");
        return -1;
    }
    if (db_json_string(r, "problem", &problem, err, errlen) ||
        db_json_string(r, "scenario", &scenario, err, errlen) ||
        db_json_string(r, "formulation", &form, err, errlen) ||
        db_json_string(r, "solver", &solver, err, errlen) ||
        db_json_string(r, "status", &status, err, errlen) ||
        db_json_number(r, "rtol", &rtol, err, errlen) ||
        params_key(cJSON_GetObjectItemCaseSensitive(r, "params"), pk, sizeof pk, err, errlen))
        return -1;
    snprintf(v->key, sizeof v->key, "%s|%s|%s|%s|%s|%.6g", problem, scenario, pk, form, solver,
             rtol);
    snprintf(v->label, sizeof v->label, "%s:%s%s%s%s %s %s rtol=%.0e", problem, scenario,
             pk[0] ? "(" : "", pk, pk[0] ? ")" : "", form, solver, rtol);
    snprintf(v->status, sizeof v->status, "%s", status);
    v->ok = strcmp(status, "ok") == 0;
    v->scd = v->cpu = NAN;
    if (!v->ok)
        return 0;
    const cJSON *c = db_json_object(r, "counters", err, errlen);
    const cJSON *e = c ? db_json_object(r, "error", err, errlen) : NULL;
    if (!c || !e)
        return -1;
    if (counter(c, "steps", &v->steps, err, errlen) ||
        counter(c, "f_evals", &v->f_evals, err, errlen) ||
        counter(c, "decompositions", &v->decompositions, err, errlen) ||
        db_json_number(r, "cpu_seconds", &v->cpu, err, errlen))
        return -1;
    char sub[128];
    if (db_json_number_or_null(e, "scd", &v->scd, sub, sizeof sub) != 0) {
        snprintf(err, errlen, "error: %s", sub);
        return -1;
    }
    return 0;
}

/* read a bench file into views; dies on a missing or corrupt file */
static run_view *load_bench(const char *path, int *count)
{
    char err[512];
    cJSON *j = db_json_read_file(path, err, sizeof err);
    if (!j)
        db_die("check: %s", err);
    const char *schema;
    if (db_json_string(j, "schema", &schema, err, sizeof err) != 0 ||
        strcmp(schema, "daebench.bench/1") != 0) {
        cJSON_Delete(j);
        db_die("check: %s: not a daebench.bench/1 file", path);
    }
    const cJSON *runs = db_json_array(j, "runs", err, sizeof err);
    if (!runs) {
        cJSON_Delete(j);
        db_die("check: %s: %s", path, err);
    }
    int n = cJSON_GetArraySize(runs), k = 0;
    run_view *v = calloc((size_t)n + 1, sizeof *v);
    if (!v) {
        cJSON_Delete(j);
        db_die("check: out of memory");
    }
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        if (view_run(r, &v[k], err, sizeof err) != 0) {
            cJSON_Delete(j);
            free(v);
            db_die("check: %s: run %d: %s", path, k, err);
        }
        k++;
    }
    cJSON_Delete(j);
    *count = n;
    return v;
}

static int grew(double base, double now)
{
    return now > CHECK_COUNT_GROWTH * base && now > base;
}

int db_cmd_check(int argc, char **argv)
{
    const char *basef = NULL, *resf = NULL;
    int use_cpu = 1;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--ignore-cpu") == 0)
            use_cpu = 0;
        else if (strcmp(argv[i], "--baseline") == 0)
            basef = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--results") == 0)
            resf = db_cli_value(argc, argv, &i);
        else
            db_die("check: unknown option '%s'", argv[i]);
    }
    if (!basef || !resf)
        db_die("check: --baseline FILE and --results FILE are required");
    int nb, nr;
    run_view *b = load_bench(basef, &nb);
    run_view *r = load_bench(resf, &nr);
    int *matched = calloc((size_t)nr + 1, sizeof *matched);
    if (!matched)
        db_die("check: out of memory");
    int regressions = 0, missing = 0, compared = 0, improved = 0;
    for (int i = 0; i < nb; i++) {
        const run_view *x = &b[i];
        int j;
        for (j = 0; j < nr; j++)
            if (!matched[j] && strcmp(r[j].key, x->key) == 0)
                break;
        if (j == nr) {
            printf("REGRESSION %s: missing from the results\n", x->label);
            regressions++;
            missing++;
            continue;
        }
        matched[j] = 1;
        compared++;
        const run_view *y = &r[j];
        if (x->ok && !y->ok) {
            printf("REGRESSION %s: status ok -> %s\n", x->label, y->status);
            regressions++;
            continue;
        }
        if (!x->ok || !y->ok) {
            if (!x->ok && y->ok)
                improved++;
            continue;
        }
        if (isfinite(x->scd) && (!isfinite(y->scd) || x->scd - y->scd > CHECK_SCD_DROP)) {
            printf("REGRESSION %s: scd %.2f -> %.2f (drop > %.1f)\n", x->label, x->scd, y->scd,
                   CHECK_SCD_DROP);
            regressions++;
        }
        const struct { const char *name; double base, now; } cnt[] = {
            {"steps", x->steps, y->steps},
            {"f_evals", x->f_evals, y->f_evals},
            {"decompositions", x->decompositions, y->decompositions},
        };
        for (size_t c = 0; c < sizeof cnt / sizeof cnt[0]; c++)
            if (grew(cnt[c].base, cnt[c].now)) {
                printf("REGRESSION %s: %s %.0f -> %.0f (+%.0f%% > 10%%)\n", x->label, cnt[c].name,
                       cnt[c].base, cnt[c].now,
                       cnt[c].base > 0 ? 100.0 * (cnt[c].now / cnt[c].base - 1.0) : INFINITY);
                regressions++;
            }
        if (use_cpu && y->cpu > CHECK_CPU_FACTOR * x->cpu + CHECK_CPU_SLACK) {
            printf("REGRESSION %s: cpu_seconds %.3g -> %.3g (more than %.0fx)\n", x->label, x->cpu,
                   y->cpu, CHECK_CPU_FACTOR);
            regressions++;
        }
        if (y->scd - x->scd > CHECK_SCD_DROP || y->f_evals < x->f_evals / CHECK_COUNT_GROWTH)
            improved++;
    }
    int extra = 0;
    for (int j = 0; j < nr; j++)
        extra += !matched[j];
    printf("check: %d baseline runs, %d compared, %d missing, %d new, %d improved, "
           "%d regressions: %s\n",
           nb, compared, missing, extra, improved, regressions, regressions ? "FAIL" : "ok");
    free(matched);
    free(b);
    free(r);
    return regressions ? 1 : 0;
}
