/* profile.c — Dolan–Moré performance profiles (profile.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/jsonio.h"
#include "reference/measure_names.h"
#include "plots/profile.h"

/* sval, nval: the lenient getters of jsonio.h */
#define sval db_json_str_or_empty
#define nval db_json_num_at

static int usable(const cJSON *r)
{
    return !strcmp(sval(r, "status"), "ok") && isfinite(db_measure_of(r, "gscd", NULL)) &&
           nval(r, "cpu_seconds", NULL) > 0;
}

static int by_tol(const void *a, const void *b)
{
    double x = nval(*(const cJSON *const *)a, "rtol", NULL);
    double y = nval(*(const cJSON *const *)b, "rtol", NULL);
    return (x < y) - (x > y);  /* loose first */
}

double db_profile_cost(const cJSON *const *runs, int n, double scd)
{
    const cJSON **v = malloc(((size_t)n + 1) * sizeof *v);
    if (!v)
        return INFINITY;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (usable(runs[i]))
            v[m++] = runs[i];
    qsort(v, (size_t)m, sizeof *v, by_tol);
    double best = INFINITY;
    for (int i = 0; i < m; i++) {
        double s = db_measure_of(v[i], "gscd", NULL), t = nval(v[i], "cpu_seconds", NULL);
        if (s >= scd)
            best = fmin(best, t);
        if (i + 1 < m) {
            double s2 = db_measure_of(v[i + 1], "gscd", NULL), t2 = nval(v[i + 1], "cpu_seconds", NULL);
            double lo = fmin(s, s2), hi = fmax(s, s2);
            if (lo < scd && scd <= hi && hi > lo) {
                double w = (scd - s) / (s2 - s);
                best = fmin(best, pow(10.0, log10(t) + w * (log10(t2) - log10(t))));
            }
        }
    }
    free(v);
    return best;
}

typedef struct {
    const cJSON *r;
    char page[160], curve[96], row[96];  /* row: the profile row it counts for */
} item;

static int by_page_curve(const void *a, const void *b)
{
    const item *x = a, *y = b;
    int c = strcmp(x->page, y->page);
    return c ? c : strcmp(x->curve, y->curve);
}

static int profile(const cJSON *runs, double scd, const double *tau, int ntau,
                   db_profile_row *rows, int maxrows, int *npages, int by_solver)
{
    int n = cJSON_GetArraySize(runs), k = 0, nrows = 0;
    *npages = 0;
    if (ntau > DB_PROFILE_MAXTAU)
        ntau = DB_PROFILE_MAXTAU;
    item *it = calloc((size_t)n + 1, sizeof *it);
    const cJSON **grp = calloc((size_t)n + 1, sizeof *grp);
    double *cost = calloc((size_t)maxrows + 1, sizeof *cost);
    if (!it || !grp || !cost) {
        free(it);
        free(grp);
        free(cost);
        return 0;
    }
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        if (!strcmp(sval(r, "status"), "unsupported"))
            continue;
        it[k].r = r;
        snprintf(it[k].page, sizeof it[k].page, "%s:%s", sval(r, "problem"), sval(r, "scenario"));
        snprintf(it[k].curve, sizeof it[k].curve, "%s/%s", sval(r, "solver"),
                 sval(r, "formulation"));
        snprintf(it[k].row, sizeof it[k].row, "%s", by_solver ? sval(r, "solver") : it[k].curve);
        k++;
    }
    qsort(it, (size_t)k, sizeof *it, by_page_curve);
    /* every curve of the file is a row */
    for (int i = 0; i < k; i++) {
        int found = 0;
        for (int j = 0; j < nrows && !found; j++)
            found = !strcmp(rows[j].curve, it[i].row);
        if (!found && nrows < maxrows) {
            memset(&rows[nrows], 0, sizeof rows[nrows]);
            snprintf(rows[nrows].curve, sizeof rows[nrows].curve, "%s", it[i].row);
            nrows++;
        }
    }
    for (int a = 0; a < k;) {
        int b = a;
        while (b < k && !strcmp(it[a].page, it[b].page))
            b++;
        for (int j = 0; j < nrows; j++)
            cost[j] = INFINITY;
        for (int c = a; c < b;) {
            int d = c, ng = 0;
            while (d < b && !strcmp(it[c].curve, it[d].curve))
                grp[ng++] = it[d++].r;
            for (int j = 0; j < nrows; j++)
                if (!strcmp(rows[j].curve, it[c].row))
                    cost[j] = fmin(cost[j], db_profile_cost(grp, ng, scd));
            c = d;
        }
        double tmin = INFINITY;
        for (int j = 0; j < nrows; j++)
            tmin = fmin(tmin, cost[j]);
        if (isfinite(tmin)) {
            (*npages)++;
            for (int j = 0; j < nrows; j++) {
                double ratio = cost[j] / tmin;
                rows[j].wins += ratio <= 1.0;
                rows[j].reach += isfinite(ratio);
                for (int t = 0; t < ntau; t++)
                    rows[j].frac[t] += ratio <= tau[t];
            }
        }
        a = b;
    }
    for (int j = 0; j < nrows; j++) {
        for (int t = 0; t < ntau; t++)
            rows[j].frac[t] = *npages ? rows[j].frac[t] / *npages : 0.0;
        rows[j].reach = *npages ? rows[j].reach / *npages : 0.0;
    }
    /* sort: most robust (largest τ) first, then most wins */
    for (int i = 1; i < nrows; i++)
        for (int j = i; j > 0; j--) {
            db_profile_row *x = &rows[j - 1], *y = &rows[j];
            double dx = x->reach, dy = y->reach;
            if (dy > dx || (dy == dx && y->wins > x->wins)) {
                db_profile_row t = *x;
                *x = *y;
                *y = t;
            } else
                break;
        }
    free(it);
    free(grp);
    free(cost);
    return nrows;
}

int db_profile(const cJSON *runs, double scd, const double *tau, int ntau,
               db_profile_row *rows, int maxrows, int *npages)
{
    return profile(runs, scd, tau, ntau, rows, maxrows, npages, 0);
}

int db_profile_by_solver(const cJSON *runs, double scd, const double *tau, int ntau,
                         db_profile_row *rows, int maxrows, int *npages)
{
    return profile(runs, scd, tau, ntau, rows, maxrows, npages, 1);
}
