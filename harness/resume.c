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

#include "benchfile.h"
#include "jsonio.h"
#include "record.h"
#include "resume.h"

#define KEY_LEN 1024

struct db_resume {
    cJSON *json;
    int n, hits;
    const cJSON **rec;   /* [n] the run records */
    char (*key)[KEY_LEN];
    char *used;          /* [n] */
};

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

/* the identity of a run: names, variant, tolerances, params sorted by name */
static void make_key(char *key, const char *problem, const char *scenario, const char *form,
                     const char *solver, const char *variant, double rtol, double atol,
                     const char **pnames, const double *pvals, int np)
{
    size_t used = 0;
    key[0] = '\0';
    used = (size_t)snprintf(key, KEY_LEN, "%s|%s|%s|%s|%s|", problem, scenario, form, solver,
                            variant ? variant : "");
    key_add(key, &used, "%.17g|", NULL, rtol);
    key_add(key, &used, "%.17g|", NULL, atol);
    for (int i = 0; i < np; i++)
        key_add(key, &used, "%s=%.17g,", pnames[i], pvals[i]);
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
    make_key(key, id.problem, id.scenario, id.formulation, id.solver, variant, id.rtol, atol,
             names, vals, np);
    return 0;
}

int db_resume_load(const char *path, db_resume **out, char *err, size_t errlen)
{
    *out = NULL;
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT)
        return 0;
    char sub[400];
    cJSON *j = db_bench_read(path, sub, sizeof sub); /* benchfile.h */
    if (!j) {
        snprintf(err, errlen, "resume: %s", sub);
        return -1;
    }
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
    db_resume *r = calloc(1, sizeof *r);
    int n = cJSON_GetArraySize(runs);
    if (r) {
        r->json = j;
        r->rec = calloc((size_t)n + 1, sizeof *r->rec);
        r->key = calloc((size_t)n + 1, sizeof *r->key);
        r->used = calloc((size_t)n + 1, 1);
    }
    if (!r || !r->rec || !r->key || !r->used) {
        snprintf(err, errlen, "resume: %s: out of memory", path);
        if (!r)
            cJSON_Delete(j);
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
        r->rec[r->n++] = rec;
    }
    *out = r;
    return 0;
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
    make_key(key, p->name, p->scenarios[spec->scenario].name, db_form_name(spec->form),
             spec->solver->name, spec->variant, spec->rtol, spec->atol, names, vals, np);
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->key[i], key) == 0) {
            if (!r->used[i]) {
                r->used[i] = 1;
                r->hits++;
            }
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
    free(r->rec);
    free(r->key);
    free(r->used);
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
}

int db_interrupted(void)
{
    return (int)interrupted_by;
}
