/* coverage.c — the compatible cells of a bench file and whether each was run
 * (coverage.h).  The enumeration is bench.c's: problems and solvers in registry
 * order, scenarios by the suite (suite.h; the extra scenarios are left out when
 * the sweep had --tols), formulations in db_form order, sharded by cell index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "coverage.h"
#include "solvers/solver.h"
#include "suite.h"
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

static int has_run(const cJSON *runs, const char *p, const char *sc, const char *f,
                   const char *s)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        const char *v[4];
        const char *k[4] = {"problem", "scenario", "formulation", "solver"};
        int ok = 1;
        for (int i = 0; i < 4 && ok; i++) {
            v[i] = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, k[i]));
            ok = v[i] != NULL;
        }
        if (ok && !strcmp(v[0], p) && !strcmp(v[1], sc) && !strcmp(v[2], f) && !strcmp(v[3], s))
            return 1;
    }
    return 0;
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
    int missing = 0;
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
                    if (!has_run(runs, p->name, scn, fn, s->name)) {
                        missing++;
                        if (f)
                            fprintf(f, "MISSING cell %s:%s %s %s: no run recorded\n", p->name,
                                    scn, fn, s->name);
                    }
                }
            }
        }
    }
    return missing;
}
