/* test_check_doctored.c — "daebench check" against doctored copies of the stored
 * quick baseline (reference/baseline/quick.json; issue 14 "Done when"): each way
 * a result file once slipped through the gate is made on a run late in the file
 * (not the first), and check must exit 1 with a REGRESSION line naming that run
 * and the field: one run's λ error × 1e6; its position residual 1.0; its
 * jac_evals, solves, rejected × 5; baseline failures turned into crashes
 * ("signal 11"), also of a run listed as an expected failure; an unsupported
 * run become failed; every CPU time × 5; one solver's runs missing while the
 * build lacks that solver.  The unchanged file passes; a file from a machine
 * uniformly 5× slower (every CPU time and the calibration × 5) passes; the
 * missing solver passes when named optional (command line or baseline); the
 * listed failure failing as listed passes as EXPECTED; --format json is JSON
 * naming the same. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "io/jsonio.h"

static int fails, checks;
static char tmp[256];

#define CHECK(cond, ...)                                                                       \
    do {                                                                                       \
        checks++;                                                                              \
        if (!(cond)) {                                                                         \
            fails++;                                                                           \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                        \
            printf(__VA_ARGS__);                                                               \
            printf("\n");                                                                      \
        }                                                                                      \
    } while (0)

static cJSON *load(const char *path)
{
    char err[512];
    cJSON *j = db_json_read_file(path, err, sizeof err);
    if (!j) {
        printf("FAIL cannot read %s: %s\n", path, err);
        exit(1);
    }
    return j;
}

static void save(const cJSON *j, const char *name)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    if (db_json_write_atomic(path, j, err, sizeof err) != 0) {
        printf("FAIL %s\n", err);
        exit(1);
    }
}

/* run check on tmp/base.json and tmp/res.json with extra options; its stdout
 * into out (malloc'd), returns the exit status */
static int run_check(const char *opts, char **out)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' check --baseline '%s/base.json' --results '%s/res.json' %s",
             DAEBENCH_BINARY, tmp, tmp, opts);
    FILE *p = popen(cmd, "r");
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!p || !buf)
        exit(1);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (cap - n < 4096) {
            cap *= 2;
            buf = realloc(buf, cap);
            if (!buf)
                exit(1);
        }
    }
    buf[n] = '\0';
    int st = pclose(p);
    *out = buf;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const char *str(const cJSON *o, const char *name)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, name));
}

static double num(const cJSON *o, const char *name)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

static void set_num(cJSON *o, const char *name, double v)
{
    cJSON_ReplaceItemInObjectCaseSensitive(o, name, cJSON_CreateNumber(v));
}

static void set_str(cJSON *o, const char *name, const char *v)
{
    if (cJSON_GetObjectItemCaseSensitive(o, name))
        cJSON_ReplaceItemInObjectCaseSensitive(o, name, cJSON_CreateString(v));
    else
        cJSON_AddStringToObject(o, name, v);
}

/* check's label of a run: "problem:scenario form solver rtol=1e-06" */
static void label(const cJSON *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s:%s %s %s rtol=%.0e", str(r, "problem"), str(r, "scenario"),
             str(r, "formulation"), str(r, "solver"), num(r, "rtol"));
}

/* a REGRESSION line that names the run and contains the text */
static int names(const char *out, const char *run, const char *text)
{
    char want[700];
    snprintf(want, sizeof want, "REGRESSION %s ", run);
    for (const char *l = out; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), l);
        if (strncmp(line, want, strlen(want)) == 0 && strstr(line, text))
            return 1;
    }
    return 0;
}

/* a REGRESSION line of a curve of series "P:S FORM SOLVER" (check puts the
 * parameters after P:S) or of a run of it */
static int names_series(const char *out, const char *series)
{
    char head[300], rest[300];
    const char *sp = strchr(series, ' ');
    if (!sp)
        return names(out, series, "");
    snprintf(head, sizeof head, "REGRESSION %.*s", (int)(sp - series), series);
    snprintf(rest, sizeof rest, "%s ", sp);
    for (const char *l = out; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        const char *e = strchr(l, '\n');
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(e ? e - l : (long)strlen(l)), l);
        if (strncmp(line, head, strlen(head)) == 0 && strstr(line, rest))
            return 1;
    }
    return 0;
}

/* expect a regression of run (label) naming text; the doctored result is res.
 * Run by run (--per-run) the line names the run and the text; in the default
 * curve mode check must go red too, naming the run's series (its label without
 * the tolerance) */
static void expect_fail(const char *what, const cJSON *base, const cJSON *res, const char *run,
                        const char *text, const char *opts)
{
    char *out, popts[600], series[600];
    save(base, "base.json");
    save(res, "res.json");
    snprintf(popts, sizeof popts, "--per-run %s", opts);
    int rc = run_check(popts, &out);
    CHECK(rc == 1, "[%s] --per-run: exit %d, expected 1:\n%s", what, rc, out);
    CHECK(names(out, run, text), "[%s] no REGRESSION line naming '%s' and '%s':\n%.3000s", what,
          run, text, out);
    if (rc == 1 && names(out, run, text))
        printf("ok   [%s] --per-run: %s ... %s\n", what, run, text);
    free(out);
    snprintf(series, sizeof series, "%s", run);
    char *t = strstr(series, " rtol=");
    if (t)
        *t = '\0';
    rc = run_check(opts, &out);
    CHECK(rc == 1 && names_series(out, series), "[%s] curves: exit %d (expected 1) or no "
          "REGRESSION line naming '%s':\n%.3000s", what, rc, series, out);
    if (rc == 1 && names_series(out, series))
        printf("ok   [%s] curves: %s\n", what, series);
    free(out);
}

/* both modes pass; run by run the output holds text */
static void expect_pass(const char *what, const cJSON *base, const cJSON *res, const char *text,
                        const char *opts)
{
    char *out, popts[600];
    save(base, "base.json");
    save(res, "res.json");
    snprintf(popts, sizeof popts, "--per-run %s", opts);
    int rc = run_check(popts, &out);
    CHECK(rc == 0 && strstr(out, text), "[%s] exit %d (expected 0) or no '%s':\n%.3000s", what,
          rc, text, out);
    free(out);
    int rc2 = run_check(opts, &out);
    CHECK(rc2 == 0 && strstr(out, " curve regressions: ok"), "[%s] curves: exit %d (expected "
          "0):\n%.3000s", what, rc2, out);
    if (rc == 0 && rc2 == 0)
        printf("ok   [%s]\n", what);
    free(out);
}

/* the last ok run at or after index from that satisfies pred */
typedef int (*pred_fn)(const cJSON *r);

static cJSON *late_run(cJSON *runs, int from, pred_fn pred)
{
    cJSON *found = NULL;
    int i = 0;
    cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        if (i++ >= from && str(r, "status") && strcmp(str(r, "status"), "ok") == 0 && pred(r))
            found = r;
    }
    return found;
}

static int has_lambda(const cJSON *r)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
    return num(cJSON_GetObjectItemCaseSensitive(e, "end"), "lambda") > 0;
}

static int has_work(const cJSON *r)
{
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(r, "counters");
    return num(c, "rejected") >= 3 && num(c, "jac_evals") >= 10 && num(c, "solves") >= 10;
}

static int has_residual(const cJSON *r)
{
    return num(cJSON_GetObjectItemCaseSensitive(r, "residual"), "position") < 1e-3;
}

static cJSON *nth(cJSON *runs, int i)
{
    return cJSON_GetArrayItem(runs, i);
}


/* ---- curves at equal accuracy (issue 27) ---- */

/* the series of a run: everything of its identity but the tolerance */
static void series_key(const cJSON *r, char *buf, size_t len)
{
    char *p = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(r, "params"));
    const char *v = str(r, "variant");
    snprintf(buf, len, "%s|%s|%s|%s|%s|%s", str(r, "problem"), str(r, "scenario"), p ? p : "",
             str(r, "formulation"), str(r, "solver"), v ? v : "");
    free(p);
}

static int is_ok(const cJSON *r)
{
    return str(r, "status") && strcmp(str(r, "status"), "ok") == 0;
}

/* the ok runs of r's series in runs, loosest tolerance first; their count */
static int series_runs(cJSON *runs, const cJSON *r, cJSON **out, int max)
{
    char want[1024], key[1024];
    series_key(r, want, sizeof want);
    int n = 0;
    cJSON *x;
    cJSON_ArrayForEach(x, runs) {
        series_key(x, key, sizeof key);
        if (is_ok(x) && strcmp(key, want) == 0 && n < max)
            out[n++] = x;
    }
    for (int i = 1; i < n; i++) /* insertion sort on rtol, descending */
        for (int j = i; j > 0 && num(out[j], "rtol") > num(out[j - 1], "rtol"); j--) {
            cJSON *t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* copy what a run measured (not its identity) from src to dst */
static void copy_measured(cJSON *dst, const cJSON *src)
{
    static const char *const f[] = {"error", "residual", "invariant_drift", "counters",
                                    "cpu_seconds", "end"};
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(src, f[i]);
        if (v)
            cJSON_ReplaceItemInObjectCaseSensitive(dst, f[i], cJSON_Duplicate(v, 1));
    }
}

/* scale a counter / an error of a run */
static void scale_counter(cJSON *r, const char *name, double k)
{
    cJSON *c = cJSON_GetObjectItemCaseSensitive(r, "counters");
    set_num(c, name, round(num(c, name) * k));
}

static void scale_errors(cJSON *r, double k)
{
    static const char *const g[] = {"p", "v", "lambda", "mu"};
    cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
    for (int w = 0; w < 2; w++) {
        cJSON *o = cJSON_GetObjectItemCaseSensitive(e, w ? "grid" : "end");
        for (int i = 0; i < 4; i++)
            if (isfinite(num(o, g[i])))
                set_num(o, g[i], num(o, g[i]) * k);
    }
    static const char *const m[] = {"gscd", "scd", "mescd", "ivp_scd", "lambda_scd"};
    for (int i = 0; i < 5; i++)
        if (isfinite(num(e, m[i])))
            set_num(e, m[i], num(e, m[i]) - log10(k));
}

/* a late ok run whose series has at least 3 ok runs with f_evals >= 20 */
static cJSON *late_series(cJSON *runs, int from, cJSON **ser, int *ns)
{
    cJSON *found = NULL, *r;
    int i = 0;
    cJSON_ArrayForEach(r, runs) {
        if (i++ < from || !is_ok(r))
            continue;
        cJSON *tmp[64];
        int n = series_runs(runs, r, tmp, 64);
        if (n >= 3 && num(cJSON_GetObjectItemCaseSensitive(tmp[0], "counters"), "f_evals") >= 20)
            found = r;
    }
    *ns = found ? series_runs(runs, found, ser, 64) : 0;
    return found;
}

/* the series label of check's curve findings */
static void series_label(const cJSON *r, char *buf, size_t len)
{
    label(r, buf, len);
    char *t = strstr(buf, " rtol=");
    if (t)
        *t = '\0';
}

/* the first REGRESSION line of out */
static int first_regression_names(const char *out, const char *run, const char *text)
{
    const char *l = strstr(out, "\nREGRESSION ");
    if (!l)
        return 0;
    l++;
    const char *e = strchr(l, '\n');
    char line[2048];
    snprintf(line, sizeof line, "%.*s", (int)(e ? e - l : (long)strlen(l)), l);
    return strstr(line, run) && strstr(line, text);
}

static void more_work(cJSON **ser, int ns)
{
    for (int i = 0; i < ns; i++) {
        scale_counter(ser[i], "f_evals", 1.3);
        set_num(ser[i], "cpu_seconds", 1.3 * num(ser[i], "cpu_seconds"));
    }
}

static void less_accurate(cJSON **ser, int ns)
{
    for (int i = 0; i < ns; i++)
        scale_errors(ser[i], 10.0);
}

/* one late series doctored by fn: check goes red naming it, field and text */
static void series_case(const cJSON *orig, int late, void (*fn)(cJSON **, int),
                        const char *what, const char *field, const char *text)
{
    cJSON *res = cJSON_Duplicate(orig, 1), *ser[64];
    char *out, lab[600];
    int ns;
    cJSON *t = late_series(cJSON_GetObjectItemCaseSensitive(res, "runs"), late, ser, &ns);
    CHECK(t != NULL, "[%s] no late series of 3 runs", what);
    if (t) {
        fn(ser, ns);
        series_label(t, lab, sizeof lab);
        save(orig, "base.json");
        save(res, "res.json");
        int rc = run_check("", &out);
        CHECK(rc == 1 && names_series(out, lab) && strstr(out, field) && strstr(out, text),
              "[%s] exit %d, no REGRESSION of %s %s %s:\n%.3000s", what, rc, lab, field, text,
              out);
        printf("ok   [%s]: %s\n", what, lab);
        free(out);
    }
    cJSON_Delete(res);
}

static void curve_cases(const cJSON *orig)
{
    cJSON *runs0 = cJSON_GetObjectItemCaseSensitive(orig, "runs");
    int n = cJSON_GetArraySize(runs0), late = n / 2;
    char *out, lab[600];

    /* (a) every curve shifted along itself: the run at tolerance T holds what the
     * baseline's run at the next tolerance measured (the tightest keeps its own) */
    {
        cJSON *res = cJSON_Duplicate(orig, 1), *rr = cJSON_GetObjectItemCaseSensitive(res, "runs");
        cJSON *done = cJSON_CreateArray(), *r;
        int shifted = 0;
        cJSON_ArrayForEach(r, runs0) {
            if (!is_ok(r))
                continue;
            char key[1024];
            series_key(r, key, sizeof key);
            int seen = 0;
            cJSON *d;
            cJSON_ArrayForEach(d, done) seen |= strcmp(d->valuestring, key) == 0;
            if (seen)
                continue;
            cJSON_AddItemToArray(done, cJSON_CreateString(key));
            cJSON *b[64], *nw[64];
            int nb = series_runs(runs0, r, b, 64), nn = series_runs(rr, r, nw, 64);
            for (int i = 0; i + 1 < nb && i < nn; i++, shifted++)
                copy_measured(nw[i], b[i + 1]);
        }
        cJSON_Delete(done);
        save(orig, "base.json");
        save(res, "res.json");
        int rc = run_check("", &out);
        CHECK(rc == 0 && strstr(out, " curve regressions: ok") && !strstr(out, " 0 moved along"),
              "[curves shifted along themselves (%d runs)] exit %d (expected 0, moved along):"
              "\n%.4000s", shifted, rc, out);
        free(out);
        rc = run_check("--format json", &out);
        cJSON *j = cJSON_Parse(out);
        int along = 0, worse = 0;
        cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(j, "curves")) {
            along += strcmp(str(r, "verdict"), "moved along") == 0;
            worse += strcmp(str(r, "verdict"), "worse") == 0 &&
                     !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "information_only"));
        }
        CHECK(j && along > 0 && worse == 0, "[shifted along] json: %d moved along, %d worse",
              along, worse);
        printf("ok   [(a) every curve shifted along itself]: %d runs moved, %d curves moved "
               "along, exit %d\n", shifted, along, rc);
        cJSON_Delete(j);
        free(out);
        /* the same file run by run is full of changes */
        rc = run_check("--per-run", &out);
        CHECK(rc == 1, "[shifted along] --per-run exit %d, expected 1 (runs changed)", rc);
        free(out);
        cJSON_Delete(res);
    }

    /* (b) one curve's runs need 30 % more f_evals and CPU at unchanged accuracy;
     * (c) one curve one digit less accurate at unchanged work */
    series_case(orig, late, more_work, "(b) one curve needs 30 % more f_evals and CPU",
                "f_evals/gscd", "  x1.3");
    series_case(orig, late, less_accurate, "(c) one curve a digit less accurate", "/gscd ",
                "/gscd ");

    /* (d) one run ok -> failed, with a curve made worse too: the status first */
    {
        cJSON *res = cJSON_Duplicate(orig, 1), *ser[64];
        int ns;
        cJSON *t = late_series(cJSON_GetObjectItemCaseSensitive(res, "runs"), late, ser, &ns);
        if (t) {
            for (int i = 0; i < ns; i++)
                scale_counter(ser[i], "solves", 5.0);
            cJSON *f = ser[ns / 2];
            label(f, lab, sizeof lab);
            set_str(f, "status", "failed");
            set_str(f, "reason", "newton");
            save(orig, "base.json");
            save(res, "res.json");
            int rc = run_check("", &out);
            CHECK(rc == 1 && first_regression_names(out, lab, "status"),
                  "[(d) ok -> failed] exit %d, first REGRESSION not %s status:\n%.3000s", rc,
                  lab, out);
            printf("ok   [(d) ok -> failed listed first]: %s\n", lab);
            free(out);
        }
        cJSON_Delete(res);
    }

    /* one run's grid error of v, one run's velocity residual, one run's
     * acceleration residual, each x 1e3, mid-file */
    static const char *const field[][2] = {{"error", "grid"}, {"residual", NULL},
                                           {"residual", NULL}};
    static const char *const comp[] = {"v", "velocity", "acceleration"};
    for (int k = 0; k < 3; k++) {
        cJSON *res = cJSON_Duplicate(orig, 1), *r, *t = NULL;
        int i = 0;
        cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(res, "runs")) {
            cJSON *o = cJSON_GetObjectItemCaseSensitive(r, field[k][0]);
            if (field[k][1])
                o = cJSON_GetObjectItemCaseSensitive(o, field[k][1]);
            if (i++ >= late && is_ok(r) && num(o, comp[k]) > 1e-12 && num(o, comp[k]) < 1e-4) {
                t = r;
                break;
            }
        }
        CHECK(t != NULL, "no late run with a %s %s", field[k][0], comp[k]);
        if (!t) {
            cJSON_Delete(res);
            continue;
        }
        cJSON *o = cJSON_GetObjectItemCaseSensitive(t, field[k][0]);
        if (field[k][1])
            o = cJSON_GetObjectItemCaseSensitive(o, field[k][1]);
        set_num(o, comp[k], 1e3 * num(o, comp[k]));
        label(t, lab, sizeof lab);
        char what[64];
        snprintf(what, sizeof what, "%s.%s%s%s", field[k][0], field[k][1] ? field[k][1] : "",
                 field[k][1] ? "." : "", comp[k]);
        expect_fail(what, orig, res, lab, what, "");
        cJSON_Delete(res);
    }

    /* CPU: another machine is information; the baseline's own machine gates */
    {
        cJSON *res = cJSON_Duplicate(orig, 1), *r;
        cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(res, "runs"))
            if (isfinite(num(r, "cpu_seconds")))
                set_num(r, "cpu_seconds", 1.3 * num(r, "cpu_seconds"));
        save(orig, "base.json");
        save(res, "res.json");
        int rc = run_check("", &out);
        CHECK(rc == 1 && strstr(out, "cpu_seconds.geomean") && strstr(out, "same machine"),
              "[every CPU time x 1.3, same machine] exit %d (expected 1):\n%.3000s", rc, out);
        printf("ok   [every CPU time x 1.3 on the baseline's machine goes red]\n");
        free(out);
        cJSON *m = cJSON_GetObjectItemCaseSensitive(res, "machine");
        set_str(m, "cpu_id", "AuthenticAMD 25/1/1");
        save(res, "res.json");
        rc = run_check("", &out);
        CHECK(rc == 0 && strstr(out, "another machine") && strstr(out, "information"),
              "[every CPU time x 1.3, another CPU] exit %d (expected 0):\n%.3000s", rc, out);
        printf("ok   [the same on another CPU is information]\n");
        free(out);
        cJSON_Delete(res);
    }
}

int main(void)
{
    snprintf(tmp, sizeof tmp, "/tmp/daebench-doctored-XXXXXX");
    if (!mkdtemp(tmp))
        return 1;
    cJSON *orig = load(DAEBENCH_SOURCE_DIR "/reference/baseline/quick.json");
    /* a calibration where an old baseline has none: the test is about check */
    if (!cJSON_GetObjectItemCaseSensitive(orig, "calibration")) {
        cJSON *c = cJSON_AddObjectToObject(orig, "calibration");
        cJSON_AddNumberToObject(c, "seconds", 0.04);
    }
    /* one machine for both files, recorded as bench records it (machine.h) */
    cJSON *mach = cJSON_GetObjectItemCaseSensitive(orig, "machine");
    if (!mach)
        mach = cJSON_AddObjectToObject(orig, "machine");
    set_str(mach, "cpu", "Test CPU");
    set_str(mach, "cpu_id", "TestVendor 1/2/3");
    set_str(mach, "libc", "2.36");
    cJSON *build = cJSON_GetObjectItemCaseSensitive(orig, "build");
    if (!build)
        build = cJSON_AddObjectToObject(orig, "build");
    set_str(build, "compiler", "GNU 12.2.0");
    set_str(build, "flags", "-O3");
    set_str(build, "blas", "libblas.so.3");
    set_str(build, "lapack", "liblapack.so.3");
    cJSON *runs = cJSON_GetObjectItemCaseSensitive(orig, "runs");
    int n = cJSON_GetArraySize(runs), late = n / 2;
    printf("baseline: %d runs; doctoring runs after index %d\n", n, late);
    CHECK(n >= 40, "the quick baseline has %d runs", n);
    char run[600];

    /* unchanged */
    expect_pass("unchanged file", orig, orig, "0 regressions: ok", "");

    /* one run's λ error × 1e6 */
    {
        cJSON *res = cJSON_Duplicate(orig, 1);
        int idx = 0;
        cJSON *r, *rr = cJSON_GetObjectItemCaseSensitive(res, "runs");
        cJSON *target = late_run(rr, late, has_lambda);
        CHECK(target != NULL, "no late ok run with a lambda error");
        cJSON_ArrayForEach(r, rr) {
            if (r == target)
                break;
            idx++;
        }
        if (target) {
            cJSON *end = cJSON_GetObjectItemCaseSensitive(
                cJSON_GetObjectItemCaseSensitive(target, "error"), "end");
            set_num(end, "lambda", num(end, "lambda") * 1e6);
            label(target, run, sizeof run);
            printf("(lambda error: run %d of %d)\n", idx, n);
            CHECK(idx >= late, "doctored run %d is not late", idx);
            expect_fail("lambda error x 1e6", orig, res, run, "error.end.lambda", "");
            /* the same in JSON, for CI bots */
            char *out;
            save(res, "res.json");
            int rc = run_check("--per-run --format json", &out);
            cJSON *j = cJSON_Parse(out);
            const cJSON *reg = cJSON_GetObjectItemCaseSensitive(j, "regressions");
            const cJSON *first = cJSON_GetArrayItem(reg, 0);
            CHECK(rc == 1 && j && str(first, "run") && strcmp(str(first, "run"), run) == 0 &&
                      strcmp(str(first, "field"), "error.end.lambda") == 0,
                  "--format json: exit %d, not JSON naming the run and field:\n%.2000s", rc, out);
            cJSON_Delete(j);
            free(out);
            save(res, "res.json");
            rc = run_check("--per-run --format md", &out);
            CHECK(rc == 1 && strstr(out, "| error.end.lambda |"), "--format md: %.2000s", out);
            free(out);
        }
        cJSON_Delete(res);
    }

    /* its position residual 1.0 */
    {
        cJSON *res = cJSON_Duplicate(orig, 1);
        cJSON *target = late_run(cJSON_GetObjectItemCaseSensitive(res, "runs"), late, has_residual);
        CHECK(target != NULL, "no late ok run with a small position residual");
        if (target) {
            set_num(cJSON_GetObjectItemCaseSensitive(target, "residual"), "position", 1.0);
            label(target, run, sizeof run);
            expect_fail("position residual 1.0", orig, res, run, "residual.position", "");
        }
        cJSON_Delete(res);
    }

    /* jac_evals, solves, rejected × 5 (each alone) */
    static const char *const grow[] = {"jac_evals", "solves", "rejected"};
    for (int k = 0; k < 3; k++) {
        cJSON *res = cJSON_Duplicate(orig, 1);
        cJSON *target = late_run(cJSON_GetObjectItemCaseSensitive(res, "runs"), late, has_work);
        CHECK(target != NULL, "no late ok run with rejected >= 3 and Jacobians");
        if (target) {
            cJSON *c = cJSON_GetObjectItemCaseSensitive(target, "counters");
            set_num(c, grow[k], 5 * num(c, grow[k]));
            label(target, run, sizeof run);
            char what[64], field[64];
            snprintf(what, sizeof what, "%s x 5", grow[k]);
            snprintf(field, sizeof field, " %s ", grow[k]);
            expect_fail(what, orig, res, run, field, "");
        }
        cJSON_Delete(res);
    }

    /* baseline failures turned into crashes: three late runs fail in the
     * baseline (newton), crash in the results (signal 11) */
    {
        cJSON *base = cJSON_Duplicate(orig, 1), *res = cJSON_Duplicate(orig, 1);
        cJSON *br = cJSON_GetObjectItemCaseSensitive(base, "runs");
        cJSON *rr = cJSON_GetObjectItemCaseSensitive(res, "runs");
        for (int i = n - 3; i < n; i++) {
            set_str(nth(br, i), "status", "failed");
            set_str(nth(br, i), "reason", "newton");
            set_str(nth(rr, i), "status", "failed");
            set_str(nth(rr, i), "reason", "signal 11");
        }
        expect_pass("baseline with failures against itself", base, base, "0 regressions: ok", "");
        for (int i = n - 3; i < n; i++) {
            label(nth(rr, i), run, sizeof run);
            expect_fail("failed -> crashed (signal 11)", base, res, run,
                        "status failed (newton: solver) -> failed (signal 11: crash)", "");
        }
        /* a run listed as an expected failure (andrews GGL bdf 1e-10, fails as
         * "solver"): failing as listed is EXPECTED, crashing is a regression */
        cJSON *bx = nth(br, n - 4), *rx = nth(rr, n - 4);
        cJSON *xs[2] = {bx, rx};
        for (int k = 0; k < 2; k++) {
            set_str(xs[k], "problem", "andrews");
            set_str(xs[k], "scenario", "default");
            cJSON_ReplaceItemInObjectCaseSensitive(xs[k], "params", cJSON_CreateObject());
            set_str(xs[k], "formulation", "GGL");
            set_str(xs[k], "solver", "bdf");
            set_num(xs[k], "rtol", 1e-10);
            set_num(xs[k], "atol", 1e-10);
        }
        set_str(rx, "status", "failed");
        set_str(rx, "reason", "stepsize");
        for (int i = n - 3; i < n; i++)
            set_str(nth(rr, i), "reason", "newton");
        label(rx, run, sizeof run);
        expect_pass("listed failure failing as listed", base, res, "EXPECTED   andrews:default "
                    "GGL bdf rtol=1e-10", "");
        set_str(rx, "reason", "signal 11");
        expect_fail("listed failure crashing", base, res, run, "failed (signal 11: crash)", "");
        cJSON_Delete(base);
        cJSON_Delete(res);
    }

    /* an unsupported run becomes failed */
    {
        cJSON *res = cJSON_Duplicate(orig, 1);
        cJSON *rr = cJSON_GetObjectItemCaseSensitive(res, "runs"), *r, *target = NULL;
        cJSON_ArrayForEach(r, rr)
            if (strcmp(str(r, "status"), "unsupported") == 0)
                target = r;
        CHECK(target != NULL, "no unsupported run in the baseline");
        if (target) {
            set_str(target, "status", "failed");
            set_str(target, "reason", "newton");
            label(target, run, sizeof run);
            expect_fail("unsupported -> failed", orig, res, run, "status unsupported -> failed",
                        "");
        }
        cJSON_Delete(res);
    }

    /* every CPU time × 5: a slower solver; with the calibration × 5: a slower machine */
    {
        cJSON *res = cJSON_Duplicate(orig, 1), *r, *target = NULL;
        cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(res, "runs")) {
            double c = num(r, "cpu_seconds");
            if (isfinite(c)) {
                set_num(r, "cpu_seconds", 5 * c);
                if (strcmp(str(r, "status"), "ok") == 0 && c > 0.01)
                    target = r;   /* the last run long enough to stand out alone */
            }
        }
        CHECK(target != NULL, "no ok run above 10 ms");
        if (target) {
            label(target, run, sizeof run);
            expect_fail("every CPU time x 5", orig, res, run, "cpu_seconds", "");
            expect_fail("every CPU time x 5 (solver mean)", orig, res, str(target, "solver"),
                        "cpu_seconds.geomean", "");
        }
        cJSON *cal = cJSON_GetObjectItemCaseSensitive(res, "calibration");
        set_num(cal, "seconds", 5 * num(cal, "seconds"));
        set_str(cJSON_GetObjectItemCaseSensitive(res, "machine"), "cpu_id", "Slower 9/9/9");
        expect_pass("a machine uniformly 5x slower (calibration x 5)", orig, res,
                    "0 regressions: ok", "");
        cJSON_Delete(res);
    }

    /* one solver's runs missing, the build lacking the solver: its runs are
     * renamed to a solver no build has, in both files, and left out of the results */
    {
        cJSON *base = cJSON_Duplicate(orig, 1), *res = cJSON_Duplicate(orig, 1), *r;
        const char *gone = str(nth(runs, n - 1), "solver");
        char gname[64];
        snprintf(gname, sizeof gname, "%s", gone);
        cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(base, "runs"))
            if (strcmp(str(r, "solver"), gname) == 0)
                set_str(r, "solver", "notbuilt");
        cJSON *rr = cJSON_GetObjectItemCaseSensitive(res, "runs");
        int removed = 0;
        for (int i = cJSON_GetArraySize(rr) - 1; i >= 0; i--)
            if (strcmp(str(nth(rr, i), "solver"), gname) == 0) {
                cJSON_DeleteItemFromArray(rr, i);
                removed++;
            }
        CHECK(removed > 0, "no runs of %s", gname);
        set_str(nth(cJSON_GetObjectItemCaseSensitive(base, "runs"), n - 1), "solver", "notbuilt");
        label(nth(cJSON_GetObjectItemCaseSensitive(base, "runs"), n - 1), run, sizeof run);
        expect_fail("a solver's runs missing, build lacks it", base, res, run,
                    "solver notbuilt is not in this build", "");
        expect_pass("... named optional on the command line", base, res, "0 regressions: ok",
                    "--optional radau5,notbuilt");
        cJSON *opt = cJSON_AddArrayToObject(base, "optional");
        cJSON_AddItemToArray(opt, cJSON_CreateString("notbuilt"));
        expect_pass("... named optional in the baseline", base, res, "0 regressions: ok", "");
        cJSON_Delete(base);
        cJSON_Delete(res);
    }

    curve_cases(orig);
    cJSON_Delete(orig);
    char rm[300];
    snprintf(rm, sizeof rm, "rm -rf '%s'", tmp);
    if (system(rm) != 0)
        printf("note: could not remove %s\n", tmp);
    printf("%d passed, %d failed\n", checks - fails, fails);
    return fails ? 1 : 0;
}
