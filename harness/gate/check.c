/* check.c — "daebench check --baseline F --results F": the run-by-run regression
 * gate of a bench file against a stored baseline (docs/check.md; issues 8, 14).
 * Runs are keyed on problem/scenario/params/formulation/solver/variant/rtol.
 * Compared, for every baseline run: the status and the class of the failure
 * reason (ok → failed, ok → unsupported, unsupported → failed, failed → crashed,
 * a changed reason; a failure listed in expected_failures.c with the same reason
 * class is EXPECTED, not a regression); a run missing from the results (a solver
 * the build lacks counts as missing unless the baseline's "optional" list or
 * --optional names it); for ok runs: the accuracy measure (--measure, default
 * gscd), every error (end and grid of p, v, λ, μ), the residual on every level,
 * the invariant drift, every counter by name (extras too), and the CPU time
 * normalised by the files' calibrations (calibration.h) per run and as a
 * geometric mean per solver.  Every threshold is in check_thresholds.c and can
 * be overridden (--NAME VALUE).  A run new in the results that fails (not
 * expected) is a regression too.  Output: one summary line per solver, the
 * regressions sorted by severity, the improvements; --format text|md|json.
 * Exit 1 on a regression, 0 otherwise, 2 for bad input (a missing or corrupt
 * file).  Everything that can end the program does so before the output is
 * built (fuzz/fuzz_check.c compiles this file with db_die returning). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/help.h"
#include "harness/gate/calibration.h"
#include "harness/gate/check.h"
#include "harness/gate/check_thresholds.h"
#include "harness/gate/curves.h"
#include "harness/gate/machine.h"
#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "harness/results/benchfile.h"
#include "io/escape.h"
#include "harness/sweep/coverage.h"
#include "io/jsonio.h"
#include "reference/measure_names.h"
#include "reference/measures.h"
#include "harness/results/record.h"
#include "solvers/solver.h"

typedef struct {
    const cJSON *r;    /* the record */
    char key[600];     /* identity of the run */
    char label[600];   /* for messages */
    const char *solver, *status;
    char reason[300];  /* escaped for the terminal (escape.h) */
    int ok;
    double cpu;
} run_view;

typedef struct {
    cJSON *root;
    run_view *v;
    int n;
    double cal;        /* calibration seconds, NAN without */
} bench_file;

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

/* an object whose members are numbers or null (or absent: ok) */
static int numbers_or_null(const cJSON *r, const char *name, char *err, size_t errlen)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(r, name), *it;
    if (!o || cJSON_IsNull(o))
        return 0;
    if (!cJSON_IsObject(o)) {
        snprintf(err, errlen, "field '%s' is not an object", name);
        return -1;
    }
    cJSON_ArrayForEach(it, o) {
        if (!cJSON_IsNumber(it) && !cJSON_IsNull(it) && !cJSON_IsObject(it)) {
            snprintf(err, errlen, "%s.%s is not a number", name, it->string);
            return -1;
        }
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
    const char *variant = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "variant"));
    v->r = r;
    v->solver = id.solver;
    v->status = id.status;
    snprintf(v->key, sizeof v->key, "%s|%s|%s|%s|%s|%s|%.6g", id.problem, id.scenario, pk,
             id.formulation, id.solver, variant ? variant : "", id.rtol);
    snprintf(v->label, sizeof v->label, "%s:%s %s %s%s%s rtol=%.0e", id.problem, id.scenario,
             id.formulation, id.solver, variant ? "/" : "", variant ? variant : "", id.rtol);
    const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "reason"));
    snprintf(v->reason, sizeof v->reason, "%s", db_esc_term(why ? why : ""));
    v->ok = strcmp(id.status, "ok") == 0;
    v->cpu = NAN;
    if (!v->ok)
        return 0;
    const cJSON *c = db_json_object(r, "counters", err, errlen), *it;
    if (!c || !db_json_object(r, "error", err, errlen) ||
        db_json_number(r, "cpu_seconds", &v->cpu, err, errlen))
        return -1;
    cJSON_ArrayForEach(it, c) {
        if (!cJSON_IsNumber(it)) {
            snprintf(err, errlen, "counters.%s is not a number", it->string);
            return -1;
        }
    }
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
    if (numbers_or_null(r, "error", err, errlen) || numbers_or_null(r, "residual", err, errlen) ||
        numbers_or_null(e, "end", err, errlen) || numbers_or_null(e, "grid", err, errlen))
        return -1;
    return 0;
}

/* read a bench file; 0, or -1 with a message (nothing left allocated) */
static int load_bench(const char *path, bench_file *b, char *err, size_t errlen)
{
    char sub[512];
    memset(b, 0, sizeof *b);
    cJSON *j = db_bench_read(path, sub, sizeof sub); /* benchfile.h: one validator */
    if (!j) {
        snprintf(err, errlen, "%s", sub);
        return -1;
    }
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
    int n = cJSON_GetArraySize(runs), k = 0;
    run_view *v = calloc((size_t)n + 1, sizeof *v);
    if (!v) {
        cJSON_Delete(j);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        if (view_run(r, &v[k], sub, sizeof sub) != 0) {
            snprintf(err, errlen, "%s: run %d: %s", path, k, sub);
            cJSON_Delete(j);
            free(v);
            return -1;
        }
        k++;
    }
    b->root = j;
    b->v = v;
    b->n = n;
    b->cal = db_calibration_seconds(j);
    return 0;
}

static void free_bench(bench_file *b)
{
    cJSON_Delete(b->root);
    free(b->v);
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
 * A sorted index and binary search: n log n, not nb x nr. */
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
    if (nr > 1)
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

/* ---- findings: regressions and improvements ---- */

typedef struct {
    const char *label, *solver;
    const char *key;   /* a curve finding: its series' key; NULL for a run */
    char what[48], base[32], now[32], change[480];
    double severity;   /* statuses 50..100, numbers in digits of growth */
} finding;

typedef struct {
    finding *f;
    int n, cap;
} findings;

static finding *add(findings *t, const run_view *x, const char *what, double severity)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        finding *g = realloc(t->f, (size_t)t->cap * sizeof *g);
        if (!g) {
            fprintf(stderr, "daebench: check: out of memory\n");
            exit(2);
        }
        t->f = g;
    }
    finding *r = &t->f[t->n++];
    memset(r, 0, sizeof *r);
    r->label = x->label;
    r->solver = x->solver;
    r->severity = severity;
    snprintf(r->what, sizeof r->what, "%s", what);
    return r;
}

static int by_severity(const void *a, const void *b)
{
    const finding *x = a, *y = b;
    if (x->severity != y->severity)
        return x->severity < y->severity ? 1 : -1;
    int c = strcmp(x->label, y->label);
    return c ? c : strcmp(x->what, y->what);
}

/* severities of the status findings */
#define SEV_CRASH 100.0
#define SEV_MISSING 90.0
#define SEV_OK_FAILED 80.0
#define SEV_UNSUP_FAILED 75.0
#define SEV_OK_UNSUP 70.0
#define SEV_NEW_FAIL 60.0
#define SEV_REASON 50.0
#define SEV_NULL 20.0

typedef struct {
    double th[DB_TH_COUNT];
    const char *measure;
    int use_cpu;
    int text;               /* --format text: EXPECTED/XPASS lines as they come */
    int per_run;            /* --per-run: every run against its baseline run */
    double cpu_scale;       /* results CPU times are divided by this */
    findings reg, imp;
} check_ctx;

/* a value that may grow by 10^digits (errors, residuals, drift; floored) */
static void cmp_digits(check_ctx *c, const run_view *x, const char *what, double base,
                       double now, double digits)
{
    if (!isfinite(base))
        return;
    if (!isfinite(now)) {
        finding *w = add(&c->reg, x, what, SEV_NULL);
        snprintf(w->base, sizeof w->base, "%.3g", base);
        snprintf(w->now, sizeof w->now, "null");
        snprintf(w->change, sizeof w->change, "%s %.3g -> null", what, base);
        return;
    }
    double fl = c->th[DB_TH_FLOOR];
    double g = log10(fmax(now, fl) / fmax(base, fl));
    findings *t = g > digits ? &c->reg : g < -digits ? &c->imp : NULL;
    if (!t)
        return;
    finding *w = add(t, x, what, fabs(g));
    snprintf(w->base, sizeof w->base, "%.3g", base);
    snprintf(w->now, sizeof w->now, "%.3g", now);
    snprintf(w->change, sizeof w->change, "%s %.3g -> %.3g (x%.3g, %s %.2f digits)", what, base,
             now, now / base, g > 0 ? "+" : "-", fabs(g));
}

#define num db_json_num_at /* jsonio.h */

static FILE *out; /* where the verdict goes (db_check_to) */

/* curve mode, run by run: the accuracy measure (--measure) or a counter that
 * the baseline run had and the new run lacks (an error, residual or drift gone
 * from one run is a point fewer on its curve; gone from all of a series, a
 * worse curve) */
static void compare_nulls(check_ctx *c, const run_view *x, const run_view *y)
{
    int had;
    double mb = db_measure_of(x->r, c->measure, &had), mn = db_measure_of(y->r, c->measure, NULL);
    if (had && isfinite(mb) && !isfinite(mn)) {
        finding *w = add(&c->reg, x, c->measure, SEV_NULL);
        snprintf(w->base, sizeof w->base, "%.2f", mb);
        snprintf(w->now, sizeof w->now, "null");
        snprintf(w->change, sizeof w->change, "%s %.2f -> null", c->measure, mb);
    }
    const cJSON *cb = cJSON_GetObjectItemCaseSensitive(x->r, "counters");
    const cJSON *cn = cJSON_GetObjectItemCaseSensitive(y->r, "counters"), *it;
    cJSON_ArrayForEach(it, cb) {
        if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(cn, it->string)))
            continue;
        finding *w = add(&c->reg, x, it->string, SEV_NULL);
        snprintf(w->base, sizeof w->base, "%.0f", it->valuedouble);
        snprintf(w->now, sizeof w->now, "-");
        snprintf(w->change, sizeof w->change, "counter %s missing from the results", it->string);
    }
}

/* everything an ok run holds that a solver change can worsen */
static void compare_ok(check_ctx *c, const run_view *x, const run_view *y)
{
    if (!c->per_run) { /* curves judge the numbers; a value gone is a run finding */
        compare_nulls(c, x, y);
        return;
    }
    int had;
    double mb = db_measure_of(x->r, c->measure, &had), mn = db_measure_of(y->r, c->measure, NULL);
    if (had && isfinite(mb)) {
        double drop = c->th[DB_TH_SCD_DROP];
        if (!isfinite(mn)) {
            finding *w = add(&c->reg, x, c->measure, SEV_NULL);
            snprintf(w->base, sizeof w->base, "%.2f", mb);
            snprintf(w->now, sizeof w->now, "null");
            snprintf(w->change, sizeof w->change, "%s %.2f -> null", c->measure, mb);
        } else if (mb - mn > drop || mn - mb > drop) {
            finding *w = add(mb > mn ? &c->reg : &c->imp, x, c->measure, fabs(mb - mn));
            snprintf(w->base, sizeof w->base, "%.2f", mb);
            snprintf(w->now, sizeof w->now, "%.2f", mn);
            snprintf(w->change, sizeof w->change, "%s %.2f -> %.2f (%s > %.2g digits)",
                     c->measure, mb, mn, mb > mn ? "drop" : "gain", drop);
        }
    }
    const cJSON *eb = cJSON_GetObjectItemCaseSensitive(x->r, "error");
    const cJSON *en = cJSON_GetObjectItemCaseSensitive(y->r, "error");
    static const char *const where[2] = {"end", "grid"};
    for (int w = 0; w < 2; w++)
        for (int g = 0; g < DB_NGROUPS; g++) {
            char what[48];
            snprintf(what, sizeof what, "error.%s.%s", where[w], db_group_names[g]);
            cmp_digits(c, x, what, num(cJSON_GetObjectItemCaseSensitive(eb, where[w]),
                                       db_group_names[g], NULL),
                       num(cJSON_GetObjectItemCaseSensitive(en, where[w]), db_group_names[g],
                           NULL),
                       c->th[DB_TH_ERROR_DIGITS]);
        }
    static const char *const level[3] = {"position", "velocity", "acceleration"};
    for (int l = 0; l < 3; l++) {
        char what[48];
        snprintf(what, sizeof what, "residual.%s", level[l]);
        cmp_digits(c, x, what, num(x->r, "residual", level[l]), num(y->r, "residual", level[l]),
                   c->th[DB_TH_RESIDUAL_DIGITS]);
    }
    cmp_digits(c, x, "invariant_drift", num(x->r, "invariant_drift", NULL),
               num(y->r, "invariant_drift", NULL), c->th[DB_TH_DRIFT_DIGITS]);

    /* every counter of the baseline by name, extras too */
    const cJSON *cb = cJSON_GetObjectItemCaseSensitive(x->r, "counters");
    const cJSON *cn = cJSON_GetObjectItemCaseSensitive(y->r, "counters"), *it;
    cJSON_ArrayForEach(it, cb) {
        const cJSON *nc = cJSON_GetObjectItemCaseSensitive(cn, it->string);
        double b = it->valuedouble, n = cJSON_IsNumber(nc) ? nc->valuedouble : NAN;
        char what[48];
        snprintf(what, sizeof what, "%s", it->string);
        if (!cJSON_IsNumber(nc)) {
            finding *w = add(&c->reg, x, what, SEV_NULL);
            snprintf(w->base, sizeof w->base, "%.0f", b);
            snprintf(w->now, sizeof w->now, "-");
            snprintf(w->change, sizeof w->change, "counter %s missing from the results",
                     it->string);
            continue;
        }
        double gr = c->th[DB_TH_COUNTER_GROWTH], sl = c->th[DB_TH_COUNTER_SLACK];
        int worse = n > b * (1 + gr) + sl, better = n < b / (1 + gr) - sl;
        if (!worse && !better)
            continue;
        finding *w = add(worse ? &c->reg : &c->imp, x, what,
                         fabs(log10(fmax(n, 1.0) / fmax(b, 1.0))));
        snprintf(w->base, sizeof w->base, "%.0f", b);
        snprintf(w->now, sizeof w->now, "%.0f", n);
        snprintf(w->change, sizeof w->change, "%s %.0f -> %.0f (%+.0f%%, margin %.0f%% + %.0f)",
                 it->string, b, n, b > 0 ? 100.0 * (n / b - 1.0) : INFINITY, 100.0 * gr, sl);
    }
    if (c->use_cpu && isfinite(x->cpu) && isfinite(y->cpu)) {
        double now = y->cpu / c->cpu_scale;
        if (now > c->th[DB_TH_CPU_FACTOR] * x->cpu + c->th[DB_TH_CPU_SLACK]) {
            finding *w = add(&c->reg, x, "cpu_seconds", log10(now / fmax(x->cpu, 1e-9)));
            snprintf(w->base, sizeof w->base, "%.3g", x->cpu);
            snprintf(w->now, sizeof w->now, "%.3g", y->cpu);
            snprintf(w->change, sizeof w->change,
                     "cpu_seconds %.3g -> %.3g, %.3g normalised by the calibration (more than "
                     "%.3gx + %.3g s)", x->cpu, y->cpu, now, c->th[DB_TH_CPU_FACTOR],
                     c->th[DB_TH_CPU_SLACK]);
        }
    }
}

/* the state of a run: ok, unsupported, failed (reason: class) */
static void state(const run_view *v, char *buf, size_t len)
{
    if (strcmp(v->status, "failed") == 0)
        snprintf(buf, len, "failed (%.40s: %s)", v->reason[0] ? v->reason : "-",
                 db_failure_class(v->reason));
    else
        snprintf(buf, len, "%s", v->status);
}

/* status and failure-class transitions; 1 if the run was handled (not both ok) */
static int compare_status(check_ctx *c, const run_view *x, const run_view *y)
{
    if (x->ok && y->ok)
        return 0;
    int xf = strcmp(x->status, "failed") == 0, yf = strcmp(y->status, "failed") == 0;
    const char *xc = xf ? db_failure_class(x->reason) : x->status;
    const char *yc = yf ? db_failure_class(y->reason) : y->status;
    double sev = 0.0;
    if (yf && strcmp(yc, "crash") == 0 && strcmp(xc, "crash") != 0)
        sev = SEV_CRASH;
    else if (x->ok && yf)
        sev = SEV_OK_FAILED;
    else if (strcmp(x->status, "unsupported") == 0 && yf)
        sev = SEV_UNSUP_FAILED;
    else if (x->ok && !y->ok)
        sev = SEV_OK_UNSUP;
    else if (xf && yf && strcmp(x->reason, y->reason) != 0)
        sev = SEV_REASON;
    else if (!x->ok && y->ok) {
        finding *w = add(&c->imp, x, "status", 1.0);
        snprintf(w->base, sizeof w->base, "%s", x->status);
        snprintf(w->now, sizeof w->now, "ok");
        snprintf(w->change, sizeof w->change, "status %s -> ok", x->status);
        return 1;
    }
    if (sev == 0.0)
        return 1;
    char sb[64], sn[64];
    state(x, sb, sizeof sb);
    state(y, sn, sizeof sn);
    const db_xfail *xf_ok = yf ? db_xfail_expected(y->r) : NULL;
    if (xf_ok && sev != SEV_UNSUP_FAILED) {
        if (c->text)
            fprintf(out, "EXPECTED   %s: %s -> %s (%s, %s): %.120s\n", x->label, sb, sn, xf_ok->klass,
               xf_ok->fails_as, xf_ok->reason);
        return 1;
    }
    const db_xfail *listed = yf ? db_xfail_find(y->r) : NULL;
    finding *w = add(&c->reg, x, "status", sev);
    snprintf(w->base, sizeof w->base, "%.31s", sb);
    snprintf(w->now, sizeof w->now, "%.31s", sn);
    snprintf(w->change, sizeof w->change, "status %s -> %s%s%s%s", sb, sn,
             listed ? " (listed as an expected " : "", listed ? listed->fails_as : "",
             listed ? " failure, fails in another class)" : "");
    return 1;
}

/* the names of the "optional" solvers: the baseline's list and --optional */
static int is_optional(const cJSON *base, const char *opt, const char *solver)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(base, "optional"))
        if (cJSON_IsString(it) && strcmp(it->valuestring, solver) == 0)
            return 1;
    if (!opt)
        return 0;
    char buf[1024];
    const char *items[64];
    int n = db_cli_split(opt, buf, sizeof buf, items, 64);
    for (int i = 0; i < n; i++)
        if (strcmp(items[i], solver) == 0)
            return 1;
    return 0;
}

/* ---- per solver ---- */

typedef struct {
    const char *name;
    int compared, regressed, improved, missing, notbuilt;
    int other;         /* regressions not of a compared run: missing, new, geomean */
    double lsum;       /* sum of log normalised CPU ratios of runs >= cpu-min */
    int lcount;
    int curves[DB_CURVE_NVERDICTS]; /* curve mode: verdicts of its counter curves */
    int cpu_curves[DB_CURVE_NVERDICTS];
    double tol_shift, tol_lwork; /* sums over its gscd/f_evals curves: equal-tolerance map */
    int tol_n;
} solver_sum;

static solver_sum *solver_of(solver_sum *s, int *ns, const char *name)
{
    for (int i = 0; i < *ns; i++)
        if (strcmp(s[i].name, name) == 0)
            return &s[i];
    memset(&s[*ns], 0, sizeof s[*ns]);
    s[*ns].name = name;
    return &s[(*ns)++];
}

/* ---- output ---- */

static void json_str(const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

static void json_findings(const char *name, const findings *t)
{
    fprintf(out, ",\n \"%s\": [", name);
    for (int k = 0; k < t->n; k++) {
        const finding *f = &t->f[k];
        fprintf(out, "%s\n  {\"run\": ", k ? "," : "");
        json_str(f->label);
        fprintf(out, ", \"solver\": ");
        json_str(f->solver);
        fprintf(out, ", \"field\": ");
        json_str(f->what);
        fprintf(out, ", \"baseline\": ");
        json_str(f->base);
        fprintf(out, ", \"now\": ");
        json_str(f->now);
        fprintf(out, ", \"change\": ");
        json_str(f->change);
        fprintf(out, ", \"curve\": %s", f->key ? "true" : "false");
        if (f->key) {
            fprintf(out, ", \"key\": ");
            json_str(f->key);
        }
        fprintf(out, ", \"severity\": %.3f}", f->severity);
    }
    fprintf(out, "%s]", t->n ? "\n " : "");
}

static void json_num(const char *name, double x)
{
    if (isfinite(x))
        fprintf(out, ", \"%s\": %.6g", name, x);
    else
        fprintf(out, ", \"%s\": null", name);
}

static void json_curve(const db_curve_row *r, int first)
{
    static const char *const id[] = {"problem", "scenario", "formulation", "solver", "variant"};
    fprintf(out, "%s\n  {", first ? "" : ",");
    for (int i = 0; i < 5; i++) {
        const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r->s->first, id[i]));
        fprintf(out, "%s\"%s\": ", i ? ", " : "", id[i]);
        if (v)
            json_str(v);
        else
            fprintf(out, "null");
    }
    fprintf(out, ", \"series\": ");
    json_str(r->s->label);
    fprintf(out, ", \"key\": ");
    json_str(r->s->key);
    fprintf(out, ", \"measure\": \"%s\", \"work\": \"%s\", \"verdict\": \"%s\"",
           db_curve_acc_names[r->acc], db_curve_work_names[r->work],
           db_curve_verdict_names[r->c.verdict]);
    json_num("work_ratio", r->c.ratio);
    json_num("work_ratio_worst", r->c.ratio_worst);
    json_num("accuracy_shift", r->c.shift);
    json_num("accuracy_shift_worst", r->c.shift_worst);
    json_num("tolerance_accuracy_shift", r->c.tol_shift);
    json_num("tolerance_work_ratio", r->c.tol_work);
    json_num("accuracy_lo", r->c.lo);
    json_num("accuracy_hi", r->c.hi);
    fprintf(out, ", \"points_baseline\": %d, \"points_new\": %d, \"compared\": %d, "
           "\"information_only\": %s, \"why\": ", r->c.nbase, r->c.nnew, r->c.ncompared,
           r->cpu_info ? "true" : "false");
    json_str(r->c.why);
    fprintf(out, "}");
}

static void md_cell(const char *s)
{
    for (; *s; s++)
        if (*s == '|')
            fputs("\\|", out);
        else
            fputc(*s, out);
}

static void md_findings(const char *title, const findings *t)
{
    fprintf(out, "\n### %s (%d)\n\n", title, t->n);
    if (!t->n)
        return;
    fprintf(out, "| severity | run | field | baseline | now | change |\n|---|---|---|---|---|---|\n");
    for (int k = 0; k < t->n; k++) {
        const finding *f = &t->f[k];
        fprintf(out, "| %.2f | ", f->severity);
        md_cell(f->label);
        fprintf(out, " | ");
        md_cell(f->what);
        fprintf(out, " | ");
        md_cell(f->base);
        fprintf(out, " | ");
        md_cell(f->now);
        fprintf(out, " | ");
        md_cell(f->change);
        fprintf(out, " |\n");
    }
}

/* ---- curve mode: every curve against its baseline curve (curves.h) ---- */

static double curve_severity(const db_curve_cmp *k)
{
    double v = 0;
    if (isfinite(k->ratio))
        v = fmax(v, fabs(log10(k->ratio)));
    if (isfinite(k->ratio_worst))
        v = fmax(v, log10(k->ratio_worst));
    if (isfinite(k->shift))
        v = fmax(v, fabs(k->shift));
    if (isfinite(k->shift_worst))
        v = fmax(v, -k->shift_worst);
    return v;
}

/* one line on a judged curve: work ratio, worst point, accuracy shift */
void db_curve_describe(const db_curve_row *r, char *buf, size_t len)
{
    const db_curve_cmp *k = &r->c;
    const char *acc = db_curve_acc_names[r->acc], *work = db_curve_work_names[r->work];
    if (k->why[0]) {
        snprintf(buf, len, "%s against %s: %s", work, acc, k->why);
        return;
    }
    snprintf(buf, len, "%s at equal %s x%.3g (worst run x%.3g at %.2f digits; %d of %d runs "
             "compared, common range %.2f..%.2f), %s at equal %s %+.2f digits (worst %+.2f); "
             "at equal tolerance %+.2f digits, %s x%.3g", work, acc, k->ratio, k->ratio_worst,
             k->worst_acc, k->ncompared, k->nnew, k->lo, k->hi, acc, work, k->shift,
             k->shift_worst, k->tol_shift, work, k->tol_work);
}

static void judge_curves(check_ctx *c, const bench_file *B, const bench_file *R, int same,
                         solver_sum *sums, int *ns, db_curve_set *set)
{
    db_curve_opts o = {
        .counters = {c->th[DB_TH_CURVE_GROWTH], c->th[DB_TH_CURVE_POINT],
                     c->th[DB_TH_CURVE_DIGITS], c->th[DB_TH_CURVE_POINT_DIGITS], NAN},
        /* every error, residual level and the drift: one run that loses
         * run-digits against the baseline curve at its f_evals */
        .secondary = {INFINITY, INFINITY, INFINITY, c->th[DB_TH_RUN_DIGITS], NAN},
        /* CPU noise moves accuracy at equal CPU time by digits on steep curves:
         * CPU curves are judged by their work ratio only */
        .cpu = {c->th[DB_TH_CPU_CURVE], c->th[DB_TH_CPU_POINT], INFINITY, INFINITY, NAN},
        .floor = c->th[DB_TH_FLOOR], .cpu_scale = c->cpu_scale,
        .cpu_gated = same && c->use_cpu, .cpu_min = c->th[DB_TH_CPU_MIN]};
    if (db_curves_judge(cJSON_GetObjectItemCaseSensitive(B->root, "runs"),
                        cJSON_GetObjectItemCaseSensitive(R->root, "runs"), &o, set) != 0)
        db_die("check: out of memory");
    for (int i = 0; i < set->n; i++) {
        const db_curve_row *r = &set->rows[i];
        solver_sum *s = solver_of(sums, ns, r->s->solver);
        int cpu = strcmp(db_curve_work_names[r->work], "cpu") == 0;
        (cpu ? s->cpu_curves : s->curves)[r->c.verdict]++;
        if (r->acc == 0 && cpu && isfinite(r->c.ratio)) {
            s->lsum += log(r->c.ratio);
            s->lcount++;
        }
        if (r->acc == 0 && strcmp(db_curve_work_names[r->work], "f_evals") == 0 &&
            isfinite(r->c.tol_shift)) {
            s->tol_shift += r->c.tol_shift;
            s->tol_lwork += log10(r->c.tol_work);
            s->tol_n++;
        }
        if (r->cpu_info || (r->c.verdict != DB_CURVE_WORSE && r->c.verdict != DB_CURVE_BETTER))
            continue;
        int worse = r->c.verdict == DB_CURVE_WORSE;
        run_view pseudo;
        memset(&pseudo, 0, sizeof pseudo);
        pseudo.solver = r->s->solver;
        finding *w = add(worse ? &c->reg : &c->imp, &pseudo, "", curve_severity(&r->c));
        w->label = r->s->label;
        w->key = r->s->key;
        snprintf(w->what, sizeof w->what, "%s/%s", db_curve_work_names[r->work],
                 db_curve_acc_names[r->acc]);
        snprintf(w->base, sizeof w->base, "curve");
        snprintf(w->now, sizeof w->now, "x%.3g", r->c.ratio);
        db_curve_describe(r, w->change, sizeof w->change);
        if (worse)
            s->regressed++, s->other++;
    }
}

static void usage_die(const char *msg, const char *arg)
{
    db_die("check: %s '%s' (see docs/check.md; --baseline F --results F [--measure "
           "gscd|ivp_scd|lambda_scd] [--optional S,..] [--format text|md|json] [--ignore-cpu] "
           "[--per-run] [--THRESHOLD VALUE])", msg, arg);
}

int db_cmd_check(int argc, char **argv)
{
    return db_check_to(argc, argv, stdout);
}

int db_check_to(int argc, char **argv, FILE *to)
{
    out = to;
    const char *basef = NULL, *resf = NULL, *opt = NULL, *format = "text";
    check_ctx c;
    memset(&c, 0, sizeof c);
    c.use_cpu = 1;
    c.measure = db_measure_names[0].name;
    for (int k = 0; k < DB_TH_COUNT; k++)
        c.th[k] = db_check_thresholds[k].value;
    for (int i = 0; i < argc; i++) {
        int th = db_check_threshold_find(argv[i]);
        if (strcmp(argv[i], "--ignore-cpu") == 0)
            c.use_cpu = 0;
        else if (strcmp(argv[i], "--per-run") == 0)
            c.per_run = 1;
        else if (strcmp(argv[i], "--baseline") == 0)
            basef = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--results") == 0)
            resf = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--optional") == 0)
            opt = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--measure") == 0) {
            c.measure = db_cli_value(argc, argv, &i);
            if (!db_measure_find(c.measure))
                usage_die("unknown measure", c.measure);
        } else if (strcmp(argv[i], "--format") == 0) {
            format = db_cli_value(argc, argv, &i);
            if (strcmp(format, "text") && strcmp(format, "md") && strcmp(format, "json"))
                usage_die("unknown format", format);
        } else if (th >= 0) {
            const char *v = db_cli_value(argc, argv, &i);
            char *end;
            double x = strtod(v, &end);
            if (end == v || *end || !isfinite(x) || x < 0)
                usage_die("threshold needs a number >= 0, got", v);
            c.th[th] = x;
        } else
            db_die_unknown_option("check", argv[i]);
    }
    if (!basef || !resf)
        db_die("check: --baseline FILE and --results FILE are required");
    bench_file B, R;
    char err[1200];
    if (load_bench(basef, &B, err, sizeof err) != 0)
        db_die("check: %s", err);
    if (load_bench(resf, &R, err, sizeof err) != 0) {
        free_bench(&B);
        db_die("check: %s", err);
    }
    int text = c.text = strcmp(format, "text") == 0;
    int nb = B.n, nr = R.n;
    const run_view *b = B.v, *r = R.v;
    int *matched = calloc((size_t)nr + 1, sizeof *matched);
    int *match = calloc((size_t)nb + 1, sizeof *match);
    solver_sum *sums = calloc((size_t)nb + (size_t)nr + 1, sizeof *sums);
    if (!matched || !match || !sums) {
        fprintf(stderr, "daebench: check: out of memory\n");
        exit(2);
    }
    match_runs(b, nb, r, nr, match, matched);
    /* the calibration: results CPU times are divided by cal_now / cal_base */
    char calnote[300];
    c.cpu_scale = 1.0;
    if (isfinite(B.cal) && isfinite(R.cal)) {
        c.cpu_scale = R.cal / B.cal;
        snprintf(calnote, sizeof calnote, "calibration %.4g s (baseline) / %.4g s (results): "
                 "result CPU times divided by %.3g", B.cal, R.cal, c.cpu_scale);
    } else
        snprintf(calnote, sizeof calnote, "no calibration in the %s: CPU times compared as "
                 "measured", !isfinite(B.cal) && !isfinite(R.cal) ? "files"
                 : !isfinite(B.cal) ? "baseline" : "results");
    /* CPU times compare only between files of one machine (machine.h) */
    char machnote[400], machwhy[300];
    int same = db_same_machine(B.root, R.root, machwhy, sizeof machwhy);
    snprintf(machnote, sizeof machnote, "%s: %s", same ? "same machine, CPU gated" :
             "another machine, CPU times are information", machwhy);
    int cpu_gate = c.use_cpu && same;
    if (same && c.cpu_scale != 1.0) {
        /* one machine: the kernel's own noise (x0.7 between two sweeps here) would
         * only add to the solvers'; times are compared as measured */
        snprintf(calnote, sizeof calnote, "same machine: CPU times compared as measured "
                 "(calibration %.4g s / %.4g s, ratio %.3g, not applied)", B.cal, R.cal,
                 c.cpu_scale);
        c.cpu_scale = 1.0;
    }
    int ns = 0, xpass = 0, newfail = 0, extra = 0, compared = 0, missing = 0;
    int notbuilt = 0;
    for (int i = 0; i < nb; i++) {
        const run_view *x = &b[i];
        solver_sum *s = solver_of(sums, &ns, x->solver);
        int r0 = c.reg.n, i0 = c.imp.n;
        if (match[i] < 0) {
            /* a plugin's run (it names its file) is never optional: missing is missing */
            int built = db_solver_find(x->solver) != NULL ||
                        cJSON_GetObjectItemCaseSensitive(x->r, "plugin") != NULL;
            if (!built && is_optional(B.root, opt, x->solver)) {
                notbuilt++;
                s->notbuilt++;
                continue;
            }
            finding *w = add(&c.reg, x, "missing", SEV_MISSING);
            snprintf(w->base, sizeof w->base, "%s", x->status);
            snprintf(w->now, sizeof w->now, "-");
            if (built)
                snprintf(w->change, sizeof w->change, "missing from the results");
            else
                snprintf(w->change, sizeof w->change, "missing: solver %s is not in this build "
                         "(install it, or name it optional: --optional %s)", x->solver,
                         x->solver);
            missing++;
            s->missing++;
            s->regressed++;
            s->other++;
            continue;
        }
        compared++;
        s->compared++;
        const run_view *y = &r[match[i]];
        if (!compare_status(&c, x, y)) {
            int use = c.use_cpu;
            c.use_cpu = cpu_gate;
            compare_ok(&c, x, y);
            c.use_cpu = use;
            if (c.per_run && isfinite(x->cpu) && isfinite(y->cpu) && x->cpu >= c.th[DB_TH_CPU_MIN] &&
                y->cpu > 0) {
                s->lsum += log(y->cpu / c.cpu_scale / x->cpu);
                s->lcount++;
            }
        }
        s->regressed += c.reg.n > r0;
        s->improved += c.reg.n == r0 && c.imp.n > i0;
    }
    db_curve_set set = {0};
    if (!c.per_run)
        judge_curves(&c, &B, &R, same, sums, &ns, &set);
    /* a solver uniformly slower: the geometric mean of its runs' ratios (per run)
     * or of its CPU curves' ratios at equal gscd (curves) */
    for (int k = 0; cpu_gate && k < ns; k++) {
        solver_sum *s = &sums[k];
        if (s->lcount < 3)
            continue;
        double g = exp(s->lsum / s->lcount);
        if (g > c.th[DB_TH_CPU_SOLVER]) {
            run_view pseudo;
            memset(&pseudo, 0, sizeof pseudo);
            pseudo.solver = s->name;
            finding *w = add(&c.reg, &pseudo, "cpu_seconds.geomean", log10(g));
            w->label = s->name; /* pseudo is local: the solver's name outlives it */
            snprintf(w->base, sizeof w->base, "1");
            snprintf(w->now, sizeof w->now, "%.3g", g);
            snprintf(w->change, sizeof w->change, "solver %s: normalised CPU time x%.3g over "
                     "%d %s (geometric mean, more than %.3gx)", s->name, g, s->lcount,
                     c.per_run ? "runs" : "curves at equal gscd", c.th[DB_TH_CPU_SOLVER]);
            s->regressed++;
            s->other++;
        }
    }
    int xfail_now = 0; /* failed runs of the results listed as expected: as bench counts */
    for (int j = 0; j < nr; j++) {
        const run_view *y = &r[j];
        const db_xfail *listed = db_xfail_find(y->r);
        xfail_now += strcmp(y->status, "failed") == 0 && db_xfail_expected(y->r) != NULL;
        if (y->ok && listed) {
            xpass++;
            if (c.text)
                fprintf(out, "XPASS      %s: listed as an expected failure (%s), now passes (narrow or "
                   "remove its entry in harness/gate/expected_failures.c)\n", y->label,
                   listed->klass);
        }
        if (matched[j])
            continue;
        extra++;
        if (strcmp(y->status, "failed") == 0) {
            if (db_xfail_expected(y->r))
                continue;
            finding *w = add(&c.reg, y, "status", SEV_NEW_FAIL);
            snprintf(w->base, sizeof w->base, "-");
            snprintf(w->now, sizeof w->now, "%s", y->status);
            snprintf(w->change, sizeof w->change, "new run fails: %.180s (not an expected failure)",
                     y->reason);
            newfail++;
            solver_sum *s = solver_of(sums, &ns, y->solver);
            s->regressed++;
            s->other++;
        }
    }
    if (c.reg.n > 1) /* qsort of NULL is undefined, even of 0 items */
        qsort(c.reg.f, (size_t)c.reg.n, sizeof *c.reg.f, by_severity);
    if (c.imp.n > 1)
        qsort(c.imp.f, (size_t)c.imp.n, sizeof *c.imp.f, by_severity);
    const db_measure_name *mn = db_measure_find(c.measure);
    int nworse = 0, nbetter = 0, nalong = 0, nfewer = 0, nsame = 0, nrunreg = 0, ncpu = 0;
    int ncpuworse = 0;
    for (int k = 0; k < ns; k++) {
        for (int v = 0; v < DB_CURVE_NVERDICTS; v++)
            ncpu += sums[k].cpu_curves[v];
        ncpuworse += sums[k].cpu_curves[DB_CURVE_WORSE];
        nworse += sums[k].curves[DB_CURVE_WORSE];
        nbetter += sums[k].curves[DB_CURVE_BETTER];
        nalong += sums[k].curves[DB_CURVE_ALONG];
        nfewer += sums[k].curves[DB_CURVE_FEWER];
        nsame += sums[k].curves[DB_CURVE_SAME];
    }
    for (int k = 0; k < c.reg.n; k++)
        nrunreg += strcmp(c.reg.f[k].base, "curve") != 0;
    if (text) {
        fprintf(out, "check: %s; measure %s; %s%s\n", c.per_run ? "run by run (--per-run)" :
               "curves at equal accuracy", mn->title, calnote, c.use_cpu ? "" : " (CPU ignored)");
        fprintf(out, "check: %s\n", machnote);
        for (int k = 0; k < ns && !c.per_run; k++) {
            const solver_sum *q = &sums[k];
            fprintf(out, "solver %-8s curves: %3d worse, %3d better, %4d same, %4d moved along, %3d "
                   "fewer points comparable; runs: %4d compared, %d missing, %d not built "
                   "(optional)\n", q->name, q->curves[DB_CURVE_WORSE], q->curves[DB_CURVE_BETTER],
                   q->curves[DB_CURVE_SAME], q->curves[DB_CURVE_ALONG],
                   q->curves[DB_CURVE_FEWER], q->compared, q->missing, q->notbuilt);
            if (q->tol_n)
                fprintf(out, "  %-8s at equal tolerance (information): %+.2f digits of gscd, f_evals "
                       "x%.3g (mean over %d curves)\n", "", q->tol_shift / q->tol_n,
                       pow(10.0, q->tol_lwork / q->tol_n), q->tol_n);
            if (q->lcount)
                fprintf(out, "  %-8s calibrated CPU at equal gscd: x%.3g (geometric mean over %d "
                       "curves; %s)\n", "", exp(q->lsum / q->lcount), q->lcount,
                       cpu_gate ? "gated" : "information");
        }
        for (int k = 0; k < ns && c.per_run; k++)
            fprintf(out, "solver %-8s %4d compared, %3d regressions, %3d improvements, %4d unchanged, "
                   "%d missing, %d not built (optional)\n", sums[k].name, sums[k].compared,
                   sums[k].regressed, sums[k].improved,
                   sums[k].compared - (sums[k].regressed - sums[k].other) - sums[k].improved,
                   sums[k].missing, sums[k].notbuilt);
        int lw = 3;
        for (int k = 0; k < c.reg.n; k++)
            if ((int)strlen(c.reg.f[k].label) > lw)
                lw = (int)strlen(c.reg.f[k].label);
        if (c.reg.n)
            fprintf(out, "%-10s %-*s  %-22s %10s %10s  %s\n", "", lw, "run (by severity)", "what",
                   "baseline", "now", "change");
        for (int k = 0; k < c.reg.n; k++)
            fprintf(out, "REGRESSION %-*s  %-22s %10s %10s  %s\n", lw, c.reg.f[k].label,
                   c.reg.f[k].what, c.reg.f[k].base, c.reg.f[k].now, c.reg.f[k].change);
        for (int k = 0; k < c.imp.n; k++)
            fprintf(out, "IMPROVED   %s  %s  %s\n", c.imp.f[k].label, c.imp.f[k].what,
                   c.imp.f[k].change);
        int improved = 0;
        for (int k = 0; k < ns; k++)
            improved += sums[k].improved;
        if (c.per_run)
            fprintf(out, "check: %d baseline runs, %d compared, %d missing, %d new (%d failing), %d "
                   "improved, %d expected failures, %d xpass, %d of optional solvers not built, "
                   "%d regressions: %s\n", nb, compared, missing, extra, newfail, improved,
                   xfail_now, xpass, notbuilt, c.reg.n, c.reg.n ? "FAIL" : "ok");
        else
            fprintf(out, "check: %d baseline runs, %d compared, %d missing, %d new (%d failing), %d "
                   "expected failures, %d xpass, %d of optional solvers not built; %d counter "
                   "curves: %d worse, %d better, %d same, %d moved along, %d fewer points "
                   "comparable; %d CPU curves (%s): %d worse; %d run regressions, %d curve "
                   "regressions: %s\n", nb, compared, missing, extra, newfail, xfail_now, xpass,
                   notbuilt, set.n - ncpu, nworse, nbetter, nsame, nalong, nfewer, ncpu,
                   cpu_gate ? "gated" : "information", ncpuworse, nrunreg, c.reg.n - nrunreg,
                   c.reg.n ? "FAIL" : "ok");
    } else if (strcmp(format, "md") == 0) {
        fprintf(out, "## daebench check: %s\n\nMeasure: %s. %s%s.\n\n| solver | compared | "
               "regressions | improvements | missing | not built (optional) |\n"
               "|---|---|---|---|---|---|\n", c.reg.n ? "FAIL" : "ok", mn->title, calnote,
               c.use_cpu ? "" : " (CPU ignored)");
        for (int k = 0; k < ns; k++) {
            fprintf(out, "| ");
            md_cell(sums[k].name);
            fprintf(out, " | %d | %d | %d | %d | %d |\n", sums[k].compared, sums[k].regressed,
                   sums[k].improved, sums[k].missing, sums[k].notbuilt);
        }
        md_findings("Regressions, by severity", &c.reg);
        md_findings("Improvements", &c.imp);
    } else {
        fprintf(out, "{\"schema\": \"daebench.check/1\", \"result\": \"%s\", \"measure\": \"%s\",\n"
               " \"calibration\": ", c.reg.n ? "FAIL" : "ok", c.measure);
        json_str(calnote);
        fprintf(out, ", \"cpu_scale\": %.6g, \"cpu_compared\": %s,\n \"thresholds\": {", c.cpu_scale,
               c.use_cpu ? "true" : "false");
        for (int k = 0; k < DB_TH_COUNT; k++)
            fprintf(out, "%s\"%s\": %.6g", k ? ", " : "", db_check_thresholds[k].name, c.th[k]);
        fprintf(out, "},\n \"solvers\": [");
        for (int k = 0; k < ns; k++) {
            fprintf(out, "%s\n  {\"solver\": ", k ? "," : "");
            json_str(sums[k].name);
            fprintf(out, ", \"compared\": %d, \"regressions\": %d, \"improvements\": %d, "
                   "\"missing\": %d, \"not_built\": %d", sums[k].compared, sums[k].regressed,
                   sums[k].improved, sums[k].missing, sums[k].notbuilt);
            fprintf(out, ", \"curves\": {");
            for (int v = 0; v < DB_CURVE_NVERDICTS; v++)
                fprintf(out, "%s\"%s\": %d", v ? ", " : "", db_curve_verdict_names[v],
                        sums[k].curves[v]);
            fprintf(out, "}, \"cpu_curves_worse\": %d", sums[k].cpu_curves[DB_CURVE_WORSE]);
            json_num("cpu_ratio", sums[k].lcount ? exp(sums[k].lsum / sums[k].lcount) : NAN);
            json_num("tolerance_accuracy_shift",
                     sums[k].tol_n ? sums[k].tol_shift / sums[k].tol_n : NAN);
            json_num("tolerance_work_ratio",
                     sums[k].tol_n ? pow(10.0, sums[k].tol_lwork / sums[k].tol_n) : NAN);
            fprintf(out, "}");
        }
        fprintf(out, "\n ]");
        json_findings("regressions", &c.reg);
        json_findings("improvements", &c.imp);
        fprintf(out, ",\n \"mode\": \"%s\", \"machine\": ", c.per_run ? "per-run" : "curves");
        json_str(machnote);
        fprintf(out, ", \"cpu_gated\": %s,\n \"runs\": [", cpu_gate ? "true" : "false");
        for (int k = 0, first = 1; k < c.reg.n; k++) {
            const finding *f = &c.reg.f[k];
            if (strcmp(f->base, "curve") == 0)
                continue;
            fprintf(out, "%s\n  {\"run\": ", first ? "" : ",");
            first = 0;
            json_str(f->label);
            fprintf(out, ", \"solver\": ");
            json_str(f->solver);
            fprintf(out, ", \"field\": ");
            json_str(f->what);
            fprintf(out, ", \"change\": ");
            json_str(f->change);
            fprintf(out, ", \"severity\": %.3f}", f->severity);
        }
        fprintf(out, "\n ],\n \"curves\": [");
        for (int k = 0; k < set.n; k++)
            json_curve(&set.rows[k], k == 0);
        fprintf(out, "%s],\n \"curve_counts\": {\"worse\": %d, \"better\": %d, \"same\": %d, "
               "\"moved_along\": %d, \"fewer\": %d},\n \"expected_failures\": %d, "
               "\"xpass\": %d, \"new_runs\": %d}\n", set.n ? "\n " : "", nworse, nbetter, nsame,
               nalong, nfewer, xfail_now, xpass, extra);
    }
    int rc = c.reg.n ? 1 : 0;
    db_curves_free(&set);
    free(c.reg.f);
    free(c.imp.f);
    free(sums);
    free(matched);
    free(match);
    free_bench(&B);
    free_bench(&R);
    return rc;
}
