/* check.c — "daebench check --baseline F --results F": run-by-run regression
 * check of a bench file against a stored baseline (DESIGN.md §"Timing": counters
 * and accuracy first, time only with a generous margin; issue 8 "Regression
 * check").  Runs are keyed on problem/scenario/params/formulation/solver/rtol.
 * A regression is: a baseline run missing from the results; status ok → failed
 * (unless the run is an expected failure, expected_failures.c: then it is listed
 * as EXPECTED); a run new in the results that fails and is not expected; scd
 * dropping by more than 0.5 digits (or becoming null); steps, f_evals or
 * decompositions growing by more than 10 %; cpu_seconds above margin ×
 * baseline + 5 ms, where margin is noise-aware: 3, or more when the spread of
 * the ratios now/baseline over all runs is wide, exp(median + 4·1.4826·MAD) of
 * their logarithms (a slower machine or a noisy one; needs >= 8 runs of >= 1 ms;
 * --ignore-cpu drops the time test).  Prints a table of the regressions and
 * exits 1; otherwise one summary line and exit 0; a run listed as an expected
 * failure that now passes is reported (XPASS) without failing; exit 2 for a
 * missing or corrupt file.  A baseline run of a solver this build lacks (the
 * optional ida) is counted as "not built", not as missing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "benchfile.h"
#include "coverage.h"
#include "escape.h"
#include "jsonio.h"
#include "record.h"
#include "solvers/solver.h"

#define CHECK_SCD_DROP 0.5
#define CHECK_COUNT_GROWTH 1.10
#define CHECK_CPU_FACTOR 3.0
#define CHECK_CPU_SLACK 0.005

typedef struct {
    char key[512];     /* identity of the run */
    char label[512];   /* for messages */
    int ok;            /* status == "ok" */
    char status[32];
    char reason[64];
    const char *xfail;  /* reason of its expected_failures.c entry, or NULL */
    int built;         /* its solver is in this build (optional ones: ida) */
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
    db_record_id id;
    char pk[256];
    memset(v, 0, sizeof *v);
    if (db_record_id_read(r, "a run", &id, err, errlen) ||
        params_key(cJSON_GetObjectItemCaseSensitive(r, "params"), pk, sizeof pk, err, errlen))
        return -1;
    const char *problem = id.problem, *scenario = id.scenario, *form = id.formulation;
    const char *solver = id.solver, *status = id.status;
    double rtol = id.rtol;
    snprintf(v->key, sizeof v->key, "%s|%s|%s|%s|%s|%.6g", problem, scenario, pk, form, solver,
             rtol);
    /* a plugin's run (it names its file) is never optional: missing is missing */
    v->built = db_solver_find(solver) != NULL || cJSON_GetObjectItemCaseSensitive(r, "plugin");
    snprintf(v->label, sizeof v->label, "%s:%s %s %s rtol=%.0e", problem, scenario, form, solver,
             rtol);
    const db_xfail *xf = db_xfail_find(r);
    v->xfail = xf ? xf->reason : NULL;
    const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "reason"));
    snprintf(v->reason, sizeof v->reason, "%s", db_esc_term(why));
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
    cJSON *j = db_bench_read(path, err, sizeof err); /* benchfile.h */
    if (!j)
        db_die("check: %s", err);
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
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

static const run_view *match_of; /* qsort has no context argument */

static int by_key(const void *x, const void *y)
{
    int i = *(const int *)x, j = *(const int *)y;
    int c = strcmp(match_of[i].key, match_of[j].key);
    return c ? c : (i > j) - (i < j);
}

/* match[i] = the first result run (in file order) not matched before whose key
 * is that of baseline run i, or -1; matched[j] marks the result runs taken.
 * A sorted index and binary search: n log n, not nb × nr (issue 15). */
static void match_runs(const run_view *b, int nb, const run_view *r, int nr, int *match,
                       int *matched)
{
    int *ix = malloc(((size_t)nr + 1) * sizeof *ix);
    int *taken = calloc((size_t)nr + 1, sizeof *taken);
    if (!ix || !taken)
        db_die("check: out of memory");
    for (int j = 0; j < nr; j++)
        ix[j] = j;
    match_of = r;
    qsort(ix, (size_t)nr, sizeof *ix, by_key);
    for (int i = 0; i < nb; i++) {
        int lo = 0, hi = nr;
        while (lo < hi) { /* the first index entry with a key >= b[i].key */
            int mid = lo + (hi - lo) / 2;
            if (strcmp(r[ix[mid]].key, b[i].key) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        /* the runs of one key are taken front to back: taken[lo] of them so far */
        int at = lo + taken[lo];
        match[i] = -1;
        if (at < nr && strcmp(r[ix[at]].key, b[i].key) == 0) {
            matched[ix[at]] = 1;
            match[i] = ix[at];
            taken[lo]++;
        }
    }
    free(ix);
    free(taken);
}

/* the table of regressions */
typedef struct {
    const char *label;
    char what[32], base[32], now[32], change[160];
} row;

typedef struct {
    row *r;
    int n, cap;
} table;

static row *add_row(table *t, const char *label, const char *what)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        row *g = realloc(t->r, (size_t)t->cap * sizeof *g);
        if (!g)
            db_die("check: out of memory");
        t->r = g;
    }
    row *r = &t->r[t->n++];
    memset(r, 0, sizeof *r);
    r->label = label;
    snprintf(r->what, sizeof r->what, "%s", what);
    return r;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* the noise-aware CPU margin (see the top of the file) */
static double cpu_margin(const run_view *b, int nb, const run_view *r, const int *match)
{
    double *lr = malloc(((size_t)nb + 1) * sizeof *lr);
    if (!lr)
        db_die("check: out of memory");
    int n = 0;
    for (int i = 0; i < nb; i++) {
        int j = match[i];
        if (j >= 0 && b[i].ok && r[j].ok && b[i].cpu >= 1e-3 && r[j].cpu >= 1e-3)
            lr[n++] = log(r[j].cpu / b[i].cpu);
    }
    double margin = CHECK_CPU_FACTOR;
    if (n >= 8) {
        qsort(lr, (size_t)n, sizeof *lr, cmp_double);
        double med = n % 2 ? lr[n / 2] : 0.5 * (lr[n / 2 - 1] + lr[n / 2]);
        for (int i = 0; i < n; i++)
            lr[i] = fabs(lr[i] - med);
        qsort(lr, (size_t)n, sizeof *lr, cmp_double);
        double mad = n % 2 ? lr[n / 2] : 0.5 * (lr[n / 2 - 1] + lr[n / 2]);
        double m = exp(med + 4.0 * 1.4826 * mad);
        if (m > margin)
            margin = m;
    }
    free(lr);
    return margin;
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
    int *match = calloc((size_t)nb + 1, sizeof *match);
    if (!matched || !match)
        db_die("check: out of memory");
    match_runs(b, nb, r, nr, match, matched);
    double margin = cpu_margin(b, nb, r, match);
    table t = {0};
    int missing = 0, compared = 0, improved = 0, expected = 0, xpass = 0, newfail = 0;
    int notbuilt = 0;
    for (int i = 0; i < nb; i++) {
        const run_view *x = &b[i];
        if (match[i] < 0 && !x->built) {
            notbuilt++;   /* an optional solver (ida) this build lacks: not a regression */
            continue;
        }
        if (match[i] < 0) {
            row *w = add_row(&t, x->label, "missing");
            snprintf(w->base, sizeof w->base, "%s", x->status);
            snprintf(w->now, sizeof w->now, "-");
            snprintf(w->change, sizeof w->change, "missing from the results");
            missing++;
            continue;
        }
        compared++;
        const run_view *y = &r[match[i]];
        if (x->ok && !y->ok) {
            if (y->xfail) {
                expected++;
                printf("EXPECTED   %s: status ok -> %s (%s): %.120s\n", x->label, y->status,
                       y->reason, y->xfail);
                continue;
            }
            row *w = add_row(&t, x->label, "status");
            snprintf(w->base, sizeof w->base, "ok");
            snprintf(w->now, sizeof w->now, "%s", y->status);
            snprintf(w->change, sizeof w->change, "status ok -> %s%s%s", y->status,
                     y->reason[0] ? ": " : "", y->reason);
            continue;
        }
        if (!x->ok || !y->ok) {
            if (!x->ok && y->ok)
                improved++;
            continue;
        }
        if (isfinite(x->scd) && (!isfinite(y->scd) || x->scd - y->scd > CHECK_SCD_DROP)) {
            row *w = add_row(&t, x->label, "scd");
            snprintf(w->base, sizeof w->base, "%.2f", x->scd);
            if (isfinite(y->scd)) {
                snprintf(w->now, sizeof w->now, "%.2f", y->scd);
                snprintf(w->change, sizeof w->change, "scd %.2f -> %.2f (drop > %.1f)", x->scd,
                         y->scd, CHECK_SCD_DROP);
            } else {
                snprintf(w->now, sizeof w->now, "null");
                snprintf(w->change, sizeof w->change, "scd %.2f -> null", x->scd);
            }
        }
        const struct { const char *name; double base, now; } cnt[] = {
            {"steps", x->steps, y->steps},
            {"f_evals", x->f_evals, y->f_evals},
            {"decompositions", x->decompositions, y->decompositions},
        };
        for (size_t c = 0; c < sizeof cnt / sizeof cnt[0]; c++)
            if (grew(cnt[c].base, cnt[c].now)) {
                row *w = add_row(&t, x->label, cnt[c].name);
                snprintf(w->base, sizeof w->base, "%.0f", cnt[c].base);
                snprintf(w->now, sizeof w->now, "%.0f", cnt[c].now);
                snprintf(w->change, sizeof w->change, "%s %.0f -> %.0f (+%.0f%% > 10%%)",
                         cnt[c].name, cnt[c].base, cnt[c].now,
                         cnt[c].base > 0 ? 100.0 * (cnt[c].now / cnt[c].base - 1.0) : INFINITY);
            }
        if (use_cpu && y->cpu > margin * x->cpu + CHECK_CPU_SLACK) {
            row *w = add_row(&t, x->label, "cpu_seconds");
            snprintf(w->base, sizeof w->base, "%.3g", x->cpu);
            snprintf(w->now, sizeof w->now, "%.3g", y->cpu);
            snprintf(w->change, sizeof w->change, "cpu_seconds %.3g -> %.3g (more than %.1fx)",
                     x->cpu, y->cpu, margin);
        }
        if (y->scd - x->scd > CHECK_SCD_DROP || y->f_evals < x->f_evals / CHECK_COUNT_GROWTH)
            improved++;
    }
    int extra = 0;
    for (int j = 0; j < nr; j++) {
        const run_view *y = &r[j];
        if (y->ok && y->xfail) {
            xpass++;
            printf("XPASS      %s: listed as an expected failure, now passes (narrow or remove "
                   "its entry in harness/expected_failures.c)\n", y->label);
        }
        if (matched[j])
            continue;
        extra++;
        if (strcmp(y->status, "failed") == 0) {
            if (y->xfail) {
                expected++;
                continue;
            }
            row *w = add_row(&t, y->label, "status");
            snprintf(w->base, sizeof w->base, "-");
            snprintf(w->now, sizeof w->now, "%s", y->status);
            snprintf(w->change, sizeof w->change, "new run fails: %s (not an expected failure)",
                     y->reason);
            newfail++;
        }
    }
    if (t.n) {
        int lw = 3;
        for (int k = 0; k < t.n; k++)
            if ((int)strlen(t.r[k].label) > lw)
                lw = (int)strlen(t.r[k].label);
        printf("%-10s %-*s  %-14s %10s %10s  %s\n", "", lw, "run", "what", "baseline", "now",
               "change");
        for (int k = 0; k < t.n; k++)
            printf("REGRESSION %-*s  %-14s %10s %10s  %s\n", lw, t.r[k].label, t.r[k].what,
                   t.r[k].base, t.r[k].now, t.r[k].change);
    }
    printf("check: %d baseline runs, %d compared, %d missing, %d new (%d failing), %d improved, "
           "%d expected failures, %d xpass, %d of solvers not built, cpu margin %.1fx%s, "
           "%d regressions: %s\n",
           nb, compared, missing, extra, newfail, improved, expected, xpass, notbuilt, margin,
           use_cpu ? "" : " (ignored)", t.n, t.n ? "FAIL" : "ok");
    free(t.r);
    free(matched);
    free(match);
    free(b);
    free(r);
    return t.n ? 1 : 0;
}
