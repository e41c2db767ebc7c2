/* names.c — nearest valid name and the list of valid names for an unknown one
 * (names.h); the optional solvers known to the catalogue but maybe not built. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/cli/names.h"
#include "testset/registry.h"

static const db_optional_solver optional[] = {
    {"ida", "SUNDIALS IDA, the external peer", "libsundials-dev"},
};

int db_edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 63 || lb > 63)
        return la > lb ? la : lb;
    int d[64][64];
    for (int i = 0; i <= la; i++)
        d[i][0] = i;
    for (int j = 0; j <= lb; j++)
        d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            int c = d[i - 1][j - 1] + (ca != cb);
            if (d[i - 1][j] + 1 < c)
                c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c)
                c = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < c)
                c = d[i - 2][j - 2] + 1;  /* transposition */
            d[i][j] = c;
        }
    return d[la][lb];
}

const char *db_nearest(const char *s, const char *const *cand, int n)
{
    int best = 1 << 30;
    const char *who = NULL;
    for (int i = 0; i < n; i++) {
        int d = db_edit_distance(s, cand[i]);
        if (d < best) {
            best = d;
            who = cand[i];
        }
    }
    int limit = (int)strlen(s) / 3;
    if (limit < 2)
        limit = 2;
    return who && best <= limit ? who : NULL;
}

void db_die_unknown(const char *cmd, const char *what, const char *s, const char *const *cand,
                    int n)
{
    char list[400] = "";
    for (int i = 0; i < n; i++) {
        size_t u = strlen(list);
        snprintf(list + u, sizeof list - u, "%s%s", i ? ", " : "", cand[i]);
    }
    const char *near = db_nearest(s, cand, n);
    char hint[128] = "";
    if (near)
        snprintf(hint, sizeof hint, "did you mean %s? ", near);
    db_die("%s%sunknown %s '%.60s' (%svalid: %s)", cmd ? cmd : "", cmd ? ": " : "", what, s,
           hint, list);
}

const db_optional_solver *db_optional_missing(const char *name)
{
    for (size_t i = 0; i < sizeof optional / sizeof optional[0]; i++)
        if (strcmp(optional[i].name, name) == 0)
            return db_solver_find(name) ? NULL : &optional[i];
    return NULL;
}

int db_optional_missing_all(const db_optional_solver **out, int n)
{
    int k = 0;
    for (size_t i = 0; i < sizeof optional / sizeof optional[0] && k < n; i++)
        if (!db_solver_find(optional[i].name))
            out[k++] = &optional[i];
    return k;
}

const db_solver *db_cli_solver(const char *cmd, const char *name)
{
    const db_solver *s = db_solver_find(name);
    if (s)
        return s;
    const db_optional_solver *o = db_optional_missing(name);
    if (o)
        db_die("%s%ssolver %s (%s) is known but not built into this program: install %s "
               "(scripts/setup.sh does) and rebuild", cmd ? cmd : "", cmd ? ": " : "", o->name,
               o->what, o->package);
    const char *names[64];
    int n = 0;
    for (int i = 0; db_solvers[i] && n < 64; i++)
        names[n++] = db_solvers[i]->name;
    db_die_unknown(cmd, "solver", name, names, n);
}

int db_cli_form(const char *cmd, const char *name)
{
    int f = db_form_from_name(name);
    if (f >= 0)
        return f;
    const char *names[DB_NFORMS];
    for (int i = 0; i < DB_NFORMS; i++)
        names[i] = db_form_name((db_form)i);
    db_die_unknown(cmd, "formulation", name, names, DB_NFORMS);
}

const db_problem *db_cli_problem_name(const char *cmd, const char *name)
{
    const db_problem *p = db_problem_find(name);
    if (p)
        return p;
    const char *names[64];
    int n = 0;
    for (int i = 0; db_problems[i] && n < 64; i++)
        names[n++] = db_problems[i]->name;
    db_die_unknown(cmd, "problem", name, names, n);
}

int db_cli_scenario(const char *cmd, const db_problem *p, const char *name)
{
    int sc = db_problem_scenario(p, name);
    if (sc >= 0)
        return sc;
    const char *names[64];
    int n = 0;
    for (int i = 0; i < p->nscenarios && n < 64; i++)
        names[n++] = p->scenarios[i].name;
    char what[160];
    snprintf(what, sizeof what, "scenario of problem %s", p->name);
    db_die_unknown(cmd, what, name, names, n);
}
