/* papers.c — "daebench papers": every published value of the seeds that the
 * catalogue and the solvers can address (papers/seedNNN.json), ours beside it
 * from the "daebench run" command the entry names, the ratio, the digits of
 * agreement and a verdict; written as results/papers.{json,md,html}.  With
 * --baseline FILE a verdict that got worse than in FILE is a regression (exit 1;
 * papers_compare.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "io/jsonio.h"
#include "harness/papers/papers.h"
#include "harness/papers/papers_probe.h"
#include "harness/run/isolate.h"
#include "harness/run/plugin.h"
#include "harness/run/run.h"

#ifndef DAEBENCH_SOURCE_DIR
#define DAEBENCH_SOURCE_DIR "."
#endif

#define MAX_ARGS 48
#define PAPERS_MAX_CPU 60.0     /* budget of one run of the page (s) */

/* one distinct run command and its result (several entries share one run) */
typedef struct {
    char *cmd;
    char *words;          /* the command split into words (the spec points into it) */
    db_run_result res;
    int nev;              /* events located (measure event:K): -2 not yet asked */
    double ev[DB_PAPERS_MAX_EVENTS];
} run_cache;

typedef struct {
    run_cache *c;
    int n, cap;
} cache_t;

static run_cache *cached_run(cache_t *cache, const char *cmd, const char *where)
{
    for (int i = 0; i < cache->n; i++)
        if (strcmp(cache->c[i].cmd, cmd) == 0)
            return &cache->c[i];
    if (cache->n == cache->cap) {
        int cap = cache->cap ? 2 * cache->cap : 32;
        run_cache *c = realloc(cache->c, (size_t)cap * sizeof *c);
        if (!c)
            db_die("papers: out of memory");
        cache->c = c;
        cache->cap = cap;
    }
    run_cache *rc = &cache->c[cache->n];
    size_t len = strlen(cmd);
    char *buf = malloc(len + 1);
    rc->cmd = malloc(len + 1);
    if (!buf || !rc->cmd)
        db_die("papers: out of memory");
    memcpy(rc->cmd, cmd, len + 1);
    memcpy(buf, cmd, len + 1);
    char *argv[MAX_ARGS];
    int argc = 0;
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        if (argc == MAX_ARGS)
            db_die("papers: %s: run command has more than %d words", where, MAX_ARGS);
        argv[argc++] = tok;
    }
    db_run_spec spec;
    const char *json = NULL;
    db_run_parse_args(argc, argv, &spec, &json);
    if (json)
        db_die("papers: %s: --json has no place in a run command of the page", where);
    if (spec.max_cpu == 0)
        spec.max_cpu = PAPERS_MAX_CPU;
    spec.timing_cap = 1e-9; /* one integration: the page compares counters, not time */
    char err[512];
    /* a plugin's solver runs in a child, as in run and bench: a crash of it is a
     * failed run of the page, not of daebench (issue 28) */
    int st = db_plugin_of(spec.solver) ? db_run_isolated(&spec, NULL, &rc->res, err, sizeof err)
                                       : db_run_execute(&spec, &rc->res, err, sizeof err);
    if (st == 1)
        db_die("papers: %s: interrupted", where);
    if (st != 0)
        db_die("papers: %s: %s", where, err);
    rc->words = buf;
    rc->nev = -2;
    cache->n++;
    char line[512];
    db_run_summary(&rc->res, line, sizeof line);
    printf("papers: %s\n", line);
    fflush(stdout);
    return rc;
}

static long extra_value(const db_counters *c, const char *name, int *found)
{
    long v = 0;
    *found = db_counters_get_extra(c, name, &v);
    return v;
}

static int group_of(char g)
{
    const char *groups = "pvlm";
    const char *p = g ? strchr(groups, g) : NULL;
    return p ? (int)(p - groups) : -1;
}

/* the value of a measure of a run (ok, or failed for an entry at_failure); NAN
 * when it has none.  Dies on an unknown measure (bad data file) and on an event or
 * structure probe that cannot be made. */
static double measure_value(run_cache *rc, const char *m, const char *where)
{
    const db_run_result *r = &rc->res;
    const db_counters *c = &r->counters;
    int found;
    char err[512];
    if (strncmp(m, "event:", 6) == 0) {    /* time of the K-th located event */
        long k = strtol(m + 6, NULL, 10);
        if (rc->nev == -2 &&
            (rc->nev = db_papers_events(&r->spec, rc->ev, DB_PAPERS_MAX_EVENTS, err,
                                        sizeof err)) < 0)
            db_die("papers: %s: %s", where, err);
        return k < rc->nev && k < DB_PAPERS_MAX_EVENTS ? rc->ev[k] : NAN;
    }
    if (strcmp(m, "nnz:A") == 0) {
        long n = db_papers_saddle_nnz(&r->spec, err, sizeof err);
        if (n < 0)
            db_die("papers: %s: %s", where, err);
        return (double)n;
    }
    if (strcmp(m, "steps") == 0)
        return (double)c->steps;
    if (strcmp(m, "rejected") == 0)
        return (double)c->rejected;
    if (strcmp(m, "attempts") == 0)
        return (double)(c->steps + c->rejected);
    if (strcmp(m, "f_evals") == 0)
        return (double)c->f_evals;
    if (strcmp(m, "jac_evals") == 0)
        return (double)c->jac_evals;
    if (strcmp(m, "decompositions") == 0)
        return (double)c->decompositions;
    if (strcmp(m, "solves") == 0)
        return (double)c->solves;
    if (strncmp(m, "extra:", 6) == 0) {
        long v = extra_value(c, m + 6, &found);
        return found ? (double)v : NAN;
    }
    if (strcmp(m, "comp_err_max") == 0)
        return r->comp_err_max;
    if (strcmp(m, "comp_err_end") == 0)
        return r->comp_err_end;
    if (strcmp(m, "comp_err_max_steps") == 0)   /* run --step-points --component G:I */
        return r->spec.step_points ? r->comp_step_err_max : NAN;
    if (strncmp(m, "size:", 5) == 0) {
        double s = 0;
        for (const char *p = m + 5; *p; p++) {
            int g = group_of(*p);
            if (g < 0 && *p != '+')
                db_die("papers: %s: bad measure '%s'", where, m);
            if (g >= 0)
                s += r->size[g];
        }
        return s;
    }
    if (strncmp(m, "end:", 4) == 0) {
        int g = group_of(m[4]);
        char *endp;
        long i = m[5] == ':' ? strtol(m + 6, &endp, 10) : -1;
        if (g < 0 || i < 0 || m[5] != ':' || *endp)
            db_die("papers: %s: bad measure '%s' (end:G:I)", where, m);
        if (!r->have_end || i >= r->size[g])
            return NAN;
        return r->end[g][i];
    }
    db_die("papers: %s: unknown measure '%s'", where, m);
}

/* 1 if m names a measure measure_value knows (checked before any run) */
static int measure_known(const char *m)
{
    static const char *const plain[] = {"steps", "rejected", "attempts", "f_evals",
                                        "jac_evals", "decompositions", "solves", "status",
                                        "comp_err_max", "comp_err_end", "comp_err_max_steps",
                                        "nnz:A"};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        if (strcmp(m, plain[i]) == 0)
            return 1;
    if (strncmp(m, "extra:", 6) == 0)
        return m[6] != '\0';
    if (strncmp(m, "event:", 6) == 0) {
        char *endp;
        long k = strtol(m + 6, &endp, 10);
        return m[6] && *endp == '\0' && k >= 0 && k < DB_PAPERS_MAX_EVENTS;
    }
    if (strncmp(m, "size:", 5) == 0) {
        if (!m[5])
            return 0;
        for (const char *p = m + 5; *p; p++)
            if (group_of(*p) < 0 && *p != '+')
                return 0;
        return 1;
    }
    if (strncmp(m, "end:", 4) == 0) {
        char *endp;
        if (group_of(m[4]) < 0 || m[5] != ':' || !m[6])
            return 0;
        long i = strtol(m + 6, &endp, 10);
        return i >= 0 && *endp == '\0';
    }
    return 0;
}

static const char *str_field(const cJSON *o, const char *name)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

/* 1 if a measure is a solution value (judged in digits), 0 for a count or an error
 * size (judged by the ratio) */
static int measure_is_value(const char *m)
{
    return strncmp(m, "end:", 4) == 0 || strncmp(m, "event:", 6) == 0;
}

/* evaluate one entry of a data file into a results entry (cache NULL: only check
 * the entry).  An entry with a run gets a verdict; only an entry without one is
 * not comparable. */
static cJSON *evaluate(const cJSON *e, const char *seed, cache_t *cache, int k, int counts[4],
                       int *uncaused)
{
    char where[96];
    const char *id = str_field(e, "id");
    snprintf(where, sizeof where, "seed%s.json entry %d", seed, k);
    if (!id)
        db_die("papers: %s: 'id' missing", where);
    snprintf(where, sizeof where, "seed%s.json %.60s", seed, id);
    const char *table = str_field(e, "table"), *what = str_field(e, "what");
    const char *measure = str_field(e, "measure"), *cmd = str_field(e, "run");
    const char *nc = str_field(e, "not_comparable"), *note = str_field(e, "note");
    const char *cause = str_field(e, "cause");
    const cJSON *pub = cJSON_GetObjectItemCaseSensitive(e, "published");
    const cJSON *atf = cJSON_GetObjectItemCaseSensitive(e, "at_failure");
    if (!table || !what)
        db_die("papers: %s: 'table' and 'what' are required", where);
    if (!cJSON_IsNumber(pub) && !cJSON_IsString(pub))
        db_die("papers: %s: 'published' must be a number or a string", where);
    if (!nc && (!cmd || !measure))
        db_die("papers: %s: 'run' and 'measure' are required unless 'not_comparable'", where);
    if (nc && cmd)
        db_die("papers: %s: an entry with a run gets a verdict: 'not_comparable' is only "
               "for entries no run can address (give the reason as 'cause' or 'note')", where);
    if (cJSON_IsString(pub) && measure && strcmp(measure, "status") != 0)
        db_die("papers: %s: a published string needs measure 'status'", where);
    if (measure && !measure_known(measure))
        db_die("papers: %s: unknown measure '%s'", where, measure);
    if (atf && !cJSON_IsBool(atf))
        db_die("papers: %s: 'at_failure' must be true or false", where);
    if (!cache)   /* the validation pass: no runs */
        return NULL;

    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", id);
    cJSON_AddStringToObject(o, "seed", seed);
    cJSON_AddStringToObject(o, "table", table);
    cJSON_AddStringToObject(o, "what", what);
    cJSON_AddItemToObject(o, "published", cJSON_Duplicate(pub, 0));
    db_verdict v = DB_VERDICT_NOT_COMPARABLE;
    double ratio = NAN, digits = NAN, ours = NAN;
    const char *ours_status = NULL;
    char why[1024] = "";
    if (cmd) {
        run_cache *rc = cached_run(cache, cmd, where);
        const db_run_result *r = &rc->res;
        char full[600];
        snprintf(full, sizeof full, "daebench run %s", cmd);
        cJSON_AddStringToObject(o, "command", full);
        ours_status = r->status;
        int ok = strcmp(r->status, "ok") == 0;
        /* a published count of a run that failed (steps before the failure) is
         * compared with our failed run's counters */
        int failed_counts = cJSON_IsTrue(atf) && strcmp(r->status, "failed") == 0;
        if (strcmp(measure, "status") == 0) {
            cJSON_AddStringToObject(o, "ours", r->status);
            if (cJSON_IsString(pub))
                v = strcmp(pub->valuestring, r->status) == 0 ? DB_VERDICT_REPRODUCED
                                                             : DB_VERDICT_DIFFERENT;
        } else {
            ours = ok || failed_counts ? measure_value(rc, measure, where) : NAN;
            cJSON_AddItemToObject(o, "ours", db_json_num(ours));
            v = measure_is_value(measure)
                    ? db_papers_verdict_digits(pub->valuedouble, ours, &ratio, &digits)
                    : db_papers_verdict(pub->valuedouble, ours, &ratio, &digits);
            if (measure_is_value(measure))
                cJSON_AddNumberToObject(o, "target_digits",
                                        db_papers_target_digits(pub->valuedouble));
            if (!ok)
                snprintf(why, sizeof why, "our run %s: %.200s", r->status, r->message);
        }
        cJSON_AddStringToObject(o, "measure", measure);
        cJSON_AddStringToObject(o, "run_status", ours_status);
    } else {
        snprintf(why, sizeof why, "%s", nc);
    }
    cJSON_AddItemToObject(o, "ratio", db_json_num(ratio));
    cJSON_AddItemToObject(o, "digits", db_json_num(digits));
    cJSON_AddStringToObject(o, "verdict", db_verdict_name(v));
    if (why[0])
        cJSON_AddStringToObject(o, "why", why);
    if (cause)
        cJSON_AddStringToObject(o, "cause", cause);
    if (note)
        cJSON_AddStringToObject(o, "note", note);
    if (v == DB_VERDICT_DIFFERENT && !cause) {
        fprintf(stderr, "papers: %s: different, and the data give no cause\n", where);
        (*uncaused)++;
    }
    counts[v]++;
    return o;
}

/* ------------------------------------------------------------------ output */

static void fmt_value(const cJSON *x, char *buf, size_t len)
{
    if (cJSON_IsString(x))
        snprintf(buf, len, "%s", x->valuestring);
    else if (cJSON_IsNumber(x)) {
        double v = x->valuedouble;
        if (v == floor(v) && fabs(v) < 1e9)
            snprintf(buf, len, "%.0f", v);
        else
            snprintf(buf, len, "%.10g", v);
    } else
        snprintf(buf, len, "—");
}

static void fmt_num(const cJSON *o, const char *name, const char *fmt, char *buf, size_t len)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, name);
    if (cJSON_IsNumber(x))
        snprintf(buf, len, fmt, x->valuedouble);
    else
        snprintf(buf, len, "—");
}

static void html_escape(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else
            fputc(*s, f);
    }
}

/* write the page as markdown (html = 0) or HTML into a memory stream, then atomically */
static void write_page(const char *path, const cJSON *doc, const int counts[4], int html)
{
    char *data = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    if (!f)
        db_die("papers: out of memory");
    const char *title = "Reproduction of the published tables of the seeds";
    if (html)
        fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>\n"
                   "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
                   "font-size:90%%}td,th{border:1px solid #ccc;padding:2px 6px;vertical-align:top}"
                   ".reproduced{background:#dfd}.close{background:#ffd}.different{background:#fdd}"
                   ".notcomparable{background:#eee}code{font-size:85%%}</style></head><body>\n"
                   "<h1>%s</h1>\n",
                title, title);
    else
        fprintf(f, "# %s\n\n", title);
    const char *intro =
        "Each row: a value a seed publishes, ours from the daebench run command shown, "
        "the ratio ours/published, the digits of agreement -log10(|ours - published| / "
        "|published|), and the verdict. The criteria are the same for every table. "
        "Counts (steps, evaluations, solves, dimensions) and error sizes are judged by "
        "the ratio: reproduced within 5 %, close within a factor 1.5, else different. "
        "Solution values (values at t_end, event times) are judged in digits against a "
        "target, min(s - 1, 8) for a value published with s significant digits (shown "
        "as 'digits / target'): reproduced when the digits reach the target, close when "
        "they are one short, else different. A published outcome (failed/ok) is "
        "reproduced when ours is the same. Every entry whose run is made has a verdict; "
        "not comparable is left for values no run of the catalogue can address (the "
        "reason is given), and every different names its measured cause. Regenerate "
        "with `daebench papers`; `make papers` fails when this page differs from the "
        "generated one.";
    fprintf(f, html ? "<p>%s</p>\n" : "%s\n\n", intro);
    fprintf(f, html ? "<p><b>%d reproduced, %d close, %d different, %d not comparable.</b></p>\n"
                    : "**%d reproduced, %d close, %d different, %d not comparable.**\n\n",
            counts[0], counts[1], counts[2], counts[3]);
    const cJSON *seeds = cJSON_GetObjectItemCaseSensitive(doc, "seeds");
    const cJSON *entries = cJSON_GetObjectItemCaseSensitive(doc, "entries");
    const cJSON *s;
    cJSON_ArrayForEach(s, seeds) {
        const char *seed = str_field(s, "seed"), *source = str_field(s, "source");
        if (html) {
            fprintf(f, "<h2>Seed %s</h2>\n<p>", seed);
            html_escape(f, source);
            fprintf(f, "</p>\n<table><tr><th>table</th><th>what</th><th>published</th>"
                       "<th>ours</th><th>ratio</th><th>digits</th><th>verdict</th>"
                       "<th>command / why</th></tr>\n");
        } else {
            fprintf(f, "## Seed %s\n\n%s\n\n| table | what | published | ours | ratio | digits "
                       "| verdict | command / why |\n|---|---|---|---|---|---|---|---|\n",
                    seed, source);
        }
        const cJSON *e;
        cJSON_ArrayForEach(e, entries) {
            if (strcmp(str_field(e, "seed"), seed) != 0)
                continue;
            char pub[64], ours[64], ratio[32], digits[48];
            fmt_value(cJSON_GetObjectItemCaseSensitive(e, "published"), pub, sizeof pub);
            fmt_value(cJSON_GetObjectItemCaseSensitive(e, "ours"), ours, sizeof ours);
            fmt_num(e, "ratio", "%.3g", ratio, sizeof ratio);
            fmt_num(e, "digits", "%.1f", digits, sizeof digits);
            const cJSON *target = cJSON_GetObjectItemCaseSensitive(e, "target_digits");
            if (cJSON_IsNumber(target)) {
                size_t l = strlen(digits);
                snprintf(digits + l, sizeof digits - l, " / %.0f", target->valuedouble);
            }
            const char *verdict = str_field(e, "verdict"), *cmd = str_field(e, "command");
            const char *why = str_field(e, "why"), *note = str_field(e, "note");
            const char *cause = str_field(e, "cause");
            if (html) {
                fprintf(f, "<tr class=\"%s\"><td>", strcmp(verdict, "not comparable") == 0
                                                        ? "notcomparable" : verdict);
                html_escape(f, str_field(e, "table"));
                fprintf(f, "</td><td>");
                html_escape(f, str_field(e, "what"));
                fprintf(f, "</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>",
                        pub, ours, ratio, digits, verdict);
                if (cmd) {
                    fprintf(f, "<code>");
                    html_escape(f, cmd);
                    fprintf(f, "</code>");
                }
                if (why) {
                    fprintf(f, "%s", cmd ? "<br>" : "");
                    html_escape(f, why);
                }
                if (cause) {
                    fprintf(f, "<br><b>cause:</b> ");
                    html_escape(f, cause);
                }
                if (note) {
                    fprintf(f, "<br><i>");
                    html_escape(f, note);
                    fprintf(f, "</i>");
                }
                fprintf(f, "</td></tr>\n");
            } else {
                fprintf(f, "| %s | %s | %s | %s | %s | %s | %s | ", str_field(e, "table"),
                        str_field(e, "what"), pub, ours, ratio, digits, verdict);
                if (cmd)
                    fprintf(f, "`%s`", cmd);
                if (why)
                    fprintf(f, "%s%s", cmd ? "; " : "", why);
                if (cause)
                    fprintf(f, "; cause: %s", cause);
                if (note)
                    fprintf(f, " (%s)", note);
                fprintf(f, " |\n");
            }
        }
        fprintf(f, html ? "</table>\n" : "\n");
    }
    if (html)
        fprintf(f, "</body></html>\n");
    fclose(f);
    char err[512];
    if (db_write_atomic(path, data, len, err, sizeof err) != 0)
        db_die("papers: %s", err);
    free(data);
}

int db_cmd_papers(int argc, char **argv)
{
    const char *dir = NULL, *seeds = NULL, *out = "results", *baseline = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--papers") == 0)
            dir = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--seeds") == 0)
            seeds = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--out") == 0)
            out = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--baseline") == 0)
            baseline = db_cli_value(argc, argv, &i);
        else
            db_die("papers: unknown option '%s'", a);
    }
    if (!dir)
        dir = DAEBENCH_SOURCE_DIR "/papers";
    char seedbuf[256];
    const char *items[16];
    int nseeds = db_cli_split(seeds ? seeds : "000,001,002,003,004", seedbuf, sizeof seedbuf,
                              items, 16);
    char err[512];
    cJSON *base = NULL;
    if (baseline && !(base = db_json_read_file(baseline, err, sizeof err)))
        db_die("papers: %s", err);
    /* the baseline and the outputs are checked before the first run */
    if (base && db_papers_check_baseline(base, err, sizeof err) != 0)
        db_die("papers: %s: %s", baseline, err);
    struct stat st;
    if (stat(out, &st) != 0 || !S_ISDIR(st.st_mode))
        db_die("papers: --out %s is not a directory", out);
    static const char *const outs[] = {"papers.json", "papers.md", "papers.html"};
    for (int k = 0; k < 3; k++) {
        char path[1024];
        if (snprintf(path, sizeof path, "%s/%s", out, outs[k]) >= (int)sizeof path)
            db_die("papers: --out %.200s...: path too long", out);
        if (db_output_check(path, err, sizeof err) != 0)
            db_die("papers: %s", err);
    }

    /* every data file is read and checked before the first run */
    cJSON *data_of[16];
    for (int s = 0; s < nseeds; s++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/seed%s.json", dir, items[s]);
        cJSON *data = db_json_read_file(path, err, sizeof err);
        if (!data)
            db_die("papers: %s", err);
        const char *schema = str_field(data, "schema"), *seed = str_field(data, "seed");
        const char *source = str_field(data, "source");
        const cJSON *entries = cJSON_GetObjectItemCaseSensitive(data, "entries");
        if (!schema || strcmp(schema, DB_PAPERS_SCHEMA) != 0)
            db_die("papers: %s: schema is not %s", path, DB_PAPERS_SCHEMA);
        if (!seed || strcmp(seed, items[s]) != 0 || !source || !cJSON_IsArray(entries))
            db_die("papers: %s: 'seed' (= %s), 'source' and 'entries' are required", path,
                   items[s]);
        const cJSON *e;
        int k = 0, dummy[4];
        cJSON_ArrayForEach(e, entries) {
            const char *id = str_field(e, "id");
            const cJSON *prev;
            cJSON_ArrayForEach(prev, entries) {
                if (prev == e)
                    break;
                const char *pid = str_field(prev, "id");
                if (id && pid && strcmp(pid, id) == 0)
                    db_die("papers: %s: id '%s' twice", path, id);
            }
            evaluate(e, seed, NULL, k++, dummy, NULL);
        }
        data_of[s] = data;
    }

    cJSON *doc = cJSON_CreateObject(), *jseeds = cJSON_CreateArray();
    cJSON *jentries = cJSON_CreateArray();
    cJSON_AddStringToObject(doc, "schema", DB_PAPERS_RESULTS_SCHEMA);
    cJSON_AddItemToObject(doc, "seeds", jseeds);
    cJSON_AddItemToObject(doc, "entries", jentries);
    cache_t cache = {0};
    int counts[4] = {0, 0, 0, 0}, uncaused = 0;
    for (int s = 0; s < nseeds; s++) {
        cJSON *data = data_of[s];
        const char *seed = str_field(data, "seed"), *source = str_field(data, "source");
        const cJSON *entries = cJSON_GetObjectItemCaseSensitive(data, "entries");
        cJSON *js = cJSON_CreateObject();
        cJSON_AddStringToObject(js, "seed", seed);
        cJSON_AddStringToObject(js, "source", source);
        cJSON_AddItemToArray(jseeds, js);
        const cJSON *e;
        int k = 0;
        cJSON_ArrayForEach(e, entries)
            cJSON_AddItemToArray(jentries, evaluate(e, seed, &cache, k++, counts, &uncaused));
        cJSON_Delete(data);
    }
    cJSON *jc = cJSON_CreateObject();
    for (int v = 0; v < 4; v++)
        cJSON_AddNumberToObject(jc, db_verdict_name((db_verdict)v), counts[v]);
    cJSON_AddItemToObject(doc, "counts", jc);

    char path[1024];
    snprintf(path, sizeof path, "%s/papers.json", out);
    if (db_json_write_atomic(path, doc, err, sizeof err) != 0)
        db_die("papers: %s", err);
    snprintf(path, sizeof path, "%s/papers.md", out);
    write_page(path, doc, counts, 0);
    snprintf(path, sizeof path, "%s/papers.html", out);
    write_page(path, doc, counts, 1);
    printf("papers: %d reproduced, %d close, %d different, %d not comparable (%d runs); "
           "%s/papers.html\n",
           counts[0], counts[1], counts[2], counts[3], cache.n, out);
    int rc = 0;
    if (uncaused) {
        printf("papers: %d different verdict%s without a cause in the data (field 'cause')\n",
               uncaused, uncaused == 1 ? "" : "s");
        rc = 1;
    }
    if (base) {
        int nreg = db_papers_compare(base, doc, seeds, stdout, err, sizeof err);
        if (nreg < 0)
            db_die("papers: %s", err);
        printf("papers: %d regression%s against %s\n", nreg, nreg == 1 ? "" : "s", baseline);
        rc |= nreg > 0;
        cJSON_Delete(base);
    }
    for (int i = 0; i < cache.n; i++) {
        free(cache.c[i].cmd);
        free(cache.c[i].words);
        db_run_result_free(&cache.c[i].res);
    }
    free(cache.c);
    cJSON_Delete(doc);
    return rc;
}
