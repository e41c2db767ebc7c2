/* bench.c — "daebench bench": the sweep problem × scenario × formulation ×
 * solver × tolerance of a suite (suite.c), filtered by --problems,
 * --formulations, --solvers, sliced by --shard K/N (1 ≤ K ≤ N: the cells
 * problem/scenario/formulation/solver whose index i in the enumeration has
 * i mod N = K − 1, each with its whole tolerance ladder, so that the budget
 * rule below acts as in an unsharded run; "daebench merge" joins the shards
 * into the file of an unsharded run, merge.c).  A
 * formulation that the solver does not accept is skipped, not recorded.  A
 * failing run is recorded with status "failed" and its reason; the sweep goes
 * on; once a run exceeds its budget (max_cpu, max_steps of the suite), the
 * tighter tolerances of the same problem/formulation/solver are recorded as
 * failed ("budget", "skipped: ...") without running them.  The runs of one
 * problem/scenario/formulation/solver go to one child process, --jobs J of them
 * at a time (default: the number of cores, at most 8; --jobs 1 for the
 * quietest timing); within it each run has a child process of its own under
 * CPU and memory limits (isolate.h: a crash is failed "signal 11", an overrun
 * "cpu limit 30 s").  The sweep is a journal (issue 15): a worker saves each
 * finished run (fsync, rename) in its part file DIR/.bench-part-*.json before
 * announcing it, and dies with bench (PR_SET_PDEATHSIG).  SIGINT/SIGTERM/SIGHUP
 * stop the sweep: the runs that finished are written, the file is marked
 * "interrupted", exit status 128 + signal; a run stopped by the signal is not
 * recorded.  A worker lost otherwise (killed from outside, a write error: a
 * full disk) keeps its finished runs and leaves the rest unrecorded, the file
 * marked "interrupted", exit status 3.  --resume reuses the runs already in
 * DIR/bench.json and in the part files of a killed sweep, keeps the runs of
 * the file outside the selection, and runs the rest (resume.h); the part files
 * go once bench.json holds them.  One sweep per DIR (DIR/.bench.lock).
 * The header's "sweep" names the sweep (sweep_id): shards of different sweeps
 * are not merged (merge.c; issue 28, item 10).
 * Writes DIR/bench.json (schema daebench.bench/1, DESIGN.md §"JSON"). */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/cli/help.h"
#include "harness/gate/calibration.h"
#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "harness/run/isolate.h"
#include "io/jsonio.h"
#include "harness/cli/names.h"
#include "harness/sweep/coverage.h"
#include "harness/results/csv.h"
#include "harness/gate/machine.h"
#include "harness/sweep/progress.h"
#include "harness/results/record.h"
#include "reference/reference.h"
#include "harness/sweep/resume.h"
#include "harness/run/run.h"
#include "harness/sweep/suite.h"
#include "io/mkdirs.h"
#include "io/sha256.h"
#include "testset/registry.h"

#define BENCH_SCHEMA "daebench.bench/1"

/* how a worker ends (its exit status) */
enum { WORKER_DONE = 0, WORKER_WRITE_ERROR = 3, WORKER_INTERRUPTED = 4 };

/* exit status of a sweep left incomplete by an error of daebench or of its
 * surroundings (a full disk, a worker killed from outside); the file is marked
 * "interrupted" and bench --resume completes it */
#define BENCH_EXIT_INCOMPLETE 3

/* what went wrong in a sweep, beyond the runs' own failures */
typedef struct {
    int incomplete;    /* runs of the selection without a record */
    int write_error;   /* a worker could not write its part file */
    int lost_worker;   /* a worker died (killed from outside, ...) */
} sweep_state;

/* the start of this sweep, in its part file names (with the pid: unique even
 * when a pid of an older, killed sweep comes round again) */
static long part_stamp;


/* selection from a comma list: sel[i] = 1 for the named items */
typedef struct {
    int any;                 /* no filter given */
    char names[1024];
    const char *items[64];
    int n;
} filter;

static void filter_parse(filter *f, const char *list)
{
    f->any = 0;
    f->n = db_cli_split(list, f->names, sizeof f->names, f->items, 64);
}

static int filter_has(const filter *f, const char *name)
{
    if (f->any)
        return 1;
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->items[i], name) == 0)
            return 1;
    return 0;
}

/* one run of the sweep */
typedef struct {
    const db_problem *p;
    int sc;
    db_form f;
    const db_solver *s;
    double tol;
    const cJSON *prev;       /* its record in the file resumed (--resume), or NULL */
    int ipar;                /* the parameter of the suite's sweep (suite.h), or -1 */
    double pval;             /* its value in this run */
    double w;                /* expected cost (progress estimate; set_weights) */
} item;

static int same_group(const item *a, const item *b)
{
    return a->p == b->p && a->sc == b->sc && a->f == b->f && a->s == b->s &&
           a->ipar == b->ipar && a->pval == b->pval;
}

/* the run spec of an item: defaults, the swept parameter set */
static void item_spec(const item *it, db_run_spec *spec)
{
    db_run_spec_init(spec, it->p, it->sc, it->f, it->s, it->tol, it->tol);
    if (it->ipar >= 0)
        spec->par[it->ipar] = it->pval;
}

/* the progress display of the sweep (progress.h), shared with the workers */
static db_progress *progress;
/* the output directory (--out), for the time series of suite->traj runs */
static const char *bench_out;

/* the selection options of the sweep, as given, in the header (coverage.h) */
static void add_filters(cJSON *root, const filter *fp, const filter *ff, const filter *fs,
                        const char *tols_s)
{
    if (fp->any && ff->any && fs->any && !tols_s)
        return;
    cJSON *o = cJSON_AddObjectToObject(root, "filters");
    const filter *fl[3] = {fp, ff, fs};
    const char *names[3] = {"problems", "formulations", "solvers"};
    for (int i = 0; i < 3; i++) {
        if (fl[i]->any)
            continue;
        char buf[1024] = "";
        size_t u = 0;
        for (int j = 0; j < fl[i]->n && u < sizeof buf; j++)
            u += (size_t)snprintf(buf + u, sizeof buf - u, "%s%s", j ? "," : "", fl[i]->items[j]);
        cJSON_AddStringToObject(o, names[i], buf);
    }
    if (tols_s)
        cJSON_AddStringToObject(o, "tols", tols_s);
}

/* the id of the sweep in the header ("sweep"): the first 16 hex digits of the
 * SHA-256 of the suite and the selection ("filters": problems, formulations,
 * solvers, tolerances) — equal for every shard K/N of one sweep and for the
 * unsharded sweep it stands for, different for another suite or selection.  Not
 * the commit: "git" is the source tree's HEAD when the shard starts, which moves
 * under a sweep whose shards start one after another in a working copy. */
static void add_sweep_id(cJSON *root, const char *suite)
{
    db_sha256 h;
    db_sha256_init(&h);
    db_sha256_update(&h, suite, strlen(suite) + 1);
    char *f = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(root, "filters"));
    if (f)
        db_sha256_update(&h, f, strlen(f));
    free(f);
    char hex[65];
    db_sha256_final(&h, hex);
    hex[16] = '\0';
    cJSON_AddStringToObject(root, "sweep", hex);
}

/* the optional peers this program lacks, one line each (first lines of the
 * sweep's output and of its summary) */
static void peer_lines(void)
{
    const db_optional_solver *miss[8];
    int nm = db_optional_missing_all(miss, 8);
    for (int i = 0; i < nm; i++)
        fprintf(stderr, "bench: NOTE: the peer solver %s is not built (install %s, as "
                        "scripts/setup.sh does, and rebuild): its runs are missing\n",
                miss[i]->name, miss[i]->package);
}

/* the expected cost of each run for the time-left estimate: the baseline's
 * CPU time × repeats of the same run (reference/baseline/<suite>.json; at
 * least 1 ms, plus 20 ms of process overhead), the
 * mean of the known ones for a run the baseline lacks; all 1 without a
 * baseline.  Returns the total of the runs still to do. */
static double set_weights(item *items, int n, const char *suite)
{
    char path[4200], err[512];
    snprintf(path, sizeof path, "%s/reference/baseline/%s.json", DAEBENCH_SOURCE_DIR, suite);
    for (int k = 0; k < n; k++)
        items[k].w = 1.0;
    if (access(path, R_OK) != 0)
        return 0;
    cJSON *b = db_json_read_file(path, err, sizeof err);
    if (!b)
        return 0;
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(b, "runs"), *r;
    double sum = 0, total = 0;
    int known = 0;
    for (int k = 0; k < n; k++) {
        items[k].w = -1;
        cJSON_ArrayForEach(r, runs) {
            const char *pb = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "problem"));
            const char *sc = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "scenario"));
            const char *fm = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "formulation"));
            const char *sv = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "solver"));
            const cJSON *tl = cJSON_GetObjectItemCaseSensitive(r, "rtol");
            const cJSON *cp = cJSON_GetObjectItemCaseSensitive(r, "cpu_seconds");
            const cJSON *rp = cJSON_GetObjectItemCaseSensitive(r, "repeats");
            if (!pb || !sc || !fm || !sv || !cJSON_IsNumber(tl) || strcmp(pb, items[k].p->name) ||
                strcmp(sc, items[k].p->scenarios[items[k].sc].name) ||
                strcmp(fm, db_form_name(items[k].f)) || strcmp(sv, items[k].s->name) ||
                fabs(tl->valuedouble / items[k].tol - 1) > 1e-9)
                continue;
            double c = cJSON_IsNumber(cp) ? cp->valuedouble : 0;
            double rr = cJSON_IsNumber(rp) ? rp->valuedouble : 1;
            items[k].w = fmax(c * fmax(rr, 1), 0.001) + 0.02;
            sum += items[k].w;
            known++;
            break;
        }
    }
    double mean = known ? sum / known : 1.0;
    for (int k = 0; k < n; k++) {
        if (items[k].w < 0)
            items[k].w = mean;
        if (!items[k].prev)
            total += items[k].w;
    }
    cJSON_Delete(b);
    return total;
}

/* after a complete sweep: the CSV beside bench.json (csv.h), the coverage of
 * the compatible cells and the expected failures (coverage.h) */
static int after_sweep(const cJSON *root, const char *out)
{
    char path[4200], err[512];
    int rc = 0;
    snprintf(path, sizeof path, "%s/bench.csv", out);
    if (db_csv_write(root, path, err, sizeof err) != 0) {
        fprintf(stderr, "daebench: bench: %s\n", err);
        rc = -1;
    }
    peer_lines();
    int ncells, missing = db_coverage(root, &ncells, stderr);
    if (missing > 0)
        fprintf(stderr, "bench: coverage: %d of %d compatible cells have no run\n", missing,
                ncells);
    else if (missing == 0)
        fprintf(stderr, "bench: coverage: all %d compatible cells run\n", ncells);
    int xfail = 0, xpass = 0, xother = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(root, "runs")) {
        if (!db_xfail_find(r))
            continue;
        const char *st = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "status"));
        if (db_xfail_expected(r))
            xfail++;
        else if (st && strcmp(st, "failed") == 0)
            xother++; /* listed, but failing in another class */
        else if (st && strcmp(st, "ok") == 0)
            xpass++;
    }
    if (xfail || xpass)
        fprintf(stderr, "bench: %d expected failures (expected_failures.c), %d listed there now "
                "pass\n", xfail, xpass);
    if (xother)
        fprintf(stderr, "bench: %d runs listed as expected failures fail in another class than "
                "listed\n", xother);
    return rc;
}

/* One sweep per --out at a time: an exclusive flock on DIR/.bench.lock, which
 * holds the pid of its holder for the message.  The lock goes with the process
 * (and its workers), so a lock file left by a killed sweep is stale and taken
 * over.  Returns the lock's descriptor; dies when another sweep holds it. */
static char held_lock[4096];
static pid_t lock_holder;

/* at exit (also db_die) of the sweep's own process: the lock file goes */
static void drop_lock(void)
{
    if (held_lock[0] && getpid() == lock_holder)
        unlink(held_lock);
}

static int take_lock(const char *out, char *lock, size_t len)
{
    if (snprintf(lock, len, "%s/.bench.lock", out) >= (int)len)
        db_die("bench: --out path too long");
    for (int tries = 0; tries < 100; tries++) {
        int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
        if (fd < 0)
            db_die("bench: cannot create the lock file %s: %s", lock, strerror(errno));
        struct stat a, b;
        if (fstat(fd, &a) != 0 || !S_ISREG(a.st_mode))
            db_die("bench: %s is not a regular file", lock);
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            char pid[32] = "";
            ssize_t got = read(fd, pid, sizeof pid - 1);
            pid[got > 0 ? got : 0] = '\0';
            pid[strcspn(pid, "\n")] = '\0';
            db_die("bench: %s is in use by the sweep of process %s (lock %s); one sweep per "
                   "--out at a time", out, pid[0] ? pid : "?", lock);
        }
        /* the file may have been removed and made again meanwhile: lock that one */
        if (stat(lock, &b) != 0 || a.st_ino != b.st_ino || a.st_dev != b.st_dev) {
            close(fd);
            continue;
        }
        char pid[32];
        int w = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
        snprintf(held_lock, sizeof held_lock, "%s", lock);
        lock_holder = getpid();
        atexit(drop_lock);
        if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)w, 0) != w)
            db_die("bench: cannot write the lock file %s: %s", lock, strerror(errno));
        return fd;
    }
    db_die("bench: cannot take the lock %s", lock);
    return -1;
}

/* the tolerances of scenario sc of p in the sweep: the ladder for the default
 * scenario (all of them with suite->all_scenarios), those of the suite's extra
 * item for another scenario (none with --tols), else none; returns the count */
static int scenario_tols(const db_suite *suite, const db_problem *p, int sc, const char *tols_s,
                         const double *tols, int ntol, double *out)
{
    char t[256];
    if (sc == 0 || suite->all_scenarios) {
        memcpy(out, tols, (size_t)ntol * sizeof *out);
        return ntol;
    }
    if (tols_s || !db_suite_item(suite->extra, p->name, p->scenarios[sc].name, t, sizeof t))
        return 0;
    return db_cli_tols(t[0] ? t : suite->tols, out, DB_MAX_TOLS);
}

/* the time series file of a run of a suite->traj scenario (trajdump.h) */
static void traj_path(const db_suite *suite, db_run_spec *spec, char *buf, size_t len)
{
    const db_problem *p = spec->prob;
    const char *sc = p->scenarios[spec->scenario].name;
    if (!bench_out || !db_suite_item(suite->traj, p->name, sc, NULL, 0))
        return;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/traj", bench_out);
    if (db_mkdirs(dir) != 0)
        return;
    snprintf(buf, len, "%s/%s-%s-%s-%s-%.0e.dat", dir, p->name, sc, db_form_name(spec->form),
             spec->solver->name, spec->rtol);
    spec->traj_path = buf;
}

/* check the reference of problem/scenario before the sweep: a corrupt file
 * stops the program at once, not after an hour of runs */
static void validate_reference(const db_problem *p, int sc)
{
    db_mech m;
    memset(&m, 0, sizeof m);
    double par[DB_MAX_PARAMS];
    db_cli_param_defaults(p, par);
    char msg[256] = "", err[512];
    if (p->setup(&m, sc, par, msg, sizeof msg) != 0)
        return; /* recorded as a failed run */
    db_ref ref;
    int rc = db_ref_load(&ref, p, sc, par, &m, err, sizeof err);
    if (p->teardown)
        p->teardown(&m);
    if (rc != 0)
        db_die("bench: %s", err);
    db_ref_free(&ref);
}

/* the runs of items [a, b) still to do (not resumed) */
static int group_todo(const item *items, int a, int b)
{
    int todo = 0;
    for (int k = a; k < b; k++)
        todo += !items[k].prev;
    return todo;
}

/* a record into runs, counting those not ok */
static void append_run(cJSON *runs, cJSON *r, int *nfailed)
{
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(r, "status");
    if (!cJSON_IsString(st) || strcmp(st->valuestring, "ok") != 0)
        (*nfailed)++;
    cJSON_AddItemToArray(runs, r);
}

/* run the items [a, b) of one group (same problem/scenario/formulation/solver,
 * tolerances loose to tight) and return their run records; each run in a child
 * process under CPU and memory limits (isolate.h); resumed items are skipped;
 * the records so far are rewritten to the part file after each run, so that an
 * interrupted sweep keeps them (resume.h) */
static cJSON *run_group(const item *items, int a, int b, int n, const db_suite *suite,
                        const char *part, int *code)
{
    cJSON *arr = cJSON_CreateArray();
    int budget_failed[DB_MAX_TOLS] = {0};
    *code = WORKER_DONE;
    for (int k = a; k < b; k++) {
        if (items[k].prev)
            continue;
        if (db_interrupted()) {
            *code = WORKER_INTERRUPTED;
            break;
        }
        db_run_spec spec;
        item_spec(&items[k], &spec);
        spec.max_cpu = suite->max_cpu;
        spec.max_steps = suite->max_steps;
        spec.timing_cap = suite->timing_cap;
        char tpath[4400];
        traj_path(suite, &spec, tpath, sizeof tpath);
        db_run_result res;
        char err[512], line[512];
        int skip = -1;
        for (int j = a; j < k; j++)
            if (budget_failed[j - a] && items[j].tol > items[k].tol)
                skip = j;
        if (skip >= 0) {
            /* a looser tolerance of the same problem/formulation/solver already
             * ran out of budget: this one would too */
            db_run_execute_skipped(&spec, &res, "budget", "");
            snprintf(res.message, sizeof res.message,
                     "skipped: budget exceeded at the looser tol %.0e", items[skip].tol);
        } else {
            int rc = db_run_isolated(&spec, NULL, &res, err, sizeof err);
            if (rc < 0)
                db_die("bench: %s", err);
            if (rc == 1) {
                /* stopped from outside: no record, bench --resume runs it */
                *code = WORKER_INTERRUPTED;
                break;
            }
        }
        /* the CPU limit of the run's process (isolate.h) counts as a budget */
        budget_failed[k - a] = strcmp(res.status, "failed") == 0 &&
                               (strcmp(res.reason, "budget") == 0 ||
                                strncmp(res.reason, "cpu limit", 9) == 0);
        db_run_summary(&res, line, sizeof line);
        (void)n;
        int ok = strcmp(res.status, "failed") != 0;
        cJSON *rec = db_record_json(&res);
        const db_xfail *xf = ok ? NULL : db_xfail_expected(rec);
        if (xf) { /* "failed(newton: ...)" -> "failed (expected: solver)(newton: ...)" */
            char *f = strstr(line, " failed(");
            if (f) {
                char rest[512];
                snprintf(rest, sizeof rest, "%s", f + 7);
                snprintf(f, sizeof line - (size_t)(f - line), " failed (expected: %s)%s",
                         db_failure_class(res.reason), rest);
            }
            ok = 1; /* the progress line counts unexpected failures */
        }
        cJSON_AddItemToArray(arr, rec);
        db_run_result_free(&res);
        /* saved (fsync, rename) before it is reported: a run announced as
         * finished is never lost; a write error (a full disk) is daebench's
         * error, never the run's */
        if (db_json_write_atomic(part, arr, err, sizeof err) != 0) {
            fprintf(stderr, "daebench: bench: %s\n", err);
            *code = WORKER_WRITE_ERROR;
            break;
        }
        db_progress_report_w(progress, ok, line, items[k].w);
    }
    return arr;
}

static double run_weight_total;  /* set_weights, for run_groups */

/* the part file of group g of the sweep of process tag; the prefix of all */
#define PART_PREFIX ".bench-part-"
static void part_path(char *buf, size_t len, const char *out, long tag, int g)
{
    snprintf(buf, len, "%s/" PART_PREFIX "%ld-%ld-%d.json", out, tag, part_stamp, g);
}

/* Run every group in a child process, at most jobs at a time: a solver that
 * crashes takes only its own group down (recorded as failed, reason "crash"),
 * and the cores are used.  Children write their records to a part file; the
 * parent appends them to runs in the order of the enumeration. */
static void run_groups(const item *items, int n, const db_suite *suite, int jobs,
                       const char *out, cJSON *runs, int *nfailed, sweep_state *sweep)
{
    int ng = 0;
    int *start = malloc(((size_t)n + 1) * sizeof *start);
    if (!start)
        db_die("bench: out of memory");
    for (int k = 0; k < n; k++)
        if (k == 0 || !same_group(&items[k - 1], &items[k]) || k - start[ng - 1] >= DB_MAX_TOLS)
            start[ng++] = k;
    start[ng] = n;
    pid_t *pid = calloc((size_t)ng + 1, sizeof *pid);
    int *status = calloc((size_t)ng + 1, sizeof *status);
    if (!pid || !status)
        db_die("bench: out of memory");
    long tag = (long)getpid();
    int next = 0, running = 0;
    int stopped = 0;
    progress = db_progress_start(group_todo(items, 0, n), 0);
    db_progress_weights(progress, run_weight_total);
    while ((next < ng && !stopped) || running > 0) {
        if (!stopped && db_interrupted()) {
            /* SIGINT/SIGTERM: start nothing more, stop the running groups (each
             * is a process group: its worker and the worker's run); what they
             * finished is in their part files */
            stopped = 1;
            for (int g = 0; g < next; g++)
                if (pid[g] > 0)
                    kill(-pid[g], SIGKILL);
            continue;
        }
        if (!stopped && next < ng && group_todo(items, start[next], start[next + 1]) == 0) {
            pid[next++] = 0; /* all resumed: nothing to run */
            continue;
        }
        if (!stopped && next < ng && running < jobs) {
            fflush(stdout);
            fflush(stderr);
            pid_t c = fork();
            if (c < 0)
                db_die("bench: cannot fork: %s", strerror(errno));
            if (c == 0) {
                char part[4096];
                int code;
                /* the worker dies with the sweep (no orphan goes on running) */
                prctl(PR_SET_PDEATHSIG, SIGKILL);
                if (getppid() != (pid_t)tag)
                    _exit(WORKER_INTERRUPTED);
                setpgid(0, 0);
                part_path(part, sizeof part, out, tag, next);
                cJSON *arr = run_group(items, start[next], start[next + 1], n, suite, part,
                                       &code);
                cJSON_Delete(arr);
                fflush(stderr);
                _exit(code);
            }
            setpgid(c, c);
            pid[next++] = c;
            running++;
            continue;
        }
        int st;
        pid_t done = wait(&st);
        if (done < 0) {
            if (errno == EINTR)
                continue;
            db_die("bench: wait: %s", strerror(errno));
        }
        for (int g = 0; g < next; g++)
            if (pid[g] == done) {
                status[g] = st;
                pid[g] = -1;
                running--;
            }
    }
    /* collect: the records of each group from its part file, whatever its
     * worker finished (all, or a prefix of its runs when it was stopped or
     * lost); the runs not finished get no record (bench --resume runs them).
     * The part files stay until bench.json is written (db_cmd_bench). */
    for (int g = 0; g < ng; g++) {
        char part[4096], err[512], why[160] = "";
        part_path(part, sizeof part, out, tag, g);
        cJSON *arr = NULL;
        int todo = group_todo(items, start[g], start[g + 1]);
        if (todo == 0) {
            for (int k = start[g]; k < start[g + 1]; k++)
                append_run(runs, cJSON_Duplicate(items[k].prev, 1), nfailed);
            continue;
        }
        if (g < next && (arr = db_json_read_file(part, err, sizeof err)) &&
            (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > todo)) {
            cJSON_Delete(arr);
            arr = NULL;
        }
        int got = arr ? cJSON_GetArraySize(arr) : 0;
        if (got < todo) {
            sweep->incomplete = 1;
            if (g >= next || stopped)
                ; /* interrupted: not started, or stopped */
            else if (WIFEXITED(status[g]) && WEXITSTATUS(status[g]) == WORKER_WRITE_ERROR)
                sweep->write_error = 1; /* the worker said why */
            else if (WIFSIGNALED(status[g]))
                snprintf(why, sizeof why, "worker killed by signal %d (%s)", WTERMSIG(status[g]),
                         strsignal(WTERMSIG(status[g])));
            else if (WIFEXITED(status[g]) && WEXITSTATUS(status[g]) == WORKER_DONE)
                snprintf(why, sizeof why, "worker results unreadable");
            else
                snprintf(why, sizeof why, "worker exited with status %d",
                         WIFEXITED(status[g]) ? WEXITSTATUS(status[g]) : -1);
            if (why[0]) {
                sweep->lost_worker = 1;
                fprintf(stderr, "bench: %s %s %s %s: %s: %d of %d runs not done (not a "
                        "failure of the runs: bench --resume runs them)\n",
                        items[start[g]].p->name,
                        items[start[g]].p->scenarios[items[start[g]].sc].name,
                        db_form_name(items[start[g]].f), items[start[g]].s->name, why,
                        todo - got, todo);
            }
        }
        for (int k = start[g]; k < start[g + 1]; k++)
            if (items[k].prev)
                append_run(runs, cJSON_Duplicate(items[k].prev, 1), nfailed);
            else if (arr && arr->child)
                append_run(runs, cJSON_DetachItemViaPointer(arr, arr->child), nfailed);
        cJSON_Delete(arr);
    }
    db_progress_finish(progress);
    progress = NULL;
    free(start);
    free(pid);
    free(status);
}

int db_cmd_bench(int argc, char **argv)
{
    db_isolate_no_fastbins();   /* before any allocation: its workers fork every run */
    const char *suite_name = "quick", *out = "results", *tols_s = NULL;
    filter fp = {.any = 1}, ff = {.any = 1}, fs = {.any = 1};
    long shard_k = 1, shard_n = 1;
    int resume = 0;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs < 1)
        jobs = 1;
    if (jobs > 8)
        jobs = 8;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--suite") == 0)
            suite_name = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--problems") == 0)
            filter_parse(&fp, db_cli_value(argc, argv, &i));
        else if (strcmp(a, "--formulations") == 0)
            filter_parse(&ff, db_cli_value(argc, argv, &i));
        else if (strcmp(a, "--solvers") == 0)
            filter_parse(&fs, db_cli_value(argc, argv, &i));
        else if (strcmp(a, "--tols") == 0)
            tols_s = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--jobs") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            if (db_parse_count(v, &jobs) != 0 || jobs < 1 || jobs > 64)
                db_die("bench: bad --jobs '%s' (expected 1..64)", v);
        } else if (strcmp(a, "--out") == 0)
            out = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--resume") == 0)
            resume = 1;
        else if (strcmp(a, "--shard") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            char buf[64];
            const char *slash = strchr(v, '/');
            if (!slash || strlen(v) >= sizeof buf)
                db_die("bench: bad --shard '%s' (expected K/N)", v);
            snprintf(buf, sizeof buf, "%.*s", (int)(slash - v), v);
            if (db_parse_count(buf, &shard_k) != 0 || db_parse_count(slash + 1, &shard_n) != 0 ||
                shard_n < 1 || shard_k < 1 || shard_k > shard_n)
                db_die("bench: bad --shard '%s' (expected K/N with 1 <= K <= N)", v);
        } else
            db_die_unknown_option("bench", a);
    }
    db_isolate_check_env(); /* a bad limit stops the program before the sweep */
    const db_suite *suite = db_suite_find(suite_name);
    if (!suite)
        db_die_unknown("bench", "suite", suite_name, (const char *const[]){"quick", "full",
                       "scaling"}, 3);
    /* the suite's own selection where no option gives one */
    if (fp.any && suite->problems)
        filter_parse(&fp, suite->problems);
    if (ff.any && suite->forms)
        filter_parse(&ff, suite->forms);
    if (fs.any && suite->solvers)
        filter_parse(&fs, suite->solvers);
    char swname[64];
    double swvals[64];
    int nsw = db_suite_sweep(suite, swname, sizeof swname, swvals, 64);
    if (nsw < 0)
        db_die("bench: suite %s: malformed sweep '%s'", suite->name, suite->sweep);
    for (int i = 0; i < fp.n; i++)
        db_cli_problem_name("bench", fp.items[i]);
    for (int i = 0; i < ff.n; i++)
        db_cli_form("bench", ff.items[i]);
    for (int i = 0; i < fs.n; i++)
        db_cli_solver("bench", fs.items[i]);
    double tols[DB_MAX_TOLS];
    int ntol = db_cli_tols(tols_s ? tols_s : suite->tols, tols, DB_MAX_TOLS);

    /* enumerate the runs of this shard */
    int cap = 64, n = 0;
    long index = 0;
    item *items = malloc((size_t)cap * sizeof *items);
    if (!items)
        db_die("bench: out of memory");
    for (int ip = 0; db_problems[ip]; ip++) {
        const db_problem *p = db_problems[ip];
        if (!filter_has(&fp, p->name))
            continue;
        if (p->nparams > DB_MAX_PARAMS)
            db_die("bench: problem %s has more than %d parameters", p->name, DB_MAX_PARAMS);
        for (int sc = 0; sc < p->nscenarios; sc++) {
            double sctols[DB_MAX_TOLS];
            int nsctol = scenario_tols(suite, p, sc, tols_s, tols, ntol, sctols);
            if (nsctol == 0)
                continue;
            int validated = 0;
            for (int f = 0; f < DB_NFORMS; f++) {
                if (!filter_has(&ff, db_form_name((db_form)f)))
                    continue;
                for (int is = 0; db_solvers[is]; is++) {
                    const db_solver *s = db_solvers[is];
                    if (!filter_has(&fs, s->name) || !(s->forms & DB_FORM_BIT(f)))
                        continue;
                    if (index++ % shard_n != shard_k - 1)
                        continue;
                    int ipar = -1;
                    for (int ip2 = 0; nsw > 0 && ip2 < p->nparams; ip2++)
                        if (strcmp(p->params[ip2].name, swname) == 0)
                            ipar = ip2;
                    for (int iv = 0; iv < (ipar >= 0 ? nsw : 1); iv++)
                    for (int it = 0; it < nsctol; it++) {
                        if (!validated) {
                            validate_reference(p, sc);
                            validated = 1;
                        }
                        if (n == cap) {
                            cap *= 2;
                            item *grown = realloc(items, (size_t)cap * sizeof *items);
                            if (!grown)
                                db_die("bench: out of memory");
                            items = grown;
                        }
                        items[n++] = (item){p, sc, (db_form)f, s, sctols[it], NULL, ipar,
                                            ipar >= 0 ? swvals[iv] : 0.0, 1.0};
                    }
                }
            }
        }
    }
    if (index == 0)
        db_die("bench: the selection holds no run (suite %s, filters and shard as given)",
               suite->name);
    bench_out = out;
    char path[4096], csvpath[4096], lock[4096], err[512];
    if (strlen(out) > DB_PATH_MAX - 128)
        db_die("bench: --out path longer than %d bytes", DB_PATH_MAX - 128);
    snprintf(path, sizeof path, "%s/bench.json", out);
    snprintf(csvpath, sizeof csvpath, "%s/bench.csv", out);
    if (db_mkdirs(out) != 0)
        db_die("bench: cannot create directory %s: %s", out, strerror(errno));
    int lockfd = take_lock(out, lock, sizeof lock);
    /* the outputs can be written: checked before the sweep, not after it */
    if (db_output_check(path, err, sizeof err) != 0 ||
        db_output_check(csvpath, err, sizeof err) != 0)
        db_die("bench: %s", err);
    part_stamp = (long)time(NULL);
    int stale = resume ? 0 : db_count_prefixed(out, PART_PREFIX);
    if (stale)
        fprintf(stderr, "bench: note: %d part files of a killed sweep in %s are not used (bench "
                "--resume would reuse their runs); they go when this sweep is written\n", stale,
                out);
    db_resume *prev = NULL;
    if (resume) {
        /* --resume: the runs already in DIR/bench.json, and those that the
         * workers of a killed sweep left in their part files, are not run again */
        char rerr[1024];
        if (db_resume_load(path, &prev, rerr, sizeof rerr) != 0)
            db_die("bench: %s", rerr);
        int fromparts = db_resume_load_parts(prev, out, PART_PREFIX, rerr, sizeof rerr);
        if (fromparts < 0)
            db_die("bench: %s", rerr);
        for (int k = 0; k < n; k++) {
            db_run_spec spec;
            item_spec(&items[k], &spec);
            items[k].prev = db_resume_find(prev, &spec);
        }
        fprintf(stderr, "bench: resume: %d of %d runs already in %s", db_resume_hits(prev), n,
                path);
        if (fromparts > 0)
            fprintf(stderr, " (%d runs from the part files of a killed sweep)", fromparts);
        fprintf(stderr, "\n");
    }

    char created[64], git[64];
    db_now_iso(created, sizeof created);
    db_git_commit(git, sizeof git);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", BENCH_SCHEMA);
    cJSON_AddStringToObject(root, "created", created);
    cJSON_AddStringToObject(root, "git", git);
    cJSON_AddItemToObject(root, "machine", db_machine_json());
    db_calibration_begin(root); /* machine speed and build (calibration.h) */
    cJSON_AddStringToObject(root, "suite", suite->name);
    char shard[64];
    snprintf(shard, sizeof shard, "%ld/%ld", shard_k, shard_n);
    cJSON_AddStringToObject(root, "shard", shard);
    cJSON_AddNumberToObject(root, "jobs", (double)jobs);
    add_filters(root, &fp, &ff, &fs, tols_s);
    add_sweep_id(root, suite->name);
    cJSON *runs = cJSON_AddArrayToObject(root, "runs");

    int nfailed = 0;
    peer_lines();
    run_weight_total = set_weights(items, n, suite->name);
    sweep_state sweep = {0, 0, 0};
    db_interrupt_install();
    run_groups(items, n, suite, (int)jobs, out, runs, &nfailed, &sweep);
    free(items);
    /* --resume keeps the runs of the file outside this selection */
    int kept = 0, iter = 0;
    const cJSON *rec;
    while ((rec = db_resume_unused(prev, &iter))) {
        append_run(runs, cJSON_Duplicate(rec, 1), &nfailed);
        kept++;
    }
    if (kept)
        fprintf(stderr, "bench: resume: %d runs of %s outside this selection kept\n", kept, path);
    db_resume_free(prev);
    db_calibration_end(root);
    int sig = db_interrupted();
    if (sig || sweep.incomplete)
        cJSON_AddTrueToObject(root, "interrupted");
    if (db_json_write_atomic(path, root, err, sizeof err) != 0) {
        cJSON_Delete(root);
        db_die("bench: %s (the finished runs stay in the part files of %s: bench --resume "
               "reads them)", err, out);
    }
    /* everything is in bench.json now: the part files (of this sweep, of a
     * killed one) and temporary files of killed writers go */
    db_remove_prefixed(out, PART_PREFIX);
    db_remove_prefixed(out, "." PART_PREFIX);
    db_remove_prefixed(out, ".bench.json.tmp");
    int written = cJSON_GetArraySize(runs);
    int csv_bad = 0;
    if (!sig && !sweep.incomplete)
        csv_bad = after_sweep(root, out) != 0;
    cJSON_Delete(root);
    drop_lock(); /* still held: no other sweep can have taken it */
    held_lock[0] = '\0';
    close(lockfd);
    if (sig) {
        fprintf(stderr, "bench: interrupted by signal %d: the %d finished of %d runs (%d not ok) "
                "written to %s; bench --resume completes it\n", sig, written, n, nfailed, path);
        return 128 + sig;
    }
    if (sweep.incomplete) {
        fprintf(stderr, "bench: incomplete (%s): the %d finished of %d runs (%d not ok) written "
                "to %s, marked interrupted; bench --resume completes it\n",
                sweep.write_error ? "a write error" : "a worker was lost", written, n + kept,
                nfailed, path);
        return BENCH_EXIT_INCOMPLETE;
    }
    if (csv_bad)
        return BENCH_EXIT_INCOMPLETE;
    fprintf(stderr, "bench: %d runs (%d not ok) written to %s\n", written, nfailed, path);
    return 0;
}
