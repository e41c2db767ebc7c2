/* history.c — "daebench history FILE...": the bench files of successive commits
 * (CI artefacts, oldest first) as a benchmark tracker (issue 27, docs/cli.md
 * "history").  For every run series (problem, scenario, parameters,
 * formulation, solver, variant: db_curve_key) and file, the least work of its
 * work-precision curve at fixed accuracy levels (db_curve_work_at, curves.h);
 * per solver and level the geometric mean of the work relative to the first
 * file over the series that have a value in EVERY file (a set fixed across
 * commits); a table of those ratios (one row per file), the moves beyond a
 * threshold between consecutive files, per series and per solver, largest
 * first; and OUT/history.dat, OUT/history.json and, with gnuplot,
 * OUT/history.png/.svg (plots/history.gp, one panel per level). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/cli/help.h"
#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "harness/cli/names.h"
#include "harness/gate/calibration.h"
#include "harness/gate/curves.h"
#include "harness/results/benchfile.h"
#include "io/datadir.h"
#include "io/escape.h"
#include "io/jsonio.h"
#include "io/mkdirs.h"
#include "plots/gnuplot.h"
#include "reference/measure_names.h"
#include "solvers/solver.h"

#define MAXLEVELS 8
#define CURVE_MAXPTS 64 /* the most points db_curve_work_at takes */

static const char *const work_names[] = {"steps", "f_evals", "jac_evals", "decompositions",
                                         "solves", "cpu"};
#define NWORK ((int)(sizeof work_names / sizeof *work_names))

/* the colours of plot.c's diagrams: one per solver in registry order */
static const char *const palette[] = {"#1F77B4", "#D62728", "#2CA02C", "#9467BD",
                                      "#FF7F0E", "#8C564B", "#E377C2", "#17BECF"};

typedef struct {
    const char *path;
    char commit[48];  /* build.commit, else "git", else "unknown"; "+" when dirty */
    char created[24]; /* the date of "created" */
    double calib;     /* calibration seconds (NAN: none) */
} hfile;

/* one series in one file: its work at each level */
typedef struct {
    char *key, *label, *solver;
    int file;
    double w[MAXLEVELS];
} hcell;

typedef struct {
    const char *key, *label, *solver;
    double *w; /* [file * nlevels + level], NAN where the curve does not reach it */
} hseries;

/* one solver at one level: the geometric mean ratio per file */
typedef struct {
    const char *solver;
    int level, nseries;
    double *g; /* [file] */
} hcolumn;

typedef struct {
    const char *what; /* the series label or the solver */
    int series;       /* 1: a series, 0: a solver's mean */
    int level, file, nseries;
    double a, b;
} hmove;

typedef struct {
    int nfiles, nlevels;
    double levels[MAXLEVELS];
    const char *work, *measure;
    double threshold;
    int cpu_calibrated;
    hfile *files;
    hcell *cells;
    size_t ncells, capcells;
    int toomany; /* series with more runs in one file than a curve takes */
} hist;

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        db_die("history: out of memory");
    return p;
}

static char *xstrdup(const char *s)
{
    char *p = xmalloc(strlen(s) + 1);
    memcpy(p, s, strlen(s) + 1);
    return p;
}

/* s copied into out with every byte outside [A-Za-z0-9.+-:] as '?' (text of a
 * header for the terminal, gnuplot and the .dat file alike) */
static void safe_copy(char *out, size_t len, const char *s, size_t maxchars)
{
    size_t k = 0;
    for (; s && s[k] && k < maxchars && k + 1 < len; k++) {
        char c = s[k];
        int okc = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '+' || c == '-' || c == ':';
        out[k] = okc ? c : '?';
    }
    out[k] = '\0';
}

static void file_header(const cJSON *doc, hfile *hf)
{
    const cJSON *build = cJSON_GetObjectItemCaseSensitive(doc, "build");
    const char *c = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(build, "commit"));
    if (!c || !*c)
        c = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "git"));
    if (!c || !*c)
        c = "unknown";
    safe_copy(hf->commit, sizeof hf->commit - 1, c, 7);
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(build, "dirty")))
        strcat(hf->commit, "+");
    const char *cr = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "created"));
    safe_copy(hf->created, sizeof hf->created, cr && *cr ? cr : "-", 10);
    hf->calib = db_calibration_seconds(doc);
}

static double work_of(const hist *h, const cJSON *r, double calib)
{
    if (strcmp(h->work, "cpu") == 0) {
        double c = db_json_num_at(r, "cpu_seconds", NULL);
        if (h->cpu_calibrated)
            c /= calib;
        return c > 0 ? c : NAN;
    }
    double c = db_json_num_at(r, "counters", h->work);
    return isfinite(c) ? fmax(c, 1.0) : NAN; /* 0 counts as 1, as in check */
}

typedef struct {
    char key[600];
    const cJSON *r;
} keyed;

static int by_key(const void *a, const void *b)
{
    return strcmp(((const keyed *)a)->key, ((const keyed *)b)->key);
}

static void add_cell(hist *h, const hcell *c)
{
    if (h->ncells == h->capcells) {
        h->capcells = h->capcells ? 2 * h->capcells : 256;
        hcell *nc = realloc(h->cells, h->capcells * sizeof *nc);
        if (!nc)
            db_die("history: out of memory");
        h->cells = nc;
    }
    h->cells[h->ncells++] = *c;
}

/* a bench file read and checked (benchfile.h); dies naming it */
static cJSON *read_doc(const char *path)
{
    char err[700];
    cJSON *doc = db_bench_read(path, err, sizeof err); /* benchfile.h */
    if (!doc)
        db_die("history: %s", err);
    return doc;
}

/* the series of file f as cells: per series its work at each level */
static void read_series(hist *h, int f, cJSON *doc)
{
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(doc, "runs"), *r;
    int n = cJSON_GetArraySize(runs), nk = 0;
    keyed *k = xmalloc(((size_t)n + 1) * sizeof *k);
    char label[600];
    cJSON_ArrayForEach(r, runs) {
        const char *st = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "status"));
        if (st && strcmp(st, "ok") == 0 &&
            db_curve_key(r, k[nk].key, sizeof k[nk].key, label, sizeof label) == 0)
            k[nk++].r = r;
    }
    if (nk > 1)
        qsort(k, (size_t)nk, sizeof *k, by_key);
    for (int i = 0; i < nk;) {
        int j = i;
        while (j < nk && strcmp(k[i].key, k[j].key) == 0)
            j++;
        db_curve_pt p[CURVE_MAXPTS];
        int np = 0, over = 0;
        for (int q = i; q < j; q++) {
            db_curve_pt pt = {db_measure_of(k[q].r, h->measure, NULL),
                              work_of(h, k[q].r, h->files[f].calib),
                              db_json_num_at(k[q].r, "rtol", NULL)};
            if (!isfinite(pt.acc) || !isfinite(pt.work) || !(pt.work > 0))
                continue;
            if (np == CURVE_MAXPTS)
                over = 1;
            else
                p[np++] = pt;
        }
        hcell c = {0};
        char key[600];
        db_curve_key(k[i].r, key, sizeof key, label, sizeof label);
        c.key = xstrdup(k[i].key);
        c.label = xstrdup(label);
        c.solver = xstrdup(db_json_str_or_empty(k[i].r, "solver"));
        c.file = f;
        for (int L = 0; L < h->nlevels; L++)
            c.w[L] = np && !over ? db_curve_work_at(p, np, h->levels[L]) : NAN;
        h->toomany += over;
        add_cell(h, &c);
        i = j;
    }
    free(k);
}

static int by_cell(const void *a, const void *b)
{
    const hcell *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : x->file - y->file;
}

static int solver_rank(const char *name)
{
    for (int i = 0; i < DB_SOLVER_SLOTS && db_solvers[i]; i++)
        if (strcmp(db_solvers[i]->name, name) == 0)
            return i;
    return DB_SOLVER_SLOTS; /* an unknown solver (older file, plugin): after the built-in ones */
}

static const char *solver_colour(const char *name)
{
    int r = solver_rank(name);
    if (r < DB_SOLVER_SLOTS)
        return palette[r % 8];
    unsigned x = 5381;
    for (const char *c = name; *c; c++)
        x = x * 33u + (unsigned char)*c;
    return palette[x % 8u];
}

static int by_solver(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    int c = solver_rank(x) - solver_rank(y);
    return c ? c : strcmp(x, y);
}

static int by_move(const void *a, const void *b)
{
    const hmove *x = a, *y = b;
    double dx = fabs(log(x->b / x->a)), dy = fabs(log(y->b / y->a));
    if (dx != dy)
        return dx < dy ? 1 : -1;
    int c = strcmp(x->what, y->what);
    if (c)
        return c;
    return x->level != y->level ? x->level - y->level : x->file - y->file;
}

/* a move beyond the threshold: |log(b/a)| > log(1 + threshold) */
static int moved(double a, double b, double th)
{
    return isfinite(a) && isfinite(b) && a > 0 && b > 0 &&
           fabs(log(b / a)) > log1p(th) * (1 + 1e-9);
}

static void fmt_work(const hist *h, double w, char *buf, size_t len)
{
    if (strcmp(h->work, "cpu") != 0)
        snprintf(buf, len, "%.0f", w);
    else
        snprintf(buf, len, "%.3g%s", w, h->cpu_calibrated ? " cal" : " s");
}

static void fmt_level(double x, char *buf, size_t len)
{
    snprintf(buf, len, "%g", x);
}

static void parse_levels(hist *h, const char *s)
{
    char buf[256];
    const char *items[MAXLEVELS];
    if (strlen(s) >= sizeof buf)
        db_die("history: --levels '%.40s...' too long", s);
    h->nlevels = db_cli_split(s, buf, sizeof buf, items, MAXLEVELS);
    for (int i = 0; i < h->nlevels; i++) {
        if (db_parse_positive(items[i], &h->levels[i]) != 0 || h->levels[i] > 20)
            db_die("history: bad level '%s' in --levels (digits: a number in (0, 20])", items[i]);
        for (int j = 0; j < i; j++)
            if (h->levels[j] == h->levels[i])
                db_die("history: level %s twice in --levels", items[i]);
    }
}

/* ---- the outputs ---- */

static void write_dat(const hist *h, const char *path, const hcolumn *col, int ncol,
                      const char *const *solvers, int nsolvers)
{
    char tmp[DB_PATH_MAX + 64], err[700], lv[32];
    FILE *f = db_out_open(path, tmp, sizeof tmp, err, sizeof err);
    if (!f)
        db_die("history: %s", err);
    fprintf(f, "# daebench history: %s at %s levels, relative to file 1: the geometric mean "
               "over the series with a value in every file\n", h->work, h->measure);
    for (int i = 0; i < h->nfiles; i++)
        fprintf(f, "# file %d: %s %s %s\n", i + 1, h->files[i].commit, h->files[i].created,
                db_esc_dat(h->files[i].path));
    fprintf(f, "# blocks: level-major, one per solver (index = level * %d + solver); "
               "columns: file ratio series\n", nsolvers);
    int b = 0;
    for (int L = 0; L < h->nlevels; L++)
        for (int s = 0; s < nsolvers; s++, b++) {
            const hcolumn *c = NULL;
            for (int k = 0; k < ncol; k++)
                if (col[k].level == L && strcmp(col[k].solver, solvers[s]) == 0)
                    c = &col[k];
            fmt_level(h->levels[L], lv, sizeof lv);
            fprintf(f, "%s# block %d: %s at %s digits (%d series)\n", b ? "\n\n" : "", b,
                    solvers[s], lv, c ? c->nseries : 0);
            for (int i = 0; i < h->nfiles; i++) {
                double g = c && c->nseries ? c->g[i] : NAN;
                if (isfinite(g))
                    fprintf(f, "%d %.6e %d\n", i + 1, g, c->nseries);
                else
                    fprintf(f, "%d NaN 0\n", i + 1);
            }
        }
    if (db_out_commit(f, tmp, path, err, sizeof err) != 0)
        db_die("history: %s", err);
}

static cJSON *move_json(const hist *h, const hmove *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, m->series ? "series" : "solver", m->what);
    cJSON_AddNumberToObject(o, "level", h->levels[m->level]);
    cJSON_AddNumberToObject(o, "from_file", m->file + 1);
    cJSON_AddNumberToObject(o, "to_file", m->file + 2);
    cJSON_AddStringToObject(o, "from_commit", h->files[m->file].commit);
    cJSON_AddStringToObject(o, "to_commit", h->files[m->file + 1].commit);
    cJSON_AddItemToObject(o, m->series ? "work_from" : "ratio_from", db_json_num(m->a));
    cJSON_AddItemToObject(o, m->series ? "work_to" : "ratio_to", db_json_num(m->b));
    cJSON_AddItemToObject(o, "factor", db_json_num(m->b / m->a));
    if (!m->series)
        cJSON_AddNumberToObject(o, "nseries", m->nseries);
    return o;
}

static void write_json(const hist *h, const char *path, const hcolumn *col, int ncol,
                       const hmove *mv, int nmv)
{
    cJSON *root = cJSON_CreateObject(), *a;
    cJSON_AddStringToObject(root, "schema", "daebench.history/1");
    cJSON_AddStringToObject(root, "work", h->work);
    cJSON_AddBoolToObject(root, "cpu_calibrated", h->cpu_calibrated);
    cJSON_AddStringToObject(root, "measure", h->measure);
    cJSON_AddItemToObject(root, "levels", db_json_numarray(h->levels, h->nlevels));
    cJSON_AddNumberToObject(root, "threshold", h->threshold);
    cJSON_AddItemToObject(root, "files", a = cJSON_CreateArray());
    for (int i = 0; i < h->nfiles; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "path", h->files[i].path);
        cJSON_AddStringToObject(o, "commit", h->files[i].commit);
        cJSON_AddStringToObject(o, "created", h->files[i].created);
        cJSON_AddItemToArray(a, o);
    }
    cJSON_AddItemToObject(root, "columns", a = cJSON_CreateArray());
    for (int k = 0; k < ncol; k++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "solver", col[k].solver);
        cJSON_AddNumberToObject(o, "level", h->levels[col[k].level]);
        cJSON_AddNumberToObject(o, "nseries", col[k].nseries);
        cJSON *r = cJSON_AddArrayToObject(o, "ratio");
        for (int i = 0; i < h->nfiles; i++)
            cJSON_AddItemToArray(r, db_json_num(col[k].nseries ? col[k].g[i] : NAN));
        cJSON_AddItemToArray(a, o);
    }
    cJSON *ms = cJSON_AddArrayToObject(root, "moves");
    cJSON *ss = cJSON_AddArrayToObject(root, "solver_moves");
    for (int i = 0; i < nmv; i++)
        cJSON_AddItemToArray(mv[i].series ? ms : ss, move_json(h, &mv[i]));
    char err[700];
    if (db_json_write_atomic(path, root, err, sizeof err) != 0)
        db_die("history: %s", err);
    cJSON_Delete(root);
}

static int draw(const hist *h, const char *dat, const char *outbase, const char *script,
                const hcolumn *col, int ncol, const char *const *solvers, int nsolvers)
{
    double lo = 1, hi = 1;
    for (int k = 0; k < ncol; k++)
        for (int i = 0; i < h->nfiles && col[k].nseries; i++)
            if (isfinite(col[k].g[i])) {
                lo = fmin(lo, col[k].g[i]);
                hi = fmax(hi, col[k].g[i]);
            }
    size_t cap = 4096 + (size_t)h->nfiles * 40 + (size_t)nsolvers * 90 + 2 * strlen(outbase) +
                 2 * strlen(dat);
    char *titles = xmalloc(cap), *colors = xmalloc(cap), *xt = xmalloc(cap), *levels = xmalloc(cap);
    char *expr = xmalloc(4 * cap);
    titles[0] = colors[0] = xt[0] = levels[0] = '\0';
    for (int s = 0; s < nsolvers; s++) {
        size_t u = strlen(titles);
        snprintf(titles + u, cap - u, "%s%s", s ? " " : "", solvers[s]);
        u = strlen(colors);
        snprintf(colors + u, cap - u, "%s%s", s ? " " : "", solver_colour(solvers[s]));
    }
    for (int i = 0; i < h->nfiles; i++) {
        size_t u = strlen(xt);
        snprintf(xt + u, cap - u, "%s\"%d %s\" %d", i ? ", " : "", i + 1, h->files[i].commit,
                 i + 1);
    }
    for (int L = 0; L < h->nlevels; L++) {
        size_t u = strlen(levels);
        snprintf(levels + u, cap - u, "%s%g", L ? " " : "", h->levels[L]);
    }
    snprintf(expr, 4 * cap,
             "datafile='%s'; outbase='%s'; levels='%s'; nsolvers=%d; titles='%s'; colors='%s'; "
             "nfiles=%d; xt='%s'; ylo=%.6g; yhi=%.6g; ylab='%s'",
             db_esc_gnuplot(dat), db_esc_gnuplot(outbase), levels, nsolvers,
             db_esc_gnuplot(titles), colors, h->nfiles, xt, lo / 1.15, hi * 1.15,
             strcmp(h->work, "cpu") == 0 ? (h->cpu_calibrated ? "calibrated CPU time" : "CPU time")
                                         : h->work);
    int rc = db_gnuplot_run("history", expr, script, dat);
    free(titles);
    free(colors);
    free(xt);
    free(levels);
    free(expr);
    return rc;
}

/* ---- the command ---- */

int db_cmd_history(int argc, char **argv)
{
    hist h = {0};
    h.work = "f_evals";
    h.measure = "gscd";
    h.threshold = 0.10;
    parse_levels(&h, "4,6,8");
    long maxlines = 20;
    const char *outdir = "results/history";
    const char **paths = xmalloc(((size_t)argc + 1) * sizeof *paths);
    int np = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--work") == 0) {
            h.work = db_cli_value(argc, argv, &i);
            int k = 0;
            while (k < NWORK && strcmp(work_names[k], h.work) != 0)
                k++;
            if (k == NWORK)
                db_die_unknown("history", "work measure", h.work, work_names, NWORK);
        } else if (strcmp(a, "--measure") == 0) {
            h.measure = db_cli_value(argc, argv, &i);
            if (!db_measure_find(h.measure)) {
                const char *names[8];
                int n = 0;
                for (const db_measure_name *m = db_measure_names; m->name && n < 8; m++)
                    names[n++] = m->name;
                db_die_unknown("history", "measure", h.measure, names, n);
            }
        } else if (strcmp(a, "--levels") == 0)
            parse_levels(&h, db_cli_value(argc, argv, &i));
        else if (strcmp(a, "--threshold") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            if (db_parse_positive(v, &h.threshold) != 0 || h.threshold > 100)
                db_die("history: bad --threshold '%s' (a relative change in (0, 100], "
                       "0.10 = 10 %%)", v);
        } else if (strcmp(a, "--max") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            if (db_parse_count(v, &maxlines) != 0 || maxlines > 1000000)
                db_die("history: bad --max '%s' (a count of lines)", v);
        } else if (strcmp(a, "--out") == 0)
            outdir = db_cli_value(argc, argv, &i);
        else if (a[0] == '-' && a[1])
            db_die_unknown_option("history", a);
        else
            paths[np++] = a;
    }
    if (np < 2)
        db_die("history: needs at least two bench files, oldest first (%d given; see daebench "
               "history --help)", np);
    if (!*outdir || strchr(outdir, '\'') || strchr(outdir, '"'))
        db_die("history: --out must be a directory name without quotes");
    if (strlen(outdir) > DB_PATH_MAX - 64)
        db_die("history: --out longer than %d bytes", DB_PATH_MAX - 64);
    int have_gnuplot = db_in_path("gnuplot");
    char data[DB_PATH_MAX], script[DB_PATH_MAX + 32];
    const char *pdir = getenv("DAEBENCH_PLOTS_DIR");
    snprintf(script, sizeof script, "%s/history.gp",
             pdir && *pdir ? pdir : db_data_dir("plots", data, sizeof data));
    if (have_gnuplot && access(script, R_OK) != 0)
        db_die("history: cannot read %s", script);

    /* every file read and checked before anything is written */
    h.nfiles = np;
    h.files = xmalloc((size_t)np * sizeof *h.files);
    cJSON **docs = xmalloc((size_t)np * sizeof *docs);
    int all_calib = 1;
    for (int f = 0; f < np; f++) {
        memset(&h.files[f], 0, sizeof h.files[f]);
        h.files[f].path = paths[f];
        docs[f] = read_doc(paths[f]);
        file_header(docs[f], &h.files[f]);
        all_calib &= isfinite(h.files[f].calib);
        if (strcmp(h.work, "cpu") != 0) { /* no need to keep it */
            read_series(&h, f, docs[f]);
            cJSON_Delete(docs[f]);
            docs[f] = NULL;
        }
    }
    if (strcmp(h.work, "cpu") == 0) {
        h.cpu_calibrated = all_calib;
        if (!all_calib)
            fprintf(stderr, "daebench: history: not every file has a calibration: CPU times "
                            "compared as measured (machines may differ)\n");
        for (int f = 0; f < np; f++) {
            read_series(&h, f, docs[f]);
            cJSON_Delete(docs[f]);
        }
    }
    free(docs);
    if (h.toomany)
        fprintf(stderr, "daebench: history: %d curves with more than %d runs left out\n",
                h.toomany, CURVE_MAXPTS);

    /* the series across files */
    if (h.ncells > 1)
        qsort(h.cells, h.ncells, sizeof *h.cells, by_cell);
    size_t nser = 0;
    for (size_t i = 0; i < h.ncells; i++)
        nser += i == 0 || strcmp(h.cells[i].key, h.cells[i - 1].key) != 0;
    hseries *ser = xmalloc((nser + 1) * sizeof *ser);
    size_t stride = (size_t)h.nfiles * (size_t)h.nlevels;
    double *wall = xmalloc((nser * stride + 1) * sizeof *wall);
    for (size_t i = 0; i < nser * stride; i++)
        wall[i] = NAN;
    int ns = -1;
    for (size_t i = 0; i < h.ncells; i++) {
        const hcell *c = &h.cells[i];
        if (i == 0 || strcmp(c->key, h.cells[i - 1].key) != 0) {
            ns++;
            ser[ns] = (hseries){c->key, c->label, c->solver, wall + (size_t)ns * stride};
        }
        for (int L = 0; L < h.nlevels; L++)
            ser[ns].w[c->file * h.nlevels + L] = c->w[L];
    }

    /* the solvers, in registry order */
    const char **solvers = xmalloc((nser + 1) * sizeof *solvers);
    int nsolvers = 0;
    for (size_t s = 0; s < nser; s++) {
        int k = 0;
        while (k < nsolvers && strcmp(solvers[k], ser[s].solver) != 0)
            k++;
        if (k == nsolvers)
            solvers[nsolvers++] = ser[s].solver;
    }
    if (nsolvers > 1)
        qsort(solvers, (size_t)nsolvers, sizeof *solvers, by_solver);

    /* per solver and level: the geometric mean over the series finite in every file */
    int ncol = nsolvers * h.nlevels;
    hcolumn *col = xmalloc(((size_t)ncol + 1) * sizeof *col);
    double *gall = xmalloc(((size_t)ncol * (size_t)h.nfiles + 1) * sizeof *gall);
    for (int s = 0; s < nsolvers; s++)
        for (int L = 0; L < h.nlevels; L++) {
            hcolumn *c = &col[s * h.nlevels + L];
            c->solver = solvers[s];
            c->level = L;
            c->nseries = 0;
            c->g = gall + (size_t)(s * h.nlevels + L) * (size_t)h.nfiles;
            for (int i = 0; i < h.nfiles; i++)
                c->g[i] = 0;
            for (size_t q = 0; q < nser; q++) {
                if (strcmp(ser[q].solver, solvers[s]) != 0)
                    continue;
                int every = 1;
                for (int i = 0; i < h.nfiles && every; i++)
                    every = isfinite(ser[q].w[i * h.nlevels + L]);
                if (!every)
                    continue;
                c->nseries++;
                for (int i = 0; i < h.nfiles; i++)
                    c->g[i] += log(ser[q].w[i * h.nlevels + L] / ser[q].w[L]);
            }
            for (int i = 0; i < h.nfiles; i++)
                c->g[i] = c->nseries ? exp(c->g[i] / c->nseries) : NAN;
        }

    /* the moves between consecutive files */
    size_t capmv = 64, nmv = 0;
    hmove *mv = xmalloc(capmv * sizeof *mv);
    for (int pass = 0; pass < 2; pass++) {
        size_t nitems = pass == 0 ? nser : (size_t)ncol;
        for (size_t q = 0; q < nitems; q++)
            for (int L = 0; L < h.nlevels; L++) {
                if (pass == 1 && (col[q].level != L || !col[q].nseries))
                    continue;
                for (int i = 0; i + 1 < h.nfiles; i++) {
                    double a = pass == 0 ? ser[q].w[i * h.nlevels + L] : col[q].g[i];
                    double b = pass == 0 ? ser[q].w[(i + 1) * h.nlevels + L] : col[q].g[i + 1];
                    if (!moved(a, b, h.threshold))
                        continue;
                    if (nmv == capmv) {
                        capmv *= 2;
                        hmove *n2 = realloc(mv, capmv * sizeof *mv);
                        if (!n2)
                            db_die("history: out of memory");
                        mv = n2;
                    }
                    mv[nmv++] = (hmove){pass == 0 ? ser[q].label : col[q].solver, pass == 0, L,
                                        i, pass == 0 ? 1 : col[q].nseries, a, b};
                }
            }
    }
    if (nmv > 1)
        qsort(mv, nmv, sizeof *mv, by_move);

    /* the outputs: OUT/history.dat, .json (atomic), then the text, then the diagram */
    if (db_mkdirs(outdir) != 0)
        db_die("history: cannot create %s: %s", outdir, strerror(errno));
    char dat[DB_PATH_MAX + 32], json[DB_PATH_MAX + 32], base[DB_PATH_MAX + 32], err[700];
    snprintf(dat, sizeof dat, "%s/history.dat", outdir);
    snprintf(json, sizeof json, "%s/history.json", outdir);
    snprintf(base, sizeof base, "%s/history", outdir);
    if (db_output_check(dat, err, sizeof err) != 0 || db_output_check(json, err, sizeof err) != 0)
        db_die("history: %s", err);
    write_dat(&h, dat, col, ncol, solvers, nsolvers);
    write_json(&h, json, col, ncol, mv, (int)nmv);

    char lv[32];
    const char *cpunote = h.cpu_calibrated ? " (calibrated)" : " (as measured)";
    printf("history of %d bench files: %s%s to reach %s ", h.nfiles, h.work,
           strcmp(h.work, "cpu") == 0 ? cpunote : "", h.measure);
    for (int L = 0; L < h.nlevels; L++) {
        fmt_level(h.levels[L], lv, sizeof lv);
        printf("%s%s", L ? ", " : "", lv);
    }
    printf(" digits, relative to file 1\n(per solver and level: geometric mean over the series "
           "with a value in every file; their count in the second row)\n\n");
    /* the columns with at least one series */
    printf("%-3s %-8s %-10s", "#", "commit", "created");
    for (int k = 0; k < ncol; k++)
        if (col[k].nseries) {
            char head[96];
            fmt_level(h.levels[col[k].level], lv, sizeof lv);
            snprintf(head, sizeof head, "%s@%s", col[k].solver, lv);
            printf(" %*s", (int)(strlen(head) > 9 ? strlen(head) : 9), head);
        }
    printf("  file\n%-3s %-8s %-10s", "", "series", "");
    for (int k = 0; k < ncol; k++)
        if (col[k].nseries) {
            char head[96];
            fmt_level(h.levels[col[k].level], lv, sizeof lv);
            int wd = snprintf(head, sizeof head, "%s@%s", col[k].solver, lv);
            printf(" %*d", wd > 9 ? wd : 9, col[k].nseries);
        }
    printf("\n");
    for (int i = 0; i < h.nfiles; i++) {
        printf("%-3d %-8s %-10s", i + 1, h.files[i].commit, h.files[i].created);
        for (int k = 0; k < ncol; k++)
            if (col[k].nseries) {
                char head[96];
                fmt_level(h.levels[col[k].level], lv, sizeof lv);
                int wd = snprintf(head, sizeof head, "%s@%s", col[k].solver, lv);
                printf(" %*.3f", wd > 9 ? wd : 9, col[k].g[i]);
            }
        printf("  %s\n", db_esc_term(h.files[i].path));
    }
    int empty = 0;
    for (int k = 0; k < ncol; k++)
        if (!col[k].nseries) {
            fmt_level(h.levels[col[k].level], lv, sizeof lv);
            printf("%s%s@%s", empty++ ? ", " : "\nno series with a value in every file: ",
                   col[k].solver, lv);
        }
    if (empty)
        printf("\n");

    for (int pass = 0; pass < 2; pass++) {
        size_t total = 0, shown = 0;
        for (size_t m = 0; m < nmv; m++)
            total += mv[m].series == (pass == 0);
        printf("\n%s moved by more than %g %% between consecutive files: %zu%s\n",
               pass == 0 ? "series" : "solvers (geometric mean of their series)",
               100 * h.threshold, total,
               total > (size_t)maxlines ? " (the largest shown, --max)" : "");
        for (size_t m = 0; m < nmv && shown < (size_t)maxlines; m++) {
            const hmove *x = &mv[m];
            if (x->series != (pass == 0))
                continue;
            char wa[48], wb[48];
            fmt_level(h.levels[x->level], lv, sizeof lv);
            if (x->series) {
                fmt_work(&h, x->a, wa, sizeof wa);
                fmt_work(&h, x->b, wb, sizeof wb);
                printf("moved: %s at %s digits: %s -> %s (x%.2f) between %s and %s "
                       "(files %d -> %d)\n",
                       db_esc_term(x->what), lv, wa, wb, x->b / x->a, h.files[x->file].commit,
                       h.files[x->file + 1].commit, x->file + 1, x->file + 2);
            } else
                printf("moved: solver %s (%d series) at %s digits: %.3f -> %.3f (x%.2f) between "
                       "%s and %s (files %d -> %d)\n", db_esc_term(x->what), x->nseries, lv, x->a,
                       x->b, x->b / x->a, h.files[x->file].commit, h.files[x->file + 1].commit,
                       x->file + 1, x->file + 2);
            shown++;
        }
    }
    printf("\n%s %s\n", dat, json);

    int rc = 0;
    if (!have_gnuplot)
        fprintf(stderr, "daebench: history: gnuplot not found in PATH: wrote %s and %s only "
                        "(install gnuplot for the diagram)\n", dat, json);
    else if (draw(&h, dat, base, script, col, ncol, solvers, nsolvers) != 0)
        rc = DB_EXIT_BAD_INPUT; /* db_gnuplot_run said why */
    else
        printf("%s.png %s.svg (%d solvers, %d levels)\n", base, base, nsolvers, h.nlevels);

    for (size_t i = 0; i < h.ncells; i++) {
        free(h.cells[i].key);
        free(h.cells[i].label);
        free(h.cells[i].solver);
    }
    free(h.cells);
    free(h.files);
    free(paths);
    free(ser);
    free(wall);
    free(solvers);
    free(col);
    free(gall);
    free(mv);
    return rc;
}
