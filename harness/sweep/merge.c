/* merge.c — "daebench merge --out FILE SHARD.json ...": join the bench files of
 * the N shards of one sweep (bench --shard K/N, every K once) into the bench
 * file of the unsharded sweep (issue 8, "Sharding").  bench.c gives shard K the
 * cells (problem/scenario/formulation/solver, each with its tolerance ladder)
 * whose enumeration index i has i mod N = K − 1, in enumeration order; so the
 * j-th cell of shard K is cell K − 1 + j·N of the sweep, and the runs are put
 * back in that order.  The header is the first shard's, with "created" set now
 * and "shard" "1/1"; "jobs" is the largest of the shards'.  Equal to an
 * unsharded run in every field but timings (cpu_seconds, repeats) and created
 * (test_merge.sh).  Also writes the CSV beside it (--csv FILE, default
 * <out without .json>.csv).  Bad input (a missing, corrupt or foreign file, a
 * shard twice or missing, shards of different suites or of different sweeps:
 * their "sweep" ids differ, bench.c) is one line, exit 2; files without an id
 * (older ones) are merged as before. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "harness/results/csv.h"
#include "harness/results/benchfile.h"
#include "io/jsonio.h"
#include "harness/gate/machine.h"

typedef struct {
    cJSON *run;      /* detached record */
    long cell;       /* global cell index */
    int pos;         /* position in its shard file */
} slot;

static int by_cell(const void *a, const void *b)
{
    const slot *x = a, *y = b;
    if (x->cell != y->cell)
        return x->cell < y->cell ? -1 : 1;
    return x->pos - y->pos;
}

/* the identity of a run's cell: everything but the tolerances */
static void cell_key(const cJSON *r, char *buf, size_t len)
{
    static const char *const fields[] = {"problem", "scenario", "formulation", "solver",
                                         "variant"};
    size_t u = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof fields / sizeof fields[0] && u < len; i++) {
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(r, fields[i]);
        u += (size_t)snprintf(buf + u, len - u, "%s|",
                              cJSON_IsString(x) ? x->valuestring : "");
    }
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(r, "params");
    char *pp = p ? cJSON_PrintUnformatted(p) : NULL;
    if (u < len)
        snprintf(buf + u, len - u, "%s", pp ? pp : "");
    free(pp);
}

static int parse_shard(const char *s, long *k, long *n)
{
    char buf[64];
    const char *slash = strchr(s, '/');
    if (!slash || strlen(s) >= sizeof buf)
        return -1;
    snprintf(buf, sizeof buf, "%.*s", (int)(slash - s), s);
    if (db_parse_count(buf, k) != 0 || db_parse_count(slash + 1, n) != 0 || *n < 1 || *k < 1 ||
        *k > *n)
        return -1;
    return 0;
}

int db_cmd_merge(int argc, char **argv)
{
    const char *out = NULL, *csv = NULL;
    const char *files[4096];
    int nf = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0)
            out = db_cli_value(argc, argv, &i);
        else if (strcmp(argv[i], "--csv") == 0)
            csv = db_cli_value(argc, argv, &i);
        else if (argv[i][0] == '-' && argv[i][1])
            db_die("merge: unknown option '%s'", argv[i]);
        else if (nf < (int)(sizeof files / sizeof files[0]))
            files[nf++] = argv[i];
        else
            db_die("merge: too many files");
    }
    if (!out || nf == 0)
        db_die("merge: usage: merge --out FILE SHARD.json ...");
    char err[512], csvpath[4096];
    if (!csv) {
        db_csv_path_for(out, csvpath, sizeof csvpath);
        csv = csvpath;
    }
    /* both outputs writable before any work (jsonio.h) */
    if (db_output_check(out, err, sizeof err) != 0 || db_output_check(csv, err, sizeof err) != 0)
        db_die("merge: %s", err);
    cJSON **doc = calloc((size_t)nf, sizeof *doc);
    long *kk = calloc((size_t)nf, sizeof *kk);
    if (!doc || !kk)
        db_die("merge: out of memory");
    long n_all = -1;
    const char *suite0 = NULL, *sweep0 = NULL, *sweep0_file = NULL;
    size_t total = 0;
    double jobs = 0;
    for (int f = 0; f < nf; f++) {
        if (!(doc[f] = db_bench_read(files[f], err, sizeof err))) /* benchfile.h */
            db_die("merge: %s", err);
        const cJSON *schema = cJSON_GetObjectItemCaseSensitive(doc[f], "schema");
        const cJSON *shard = cJSON_GetObjectItemCaseSensitive(doc[f], "shard");
        const cJSON *suite = cJSON_GetObjectItemCaseSensitive(doc[f], "suite");
        const cJSON *runs = cJSON_GetObjectItemCaseSensitive(doc[f], "runs");
        const cJSON *jb = cJSON_GetObjectItemCaseSensitive(doc[f], "jobs");
        long k, n;
        if (!cJSON_IsString(schema) || strcmp(schema->valuestring, "daebench.bench/1") != 0 ||
            !cJSON_IsArray(runs))
            db_die("merge: %s: not a daebench.bench/1 file", files[f]);
        if (!cJSON_IsString(shard) || parse_shard(shard->valuestring, &k, &n) != 0)
            db_die("merge: %s: no valid \"shard\": \"K/N\" field", files[f]);
        if (n_all < 0)
            n_all = n;
        else if (n != n_all)
            db_die("merge: %s is shard %ld/%ld, the first file is of %ld shards", files[f], k, n,
                   n_all);
        const char *sn = cJSON_IsString(suite) ? suite->valuestring : "";
        if (!suite0)
            suite0 = sn;
        else if (strcmp(suite0, sn) != 0)
            db_die("merge: %s is of suite '%s', the first file of suite '%s'", files[f], sn,
                   suite0);
        const char *sw = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc[f], "sweep"));
        if (sw && !sweep0) {
            sweep0 = sw;
            sweep0_file = files[f];
        } else if (sw && strcmp(sw, sweep0) != 0)
            db_die("merge: %s is of sweep %.40s, %s of sweep %.40s (shards of different sweeps: "
                   "another suite or selection)", files[f], sw, sweep0_file, sweep0);
        for (int g = 0; g < f; g++)
            if (kk[g] == k)
                db_die("merge: shard %ld/%ld given twice (%s and %s)", k, n, files[g], files[f]);
        kk[f] = k;
        total += (size_t)cJSON_GetArraySize(runs);
        if (cJSON_IsNumber(jb) && jb->valuedouble > jobs)
            jobs = jb->valuedouble;
    }
    if (nf != n_all)
        db_die("merge: %d files given for %ld shards (every shard K/%ld once)", nf, n_all, n_all);
    slot *sl = calloc(total + 1, sizeof *sl);
    if (!sl)
        db_die("merge: out of memory");
    size_t m = 0;
    for (int f = 0; f < nf; f++) {
        cJSON *runs = cJSON_GetObjectItemCaseSensitive(doc[f], "runs");
        char prev[2048] = "", key[2048];
        long j = -1;
        int pos = 0;
        while (runs->child) { /* detach the first: linear, not GetArraySize each time */
            cJSON *r = cJSON_DetachItemViaPointer(runs, runs->child);
            if (!cJSON_IsObject(r))
                db_die("merge: %s: run %d is not an object", files[f], pos);
            cell_key(r, key, sizeof key);
            if (j < 0 || strcmp(key, prev) != 0) {
                j++;
                snprintf(prev, sizeof prev, "%s", key);
            }
            sl[m++] = (slot){r, (kk[f] - 1) + j * n_all, pos++};
        }
    }
    qsort(sl, m, sizeof *sl, by_cell);
    /* the first shard's header, runs replaced */
    cJSON *root = doc[0];
    for (int f = 1; f < nf; f++)
        if (kk[f] < kk[0])
            root = doc[f];
    char created[64];
    db_now_iso(created, sizeof created);
    if (cJSON_GetObjectItemCaseSensitive(root, "created")) /* absent: added, no leak */
        cJSON_ReplaceItemInObjectCaseSensitive(root, "created", cJSON_CreateString(created));
    else
        cJSON_AddStringToObject(root, "created", created);
    cJSON_ReplaceItemInObjectCaseSensitive(root, "shard", cJSON_CreateString("1/1"));
    if (cJSON_GetObjectItemCaseSensitive(root, "jobs"))
        cJSON_ReplaceItemInObjectCaseSensitive(root, "jobs", cJSON_CreateNumber(jobs));
    cJSON *runs = cJSON_CreateArray();
    for (size_t i = 0; i < m; i++)
        cJSON_AddItemToArray(runs, sl[i].run);
    cJSON_ReplaceItemInObjectCaseSensitive(root, "runs", runs);
    /* the CSV first: a failure leaves no merged JSON without its CSV */
    if (db_csv_write(root, csv, err, sizeof err) != 0 ||
        db_json_write_atomic(out, root, err, sizeof err) != 0)
        db_die("merge: %s", err);
    fprintf(stderr, "merge: %zu runs of %d shards written to %s (and %s)\n", m, nf, out, csv);
    for (int f = 0; f < nf; f++)
        cJSON_Delete(doc[f]);
    free(doc);
    free(kk);
    free(sl);
    return 0;
}
