/* plot.c — "daebench plot --results results/bench.json --out results/plots":
 * per problem and scenario, a .dat file with one block per solver/formulation
 * (columns cpu, f_evals, scd, tol, errors p v λ μ, residuals position velocity
 * acceleration; ok runs only, failed ones listed in its header) and gnuplot on
 * plots/wpd.gp, giving <problem>-<scenario>-wpd.png and .svg.  Colours are fixed
 * per solver (registry order), dash and point types per formulation.
 * A bench file of a suite with a parameter sweep (suite.h: the scaling suite)
 * gives instead one diagram OUT/scaling.png and .svg (plots/scaling.gp): cost
 * per step against the swept parameter on log-log axes, one curve per
 * problem and solver/formulation with its fitted slope (scaling.h), the slopes
 * also printed; its data is OUT/scaling.dat. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "jsonio.h"
#include "measure_names.h"
#include "scaling.h"
#include "solvers/solver.h"
#include "suite.h"

#ifndef DAEBENCH_SOURCE_DIR
#define DAEBENCH_SOURCE_DIR "."
#endif

/* colour-blind-safe palette (Okabe & Ito), one per solver in registry order */
static const char *const palette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                      "#E69F00", "#56B4E9", "#000000", "#F0E442"};
static const int point_types[DB_NFORMS] = {7, 5, 9, 11, 13, 4};
/* the accuracy measure of the diagrams (--measure; measure_names.h) */
static const char *plot_measure = "gscd";

typedef struct {
    const cJSON *run;
    const char *problem, *scenario, *solver, *form;
    int ok;
    double tol;
} view;

static int find_in_path(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    char dir[4096];
    while (*path) {
        size_t len = strcspn(path, ":");
        snprintf(dir, sizeof dir, "%.*s/%s", (int)len, len ? path : ".", prog);
        if (access(dir, X_OK) == 0)
            return 1;
        path += len + (path[len] == ':');
    }
    return 0;
}

static double num_at(const cJSON *o, const char *a, const char *b)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b)
        x = cJSON_GetObjectItemCaseSensitive(x, b);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

static double num_at3(const cJSON *o, const char *a, const char *b, const char *c)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
    x = cJSON_GetObjectItemCaseSensitive(x, b);
    x = cJSON_GetObjectItemCaseSensitive(x, c);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

static int solver_index(const char *name)
{
    for (int i = 0; db_solvers[i]; i++)
        if (strcmp(db_solvers[i]->name, name) == 0)
            return i;
    /* an unknown solver (an older bench file): a stable colour from its name */
    unsigned h = 5381;
    for (const char *c = name; *c; c++)
        h = h * 33u + (unsigned char)*c;
    return (int)(h % 8u);
}

static int by_block(const void *a, const void *b)
{
    const view *x = a, *y = b;
    int c = strcmp(x->problem, y->problem);
    if (!c)
        c = strcmp(x->scenario, y->scenario);
    if (!c)
        c = solver_index(x->solver) - solver_index(y->solver);
    if (!c)
        c = strcmp(x->solver, y->solver);
    if (!c)
        c = db_form_from_name(x->form) - db_form_from_name(y->form);
    if (!c)
        c = strcmp(x->form, y->form);
    if (!c)
        c = (x->tol < y->tol) - (x->tol > y->tol);
    return c;
}

static int same_page(const view *a, const view *b)
{
    return strcmp(a->problem, b->problem) == 0 && strcmp(a->scenario, b->scenario) == 0;
}

static int same_block(const view *a, const view *b)
{
    return same_page(a, b) && strcmp(a->solver, b->solver) == 0 && strcmp(a->form, b->form) == 0;
}

static int plottable(const view *v)
{
    return v->ok && isfinite(db_measure_of(v->run, plot_measure, NULL));
}

static void put(FILE *f, double x)
{
    if (isfinite(x))
        fprintf(f, " %.6e", x);
    else
        fprintf(f, " NaN");
}

/* a file name from a directory listing usable in a gnuplot string */
static int safe_file(const char *s)
{
    for (const char *c = s; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '.' || *c == '_' || *c == '-' || *c == '+'))
            return 0;
    return 1;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* gnuplot -e expr script; 0 or -1 */
static int run_gnuplot(const char *expr, const char *script, const char *what)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        db_die("plot: cannot start gnuplot: %s", strerror(errno));
    if (pid == 0) {
        execlp("gnuplot", "gnuplot", "-e", expr, script, (char *)NULL);
        _exit(127);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "daebench: plot: gnuplot failed on %s (%s)\n", what, script);
        return -1;
    }
    return 0;
}

static unsigned colour_int(const char *hex)
{
    return (unsigned)strtoul(hex + 1, NULL, 16);
}

/* the time series files (trajdump.h) of problem/scenario in trajdir, drawn by
 * timeseries.gp: one tolerance, 1e-06 when there, else the first found */
static int plot_series(const view *v0, const char *trajdir, const char *outbase,
                       const char *scriptdir)
{
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s-%s-", v0->problem, v0->scenario);
    DIR *d = opendir(trajdir);
    if (!d)
        return 0;
    char names[64][256];
    int nn = 0;
    struct dirent *e;
    while ((e = readdir(d)) && nn < 64) {
        size_t l = strlen(e->d_name);
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0 && l > 4 &&
            strcmp(e->d_name + l - 4, ".dat") == 0 && l < 256 && safe_file(e->d_name))
            snprintf(names[nn++], sizeof names[0], "%s", e->d_name);
    }
    closedir(d);
    if (nn == 0)
        return 0;
    qsort(names, (size_t)nn, sizeof names[0], cmp_name);
    const char *tol = "-1e-06.dat";
    int have = 0;
    for (int i = 0; i < nn; i++)
        have |= strstr(names[i], tol) != NULL;
    char files[16384] = "", titles[4096] = "", colors[2048] = "", dashes[512] = "";
    int k = 0;
    for (int i = 0; i < nn; i++) {
        if (have && !strstr(names[i], tol))
            continue;
        /* <problem>-<scenario>-<form>-<solver>-<tol>.dat */
        char form[64] = "", solver[64] = "", t[32] = "";
        const char *rest = names[i] + strlen(prefix);
        if (sscanf(rest, "%63[^-]-%63[^-]-%31[^d]", form, solver, t) != 3)
            continue;
        t[strlen(t) - 1] = '\0';  /* the '.' before "dat" */
        int fi = db_form_from_name(form);
        size_t u;
        u = strlen(files);
        if (snprintf(files + u, sizeof files - u, "%s%s/%s", k ? " " : "", trajdir, names[i]) >=
            (int)(sizeof files - u))
            break;
        u = strlen(titles);
        snprintf(titles + u, sizeof titles - u, "%s%s/%s@%s", k ? " " : "", solver, form, t);
        u = strlen(colors);
        snprintf(colors + u, sizeof colors - u, "%s%s", k ? " " : "",
                 palette[solver_index(solver) % 8]);
        u = strlen(dashes);
        snprintf(dashes + u, sizeof dashes - u, "%s%d", k ? " " : "", fi >= 0 ? fi + 1 : 1);
        k++;
    }
    if (!k)
        return 0;
    char expr[32768], script[4200];
    snprintf(expr, sizeof expr,
             "files='%s'; titles='%s'; colors='%s'; dashes='%s'; outbase='%s'; "
             "ptitle='%s %s: energy and constraint residuals over time'",
             files, titles, colors, dashes, outbase, v0->problem, v0->scenario);
    snprintf(script, sizeof script, "%s/timeseries.gp", scriptdir);
    if (run_gnuplot(expr, script, outbase) != 0)
        return -1;
    printf("%s-time.png %s-time.svg (%d series)\n", outbase, outbase, k);
    return 0;
}

/* one page: views v[0..n) of one problem/scenario; returns 0 or -1 */
static int plot_page(const view *v, int n, const char *outdir, const char *scriptdir,
                     const char *trajdir)
{
    char base[4096], dat[4200], fdat[4200];
    snprintf(base, sizeof base, "%s/%s-%s", outdir, v[0].problem, v[0].scenario);
    snprintf(dat, sizeof dat, "%s-wpd.dat", base);
    snprintf(fdat, sizeof fdat, "%s-failed.dat", base);
    FILE *f = fopen(dat, "w");
    if (!f)
        db_die("plot: cannot write %s: %s", dat, strerror(errno));
    FILE *ff = NULL;
    char titles[2048] = "", colors[2048] = "", dashes[512] = "", points[512] = "";
    char failed[1024] = "";
    int nblocks = 0, nfailed = 0, nmarked = 0;
    double minscd = INFINITY, maxerr = 0, maxres = 0;
    int hasgroup[4] = {0, 0, 0, 0};
    fprintf(f, "# daebench work-precision data: %s %s\n", v[0].problem, v[0].scenario);
    fprintf(f, "# columns: cpu f_evals scd tol err_p err_v err_lambda err_mu "
               "res_position res_velocity res_acceleration\n");
    for (int k = 0; k < n; k++) {
        if (plottable(&v[k])) {
            const cJSON *r = v[k].run;
            double sc = db_measure_of(r, plot_measure, NULL);
            if (sc < minscd)
                minscd = sc;
            static const char *const gn[4] = {"p", "v", "lambda", "mu"};
            for (int g = 0; g < 4; g++) {
                double e = num_at3(r, "error", "end", gn[g]);
                if (isfinite(e)) {
                    hasgroup[g] = 1;
                    if (e > maxerr)
                        maxerr = e;
                }
            }
            static const char *const lv[3] = {"position", "velocity", "acceleration"};
            for (int l = 0; l < 3; l++) {
                double x = num_at(r, "residual", lv[l]);
                if (isfinite(x) && x > maxres)
                    maxres = x;
            }
            continue;
        }
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(v[k].run, "status");
        const cJSON *rs = cJSON_GetObjectItemCaseSensitive(v[k].run, "reason");
        fprintf(f, "# not drawn: %s/%s tol=%.0e %s%s%s\n", v[k].solver, v[k].form, v[k].tol,
                cJSON_IsString(st) ? st->valuestring : "?", cJSON_IsString(rs) ? " " : "",
                cJSON_IsString(rs) ? rs->valuestring : "");
        if (!cJSON_IsString(st) || strcmp(st->valuestring, "failed") != 0)
            continue;
        /* failed runs are marked, not dropped */
        if (!ff && !(ff = fopen(fdat, "w")))
            db_die("plot: cannot write %s: %s", fdat, strerror(errno));
        fprintf(ff, "%.6e %.6e %.6e %u\n", num_at(v[k].run, "cpu_seconds", NULL),
                num_at(v[k].run, "counters", "f_evals"), v[k].tol,
                colour_int(palette[solver_index(v[k].solver) % 8]));
        nmarked++;
        size_t used = strlen(failed);
        if (used < 400)
            snprintf(failed + used, sizeof failed - used, "%s%s/%s %.0e%s%s", nfailed ? ", " : "",
                     v[k].solver, v[k].form, v[k].tol, cJSON_IsString(rs) ? " " : "",
                     cJSON_IsString(rs) ? rs->valuestring : "");
        nfailed++;
    }
    if (ff && fclose(ff) != 0)
        db_die("plot: cannot write %s", fdat);
    if (!ff)
        unlink(fdat);
    for (int k = 0; k < n;) {
        int e = k;
        while (e < n && same_block(&v[k], &v[e]))
            e++;
        int drawn = 0;
        for (int j = k; j < e; j++)
            drawn += plottable(&v[j]);
        if (drawn) {
            if (nblocks)
                fprintf(f, "\n\n");
            fprintf(f, "# block %d: %s/%s\n", nblocks, v[k].solver, v[k].form);
            for (int j = k; j < e; j++) {
                if (!plottable(&v[j]))
                    continue;
                const cJSON *r = v[j].run;
                put(f, num_at(r, "cpu_seconds", NULL));
                put(f, num_at(r, "counters", "f_evals"));
                put(f, db_measure_of(r, plot_measure, NULL));
                put(f, v[j].tol);
                put(f, num_at3(r, "error", "end", "p"));
                put(f, num_at3(r, "error", "end", "v"));
                put(f, num_at3(r, "error", "end", "lambda"));
                put(f, num_at3(r, "error", "end", "mu"));
                put(f, num_at(r, "residual", "position"));
                put(f, num_at(r, "residual", "velocity"));
                put(f, num_at(r, "residual", "acceleration"));
                fputc('\n', f);
            }
            int fi = db_form_from_name(v[k].form);
            size_t u;
            u = strlen(titles);
            snprintf(titles + u, sizeof titles - u, "%s%s/%s", nblocks ? " " : "", v[k].solver,
                     v[k].form);
            u = strlen(colors);
            snprintf(colors + u, sizeof colors - u, "%s%s", nblocks ? " " : "",
                     palette[solver_index(v[k].solver) % 8]);
            u = strlen(dashes);
            snprintf(dashes + u, sizeof dashes - u, "%s%d", nblocks ? " " : "", fi >= 0 ? fi + 1 : 1);
            u = strlen(points);
            snprintf(points + u, sizeof points - u, "%s%d", nblocks ? " " : "",
                     fi >= 0 ? point_types[fi] : 1);
            nblocks++;
        }
        k = e;
    }
    if (fclose(f) != 0)
        db_die("plot: cannot write %s", dat);
    if (nfailed) {
        size_t u = strlen(failed);
        if (u >= 400)
            snprintf(failed + u, sizeof failed - u, " ... (%d in all)", nfailed);
    }
    int rc = plot_series(&v[0], trajdir, base, scriptdir);
    if (nblocks == 0) {
        int ok = 0;
        for (int k = 0; k < n; k++)
            ok += v[k].ok;
        fprintf(stderr, "plot: %s %s: nothing to draw: %d ok runs without scd (no reference?), "
                        "%d not ok\n", v[0].problem, v[0].scenario, ok, n - ok);
        return rc;
    }
    char expr[24576], notdrawn[1200] = "", groups[32] = "", common[16384];
    if (nfailed)
        snprintf(notdrawn, sizeof notdrawn, "failed (x): %s", failed);
    for (int g = 0; g < 4; g++)
        if (hasgroup[g]) {
            size_t u = strlen(groups);
            snprintf(groups + u, sizeof groups - u, "%s%d", u ? " " : "", 5 + g);
        }
    double scdfail = isfinite(minscd) ? floor(fmin(minscd, 0.0)) - 1.0 : 0.0;
    double errfail = maxerr > 0 ? pow(10.0, ceil(log10(fmax(maxerr, 1e-16))) + 1) : 1.0;
    double resfail = maxres > 0 ? pow(10.0, ceil(log10(fmax(maxres, 1e-16))) + 1) : 1.0;
    if (snprintf(common, sizeof common,
             "datafile='%s'; outbase='%s'; nblocks=%d; titles='%s'; colors='%s'; "
             "dashes='%s'; points='%s'; failfile='%s'; scdfail=%g; errfail=%g; resfail=%g; "
             "groups='%s'; mlabel='%s'",
             dat, base, nblocks, titles, colors, dashes, points, nmarked ? fdat : "", scdfail,
             errfail, resfail, groups[0] ? groups : "5 6", plot_measure) >= (int)sizeof common)
        db_die("plot: too many lines on the page of %s %s", v[0].problem, v[0].scenario);
    static const struct { const char *script, *suffix, *title; } kinds[] = {
        {"wpd.gp", "wpd", "work-precision"},
        {"errtol.gp", "err", ""},
        {"residual.gp", "res", ""},
    };
    /* error and residual against tolerance need two tolerances at least */
    int ntols = 0;
    for (int k = 0; k < n && ntols < 2; k++)
        if (plottable(&v[k]) && v[k].tol != v[0].tol)
            ntols = 2;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        char script[4200];
        if (i > 0 && ntols < 2)
            continue;
        snprintf(script, sizeof script, "%s/%s", scriptdir, kinds[i].script);
        if (snprintf(expr, sizeof expr, "%s; ptitle='%s %s%s%s'; failed='%s'", common,
                     v[0].problem, v[0].scenario, kinds[i].title[0] ? ": " : "", kinds[i].title,
                     notdrawn) >= (int)sizeof expr)
            db_die("plot: too many lines on the page of %s %s", v[0].problem, v[0].scenario);
        if (run_gnuplot(expr, script, dat) != 0) {
            rc = -1;
            continue;
        }
        printf("%s-%s.png %s-%s.svg (%d lines, %d failed runs marked)\n", base, kinds[i].suffix,
               base, kinds[i].suffix, nblocks, nmarked);
    }
    return rc;
}

/* the scaling diagram of a swept bench file (see the top); 0 or -1 */
static int plot_scaling(const cJSON *runs, const char *param, double fit_from,
                        const char *outdir, const char *scriptdir)
{
    static db_scaling_curve cv[64];
    int nc = db_scaling_collect(runs, param, fit_from, cv, 64);
    if (nc == 0) {
        fprintf(stderr, "plot: scaling: no ok run with parameter %s\n", param);
        return -1;
    }
    char dat[4200], base[4096];
    if (snprintf(base, sizeof base, "%s/scaling", outdir) >= (int)sizeof base)
        db_die("plot: --out too long");
    snprintf(dat, sizeof dat, "%s.dat", base);
    FILE *f = fopen(dat, "w");
    if (!f)
        db_die("plot: cannot write %s: %s", dat, strerror(errno));
    char colors[1024] = "", dashes[512] = "";
    double ylo = INFINITY, yhi = 0, x0 = NAN, y0 = NAN;
    const char *firstprob = cv[0].problem;
    int iprob = 0;
    for (int c = 0; c < nc; c++) {
        if (c)
            fprintf(f, "\n\n");
        if (strcmp(cv[c].problem, firstprob) != 0) {
            firstprob = cv[c].problem;
            iprob++;
        }
        char slope[128];
        if (isfinite(cv[c].slope))
            snprintf(slope, sizeof slope, "slope %.2f (%s >= %g)", cv[c].slope, param, fit_from);
        else
            snprintf(slope, sizeof slope, "no slope");
        fprintf(f, "\"%s %s/%s: %s\"\n", cv[c].problem, cv[c].solver, cv[c].form, slope);
        printf("scaling: %s %s %s/%s: cost per step slope %.3f over %d points (%s >= %g)\n",
               cv[c].problem, cv[c].scenario, cv[c].solver, cv[c].form, cv[c].slope, cv[c].nfit,
               param, fit_from);
        for (int i = 0; i < cv[c].n; i++) {
            fprintf(f, "%g %.0f %.6e %.6e\n", cv[c].x[i], cv[c].steps[i], cv[c].cpu[i],
                    cv[c].cps[i]);
            ylo = fmin(ylo, cv[c].cps[i]);
            yhi = fmax(yhi, cv[c].cps[i]);
            if (!isfinite(x0) && cv[c].x[i] >= fit_from) {
                x0 = cv[c].x[i];
                y0 = cv[c].cps[i];
            }
        }
        size_t u = strlen(colors);
        snprintf(colors + u, sizeof colors - u, "%s%s", c ? " " : "",
                 palette[solver_index(cv[c].solver) % 8]);
        u = strlen(dashes);
        snprintf(dashes + u, sizeof dashes - u, "%s%d", c ? " " : "", iprob % 6 + 1);
    }
    if (fclose(f) != 0)
        db_die("plot: cannot write %s", dat);
    if (!isfinite(x0)) {
        x0 = cv[0].x[0];
        y0 = cv[0].cps[0];
    }
    char expr[16384], script[4200];
    if (snprintf(expr, sizeof expr,
             "datafile='%s'; outbase='%s'; nblocks=%d; colors='%s'; dashes='%s'; x0=%g; y0=%g; "
             "ylo=%g; yhi=%g; ptitle='cost per step against %s (least-squares slope of log "
             "cost/step vs log %s from %s = %g)'",
             dat, base, nc, colors, dashes, x0, y0, ylo / 2, yhi * 4, param, param, param,
             fit_from) >= (int)sizeof expr)
        db_die("plot: scaling: too many curves");
    snprintf(script, sizeof script, "%s/scaling.gp", scriptdir);
    if (run_gnuplot(expr, script, dat) != 0)
        return -1;
    printf("%s.png %s.svg (%d curves)\n", base, base, nc);
    return 0;
}

/* names in file paths and gnuplot strings: letters, digits and ._- only */
static int safe_name(const char *s)
{
    if (!*s)
        return 0;
    for (const char *c = s; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '.' || *c == '_' || *c == '-'))
            return 0;
    return 1;
}

int db_cmd_plot(int argc, char **argv)
{
    const char *results = "results/bench.json", *outdir = "results/plots", *trajdir = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--results") == 0)
            results = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--out") == 0)
            outdir = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--traj") == 0)
            trajdir = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--measure") == 0) {
            plot_measure = db_cli_value(argc, argv, &i);
            if (!db_measure_find(plot_measure))
                db_die("plot: unknown measure '%s' (gscd, ivp_scd, lambda_scd)", plot_measure);
        } else
            db_die("plot: unknown option '%s'", argv[i]);
    }
    if (!find_in_path("gnuplot"))
        db_die("plot: gnuplot not found in PATH (install gnuplot)");
    const char *pdir = getenv("DAEBENCH_PLOTS_DIR");
    char script[4200], scriptdir[4096], tdir[4096];
    snprintf(scriptdir, sizeof scriptdir, "%s", pdir && *pdir ? pdir : DAEBENCH_SOURCE_DIR "/plots");
    snprintf(script, sizeof script, "%s/wpd.gp", scriptdir);
    if (!trajdir) {
        /* beside the results file: <dir of results>/traj */
        const char *slash = strrchr(results, '/');
        snprintf(tdir, sizeof tdir, "%.*s%straj", slash ? (int)(slash - results) : 0, results,
                 slash ? "/" : "");
        trajdir = tdir;
    }
    if (strchr(trajdir, '\'') || strchr(trajdir, '"'))
        db_die("plot: --traj must not contain quotes");
    if (access(script, R_OK) != 0)
        db_die("plot: cannot read %s", script);
    if (strchr(outdir, '\'') || strchr(outdir, '"'))
        db_die("plot: --out must not contain quotes");
    char err[512];
    cJSON *j = db_json_read_file(results, err, sizeof err);
    if (!j)
        db_die("plot: %s", err);
    const char *schema;
    const cJSON *runs = NULL;
    if (db_json_string(j, "schema", &schema, err, sizeof err) != 0 ||
        strcmp(schema, "daebench.bench/1") != 0 ||
        !(runs = db_json_array(j, "runs", err, sizeof err))) {
        cJSON_Delete(j);
        db_die("plot: %s: not a daebench.bench/1 file", results);
    }
    int n = cJSON_GetArraySize(runs), k = 0;
    view *v = calloc((size_t)n + 1, sizeof *v);
    if (!v)
        db_die("plot: out of memory");
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        view *x = &v[k];
        const char *st;
        x->run = r;
        if (db_json_string(r, "problem", &x->problem, err, sizeof err) ||
            db_json_string(r, "scenario", &x->scenario, err, sizeof err) ||
            db_json_string(r, "solver", &x->solver, err, sizeof err) ||
            db_json_string(r, "formulation", &x->form, err, sizeof err) ||
            db_json_string(r, "status", &st, err, sizeof err) ||
            db_json_number(r, "rtol", &x->tol, err, sizeof err))
            db_die("plot: %s: run %d: %s", results, k, err);
        if (!safe_name(x->problem) || !safe_name(x->scenario) || !safe_name(x->solver) ||
            !safe_name(x->form))
            db_die("plot: %s: run %d: unexpected characters in a name", results, k);
        x->ok = strcmp(st, "ok") == 0;
        k++;
    }
    if (mkdir(outdir, 0777) != 0 && errno != EEXIST)
        db_die("plot: cannot create %s: %s", outdir, strerror(errno));
    qsort(v, (size_t)n, sizeof *v, by_block);
    int rc = 0;
    /* a swept suite: the scaling diagram instead of the pages (whose runs
     * differ in the swept parameter, not only in tolerance) */
    const db_suite *suite = db_suite_find(cJSON_GetStringValue(
        cJSON_GetObjectItemCaseSensitive(j, "suite")) ? cJSON_GetStringValue(
        cJSON_GetObjectItemCaseSensitive(j, "suite")) : "");
    char swname[64];
    double swvals[64];
    if (suite && db_suite_sweep(suite, swname, sizeof swname, swvals, 64) > 0) {
        rc = plot_scaling(runs, swname, suite->fit_from, outdir, scriptdir) ? DB_EXIT_BAD_INPUT
                                                                             : 0;
        n = 0;
    }
    for (int a = 0; a < n;) {
        int b = a;
        while (b < n && same_page(&v[a], &v[b]))
            b++;
        if (plot_page(v + a, b - a, outdir, scriptdir, trajdir) != 0)
            rc = DB_EXIT_BAD_INPUT;
        a = b;
    }
    free(v);
    cJSON_Delete(j);
    return rc;
}
