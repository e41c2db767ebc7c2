/* series.c — the time-series diagrams of a page, split so that no panel has
 * more than DB_SERIES_MAX curves (series.h; drawn by plots/timeseries.gp). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "io/escape.h"
#include "plots/gnuplot.h"
#include "plots/series.h"
#include "solvers/solver.h"
#include "testset/dae.h"

typedef struct {
    char path[512], solver[64], form[64];
    int order, fi; /* the solver's registry position, the formulation's index */
} entry;

static int solver_order(const char *name)
{
    for (int i = 0; db_solvers[i]; i++)
        if (strcmp(db_solvers[i]->name, name) == 0)
            return i;
    return 1000; /* plugins and older names: after the registry, by name */
}

static int by_solver(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->order != y->order)
        return x->order - y->order;
    int c = strcmp(x->solver, y->solver);
    return c ? c : x->fi - y->fi;
}

static int name_ok(const char *s)
{
    for (const char *c = s; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '.' || *c == '_' || *c == '-' || *c == '+'))
            return 0;
    return 1;
}

int db_series_split(const char *const *solver, int count, db_series_part *parts, int cap)
{
    int np = 0;
    for (int i = 0; i < count && np < cap;) {
        db_series_part *p = &parts[np];
        p->first = i;
        p->count = 0;
        p->name[0] = '\0';
        /* whole solvers while they fit; a solver with more than the maximum alone */
        while (i < count) {
            int e = i;
            while (e < count && !strcmp(solver[e], solver[i]))
                e++;
            int run = e - i;
            if (p->count == 0 && run > DB_SERIES_MAX) {
                p->count = DB_SERIES_MAX;
                i += DB_SERIES_MAX;
                break;
            }
            if (p->count + run > DB_SERIES_MAX)
                break;
            p->count += run;
            i = e;
        }
        np++;
    }
    if (np == 1)
        return 1;
    for (int k = 0; k < np; k++) {
        db_series_part *p = &parts[k];
        size_t u = 0;
        int whole = 1;
        if (p->first > 0 && !strcmp(solver[p->first - 1], solver[p->first]))
            whole = 0;
        int end = p->first + p->count;
        if (end < count && !strcmp(solver[end - 1], solver[end]))
            whole = 0;
        for (int i = p->first; whole && i < end; i++) {
            if (i > p->first && !strcmp(solver[i], solver[i - 1]))
                continue;
            int w = snprintf(p->name + u, sizeof p->name - u, "%s%s", u ? "+" : "", solver[i]);
            if (w < 0 || (size_t)w >= sizeof p->name - u)
                whole = 0;
            else
                u += (size_t)w;
        }
        if (!whole || !name_ok(p->name))
            snprintf(p->name, sizeof p->name, "part%d", k + 1);
    }
    return np;
}

/* the chosen tolerance's suffix "-1e-06.dat": 1e-06 when there, else that of the
 * first name (the part after "<prefix><form>-<solver>", whose dashes it keeps) */
static void pick_tol(char (*names)[256], int nn, size_t lprefix, char *tol, size_t len)
{
    snprintf(tol, len, "-1e-06.dat");
    for (int i = 0; i < nn; i++) {
        size_t l = strlen(names[i]), lt = strlen(tol);
        if (l > lt && !strcmp(names[i] + l - lt, tol))
            return;
    }
    const char *rest = names[0] + lprefix, *d1 = strchr(rest, '-');
    const char *d2 = d1 ? strchr(d1 + 1, '-') : NULL;
    snprintf(tol, len, "%s", d2 ? d2 : ".dat");
}

static int draw(const char *problem, const char *scenario, const char *tolname,
                const entry *e, int n, const char *base, const char *scriptdir,
                db_series_colour colour, const char *which)
{
    size_t fcap = (size_t)n * 600 + 64, tcap = (size_t)n * 140 + 64;
    char *files = calloc(fcap, 1), *titles = calloc(tcap, 1), *colors = calloc(tcap, 1),
         *dashes = calloc(tcap, 1);
    if (!files || !titles || !colors || !dashes)
        db_die("plot: out of memory");
    for (int i = 0; i < n; i++) {
        size_t u = strlen(files);
        snprintf(files + u, fcap - u, "%s%s", i ? " " : "", e[i].path);
        u = strlen(titles);
        snprintf(titles + u, tcap - u, "%s%s/%s", i ? " " : "", e[i].solver, e[i].form);
        u = strlen(colors);
        snprintf(colors + u, tcap - u, "%s%s", i ? " " : "", colour(e[i].solver));
        u = strlen(dashes);
        snprintf(dashes + u, tcap - u, "%s%d", i ? " " : "", e[i].fi >= 0 ? e[i].fi + 1 : 1);
    }
    size_t ecap = fcap + 3 * tcap + 2048;
    char *expr = malloc(ecap), script[4200];
    if (!expr)
        db_die("plot: out of memory");
    snprintf(expr, ecap,
             "files='%s'; titles='%s'; colors='%s'; dashes='%s'; outbase='%s'; "
             "ptitle='%s %s: energy and constraint residuals over time, tol %s%s%s'",
             db_esc_gnuplot(files), db_esc_gnuplot(titles), colors, dashes,
             db_esc_gnuplot(base), db_esc_gnuplot(problem), db_esc_gnuplot(scenario),
             db_esc_gnuplot(tolname), which[0] ? ", " : "", db_esc_gnuplot(which));
    snprintf(script, sizeof script, "%s/timeseries.gp", scriptdir);
    int rc = db_gnuplot_run("plot", expr, script, base);
    if (rc == 0)
        printf("%s-time.png %s-time.svg (%d series)\n", base, base, n);
    free(expr);
    free(files);
    free(titles);
    free(colors);
    free(dashes);
    return rc;
}

int db_plot_series(const char *problem, const char *scenario, const char *trajdir,
                   const char *outbase, const char *scriptdir, db_series_colour colour)
{
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s-%s-", problem, scenario);
    DIR *d = opendir(trajdir);
    if (!d)
        return 0;
    int cap = 64, nn = 0;
    char (*names)[256] = malloc((size_t)cap * sizeof *names);
    if (!names)
        db_die("plot: out of memory");
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (!(strncmp(de->d_name, prefix, strlen(prefix)) == 0 && l > 4 &&
              strcmp(de->d_name + l - 4, ".dat") == 0 && l < 256 && name_ok(de->d_name)))
            continue;
        if (nn == cap) {
            cap *= 2;
            char (*nw)[256] = realloc(names, (size_t)cap * sizeof *names);
            if (!nw)
                db_die("plot: out of memory");
            names = nw;
        }
        snprintf(names[nn++], sizeof names[0], "%s", de->d_name);
    }
    closedir(d);
    if (nn == 0) {
        free(names);
        return 0;
    }
    char tol[40];
    pick_tol(names, nn, strlen(prefix), tol, sizeof tol);
    entry *e = calloc((size_t)nn, sizeof *e);
    if (!e)
        db_die("plot: out of memory");
    int k = 0;
    for (int i = 0; i < nn; i++) {
        size_t l = strlen(names[i]), lt = strlen(tol);
        if (l <= lt || strcmp(names[i] + l - lt, tol) != 0)
            continue;
        /* <problem>-<scenario>-<form>-<solver><tol>: form and solver have no dash */
        char form[64] = "", solver[64] = "";
        const char *rest = names[i] + strlen(prefix);
        int used = 0;
        if (sscanf(rest, "%63[^-]-%63[^-]%n", form, solver, &used) != 2 ||
            strcmp(rest + used, tol) != 0)
            continue;
        snprintf(e[k].path, sizeof e[k].path, "%s/%s", trajdir, names[i]);
        snprintf(e[k].solver, sizeof e[k].solver, "%s", solver);
        snprintf(e[k].form, sizeof e[k].form, "%s", form);
        e[k].order = solver_order(solver);
        e[k].fi = db_form_from_name(form);
        k++;
    }
    free(names);
    char tolname[40]; /* "-1e-06.dat" -> "1e-06" */
    snprintf(tolname, sizeof tolname, "%s", tol + (tol[0] == '-'));
    char *ext = strstr(tolname, ".dat");
    if (ext)
        *ext = '\0';
    int rc = 0;
    if (k) {
        qsort(e, (size_t)k, sizeof *e, by_solver);
        const char **sv = malloc((size_t)k * sizeof *sv);
        db_series_part *parts = malloc((size_t)k * sizeof *parts);
        if (!sv || !parts)
            db_die("plot: out of memory");
        for (int i = 0; i < k; i++)
            sv[i] = e[i].solver;
        int np = db_series_split(sv, k, parts, k);
        for (int p = 0; p < np; p++) {
            char base[4400], which[200] = "";
            if (parts[p].name[0]) {
                snprintf(base, sizeof base, "%s-%s", outbase, parts[p].name);
                snprintf(which, sizeof which, "%d of %d", p + 1, np);
            } else
                snprintf(base, sizeof base, "%s", outbase);
            if (draw(problem, scenario, tolname, e + parts[p].first, parts[p].count, base,
                     scriptdir, colour, which) != 0)
                rc = -1;
        }
        printf("%s: %d series of tol %s in %d time-series diagram%s (at most %d curves a panel)\n",
               outbase, k, tolname, np, np == 1 ? "" : "s", DB_SERIES_MAX);
        free(sv);
        free(parts);
    }
    free(e);
    return rc;
}
