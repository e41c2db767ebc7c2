/* report.c — "daebench report --results results/bench.json [--plots DIR]
 * [--out DIR]": results/index.html and its Markdown twin results/report.md
 * (issue 8, "Report"): per problem and scenario a table of the best run per
 * accuracy band (least CPU time reaching scd ≥ 2, 4, 6, 8, 10), the failures
 * and why (expected ones marked, expected_failures.c), the observed order —
 * the least-squares slope of log10 error against log10 tol per solver,
 * formulation and group p, v, λ (order reduction caused by the index shows as
 * slopes below 1 for the higher-index components) — and every diagram of
 * "daebench plot" embedded (PNG, linked to the SVG).  Coverage of the
 * compatible cells is stated at the top.  When the file holds runs of the
 * external peer ida, a table "CPU time at equal scd, in-repo solver / ida" per
 * problem and formulation comes first (method: peer_ratio.h).  A bench file of
 * a swept suite (suite.h: scaling) gets a table of the cost per step against
 * the swept parameter with the fitted slopes (scaling.h) and the diagram
 * scaling.png of "daebench plot". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "coverage.h"
#include "jsonio.h"
#include "peer_ratio.h"
#include "reference_table.h"
#include "scaling.h"
#include "suite.h"

typedef struct {
    FILE *h, *m;
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

/* HTML-escaped text */
static void esc(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '|')
            fputs("&#124;", f);
        else
            fputc(*s, f);
    }
}

/* Markdown cell text: no '|' or line breaks */
static void mdesc(FILE *f, const char *s, int max)
{
    for (int i = 0; *s && i < max; s++, i++)
        fputc(*s == '|' ? '/' : *s == '\n' ? ' ' : *s, f);
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
    /* best per accuracy band */
    fprintf(o->h, "<h3>Best run per accuracy band (least CPU time)</h3>\n<table><tr><th>scd &ge;"
                  "</th><th>solver / formulation</th><th>tol</th><th>scd</th><th>CPU [s]</th>"
                  "<th>f_evals</th></tr>\n");
    fprintf(o->m, "### Best run per accuracy band (least CPU time)\n\n| scd >= | solver / "
                  "formulation | tol | scd | CPU [s] | f_evals |\n|---|---|---|---|---|---|\n");
    for (int band = 2; band <= 10; band += 2) {
        const cJSON *best = NULL;
        for (int i = 0; i < n; i++) {
            if (strcmp(str(v[i], "status"), "ok") != 0)
                continue;
            double s = num(v[i], "error", "scd", NULL);
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
        fprintf(o->h, "<tr><td>%d</td><td>%s / %s</td><td>%.0e</td><td>%.2f</td><td>%.3g</td>"
                      "<td>%.0f</td></tr>\n", band, str(best, "solver"), str(best, "formulation"),
                num(best, "rtol", NULL, NULL), num(best, "error", "scd", NULL),
                num(best, "cpu_seconds", NULL, NULL), num(best, "counters", "f_evals", NULL));
        fprintf(o->m, "| %d | %s / %s | %.0e | %.2f | %.3g | %.0f |\n", band, str(best, "solver"),
                str(best, "formulation"), num(best, "rtol", NULL, NULL),
                num(best, "error", "scd", NULL), num(best, "cpu_seconds", NULL, NULL),
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
            const db_xfail *x = db_xfail_find(v[i]);
            const char *shown = x && !strcmp(st, "failed") ? "expected failure" : st;
            fprintf(o->h, "<tr class=\"%s\"><td>%s / %s</td><td>%.0e</td><td>%s</td><td>",
                    x ? "xfail" : !strcmp(st, "failed") ? "fail" : "unsup", str(v[i], "solver"),
                    str(v[i], "formulation"), num(v[i], "rtol", NULL, NULL), shown);
            esc(o->h, str(v[i], "reason"));
            fprintf(o->h, "</td><td>");
            esc(o->h, str(v[i], "message"));
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
    /* observed order */
    fprintf(o->h, "<h3>Observed order: slope of log10 error vs log10 tol</h3>\n<table><tr><th>"
                  "solver / formulation</th><th>p</th><th>v</th><th>&lambda;</th><th>&mu;</th>"
                  "<th>points</th></tr>\n");
    fprintf(o->m, "\n### Observed order: slope of log10 error vs log10 tol\n\n| solver / "
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
    /* diagrams */
    static const struct { const char *suffix, *what; } kinds[] = {
        {"wpd", "scd vs CPU time and vs f evaluations"},
        {"err", "error per group vs tolerance"},
        {"res", "constraint residual per level vs tolerance"},
        {"time", "energy and residuals over time"},
    };
    fprintf(o->h, "<h3>Diagrams</h3>\n");
    fprintf(o->m, "\n### Diagrams\n\n");
    int drawn = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s-%s-%s.png", plots, pb, sc, kinds[k].suffix);
        if (access(path, R_OK) != 0)
            continue;
        drawn++;
        fprintf(o->h, "<figure><a href=\"%s/%s-%s-%s.svg\"><img src=\"%s/%s-%s-%s.png\" alt=\"%s\">"
                      "</a><figcaption>%s %s: %s</figcaption></figure>\n", plotrel, pb, sc,
                kinds[k].suffix, plotrel, pb, sc, kinds[k].suffix, kinds[k].what, pb, sc,
                kinds[k].what);
        fprintf(o->m, "![%s %s: %s](%s/%s-%s-%s.png)\n\n", pb, sc, kinds[k].what, plotrel, pb, sc,
                kinds[k].suffix);
    }
    if (!drawn) {
        fprintf(o->h, "<p><i>no diagram (no run with a reference to measure against)</i></p>\n");
        fprintf(o->m, "*no diagram (no run with a reference to measure against)*\n");
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
        "curve of log10 CPU time against scd, interpolated linearly; on the scd range that the "
        "solver and ida (same formulation) both reach, the difference of the two curves is "
        "taken at 21 equally spaced scd values. The ratio is 10 to its mean (the geometric "
        "mean of the pointwise ratios); min and max are the extreme pointwise ratios. Above 1: "
        "the in-repo solver needs more CPU time than ida for the same accuracy.";
    fprintf(o->h, "<h2 id=\"ida-ratio\">CPU time at equal scd, in-repo solver / ida</h2>\n"
                  "<p>%s</p>\n<table><tr><th>problem</th><th>formulation</th><th>solver</th>"
                  "<th>common scd range</th><th>CPU ratio</th><th>min</th><th>max</th>"
                  "<th>points (solver, ida)</th></tr>\n", method);
    fprintf(o->m, "\n## CPU time at equal scd, in-repo solver / ida\n\n%s\n\n| problem | "
                  "formulation | solver | common scd range | CPU ratio | min | max | points "
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

int db_cmd_report(int argc, char **argv)
{
    const char *results = "results/bench.json", *plots = NULL, *outdir = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--results") == 0)
            results = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--plots") == 0)
            plots = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--out") == 0)
            outdir = db_cli_value(argc, argv, &i);
        else
            db_die("report: unknown option '%s'", argv[i]);
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
    cJSON *j = db_json_read_file(results, err, sizeof err);
    if (!j)
        db_die("report: %s", err);
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
    if (strcmp(str(j, "schema"), "daebench.bench/1") != 0 || !cJSON_IsArray(runs)) {
        cJSON_Delete(j);
        db_die("report: %s: not a daebench.bench/1 file", results);
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
        if (db_xfail_find(r)) {
            xfail += !strcmp(st, "failed");
            xpass += !strcmp(st, "ok");
        }
    }
    qsort(v, (size_t)n, sizeof *v, by_page);
    char hpath[4200], mpath[4200];
    snprintf(hpath, sizeof hpath, "%s/index.html", outdir);
    snprintf(mpath, sizeof mpath, "%s/report.md", outdir);
    out2 o = {fopen(hpath, "w"), fopen(mpath, "w")};
    if (!o.h || !o.m)
        db_die("report: cannot write %s / %s", hpath, mpath);
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
    fprintf(o.h, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                 "<title>daebench report</title>\n<style>\n"
                 "body{font-family:sans-serif;max-width:1500px;margin:1em auto;padding:0 1em;"
                 "color:#222}\nh1{border-bottom:2px solid #0072B2}\n"
                 "h2{margin-top:2em;border-bottom:1px solid #ccc;color:#0072B2}\n"
                 "table{border-collapse:collapse;margin:.5em 0;font-size:90%%}\n"
                 "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}\n"
                 "th{background:#eef}\ntr.fail td{background:#fdd}\ntr.xfail td{background:#ffe}"
                 "\ntr.unsup td{background:#eee}\nfigure{margin:1em 0}\n"
                 "img{max-width:100%%;border:1px solid #ddd}\n"
                 "nav a{margin-right:1em}\n</style></head><body>\n"
                 "<h1>daebench report</h1>\n<p>suite <b>%s</b>, created %s, commit <code>%s"
                 "</code>, machine %s (%s, %.0f cores)</p>\n<p><b>%d runs</b>: %d ok, %d failed "
                 "(%d of them expected), %d unsupported. %s.%s</p>\n<nav>",
            str(j, "suite"), str(j, "created"), str(j, "git"), str(mach, "hostname"),
            str(mach, "cpu"), num(mach, "cores", NULL, NULL), n, ok, failed, xfail, unsup, cov,
            xpass ? " Some runs listed as expected failures now pass." : "");
    fprintf(o.m, "# daebench report\n\nsuite **%s**, created %s, commit `%s`, machine %s (%s, "
                 "%.0f cores)\n\n**%d runs**: %d ok, %d failed (%d of them expected), %d "
                 "unsupported. %s.\n",
            str(j, "suite"), str(j, "created"), str(j, "git"), str(mach, "hostname"),
            str(mach, "cpu"), num(mach, "cores", NULL, NULL), n, ok, failed, xfail, unsup, cov);
    for (int a = 0; a < n;) {
        int b = a;
        while (b < n && same_page(v[a], v[b]))
            b++;
        fprintf(o.h, "<a href=\"#%s-%s\">%s:%s</a>", str(v[a], "problem"),
                str(v[a], "scenario"), str(v[a], "problem"), str(v[a], "scenario"));
        a = b;
    }
    fprintf(o.h, "</nav>\n");
    scaling_table(&o, j, runs, plots, plotrel);
    ratio_table(&o, runs);
    db_reference_table(o.m, o.h, runs);
    for (int a = 0; a < n;) {
        int b = a;
        while (b < n && same_page(v[a], v[b]))
            b++;
        page(&o, v + a, b - a, plots, plotrel);
        a = b;
    }
    fprintf(o.h, "</body></html>\n");
    int bad = ferror(o.h) || ferror(o.m);
    bad |= fclose(o.h) != 0;
    bad |= fclose(o.m) != 0;
    free(v);
    cJSON_Delete(j);
    if (bad)
        db_die("report: cannot write %s / %s", hpath, mpath);
    printf("%s %s\n", hpath, mpath);
    return 0;
}
