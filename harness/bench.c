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
 * "cpu limit 30 s"; a worker that dies anyway fails its runs with "crash").
 * SIGINT/SIGTERM stop the sweep: the runs that finished are written, the file
 * is marked "interrupted", exit status 128 + signal; --resume reuses the runs
 * already in DIR/bench.json and runs the rest (resume.h).
 * Writes DIR/bench.json (schema daebench.bench/1, DESIGN.md §"JSON"). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "calibration.h"
#include "cli.h"
#include "commands.h"
#include "isolate.h"
#include "jsonio.h"
#include "coverage.h"
#include "csv.h"
#include "machine.h"
#include "progress.h"
#include "record.h"
#include "reference.h"
#include "resume.h"
#include "run.h"
#include "suite.h"
#include "testset/registry.h"

#define BENCH_SCHEMA "daebench.bench/1"

/* mkdir -p */
static int make_dirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return -1;
    for (char *c = buf + 1; ; c++) {
        if (*c == '/' || *c == '\0') {
            char save = *c;
            *c = '\0';
            struct stat st;
            if (stat(buf, &st) != 0) {
                if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                    return -1;
            } else if (!S_ISDIR(st.st_mode)) {
                errno = ENOTDIR;
                return -1;
            }
            *c = save;
            if (!save)
                break;
        }
    }
    return 0;
}

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

/* after a complete sweep: the CSV beside bench.json (csv.h), the coverage of
 * the compatible cells and the expected failures (coverage.h) */
static void after_sweep(const cJSON *root, const char *out)
{
    char path[4200], err[512];
    snprintf(path, sizeof path, "%s/bench.csv", out);
    if (db_csv_write(root, path, err, sizeof err) != 0)
        fprintf(stderr, "daebench: bench: %s\n", err);
    int ncells, missing = db_coverage(root, &ncells, stderr);
    if (missing > 0)
        fprintf(stderr, "bench: coverage: %d of %d compatible cells have no run\n", missing,
                ncells);
    else if (missing == 0)
        fprintf(stderr, "bench: coverage: all %d compatible cells run\n", ncells);
    int xfail = 0, xpass = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(root, "runs")) {
        if (!db_xfail_find(r))
            continue;
        const char *st = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "status"));
        if (st && strcmp(st, "failed") == 0)
            xfail++;
        else if (st && strcmp(st, "ok") == 0)
            xpass++;
    }
    if (xfail || xpass)
        fprintf(stderr, "bench: %d expected failures (expected_failures.c), %d listed there now "
                "pass\n", xfail, xpass);
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
    if (make_dirs(dir) != 0)
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
                        const char *part)
{
    cJSON *arr = cJSON_CreateArray();
    int budget_failed[DB_MAX_TOLS] = {0};
    for (int k = a; k < b; k++) {
        if (items[k].prev)
            continue;
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
        } else if (db_run_isolated(&spec, NULL, &res, err, sizeof err) != 0)
            db_die("bench: %s", err);
        /* the CPU limit of the run's process (isolate.h) counts as a budget */
        budget_failed[k - a] = strcmp(res.status, "failed") == 0 &&
                               (strcmp(res.reason, "budget") == 0 ||
                                strncmp(res.reason, "cpu limit", 9) == 0);
        db_run_summary(&res, line, sizeof line);
        (void)n;
        int ok = strcmp(res.status, "failed") != 0;
        cJSON_AddItemToArray(arr, db_record_json(&res));
        db_run_result_free(&res);
        /* saved before it is reported: a run announced as finished is never lost */
        if (db_json_write_atomic(part, arr, err, sizeof err) != 0)
            db_die("bench: %s", err);
        db_progress_report(progress, ok, line);
    }
    return arr;
}

/* the part file of group g of the sweep of process tag */
static void part_path(char *buf, size_t len, const char *out, long tag, int g)
{
    snprintf(buf, len, "%s/.bench-part-%ld-%d.json", out, tag, g);
}

/* Run every group in a child process, at most jobs at a time: a solver that
 * crashes takes only its own group down (recorded as failed, reason "crash"),
 * and the cores are used.  Children write their records to a part file; the
 * parent appends them to runs in the order of the enumeration. */
static void run_groups(const item *items, int n, const db_suite *suite, int jobs,
                       const char *out, cJSON *runs, int *nfailed)
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
                char part[4096], err[512];
                setpgid(0, 0);
                part_path(part, sizeof part, out, tag, next);
                cJSON *arr = run_group(items, start[next], start[next + 1], n, suite, part);
                int rc = db_json_write_atomic(part, arr, err, sizeof err);
                if (rc != 0)
                    fprintf(stderr, "daebench: bench: %s\n", err);
                cJSON_Delete(arr);
                fflush(stderr);
                _exit(rc == 0 ? 0 : 3);
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
    for (int g = 0; g < ng; g++) {
        char part[4096], err[512], why[160] = "";
        part_path(part, sizeof part, out, tag, g);
        cJSON *arr = NULL;
        int todo = group_todo(items, start[g], start[g + 1]);
        if (todo == 0)
            ;
        else if (stopped && (g >= next || (WIFSIGNALED(status[g]) &&
                                           WTERMSIG(status[g]) == SIGKILL))) {
            /* interrupted: the runs it finished, if any */
            if ((arr = db_json_read_file(part, err, sizeof err)) && !cJSON_IsArray(arr)) {
                cJSON_Delete(arr);
                arr = NULL;
            }
        } else if (WIFSIGNALED(status[g]))
            snprintf(why, sizeof why, "worker killed by signal %d (%s)", WTERMSIG(status[g]),
                     strsignal(WTERMSIG(status[g])));
        else if (WEXITSTATUS(status[g]) != 0)
            snprintf(why, sizeof why, "worker exited with status %d", WEXITSTATUS(status[g]));
        else if (!(arr = db_json_read_file(part, err, sizeof err)) || !cJSON_IsArray(arr) ||
                 cJSON_GetArraySize(arr) != todo)
            snprintf(why, sizeof why, "worker results unreadable");
        unlink(part);
        if (why[0]) {
            fprintf(stderr, "bench: %s %s %s %s: %s\n", items[start[g]].p->name,
                    items[start[g]].p->scenarios[items[start[g]].sc].name,
                    db_form_name(items[start[g]].f), items[start[g]].s->name, why);
            for (int k = start[g]; k < start[g + 1]; k++) {
                db_run_spec spec;
                db_run_result res;
                if (items[k].prev) {
                    append_run(runs, cJSON_Duplicate(items[k].prev, 1), nfailed);
                    continue;
                }
                item_spec(&items[k], &spec);
                db_run_execute_skipped(&spec, &res, "crash", why);
                cJSON_AddItemToArray(runs, db_record_json(&res));
                (*nfailed)++;
            }
            cJSON_Delete(arr);
            continue;
        }
        for (int k = start[g]; k < start[g + 1]; k++)
            if (items[k].prev)
                append_run(runs, cJSON_Duplicate(items[k].prev, 1), nfailed);
            else if (arr && cJSON_GetArraySize(arr) > 0)
                append_run(runs, cJSON_DetachItemFromArray(arr, 0), nfailed);
        cJSON_Delete(arr);
    }
    if (stopped) {
        /* the temporary files of part files being written when killed */
        char prefix[64];
        snprintf(prefix, sizeof prefix, "..bench-part-%ld-", tag);
        db_remove_prefixed(out, prefix);
    }
    db_progress_finish(progress);
    progress = NULL;
    free(start);
    free(pid);
    free(status);
}

int db_cmd_bench(int argc, char **argv)
{
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
            db_die("bench: unknown option '%s'", a);
    }
    db_isolate_check_env(); /* a bad limit stops the program before the sweep */
    const db_suite *suite = db_suite_find(suite_name);
    if (!suite)
        db_die("bench: unknown suite '%s' (quick, full, scaling)", suite_name);
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
        if (!db_problem_find(fp.items[i]))
            db_die("bench: unknown problem '%s'", fp.items[i]);
    for (int i = 0; i < ff.n; i++)
        if (db_form_from_name(ff.items[i]) < 0)
            db_die("bench: unknown formulation '%s'", ff.items[i]);
    for (int i = 0; i < fs.n; i++)
        if (!db_solver_find(fs.items[i]))
            db_die("bench: unknown solver '%s'", fs.items[i]);
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
                                            ipar >= 0 ? swvals[iv] : 0.0};
                    }
                }
            }
        }
    }
    bench_out = out;
    if (make_dirs(out) != 0)
        db_die("bench: cannot create directory %s: %s", out, strerror(errno));
    char path[4096];
    snprintf(path, sizeof path, "%s/bench.json", out);
    db_resume *prev = NULL;
    if (resume) {
        /* --resume: the runs already in DIR/bench.json are not run again */
        char rerr[1024];
        if (db_resume_load(path, &prev, rerr, sizeof rerr) != 0)
            db_die("bench: %s", rerr);
        for (int k = 0; k < n; k++) {
            db_run_spec spec;
            item_spec(&items[k], &spec);
            items[k].prev = db_resume_find(prev, &spec);
        }
        fprintf(stderr, "bench: resume: %d of %d runs already in %s\n", db_resume_hits(prev), n,
                path);
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
    cJSON *runs = cJSON_AddArrayToObject(root, "runs");

    int nfailed = 0;
    db_interrupt_install();
    run_groups(items, n, suite, (int)jobs, out, runs, &nfailed);
    free(items);
    db_resume_free(prev);
    db_calibration_end(root);
    int sig = db_interrupted();
    if (sig)
        cJSON_AddTrueToObject(root, "interrupted");
    char err[512];
    if (db_json_write_atomic(path, root, err, sizeof err) != 0) {
        cJSON_Delete(root);
        db_die("bench: %s", err);
    }
    int written = cJSON_GetArraySize(runs);
    if (!sig)
        after_sweep(root, out);
    cJSON_Delete(root);
    if (sig) {
        fprintf(stderr, "bench: interrupted by signal %d: the %d finished of %d runs (%d not ok) "
                "written to %s; bench --resume completes it\n", sig, written, n, nfailed, path);
        return 128 + sig;
    }
    fprintf(stderr, "bench: %d runs (%d not ok) written to %s\n", n, nfailed, path);
    return 0;
}
