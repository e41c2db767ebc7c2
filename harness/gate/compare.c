/* compare.c — run-by-run comparison of two bench files (compare.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/gate/compare.h"
#include "io/jsonio.h"
#include "reference/measure_names.h"

/* sval, nval: the lenient getters of jsonio.h */
#define sval db_json_str_or_empty
#define nval db_json_num_at

void db_compare_key(const cJSON *run, char *buf, size_t len)
{
    char par[256] = "";
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(run, "params")) {
        size_t u = strlen(par);
        if (p->string && cJSON_IsNumber(p))
            snprintf(par + u, sizeof par - u, "%s=%.10g,", p->string, p->valuedouble);
    }
    snprintf(buf, len, "%s|%s|%s|%s|%s|%s|%.6e", sval(run, "problem"), sval(run, "scenario"),
             par, sval(run, "formulation"), sval(run, "solver"), sval(run, "variant"),
             nval(run, "rtol", NULL));
}

typedef struct {
    char key[512];
    const cJSON *run;
} keyed;

static int by_key(const void *a, const void *b)
{
    return strcmp(((const keyed *)a)->key, ((const keyed *)b)->key);
}

static keyed *index_runs(const cJSON *runs, int *n)
{
    int m = cJSON_GetArraySize(runs), k = 0;
    keyed *v = calloc((size_t)m + 1, sizeof *v);
    if (!v)
        return NULL;
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        db_compare_key(r, v[k].key, sizeof v[k].key);
        v[k++].run = r;
    }
    qsort(v, (size_t)k, sizeof *v, by_key);
    *n = k;
    return v;
}

static void note(db_cmp_row *row, const char *fmt, double a, double b)
{
    size_t u = strlen(row->what);
    snprintf(row->what + u, sizeof row->what - u, "%s", u ? "; " : "");
    u = strlen(row->what);
    snprintf(row->what + u, sizeof row->what - u, fmt, a, b);
}

static void classify(db_cmp_row *row)
{
    const cJSON *b = row->base, *c = row->cur;
    row->what[0] = '\0';
    if (!c) {
        row->kind = DB_CMP_WORSE;
        snprintf(row->what, sizeof row->what, "missing in the current results");
        return;
    }
    int cok = !strcmp(sval(c, "status"), "ok");
    if (!b) {
        row->kind = cok ? DB_CMP_NEW : DB_CMP_WORSE;
        snprintf(row->what, sizeof row->what, "new run, %s %s", sval(c, "status"),
                 sval(c, "reason"));
        return;
    }
    int bok = !strcmp(sval(b, "status"), "ok");
    if (bok && !cok) {
        row->kind = DB_CMP_WORSE;
        snprintf(row->what, sizeof row->what, "ok -> %s %s", sval(c, "status"), sval(c, "reason"));
        return;
    }
    if (!bok && cok) {
        row->kind = DB_CMP_BETTER;
        snprintf(row->what, sizeof row->what, "%s -> ok", sval(b, "status"));
        return;
    }
    if (!bok) {
        row->kind = DB_CMP_SAME;
        return;
    }
    int worse = 0, better = 0;
    double sb = db_measure_of(b, "gscd", NULL), sc = db_measure_of(c, "gscd", NULL);
    if (isfinite(sb) && !isfinite(sc)) {
        worse = 1;
        note(row, "scd %.2f -> null%.0f", sb, 0.0);
    } else if (isfinite(sb) && isfinite(sc)) {
        if (sc < sb - DB_CMP_SCD) {
            worse = 1;
            note(row, "scd %.2f -> %.2f", sb, sc);
        } else if (sc > sb + DB_CMP_SCD) {
            better = 1;
            note(row, "scd %.2f -> %.2f", sb, sc);
        }
    }
    static const char *const counters[] = {"steps", "f_evals", "decompositions"};
    for (int k = 0; k < 3; k++) {
        double x = nval(b, "counters", counters[k]), y = nval(c, "counters", counters[k]);
        if (!(x > 0) || !isfinite(y))
            continue;
        double rel = y / x - 1.0;
        char fmt[64];
        snprintf(fmt, sizeof fmt, "%s %%.0f -> %%.0f", counters[k]);
        if (rel > DB_CMP_COUNT) {
            worse = 1;
            note(row, fmt, x, y);
        } else if (rel < -DB_CMP_COUNT) {
            better = 1;
            note(row, fmt, x, y);
        }
    }
    row->kind = worse ? DB_CMP_WORSE : better ? DB_CMP_BETTER : DB_CMP_SAME;
}

int db_compare(const cJSON *base_runs, const cJSON *cur_runs, db_cmp_row **rows)
{
    int nb = 0, nc = 0;
    keyed *kb = index_runs(base_runs, &nb), *kc = index_runs(cur_runs, &nc);
    db_cmp_row *out = calloc((size_t)(nb + nc) + 1, sizeof *out);
    if (!kb || !kc || !out) {
        free(kb);
        free(kc);
        free(out);
        return -1;
    }
    int i = 0, j = 0, n = 0;
    while (i < nb || j < nc) {
        int c = i >= nb ? 1 : j >= nc ? -1 : strcmp(kb[i].key, kc[j].key);
        out[n].base = c <= 0 ? kb[i].run : NULL;
        out[n].cur = c >= 0 ? kc[j].run : NULL;
        classify(&out[n]);
        n++;
        if (c <= 0)
            i++;
        if (c >= 0)
            j++;
    }
    free(kb);
    free(kc);
    *rows = out;
    return n;
}
