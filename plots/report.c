/* report.c — "daebench report --results results/bench.json [--plots DIR]
 * [--out DIR]": results/index.html and its Markdown twin results/report.md
 * (issue 8, "Report"): per problem and scenario a table of the best run per
 * accuracy band (least CPU time reaching scd ≥ 2, 4, 6, 8, 10), the failures
 * and why (expected ones marked, expected_failures.c), the slope of error against tolerance —
 * the least-squares slope of log10 error against log10 tol per solver,
 * formulation and group p, v, λ (order reduction caused by the index shows as
 * slopes below 1 for the higher-index components) — and every diagram of
 * "daebench plot" embedded (PNG, linked to the SVG).  Coverage of the
 * compatible cells is stated at the top.  When the file holds runs of the
 * external peer ida, a table "CPU time at equal gscd, in-repo solver / ida" per
 * problem and formulation comes first (method: peer_ratio.h).  A bench file of
 * a swept suite (suite.h: scaling) gets a table of the cost per step against
 * the swept parameter with the fitted slopes (scaling.h) and the diagram
 * scaling.png of "daebench plot". */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>

#include "harness/cli/help.h"
#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "plots/characteristics.h"
#include "plots/diff_page.h"
#include "plots/matrix.h"
#include "harness/sweep/coverage.h"
#include "harness/cli/names.h"
#include "plots/profile.h"
#include "harness/results/benchfile.h"
#include "io/escape.h"
#include "io/jsonio.h"
#include "io/mkdirs.h"
#include "reference/measure_names.h"
#include "plots/peer_ratio.h"
#include "reference/reference_table.h"
#include "plots/scaling.h"
#include "harness/sweep/suite.h"
#include "testset/registry.h"

typedef struct {
    FILE *h, *m;
    int interactive;  /* diagrams as <object> SVG (legend toggles) rather than PNG */
} out2;

static const char *str(const cJSON *r, const char *k)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, k));
    return s ? s : "";
}

static double num(const cJSON *r, const char *a, const char *b, const char *c)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(r, a);
    if (b)
        x = cJSON_GetObjectItemCaseSensitive(x, b);
    if (c)
        x = cJSON_GetObjectItemCaseSensitive(x, c);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

/* HTML-escaped text (escape.h) */
static void esc(FILE *f, const char *s)
{
    fputs(db_esc_html(s), f);
}

/* Markdown cell text, at most max bytes of s (escape.h) */
static void mdesc(FILE *f, const char *s, int max)
{
    char cut[512];
    snprintf(cut, sizeof cut, "%.*s", max, s);
    fputs(db_esc_md(cut), f);
}

/* the HTML and Markdown sinks of user-provided strings: escape.h's escapers
 * (rotating buffers, usable several times in one printf) */
#define H db_esc_html
#define M db_esc_md

/* an output of the report written to a temp file beside path and renamed over
 * it once complete (jsonio.h); dies on error */
/* the temp files not yet renamed: removed when the program ends before their
 * commit (db_die on a full disk, say), so nothing half-written stays behind */
#define MAX_PENDING 4
static const char *pending[MAX_PENDING];

static void remove_pending(void)
{
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i])
            unlink(pending[i]);
}

static void set_pending(const char *tmp, int on)
{
    static int registered;
    if (!registered)
        registered = atexit(remove_pending) == 0;
    for (int i = 0; i < MAX_PENDING; i++)
        if (on ? !pending[i] : pending[i] == tmp) {
            pending[i] = on ? tmp : NULL;
            return;
        }
    if (on)
        db_die("report: too many outputs open at once");
}

static FILE *out_open(const char *path, char *tmp, size_t tl)
{
    char err[512];
    FILE *f = db_out_open(path, tmp, tl, err, sizeof err);
    if (!f)
        db_die("report: %s", err);
    set_pending(tmp, 1);
    return f;
}

static void out_commit(FILE *f, const char *tmp, const char *path)
{
    char err[512];
    set_pending(tmp, 0); /* db_out_commit removes it on error */
    if (db_out_commit(f, tmp, path, err, sizeof err) != 0)
        db_die("report: %s", err);
}

/* index.html + report.md (or diff.html + diff.md) under outdir, opened atomically */
typedef struct {
    char hpath[4200], mpath[4200], htmp[4300], mtmp[4300];
} out2_paths;

static void out2_names(out2_paths *p, const char *outdir, const char *hname, const char *mname)
{
    char err[512];
    if (snprintf(p->hpath, sizeof p->hpath, "%s/%s", outdir, hname) >= DB_PATH_MAX - 32 ||
        snprintf(p->mpath, sizeof p->mpath, "%s/%s", outdir, mname) >= DB_PATH_MAX - 32)
        db_die("report: --out path too long");
    if (db_output_check(p->hpath, err, sizeof err) != 0 ||
        db_output_check(p->mpath, err, sizeof err) != 0)
        db_die("report: %s", err);
}

static void out2_open(out2 *o, out2_paths *p)
{
    o->h = out_open(p->hpath, p->htmp, sizeof p->htmp);
    o->m = out_open(p->mpath, p->mtmp, sizeof p->mtmp);
}

static void out2_commit(out2 *o, const out2_paths *p)
{
    out_commit(o->h, p->htmp, p->hpath);
    out_commit(o->m, p->mtmp, p->mpath);
}

static int same_page(const cJSON *a, const cJSON *b)
{
    return !strcmp(str(a, "problem"), str(b, "problem")) &&
           !strcmp(str(a, "scenario"), str(b, "scenario"));
}

/* least-squares slope of log10 err against log10 tol over the runs of a cell */
static double slope(const cJSON **runs, int n, const char *group, int *npts)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(str(runs[i], "status"), "ok") != 0)
            continue;
        double e = num(runs[i], "error", "end", group), t = num(runs[i], "rtol", NULL, NULL);
        if (!(e > 0) || !(t > 0))
            continue;
        double x = log10(t), y = log10(e);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        k++;
    }
    *npts = k;
    double den = k * sxx - sx * sx;
    if (k < 2 || fabs(den) < 1e-12)
        return NAN;
    return (k * sxy - sx * sy) / den;
}

/* rank of a diagram name for the order on a page: the overview first (wpd of
 * all curves or of the best of each solver), then per family, err, res, time */
static int diagram_rank(const char *name)
{
    static const char *const kinds[] = {"-wpd.png", "-err.png", "-res.png", "-time.png"};
    for (int k = 0; k < 4; k++) {
        size_t l = strlen(name), lk = strlen(kinds[k]);
        if (l > lk && !strcmp(name + l - lk, kinds[k]))
            return k;
    }
    return 9;
}

static const char *diagram_what(const char *stem)
{
    size_t l = strlen(stem);
    if (l > 4 && !strcmp(stem + l - 4, "-wpd"))
        return "gscd (digits) against CPU time and f evaluations";
    if (l > 4 && !strcmp(stem + l - 4, "-err"))
        return "error per group against the tolerance";
    if (l > 4 && !strcmp(stem + l - 4, "-res"))
        return "constraint residual per level against the tolerance";
    if (l > 5 && !strcmp(stem + l - 5, "-time"))
        return "energy and residuals over time";
    return "diagram";
}

static int by_diagram(const void *a, const void *b)
{
    const char *x = a, *y = b;
    /* the page's own wpd (fewest dashes) before the families */
    int dx = 0, dy = 0;
    for (const char *c = x; *c; c++)
        dx += *c == '-';
    for (const char *c = y; *c; c++)
        dy += *c == '-';
    int rx = diagram_rank(x), ry = diagram_rank(y);
    if (dx != dy && (rx == 0 || ry == 0))
        return dx - dy;
    if (rx != ry)
        return rx - ry;
    return strcmp(x, y);
}

/* the PNG diagrams "<page>-*.png" in dir whose middle has no further page of
 * another scenario (the next dash-separated word is a solver or a kind);
 * *out malloc'd; returns the count */
static int diagram_list(const char *dir, const char *page_id, char (**out)[256])
{
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0, cap = 0;
    size_t lp = strlen(page_id);
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *nm = e->d_name;
        size_t l = strlen(nm);
        if (l >= 256 || strncmp(nm, page_id, lp) != 0 || nm[lp] != '-' || l < 4 ||
            strcmp(nm + l - 4, ".png") != 0 || diagram_rank(nm) == 9)
            continue;
        /* <page>-<kind>.png or <page>-<solver>-<kind>.png: at most one more dash */
        int dashes = 0;
        for (const char *c = nm + lp + 1; *c; c++)
            dashes += *c == '-';
        if (dashes > 1)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char (*nw)[256] = realloc(*out, (size_t)cap * sizeof **out);
            if (!nw)
                break;
            *out = nw;
        }
        snprintf((*out)[n++], 256, "%s", nm);
    }
    closedir(d);
    if (n)
        qsort(*out, (size_t)n, sizeof **out, by_diagram);
    return n;
}

static void page(out2 *o, const cJSON **v, int n, const char *plots, const char *plotrel)
{
    const char *pb = str(v[0], "problem"), *sc = str(v[0], "scenario");
    int ok = 0, failed = 0, unsup = 0;
    for (int i = 0; i < n; i++) {
        const char *st = str(v[i], "status");
        ok += !strcmp(st, "ok");
        failed += !strcmp(st, "failed");
        unsup += !strcmp(st, "unsupported");
    }
    fprintf(o->h, "<h2 id=\"%s-%s\">%s : %s</h2>\n<p>%d runs: %d ok, %d failed, %d unsupported</p>\n",
            pb, sc, pb, sc, n, ok, failed, unsup);
    fprintf(o->m, "\n## %s : %s\n\n%d runs: %d ok, %d failed, %d unsupported\n\n", pb, sc, n, ok,
            failed, unsup);
    /* what the problem is: the catalogue's own words (testset/<problem>.c) */
    const db_problem *prob = db_problem_find(pb);
    if (prob) {
        const char *sh = "";
        for (int k = 0; k < prob->nscenarios; k++)
            if (!strcmp(prob->scenarios[k].name, sc) && prob->scenarios[k].help)
                sh = prob->scenarios[k].help;
        fprintf(o->h, "<p class=\"about\"><b>%s</b>. Scenario <i>%s</i>: %s. <span class=\"hint\">"
                      "Source: %s.</span></p>\n", H(prob->title), H(sc), H(sh), H(prob->source));
        fprintf(o->m, "**%s**. Scenario *%s*: %s. Source: %s.\n\n", M(prob->title), M(sc),
                M(sh), M(prob->source));
    }
    db_characteristics_write(o->h, o->m, v, n);
    /* best per accuracy band */
    fprintf(o->h, "<h3>Best run per accuracy band (least CPU time)</h3>\n<table><tr><th>gscd &ge;"
                  "</th><th>solver / formulation</th><th>tol</th><th>gscd</th><th>CPU [s]</th>"
                  "<th>f_evals</th></tr>\n");
    fprintf(o->m, "### Best run per accuracy band (least CPU time)\n\n| gscd >= | solver / "
                  "formulation | tol | gscd | CPU [s] | f_evals |\n|---|---|---|---|---|---|\n");
    for (int band = 2; band <= 10; band += 2) {
        const cJSON *best = NULL;
        for (int i = 0; i < n; i++) {
            if (strcmp(str(v[i], "status"), "ok") != 0)
                continue;
            double s = db_measure_of(v[i], "gscd", NULL);
            if (!(s >= band))
                continue;
            if (!best || num(v[i], "cpu_seconds", NULL, NULL) < num(best, "cpu_seconds", NULL, NULL))
                best = v[i];
        }
        if (!best) {
            fprintf(o->h, "<tr><td>%d</td><td colspan=5><i>no run</i></td></tr>\n", band);
            fprintf(o->m, "| %d | *no run* | | | | |\n", band);
            continue;
        }
        fprintf(o->h, "<tr><td>%d</td><td>%s / %s</td><td class=\"n\">%.0e</td><td>%.2f</td><td>%.3g</td>"
                      "<td>%.0f</td></tr>\n", band, str(best, "solver"), str(best, "formulation"),
                num(best, "rtol", NULL, NULL), db_measure_of(best, "gscd", NULL),
                num(best, "cpu_seconds", NULL, NULL), num(best, "counters", "f_evals", NULL));
        fprintf(o->m, "| %d | %s / %s | %.0e | %.2f | %.3g | %.0f |\n", band, str(best, "solver"),
                str(best, "formulation"), num(best, "rtol", NULL, NULL),
                db_measure_of(best, "gscd", NULL), num(best, "cpu_seconds", NULL, NULL),
                num(best, "counters", "f_evals", NULL));
    }
    fprintf(o->h, "</table>\n");
    /* failures */
    if (failed || unsup) {
        fprintf(o->h, "<h3>Failures and unsupported runs</h3>\n<table><tr><th>solver / formulation"
                      "</th><th>tol</th><th>status</th><th>reason</th><th>message</th></tr>\n");
        fprintf(o->m, "\n### Failures and unsupported runs\n\n| solver / formulation | tol | "
                      "status | reason | message |\n|---|---|---|---|---|\n");
        for (int i = 0; i < n; i++) {
            const char *st = str(v[i], "status");
            if (!strcmp(st, "ok"))
                continue;
            const db_xfail *x = db_xfail_expected(v[i]); /* failing in its listed class */
            const char *shown = !x ? st : !strcmp(x->klass, "weakness")
                                              ? "expected failure (weakness)"
                                              : "expected failure (theory)";
            fprintf(o->h, "<tr class=\"%s\"><td>%s / %s</td><td class=\"n\">%.0e</td><td>%s</td><td>",
                    x ? "xfail" : !strcmp(st, "failed") ? "fail" : "unsup", str(v[i], "solver"),
                    str(v[i], "formulation"), num(v[i], "rtol", NULL, NULL), shown);
            esc(o->h, str(v[i], "reason"));
            fprintf(o->h, "</td><td>");
            db_html_words(o->h, str(v[i], "message"));
            if (x) {
                fprintf(o->h, "<br><i>expected: ");
                esc(o->h, x->reason);
                fprintf(o->h, "</i>");
            }
            fprintf(o->h, "</td></tr>\n");
            fprintf(o->m, "| %s / %s | %.0e | %s | ", str(v[i], "solver"),
                    str(v[i], "formulation"), num(v[i], "rtol", NULL, NULL), shown);
            mdesc(o->m, str(v[i], "reason"), 40);
            fprintf(o->m, " | ");
            mdesc(o->m, str(v[i], "message"), 160);
            fprintf(o->m, " |\n");
        }
        fprintf(o->h, "</table>\n");
    }
    /* the slope of the error against the tolerance (not an order of the method) */
    fprintf(o->h, "<h3>Slope of error against tolerance: log10 error vs log10 tol</h3>\n<table><tr><th>"
                  "solver / formulation</th><th>p</th><th>v</th><th>&lambda;</th><th>&mu;</th>"
                  "<th>points</th></tr>\n");
    fprintf(o->m, "\n### Slope of error against tolerance: log10 error vs log10 tol\n\n| solver / "
                  "formulation | p | v | λ | μ | points |\n|---|---|---|---|---|---|\n");
    for (int a = 0; a < n;) {
        int b = a;
        while (b < n && !strcmp(str(v[a], "solver"), str(v[b], "solver")) &&
               !strcmp(str(v[a], "formulation"), str(v[b], "formulation")))
            b++;
        static const char *const g[4] = {"p", "v", "lambda", "mu"};
        char cell[4][32];
        int pts = 0, any = 0;
        for (int k = 0; k < 4; k++) {
            int np;
            double s = slope(v + a, b - a, g[k], &np);
            if (np > pts)
                pts = np;
            if (isfinite(s)) {
                snprintf(cell[k], sizeof cell[k], "%.2f", s);
                any = 1;
            } else
                snprintf(cell[k], sizeof cell[k], "&ndash;");
        }
        if (any) {
            fprintf(o->h, "<tr><td>%s / %s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td>"
                          "<td>%d</td></tr>\n", str(v[a], "solver"), str(v[a], "formulation"),
                    cell[0], cell[1], cell[2], cell[3], pts);
            for (int k = 0; k < 4; k++)
                if (!strcmp(cell[k], "&ndash;"))
                    snprintf(cell[k], sizeof cell[k], "-");
            fprintf(o->m, "| %s / %s | %s | %s | %s | %s | %d |\n", str(v[a], "solver"),
                    str(v[a], "formulation"), cell[0], cell[1], cell[2], cell[3], pts);
        }
        a = b;
    }
    fprintf(o->h, "</table>\n");
    /* diagrams: every <page>-*.png of the plots directory (diagram_list) */
    fprintf(o->h, "<h3>Diagrams</h3>\n<p class=\"hint\">Click a legend entry to hide or show "
                  "its curve; faint thick curves are the baseline where one was given to "
                  "<code>daebench plot --baseline</code>.</p>\n");
    fprintf(o->m, "\n### Diagrams\n\n");
    char page_id[300];
    snprintf(page_id, sizeof page_id, "%s-%s", pb, sc);
    char (*names)[256] = NULL;
    int nd = diagram_list(plots, page_id, &names);
    /* the picture of the solution first (solution.h), when plot drew one */
    char solpng[4400];
    snprintf(solpng, sizeof solpng, "%s/%s-solution.png", plots, page_id);
    if (access(solpng, R_OK) == 0) {
        const char *what = "the reference solution: positions over time";
        if (o->interactive)
            fprintf(o->h, "<figure class=\"solution\"><object type=\"image/svg+xml\" "
                          "data=\"%s/%s-solution.svg\"><img src=\"%s/%s-solution.png\" "
                          "alt=\"%s\"></object><figcaption><a href=\"%s/%s-solution.svg\">"
                          "%s-solution</a> (%s)</figcaption></figure>\n", H(plotrel),
                    H(page_id), H(plotrel), H(page_id), what, H(plotrel), H(page_id),
                    H(page_id), what);
        else
            fprintf(o->h, "<figure class=\"solution\"><a href=\"%s/%s-solution.svg\"><img "
                          "src=\"%s/%s-solution.png\" alt=\"%s\"></a><figcaption>%s-solution "
                          "(%s)</figcaption></figure>\n", H(plotrel), H(page_id), H(plotrel),
                    H(page_id), what, H(page_id), what);
        fprintf(o->m, "![%s-solution](%s/%s-solution.png)\n\n", M(page_id), M(plotrel),
                M(page_id));
    }
    for (int k = 0; k < nd; k++) {
        char stem[256];
        snprintf(stem, sizeof stem, "%.*s", (int)strlen(names[k]) - 4, names[k]);
        if (o->interactive)
            fprintf(o->h, "<figure><object type=\"image/svg+xml\" data=\"%s/%s.svg\"><img "
                          "src=\"%s/%s.png\" alt=\"%s\"></object><figcaption><a href=\"%s/%s.svg\">"
                          "%s</a> (%s)</figcaption></figure>\n", H(plotrel), H(stem), H(plotrel),
                    H(stem), H(stem), H(plotrel), H(stem), H(stem), diagram_what(stem));
        else
            fprintf(o->h, "<figure><a href=\"%s/%s.svg\"><img src=\"%s/%s.png\" alt=\"%s\"></a>"
                          "<figcaption>%s (%s)</figcaption></figure>\n", H(plotrel), H(stem),
                    H(plotrel), H(stem), H(stem), H(stem), diagram_what(stem));
        fprintf(o->m, "![%s](%s/%s.png)\n\n", M(stem), M(plotrel), M(stem));
    }
    free(names);
    if (!nd) {
        /* the right reason: no diagrams drawn at all, or none for this page */
        int drawn = 0;
        DIR *d = opendir(plots);
        for (struct dirent *e; d && !drawn && (e = readdir(d));)
            drawn = strstr(e->d_name, ".png") != NULL;
        if (d)
            closedir(d);
        const char *why = drawn ? "no run with a reference to measure against"
                                : "no diagrams in the plots folder: run daebench plot first";
        fprintf(o->h, "<p><i>no diagram (%s: <code>%s</code>)</i></p>\n", why, H(plots));
        fprintf(o->m, "*no diagram (%s: `%s`)*\n", why, plots);
    }
}

/* the ratio table of the in-repo solvers against ida (peer_ratio.h) */
static void ratio_table(out2 *o, const cJSON *runs)
{
    static db_peer_ratio t[512];
    int nt = db_peer_ratio_table(runs, "ida", t, 512);
    if (nt == 0)
        return;
    static const char method[] =
        "For each problem, formulation and solver the ok runs of the tolerance ladder give a "
        "curve of log10 CPU time against gscd (docs/measures.md), interpolated "
        "linearly; on the gscd range that the solver and ida (same formulation) both reach, the difference of the two curves is "
        "taken at 21 equally spaced gscd values. The ratio is 10 to its mean (the geometric "
        "mean of the pointwise ratios); min and max are the extreme pointwise ratios. Above 1: "
        "the in-repo solver needs more CPU time than ida for the same accuracy.";
    fprintf(o->h, "<h2 id=\"ida-ratio\">CPU time at equal gscd, in-repo solver / ida</h2>\n"
                  "<p>%s</p>\n<table><tr><th>problem</th><th>formulation</th><th>solver</th>"
                  "<th>common gscd range</th><th>CPU ratio</th><th>min</th><th>max</th>"
                  "<th>points (solver, ida)</th></tr>\n", method);
    fprintf(o->m, "\n## CPU time at equal gscd, in-repo solver / ida\n\n%s\n\n| problem | "
                  "formulation | solver | common gscd range | CPU ratio | min | max | points "
                  "(solver, ida) |\n|---|---|---|---|---|---|---|---|\n", method);
    for (int i = 0; i < nt; i++) {
        char range[64], r[3][32];
        if (t[i].npts < 2 || t[i].npts_peer < 2)
            snprintf(range, sizeof range, "fewer than 2 points");
        else if (isfinite(t[i].lo) && isfinite(t[i].hi) && t[i].lo <= t[i].hi)
            snprintf(range, sizeof range, "%.2f - %.2f", t[i].lo, t[i].hi);
        else
            snprintf(range, sizeof range, "no overlap");
        double rv[3] = {t[i].ratio, t[i].rmin, t[i].rmax};
        for (int k = 0; k < 3; k++)
            snprintf(r[k], sizeof r[k], isfinite(rv[k]) ? "%.2f" : "-", rv[k]);
        fprintf(o->h, "<tr><td>%s:%s</td><td>%s</td><td>%s</td><td>%s</td><td><b>%s</b></td>"
                      "<td>%s</td><td>%s</td><td>%d, %d</td></tr>\n", t[i].problem,
                t[i].scenario, t[i].form, t[i].solver, range, r[0], r[1], r[2], t[i].npts,
                t[i].npts_peer);
        fprintf(o->m, "| %s:%s | %s | %s | %s | **%s** | %s | %s | %d, %d |\n", t[i].problem,
                t[i].scenario, t[i].form, t[i].solver, range, r[0], r[1], r[2], t[i].npts,
                t[i].npts_peer);
    }
    fprintf(o->h, "</table>\n");
}

/* the cost per step against the swept parameter of a swept suite (scaling.h) */
static void scaling_table(out2 *o, const cJSON *bench, const cJSON *runs, const char *plots,
                          const char *plotrel)
{
    const char *sn = str(bench, "suite");
    const db_suite *suite = db_suite_find(sn);
    char param[64];
    double vals[64];
    int nv = suite ? db_suite_sweep(suite, param, sizeof param, vals, 64) : 0;
    if (nv <= 0)
        return;
    static db_scaling_curve cv[64];
    int nc = db_scaling_collect(runs, param, suite->fit_from, cv, 64);
    fprintf(o->h, "<h2 id=\"scaling\">Cost per step against %s</h2>\n<p>CPU seconds per step "
                  "(cpu_seconds / steps of each run); slope: least-squares fit of log cost/step "
                  "against log %s over %s &ge; %g (1: linear cost; a dense LU tends to 3)</p>\n"
                  "<table><tr><th>problem</th><th>solver / formulation</th><th>slope</th>",
            param, param, param, suite->fit_from);
    fprintf(o->m, "\n## Cost per step against %s\n\nCPU seconds per step (cpu_seconds / steps "
                  "of each run); slope: least-squares fit of log cost/step against log %s over "
                  "%s >= %g (1: linear cost; a dense LU tends to 3)\n\n| problem | solver / "
                  "formulation | slope |", param, param, param, suite->fit_from);
    for (int k = 0; k < nv; k++) {
        fprintf(o->h, "<th>%s=%g</th>", param, vals[k]);
        fprintf(o->m, " %s=%g |", param, vals[k]);
    }
    fprintf(o->h, "</tr>\n");
    fprintf(o->m, "\n|---|---|---|");
    for (int k = 0; k < nv; k++)
        fprintf(o->m, "---|");
    fprintf(o->m, "\n");
    for (int c = 0; c < nc; c++) {
        char sl[32];
        snprintf(sl, sizeof sl, isfinite(cv[c].slope) ? "%.2f" : "-", cv[c].slope);
        fprintf(o->h, "<tr><td>%s:%s</td><td>%s / %s</td><td><b>%s</b></td>", cv[c].problem,
                cv[c].scenario, cv[c].solver, cv[c].form, sl);
        fprintf(o->m, "| %s:%s | %s / %s | **%s** |", cv[c].problem, cv[c].scenario,
                cv[c].solver, cv[c].form, sl);
        for (int k = 0; k < nv; k++) {
            int i = 0;
            while (i < cv[c].n && cv[c].x[i] != vals[k])
                i++;
            if (i < cv[c].n) {
                fprintf(o->h, "<td>%.3g</td>", cv[c].cps[i]);
                fprintf(o->m, " %.3g |", cv[c].cps[i]);
            } else {
                fprintf(o->h, "<td>&ndash;</td>");
                fprintf(o->m, " - |");
            }
        }
        fprintf(o->h, "</tr>\n");
        fprintf(o->m, "\n");
    }
    fprintf(o->h, "</table>\n");
    char path[4400];
    snprintf(path, sizeof path, "%s/scaling.png", plots);
    if (access(path, R_OK) == 0) {
        fprintf(o->h, "<figure><a href=\"%s/scaling.svg\"><img src=\"%s/scaling.png\" "
                      "alt=\"cost per step against %s\"></a><figcaption>cost per step against %s"
                      "</figcaption></figure>\n", plotrel, plotrel, param, param);
        fprintf(o->m, "\n![cost per step against %s](%s/scaling.png)\n", param, plotrel);
    }
}

static int by_page(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;
    int c = strcmp(str(x, "problem"), str(y, "problem"));
    if (!c)
        c = strcmp(str(x, "scenario"), str(y, "scenario"));
    if (!c)
        c = strcmp(str(x, "solver"), str(y, "solver"));
    if (!c)
        c = strcmp(str(x, "formulation"), str(y, "formulation"));
    if (!c) {
        double s = num(x, "rtol", NULL, NULL), t = num(y, "rtol", NULL, NULL);
        c = (s < t) - (s > t);
    }
    return c;
}

static const char css[] =
    "body{font-family:sans-serif;max-width:1500px;margin:1em auto;padding:0 1em;color:#222;"
    "overflow-wrap:break-word}\nh1{border-bottom:2px solid #1F77B4}\n"
    "h2{margin-top:2em;border-bottom:1px solid #ccc;color:#1F77B4}\n"
    ".wide{overflow-x:auto;max-width:100%}\n"
    "table{border-collapse:collapse;margin:.5em 0;font-size:90%}\n"
    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}\n"
    "th{background:#eef}\ntr.fail td{background:#fdd}\ntr.xfail td{background:#ffe}\n"
    "tr.unsup td{background:#eee}\ntr.worse td{background:#fdd}\ntr.better td{background:#dfd}\n"
    "figure{margin:1em 0}\nimg,object{max-width:100%;height:auto;border:1px solid #ddd}\n"
    "object{width:100%}\n.note{background:#fff3cd;border:1px solid #e0c060;padding:.5em}\n"
    "nav ul{display:flex;flex-wrap:wrap;list-style:none;padding:0;gap:.3em 1em}\n"
    "svg.overlay{max-width:100%;height:auto}\n.dirty{color:#c00}\ntd.n{white-space:nowrap}\n"
    "table.matrix{overflow-wrap:normal}\ntable.matrix td,table.matrix th{font-size:12px;white-space:nowrap}\n"
    "table.matrix small{font-size:11px}\n"
    "td.m0{background:#2b6b3f;color:#fff}\ntd.m1{background:#6fa77f}\n"
    "td.m2{background:#b5d5bd}\ntd.m3{background:#e4efe6}\ntd.m4{background:#fff}\n"
    "td.m0 a,td.m0 small{color:#fff}\n"
    ".hint{color:#666;font-size:90%}\n";

static void html_head(FILE *f, const char *title)
{
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
               "<meta name=\"viewport\" content=\"width=device-width\">"
               "<title>%s</title>\n<style>\n%s</style></head><body>\n", H(title), css);
}

/* the first line of the report and of the diff: an optional peer not built */
static void peer_note(out2 *o, const cJSON *runs)
{
    const db_optional_solver *miss[8];
    int nm = db_optional_missing_all(miss, 8);
    for (int i = 0; i < nm; i++) {
        int have = 0;
        const cJSON *r;
        cJSON_ArrayForEach(r, runs) have |= !strcmp(str(r, "solver"), miss[i]->name);
        fprintf(o->h, "<p class=\"note\"><b>The peer solver %s (%s) is not built into this "
                      "program</b>: install %s (scripts/setup.sh does) and rebuild; %s</p>\n",
                H(miss[i]->name), H(miss[i]->what), H(miss[i]->package),
                have ? "its runs in this file come from another build"
                     : "this file has none of its runs, so counts differ from the README's");
        fprintf(o->m, "> **The peer solver %s (%s) is not built into this program**: install "
                      "%s and rebuild.\n\n", miss[i]->name, miss[i]->what, miss[i]->package);
    }
}

/* the summary tables: performance profiles at three accuracies, failures by
 * solver */
static void summary(out2 *o, const cJSON *runs, const char *plots, const char *plotrel)
{
    static const double levels[] = {4, 6, 8};
    static const double tau[] = {1, 1.5, 2, 4, 10};
    const int ntau = 5;
    db_matrix_write(o->h, o->m, runs);
    fprintf(o->h, "<h2 id=\"profiles\">Performance profiles</h2>\n<p>Dolan&ndash;Mor&eacute; "
                  "profiles per solver and formulation: the fraction of problem pages on which "
                  "its CPU time to reach the accuracy (read off its work-precision curve, "
                  "log-linear between two tolerances) is within a factor &tau; of the fastest "
                  "curve's (&tau; = 1: fastest); <i>reaches</i>: the fraction of pages on which it "
                  "reaches the accuracy at all. Over the pages on which some curve reaches it; "
                  "<i>fastest</i> counts pages.</p>\n");
    fprintf(o->m, "\n## Performance profiles\n\nDolan-Moré profiles: fraction of the problem "
                  "pages on which the curve's CPU time to reach the accuracy is within a factor "
                  "tau of the fastest curve's.\n");
    char path[4400];
    snprintf(path, sizeof path, "%s/profile.png", plots);
    if (access(path, R_OK) == 0) {
        fprintf(o->h, "<figure><object type=\"image/svg+xml\" data=\"%s/profile.svg\"><img "
                      "src=\"%s/profile.png\" alt=\"performance profiles\"></object><figcaption>"
                      "best formulation of each solver: its cost on a page is the least over "
                      "its formulations (click a legend entry to hide a curve)</figcaption>"
                      "</figure>\n", H(plotrel), H(plotrel));
        fprintf(o->m, "\n![performance profiles](%s/profile.png)\n", M(plotrel));
    }
    for (int L = 0; L < 3; L++) {
        static db_profile_row rows[128];
        int np, nr = db_profile(runs, levels[L], tau, ntau, rows, 128, &np);
        fprintf(o->h, "<h3>gscd &ge; %.0f (%d pages)</h3>\n<div class=\"wide\"><table><tr>"
                      "<th>solver / formulation</th><th>fastest</th>", levels[L], np);
        fprintf(o->m, "\n### gscd >= %.0f (%d pages)\n\n| solver / formulation | fastest |",
                levels[L], np);
        for (int t = 0; t < ntau; t++) {
            fprintf(o->h, "<th>&tau; = %g</th>", tau[t]);
            fprintf(o->m, " tau = %g |", tau[t]);
        }
        fprintf(o->h, "<th>reaches</th></tr>\n");
        fprintf(o->m, " reaches |\n|---|---|");
        for (int t = 0; t <= ntau; t++)
            fprintf(o->m, "---|");
        fprintf(o->m, "\n");
        for (int i = 0; i < nr; i++) {
            fprintf(o->h, "<tr><td>%s</td><td>%d</td>", H(rows[i].curve), rows[i].wins);
            fprintf(o->m, "| %s | %d |", M(rows[i].curve), rows[i].wins);
            for (int t = 0; t < ntau; t++) {
                fprintf(o->h, "<td>%.2f</td>", rows[i].frac[t]);
                fprintf(o->m, " %.2f |", rows[i].frac[t]);
            }
            fprintf(o->h, "<td>%.2f</td></tr>\n", rows[i].reach);
            fprintf(o->m, " %.2f |\n", rows[i].reach);
        }
        fprintf(o->h, "</table></div>\n");
    }
    /* failures by solver */
    fprintf(o->h, "<h2 id=\"failures\">Failures by solver</h2>\n<div class=\"wide\"><table><tr>"
                  "<th>solver</th><th>runs</th><th>ok</th><th>failed</th><th>of them expected"
                  "</th><th>unsupported</th><th>reasons of the failures</th></tr>\n");
    fprintf(o->m, "\n## Failures by solver\n\n| solver | runs | ok | failed | of them expected | "
                  "unsupported | reasons |\n|---|---|---|---|---|---|---|\n");
    const char *seen[64];
    int ns = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        int found = 0;
        for (int i = 0; i < ns; i++)
            found |= !strcmp(seen[i], str(r, "solver"));
        if (!found && ns < 64)
            seen[ns++] = str(r, "solver");
    }
    for (int i = 0; i < ns; i++) {
        int cnt[4] = {0, 0, 0, 0};
        char reasons[512] = "";
        const char *rn[16];
        int rc[16], nrn = 0;
        cJSON_ArrayForEach(r, runs) {
            if (strcmp(str(r, "solver"), seen[i]) != 0)
                continue;
            const char *st = str(r, "status");
            cnt[0]++;
            cnt[1] += !strcmp(st, "ok");
            if (!strcmp(st, "failed")) {
                cnt[2]++;
                cnt[3] += db_xfail_expected(r) != NULL; /* listed, failing as listed */
                int k = 0;
                while (k < nrn && strcmp(rn[k], str(r, "reason")))
                    k++;
                if (k == nrn && nrn < 16) {
                    rn[nrn] = str(r, "reason");
                    rc[nrn++] = 0;
                }
                if (k < 16)
                    rc[k]++;
            }
        }
        int unsup = cnt[0] - cnt[1] - cnt[2];
        for (int k = 0; k < nrn; k++) {
            size_t u = strlen(reasons);
            snprintf(reasons + u, sizeof reasons - u, "%s%s %d", k ? ", " : "", rn[k], rc[k]);
        }
        fprintf(o->h, "<tr%s><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>"
                      "<td>%s</td></tr>\n", cnt[2] > cnt[3] ? " class=\"fail\"" : "",
                H(seen[i]), cnt[0], cnt[1], cnt[2], cnt[3], unsup, H(reasons));
        fprintf(o->m, "| %s | %d | %d | %d | %d | %d | %s |\n", M(seen[i]), cnt[0], cnt[1], cnt[2],
                cnt[3], unsup, M(reasons));
    }
    fprintf(o->h, "</table></div>\n");
}

/* the page footer: where and from what the bench file was made */
static void environment(out2 *o, const cJSON *bench)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(bench, "build");
    const cJSON *mach = cJSON_GetObjectItemCaseSensitive(bench, "machine");
    const cJSON *cal = cJSON_GetObjectItemCaseSensitive(bench, "calibration");
    const cJSON *dirty = cJSON_GetObjectItemCaseSensitive(b, "dirty");
    char calib[64] = "none";
    if (isfinite(num(cal, "seconds", NULL, NULL)))
        snprintf(calib, sizeof calib, "%.4g s", num(cal, "seconds", NULL, NULL));
    const char *commit = str(b, "commit")[0] ? str(b, "commit") : str(bench, "git");
    const char *dirt = cJSON_IsTrue(dirty) ? " (dirty tree)" : cJSON_IsFalse(dirty) ? "" : " (?)";
    fprintf(o->h, "<footer class=\"hint\"><hr>Environment: commit <code>%.12s</code>%s; "
                  "compiler %s %s, flags <code>%s</code>; BLAS <code>%s</code>, LAPACK "
                  "<code>%s</code>; CPU %s (%s, %.0f cores, libc %s); calibration %s.</footer>\n",
            H(commit), dirt, H(str(b, "compiler")), H(str(b, "build_type")), H(str(b, "flags")),
            H(str(b, "blas")), H(str(b, "lapack")), H(str(mach, "cpu")), H(str(mach, "cpu_id")),
            num(mach, "cores", NULL, NULL), H(str(mach, "libc")), calib);
    fprintf(o->m, "\n---\nEnvironment: commit `%.12s`%s; compiler %s %s, flags `%s`; BLAS "
                  "`%s`, LAPACK `%s`; CPU %s (%s, %.0f cores, libc %s); calibration %s.\n",
            commit, dirt, M(str(b, "compiler")), M(str(b, "build_type")), str(b, "flags"),
            str(b, "blas"), str(b, "lapack"), M(str(mach, "cpu")), M(str(mach, "cpu_id")),
            num(mach, "cores", NULL, NULL), M(str(mach, "libc")), calib);
}

/* diff.html and diff.md against the baseline: check's verdict at equal accuracy
 * (diff_page.c); returns the count of regressions */
static int diff_page(const char *outdir, const char *basepath, const char *respath,
                     const cJSON *base, const cJSON *cur, const cJSON *runs)
{
    out2_paths op;
    out2_names(&op, outdir, "diff.html", "diff.md");
    out2 o = {NULL, NULL, 0};
    out2_open(&o, &op);
    html_head(o.h, "daebench: changes against the baseline");
    peer_note(&o, runs);
    int nreg;
    db_diff_page(o.h, o.m, basepath, respath, base, cur, &nreg);
    fprintf(o.h, "</body></html>\n");
    out2_commit(&o, &op);
    printf("%s %s (%d regressions)\n", op.hpath, op.mpath, nreg);
    return nreg;
}

int db_cmd_report(int argc, char **argv)
{
    const char *results = "results/bench.json", *plots = NULL, *outdir = NULL, *basepath = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--results") == 0)
            results = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--plots") == 0)
            plots = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--out") == 0)
            outdir = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--baseline") == 0)
            basepath = db_cli_value(argc, argv, &i);
        else
            db_die_unknown_option("report", argv[i]);
    }
    char odir[4096], pdir[4200];
    const char *slash = strrchr(results, '/');
    if (!outdir) {
        snprintf(odir, sizeof odir, "%.*s", slash ? (int)(slash - results) : 1,
                 slash ? results : ".");
        outdir = odir;
    }
    if (!plots) {
        snprintf(pdir, sizeof pdir, "%s/plots", outdir);
        plots = pdir;
    }
    /* the diagrams are linked relative to the report when under its directory */
    const char *plotrel = plots;
    size_t ol = strlen(outdir);
    if (strncmp(plots, outdir, ol) == 0 && plots[ol] == '/')
        plotrel = plots + ol + 1;
    char err[512];
    if (db_mkdirs(outdir) != 0)
        db_die("report: cannot create %s: %s", outdir, strerror(errno));
    out2_paths op; /* checked before the work */
    out2_names(&op, outdir, "index.html", "report.md");
    if (basepath) {
        out2_paths dp;
        out2_names(&dp, outdir, "diff.html", "diff.md");
    }
    cJSON *j = db_bench_read(results, err, sizeof err); /* benchfile.h */
    if (!j)
        db_die("report: %s", err);
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
    cJSON *base = NULL;
    if (basepath) {
        base = db_bench_read(basepath, err, sizeof err);
        if (!base)
            db_die("report: %s", err);
    }
    int n = cJSON_GetArraySize(runs), k = 0;
    const cJSON **v = calloc((size_t)n + 1, sizeof *v);
    if (!v)
        db_die("report: out of memory");
    const cJSON *r;
    int ok = 0, failed = 0, unsup = 0, xfail = 0, xpass = 0;
    cJSON_ArrayForEach(r, runs) {
        v[k++] = r;
        const char *st = str(r, "status");
        ok += !strcmp(st, "ok");
        failed += !strcmp(st, "failed");
        unsup += !strcmp(st, "unsupported");
        xfail += db_xfail_expected(r) != NULL;
        xpass += db_xfail_find(r) && !strcmp(st, "ok");
    }
    qsort(v, (size_t)n, sizeof *v, by_page);
    const char *hpath = op.hpath, *mpath = op.mpath;
    out2 o = {NULL, NULL, 0};
    out2_open(&o, &op);
    int ncells, missing = db_coverage(j, &ncells, NULL);
    char cov[256];
    if (missing < 0)
        snprintf(cov, sizeof cov, "coverage not checked (unknown suite)");
    else if (missing == 0)
        snprintf(cov, sizeof cov, "all %d compatible cells (problem x scenario x formulation x "
                 "solver) were run", ncells);
    else
        snprintf(cov, sizeof cov, "%d of %d compatible cells have NO run", missing, ncells);
    const cJSON *mach = cJSON_GetObjectItemCaseSensitive(j, "machine");
    html_head(o.h, "daebench report");
    peer_note(&o, runs);
    fprintf(o.h, "<h1>daebench report</h1>\n<p>suite <b>%s</b>, created %s, commit <code>%s"
                 "</code>, machine %s (%s, %.0f cores)</p>\n<p><b>%d runs</b>: %d ok, %d failed "
                 "(%d of them expected), %d unsupported. %s.%s</p>\n",
            H(str(j, "suite")), H(str(j, "created")), H(str(j, "git")), H(str(mach, "hostname")),
            H(str(mach, "cpu")), num(mach, "cores", NULL, NULL), n, ok, failed, xfail, unsup, cov,
            xpass ? " Some runs listed as expected failures now pass." : "");
    fprintf(o.m, "# daebench report\n\nsuite **%s**, created %s, commit `%s`, machine %s (%s, "
                 "%.0f cores)\n\n**%d runs**: %d ok, %d failed (%d of them expected), %d "
                 "unsupported. %s.\n",
            M(str(j, "suite")), M(str(j, "created")), M(str(j, "git")), M(str(mach, "hostname")),
            M(str(mach, "cpu")), num(mach, "cores", NULL, NULL), n, ok, failed, xfail, unsup, cov);
    if (base)
        fprintf(o.h, "<p class=\"note\"><a href=\"diff.html\"><b>Changes against the baseline"
                     "</b></a> (<code>%s</code>)</p>\n", H(basepath));
    fprintf(o.h, "<nav><h2>Problem pages</h2><ul>");
    for (int a = 0; a < n;) {
        int b = a;
        while (b < n && same_page(v[a], v[b]))
            b++;
        fprintf(o.h, "<li><a href=\"%s-%s.html\">%s:%s</a></li>", H(str(v[a], "problem")),
                H(str(v[a], "scenario")), H(str(v[a], "problem")), H(str(v[a], "scenario")));
        a = b;
    }
    fprintf(o.h, "</ul></nav>\n");
    summary(&o, runs, plots, plotrel);
    scaling_table(&o, j, runs, plots, plotrel);
    ratio_table(&o, runs);
    db_reference_table(o.m, o.h, runs);
    environment(&o, j);
    fprintf(o.h, "</body></html>\n");
    /* one HTML page per problem and scenario; the Markdown twin holds them all */
    for (int a = 0; a < n;) {
        int b = a;
        while (b < n && same_page(v[a], v[b]))
            b++;
        char ppath[4600], title[300];
        snprintf(title, sizeof title, "%s-%s", str(v[a], "problem"), str(v[a], "scenario"));
        snprintf(ppath, sizeof ppath, "%s/%s.html", outdir, title);
        char ptmp[4700];
        if (strlen(ppath) >= DB_PATH_MAX - 32 || db_output_check(ppath, err, sizeof err) != 0)
            db_die("report: %s", strlen(ppath) >= DB_PATH_MAX - 32 ? "--out path too long" : err);
        out2 po = {out_open(ppath, ptmp, sizeof ptmp), o.m, 1};
        html_head(po.h, title);
        fprintf(po.h, "<p><a href=\"index.html\">&larr; summary</a>%s</p>\n",
                base ? " &middot; <a href=\"diff.html\">changes against the baseline</a>" : "");
        page(&po, v + a, b - a, plots, plotrel);
        fprintf(po.h, "</body></html>\n");
        out_commit(po.h, ptmp, ppath);
        a = b;
    }
    out2_commit(&o, &op);
    printf("%s %s\n", hpath, mpath);
    if (base)
        diff_page(outdir, basepath, results, base, j, runs);
    free(v);
    cJSON_Delete(j);
    cJSON_Delete(base);
    return 0;
}
