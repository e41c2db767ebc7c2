/* matrix.c — "which solver, where": the problem × solver matrix of the report's
 * summary page (matrix.h).  A cell holds, for one problem page and one solver,
 * the least f evaluations over the solver's formulations to reach 4, 6 and 8
 * digits of gscd (read off each formulation's work-precision curve: its
 * efficiency frontier, log-linear between tolerances; harness/gate/curves.h),
 * the formulation that reaches 6 digits (else the most accurate one) and the
 * best gscd reached, and the solver's failed runs on the page with their most
 * frequent class.  Shading by the 6-digit work relative to the row's best, in
 * lightness steps, so that it reads in greyscale too; a star marks the best. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/gate/curves.h"
#include "harness/sweep/coverage.h"
#include "io/escape.h"
#include "plots/matrix.h"
#include "reference/measure_names.h"

/* a formulation's name into dst[n], cut to fit (snprintf from one cell into
 * another of the same array is an overlap to the compiler) */
static void copy_name(char *dst, size_t n, const char *src)
{
    size_t k = strnlen(src, n - 1);
    memcpy(dst, src, k);
    dst[k] = '\0';
}

#define MAXP 64  /* pages */
#define MAXS 16  /* solvers */
#define MAXF 8   /* formulations (series) per cell */
#define MAXPT 64 /* points per series */

static const double levels[3] = {4, 6, 8};

static const char *sv(const cJSON *r, const char *k)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, k));
    return s ? s : "";
}

typedef struct {
    char form[16];
    db_curve_pt pt[MAXPT];
    int n;
} series;

typedef struct {
    series s[MAXF];
    int ns;
    int failed;
    char klass[24];
    double work[3], best;
    char form6[16], formbest[16];
} cell;

static int find(char (*names)[96], int *n, int max, const char *s)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    if (*n >= max)
        return -1;
    snprintf(names[*n], 96, "%s", s);
    return (*n)++;
}

/* the class of a cell's failures: the most frequent (ties: the first seen) */
static void add_failure(cell *c, const char *klass, int counts[8], char (*names)[24], int *nk)
{
    int k;
    for (k = 0; k < *nk && strcmp(names[k], klass); k++)
        ;
    if (k == *nk && *nk < 8)
        snprintf(names[(*nk)++], 24, "%s", klass);
    if (k < 8 && ++counts[k] > 0) {
        int best = 0;
        for (int j = 1; j < *nk; j++)
            if (counts[j] > counts[best])
                best = j;
        snprintf(c->klass, sizeof c->klass, "%s", names[best]);
    }
}

static void fmt_work(char *buf, size_t len, double w)
{
    if (!isfinite(w))
        snprintf(buf, len, "&ndash;");
    else if (w >= 1e4)
        snprintf(buf, len, "%.0fk", w / 1e3);
    else if (w >= 1e3)
        snprintf(buf, len, "%.1fk", w / 1e3);
    else
        snprintf(buf, len, "%.0f", w);
}

void db_matrix_write(FILE *h, FILE *m, const cJSON *runs)
{
    static char pages[MAXP][96], solvers[MAXS][96];
    static cell cells[MAXP][MAXS];
    static int counts[MAXP][MAXS][8];
    static char knames[MAXP][MAXS][8][24];
    static int nkl[MAXP][MAXS];
    int np = 0, ns = 0;
    memset(cells, 0, sizeof cells);
    memset(counts, 0, sizeof counts);
    memset(nkl, 0, sizeof nkl);
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        char page[96];
        snprintf(page, sizeof page, "%s:%s", sv(r, "problem"), sv(r, "scenario"));
        if (cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "variant")))
            continue; /* default variants only */
        int p = find(pages, &np, MAXP, page), s = find(solvers, &ns, MAXS, sv(r, "solver"));
        if (p < 0 || s < 0)
            continue;
        cell *c = &cells[p][s];
        const char *st = sv(r, "status");
        if (strcmp(st, "failed") == 0) {
            c->failed++;
            add_failure(c, db_failure_class(sv(r, "reason")), counts[p][s], knames[p][s],
                        &nkl[p][s]);
            continue;
        }
        if (strcmp(st, "ok") != 0)
            continue;
        const char *form = sv(r, "formulation");
        int f;
        for (f = 0; f < c->ns && strcmp(c->s[f].form, form); f++)
            ;
        if (f == c->ns) {
            if (c->ns == MAXF)
                continue;
            snprintf(c->s[c->ns++].form, sizeof c->s[0].form, "%s", form);
        }
        series *q = &c->s[f];
        const cJSON *cn = cJSON_GetObjectItemCaseSensitive(r, "counters");
        const cJSON *fe = cJSON_GetObjectItemCaseSensitive(cn, "f_evals");
        double acc = db_measure_of(r, "gscd", NULL);
        if (q->n < MAXPT && cJSON_IsNumber(fe) && isfinite(acc))
            q->pt[q->n++] = (db_curve_pt){acc, fmax(fe->valuedouble, 1.0), 0};
    }
    for (int p = 0; p < np; p++)
        for (int s = 0; s < ns; s++) {
            cell *c = &cells[p][s];
            c->best = NAN;
            for (int L = 0; L < 3; L++)
                c->work[L] = NAN;
            for (int f = 0; f < c->ns; f++) {
                const series *q = &c->s[f];
                for (int i = 0; i < q->n; i++)
                    if (!(q->pt[i].acc <= c->best)) {
                        c->best = q->pt[i].acc;
                        copy_name(c->formbest, sizeof c->formbest, q->form);
                    }
                for (int L = 0; L < 3; L++) {
                    double w = db_curve_least_work(q->pt, q->n, levels[L]);
                    if (isfinite(w) && !(w >= c->work[L])) {
                        c->work[L] = w;
                        if (L == 1)
                            copy_name(c->form6, sizeof c->form6, q->form);
                    }
                }
            }
        }

    fprintf(h, "<h2 id=\"matrix\">Which solver, where</h2>\n<p class=\"hint\">Per problem page "
               "and solver: f evaluations to reach gscd 4 / 6 / 8 (the least over the "
               "solver's formulations, read off their work-precision curves; &ndash;: not "
               "reached), the formulation that reaches 6 digits cheapest (else the most "
               "accurate), the best gscd reached, and failed runs with their most frequent "
               "class. Darker: closer to the row's least work at 6 digits (&#9733;: least; "
               "steps &le;1.25&times;, &le;2&times;, &le;4&times;, more, not reached).</p>\n"
               "<div class=\"wide\"><table class=\"matrix\"><tr><th>problem</th>");
    fprintf(m, "\n## Which solver, where\n\nf evaluations to reach gscd 4 / 6 / 8 (least over "
               "the formulations), the formulation, the best gscd, failures; * marks the least "
               "work at 6 digits.\n\n| problem |");
    for (int s = 0; s < ns; s++) {
        fprintf(h, "<th>%s</th>", db_esc_html(solvers[s]));
        fprintf(m, " %s |", db_esc_md(solvers[s]));
    }
    fprintf(h, "</tr>\n");
    fprintf(m, "\n|---|");
    for (int s = 0; s < ns; s++)
        fprintf(m, "---|");
    fprintf(m, "\n");
    for (int p = 0; p < np; p++) {
        char id[96];
        snprintf(id, sizeof id, "%s", pages[p]);
        char *colon = strchr(id, ':');
        if (colon)
            *colon = '-';
        double rowbest = INFINITY;
        for (int s = 0; s < ns; s++)
            rowbest = fmin(rowbest, cells[p][s].work[1]);
        fprintf(h, "<tr><th><a href=\"%s.html\">%s</a></th>", db_esc_html(id),
                db_esc_html(pages[p]));
        fprintf(m, "| %s |", db_esc_md(pages[p]));
        for (int s = 0; s < ns; s++) {
            const cell *c = &cells[p][s];
            if (!c->ns && !c->failed) {
                fprintf(h, "<td class=\"m-none\"></td>");
                fprintf(m, " |");
                continue;
            }
            double ratio = c->work[1] / rowbest;
            int shade = !isfinite(ratio) ? 4 : ratio <= 1.25 ? 0 : ratio <= 2 ? 1
                        : ratio <= 4 ? 2 : 3;
            char w[3][32];
            for (int L = 0; L < 3; L++)
                fmt_work(w[L], sizeof w[L], c->work[L]);
            const char *form = c->form6[0] ? c->form6 : c->formbest;
            int star = isfinite(ratio) && ratio <= 1.0 + 1e-12;
            fprintf(h, "<td class=\"m%d\">%s%s / %s / %s<br><small>%s%s%s", shade,
                    star ? "&#9733; " : "", w[0], w[1], w[2], db_esc_html(form),
                    isfinite(c->best) ? ", best " : "", "");
            if (isfinite(c->best))
                fprintf(h, "%.1f", c->best);
            if (c->failed)
                fprintf(h, "<br>%d failed (%s)", c->failed, db_esc_html(c->klass));
            fprintf(h, "</small></td>");
            fprintf(m, " %s%s / %s / %s, %s", star ? "*" : "", w[0], w[1], w[2],
                    db_esc_md(form));
            if (isfinite(c->best))
                fprintf(m, ", best %.1f", c->best);
            if (c->failed)
                fprintf(m, ", %d failed (%s)", c->failed, db_esc_md(c->klass));
            fprintf(m, " |");
        }
        fprintf(h, "</tr>\n");
        fprintf(m, "\n");
    }
    fprintf(h, "</table></div>\n");
}
