/* test_diff_page.c — the diff page of `daebench report --baseline` says what
 * `daebench check` says: on a doctored copy of the stored quick baseline (one
 * late series needs 30 % more f_evals at unchanged accuracy, one late run ok →
 * failed, the results' tree marked dirty) diff.md names the same numbers of
 * status and curve regressions as check's JSON, lists the failed run before
 * the curves, draws an overlay diagram for the worse series and labels the
 * tree dirty; the unchanged file gives a page with no regression and no
 * diagram. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "io/jsonio.h"
#include "testset/tests/check.h"

static char tmp[256];

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n)
        n = 0;
    if (b)
        b[n] = '\0';
    fclose(f);
    return b;
}

/* daebench report of tmp/<res> against tmp/base.json into tmp/<dir> */
static int report(const char *res, const char *dir)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' report --results '%s/%s' --baseline '%s/base.json' --out "
             "'%s/%s' >/dev/null 2>&1", DAEBENCH_BINARY, tmp, res, tmp, tmp, dir);
    return system(cmd);
}

static const char *str(const cJSON *o, const char *k)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
    return s ? s : "";
}

/* the counts of check's JSON: run findings and curve findings among regressions */
static void check_counts(const char *res, int *nrun, int *ncurve)
{
    char out[600], cmd[2048];
    snprintf(out, sizeof out, "%s/check.json", tmp);
    snprintf(cmd, sizeof cmd, "'%s' check --baseline '%s/base.json' --results '%s/%s' --format "
             "json > '%s'", DAEBENCH_BINARY, tmp, tmp, res, out);
    if (system(cmd) == -1)
        return;
    char *t = slurp(out);
    cJSON *j = t ? cJSON_Parse(t) : NULL;
    free(t);
    *nrun = *ncurve = -1;
    if (!j)
        return;
    const cJSON *f;
    *nrun = *ncurve = 0;
    cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(j, "regressions")) {
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(f, "curve")))
            (*ncurve)++;
        else
            (*nrun)++;
    }
    cJSON_Delete(j);
}

/* report's diff.md: "**A status regressions, B curve regressions**" */
static int page_counts(const char *md, int *nrun, int *ncurve)
{
    const char *p = md ? strstr(md, "**") : NULL;
    return p && sscanf(p, "**%d status regressions, %d curve regressions**", nrun, ncurve) == 2;
}

int main(void)
{
    snprintf(tmp, sizeof tmp, "/tmp/daebench-diffpage-XXXXXX");
    if (!mkdtemp(tmp))
        return 1;
    char err[512], path[600];
    cJSON *base = db_json_read_file(DAEBENCH_SOURCE_DIR "/reference/baseline/quick.json", err,
                                    sizeof err);
    CHECK(base != NULL, "read the quick baseline: %s", err);
    if (!base)
        return 1;
    snprintf(path, sizeof path, "%s/base.json", tmp);
    db_json_write_atomic(path, base, err, sizeof err);

    /* unchanged: no regression, no diagram */
    snprintf(path, sizeof path, "%s/same.json", tmp);
    db_json_write_atomic(path, base, err, sizeof err);
    int rc = report("same.json", "same");
    CHECK(rc == 0, "report on the unchanged file: status %d", rc);
    snprintf(path, sizeof path, "%s/same/diff.html", tmp);
    char *html = slurp(path);
    snprintf(path, sizeof path, "%s/same/diff.md", tmp);
    char *md = slurp(path);
    int a = -1, b = -1;
    CHECK(page_counts(md, &a, &b) && a == 0 && b == 0, "unchanged: page counts %d %d", a, b);
    CHECK(html && !strstr(html, "<svg"), "unchanged: a diagram where nothing changed");
    CHECK(html && strstr(html, "Verdict per solver"), "unchanged: no verdict table");
    free(html);
    free(md);

    /* doctored: a late series x1.3 in f_evals, a late ok run failed, dirty tree */
    cJSON *res = cJSON_Duplicate(base, 1);
    cJSON *runs = cJSON_GetObjectItemCaseSensitive(res, "runs"), *r, *target = NULL;
    int n = cJSON_GetArraySize(runs), i = 0;
    cJSON_ArrayForEach(r, runs) {
        if (i++ > n / 2 && !strcmp(str(r, "status"), "ok") && !strcmp(str(r, "solver"), "bdf"))
            target = r;
    }
    CHECK(target != NULL, "no late ok bdf run");
    if (!target)
        return 1;
    char series[4][64];
    static const char *const id[4] = {"problem", "scenario", "formulation", "solver"};
    for (int k = 0; k < 4; k++)
        snprintf(series[k], sizeof series[k], "%s", str(target, id[k]));
    cJSON *failed = NULL;
    cJSON_ArrayForEach(r, runs) {
        int same = 1;
        for (int k = 0; k < 4; k++)
            same &= !strcmp(str(r, id[k]), series[k]);
        if (same && !strcmp(str(r, "status"), "ok")) {
            cJSON *c = cJSON_GetObjectItemCaseSensitive(r, "counters");
            cJSON *f = cJSON_GetObjectItemCaseSensitive(c, "f_evals");
            cJSON_SetNumberValue(f, round(1.3 * f->valuedouble));
        }
        if (!same && !strcmp(str(r, "status"), "ok") && !strcmp(str(r, "solver"), "radau5"))
            failed = r; /* the last one */
    }
    CHECK(failed != NULL, "no ok radau5 run");
    if (!failed)
        return 1;
    cJSON_ReplaceItemInObjectCaseSensitive(failed, "status", cJSON_CreateString("failed"));
    cJSON_DeleteItemFromObjectCaseSensitive(failed, "reason");
    cJSON_AddStringToObject(failed, "reason", "newton");
    cJSON *build = cJSON_GetObjectItemCaseSensitive(res, "build");
    if (build)
        cJSON_ReplaceItemInObjectCaseSensitive(build, "dirty", cJSON_CreateTrue());
    snprintf(path, sizeof path, "%s/res.json", tmp);
    db_json_write_atomic(path, res, err, sizeof err);
    rc = report("res.json", "res");
    CHECK(rc == 0, "report on the doctored file: status %d", rc);
    int crun, ccurve, prun = -1, pcurve = -1;
    check_counts("res.json", &crun, &ccurve);
    snprintf(path, sizeof path, "%s/res/diff.md", tmp);
    md = slurp(path);
    snprintf(path, sizeof path, "%s/res/diff.html", tmp);
    html = slurp(path);
    CHECK(page_counts(md, &prun, &pcurve), "no counts in diff.md");
    CHECK(crun >= 1 && ccurve >= 1, "check found %d run and %d curve regressions", crun, ccurve);
    CHECK(prun == crun && pcurve == ccurve, "page %d/%d against check %d/%d", prun, pcurve,
          crun, ccurve);
    char want[300];
    snprintf(want, sizeof want, "%s:%s %s %s", series[0], series[1], series[2], series[3]);
    const char *st = md ? strstr(md, "## Status changes") : NULL;
    const char *cv = md ? strstr(md, "## Curve regressions") : NULL;
    CHECK(st && cv && st < cv && strstr(st, "newton") && strstr(st, "newton") < cv,
          "the failed run is not listed before the curves:\n%.2000s", md ? md : "");
    CHECK(cv && strstr(cv, series[0]) && strstr(cv, "f&#95;evals/"), "the worse series %s is not "
          "among the curve regressions", want);
    CHECK(html && strstr(html, "<svg class=\"overlay\""), "no overlay diagram");
    CHECK(html && strstr(html, "dirty tree"), "the dirty tree is not labelled");
    CHECK(md && strstr(md, "Changes against the baseline: FAIL"), "the page does not say FAIL");
    free(md);
    free(html);
    cJSON_Delete(res);
    cJSON_Delete(base);
    char rm[300];
    snprintf(rm, sizeof rm, "rm -rf '%s'", tmp);
    if (system(rm) != 0)
        printf("note: could not remove %s\n", tmp);
    return check_summary();
}
