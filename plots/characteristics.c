/* characteristics.c — the run-characteristics table of a problem page
 * (characteristics.h).  A solver's best formulation is the one that reaches 6
 * digits of gscd with the fewest f evaluations (read off its curve,
 * harness/gate/curves.h), else the one that reaches the most digits; its runs
 * are listed by tolerance, loosest first. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/gate/curves.h"
#include "io/escape.h"
#include "plots/characteristics.h"
#include "reference/measure_names.h"

#define MAXS 16
#define MAXPT 64

static const char *sv(const cJSON *r, const char *k)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, k));
    return s ? s : "";
}

static double counter(const cJSON *r, const char *k)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r,
                                                      "counters"), k);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

/* the ok runs of one solver and formulation (default variant) as curve points */
static int curve(const cJSON **v, int n, const char *solver, const char *form, db_curve_pt *p)
{
    int k = 0;
    for (int i = 0; i < n && k < MAXPT; i++)
        if (!strcmp(sv(v[i], "solver"), solver) && !strcmp(sv(v[i], "formulation"), form) &&
            !strcmp(sv(v[i], "status"), "ok") &&
            !cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v[i], "variant")))
            p[k++] = (db_curve_pt){db_measure_of(v[i], "gscd", NULL),
                                   fmax(counter(v[i], "f_evals"), 1.0), 0};
    return k;
}

void db_characteristics_write(FILE *h, FILE *m, const cJSON **v, int n)
{
    const char *solvers[MAXS];
    int ns = 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int s = 0; s < ns; s++)
            seen |= !strcmp(solvers[s], sv(v[i], "solver"));
        if (!seen && ns < MAXS)
            solvers[ns++] = sv(v[i], "solver");
    }
    fprintf(h, "<h3>Run characteristics</h3>\n<p class=\"hint\">Per solver its best formulation "
               "here (fewest f evaluations to reach gscd 6, else the most digits), each "
               "tolerance: steps, rejected, f, J and LU counts, CPU time, gscd.</p>\n<div "
               "class=\"wide\"><table><tr><th>solver / formulation</th><th>tol</th><th>steps"
               "</th><th>rejected</th><th>f</th><th>J</th><th>LU</th><th>CPU [s]</th><th>gscd"
               "</th></tr>\n");
    fprintf(m, "### Run characteristics\n\n| solver / formulation | tol | steps | rejected | f "
               "| J | LU | CPU [s] | gscd |\n|---|---|---|---|---|---|---|---|---|\n");
    for (int s = 0; s < ns; s++) {
        const char *best = NULL;
        double bw = INFINITY, bacc = -INFINITY;
        for (int i = 0; i < n; i++) {
            if (strcmp(sv(v[i], "solver"), solvers[s]) || strcmp(sv(v[i], "status"), "ok"))
                continue;
            const char *form = sv(v[i], "formulation");
            db_curve_pt p[MAXPT];
            int k = curve(v, n, solvers[s], form, p);
            double w = db_curve_least_work(p, k, 6.0), acc = -INFINITY;
            for (int j = 0; j < k; j++)
                acc = fmax(acc, p[j].acc);
            if ((isfinite(w) && !(w >= bw)) || (!isfinite(bw) && acc > bacc)) {
                best = form;
                bw = isfinite(w) ? w : bw;
                bacc = acc;
            }
        }
        if (!best)
            continue;
        for (int i = 0; i < n; i++) {
            const cJSON *r = v[i];
            if (strcmp(sv(r, "solver"), solvers[s]) || strcmp(sv(r, "formulation"), best) ||
                strcmp(sv(r, "status"), "ok") ||
                cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "variant")))
                continue;
            const cJSON *tol = cJSON_GetObjectItemCaseSensitive(r, "rtol");
            const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(r, "cpu_seconds");
            fprintf(h, "<tr><td>%s / %s</td><td class=\"n\">%.0e</td><td>%.0f</td><td>%.0f</td><td>%.0f</td>"
                       "<td>%.0f</td><td>%.0f</td><td>%.3g</td><td>%.2f</td></tr>\n",
                    db_esc_html(solvers[s]), db_esc_html(best), cJSON_IsNumber(tol) ?
                    tol->valuedouble : NAN, counter(r, "steps"), counter(r, "rejected"),
                    counter(r, "f_evals"), counter(r, "jac_evals"), counter(r, "decompositions"),
                    cJSON_IsNumber(cpu) ? cpu->valuedouble : NAN, db_measure_of(r, "gscd", NULL));
            fprintf(m, "| %s / %s | %.0e | %.0f | %.0f | %.0f | %.0f | %.0f | %.3g | %.2f |\n",
                    db_esc_md(solvers[s]), db_esc_md(best), cJSON_IsNumber(tol) ?
                    tol->valuedouble : NAN, counter(r, "steps"), counter(r, "rejected"),
                    counter(r, "f_evals"), counter(r, "jac_evals"), counter(r, "decompositions"),
                    cJSON_IsNumber(cpu) ? cpu->valuedouble : NAN, db_measure_of(r, "gscd", NULL));
        }
    }
    fprintf(h, "</table></div>\n");
}
