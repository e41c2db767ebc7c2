/* csv.c — "daebench csv --results FILE [--out FILE]" and the CSV export that
 * bench and merge write beside bench.json (csv.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/help.h"
#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "harness/results/csv.h"
#include "harness/results/benchfile.h"
#include "io/escape.h"
#include "io/jsonio.h"

typedef struct {
    char *buf;
    size_t len, cap;
    int fail;
} sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    if (b->fail)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 65536;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *g = realloc(b->buf, cap);
        if (!g) {
            b->fail = 1;
            return;
        }
        b->buf = g;
        b->cap = cap;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

static void puts_(sbuf *b, const char *s)
{
    put(b, s, strlen(s));
}

/* a text cell, escaped for CSV (escape.h: quoted when it holds a comma, quote
 * or line break; a leading = + - @ defused) */
static void cell_str(sbuf *b, const char *s, int first)
{
    if (!first)
        puts_(b, ",");
    if (s)
        puts_(b, db_esc_csv(s));
}

static const cJSON *at(const cJSON *o, const char *a, const char *b, const char *c)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b)
        x = cJSON_GetObjectItemCaseSensitive(x, b);
    if (c)
        x = cJSON_GetObjectItemCaseSensitive(x, c);
    return x;
}

static void cell_json(sbuf *b, const cJSON *x)
{
    char num[64];
    if (cJSON_IsString(x))
        cell_str(b, x->valuestring, 0);
    else if (cJSON_IsNumber(x) && isfinite(x->valuedouble)) {
        snprintf(num, sizeof num, ",%.10g", x->valuedouble);
        puts_(b, num); /* a number: no escaping (a leading '-' is no formula) */
    } else
        cell_str(b, NULL, 0);
}

static const char *const groups[] = {"p", "v", "lambda", "mu"};
static const char *const counters[] = {"steps",          "rejected", "f_evals", "jac_evals",
                                       "decompositions", "solves"};
static const char *const levels[] = {"position", "velocity", "acceleration"};

int db_csv_write(const cJSON *bench, const char *path, char *err, size_t errlen)
{
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(bench, "runs");
    if (!cJSON_IsArray(runs)) {
        snprintf(err, errlen, "csv: the bench file has no runs array");
        return -1;
    }
    sbuf b = {0};
    puts_(&b, "problem,scenario,params,formulation,solver,variant,rtol,atol,status,reason,"
              "message,cpu_seconds,repeats");
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++)
        cell_str(&b, counters[i], 0);
    puts_(&b, ",gscd,mescd,ivp_scd,lambda_scd");
    for (int k = 0; k < 2; k++)
        for (int g = 0; g < 4; g++) {
            char h[32];
            snprintf(h, sizeof h, "err_%s_%s", k ? "grid" : "end", groups[g]);
            cell_str(&b, h, 0);
        }
    for (int l = 0; l < 3; l++) {
        char h[32];
        snprintf(h, sizeof h, "res_%s", levels[l]);
        cell_str(&b, h, 0);
    }
    puts_(&b, ",invariant_drift\n");
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        cell_str(&b, cJSON_GetStringValue(at(r, "problem", NULL, NULL)), 1);
        cell_json(&b, at(r, "scenario", NULL, NULL));
        char par[1024] = "";
        const cJSON *p;
        size_t u = 0;
        cJSON_ArrayForEach(p, at(r, "params", NULL, NULL)) {
            if (u < sizeof par)
                u += (size_t)snprintf(par + u, sizeof par - u, "%s%s=%.10g", u ? ";" : "",
                                      p->string, cJSON_IsNumber(p) ? p->valuedouble : NAN);
        }
        cell_str(&b, par, 0);
        cell_json(&b, at(r, "formulation", NULL, NULL));
        cell_json(&b, at(r, "solver", NULL, NULL));
        cell_json(&b, at(r, "variant", NULL, NULL));
        cell_json(&b, at(r, "rtol", NULL, NULL));
        cell_json(&b, at(r, "atol", NULL, NULL));
        cell_json(&b, at(r, "status", NULL, NULL));
        cell_json(&b, at(r, "reason", NULL, NULL));
        cell_json(&b, at(r, "message", NULL, NULL));
        cell_json(&b, at(r, "cpu_seconds", NULL, NULL));
        cell_json(&b, at(r, "repeats", NULL, NULL));
        for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++)
            cell_json(&b, at(r, "counters", counters[i], NULL));
        cell_json(&b, at(r, "error", cJSON_GetObjectItemCaseSensitive(
                      cJSON_GetObjectItemCaseSensitive(r, "error"), "gscd") ? "gscd" : "scd", NULL));
        cell_json(&b, at(r, "error", "mescd", NULL));
        cell_json(&b, at(r, "error", "ivp_scd", NULL));
        cell_json(&b, at(r, "error", "lambda_scd", NULL));
        for (int k = 0; k < 2; k++)
            for (int g = 0; g < 4; g++)
                cell_json(&b, at(r, "error", k ? "grid" : "end", groups[g]));
        for (int l = 0; l < 3; l++)
            cell_json(&b, at(r, "residual", levels[l], NULL));
        cell_json(&b, at(r, "invariant_drift", NULL, NULL));
        puts_(&b, "\n");
    }
    if (b.fail) {
        free(b.buf);
        snprintf(err, errlen, "csv: out of memory");
        return -1;
    }
    int rc = db_write_atomic(path, b.buf, b.len, err, errlen);
    free(b.buf);
    return rc;
}

void db_csv_path_for(const char *json, char *out, size_t outlen)
{
    size_t n = strlen(json);
    if (n > 5 && strcmp(json + n - 5, ".json") == 0)
        snprintf(out, outlen, "%.*s.csv", (int)(n - 5), json);
    else
        snprintf(out, outlen, "%s.csv", json);
}

int db_cmd_csv(int argc, char **argv)
{
    const char *results = "results/bench.json", *out = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--results") == 0)
            results = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--out") == 0)
            out = db_cli_value(argc, argv, &i);
        else
            db_die_unknown_option("csv", argv[i]);
    }
    char path[4096], err[512];
    if (!out) {
        db_csv_path_for(results, path, sizeof path);
        out = path;
    }
    if (db_output_check(out, err, sizeof err) != 0)
        db_die("csv: %s", err);
    cJSON *j = db_bench_read(results, err, sizeof err); /* benchfile.h */
    if (!j)
        db_die("csv: %s", err);
    int rc = db_csv_write(j, out, err, sizeof err);
    cJSON_Delete(j);
    if (rc != 0)
        db_die("%s", err);
    printf("%s\n", out);
    return 0;
}
