/* papers_compare.c — verdicts of the reproduction page (published value against
 * ours) and the regression comparison of two papers results files: a verdict
 * that gets worse, or a comparable entry that disappears, is a regression. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/papers/papers.h"

static const char *const verdict_names[] = {"reproduced", "close", "different",
                                            "not comparable"};

const char *db_verdict_name(db_verdict v)
{
    return (unsigned)v < 4 ? verdict_names[v] : "?";
}

int db_verdict_from_name(const char *s)
{
    for (int i = 0; s && i < 4; i++)
        if (strcmp(s, verdict_names[i]) == 0)
            return i;
    return -1;
}

db_verdict db_papers_verdict(double published, double ours, double *ratio, double *digits)
{
    *ratio = NAN;
    *digits = NAN;
    if (!isfinite(ours))
        return DB_VERDICT_DIFFERENT;
    double diff = fabs(ours - published);
    if (published != 0) {
        *ratio = ours / published;
        *digits = diff == 0 ? 16.0 : fmin(16.0, -log10(diff / fabs(published)));
        if (*digits == 0)
            *digits = 0.0;   /* not -0: ours 0 against a count gives -log10(1) */
    } else {
        return ours == 0 ? DB_VERDICT_REPRODUCED : DB_VERDICT_DIFFERENT;
    }
    double r = *ratio;
    if (!(r > 0))
        return DB_VERDICT_DIFFERENT;
    double f = r >= 1 ? r : 1 / r;
    if (f <= DB_PAPERS_REPRODUCED)
        return DB_VERDICT_REPRODUCED;
    if (f <= DB_PAPERS_CLOSE)
        return DB_VERDICT_CLOSE;
    return DB_VERDICT_DIFFERENT;
}

int db_papers_sig_digits(double x)
{
    char buf[40];
    for (int s = 1; s < 17; s++) {
        snprintf(buf, sizeof buf, "%.*g", s, x);
        if (strtod(buf, NULL) == x)
            return s;
    }
    return 17;
}

double db_papers_target_digits(double published)
{
    double t = db_papers_sig_digits(published) - 1;
    return t < 1 ? 1 : (t > DB_PAPERS_DIGITS_CAP ? DB_PAPERS_DIGITS_CAP : t);
}

db_verdict db_papers_verdict_digits(double published, double ours, double *ratio,
                                    double *digits)
{
    db_verdict v = db_papers_verdict(published, ours, ratio, digits);
    if (!isfinite(ours) || published == 0 || !(*ratio > 0))
        return v;
    double target = db_papers_target_digits(published);
    if (*digits >= target)
        return DB_VERDICT_REPRODUCED;
    if (*digits >= target - 1)
        return DB_VERDICT_CLOSE;
    return DB_VERDICT_DIFFERENT;
}

static int seed_selected(const char *seeds, const char *seed)
{
    if (!seeds)
        return 1;
    size_t n = strlen(seed);
    for (const char *p = seeds; (p = strstr(p, seed)) != NULL; p += n)
        if ((p == seeds || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}

static const cJSON *entries_of(const cJSON *doc, const char *what, char *err, size_t errlen)
{
    const cJSON *schema = cJSON_GetObjectItemCaseSensitive(doc, "schema");
    if (!cJSON_IsString(schema) || strcmp(schema->valuestring, DB_PAPERS_RESULTS_SCHEMA) != 0) {
        snprintf(err, errlen, "%s: not a papers results file (schema %s)", what,
                 DB_PAPERS_RESULTS_SCHEMA);
        return NULL;
    }
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(doc, "entries");
    if (!cJSON_IsArray(e)) {
        snprintf(err, errlen, "%s: field 'entries' missing or not an array", what);
        return NULL;
    }
    return e;
}

/* id, seed and verdict of one entry; -1 when one is missing or unknown */
static int entry_fields(const cJSON *e, const char **id, const char **seed, int *verdict)
{
    const cJSON *i = cJSON_GetObjectItemCaseSensitive(e, "id");
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(e, "seed");
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, "verdict");
    if (!cJSON_IsString(i) || !cJSON_IsString(s) || !cJSON_IsString(v))
        return -1;
    *id = i->valuestring;
    *seed = s->valuestring;
    *verdict = db_verdict_from_name(v->valuestring);
    return *verdict < 0 ? -1 : 0;
}

int db_papers_check_baseline(const cJSON *base, char *err, size_t errlen)
{
    const cJSON *be = entries_of(base, "baseline", err, errlen);
    if (!be)
        return -1;
    int k = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, be) {
        const char *id, *seed;
        int vb;
        if (entry_fields(b, &id, &seed, &vb) != 0) {
            snprintf(err, errlen, "baseline: entry %d lacks id, seed or a known verdict", k);
            return -1;
        }
        k++;
    }
    return 0;
}

int db_papers_compare(const cJSON *base, const cJSON *cur, const char *seeds, FILE *out,
                      char *err, size_t errlen)
{
    if (db_papers_check_baseline(base, err, errlen) != 0)
        return -1;
    const cJSON *be = entries_of(base, "baseline", err, errlen);
    const cJSON *ce = entries_of(cur, "results", err, errlen);
    if (!ce)
        return -1;
    int nreg = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, be) {
        const char *id, *seed;
        int vb;
        entry_fields(b, &id, &seed, &vb); /* checked above */
        if (vb == DB_VERDICT_NOT_COMPARABLE || !seed_selected(seeds, seed))
            continue;
        const cJSON *c, *match = NULL;
        cJSON_ArrayForEach(c, ce) {
            const cJSON *ci = cJSON_GetObjectItemCaseSensitive(c, "id");
            const cJSON *cs = cJSON_GetObjectItemCaseSensitive(c, "seed");
            if (cJSON_IsString(ci) && cJSON_IsString(cs) && strcmp(ci->valuestring, id) == 0 &&
                strcmp(cs->valuestring, seed) == 0) {
                match = c;
                break;
            }
        }
        if (!match) {
            fprintf(out, "papers regression: seed %s %s: in the baseline (%s), missing now\n",
                    seed, id, db_verdict_name((db_verdict)vb));
            nreg++;
            continue;
        }
        const char *cid, *cseed;
        int vc;
        if (entry_fields(match, &cid, &cseed, &vc) != 0) {
            snprintf(err, errlen, "results: entry %s of seed %s lacks a known verdict", id, seed);
            return -1;
        }
        if (vc > vb) {
            fprintf(out, "papers regression: seed %s %s: %s -> %s\n", seed, id,
                    db_verdict_name((db_verdict)vb), db_verdict_name((db_verdict)vc));
            nreg++;
        }
    }
    return nreg;
}
