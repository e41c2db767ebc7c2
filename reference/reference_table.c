/* reference_table.c — the table of the stored reference solutions (see
 * reference_table.h): one row per file reference/<problem>-<scenario>.json of
 * the catalogue (problems with an exact solution have none). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/escape.h"
#include "io/jsonio.h"
#include "reference.h"
#include "measure_names.h"
#include "refgen.h"
#include "reference_table.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"

static const char *gname[DB_NGROUPS] = {"p", "v", "lambda", "mu"};

static const char *sget(const cJSON *o, const char *k)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(x) ? x->valuestring : "?";
}

static double nget(const cJSON *o, const char *k)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

/* "refint EoM0 1e-13" (and the largest step when there is one); "refgauss EoM0 h 0.01" */
static void method(char *buf, size_t len, const cJSON *m)
{
    double hmax = nget(m, "hmax");
    if (strcmp(sget(m, "solver"), "refgauss") == 0) {
        /* fixed steps: its step size is its accuracy setting */
        snprintf(buf, len, "%s %s h %g", sget(m, "solver"), sget(m, "formulation"), hmax);
        return;
    }
    int k = snprintf(buf, len, "%s %s %.0e", sget(m, "solver"), sget(m, "formulation"),
                     nget(m, "rtol"));
    if (isfinite(hmax) && k > 0 && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, " hmax %g", hmax);
}

/* "11.0 / 10.2 / 9.4 / –" */
static void digits(char *buf, size_t len, const cJSON *ag)
{
    size_t k = 0;
    for (int g = 0; g < DB_NGROUPS && k < len; g++) {
        double d = nget(ag, gname[g]);
        int w = isfinite(d) ? snprintf(buf + k, len - k, "%s%.1f", g ? " / " : "", d)
                            : snprintf(buf + k, len - k, "%s-", g ? " / " : "");
        if (w < 0)
            break;
        k += (size_t)w;
    }
}

/* the best scd of the ok runs of problem:scenario, NAN when none */
static double best_scd(const cJSON *runs, const char *prob, const char *scn, int *nruns)
{
    double best = NAN;
    const cJSON *r;
    *nruns = 0;
    cJSON_ArrayForEach(r, runs) {
        if (strcmp(sget(r, "problem"), prob) != 0 || strcmp(sget(r, "scenario"), scn) != 0 ||
            strcmp(sget(r, "status"), "ok") != 0)
            continue;
        double scd = db_measure_of(r, "gscd", NULL); /* measure_names.h */
        (*nruns)++;
        if (isfinite(scd) && !(scd <= best))
            best = scd;
    }
    return best;
}

/* n numbers of the array k of o into x; 0 when there are exactly n */
static int numbers(const cJSON *o, const char *k, double *x, int n)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, k), *e;
    int i = 0;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n)
        return -1;
    cJSON_ArrayForEach(e, a) {
        if (!cJSON_IsNumber(e))
            return -1;
        x[i++] = e->valuedouble;
    }
    return 0;
}

/* "9.8 (vl); good to 9.2" — the digits of the source's published reference
 * (testset/mech.h db_published) against the stored one at t_end: the minimum over
 * the components the source measures of −log10 |published − ours| / |published|,
 * the component where it is reached, and the digits the sheet says the published
 * value is good to; "" when the source publishes none for this scenario */
static void published_digits(char *buf, size_t len, const db_problem *prob, int sc,
                             const cJSON *ref)
{
    const db_published *pub = prob->published;
    buf[0] = '\0';
    if (!pub || pub->scenario != sc)
        return;
    db_mech m;
    double *pars = calloc((size_t)prob->nparams + 1, sizeof *pars);
    if (!pars || db_mech_setup_default(prob, sc, &m, pars) != 0) {
        free(pars);
        return;
    }
    size_t np = (size_t)m.np, nv = (size_t)m.nv, nl = (size_t)m.nl, nm = (size_t)m.nm;
    double *x = calloc(np + nv + nl + nm + (size_t)pub->n + 1, sizeof *x);
    const cJSON *end = cJSON_GetObjectItemCaseSensitive(ref, "end");
    if (x && numbers(end, "p", x, m.np) == 0 && numbers(end, "v", x + np, m.nv) == 0 &&
        numbers(end, "lambda", x + np + nv, m.nl) == 0 &&
        numbers(end, "mu", x + np + nv + nl, m.nm) == 0) {
        double *y = x + np + nv + nl + nm, worst = 16.0, good = 16.0;
        int at = 0;
        if (pub->map(&m, x, x + np, x + np + nv, x + np + nv + nl, y) == 0) {
            for (int i = 0; i < pub->n; i++) {
                double r = pub->values[i], e = fabs(y[i] - r) / (r != 0.0 ? fabs(r) : 1.0);
                double d = e > 0.0 ? fmin(16.0, -log10(e)) : 16.0;
                if (d < worst) {
                    worst = d;
                    at = i;
                }
                good = fmin(good, pub->digits[i]);
            }
            char comp[32];
            if (pub->names)
                snprintf(comp, sizeof comp, "%s", pub->names[at]);
            else
                snprintf(comp, sizeof comp, "component %d", at + 1);
            snprintf(buf, len, "%.1f (%s; good to %.1f)", worst, comp, good);
        }
    }
    free(x);
    if (prob->teardown)
        prob->teardown(&m);
    free(pars);
}

/* the fewest digits a component of p or v is known to on its own scale: a
 * group's agreement d_g is against the group's magnitude, so component i, whose
 * own magnitude m_i = max |y_i| over the grid is smaller, is good to at least
 * d_g - log10(mag_g / m_i); shown where that is half a digit or more below d_g
 * (a large component sets the group's scale and hides a small one; components
 * below 1e-6 of the group's scale, about zero, are left out).  "p:2 7.2 / -" */
static void component_digits(char *buf, size_t len, const cJSON *j)
{
    const cJSON *ag = cJSON_GetObjectItemCaseSensitive(j, "agreement");
    const cJSON *mg = cJSON_GetObjectItemCaseSensitive(j, "magnitude");
    const cJSON *grid = cJSON_GetObjectItemCaseSensitive(j, "grid");
    size_t k = 0;
    buf[0] = '\0';
    for (int g = 0; g < 2; g++) {
        double d = nget(ag, gname[g]), mag = nget(mg, gname[g]);
        const cJSON *rows = cJSON_GetObjectItemCaseSensitive(grid, gname[g]);
        const cJSON *r0 = cJSON_IsArray(rows) ? cJSON_GetArrayItem(rows, 0) : NULL;
        int n = cJSON_IsArray(r0) ? cJSON_GetArraySize(r0) : 0;
        double worst = INFINITY;
        int at = -1;
        for (int i = 0; i < n && isfinite(d) && mag > 0; i++) {
            double mi = 0.0;
            const cJSON *row;
            cJSON_ArrayForEach(row, rows) {
                const cJSON *x = cJSON_GetArrayItem(row, i);
                if (cJSON_IsNumber(x) && fabs(x->valuedouble) > mi)
                    mi = fabs(x->valuedouble);
            }
            if (!(mi > 1e-6 * mag))
                continue;
            double di = d - log10(mag / mi);
            if (di < worst) {
                worst = di;
                at = i;
            }
        }
        int w = at >= 0 && worst <= d - 0.5
                    ? snprintf(buf + k, len - k, "%s%s:%d %.1f", g ? " / " : "", gname[g], at,
                               worst)
                    : snprintf(buf + k, len - k, "%s-", g ? " / " : "");
        if (w < 0 || (size_t)w >= len - k)
            break;
        k += (size_t)w;
    }
}

/* a cell of the HTML table (escape.h: numbers like 1e-13 kept on one line) */
static void html_cell(FILE *html, const char *text)
{
    fputs("<td>", html);
    db_html_words(html, text);
    fputs("</td>", html);
}

int db_reference_table(FILE *md, FILE *html, const cJSON *runs)
{
    const char *head[] = {"reference", "primary (stored): family, method",
                          "check: family, method", "agreement p / v / lambda / mu",
                          "at t_end", "fewest digits of a component, own scale (at least) p / v",
                          "published reference: digits against it",
                          "best run of the sweep (gscd)"};
    int ncol = runs ? 8 : 7;
    if (md) {
        fprintf(md, "\n## Reference solutions\n\nEvery stored reference is the agreement of "
                    "two method families (digits = -log10 of the largest group-scaled "
                    "difference; targets 10 in p and v, 8 in lambda and mu, checked by "
                    "`daebench reference --verify`). Where the problem's source publishes "
                    "a reference solution (the IVP test set), its digits against ours at "
                    "t_end, over the components the source measures, the component where "
                    "they are fewest, and the digits the published value is good to (fact "
                    "sheets). A group's digits are against the group's magnitude; where a "
                    "large component sets that scale, a small one is good to fewer digits on "
                    "its own scale: at least d - log10(group magnitude / its own), shown "
                    "(component index from 0) where that is half a digit or more below the "
                    "group's.%s\n\n|",
                runs ? " The last column: the best gscd (-log10 of the larger group-scaled error of p and v) "
                       "reached by a run of this sweep." : "");
        for (int c = 0; c < ncol; c++)
            fprintf(md, " %s |", head[c]);
        fprintf(md, "\n|");
        for (int c = 0; c < ncol; c++)
            fprintf(md, "---|");
        fprintf(md, "\n");
    }
    if (html) {
        fprintf(html, "\n<h2 id=\"references\">Reference solutions</h2>\n<p>Every stored "
                      "reference is the agreement of two method families (digits = -log10 "
                      "of the largest group-scaled difference; targets 10 in p and v, 8 in "
                      "lambda and mu). Where the problem's source publishes a reference "
                      "solution (the IVP test set): its digits against ours at t_end over "
                      "the components the source measures, the component where they are "
                      "fewest, and the digits the published value is good to. A group's digits are "
                      "against the group's magnitude; the fewest digits of one component on "
                      "its own scale (a lower bound) are shown where a large component hides "
                      "a small one.</p>\n"
                      "<table><tr>");
        for (int c = 0; c < ncol; c++)
            fprintf(html, "<th>%s</th>", head[c]);
        fprintf(html, "</tr>\n");
    }
    int count = 0;
    for (int pi = 0; db_problems[pi]; pi++) {
        const db_problem *prob = db_problems[pi];
        if (prob->exact)
            continue;
        for (int sc = 0; sc < prob->nscenarios; sc++) {
            char path[1024], err[512];
            struct stat st;
            if (db_ref_path(prob, sc, path, sizeof path) != 0 || stat(path, &st) != 0)
                continue;
            cJSON *j = db_json_read_file(path, err, sizeof err);
            if (!j)
                continue;
            const cJSON *pv = cJSON_GetObjectItemCaseSensitive(j, "provenance");
            const cJSON *pr = cJSON_GetObjectItemCaseSensitive(pv, "primary");
            const cJSON *ck = cJSON_GetObjectItemCaseSensitive(pv, "check");
            char name[160], mp[128], mc[128], ag[160], ae[96], best[64] = "", pubd[96], cd[64];
            snprintf(name, sizeof name, "%s:%s", prob->name, prob->scenarios[sc].name);
            method(mp, sizeof mp, pr);
            method(mc, sizeof mc, ck);
            digits(ag, sizeof ag, cJSON_GetObjectItemCaseSensitive(j, "agreement"));
            digits(ae, sizeof ae, cJSON_GetObjectItemCaseSensitive(j, "agreement_end"));
            component_digits(cd, sizeof cd, j);
            if (runs) {
                int nr;
                double b = best_scd(runs, prob->name, prob->scenarios[sc].name, &nr);
                if (isfinite(b))
                    snprintf(best, sizeof best, "%.1f (%d ok runs)", b, nr);
                else
                    snprintf(best, sizeof best, "no ok run");
            }
            published_digits(pubd, sizeof pubd, prob, sc, j);
            const char *cell[8] = {name, NULL, NULL, ag, ae, cd, pubd[0] ? pubd : "-", best};
            char fp[256], fc[256];
            /* files made before the family was recorded: the family of the solver */
            const char *fpn = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(pr, "family"))
                                  ? sget(pr, "family") : db_refgen_family(sget(pr, "solver"));
            const char *fcn = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(ck, "family"))
                                  ? sget(ck, "family") : db_refgen_family(sget(ck, "solver"));
            snprintf(fp, sizeof fp, "%s: %s", fpn, mp);
            snprintf(fc, sizeof fc, "%s: %s", fcn, mc);
            cell[1] = fp;
            cell[2] = fc;
            if (md) {
                fprintf(md, "|");
                for (int c = 0; c < ncol; c++)
                    fprintf(md, " %s |", cell[c]);
                fprintf(md, "\n");
            }
            if (html) {
                fprintf(html, "<tr>");
                for (int c = 0; c < ncol; c++)
                    html_cell(html, cell[c]);
                fprintf(html, "</tr>\n");
            }
            cJSON_Delete(j);
            count++;
        }
    }
    if (html)
        fprintf(html, "</table>\n");
    return count;
}
