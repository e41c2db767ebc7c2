/* progress.c — the progress display of the sweep (progress.h): counters in an
 * anonymous shared mapping, updated with C11 atomics by the worker processes;
 * the estimate of the time left is elapsed / done × (total − done), with done
 * and total weighted by the expected cost of each run where the sweep knows it
 * (db_progress_weights: the baseline's CPU time per run).  The status line on a
 * terminal fits 80 columns. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "harness/sweep/progress.h"

struct db_progress {
    atomic_int done, failed;
    atomic_llong done_w;  /* weight done, in micro-units */
    int total;
    double total_w;       /* 0: unweighted */
    int tty;
    double t0;          /* CLOCK_MONOTONIC at the start */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void db_progress_hms(double s, char *buf, int len)
{
    if (!(s >= 0) || s > 1e8)
        s = 0;
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, (size_t)len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, (size_t)len, "%ld:%02ld", t / 60, t % 60);
}

db_progress *db_progress_start(int total, int mode)
{
    db_progress *p = mmap(NULL, sizeof *p, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                          -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    atomic_init(&p->done, 0);
    atomic_init(&p->failed, 0);
    atomic_init(&p->done_w, 0);
    p->total_w = 0;
    p->total = total;
    p->tty = mode == 1 || (mode == 0 && isatty(STDERR_FILENO));
    p->t0 = now();
    return p;
}

double db_progress_eta(double elapsed, int done, int total, double done_w, double total_w)
{
    if (done >= total)
        return -1;
    if (total_w > 0 && done_w > 0)
        return elapsed / done_w * fmax(total_w - done_w, 0.0);
    if (done > 0)
        return elapsed / done * (total - done);
    return -1;
}

void db_progress_weights(db_progress *p, double total)
{
    if (p && total > 0)
        p->total_w = total;
}

/* "12/408, 2 failed (not expected), 0:42 elapsed, ~3:10 left" */
static void status_text(db_progress *p, int done, int failed, char *buf, size_t len)
{
    char el[32], left[32];
    double e = now() - p->t0;
    db_progress_hms(e, el, sizeof el);
    double dw = 1e-6 * (double)atomic_load(&p->done_w);
    double eta = db_progress_eta(e, done, p->total, dw, p->total_w);
    if (eta >= 0)
        db_progress_hms(eta, left, sizeof left);
    else
        snprintf(left, sizeof left, "0:00");
    snprintf(buf, len, "%d/%d, %d failed (not expected), %s elapsed, ~%s left", done, p->total,
             failed, el,
             left);
}

static void emit(const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

void db_progress_report(db_progress *p, int ok, const char *summary)
{
    db_progress_report_w(p, ok, summary, 1.0);
}

void db_progress_report_w(db_progress *p, int ok, const char *summary, double weight)
{
    if (!p)
        return;
    atomic_fetch_add(&p->done_w, (long long)(1e6 * weight));
    int done = atomic_fetch_add(&p->done, 1) + 1;
    int failed = ok ? atomic_load(&p->failed) : atomic_fetch_add(&p->failed, 1) + 1;
    char st[160], line[1024];
    status_text(p, done, failed, st, sizeof st);
    if (p->tty) {
        /* failures stay on screen; the status line is redrawn below them */
        if (!ok)
            snprintf(line, sizeof line, "\r\033[K[%d/%d] %s\n\033[1mbench: %s\033[0m", done,
                     p->total, summary, st);
        else {
            /* 79 columns at most: "bench: " + status + "  " + the run, cut */
            int room = 79 - 7 - (int)strlen(st) - 2;
            snprintf(line, sizeof line, "\r\033[Kbench: %s%s%.*s", st, room > 8 ? "  " : "",
                     room > 8 ? room : 0, summary);
        }
    } else {
        snprintf(line, sizeof line, "[%d/%d] %s | %s\n", done, p->total, summary,
                 strchr(st, ',') + 2);
    }
    emit(line);
}

int db_progress_done(const db_progress *p)
{
    return p ? atomic_load(&((db_progress *)p)->done) : 0;
}

int db_progress_failed(const db_progress *p)
{
    return p ? atomic_load(&((db_progress *)p)->failed) : 0;
}

void db_progress_finish(db_progress *p)
{
    if (!p)
        return;
    if (p->tty) {
        char st[160], line[256];
        status_text(p, atomic_load(&p->done), atomic_load(&p->failed), st, sizeof st);
        snprintf(line, sizeof line, "\r\033[Kbench: %s\n", st);
        emit(line);
    }
    munmap(p, sizeof *p);
}
