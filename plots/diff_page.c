/* diff_page.c — diff.html and diff.md of `daebench report --baseline`: the
 * verdict of `daebench check` (its JSON, from the same code: check.h), shown
 * for a reviewer.  First one screen: the result, the machines, and per solver
 * the curves worse / better / same / moved along / not comparable and the
 * status changes; then the status changes (run by run), the curve regressions
 * by severity, each with its overlay diagram (the baseline curve faint, the new
 * one bold, CPU as check compares it), then the improvements.  Anchors per
 * problem; no diagram where nothing changed; every count is check's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/gate/check.h"
#include "harness/gate/check_thresholds.h"
#include "harness/gate/curves.h"
#include "io/escape.h"
#include "plots/diff_page.h"
#include "plots/overlay.h"

#define MAX_DIAGRAMS 60 /* overlay diagrams per section; the rest as table rows */

static const char *sv(const cJSON *o, const char *k)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
    return s ? s : "";
}

static double nv(const cJSON *o, const char *k)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

static int iv(const cJSON *o, const char *k)
{
    double x = nv(o, k);
    return isfinite(x) ? (int)x : 0;
}

/* check's JSON verdict of the two files (its exit status in *rc) */
static cJSON *check_json(const char *basepath, const char *respath, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        db_die("report: out of memory");
    char *argv[] = {"--baseline", (char *)basepath, "--results", (char *)respath, "--format",
                    "json", NULL};
    *rc = db_check_to(6, argv, f);
    fclose(f);
    cJSON *j = cJSON_Parse(buf);
    free(buf);
    if (!j)
        db_die("report: the verdict of check could not be read");
    return j;
}

/* the points of curve (series key, measure, work) of one file's runs */
static int points(const cJSON *runs, const char *key, int acc, int work, double scale,
                  db_curve_pt *p, int max)
{
    int n = 0;
    const cJSON *r;
    char k[600], lab[600];
    cJSON_ArrayForEach(r, runs) {
        if (n >= max || strcmp(sv(r, "status"), "ok") != 0 ||
            db_curve_key(r, k, sizeof k, lab, sizeof lab) != 0 || strcmp(k, key) != 0)
            continue;
        p[n++] = db_curve_point(r, acc, work, db_check_thresholds[DB_TH_FLOOR].value, scale);
    }
    return n;
}

static int index_of(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* the problem:scenario of a label, as an anchor id */
static void anchor_of(const char *label, char *buf, size_t len)
{
    size_t k = strcspn(label, " ");
    snprintf(buf, len, "p-%.*s", (int)k, label);
    for (char *c = buf; *c; c++)
        if (*c == ':')
            *c = '-';
}

/* the rows of one findings list (regressions or improvements) whose curve flag
 * is curve (−1: all); with diagrams, an overlay per curve row (at most
 * MAX_DIAGRAMS) */
static int section(FILE *h, FILE *m, const cJSON *list, int curve, const char *cls,
                   const cJSON *base_runs, const cJSON *cur_runs, double scale, int diagrams)
{
    const cJSON *f;
    int n = 0;
    char last[300] = "";
    cJSON_ArrayForEach(f, list) {
        int is_curve = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(f, "curve"));
        if (curve >= 0 && is_curve != curve)
            continue;
        const char *label = sv(f, "run"), *what = sv(f, "field"), *change = sv(f, "change");
        char anchor[300];
        anchor_of(label, anchor, sizeof anchor);
        if (!n)
            fprintf(h, "<div class=\"wide\"><table><tr><th>%s</th><th>what</th><th>change"
                       "</th></tr>\n", curve > 0 ? "series" : "run or series");
        if (!n)
            fprintf(m, "| %s | what | change |\n|---|---|---|\n",
                    curve > 0 ? "series" : "run or series");
        int first = strcmp(anchor, last) != 0;
        fprintf(h, "<tr class=\"%s\"%s%s%s><td>%s</td><td>%s</td><td>%s</td></tr>\n", cls,
                first ? " id=\"" : "", first ? db_esc_html(anchor) : "", first ? "\"" : "",
                db_esc_html(label), db_esc_html(what), db_esc_html(change));
        snprintf(last, sizeof last, "%s", anchor);
        fprintf(m, "| %s | %s | %s |\n", db_esc_md(label), db_esc_md(what), db_esc_md(change));
        if (is_curve && diagrams && n < MAX_DIAGRAMS) {
            const char *key = sv(f, "key"), *slash = strchr(what, '/');
            char wname[48];
            snprintf(wname, sizeof wname, "%.*s", slash ? (int)(slash - what) : 0, what);
            int acc = slash ? index_of(db_curve_acc_names, db_curve_nacc, slash + 1) : -1;
            int work = index_of(db_curve_work_names, db_curve_nwork, wname);
            if (acc >= 0 && work >= 0) {
                db_curve_pt b[64], c[64];
                int nb = points(base_runs, key, acc, work, 1.0, b, 64);
                int nc = points(cur_runs, key, acc, work, scale, c, 64);
                fprintf(h, "<tr class=\"%s\"><td colspan=\"3\">", cls);
                db_overlay_svg(h, b, nb, c, nc, db_curve_work_names[work], db_curve_acc_names[acc]);
                fprintf(h, "</td></tr>\n");
            }
        }
        n++;
    }
    if (n)
        fprintf(h, "</table></div>\n");
    else {
        fprintf(h, "<p>none</p>\n");
        fprintf(m, "none\n");
    }
    return n;
}

int db_diff_page(FILE *h, FILE *m, const char *basepath, const char *respath, const cJSON *base,
                 const cJSON *cur, int *nreg)
{
    int rc;
    cJSON *j = check_json(basepath, respath, &rc);
    const cJSON *solvers = cJSON_GetObjectItemCaseSensitive(j, "solvers");
    const cJSON *reg = cJSON_GetObjectItemCaseSensitive(j, "regressions");
    const cJSON *imp = cJSON_GetObjectItemCaseSensitive(j, "improvements");
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
    const cJSON *build = cJSON_GetObjectItemCaseSensitive(cur, "build");
    int dirty = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(build, "dirty"));
    int nruns = cJSON_GetArraySize(runs), ncurve = cJSON_GetArraySize(reg) - nruns;
    double scale = nv(j, "cpu_scale");
    if (!isfinite(scale) || scale <= 0)
        scale = 1.0;
    *nreg = cJSON_GetArraySize(reg);
    const char *commit = sv(build, "commit");

    fprintf(h, "<h1>Changes against the baseline: %s</h1>\n", rc ? "FAIL" : "ok");
    fprintf(h, "<p>baseline <code>%s</code> (commit <code>%.12s</code>); results commit "
               "<code>%.12s</code>%s. <b>%d status regressions, %d curve regressions</b> "
               "(<code>daebench check</code>: the same counts). <a href=\"index.html\">Report"
               "</a></p>\n<p class=\"hint\">%s<br>%s</p>\n", db_esc_html(basepath),
            db_esc_html(sv(cJSON_GetObjectItemCaseSensitive(base, "build"), "commit")),
            db_esc_html(commit[0] ? commit : sv(cur, "git")),
            dirty ? " <b class=\"dirty\">(dirty tree: uncommitted changes)</b>" : "", nruns,
            ncurve, db_esc_html(sv(j, "machine")), db_esc_html(sv(j, "calibration")));
    fprintf(m, "# Changes against the baseline: %s\n\nbaseline `%s`; results commit `%.12s`%s. "
               "**%d status regressions, %d curve regressions** (as `daebench check`).\n\n",
            rc ? "FAIL" : "ok", basepath, commit[0] ? commit : sv(cur, "git"),
            dirty ? " (dirty tree)" : "", nruns, ncurve);

    /* one screen: per solver */
    static const char *const vcols[] = {"worse", "better", "same", "moved along",
                                        "fewer points comparable"};
    fprintf(h, "<h2 id=\"verdict\">Verdict per solver</h2>\n<p class=\"hint\">Curves: one "
               "series (problem, scenario, parameters, formulation) per accuracy and work "
               "measure, judged at equal accuracy (docs/check.md).</p>\n<div class=\"wide\">"
               "<table><tr><th>solver</th><th>curves worse</th><th>better</th><th>same</th>"
               "<th>moved along</th><th>not comparable</th><th>status regressions</th>"
               "<th>CPU at equal gscd</th><th>at equal tolerance</th></tr>\n");
    fprintf(m, "| solver | curves worse | better | same | moved along | not comparable | status "
               "regressions | CPU at equal gscd | at equal tolerance |\n|---|---|---|---|---|---|"
               "---|---|---|\n");
    const cJSON *s;
    cJSON_ArrayForEach(s, solvers) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(s, "curves");
        int nst = 0;
        const cJSON *f;
        cJSON_ArrayForEach(f, runs) nst += strcmp(sv(f, "solver"), sv(s, "solver")) == 0;
        int worse = iv(c, "worse"), better = iv(c, "better");
        fprintf(h, "<tr%s><td>%s</td>", worse || nst ? " class=\"worse\""
                                        : better ? " class=\"better\"" : "",
                db_esc_html(sv(s, "solver")));
        fprintf(m, "| %s |", db_esc_md(sv(s, "solver")));
        for (int v = 0; v < 5; v++) {
            fprintf(h, "<td>%d</td>", iv(c, vcols[v]));
            fprintf(m, " %d |", iv(c, vcols[v]));
        }
        double cpu = nv(s, "cpu_ratio"), ts = nv(s, "tolerance_accuracy_shift"),
               tw = nv(s, "tolerance_work_ratio");
        char cpus[80] = "-", tols[80] = "-";
        if (isfinite(cpu))
            snprintf(cpus, sizeof cpus, "x%.3g%s", cpu,
                     cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "cpu_gated"))
                         ? "" : " (information)");
        if (isfinite(ts))
            snprintf(tols, sizeof tols, "%+.2f digits, f_evals x%.3g", ts, tw);
        fprintf(h, "<td>%d</td><td>%s</td><td>%s</td></tr>\n", nst, cpus, tols);
        fprintf(m, " %d | %s | %s |\n", nst, cpus, tols);
    }
    fprintf(h, "</table></div>\n");

    const cJSON *base_runs = cJSON_GetObjectItemCaseSensitive(base, "runs");
    const cJSON *cur_runs = cJSON_GetObjectItemCaseSensitive(cur, "runs");
    fprintf(h, "<h2 id=\"status\">Status changes (run by run) and solver-wide CPU</h2>\n");
    fprintf(m, "\n## Status changes (run by run) and solver-wide CPU\n\n");
    section(h, m, reg, 0, "worse", base_runs, cur_runs, scale, 0);
    fprintf(h, "<h2 id=\"worse\">Curve regressions, by severity</h2>\n<p class=\"hint\">Each "
               "with its curve: the baseline faint and thick, now bold red; work on a log "
               "axis.</p>\n");
    fprintf(m, "\n## Curve regressions, by severity\n\n");
    section(h, m, reg, 1, "worse", base_runs, cur_runs, scale, 1);
    fprintf(h, "<h2 id=\"better\">Improvements</h2>\n");
    fprintf(m, "\n## Improvements\n\n");
    section(h, m, imp, -1, "better", base_runs, cur_runs, scale, 1);
    cJSON_Delete(j);
    return rc;
}
