/* curves.c — work-precision curves of two bench files compared at equal
 * accuracy (curves.h; docs/check.md "Curves").
 *
 * A curve's efficiency frontier is the least work that reaches an accuracy:
 * its points not beaten by another point that is at least as accurate for no
 * more work, joined linearly in (accuracy, log10 work).  Every point of the new
 * curve is measured against the baseline's frontier: the ratio of its work to
 * the frontier's work at its accuracy, and the difference of its accuracy to
 * the frontier's accuracy at its work (no extrapolation: a point outside the
 * frontier's range is not compared that way); a point that is one of the
 * baseline's own points counts as ratio 1 and shift 0, so a curve whose runs
 * moved to other points of the same curve compares equal.  The work ratio is
 * the geometric mean of the pointwise ratios, with the worst point; the
 * accuracy shift their mean, with the worst point.  The tolerance map (runs at
 * equal rtol) is information. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/gate/curves.h"
#include "io/jsonio.h"
#include "reference/measure_names.h"

const char *const db_curve_verdict_names[DB_CURVE_NVERDICTS] = {
    [DB_CURVE_SAME] = "same", [DB_CURVE_ALONG] = "moved along", [DB_CURVE_BETTER] = "better",
    [DB_CURVE_WORSE] = "worse", [DB_CURVE_FEWER] = "fewer points comparable"};

const char *const db_curve_acc_names[] = {
    "gscd", "lambda_scd", "residual.position", /* primary: against every work measure */
    "error.end.p", "error.end.v", "error.end.lambda", "error.end.mu", "error.grid.p",
    "error.grid.v", "error.grid.lambda", "error.grid.mu", "residual.velocity",
    "residual.acceleration", "invariant_drift"};
const int db_curve_nprimary = 3;
const int db_curve_nacc = (int)(sizeof db_curve_acc_names / sizeof *db_curve_acc_names);
const char *const db_curve_work_names[] = {"steps", "rejected", "f_evals", "jac_evals", "decompositions",
                                           "solves", "cpu"};
const int db_curve_nwork = (int)(sizeof db_curve_work_names / sizeof *db_curve_work_names);

#define MAXPTS 64
#define SAME_EPS 1e-9
#define FLAT 0.5 /* digits */

static int by_acc(const void *a, const void *b)
{
    const db_curve_pt *x = a, *y = b;
    if (x->acc != y->acc)
        return x->acc < y->acc ? -1 : 1;
    return (x->work > y->work) - (x->work < y->work);
}

/* the frontier of p[0..n−1] into f (accuracy and work both increasing) */
static int frontier(const db_curve_pt *p, int n, db_curve_pt *f)
{
    db_curve_pt s[MAXPTS];
    memcpy(s, p, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, by_acc);
    int nf = 0;
    double least = INFINITY;
    for (int i = n - 1; i >= 0; i--) /* most accurate first */
        if (s[i].work < least) {
            least = s[i].work;
            f[nf++] = s[i];
        }
    for (int i = 0; i < nf / 2; i++) { /* ascending */
        db_curve_pt t = f[i];
        f[i] = f[nf - 1 - i];
        f[nf - 1 - i] = t;
    }
    return nf;
}

/* log10 of the frontier's work at accuracy x, NAN outside it */
static double lwork_at(const db_curve_pt *f, int nf, double x)
{
    if (nf < 1 || x < f[0].acc - SAME_EPS || x > f[nf - 1].acc + SAME_EPS)
        return NAN;
    if (nf == 1 || x <= f[0].acc)
        return log10(f[0].work);
    for (int i = 1; i < nf; i++)
        if (x <= f[i].acc) {
            double t = (x - f[i - 1].acc) / (f[i].acc - f[i - 1].acc);
            return (1 - t) * log10(f[i - 1].work) + t * log10(f[i].work);
        }
    return log10(f[nf - 1].work);
}

/* the frontier's accuracy at log10 work y, NAN outside it */
static double acc_at(const db_curve_pt *f, int nf, double y)
{
    if (nf < 1 || y < log10(f[0].work) - SAME_EPS || y > log10(f[nf - 1].work) + SAME_EPS)
        return NAN;
    if (nf == 1 || y <= log10(f[0].work))
        return f[0].acc;
    for (int i = 1; i < nf; i++) {
        double y1 = log10(f[i].work);
        if (y <= y1) {
            double y0 = log10(f[i - 1].work);
            double t = (y - y0) / (y1 - y0);
            return (1 - t) * f[i - 1].acc + t * f[i].acc;
        }
    }
    return f[nf - 1].acc;
}

double db_curve_work_at(const db_curve_pt *p, int np, double acc)
{
    db_curve_pt f[MAXPTS];
    if (np < 1 || np > MAXPTS)
        return NAN;
    return pow(10.0, lwork_at(f, frontier(p, np, f), acc));
}

double db_curve_least_work(const db_curve_pt *p, int np, double acc)
{
    double w = db_curve_work_at(p, np, acc);
    for (int i = 0; i < np; i++)
        if (p[i].acc >= acc && !(p[i].work >= w))
            w = p[i].work;
    return w;
}

static int same_pt(const db_curve_pt *a, const db_curve_pt *b)
{
    return fabs(a->acc - b->acc) <= SAME_EPS * fmax(1.0, fabs(a->acc)) &&
           fabs(a->work - b->work) <= SAME_EPS * fmax(1.0, fabs(a->work));
}

static int in_curve(const db_curve_pt *q, const db_curve_pt *p, int n)
{
    for (int i = 0; i < n; i++)
        if (same_pt(q, &p[i]))
            return 1;
    return 0;
}

static int keep(const db_curve_pt *in, int n, db_curve_pt *out)
{
    int k = 0;
    for (int i = 0; i < n && k < MAXPTS; i++)
        if (isfinite(in[i].acc) && isfinite(in[i].work) && in[i].work > 0)
            out[k++] = in[i];
    return k;
}

void db_curve_compare(const db_curve_pt *b0, int nb0, const db_curve_pt *n0, int nn0,
                      const db_curve_th *th, db_curve_cmp *o)
{
    db_curve_pt b[MAXPTS], n[MAXPTS], fb[MAXPTS], fn[MAXPTS];
    int nb = keep(b0, nb0, b), nn = keep(n0, nn0, n);
    memset(o, 0, sizeof *o);
    o->nbase = nb;
    o->nnew = nn;
    o->ratio = o->ratio_worst = o->shift = o->shift_worst = o->lo = o->hi = NAN;
    o->tol_shift = o->tol_work = o->worst_acc = NAN;

    /* the tolerance map: runs at equal rtol */
    int pairs = 0, moved = nb != nn;
    double sa = 0, sw = 0;
    for (int i = 0; i < nn; i++)
        for (int j = 0; j < nb; j++)
            if (fabs(n[i].tol - b[j].tol) <= 1e-12 * fabs(b[j].tol)) {
                double da = n[i].acc - b[j].acc, dw = log10(n[i].work / b[j].work);
                sa += da;
                sw += dw;
                pairs++;
                if (fabs(da) > fmin(th->digits, th->point_digits) ||
                    fabs(dw) > log10(1 + fmin(th->growth, th->point - 1)))
                    moved = 1;
                break;
            }
    if (pairs) {
        o->tol_shift = sa / pairs;
        o->tol_work = pow(10.0, sw / pairs);
    }
    moved |= pairs != nn;
    if (nb < 1) {
        o->verdict = DB_CURVE_FEWER;
        snprintf(o->why, sizeof o->why, "the baseline has no ok run with this measure");
        return;
    }
    if (nn < 1) { /* the measure is gone from every run of the series */
        o->verdict = DB_CURVE_WORSE;
        snprintf(o->why, sizeof o->why, "no ok run of the new file has this measure (the "
                 "baseline has %d)", nb);
        return;
    }
    int nfb = frontier(b, nb, fb), nfn = frontier(n, nn, fn);
    o->lo = fmax(fb[0].acc, fn[0].acc);
    o->hi = fmin(fb[nfb - 1].acc, fn[nfn - 1].acc);

    /* each new point against the baseline frontier: its work at its accuracy,
     * its accuracy at its work; a point that is a baseline point counts 0.  Work
     * at equal accuracy is undefined where accuracy does not tell runs apart: a
     * baseline flat within FLAT digits, or a point at the accuracy cap (the
     * floor of the errors) */
    double amin = INFINITY, amax = -INFINITY;
    for (int j = 0; j < nb; j++)
        amin = fmin(amin, b[j].acc), amax = fmax(amax, b[j].acc);
    int flat = amax - amin < FLAT;
    const int work_judged = isfinite(th->growth) || isfinite(th->point);
    double sr = 0, ss = 0, worst = -INFINITY, sworst = INFINITY;
    int kr = 0, ks = 0;
    for (int i = 0; i < nn; i++) {
        int same = in_curve(&n[i], b, nb);
        int capped = isfinite(th->cap) && n[i].acc >= th->cap - SAME_EPS;
        double lb = flat || capped ? NAN : lwork_at(fb, nfb, n[i].acc);
        double ab = acc_at(fb, nfb, log10(n[i].work));
        if (same || isfinite(lb)) {
            double d = same ? 0 : log10(n[i].work) - lb;
            sr += d, kr++;
            if (d > worst) {
                worst = d;
                o->worst_acc = n[i].acc;
            }
        }
        /* accuracy at equal work only where work at equal accuracy cannot be
         * taken: on a steep frontier (work nearly fixed, e.g. by stability) a
         * step sequence moved by its last bits shifts the accuracy at equal
         * work by digits while the work at equal accuracy stays (issue 31: a
         * last-bit change read 736 of 8613 full-suite curves as worse, 56 as
         * better, with steps, rejections and gscd unchanged in sum).  Curves
         * judged by accuracy alone (no finite work threshold: the secondary
         * measures against f_evals) take it at every point, their only test */
        if (same || (isfinite(ab) && (!isfinite(lb) || !work_judged))) {
            double sh = same ? 0 : n[i].acc - ab;
            ss += sh, ks++;
            if (sh < sworst)
                sworst = sh;
        }
    }
    o->ncompared = kr;
    if (kr)
        o->ratio = pow(10.0, sr / kr);
    if (ks)
        o->shift = ss / ks;
    if (isfinite(worst))
        o->ratio_worst = pow(10.0, worst);
    if (isfinite(sworst))
        o->shift_worst = sworst;
    if (!moved) {
        o->verdict = DB_CURVE_SAME;
        return;
    }
    if (!kr && !ks) {
        o->verdict = DB_CURVE_FEWER;
        snprintf(o->why, sizeof o->why, "the accuracy ranges do not overlap (baseline %.2f to "
                 "%.2f, new %.2f to %.2f digits)", fb[0].acc, fb[nfb - 1].acc, fn[0].acc,
                 fn[nfn - 1].acc);
        return;
    }
    int worse = (kr && o->ratio > 1 + th->growth) ||
                (isfinite(o->ratio_worst) && o->ratio_worst > th->point) ||
                (ks && o->shift < -th->digits) ||
                (isfinite(o->shift_worst) && o->shift_worst < -th->point_digits);
    int better = (kr && o->ratio < 1 / (1 + th->growth)) || (ks && o->shift > th->digits);
    o->verdict = worse ? DB_CURVE_WORSE : better ? DB_CURVE_BETTER : DB_CURVE_ALONG;
}

/* ---- the curves of two bench files ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int db_curve_key(const cJSON *r, char *key, size_t keylen, char *label, size_t lablen)
{
    static const char *const f[] = {"problem", "scenario", "formulation", "solver"};
    const char *v[4];
    for (int i = 0; i < 4; i++)
        if (!(v[i] = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, f[i]))))
            return -1;
    const char *variant = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "variant"));
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(r, "params"), *it;
    const char *names[64];
    int np = 0;
    cJSON_ArrayForEach(it, params) {
        if (np < 64 && cJSON_IsNumber(it))
            names[np++] = it->string;
    }
    if (np > 1)
        qsort(names, (size_t)np, sizeof *names, cmp_str);
    char pk[256];
    size_t used = 0;
    pk[0] = '\0';
    for (int i = 0; i < np; i++)
        used += (size_t)snprintf(pk + used, used < sizeof pk ? sizeof pk - used : 0, "%s%s=%.10g",
                                 i ? "," : "", names[i],
                                 cJSON_GetObjectItemCaseSensitive(params, names[i])->valuedouble);
    snprintf(key, keylen, "%s|%s|%s|%s|%s|%s", v[0], v[1], pk, v[2], v[3], variant ? variant : "");
    snprintf(label, lablen, "%s:%s%s%s %s %s%s%s", v[0], v[1], np ? " " : "", pk, v[2], v[3],
             variant ? "/" : "", variant ? variant : "");
    return 0;
}

double db_curve_acc_of(const cJSON *r, int k, double floor)
{
    return db_curve_acc_named(r, db_curve_acc_names[k], floor);
}

double db_curve_acc_named(const cJSON *r, const char *name, double floor)
{
    if (db_measure_find(name))
        return db_measure_of(r, name, NULL);
    double x;
    if (strncmp(name, "error.", 6) == 0) {
        const char *dot = strchr(name + 6, '.');
        char where[8];
        snprintf(where, sizeof where, "%.*s", (int)(dot - name - 6), name + 6);
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
        x = db_json_num_at(cJSON_GetObjectItemCaseSensitive(e, where), dot + 1, NULL);
    } else if (strncmp(name, "residual.", 9) == 0)
        x = db_json_num_at(r, "residual", name + 9);
    else
        x = db_json_num_at(r, name, NULL);
    if (!isfinite(x) || x < 0)
        return NAN;
    return -log10(fmax(x, floor));
}

db_curve_pt db_curve_point(const cJSON *r, int acc, int work, double floor, double scale)
{
    double w;
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(r, "rtol");
    if (strcmp(db_curve_work_names[work], "cpu") == 0) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(r, "cpu_seconds");
        w = cJSON_IsNumber(c) ? c->valuedouble / scale : NAN;
    } else {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(r, "counters"), db_curve_work_names[work]);
        w = cJSON_IsNumber(c) ? fmax(c->valuedouble, 1.0) : NAN; /* 0 counts as 1 */
    }
    return (db_curve_pt){db_curve_acc_of(r, acc, floor), w,
                         cJSON_IsNumber(t) ? t->valuedouble : NAN};
}

typedef struct {
    char key[600];
    const cJSON *r;
    int file;   /* 0 baseline, 1 new */
} keyed;

static int by_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : x->file - y->file;
}

static int ok_run(const cJSON *r)
{
    const char *st = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "status"));
    return st && strcmp(st, "ok") == 0;
}

int db_curves_judge(const cJSON *base, const cJSON *res, const db_curve_opts *o,
                    db_curve_set *set)
{
    memset(set, 0, sizeof *set);
    int nrun = cJSON_GetArraySize(base) + cJSON_GetArraySize(res), nk = 0;
    keyed *k = malloc(((size_t)nrun + 1) * sizeof *k);
    if (!k)
        return -1;
    char label[600];
    for (int file = 0; file < 2; file++) {
        const cJSON *r, *runs = file ? res : base;
        cJSON_ArrayForEach(r, runs) {
            if (ok_run(r) && db_curve_key(r, k[nk].key, sizeof k[nk].key, label,
                                          sizeof label) == 0) {
                k[nk].r = r;
                k[nk++].file = file;
            }
        }
    }
    if (nk > 1)
        qsort(k, (size_t)nk, sizeof *k, by_keyed);
    int ns = 0;
    for (int i = 0; i < nk; i++)
        ns += (i == 0 || strcmp(k[i].key, k[i - 1].key) != 0) && k[i].file == 0;
    set->series = calloc((size_t)ns + 1, sizeof *set->series);
    set->rows = malloc(((size_t)ns * (size_t)db_curve_nacc * (size_t)db_curve_nwork + 1) *
                       sizeof *set->rows);
    if (!set->series || !set->rows) {
        free(k);
        db_curves_free(set);
        return -1;
    }
    for (int i = 0; i < nk;) {
        int j = i, mid;
        while (j < nk && strcmp(k[j].key, k[i].key) == 0)
            j++;
        for (mid = i; mid < j && k[mid].file == 0; mid++)
            ;
        if (mid == i || mid == j) { /* a series of one file only: new or missing runs, */
            i = j;                    /* judged run by run */
            continue;
        }
        db_curve_series *s = &set->series[set->nseries++];
        s->first = k[i].r;
        db_curve_key(k[i].r, s->key, sizeof s->key, s->label, sizeof s->label);
        s->solver = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(k[i].r, "solver"));
        int nb = mid - i < MAXPTS ? mid - i : MAXPTS, nn = j - mid < MAXPTS ? j - mid : MAXPTS;
        for (int a = 0; a < db_curve_nacc; a++)
            for (int w = 0; w < db_curve_nwork; w++) {
                int cpu = strcmp(db_curve_work_names[w], "cpu") == 0;
                int secondary = a >= db_curve_nprimary;
                if (secondary && strcmp(db_curve_work_names[w], "f_evals") != 0)
                    continue; /* secondary measures: against f_evals only */
                db_curve_pt pb[MAXPTS], pn[MAXPTS];
                int any = 0, gbase = 0, kb = 0, kn = 0;
                for (int q = 0; q < nb; q++) {
                    const cJSON *r = k[i + q].r;
                    pb[kb] = db_curve_point(r, a, w, o->floor, 1.0);
                    if (cpu && pb[kb].work < o->cpu_min)
                        pb[kb].work = NAN; /* timer noise: not a point of a CPU curve */
                    gbase |= !cpu || isfinite(pb[kb].work);
                    any |= isfinite(pb[kb].acc);
                    kb++;
                }
                for (int q = 0; q < nn; q++) {
                    const cJSON *r = k[mid + q].r;
                    pn[kn] = db_curve_point(r, a, w, o->floor, o->cpu_scale);
                    if (cpu && pn[kn].work < o->cpu_min)
                        pn[kn].work = NAN;
                    any |= isfinite(pn[kn].acc);
                    kn++;
                }
                int cpun = 0;
                for (int q = 0; q < kn; q++)
                    cpun += isfinite(pn[q].work) && isfinite(pn[q].acc);
                if (!any || !gbase || (cpu && !cpun)) /* a measure the series does not */
                    continue;                         /* have, or CPU timer noise only */
                db_curve_row *row = &set->rows[set->n++];
                row->s = s;
                row->acc = a;
                row->work = w;
                row->cpu_info = cpu && !o->cpu_gated;
                db_curve_th th = cpu ? o->cpu : secondary ? o->secondary : o->counters;
                th.cap = db_measure_find(db_curve_acc_names[a]) ? NAN : -log10(o->floor);
                /* errors are floored, scd not */
                db_curve_compare(pb, kb, pn, kn, &th, &row->c);
            }
        i = j;
    }
    free(k);
    return 0;
}

void db_curves_free(db_curve_set *set)
{
    free(set->rows);
    free(set->series);
    memset(set, 0, sizeof *set);
}
