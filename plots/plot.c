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

#include "harness/cli/cli.h"
#include "harness/cli/help.h"
#include "io/datadir.h"
#include "harness/cli/commands.h"
#include "harness/results/benchfile.h"
#include "io/escape.h"
#include "io/jsonio.h"
#include "io/mkdirs.h"
#include "plots/gnuplot.h"
#include "reference/measure_names.h"
#include "plots/profile.h"
#include "plots/scaling.h"
#include "plots/series.h"
#include "plots/solution.h"
#include "solvers/solver.h"
#include "harness/sweep/suite.h"


/* eight clearly distinct hues, one per solver in registry order (in a panel
 * of one solver family: one per formulation) */
static const char *const palette[] = {"#1F77B4", "#D62728", "#2CA02C", "#9467BD",
                                      "#FF7F0E", "#8C564B", "#E377C2", "#17BECF"};
/* a panel with more curves than this is split (plot_page) */
#define PANEL_MAX 7
static const int point_types[DB_NFORMS] = {7, 5, 9, 11, 13, 4};
/* the accuracy measure of the diagrams (--measure; measure_names.h) */
static const char *plot_measure = "gscd";

typedef struct {
    const cJSON *run;
    const char *problem, *scenario, *solver, *form;
    int ok;
    double tol;
} view;


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

/* the one gnuplot sink of free text from a bench file (a failure reason):
 * escape.h's gnuplot escaper */
#define G db_esc_gnuplot

/* a file name from a directory listing usable in a gnuplot string */
static int safe_file(const char *s)
{
    for (const char *c = s; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '.' || *c == '_' || *c == '-' || *c == '+'))
            return 0;
    return 1;
}

static unsigned colour_int(const char *hex)
{
    return (unsigned)strtoul(hex + 1, NULL, 16);
}

/* the colour of a solver's curves (series.h) */
static const char *solver_colour(const char *solver)
{
    return palette[solver_index(solver) % 8];
}

/* one drawn curve: a title, its style and the runs (rows of the .dat block) */
#define MAXPTS 96
typedef struct {
    char title[96];
    const char *color;
    int dash, point;
    const cJSON *runs[MAXPTS];
    int n;
} curve;

#define MAXCURVES 64

static int by_cpu(const void *a, const void *b)
{
    double x = num_at(*(const cJSON *const *)a, "cpu_seconds", NULL);
    double y = num_at(*(const cJSON *const *)b, "cpu_seconds", NULL);
    return (x > y) - (x < y);
}

/* The curves of the views v[0..n) of one page.  mode 'a': every solver/form
 * block, coloured by solver; mode 'f': the blocks of solver `only`, coloured by
 * formulation (one solver family on its own panel); mode 'b': one curve per
 * solver, the best of its formulations — the Pareto front of all its ok runs
 * in (CPU time, scd): a run is kept when no run of the solver is both faster
 * and more accurate.  Returns the count. */
static int make_curves(const view *v, int n, char mode, const char *only, curve *cv)
{
    int nc = 0;
    for (int k = 0; k < n && nc < MAXCURVES;) {
        int e = k;
        if (mode == 'b')
            while (e < n && same_page(&v[k], &v[e]) && !strcmp(v[k].solver, v[e].solver))
                e++;
        else
            while (e < n && same_block(&v[k], &v[e]))
                e++;
        if (only && strcmp(v[k].solver, only) != 0) {
            k = e;
            continue;
        }
        curve *c = &cv[nc];
        c->n = 0;
        for (int j = k; j < e && c->n < MAXPTS; j++)
            if (plottable(&v[j]))
                c->runs[c->n++] = v[j].run;
        int fi = db_form_from_name(v[k].form), si = solver_index(v[k].solver);
        if (mode == 'b') {
            qsort(c->runs, (size_t)c->n, sizeof c->runs[0], by_cpu);
            int m = 0;
            double best = -INFINITY;
            for (int j = 0; j < c->n; j++) {
                double s = db_measure_of(c->runs[j], plot_measure, NULL);
                if (s > best) {
                    best = s;
                    c->runs[m++] = c->runs[j];
                }
            }
            c->n = m;
            snprintf(c->title, sizeof c->title, "%s", v[k].solver);  /* no blanks: a gnuplot word */
            c->color = palette[si % 8];
            c->dash = 1;
            c->point = point_types[si % DB_NFORMS];
        } else {
            snprintf(c->title, sizeof c->title, "%s/%s", v[k].solver, v[k].form);
            c->color = mode == 'f' ? palette[(fi >= 0 ? fi : 7) % 8] : palette[si % 8];
            c->dash = fi >= 0 ? fi + 1 : 1;
            c->point = fi >= 0 ? point_types[fi] : 1;
        }
        if (c->n)
            nc++;
        k = e;
    }
    return nc;
}

/* a .dat file written atomically (jsonio.h: a temp file beside it, renamed over
 * it): a symlink placed at its name is replaced, never written through (issue
 * 28, item 10); dat_open and dat_commit die with one line on an error */
static FILE *dat_open(const char *path, char *tmp, size_t tmplen)
{
    char err[600];
    FILE *f = db_out_open(path, tmp, tmplen, err, sizeof err);
    if (!f)
        db_die("plot: %s", err);
    return f;
}

static void dat_commit(FILE *f, const char *tmp, const char *path)
{
    char err[600];
    if (db_out_commit(f, tmp, path, err, sizeof err) != 0)
        db_die("plot: %s", err);
}

/* the .dat file of curves (columns: see the top); 0 or dies */
static void write_curves(const char *path, const char *what, const curve *cv, int nc)
{
    char tmp[DB_PATH_MAX + 64];
    FILE *f = dat_open(path, tmp, sizeof tmp);
    fprintf(f, "# daebench work-precision data: %s\n", what);
    fprintf(f, "# columns: cpu f_evals digits(measure) tol err_p err_v err_lambda err_mu "
               "res_position res_velocity res_acceleration\n");
    for (int c = 0; c < nc; c++) {
        if (c)
            fprintf(f, "\n\n");
        fprintf(f, "# block %d: %s\n", c, cv[c].title);
        for (int j = 0; j < cv[c].n; j++) {
            const cJSON *r = cv[c].runs[j];
            put(f, num_at(r, "cpu_seconds", NULL));
            put(f, num_at(r, "counters", "f_evals"));
            put(f, db_measure_of(r, plot_measure, NULL));
            put(f, num_at(r, "rtol", NULL));
            put(f, num_at3(r, "error", "end", "p"));
            put(f, num_at3(r, "error", "end", "v"));
            put(f, num_at3(r, "error", "end", "lambda"));
            put(f, num_at3(r, "error", "end", "mu"));
            put(f, num_at(r, "residual", "position"));
            put(f, num_at(r, "residual", "velocity"));
            put(f, num_at(r, "residual", "acceleration"));
            fputc('\n', f);
        }
    }
    dat_commit(f, tmp, path);
}

/* "w1 w2 ..." of one field of the curves; ghost: the colour made faint */
static void words_of(const curve *cv, int nc, char field, char *buf, size_t len)
{
    buf[0] = '\0';
    for (int c = 0; c < nc; c++) {
        size_t u = strlen(buf);
        if (field == 't')
            snprintf(buf + u, len - u, "%s%s", c ? " " : "", cv[c].title);
        else if (field == 'c')
            snprintf(buf + u, len - u, "%s%s", c ? " " : "", cv[c].color);
        else if (field == 'g')  /* #AARRGGBB, AA = transparency */
            snprintf(buf + u, len - u, "%s#A0%s", c ? " " : "", cv[c].color + 1);
        else if (field == 'd')
            snprintf(buf + u, len - u, "%s%d", c ? " " : "", cv[c].dash);
        else
            snprintf(buf + u, len - u, "%s%d", c ? " " : "", cv[c].point);
    }
}

typedef struct {
    const view *v;      /* the page's runs */
    int n;
    const view *bv;     /* the baseline's runs of the page (ghosts), or NULL */
    int bn;
    const char *outdir, *scriptdir;
} page_ctx;

/* one set of diagrams: outbase-{wpd,err,res}.{png,svg} of the curves of mode
 * and solver `only` (make_curves), the baseline's as ghosts, failed runs of
 * the set marked; kinds: bit 0 wpd, 1 err, 2 res.  0 or -1. */
static int draw_set(const page_ctx *pc, const char *name, char mode, const char *only,
                    unsigned kinds)
{
    const view *v = pc->v;
    int n = pc->n;
    static curve cv[MAXCURVES], gv[MAXCURVES];
    int nc = make_curves(v, n, mode, only, cv);
    int ng = pc->bv ? make_curves(pc->bv, pc->bn, mode, only, gv) : 0;
    if (nc == 0)
        return 0;
    char base[4096], dat[4200], gdat[4200], fdat[4200];
    snprintf(base, sizeof base, "%s/%s", pc->outdir, name);
    snprintf(dat, sizeof dat, "%s-wpd.dat", base);
    snprintf(gdat, sizeof gdat, "%s-ghost.dat", base);
    snprintf(fdat, sizeof fdat, "%s-failed.dat", base);
    char what[256];
    snprintf(what, sizeof what, "%s %s", v[0].problem, v[0].scenario);
    write_curves(dat, what, cv, nc);
    if (ng)
        write_curves(gdat, "baseline", gv, ng);
    else
        unlink(gdat);
    /* ranges and failures */
    double minscd = INFINITY, maxerr = 0, maxres = 0;
    int hasgroup[4] = {0, 0, 0, 0}, haslevel[3] = {0, 0, 0};
    for (int c = 0; c < nc; c++)
        for (int j = 0; j < cv[c].n; j++) {
            const cJSON *r = cv[c].runs[j];
            minscd = fmin(minscd, db_measure_of(r, plot_measure, NULL));
            static const char *const gn[4] = {"p", "v", "lambda", "mu"};
            for (int g = 0; g < 4; g++) {
                double e = num_at3(r, "error", "end", gn[g]);
                if (isfinite(e)) {
                    hasgroup[g] = 1;
                    maxerr = fmax(maxerr, e);
                }
            }
            static const char *const lv[3] = {"position", "velocity", "acceleration"};
            for (int l = 0; l < 3; l++) {
                double x = num_at(r, "residual", lv[l]);
                if (isfinite(x))
                    maxres = fmax(maxres, x);
                haslevel[l] |= x > 0;
            }
        }
    FILE *ff = NULL;
    char ftmp[DB_PATH_MAX + 64];
    char failed[1024] = "";
    int nfailed = 0, nfs = 0, fcount[16];
    char fsol[16][40], freason[16][48], fcol[16][16];
    for (int k = 0; k < n; k++) {
        if (plottable(&v[k]) || (only && strcmp(v[k].solver, only) != 0))
            continue;
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(v[k].run, "status");
        const cJSON *rs = cJSON_GetObjectItemCaseSensitive(v[k].run, "reason");
        if (!cJSON_IsString(st) || strcmp(st->valuestring, "failed") != 0)
            continue;
        if (!ff)
            ff = dat_open(fdat, ftmp, sizeof ftmp);
        int fi = db_form_from_name(v[k].form);
        const char *col = mode == 'f' ? palette[(fi >= 0 ? fi : 7) % 8]
                                      : palette[solver_index(v[k].solver) % 8];
        fprintf(ff, "%.6e %.6e %.6e %u\n", num_at(v[k].run, "cpu_seconds", NULL),
                num_at(v[k].run, "counters", "f_evals"), v[k].tol, colour_int(col));
        /* per solver: the count and the first reason (the footnote), and whether
         * the solver has a curve here at all (else a legend entry of its own) */
        int fs;
        for (fs = 0; fs < nfs && strcmp(fsol[fs], v[k].solver); fs++)
            ;
        if (fs == nfs && nfs < 16) {
            snprintf(fsol[nfs], sizeof fsol[0], "%s", v[k].solver);
            snprintf(freason[nfs], sizeof freason[0], "%s",
                     cJSON_IsString(rs) ? G(rs->valuestring) : "failed");
            snprintf(fcol[nfs], sizeof fcol[0], "%s", palette[solver_index(v[k].solver) % 8]);
            fcount[nfs++] = 0;
        }
        if (fs < 16)
            fcount[fs]++;
        nfailed++;
    }
    if (ff)
        dat_commit(ff, ftmp, fdat);
    else
        unlink(fdat);
    char failonly[512] = "", failcolors[256] = "";
    for (int fs = 0; fs < nfs; fs++) {
        size_t used = strlen(failed);
        snprintf(failed + used, sizeof failed - used, "%s%s %d (%.40s)", fs ? ", " : "", fsol[fs],
                 fcount[fs], freason[fs]);
        int curve = 0;
        for (int k = 0; k < n && !curve; k++)
            curve = plottable(&v[k]) && !strcmp(v[k].solver, fsol[fs]) &&
                    (!only || !strcmp(v[k].solver, only));
        if (!curve && mode != 'f') {
            used = strlen(failonly);
            snprintf(failonly + used, sizeof failonly - used, "%s%s", used ? " " : "", fsol[fs]);
            used = strlen(failcolors);
            snprintf(failcolors + used, sizeof failcolors - used, "%s%s", used ? " " : "",
                     fcol[fs]);
        }
    }
    char titles[4096], colors[2048], dashes[512], points[512], gcolors[2048], groups[32] = "";
    char levels[32] = "";
    for (int l = 0; l < 3; l++)
        if (haslevel[l]) {
            size_t u = strlen(levels);
            snprintf(levels + u, sizeof levels - u, "%s%d", u ? " " : "", 9 + l);
        }
    if (!levels[0])
        kinds &= ~4u;  /* no residual to draw */
    words_of(cv, nc, 't', titles, sizeof titles);
    words_of(cv, nc, 'c', colors, sizeof colors);
    words_of(cv, nc, 'd', dashes, sizeof dashes);
    words_of(cv, nc, 'p', points, sizeof points);
    words_of(gv, ng, 'g', gcolors, sizeof gcolors);
    for (int g = 0; g < 4; g++)
        if (hasgroup[g]) {
            size_t u = strlen(groups);
            snprintf(groups + u, sizeof groups - u, "%s%d", u ? " " : "", 5 + g);
        }
    double scdfail = isfinite(minscd) ? floor(fmin(minscd, 0.0)) - 1.0 : 0.0;
    double errfail = maxerr > 0 ? pow(10.0, ceil(log10(fmax(maxerr, 1e-16))) + 1) : 1.0;
    double resfail = maxres > 0 ? pow(10.0, ceil(log10(fmax(maxres, 1e-16))) + 1) : 1.0;
    char common[16384], expr[20000], notdrawn[1200] = "";
    if (nfailed)
        snprintf(notdrawn, sizeof notdrawn, "failed runs (x), per solver: %s", failed);
    if (snprintf(common, sizeof common,
                 "datafile='%s'; outbase='%s'; nblocks=%d; titles='%s'; colors='%s'; "
                 "dashes='%s'; points='%s'; failfile='%s'; scdfail=%g; errfail=%g; resfail=%g; "
                 "groups='%s'; ghostfile='%s'; nghost=%d; ghostcolors='%s'; levels='%s'; sortx=%d; "
                 "mlabel='%s'",
                 dat, base, nc, titles, colors, dashes, points, nfailed ? fdat : "", scdfail,
                 errfail, resfail, groups[0] ? groups : "5 6", ng ? gdat : "", ng,
                 gcolors, levels, mode == 'b', plot_measure) >= (int)sizeof common)
        db_die("plot: too many lines on the page of %s", what);
    static const struct { const char *script, *suffix, *title; } kinds_tab[] = {
        {"wpd.gp", "wpd", "work-precision"},
        {"errtol.gp", "err", ""},
        {"residual.gp", "res", ""},
    };
    char sub[160] = "";
    if (mode == 'b')
        snprintf(sub, sizeof sub, ", best of each solver");
    else if (mode == 'f')
        snprintf(sub, sizeof sub, ", %s", only);
    int rc = 0;
    for (size_t i = 0; i < 3; i++) {
        if (!(kinds & (1u << i)))
            continue;
        char script[4200];
        snprintf(script, sizeof script, "%s/%s", pc->scriptdir, kinds_tab[i].script);
        if (snprintf(expr, sizeof expr, "%s; ptitle='%s %s%s%s'; failed='%s'; failonly='%s'; "
                     "failcolors='%s'", common, what, kinds_tab[i].title[0] ? ": " : "",
                     kinds_tab[i].title, sub, notdrawn, G(failonly),
                     failcolors) >= (int)sizeof expr)
            db_die("plot: too many lines on the page of %s", what);
        if (db_gnuplot_run("plot", expr, script, dat) != 0) {
            rc = -1;
            continue;
        }
        printf("%s-%s.png %s-%s.svg (%d lines, %d ghosts, %d failed runs marked)\n", base,
               kinds_tab[i].suffix, base, kinds_tab[i].suffix, nc, ng, nfailed);
    }
    return rc;
}

/* remove the diagrams and data a previous plot left for the page (a page that
 * was split then is not now, a family that is gone): files
 * "<page>-<kind>.<ext>" and "<page>-<solver>-<kind>.<ext>" of this program's
 * kinds and extensions only */
static void clean_page(const char *outdir, const char *page)
{
    static const char *const kinds[] = {"-wpd", "-err", "-res", "-time", "-ghost", "-failed",
                                        "-solution"};
    static const char *const exts[] = {".png", ".svg", ".dat"};
    DIR *d = opendir(outdir);
    if (!d)
        return;
    size_t lp = strlen(page);
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *nm = e->d_name;
        if (strncmp(nm, page, lp) != 0 || nm[lp] != '-' || !safe_file(nm))
            continue;
        const char *dot = strrchr(nm, '.');
        int ext = 0, kind = 0, dashes = 0;
        for (size_t k = 0; dot && k < 3; k++)
            ext |= !strcmp(dot, exts[k]);
        for (size_t k = 0; dot && k < 7; k++) {
            size_t lk = strlen(kinds[k]);
            kind |= (size_t)(dot - nm) >= lk && !strncmp(dot - lk, kinds[k], lk);
        }
        for (const char *c = nm + lp + 1; dot && c < dot; c++)
            dashes += *c == '-';
        if (ext && kind && dashes <= 1) {
            char path[4400];
            snprintf(path, sizeof path, "%s/%s", outdir, nm);
            struct stat st; /* only our own regular files: a FIFO or device is refused later */
            if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
                unlink(path);
        }
    }
    closedir(d);
}

/* one page: views v[0..n) of one problem/scenario.  Up to PANEL_MAX curves:
 * one set <page>-{wpd,err,res}; more: <page>-wpd with the best of each solver
 * and one set <page>-<solver>-{wpd,err,res} per solver family (its
 * formulations in distinct hues).  0 or -1 */
static int plot_page(const page_ctx *pc, const char *trajdir)
{
    const view *v = pc->v;
    int n = pc->n;
    char base[4096], page[600];
    snprintf(page, sizeof page, "%s-%s", v[0].problem, v[0].scenario);
    snprintf(base, sizeof base, "%s/%s", pc->outdir, page);
    clean_page(pc->outdir, page);
    int rc = db_plot_series(v[0].problem, v[0].scenario, trajdir, base, pc->scriptdir,
                            solver_colour);
    char why[600];
    if (db_solution_plot(v[0].run, base, pc->scriptdir, why, sizeof why) < 0)
        rc = -1;
    static curve cv[MAXCURVES];
    int nblocks = make_curves(v, n, 'a', NULL, cv);
    if (nblocks == 0) {
        int ok = 0;
        for (int k = 0; k < n; k++)
            ok += v[k].ok;
        fprintf(stderr, "plot: %s %s: nothing to draw: %d ok runs without %s (no reference?), "
                        "%d not ok\n", v[0].problem, v[0].scenario, ok, plot_measure, n - ok);
        return rc;
    }
    /* error and residual against tolerance need two tolerances at least */
    int ntols = 0;
    for (int k = 0; k < n && ntols < 2; k++)
        if (plottable(&v[k]) && v[k].tol != v[0].tol)
            ntols = 2;
    unsigned kinds = ntols < 2 ? 1u : 7u;
    if (nblocks <= PANEL_MAX)
        return draw_set(pc, page, 'a', NULL, kinds) | rc;
    if (draw_set(pc, page, 'b', NULL, 1u) != 0)
        rc = -1;
    for (int k = 0; k < n;) {
        int e = k;
        while (e < n && !strcmp(v[k].solver, v[e].solver))
            e++;
        char name[700];
        snprintf(name, sizeof name, "%s-%s", page, v[k].solver);
        if (draw_set(pc, name, 'f', v[k].solver, kinds) != 0)
            rc = -1;
        k = e;
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
    char tmp[DB_PATH_MAX + 64];
    FILE *f = dat_open(dat, tmp, sizeof tmp);
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
    dat_commit(f, tmp, dat);
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
    if (db_gnuplot_run("plot", expr, script, dat) != 0)
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

/* the performance profiles of the summary page (profile.h, plots/profile.gp):
 * OUT/profile.png/.svg, one panel per accuracy, one curve per solver (its
 * fastest formulation on each page); data OUT/profile-scd<S>.dat */
static int plot_profile(const cJSON *runs, const char *outdir, const char *scriptdir)
{
    static const int levels[3] = {4, 6, 8};
    double tau[DB_PROFILE_MAXTAU];
    int ntau = 41;
    for (int t = 0; t < ntau; t++)
        tau[t] = pow(10.0, 2.0 * t / (ntau - 1));  /* 1 … 100 */
    char files[3][4200], titles[1024] = "", colors[512] = "", npg[64] = "";
    int nb = 0;
    static db_profile_row rows[64];
    for (int L = 0; L < 3; L++) {
        int np, nr = db_profile_by_solver(runs, levels[L], tau, ntau, rows, 64, &np);
        if (nr == 0)
            return 0;
        /* registry order: fixed colours */
        for (int i = 1; i < nr; i++)
            for (int j = i; j > 0 && solver_index(rows[j].curve) < solver_index(rows[j - 1].curve);
                 j--) {
                db_profile_row t = rows[j];
                rows[j] = rows[j - 1];
                rows[j - 1] = t;
            }
        snprintf(files[L], sizeof files[L], "%s/profile-scd%d.dat", outdir, levels[L]);
        char tmp[DB_PATH_MAX + 64];
        FILE *f = dat_open(files[L], tmp, sizeof tmp);
        fprintf(f, "# daebench performance profile at gscd >= %d over %d pages: tau rho\n",
                levels[L], np);
        for (int i = 0; i < nr; i++) {
            fprintf(f, "%s# %s\n", i ? "\n\n" : "", rows[i].curve);
            for (int t = 0; t < ntau; t++)
                fprintf(f, "%.6g %.6g\n", tau[t], rows[i].frac[t]);
        }
        dat_commit(f, tmp, files[L]);
        size_t u = strlen(npg);
        snprintf(npg + u, sizeof npg - u, "%s%d", L ? " " : "", np);
        if (L == 0) {
            nb = nr;
            for (int i = 0; i < nr; i++) {
                u = strlen(titles);
                snprintf(titles + u, sizeof titles - u, "%s%.60s", i ? " " : "", rows[i].curve);
                u = strlen(colors);
                snprintf(colors + u, sizeof colors - u, "%s%s", i ? " " : "",
                         palette[solver_index(rows[i].curve) % 8]);
            }
        }
    }
    char expr[16384], script[4200], base[4200];
    snprintf(base, sizeof base, "%s/profile", outdir);
    if (snprintf(expr, sizeof expr, "files='%s %s %s'; levels='4 6 8'; npages='%s'; nblocks=%d; "
             "titles='%s'; colors='%s'; outbase='%s'", files[0], files[1], files[2], npg, nb,
             titles, colors, base) >= (int)sizeof expr)
        db_die("plot: --out too long");
    snprintf(script, sizeof script, "%s/profile.gp", scriptdir);
    if (db_gnuplot_run("plot", expr, script, "profile") != 0)
        return -1;
    printf("%s.png %s.svg (%d solvers)\n", base, base, nb);
    return 0;
}

/* the error over time of one run: the CSV of "run --trajectory" drawn by
 * plots/trajerr.gp as FILE-err.png/.svg (FILE without ".csv") */
static int plot_trajectory(const char *csv, const char *scriptdir)
{
    if (strchr(csv, '\'') || strchr(csv, '"'))
        db_die("plot: --trajectory must not contain quotes");
    FILE *f = fopen(csv, "r");
    char head[4096];
    if (!f)
        db_die("plot: cannot read %s: %s", csv, strerror(errno));
    int okhead = fgets(head, sizeof head, f) && !strncmp(head, "t,", 2) && strstr(head, ",err_p");
    fclose(f);
    if (!okhead)
        db_die("plot: %s: not a trajectory CSV of daebench run --trajectory", csv);
    char base[4096], expr[12800], script[4200];
    size_t l = strlen(csv);
    snprintf(base, sizeof base, "%.*s", (int)(l > 4 && !strcmp(csv + l - 4, ".csv") ? l - 4 : l),
             csv);
    snprintf(expr, sizeof expr, "csvfile='%s'; outbase='%s'; ptitle='%s: error per group over time'",
             csv, base, base);
    snprintf(script, sizeof script, "%s/trajerr.gp", scriptdir);
    if (db_gnuplot_run("plot", expr, script, csv) != 0)
        return DB_EXIT_BAD_INPUT;
    printf("%s-err.png %s-err.svg\n", base, base);
    return 0;
}

/* the runs of a bench file as views sorted by page and block; dies on bad input */
static view *load_views(const char *path, cJSON **json, const cJSON **runs_out, int *nout)
{
    char err[512];
    cJSON *j = db_bench_read(path, err, sizeof err); /* benchfile.h */
    if (!j)
        db_die("plot: %s", err);
    const char *schema;
    const cJSON *runs = NULL;
    if (db_json_string(j, "schema", &schema, err, sizeof err) != 0 ||
        strcmp(schema, "daebench.bench/1") != 0 ||
        !(runs = db_json_array(j, "runs", err, sizeof err))) {
        cJSON_Delete(j);
        db_die("plot: %s: not a daebench.bench/1 file", path);
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
            db_die("plot: %s: run %d: %s", path, k, err);
        if (!safe_name(x->problem) || !safe_name(x->scenario) || !safe_name(x->solver) ||
            !safe_name(x->form))
            db_die("plot: %s: run %d: unexpected characters in a name", path, k);
        x->ok = strcmp(st, "ok") == 0;
        k++;
    }
    qsort(v, (size_t)n, sizeof *v, by_block);
    *json = j;
    if (runs_out)
        *runs_out = runs;
    *nout = n;
    return v;
}

/* wait for one page's child process; 1 if it drew its page */
static int page_done(void)
{
    int st;
    pid_t pid;
    while ((pid = waitpid(-1, &st, 0)) < 0 && errno == EINTR)
        ;
    return pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int db_cmd_plot(int argc, char **argv)
{
    const char *results = "results/bench.json", *outdir = NULL, *trajdir = NULL;
    char odir[4096];
    const char *baseline = NULL, *trajcsv = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--results") == 0)
            results = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--out") == 0)
            outdir = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--traj") == 0)
            trajdir = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--baseline") == 0)
            baseline = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--trajectory") == 0)
            trajcsv = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--measure") == 0) {
            plot_measure = db_cli_value(argc, argv, &i);
            if (!db_measure_find(plot_measure))
                db_die("plot: unknown measure '%s' (gscd, ivp_scd, lambda_scd)", plot_measure);
        }
        else
            db_die_unknown_option("plot", argv[i]);
    }
    if (!outdir) { /* beside the results file: <dir of results>/plots */
        const char *slash = strrchr(results, '/');
        snprintf(odir, sizeof odir, "%.*s%splots", slash ? (int)(slash - results) : 0, results,
                 slash ? "/" : "");
        outdir = odir;
    }
    if (!db_in_path("gnuplot"))
        db_die("plot: gnuplot not found in PATH (install gnuplot)");
    const char *pdir = getenv("DAEBENCH_PLOTS_DIR");
    char script[4200], scriptdir[4096], tdir[4096], data[4096];
    snprintf(scriptdir, sizeof scriptdir, "%s",
             pdir && *pdir ? pdir : db_data_dir("plots", data, sizeof data));
    if (trajcsv)
        return plot_trajectory(trajcsv, scriptdir);
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
    if (strlen(outdir) > DB_PATH_MAX - 512 || strlen(trajdir) > DB_PATH_MAX - 512)
        db_die("plot: --out or --traj path longer than %d bytes", DB_PATH_MAX - 512);
    cJSON *j, *bj = NULL;
    const cJSON *runs;
    int n, bn = 0;
    view *v = load_views(results, &j, &runs, &n), *bv = NULL;
    if (baseline)
        bv = load_views(baseline, &bj, NULL, &bn);
    if (db_mkdirs(outdir) != 0)
        db_die("plot: cannot create %s: %s", outdir, strerror(errno));
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
    if (n > 0 && plot_profile(runs, outdir, scriptdir) != 0)
        rc = DB_EXIT_BAD_INPUT;
    /* the pages, each in a child process, as many at a time as there are
     * cores (at most 8): their diagrams are independent files, and gnuplot's
     * runs are most of plot's time */
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    jobs = jobs < 1 ? 1 : jobs > 8 ? 8 : jobs;
    int running = 0;
    for (int a = 0; a < n;) {
        int b = a;
        while (b < n && same_page(&v[a], &v[b]))
            b++;
        page_ctx pc = {v + a, b - a, NULL, 0, outdir, scriptdir};
        for (int c = 0; c < bn;) {  /* the baseline's runs of the page */
            int d = c;
            while (d < bn && same_page(&bv[c], &bv[d]))
                d++;
            if (same_page(&bv[c], &v[a])) {
                pc.bv = bv + c;
                pc.bn = d - c;
            }
            c = d;
        }
        a = b;
        for (; running >= jobs; running--)
            if (!page_done())
                rc = DB_EXIT_BAD_INPUT;
        fflush(stdout);
        fflush(stderr);
        pid_t pid = jobs > 1 ? fork() : -1;
        if (pid == 0) {
            int r = plot_page(&pc, trajdir);
            fflush(stdout);
            fflush(stderr);
            _exit(r != 0);
        }
        if (pid > 0) {
            running++;
        } else if (plot_page(&pc, trajdir) != 0) {   /* one job, or no fork: here */
            rc = DB_EXIT_BAD_INPUT;
        }
    }
    for (; running > 0; running--)
        if (!page_done())
            rc = DB_EXIT_BAD_INPUT;
    free(v);
    free(bv);
    cJSON_Delete(j);
    cJSON_Delete(bj);
    return rc;
}
