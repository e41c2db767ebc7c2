/* benchfile.c — the shared reader and schema check of bench files (benchfile.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/results/benchfile.h"
#include "io/escape.h"
#include "io/jsonio.h"
#include "harness/cli/cli.h"

static int name_field(const cJSON *r, const char *field, int required, char *err, size_t errlen)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(r, field);
    if (!it && !required)
        return 0;
    const char *s;
    if (db_json_string(r, field, &s, err, errlen) != 0)
        return -1;
    if (!db_name_valid(s)) {
        /* the value is not echoed: it may hold anything */
        snprintf(err, errlen, "field '%s' is not a name (1..%d of A-Z a-z 0-9 . _ + -)", field,
                 DB_NAME_MAX);
        return -1;
    }
    return 0;
}

static int opt_string(const cJSON *o, const char *field, char *err, size_t errlen)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, field);
    if (it && !cJSON_IsString(it)) {
        snprintf(err, errlen, "field '%s' is not a string", field);
        return -1;
    }
    return 0;
}

static int cmp_key(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* 0 if no object in o (o itself and the objects below it, depth-limited) holds a
 * key twice, else -1 naming it: a reader looks a key up by name and finds the
 * first, an iteration sees both, so a record with a repeated key would compare
 * unequal to itself.  Sorted keys: n log n in the keys of an object. */
static int unique_keys(const cJSON *o, int depth, char *err, size_t errlen)
{
    if (!cJSON_IsObject(o) && !cJSON_IsArray(o))
        return 0;
    if (depth > 8)
        return 0; /* records are shallow; the JSON reader bounds the nesting */
    int n = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, o) {
        n++;
        if (unique_keys(it, depth + 1, err, errlen) != 0)
            return -1;
    }
    if (!cJSON_IsObject(o) || n < 2)
        return 0;
    const char **k = malloc((size_t)n * sizeof *k);
    if (!k) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int m = 0;
    cJSON_ArrayForEach(it, o)
        k[m++] = it->string ? it->string : "";
    qsort(k, (size_t)m, sizeof *k, cmp_key);
    int rc = 0;
    for (int i = 1; i < m && rc == 0; i++)
        if (strcmp(k[i - 1], k[i]) == 0) {
            snprintf(err, errlen, "key '%s' given twice in one object", db_esc_term(k[i]));
            rc = -1;
        }
    free(k);
    return rc;
}

int db_bench_record_valid(const cJSON *r, char *err, size_t errlen)
{
    if (!cJSON_IsObject(r)) {
        snprintf(err, errlen, "not an object");
        return -1;
    }
    if (unique_keys(r, 0, err, errlen) != 0)
        return -1;
    double x;
    const char *status;
    if (name_field(r, "problem", 1, err, errlen) || name_field(r, "scenario", 1, err, errlen) ||
        name_field(r, "formulation", 1, err, errlen) || name_field(r, "solver", 1, err, errlen) ||
        name_field(r, "variant", 0, err, errlen) ||
        db_json_string(r, "status", &status, err, errlen) ||
        db_json_number(r, "rtol", &x, err, errlen) || db_json_number(r, "atol", &x, err, errlen) ||
        opt_string(r, "reason", err, errlen) || opt_string(r, "message", err, errlen))
        return -1;
    int ok = strcmp(status, "ok") == 0;
    if (!ok && strcmp(status, "failed") != 0 && strcmp(status, "unsupported") != 0) {
        snprintf(err, errlen, "field 'status' is not ok, failed or unsupported");
        return -1;
    }
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(r, "params");
    if (params) {
        if (!cJSON_IsObject(params)) {
            snprintf(err, errlen, "field 'params' is not an object");
            return -1;
        }
        int np = 0;
        const cJSON *p;
        cJSON_ArrayForEach(p, params) {
            if (++np > DB_MAX_PARAMS) {
                snprintf(err, errlen, "params: more than %d", DB_MAX_PARAMS);
                return -1;
            }
            if (!db_name_valid(p->string)) {
                snprintf(err, errlen, "params: a parameter name is not a name");
                return -1;
            }
            if (!cJSON_IsNumber(p) || !isfinite(p->valuedouble)) {
                snprintf(err, errlen, "params.%s is not a finite number", p->string);
                return -1;
            }
        }
    }
    if (!ok)
        return 0;
    char sub[256];
    const cJSON *c = db_json_object(r, "counters", err, errlen);
    const cJSON *e = c ? db_json_object(r, "error", err, errlen) : NULL;
    if (!c || !e || db_json_number(r, "cpu_seconds", &x, err, errlen))
        return -1;
    if (!(x >= 0.0) || !isfinite(x)) {
        snprintf(err, errlen, "cpu_seconds is not a finite number >= 0");
        return -1;
    }
    static const char *const need[] = {"steps", "f_evals", "decompositions"};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (db_json_number(c, need[i], &x, sub, sizeof sub) != 0) {
            snprintf(err, errlen, "counters: %s", sub);
            return -1;
        }
    /* every counter, the extras too, counts something: a number >= 0 (a negative
     * one would make the comparison of check meaningless) */
    const cJSON *ci;
    cJSON_ArrayForEach(ci, c) {
        if (!cJSON_IsNumber(ci) || !(ci->valuedouble >= 0.0) || !isfinite(ci->valuedouble)) {
            snprintf(err, errlen, "counters.%s is not a finite number >= 0",
                     db_esc_term(ci->string ? ci->string : ""));
            return -1;
        }
    }
    /* the group-scaled scd: "gscd", "scd" in files made before it had its name */
    const char *gname = cJSON_GetObjectItemCaseSensitive(e, "gscd") ? "gscd" : "scd";
    if (db_json_number_or_null(e, gname, &x, sub, sizeof sub) != 0) {
        snprintf(err, errlen, "error: %s", sub);
        return -1;
    }
    return 0;
}

int db_bench_validate(const cJSON *doc, const char *what, char *err, size_t errlen)
{
    const char *schema;
    char sub[256];
    if (!cJSON_IsObject(doc) || db_json_string(doc, "schema", &schema, sub, sizeof sub) != 0 ||
        strcmp(schema, DB_BENCH_SCHEMA) != 0) {
        snprintf(err, errlen, "%s: not a %s file", what, DB_BENCH_SCHEMA);
        return -1;
    }
    const cJSON *runs = db_json_array(doc, "runs", sub, sizeof sub);
    if (!runs || opt_string(doc, "suite", sub, sizeof sub) ||
        opt_string(doc, "shard", sub, sizeof sub) || opt_string(doc, "created", sub, sizeof sub) ||
        opt_string(doc, "git", sub, sizeof sub) || opt_string(doc, "sweep", sub, sizeof sub)) {
        snprintf(err, errlen, "%s: %s", what, sub);
        return -1;
    }
    int k = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        if (db_bench_record_valid(r, sub, sizeof sub) != 0) {
            snprintf(err, errlen, "%s: run %d: %s", what, k, sub);
            return -1;
        }
        k++;
    }
    return 0;
}

cJSON *db_bench_read(const char *path, char *err, size_t errlen)
{
    cJSON *j = db_json_read_file(path, err, errlen);
    if (j && db_bench_validate(j, path, err, errlen) != 0) {
        cJSON_Delete(j);
        j = NULL;
    }
    return j;
}
