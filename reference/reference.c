/* reference.c — the one loader of reference solutions (DESIGN.md §"Reference
 * solutions", schema daebench.reference/1): from the problem's exact solution
 * callback, else from reference/<problem>-<scenario>.json. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/datadir.h"
#include "io/escape.h"
#include "io/jsonio.h"
#include "reference.h"
#include "testset/registry.h"


int db_ref_path(const db_problem *prob, int sc, char *buf, size_t len)
{
    const char *dir = getenv("DAEBENCH_REFERENCE_DIR");
    char data[4096];
    if (!dir || !*dir)
        dir = db_data_dir("reference/data", data, sizeof data);
    int n = snprintf(buf, len, "%s/%s-%s.json", dir, prob->name, prob->scenarios[sc].name);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

void db_ref_free(db_ref *r)
{
    free(r->t);
    for (int g = 0; g < DB_NGROUPS; g++) {
        free(r->grid.x[g]);
        free(r->end[g]);
    }
    memset(r, 0, sizeof *r);
}

/* allocate the grid of nt times and (with values) its group arrays */
static int ref_alloc(db_ref *r, const db_mech *m, int nt, int values)
{
    int size[DB_NGROUPS] = {m->np, m->nv, m->nl, m->nm};
    r->t = calloc((size_t)nt, sizeof *r->t);
    if (!r->t)
        return -1;
    r->grid.nt = nt;
    r->grid.t = r->t;
    for (int g = 0; g < DB_NGROUPS; g++) {
        r->grid.size[g] = size[g];
        /* +1: valid pointers for empty groups */
        r->end[g] = calloc((size_t)size[g] + 1, sizeof(double));
        r->grid.x[g] = calloc(values ? (size_t)nt * size[g] + 1 : 1, sizeof(double));
        if (!r->end[g] || !r->grid.x[g])
            return -1;
    }
    return 0;
}

static void uniform(double *t, int nt, double t0, double t1)
{
    for (int k = 0; k < nt; k++)
        t[k] = k == nt - 1 ? t1 : t0 + (t1 - t0) * (double)k / (nt - 1);
}

static int ref_exact(db_ref *r, const db_problem *prob, const db_mech *m, char *err,
                     size_t errlen)
{
    int nt = m->tend - m->t0 > 100.0 ? 1001 : 101;
    if (ref_alloc(r, m, nt, 1) != 0) {
        snprintf(err, errlen, "out of memory for the reference of %s", prob->name);
        return -1;
    }
    uniform(r->t, nt, m->t0, m->tend);
    for (int k = 0; k < nt; k++) {
        double *x[DB_NGROUPS];
        for (int g = 0; g < DB_NGROUPS; g++)
            x[g] = r->grid.x[g] + (long)k * r->grid.size[g];
        if (prob->exact(m, r->t[k], x[DB_GP], x[DB_GV], x[DB_GL], x[DB_GM]) != 0) {
            snprintf(r->msg, sizeof r->msg, "exact solution of %s failed at t=%g",
                     prob->name, r->t[k]);
            r->have = 0;
            return 0;
        }
    }
    for (int g = 0; g < DB_NGROUPS; g++)
        memcpy(r->end[g], r->grid.x[g] + (long)(nt - 1) * r->grid.size[g],
               (size_t)r->grid.size[g] * sizeof(double));
    snprintf(r->source, sizeof r->source, "exact solution");
    r->have = 1;
    return 0;
}

/* one group of the grid: an array of nt arrays of n numbers; an empty group may
 * be absent, [] or nt empty arrays */
static int read_grid_group(const cJSON *grid, const char *name, int nt, int n, double *x,
                           char *err, size_t errlen)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(grid, name);
    if (n == 0 && (!a || (cJSON_IsArray(a) && cJSON_GetArraySize(a) == 0)))
        return 0;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != nt) {
        snprintf(err, errlen, "grid.%s must be an array of %d rows", name, nt);
        return -1;
    }
    int k = 0;
    const cJSON *row;
    char sub[160];
    cJSON_ArrayForEach(row, a) {
        if (db_json_vector(row, n, x + (long)k * n, sub, sizeof sub) != 0) {
            snprintf(err, errlen, "grid.%s[%d]: %s", name, k, sub);
            return -1;
        }
        k++;
    }
    return 0;
}

static int read_end_group(const cJSON *end, const char *name, int n, double *x, char *err,
                          size_t errlen)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(end, name);
    if (n == 0 && !a)
        return 0;
    char sub[160];
    if (db_json_vector(a, n, x, sub, sizeof sub) != 0) {
        snprintf(err, errlen, "end.%s: %s", name, sub);
        return -1;
    }
    return 0;
}

/* parse the file; 0, or -1 with err (schema violation), or 1 when the file is
 * for other parameters (r->msg says so) */
static int ref_parse(db_ref *r, const cJSON *j, const db_problem *prob, int sc,
                     const double *par, const db_mech *m, char *err, size_t errlen)
{
    const char *s;
    double x;
    if (db_json_string(j, "schema", &s, err, errlen) != 0)
        return -1;
    if (strcmp(s, DB_REF_SCHEMA) != 0) {
        snprintf(err, errlen, "schema is '%s', expected '%s'", db_esc_term(s), DB_REF_SCHEMA);
        return -1;
    }
    if (db_json_string(j, "problem", &s, err, errlen) != 0)
        return -1;
    if (strcmp(s, prob->name) != 0) {
        snprintf(err, errlen, "problem is '%s', expected '%s'", db_esc_term(s), prob->name);
        return -1;
    }
    if (db_json_string(j, "scenario", &s, err, errlen) != 0)
        return -1;
    if (strcmp(s, prob->scenarios[sc].name) != 0) {
        snprintf(err, errlen, "scenario is '%s', expected '%s'", db_esc_term(s),
                 prob->scenarios[sc].name);
        return -1;
    }
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(j, "params");
    if (params && !cJSON_IsObject(params)) {
        snprintf(err, errlen, "field 'params' is not an object");
        return -1;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, params) {
        int k = db_problem_param(prob, it->string);
        if (k < 0 || !cJSON_IsNumber(it)) {
            snprintf(err, errlen, "params.%s: not a number parameter of %s",
                     db_esc_term(it->string), prob->name);
            return -1;
        }
    }
    for (int k = 0; k < prob->nparams; k++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(params, prob->params[k].name);
        double pv = v ? v->valuedouble : prob->params[k].def;
        if (pv != par[k]) {
            snprintf(r->msg, sizeof r->msg, "no reference for %s=%g (the file has %g)",
                     prob->params[k].name, par[k], pv);
            return 1;
        }
    }
    if (db_json_number(j, "t_end", &x, err, errlen) != 0)
        return -1;
    if (fabs(x - m->tend) > 1e-12 * fmax(1.0, fabs(m->tend))) {
        snprintf(err, errlen, "t_end is %g, the scenario ends at %g", x, m->tend);
        return -1;
    }
    const cJSON *grid = db_json_object(j, "grid", err, errlen);
    if (!grid)
        return -1;
    const cJSON *tt = db_json_array(grid, "t", err, errlen);
    if (!tt)
        return -1;
    int nt = cJSON_GetArraySize(tt);
    if (nt < 1) {
        snprintf(err, errlen, "grid.t is empty");
        return -1;
    }
    if (ref_alloc(r, m, nt, 1) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char sub[160];
    if (db_json_vector(tt, nt, r->t, sub, sizeof sub) != 0) {
        snprintf(err, errlen, "grid.t: %s", sub);
        return -1;
    }
    double tol = 1e-12 * fmax(1.0, fabs(m->tend));
    for (int k = 0; k < nt; k++)
        if (r->t[k] < m->t0 - tol || r->t[k] > m->tend + tol ||
            (k > 0 && !(r->t[k] > r->t[k - 1]))) {
            snprintf(err, errlen, "grid.t must increase within [%g, %g] (item %d)", m->t0,
                     m->tend, k);
            return -1;
        }
    for (int g = 0; g < DB_NGROUPS; g++)
        if (read_grid_group(grid, db_group_names[g], nt, r->grid.size[g], r->grid.x[g], err,
                            errlen) != 0)
            return -1;
    const cJSON *end = db_json_object(j, "end", err, errlen);
    if (!end)
        return -1;
    for (int g = 0; g < DB_NGROUPS; g++)
        if (read_end_group(end, db_group_names[g], r->grid.size[g], r->end[g], err,
                           errlen) != 0)
            return -1;
    return 0;
}

/* free what r holds but keep its message (why there is no reference) */
static void ref_clear_keep_msg(db_ref *r)
{
    char why[512];
    snprintf(why, sizeof why, "%s", r->msg);
    db_ref_free(r);
    snprintf(r->msg, sizeof r->msg, "%s", why);
}

int db_ref_load(db_ref *r, const db_problem *prob, int sc, const double *par,
                const db_mech *m, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (prob->exact) {
        if (ref_exact(r, prob, m, err, errlen) != 0)
            return -1;
        if (r->have) {
            db_group_magnitude(&r->grid, r->end, r->mag);
            return 0;
        }
        ref_clear_keep_msg(r);
    } else {
        char path[1024];
        struct stat st;
        if (db_ref_path(prob, sc, path, sizeof path) != 0) {
            snprintf(err, errlen, "reference path too long (DAEBENCH_REFERENCE_DIR)");
            return -1;
        }
        if (stat(path, &st) == 0) {
            char sub[400];
            cJSON *j = db_json_read_file(path, sub, sizeof sub);
            if (!j) {
                snprintf(err, errlen, "reference %s", sub);
                return -1;
            }
            int rc = ref_parse(r, j, prob, sc, par, m, sub, sizeof sub);
            cJSON_Delete(j);
            if (rc < 0) {
                snprintf(err, errlen, "reference %s: %s", path, sub);
                db_ref_free(r);
                return -1;
            }
            if (rc == 0) {
                snprintf(r->source, sizeof r->source, "%.400s", path);
                r->have = 1;
                db_group_magnitude(&r->grid, r->end, r->mag);
                return 0;
            }
            ref_clear_keep_msg(r);
        } else {
            /* only a file missing from a sound directory means "no reference":
             * a broken directory (symlink loop, no permission, a wrong
             * DAEBENCH_REFERENCE_DIR) is an error, not runs without scd */
            int e = errno;
            char dir[1024];
            snprintf(dir, sizeof dir, "%s", path);
            char *slash = strrchr(dir, '/');
            if (slash)
                *slash = '\0';
            struct stat ds;
            if (e != ENOENT) {
                snprintf(err, errlen, "reference %s: %s", path, strerror(e));
                return -1;
            }
            if (stat(dir, &ds) != 0 || !S_ISDIR(ds.st_mode) || access(dir, R_OK | X_OK) != 0) {
                snprintf(err, errlen, "reference directory %s: %s", dir,
                         errno ? strerror(errno) : "not a directory");
                return -1;
            }
            snprintf(r->msg, sizeof r->msg, "no reference solution (%.400s missing)", path);
        }
    }
    /* no reference: a uniform output grid for residuals and drift */
    char why[512];
    snprintf(why, sizeof why, "%s", r->msg);
    int nt = m->tend - m->t0 > 100.0 ? 1001 : 101;
    if (ref_alloc(r, m, nt, 0) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    uniform(r->t, nt, m->t0, m->tend);
    snprintf(r->msg, sizeof r->msg, "%s", why);
    r->have = 0;
    return 0;
}
