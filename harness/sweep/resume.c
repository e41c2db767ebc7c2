/* resume.c — reading a bench file to resume a sweep, and the SIGINT/SIGTERM
 * flag of an interrupted sweep (resume.h). */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/results/benchfile.h"
#include "io/jsonio.h"
#include "harness/run/plugin.h"
#include "harness/results/record.h"
#include "harness/sweep/resume.h"

#define KEY_LEN 1024

struct db_resume {
    cJSON *json;
    int n, cap, hits;
    const cJSON **rec;   /* [n] the run records */
    char (*key)[KEY_LEN];
    char *used;          /* [n] */
    int *order;          /* [nsorted] indices sorted by key (db_resume_find: bsearch) */
    int nsorted;
    cJSON **parts;       /* the documents of the part files read */
    int nparts;
};

/* room for n more records; 0 or -1 */
static int grow(db_resume *r, int more)
{
    if (r->n + more <= r->cap)
        return 0;
    int cap = r->cap ? r->cap : 64;
    while (cap < r->n + more)
        cap *= 2;
    const cJSON **rec = realloc(r->rec, (size_t)cap * sizeof *rec);
    if (rec)
        r->rec = rec;
    char (*key)[KEY_LEN] = realloc(r->key, (size_t)cap * sizeof *key);
    if (key)
        r->key = key;
    char *used = realloc(r->used, (size_t)cap);
    if (used)
        r->used = used;
    int *order = realloc(r->order, (size_t)cap * sizeof *order);
    if (order)
        r->order = order;
    if (!rec || !key || !used || !order)
        return -1;
    r->cap = cap;
    return 0;
}

static const db_resume *sorting; /* qsort has no context argument */

static int cmp_order(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    int c = strcmp(sorting->key[x], sorting->key[y]);
    return c ? c : (x > y) - (x < y);
}

/* sort the index and drop the later records of a key seen before */
static void index_keys(db_resume *r)
{
    for (int i = 0; i < r->n; i++)
        r->order[i] = i;
    sorting = r;
    if (r->n > 0) /* order is NULL while nothing was read */
        qsort(r->order, (size_t)r->n, sizeof *r->order, cmp_order);
    sorting = NULL;
    int m = 0;
    for (int i = 0; i < r->n; i++) {
        if (m > 0 && strcmp(r->key[r->order[m - 1]], r->key[r->order[i]]) == 0) {
            r->used[r->order[i]] = 2; /* a duplicate: never found, never kept */
            continue;
        }
        r->order[m++] = r->order[i];
    }
    r->nsorted = m;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void key_add(char *key, size_t *used, const char *fmt, const char *s, double x)
{
    if (*used >= KEY_LEN)
        return;
    int w = s ? snprintf(key + *used, KEY_LEN - *used, fmt, s, x)
              : snprintf(key + *used, KEY_LEN - *used, fmt, x);
    if (w > 0)
        *used += (size_t)w;
}

/* the identity of a run: names, the plugin build (its sha256, "" for a built-in
 * solver), variant, tolerances, params sorted by name */
static void make_key(char *key, const char *problem, const char *scenario, const char *form,
                     const char *solver, const char *sha256, const char *variant, double rtol,
                     double atol, const char **pnames, const double *pvals, int np)
{
    size_t used = 0;
    key[0] = '\0';
    used = (size_t)snprintf(key, KEY_LEN, "%s|%s|%s|%s|%s|%s|", problem, scenario, form, solver,
                            sha256 ? sha256 : "", variant ? variant : "");
    key_add(key, &used, "%.17g|", NULL, rtol);
    key_add(key, &used, "%.17g|", NULL, atol);
    for (int i = 0; i < np; i++)
        key_add(key, &used, "%s=%.17g,", pnames[i], pvals[i]);
}

/* the sha256 of the plugin a record names, or NULL */
static const char *record_sha256(const cJSON *r)
{
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(r, "plugin");
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(pl, "sha256"));
}

/* check one record and build its key; 0 or -1 with err */
static int record_key(const cJSON *r, char *key, char *err, size_t errlen)
{
    const char *variant = NULL;
    db_record_id id;
    double atol;
    if (db_record_id_read(r, NULL, &id, err, errlen) ||
        db_json_number(r, "atol", &atol, err, errlen))
        return -1;
    const char *status = id.status;
    if (strcmp(status, "ok") != 0 && strcmp(status, "failed") != 0 &&
        strcmp(status, "unsupported") != 0) {
        /* the value is not echoed: it may hold anything, a newline too */
        snprintf(err, errlen, "field 'status' is not ok, failed or unsupported");
        return -1;
    }
    if (cJSON_GetObjectItemCaseSensitive(r, "variant") &&
        db_json_string(r, "variant", &variant, err, errlen))
        return -1;
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(r, "params");
    const char *names[64];
    double vals[64];
    int np = 0;
    if (params && !cJSON_IsObject(params)) {
        snprintf(err, errlen, "field 'params' is not an object");
        return -1;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, params) {
        if (np == 64 || !cJSON_IsNumber(it) || !it->string) {
            snprintf(err, errlen, "params: %s", np == 64 ? "more than 64" : "not a number");
            return -1;
        }
        names[np++] = it->string;
    }
    qsort(names, (size_t)np, sizeof names[0], cmp_str);
    for (int i = 0; i < np; i++)
        vals[i] = cJSON_GetObjectItemCaseSensitive(params, names[i])->valuedouble;
    make_key(key, id.problem, id.scenario, id.formulation, id.solver, record_sha256(r), variant,
             id.rtol, atol, names, vals, np);
    return 0;
}

int db_resume_load(const char *path, db_resume **out, char *err, size_t errlen)
{
    *out = NULL;
    db_resume *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "resume: out of memory");
        return -1;
    }
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT) {
        *out = r; /* nothing in the file: the part files may hold runs */
        return 0;
    }
    char sub[400];
    cJSON *j = db_bench_read(path, sub, sizeof sub); /* benchfile.h */
    if (!j) {
        snprintf(err, errlen, "resume: %s", sub);
        free(r);
        return -1;
    }
    r->json = j;
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
    if (grow(r, cJSON_GetArraySize(runs) + 1) != 0) {
        snprintf(err, errlen, "resume: %s: out of memory", path);
        db_resume_free(r);
        return -1;
    }
    const cJSON *rec;
    cJSON_ArrayForEach(rec, runs) {
        if (record_key(rec, r->key[r->n], sub, sizeof sub) != 0) {
            snprintf(err, errlen, "resume: %s: run %d: %s", path, r->n, sub);
            db_resume_free(r);
            return -1;
        }
        r->used[r->n] = 0;
        r->rec[r->n++] = rec;
    }
    index_keys(r);
    *out = r;
    return 0;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int db_resume_load_parts(db_resume *r, const char *dir, const char *prefix, char *err,
                         size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char *names[4096];
    int nn = 0;
    size_t len = strlen(prefix);
    struct dirent *e;
    while ((e = readdir(d)) && nn < 4096) {
        size_t l = strlen(e->d_name);
        if (strncmp(e->d_name, prefix, len) == 0 && l > 5 && strcmp(e->d_name + l - 5, ".json") == 0)
            names[nn++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)nn, sizeof names[0], cmp_name);
    int rc = 0, added = 0;
    for (int f = 0; f < nn; f++) {
        char path[4096], sub[400];
        if (!names[f] || snprintf(path, sizeof path, "%s/%s", dir, names[f]) >= (int)sizeof path)
            continue;
        cJSON *a = db_json_read_file(path, sub, sizeof sub);
        if (!a || !cJSON_IsArray(a)) {
            snprintf(err, errlen, "resume: %s", a ? "a part file is not an array" : sub);
            cJSON_Delete(a);
            rc = -1;
            break;
        }
        cJSON **g = realloc(r->parts, (size_t)(r->nparts + 1) * sizeof *g);
        if (!g || grow(r, cJSON_GetArraySize(a)) != 0) {
            if (g)
                r->parts = g;
            cJSON_Delete(a);
            snprintf(err, errlen, "resume: out of memory");
            rc = -1;
            break;
        }
        r->parts = g;
        r->parts[r->nparts++] = a;
        const cJSON *rec;
        int k = 0;
        cJSON_ArrayForEach(rec, a) {
            if (db_bench_record_valid(rec, sub, sizeof sub) != 0 ||
                record_key(rec, r->key[r->n], sub, sizeof sub) != 0) {
                snprintf(err, errlen, "resume: %s: run %d: %s", path, k, sub);
                rc = -1;
                break;
            }
            r->used[r->n] = 0;
            r->rec[r->n++] = rec;
            k++;
            added++;
        }
        if (rc)
            break;
    }
    for (int f = 0; f < nn; f++)
        free(names[f]);
    index_keys(r);
    return rc ? -1 : added;
}

const cJSON *db_resume_find(db_resume *r, const db_run_spec *spec)
{
    if (!r)
        return NULL;
    const db_problem *p = spec->prob;
    const char *names[DB_MAX_PARAMS];
    double vals[DB_MAX_PARAMS];
    int np = p->nparams < DB_MAX_PARAMS ? p->nparams : DB_MAX_PARAMS;
    for (int i = 0; i < np; i++)
        names[i] = p->params[i].name;
    qsort(names, (size_t)np, sizeof names[0], cmp_str);
    for (int i = 0; i < np; i++)
        for (int k = 0; k < np; k++)
            if (strcmp(names[i], p->params[k].name) == 0)
                vals[i] = spec->par[k];
    char key[KEY_LEN];
    /* a plugin's run counts only if it ran the same build of the plugin */
    const db_plugin_file *pf = db_plugin_of(spec->solver);
    make_key(key, p->name, p->scenarios[spec->scenario].name, db_form_name(spec->form),
             spec->solver->name, pf ? pf->sha256 : NULL, spec->variant, spec->rtol, spec->atol,
             names, vals, np);
    int lo = 0, hi = r->nsorted;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2, c = strcmp(r->key[r->order[mid]], key);
        if (c == 0) {
            int i = r->order[mid];
            if (!r->used[i]) {
                r->used[i] = 1;
                r->hits++;
            }
            return r->rec[i];
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* 1 if rec is a run of a solver of a plugin loaded now, made by another build
 * of it (or by a built-in solver of that name): superseded, not kept */
static int other_build(const cJSON *rec)
{
    const char *solver =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "solver"));
    const db_solver *s = solver ? db_solver_find(solver) : NULL;
    const db_plugin_file *pf = s ? db_plugin_of(s) : NULL;
    const char *sum = record_sha256(rec);
    return pf && (!sum || strcmp(sum, pf->sha256) != 0);
}

const cJSON *db_resume_unused(const db_resume *r, int *iter)
{
    if (!r)
        return NULL;
    while (*iter < r->n) {
        int i = (*iter)++;
        if (!r->used[i] && !other_build(r->rec[i]))
            return r->rec[i];
    }
    return NULL;
}

int db_resume_records(const db_resume *r)
{
    return r ? r->n : 0;
}

int db_resume_hits(const db_resume *r)
{
    return r ? r->hits : 0;
}

void db_resume_free(db_resume *r)
{
    if (!r)
        return;
    cJSON_Delete(r->json);
    for (int i = 0; i < r->nparts; i++)
        cJSON_Delete(r->parts[i]);
    free(r->parts);
    free(r->rec);
    free(r->key);
    free(r->used);
    free(r->order);
    free(r);
}

void db_remove_prefixed(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    size_t len = strlen(prefix);
    struct dirent *e;
    while ((e = readdir(d)))
        if (strncmp(e->d_name, prefix, len) == 0) {
            char path[4096];
            if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
                unlink(path);
        }
    closedir(d);
}

int db_count_prefixed(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    size_t len = strlen(prefix);
    struct dirent *e;
    while ((e = readdir(d)))
        n += strncmp(e->d_name, prefix, len) == 0;
    closedir(d);
    return n;
}

static volatile sig_atomic_t interrupted_by = 0;

static void on_signal(int sig)
{
    interrupted_by = sig;
}

void db_interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: wait() returns EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL); /* a closed terminal, a dropped ssh */
}

int db_interrupted(void)
{
    return (int)interrupted_by;
}
