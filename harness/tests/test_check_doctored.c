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

/* expect a regression of run (label) naming text; the doctored result is res */
static void expect_fail(const char *what, const cJSON *base, const cJSON *res, const char *run,
                        const char *text, const char *opts)
{
    char *out;
    save(base, "base.json");
    save(res, "res.json");
    int rc = run_check(opts, &out);
    CHECK(rc == 1, "[%s] exit %d, expected 1:\n%s", what, rc, out);
    CHECK(names(out, run, text), "[%s] no REGRESSION line naming '%s' and '%s':\n%.3000s", what,
          run, text, out);
    if (rc == 1 && names(out, run, text))
        printf("ok   [%s]: %s ... %s\n", what, run, text);
    free(out);
}

static void expect_pass(const char *what, const cJSON *base, const cJSON *res, const char *text,
                        const char *opts)
{
    char *out;
    save(base, "base.json");
    save(res, "res.json");
    int rc = run_check(opts, &out);
    CHECK(rc == 0 && strstr(out, text), "[%s] exit %d (expected 0) or no '%s':\n%.3000s", what,
          rc, text, out);
    if (rc == 0 && strstr(out, text))
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
            int rc = run_check("--format json", &out);
            cJSON *j = cJSON_Parse(out);
            const cJSON *reg = cJSON_GetObjectItemCaseSensitive(j, "regressions");
            const cJSON *first = cJSON_GetArrayItem(reg, 0);
            CHECK(rc == 1 && j && str(first, "run") && strcmp(str(first, "run"), run) == 0 &&
                      strcmp(str(first, "field"), "error.end.lambda") == 0,
                  "--format json: exit %d, not JSON naming the run and field:\n%.2000s", rc, out);
            cJSON_Delete(j);
            free(out);
            save(res, "res.json");
            rc = run_check("--format md", &out);
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

    cJSON_Delete(orig);
    char rm[300];
    snprintf(rm, sizeof rm, "rm -rf '%s'", tmp);
    if (system(rm) != 0)
        printf("note: could not remove %s\n", tmp);
    printf("%d passed, %d failed\n", checks - fails, fails);
    return fails ? 1 : 0;
}
