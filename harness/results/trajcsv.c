/* trajcsv.c — the trajectory of one run as CSV with its error per group
 * (trajcsv.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/jsonio.h"
#include "harness/results/trajcsv.h"

/* append to a growing buffer */
typedef struct {
    char *s;
    size_t len, cap;
} sbuf;

static int add(sbuf *b, const char *fmt, double x, int idx)
{
    char tmp[64];
    int n = idx >= 0 ? snprintf(tmp, sizeof tmp, fmt, idx) : snprintf(tmp, sizeof tmp, fmt, x);
    if (n < 0)
        return -1;
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 65536;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s)
            return -1;
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, tmp, (size_t)n + 1);
    b->len += (size_t)n;
    return 0;
}

int db_traj_csv(const char *path, const db_traj *sol, const db_traj *ref,
                const double mag[DB_NGROUPS], char *err, size_t errlen)
{
    sbuf b = {NULL, 0, 0};
    int bad = add(&b, "t", 0, -1);
    for (int g = 0; g < DB_NGROUPS; g++)
        for (int i = 0; i < sol->size[g]; i++) {
            char fmt[32];
            snprintf(fmt, sizeof fmt, ",%s%%d", db_group_names[g]);
            bad |= add(&b, fmt, 0, i + 1);
        }
    for (int g = 0; g < DB_NGROUPS; g++) {
        char fmt[32];
        snprintf(fmt, sizeof fmt, ",err_%s", db_group_names[g]);
        bad |= add(&b, fmt, 0, -1);
    }
    bad |= add(&b, "\n", 0, -1);
    for (int k = 0; k < sol->nt && !bad; k++) {
        bad |= add(&b, "%.17g", sol->t[k], -1);  /* step points are not round */
        for (int g = 0; g < DB_NGROUPS; g++)
            for (int i = 0; i < sol->size[g]; i++)
                bad |= add(&b, ",%.17g", sol->x[g][(long)k * sol->size[g] + i], -1);
        for (int g = 0; g < DB_NGROUPS; g++) {
            int n = sol->size[g];
            if (!ref || n == 0) {
                bad |= add(&b, ",", 0, -1);
                continue;
            }
            double e = db_group_error(sol->x[g] + (long)k * n, ref->x[g] + (long)k * n, n, mag[g]);
            bad |= isfinite(e) ? add(&b, ",%.6e", e, -1) : add(&b, ",nan", 0, -1);
        }
        bad |= add(&b, "\n", 0, -1);
    }
    if (bad) {
        free(b.s);
        snprintf(err, errlen, "out of memory writing %s", path);
        return -1;
    }
    int rc = db_write_atomic(path, b.s, b.len, err, errlen);
    free(b.s);
    return rc;
}
