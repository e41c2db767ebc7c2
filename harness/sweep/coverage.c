/* coverage.c — the compatible cells of a bench file and whether each was run
 * (coverage.h).  The enumeration is bench.c's: problems and solvers in registry
 * order, scenarios by the suite (suite.h; the extra scenarios are left out when
 * the sweep had --tols), formulations in db_form order, sharded by cell index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/sweep/coverage.h"
#include "solvers/solver.h"
#include "harness/sweep/suite.h"
#include "testset/registry.h"

/* name in the comma list of filters.<field> (absent: every name) */
static int allowed(const cJSON *filters, const char *field, const char *name)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(filters, field);
    if (!cJSON_IsString(x))
        return 1;
    size_t n = strlen(name);
    for (const char *s = x->valuestring; *s;) {
        size_t l = strcspn(s, ",");
        if (l == n && strncmp(s, name, n) == 0)
            return 1;
        s += l + (s[l] == ',');
    }
    return 0;
}

static int cmp_key(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the cells of the runs, "problem|scenario|formulation|solver" sorted (so that a
 * cell is looked up in log time: coverage is linear in the runs) */
static char **run_cells(const cJSON *runs, int *n)
{
    int cap = cJSON_GetArraySize(runs) + 1, k = 0;
    char **keys = calloc((size_t)cap, sizeof *keys);
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        const char *v[4];
        const char *f[4] = {"problem", "scenario", "formulation", "solver"};
        int ok = keys != NULL && k < cap;
        for (int i = 0; i < 4 && ok; i++)
            ok = (v[i] = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, f[i]))) != NULL;
        if (!ok)
            continue;
        size_t len = strlen(v[0]) + strlen(v[1]) + strlen(v[2]) + strlen(v[3]) + 4;
        if ((keys[k] = malloc(len)))
            snprintf(keys[k++], len, "%s|%s|%s|%s", v[0], v[1], v[2], v[3]);
    }
    if (keys)
        qsort(keys, (size_t)k, sizeof *keys, cmp_key);
    *n = k;
    return keys;
}

static int has_run(char **keys, int nkeys, const char *p, const char *sc, const char *f,
                   const char *s)
{
    char key[1024];
    const char *kp = key;
    snprintf(key, sizeof key, "%s|%s|%s|%s", p, sc, f, s);
    return keys && bsearch(&kp, keys, (size_t)nkeys, sizeof *keys, cmp_key) != NULL;
}

int db_coverage(const cJSON *bench, int *ncells, FILE *f)
{
    *ncells = 0;
    const db_suite *suite =
        db_suite_find(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(bench, "suite"))
                          ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(bench, "suite"))
                          : "");
    if (!suite)
        return -1;
    const cJSON *filters = cJSON_GetObjectItemCaseSensitive(bench, "filters");
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(bench, "runs");
    int with_tols = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(filters, "tols"));
    long k = 1, nsh = 1, index = 0;
    const char *sh = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(bench, "shard"));
    if (sh && sscanf(sh, "%ld/%ld", &k, &nsh) != 2)
        k = nsh = 1;
    if (nsh < 1 || k < 1 || k > nsh)
        k = nsh = 1;
    int missing = 0, nkeys;
    char **keys = run_cells(runs, &nkeys);
    for (int ip = 0; db_problems[ip]; ip++) {
        const db_problem *p = db_problems[ip];
        if (!allowed(filters, "problems", p->name))
            continue;
        for (int sc = 0; sc < p->nscenarios; sc++) {
            const char *scn = p->scenarios[sc].name;
            if (!(sc == 0 || suite->all_scenarios ||
                  (!with_tols && db_suite_item(suite->extra, p->name, scn, NULL, 0))))
                continue;
            for (int fo = 0; fo < DB_NFORMS; fo++) {
                const char *fn = db_form_name((db_form)fo);
                if (!allowed(filters, "formulations", fn))
                    continue;
                for (int is = 0; db_solvers[is]; is++) {
                    const db_solver *s = db_solvers[is];
                    if (!allowed(filters, "solvers", s->name) || !(s->forms & DB_FORM_BIT(fo)))
                        continue;
                    if (index++ % nsh != k - 1)
                        continue;
                    (*ncells)++;
                    if (!has_run(keys, nkeys, p->name, scn, fn, s->name)) {
                        missing++;
                        if (f)
                            fprintf(f, "MISSING cell %s:%s %s %s: no run recorded\n", p->name,
                                    scn, fn, s->name);
                    }
                }
            }
        }
    }
    for (int i = 0; i < nkeys; i++)
        free(keys[i]);
    free(keys);
    return missing;
}
