/* peer_ratio.c — CPU time of a solver over that of the peer (ida) at equal scd,
 * interpolated over the tolerance ladders of a bench file (method in
 * peer_ratio.h; it replaces the former scripts/ida_ratio.py, which reran the
 * ladders itself). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peer_ratio.h"

/* y of the piecewise linear curve at x (x within [x[0], x[n-1]]) */
static double at(const double *x, const double *y, int n, double v)
{
    for (int i = 0; i < n; i++)
        if (x[i] == v)
            return y[i];
    for (int i = 0; i + 1 < n; i++)
        if (x[i] < v && v < x[i + 1])
            return y[i] + (y[i + 1] - y[i]) * (v - x[i]) / (x[i + 1] - x[i]);
    return NAN;
}

double db_peer_ratio_of(const double *xs, const double *ys, int ns, const double *xp,
                        const double *yp, int np, double *lo, double *hi, double *rmin,
                        double *rmax)
{
    *lo = *hi = *rmin = *rmax = NAN;
    if (ns < 2 || np < 2)
        return NAN;
    double a = fmax(xs[0], xp[0]), b = fmin(xs[ns - 1], xp[np - 1]);
    *lo = a;
    *hi = b;
    if (!(a <= b))
        return NAN;
    double sum = 0, dmin = INFINITY, dmax = -INFINITY;
    int k = 0;
    for (int i = 0; i < DB_RATIO_SAMPLES; i++) {
        double v = a == b ? a : a + (b - a) * i / (DB_RATIO_SAMPLES - 1);
        double d = at(xs, ys, ns, v) - at(xp, yp, np, v);
        if (!isfinite(d))
            continue;
        sum += d;
        dmin = fmin(dmin, d);
        dmax = fmax(dmax, d);
        k++;
    }
    if (!k)
        return NAN;
    *rmin = pow(10.0, dmin);
    *rmax = pow(10.0, dmax);
    return pow(10.0, sum / k);
}

static const char *s_at(const cJSON *r, const char *k)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, k));
}

/* the curve of problem/scenario/form/solver: x = scd ascending, y = log10 cpu */
static int curve(const cJSON *runs, const char *p, const char *sc, const char *f,
                 const char *s, double *x, double *y)
{
    int n = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        const char *rp = s_at(r, "problem"), *rsc = s_at(r, "scenario"),
                   *rf = s_at(r, "formulation"), *rs = s_at(r, "solver"), *st = s_at(r, "status");
        if (!rp || !rsc || !rf || !rs || !st || strcmp(rp, p) || strcmp(rsc, sc) ||
            strcmp(rf, f) || strcmp(rs, s) || strcmp(st, "ok"))
            continue;
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(r, "error"), "gscd");
        if (!e) /* a file from before issue 14 */
            e = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r, "error"),
                                                 "scd");
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(r, "cpu_seconds");
        if (!cJSON_IsNumber(e) || !isfinite(e->valuedouble) || !cJSON_IsNumber(c) ||
            !(c->valuedouble > 0) || n == DB_RATIO_MAX_POINTS)
            continue;
        int i = n++;
        while (i > 0 && x[i - 1] > e->valuedouble) {
            x[i] = x[i - 1];
            y[i] = y[i - 1];
            i--;
        }
        x[i] = e->valuedouble;
        y[i] = log10(c->valuedouble);
    }
    return n;
}

static int cmp_key(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "problem|scenario|formulation" of run r into buf; 0, or -1 when a name is missing */
static int cell_key(const cJSON *r, char *buf, size_t len)
{
    const char *p = s_at(r, "problem"), *sc = s_at(r, "scenario"), *f = s_at(r, "formulation");
    if (!p || !sc || !f)
        return -1;
    snprintf(buf, len, "%s|%s|%s", p, sc, f);
    return 0;
}

int db_peer_ratio_table(const cJSON *runs, const char *peer, db_peer_ratio *out, int max)
{
    int nr = 0;
    const cJSON *r;
    /* the cells the peer ran, sorted (linear time overall: a run of a cell the
     * peer did not run is passed over by a binary search, not a scan) */
    int npk = 0, cap = 0;
    char **pk = NULL;
    cJSON_ArrayForEach(r, runs) {
        const char *s = s_at(r, "solver");
        char key[256];
        if (!s || strcmp(s, peer) != 0 || cell_key(r, key, sizeof key) != 0)
            continue;
        if (npk == cap) {
            cap = cap ? 2 * cap : 64;
            char **g = realloc(pk, (size_t)cap * sizeof *g);
            if (!g)
                break;
            pk = g;
        }
        if (!(pk[npk] = strdup(key)))
            break;
        npk++;
    }
    if (npk == 0) {
        free(pk);
        return 0;
    }
    qsort(pk, (size_t)npk, sizeof *pk, cmp_key);
    cJSON_ArrayForEach(r, runs) {
        char key[256];
        const char *kp = key;
        if (cell_key(r, key, sizeof key) != 0 ||
            !bsearch(&kp, pk, (size_t)npk, sizeof *pk, cmp_key))
            continue; /* the peer did not run this cell */
        const char *p = s_at(r, "problem"), *sc = s_at(r, "scenario"), *f = s_at(r, "formulation"),
                   *s = s_at(r, "solver");
        if (!p || !sc || !f || !s || strcmp(s, peer) == 0)
            continue;
        int seen = 0;
        for (int i = 0; i < nr && !seen; i++)
            seen = !strcmp(out[i].problem, p) && !strcmp(out[i].scenario, sc) &&
                   !strcmp(out[i].form, f) && !strcmp(out[i].solver, s);
        if (seen || nr == max)
            continue;
        double xs[DB_RATIO_MAX_POINTS], ys[DB_RATIO_MAX_POINTS];
        double xp[DB_RATIO_MAX_POINTS], yp[DB_RATIO_MAX_POINTS];
        int np = curve(runs, p, sc, f, peer, xp, yp);
        if (np == 0)
            continue; /* the peer did not run this formulation */
        int ns = curve(runs, p, sc, f, s, xs, ys);
        db_peer_ratio *o = &out[nr++];
        o->problem = p;
        o->scenario = sc;
        o->form = f;
        o->solver = s;
        o->npts = ns;
        o->npts_peer = np;
        o->ratio = db_peer_ratio_of(xs, ys, ns, xp, yp, np, &o->lo, &o->hi, &o->rmin, &o->rmax);
    }
    for (int i = 0; i < npk; i++)
        free(pk[i]);
    free(pk);
    return nr;
}
