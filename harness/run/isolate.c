/* isolate.c — one run in a child process under CPU, memory and wall-clock
 * limits (isolate.h).  The child sends its db_run_result through a pipe as raw
 * bytes: it is a fork of the same program, so the pointers in the result (problem,
 * solver, status and counter names: static data) stay valid in the parent; the
 * owned arrays (the end state) follow the struct.  POSIX: fork, pipe, poll,
 * clock_getcpuclockid, setrlimit (address space, core files), waitpid, getrusage;
 * the child leads a process group of its own, killed whole when the run ends. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/cli/cli.h"
#include "harness/run/isolate.h"
#include "harness/sweep/resume.h"

/* no fastbins in a process that forks runs (glibc): the child's first large
 * allocation would otherwise consolidate the fastbins it inherited, writing to
 * (and so copying) hundreds of the parent's heap pages; on the quick suite's
 * small runs those copies and their TLB flushes cost more CPU than the runs.
 * mallopt consolidates the parent's own fastbins once, here; a process that
 * forks workers which fork runs (bench) calls it first, before it allocates. */
void db_isolate_no_fastbins(void)
{
#ifdef __GLIBC__
    static int done;
    if (!done) {
        mallopt(M_MXFAST, 0);
        done = 1;
    }
#endif
}


#if defined(__SANITIZE_ADDRESS__)
#define DB_ISOLATE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DB_ISOLATE_ASAN 1
#endif
#endif
#ifndef DB_ISOLATE_ASAN
#define DB_ISOLATE_ASAN 0
#endif

/* what the child sends: the head, then the end state (size[g] doubles per group
 * when res.have_end) */
typedef struct {
    int rc;              /* of db_run_execute */
    char err[512];
    db_run_result res;
    /* the names of the extra counters: a plugin's (harness/run/plugin.c) live in
     * memory the child wrote, not in static data the parent shares */
    char extra_names[DB_MAX_EXTRA][32];
} frame_head;

/* a counter name received from a child, kept for the life of the program */
static const char *intern(const char *name)
{
    static char names[128][32];
    static int n;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return names[i];
    if (n == 128)
        return "extra";
    snprintf(names[n], sizeof names[n], "%s", name);
    return names[n++];
}

/* a positive whole number from the environment variable name, or def */
static double env_limit(const char *name, double def, double max)
{
    const char *v = getenv(name);
    if (!v)
        return def;
    long x;
    if (db_parse_count(v, &x) != 0 || x < 1 || (double)x > max)
        db_die("bad %s '%s' (expected a whole number 1..%.0f)", name, v, max);
    return (double)x;
}

void db_isolate_limits_for(const db_run_spec *spec, db_isolate_limits *lim)
{
    double cpu = fmax(DB_ISOLATE_CPU_MIN, ceil(1.5 * spec->max_cpu));
    lim->cpu_seconds = env_limit("DAEBENCH_CPU_LIMIT", cpu, 1e6);
    lim->mem_mib = (long)env_limit("DAEBENCH_MEM_LIMIT", (double)DB_ISOLATE_MEM_DEFAULT,
                                   1024.0 * 1024.0);
    if (DB_ISOLATE_ASAN)
        lim->mem_mib = 0;
    lim->wall_seconds = 3.0 * lim->cpu_seconds + 30.0;
}

void db_isolate_limits_run(const db_run_spec *spec, int plugin, db_isolate_limits *lim)
{
    db_isolate_limits_for(spec, lim);
    if (getenv("DAEBENCH_CPU_LIMIT"))
        return;
    if (spec->max_cpu > 0)
        lim->cpu_seconds = spec->max_cpu;
    else if (!plugin)
        lim->cpu_seconds = 0.0;
    lim->wall_seconds = lim->cpu_seconds > 0 ? 3.0 * lim->cpu_seconds + 30.0 : 0.0;
}

void db_isolate_check_env(void)
{
    env_limit("DAEBENCH_CPU_LIMIT", 0.0, 1e6);
    env_limit("DAEBENCH_MEM_LIMIT", 0.0, 1024.0 * 1024.0);
}

static int write_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

static void set_limit(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit now, want;
    if (getrlimit(resource, &now) != 0)
        return;
    want.rlim_cur = soft;
    want.rlim_max = hard;
    if (now.rlim_max != RLIM_INFINITY && want.rlim_max > now.rlim_max)
        want.rlim_max = now.rlim_max;
    if (want.rlim_cur > want.rlim_max)
        want.rlim_cur = want.rlim_max;
    setrlimit(resource, &want);
}

/* the child: limits, the run, the result down the pipe */
static void child_main(const db_run_spec *spec, const db_isolate_limits *lim, int fd,
                       pid_t parent)
{
    /* the run dies with the process that waits for it (no orphan runs on) */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(3);
    /* a process group of its own: whatever the run forks is killed with it */
    setpgid(0, 0);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    set_limit(RLIMIT_CORE, 0, 0);
    /* no RLIMIT_CPU: while it is set, Linux samples CLOCK_PROCESS_CPUTIME_ID of
     * the process at tick resolution (measured: the minimum of 200 timings of a
     * 0.5 ms loop reads 0), which would ruin the timing of short runs; the parent
     * watches the child's CPU clock instead (read_child) */
    if (lim->mem_mib > 0) {
        rlim_t b = (rlim_t)lim->mem_mib * 1024 * 1024;
        set_limit(RLIMIT_AS, b, b);
    }
    static frame_head h; /* static: no large frame on the stack */
    memset(&h, 0, sizeof h);
    h.rc = db_run_execute(spec, &h.res, h.err, sizeof h.err);
    for (int i = 0; i < h.res.counters.nextra && i < DB_MAX_EXTRA; i++)
        snprintf(h.extra_names[i], sizeof h.extra_names[i], "%s",
                 h.res.counters.extra[i].name ? h.res.counters.extra[i].name : "extra");
    int ok = write_all(fd, &h, sizeof h) == 0;
    if (ok && h.rc == 0 && h.res.have_end)
        for (int g = 0; g < DB_NGROUPS && ok; g++)
            ok = write_all(fd, h.res.end[g], (size_t)h.res.size[g] * sizeof(double)) == 0;
    _exit(ok ? 0 : 3);
}

/* CPU seconds (user + system) of the reaped children of this process */
static double children_cpu(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
        return 0.0;
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CPU seconds used so far by the (running) process pid, or -1 */
static double process_cpu(pid_t pid)
{
    clockid_t cid;
    struct timespec ts;
    if (clock_getcpuclockid(pid, &cid) != 0 || clock_gettime(cid, &ts) != 0)
        return -1.0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define WATCH_MS 50 /* how often the parent looks at the child's CPU clock */

/* read everything child pid sends until EOF or until the child has ended,
 * watching its CPU clock; sets *over to 1 when the CPU limit, 2 when the wall
 * limit passes first.  The child is reaped here when it ends (*reaped = 1, its
 * status in *st): a grandchild that holds the pipe open keeps no EOF from
 * coming, so the pipe is then only drained of what is in it.  Returns a malloc'd
 * buffer (NULL when out of memory). */
static char *read_child(int fd, pid_t pid, const db_isolate_limits *lim, size_t *len,
                        int *over, int *st, int *reaped)
{
    size_t cap = sizeof(frame_head) + 4096, n = 0;
    char *buf = malloc(cap);
    double deadline = lim->wall_seconds > 0 ? now_seconds() + lim->wall_seconds : 0.0;
    *over = 0;
    *reaped = 0;
    while (buf) {
        int ms = WATCH_MS;
        if (lim->cpu_seconds > 0 && process_cpu(pid) >= lim->cpu_seconds) {
            *over = 1;
            break;
        }
        if (lim->wall_seconds > 0) {
            double left = deadline - now_seconds();
            if (left <= 0) {
                *over = 2;
                break;
            }
            if (left * 1000.0 < ms)
                ms = (int)(left * 1000.0) + 1;
        }
        if (!*reaped && waitpid(pid, st, WNOHANG) == pid) {
            /* ended: what it sent is in the pipe; no writer may be left but a
             * grandchild, which is killed with the group */
            *reaped = 1;
            kill(-pid, SIGKILL);
            int fl = fcntl(fd, F_GETFL);
            if (fl >= 0)
                fcntl(fd, F_SETFL, fl | O_NONBLOCK);
            ms = 0;
        }
        if (db_interrupted()) { /* this process is stopped: so is the run */
            kill(-pid, SIGKILL);
            break;
        }
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int r = poll(&p, 1, ms);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (r == 0) {
            if (*reaped)
                break; /* drained */
            continue;  /* the limits are checked above */
        }
        if (n == cap) {
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                return NULL;
            }
            buf = grown;
            cap *= 2;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    *len = n;
    return buf;
}

/* decode a complete frame into res; 0 on success */
static int decode(const char *buf, size_t len, const db_run_spec *spec, db_run_result *res,
                  int *rc, char *err, size_t errlen)
{
    if (len < sizeof(frame_head))
        return -1;
    frame_head h;
    memcpy(&h, buf, sizeof h);
    *rc = h.rc;
    if (h.rc != 0) {
        snprintf(err, errlen, "%s", h.err);
        return 0;
    }
    *res = h.res;
    res->spec = *spec;
    for (int i = 0; i < res->counters.nextra && i < DB_MAX_EXTRA; i++) {
        h.extra_names[i][sizeof h.extra_names[i] - 1] = '\0';
        res->counters.extra[i].name = intern(h.extra_names[i]);
    }
    size_t off = sizeof h;
    for (int g = 0; g < DB_NGROUPS; g++)
        res->end[g] = NULL;
    if (!res->have_end)
        return off == len ? 0 : -1;
    for (int g = 0; g < DB_NGROUPS; g++) {
        size_t bytes = (size_t)res->size[g] * sizeof(double);
        if (res->size[g] < 0 || off + bytes > len || !(res->end[g] = malloc(bytes + 1))) {
            db_run_result_free(res);
            return -1;
        }
        memcpy(res->end[g], buf + off, bytes);
        off += bytes;
    }
    if (off != len) {
        db_run_result_free(res);
        return -1;
    }
    return 0;
}

/* a limit in seconds as the reason names it: "30", "0.5" (--max-cpu 0.5) */
static void fmt_seconds(char *buf, size_t len, double s)
{
    if (s == floor(s))
        snprintf(buf, len, "%.0f", s);
    else
        snprintf(buf, len, "%.3g", s);
}

int db_run_isolated(const db_run_spec *spec, const db_isolate_limits *lim, db_run_result *res,
                    char *err, size_t errlen)
{
    db_isolate_limits mine;
    if (!lim) {
        db_isolate_limits_for(spec, &mine);
        lim = &mine;
    }
    int fds[2];
    if (pipe(fds) != 0) {
        snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    db_isolate_no_fastbins();
    double cpu0 = children_cpu();
    pid_t me = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "cannot fork: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        child_main(spec, lim, fds[1], me);
    }
    setpgid(pid, pid); /* as the child does: no race with a kill of the group */
    close(fds[1]);
    size_t len = 0;
    int over = 0, st = 0, reaped = 0;
    char *buf = read_child(fds[0], pid, lim, &len, &over, &st, &reaped);
    close(fds[0]);
    if (over || !buf)
        kill(-pid, SIGKILL);
    while (!reaped && waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    /* nothing of the run outlives it: a grandchild it left is killed */
    kill(-pid, SIGKILL);
    double cpu = children_cpu() - cpu0;

    int rc = 0;
    char reason[32] = "", msg[512] = "";
    if (over == 1) {
        char sec[16];
        fmt_seconds(sec, sizeof sec, lim->cpu_seconds);
        snprintf(reason, sizeof reason, "cpu limit %s s", sec);
        snprintf(msg, sizeof msg, "CPU time limit of %s s exceeded (killed)", sec);
    } else if (over == 2) {
        char sec[16];
        fmt_seconds(sec, sizeof sec, lim->wall_seconds);
        snprintf(reason, sizeof reason, "wall limit %s s", sec);
        snprintf(msg, sizeof msg, "wall-clock limit of %s s exceeded (killed)", sec);
    } else if (WIFSIGNALED(st) && (WTERMSIG(st) == SIGINT || WTERMSIG(st) == SIGTERM ||
                                   WTERMSIG(st) == SIGHUP || db_interrupted())) {
        /* stopped from outside (Ctrl-C, systemd, SLURM, a closed terminal):
         * not the solver's failure, no result */
        free(buf);
        return 1;
    } else if (WIFSIGNALED(st)) {
        int sig = WTERMSIG(st);
        snprintf(reason, sizeof reason, "signal %d", sig);
        snprintf(msg, sizeof msg, "killed by signal %d (%s)", sig, strsignal(sig));
    } else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || !buf) {
        int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        snprintf(reason, sizeof reason, "exit %d", code);
        snprintf(msg, sizeof msg, "the run's process exited with status %d without a result",
                 code);
    } else if (decode(buf, len, spec, res, &rc, err, errlen) != 0) {
        snprintf(reason, sizeof reason, "crash");
        snprintf(msg, sizeof msg, "the run's process sent an incomplete result (%zu bytes)",
                 len);
    }
    free(buf);
    if (reason[0]) {
        db_run_execute_skipped(spec, res, reason, msg);
        res->cpu_seconds = cpu;
        return 0;
    }
    if (rc != 0) {
        if (strncmp(err, "out of memory", 13) != 0 || lim->mem_mib <= 0)
            return -1;
        /* allocation failed under RLIMIT_AS: a result, not bad input */
        snprintf(msg, sizeof msg, "%.300s (memory limit %ld MiB)", err, lim->mem_mib);
        db_run_execute_skipped(spec, res, "memory limit", msg);
        res->cpu_seconds = cpu;
        return 0;
    }
    /* an allocation that failed under RLIMIT_AS, in the solver ("memory") or
     * while building the formulation ("build: out of memory"), is the limit */
    if (strcmp(res->status, "failed") == 0 && lim->mem_mib > 0 &&
        (strcmp(res->reason, "memory") == 0 ||
         (strcmp(res->reason, "build") == 0 && strstr(res->message, "out of memory")))) {
        snprintf(res->reason, sizeof res->reason, "memory limit");
        size_t used = strlen(res->message);
        snprintf(res->message + used, sizeof res->message - used, " (memory limit %ld MiB)",
                 lim->mem_mib);
    }
    return 0;
}
