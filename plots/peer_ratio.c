/* peer_ratio.c — CPU time of a solver over that of the peer (ida) at equal scd,
 * interpolated over the tolerance ladders of a bench file (method in
 * peer_ratio.h; it replaces the former scripts/ida_ratio.py, which reran the
 * ladders itself). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/peer_ratio.h"

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

/* one run of a cell the peer ran: its names, its place in the file, and its
 * point (x = scd, y = log10 cpu; ok = 0 when it gives no point) */
typedef struct {
    const char *p, *sc, *f, *s;
    int order, ok;
    double x, y;
} point;

static int cmp_cell(const point *a, const point *b)
{
    int c = strcmp(a->p, b->p);
    if (!c)
        c = strcmp(a->sc, b->sc);
    if (!c)
        c = strcmp(a->f, b->f);
    return c;
}

/* by cell, solver, then the points in ascending scd (file order among equals) */
static int cmp_point(const void *va, const void *vb)
{
    const point *a = va, *b = vb;
    int c = cmp_cell(a, b);
    if (!c)
        c = strcmp(a->s, b->s);
    if (!c)
        c = (b->ok > a->ok) - (a->ok > b->ok); /* points first */
    if (!c && a->ok)
        c = (a->x > b->x) - (a->x < b->x);
    if (!c)
        c = (a->order > b->order) - (a->order < b->order);
    return c;
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

/* the point of run r, if it gives one (ok, finite scd, positive CPU time) */
static int run_point(const cJSON *r, double *x, double *y)
{
    const char *st = s_at(r, "status");
    const cJSON *err = cJSON_GetObjectItemCaseSensitive(r, "error");
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(err, "gscd");
    if (!e) /* a file from before issue 14 */
        e = cJSON_GetObjectItemCaseSensitive(err, "scd");
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(r, "cpu_seconds");
    if (!st || strcmp(st, "ok") || !cJSON_IsNumber(e) || !isfinite(e->valuedouble) ||
        !cJSON_IsNumber(c) || !(c->valuedouble > 0))
        return 0;
    *x = e->valuedouble;
    *y = log10(c->valuedouble);
    return 1;
}

/* the curve of the group pt[a..b) (one cell and solver): its first
 * DB_RATIO_MAX_POINTS points, scd ascending */
static int group_curve(const point *pt, int a, int b, double *x, double *y)
{
    int n = 0;
    for (int i = a; i < b && pt[i].ok && n < DB_RATIO_MAX_POINTS; i++, n++) {
        x[n] = pt[i].x;
        y[n] = pt[i].y;
    }
    return n;
}

/* a row of the table and the place in the file of its solver's first run */
typedef struct {
    db_peer_ratio r;
    int first;
} row;

static int by_first(const void *a, const void *b)
{
    const row *u = a, *v = b;
    return (u->first > v->first) - (u->first < v->first);
}

/* Linear in the runs apart from two sorts: the cells the peer ran are sorted
 * keys (a run of another cell is passed over by a binary search); the runs of
 * those cells are sorted by cell, solver and scd, and each solver's group is
 * compared with the peer's group of its cell. */
int db_peer_ratio_table(const cJSON *runs, const char *peer, db_peer_ratio *out, int max)
{
    const cJSON *r;
    int npk = 0, cap = 0, n = 0, nr = 0;
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
                goto done;
            pk = g;
        }
        if (!(pk[npk] = strdup(key)))
            goto done;
        npk++;
    }
    if (npk == 0)
        goto done;
    qsort(pk, (size_t)npk, sizeof *pk, cmp_key);
    point *pt = malloc((size_t)cJSON_GetArraySize(runs) * sizeof *pt);
    row *rows = malloc((size_t)cJSON_GetArraySize(runs) * sizeof *rows);
    if (!pt || !rows) {
        free(pt);
        free(rows);
        goto done;
    }
    int order = 0;
    cJSON_ArrayForEach(r, runs) {
        char key[256];
        const char *kp = key;
        point q = {s_at(r, "problem"), s_at(r, "scenario"), s_at(r, "formulation"),
                   s_at(r, "solver"), order++, 0, 0, 0};
        if (!q.s || cell_key(r, key, sizeof key) != 0 ||
            !bsearch(&kp, pk, (size_t)npk, sizeof *pk, cmp_key))
            continue; /* the peer did not run this cell */
        q.ok = run_point(r, &q.x, &q.y);
        pt[n++] = q;
    }
    qsort(pt, (size_t)n, sizeof *pt, cmp_point);
    for (int c0 = 0, c1; c0 < n; c0 = c1) {
        for (c1 = c0 + 1; c1 < n && !cmp_cell(&pt[c0], &pt[c1]); c1++)
            ;
        int p0 = c0, p1 = c0; /* the peer's group in cell [c0, c1) */
        while (p0 < c1 && strcmp(pt[p0].s, peer) != 0)
            p0++;
        for (p1 = p0; p1 < c1 && !strcmp(pt[p1].s, peer); p1++)
            ;
        double xp[DB_RATIO_MAX_POINTS], yp[DB_RATIO_MAX_POINTS];
        int np = group_curve(pt, p0, p1, xp, yp);
        for (int g0 = c0, g1; g0 < c1; g0 = g1) {
            int first = pt[g0].order;
            for (g1 = g0 + 1; g1 < c1 && !strcmp(pt[g0].s, pt[g1].s); g1++)
                first = pt[g1].order < first ? pt[g1].order : first;
            if (np == 0 || g0 == p0)
                continue; /* the peer did not run this formulation, or it is the peer */
            double xs[DB_RATIO_MAX_POINTS], ys[DB_RATIO_MAX_POINTS];
            row *o = &rows[nr++];
            o->first = first;
            o->r.problem = pt[g0].p;
            o->r.scenario = pt[g0].sc;
            o->r.form = pt[g0].f;
            o->r.solver = pt[g0].s;
            o->r.npts = group_curve(pt, g0, g1, xs, ys);
            o->r.npts_peer = np;
            o->r.ratio = db_peer_ratio_of(xs, ys, o->r.npts, xp, yp, np, &o->r.lo, &o->r.hi,
                                          &o->r.rmin, &o->r.rmax);
        }
    }
    /* the rows in the order their solver first appears in the file, the first max */
    qsort(rows, (size_t)nr, sizeof *rows, by_first);
    nr = nr < max ? nr : max;
    for (int i = 0; i < nr; i++)
        out[i] = rows[i].r;
    free(rows);
    free(pt);
done:
    for (int i = 0; i < npk; i++)
        free(pk[i]);
    free(pk);
    return nr;
}
