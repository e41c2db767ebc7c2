/* scaling.c — curves of cost per step (cpu_seconds / steps of each ok run)
 * against the swept parameter, and their log-log least-squares slope
 * (scaling.h).  A slope of 1 is cost linear in N (MEXX's sparse mode, seed 001
 * §5.4, Tables 5.5-5.6); a dense LU of the Newton matrix would approach 3. */
#include <math.h>
#include <string.h>

#include "plots/scaling.h"

double db_scaling_slope(const double *x, const double *y, int n, double from, int *nfit)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (!(x[i] >= from) || !(x[i] > 0) || !(y[i] > 0))
            continue;
        double lx = log(x[i]), ly = log(y[i]);
        sx += lx;
        sy += ly;
        sxx += lx * lx;
        sxy += lx * ly;
        k++;
    }
    if (nfit)
        *nfit = k;
    double den = k * sxx - sx * sx;
    if (k < 2 || !(fabs(den) > 1e-12))
        return NAN;
    return (k * sxy - sx * sy) / den;
}

static const char *s_at(const cJSON *r, const char *k)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, k));
}

static double n_at(const cJSON *r, const char *a, const char *b)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(r, a);
    if (b)
        x = cJSON_GetObjectItemCaseSensitive(x, b);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

int db_scaling_collect(const cJSON *runs, const char *param, double fit_from,
                       db_scaling_curve *out, int max)
{
    int nc = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        const char *p = s_at(r, "problem"), *sc = s_at(r, "scenario"), *f = s_at(r, "formulation"),
                   *s = s_at(r, "solver"), *st = s_at(r, "status");
        double x = n_at(r, "params", param), steps = n_at(r, "counters", "steps"),
               cpu = n_at(r, "cpu_seconds", NULL);
        if (!p || !sc || !f || !s || !st || strcmp(st, "ok") != 0 || !(x > 0) || !(steps > 0) ||
            !(cpu > 0))
            continue;
        int c = 0;
        while (c < nc && !(strcmp(out[c].problem, p) == 0 && strcmp(out[c].scenario, sc) == 0 &&
                           strcmp(out[c].form, f) == 0 && strcmp(out[c].solver, s) == 0))
            c++;
        if (c == nc) {
            if (nc == max)
                continue;
            memset(&out[nc], 0, sizeof out[nc]);
            out[nc].problem = p;
            out[nc].scenario = sc;
            out[nc].form = f;
            out[nc].solver = s;
            nc++;
        }
        db_scaling_curve *cv = &out[c];
        if (cv->n == DB_SCALING_MAX_POINTS)
            continue;
        /* insertion by x; a repeated x (several tolerances) keeps the first */
        int i = cv->n;
        int dup = 0;
        for (int j = 0; j < cv->n; j++)
            dup |= cv->x[j] == x;
        if (dup)
            continue;
        while (i > 0 && cv->x[i - 1] > x) {
            cv->x[i] = cv->x[i - 1];
            cv->steps[i] = cv->steps[i - 1];
            cv->cpu[i] = cv->cpu[i - 1];
            cv->cps[i] = cv->cps[i - 1];
            i--;
        }
        cv->x[i] = x;
        cv->steps[i] = steps;
        cv->cpu[i] = cpu;
        cv->cps[i] = cpu / steps;
        cv->n++;
    }
    for (int c = 0; c < nc; c++)
        out[c].slope = db_scaling_slope(out[c].x, out[c].cps, out[c].n, fit_from, &out[c].nfit);
    return nc;
}
