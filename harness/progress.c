/* progress.c — the progress display of the sweep (progress.h): counters in an
 * anonymous shared mapping, updated with C11 atomics by the worker processes;
 * the estimate of the time left is elapsed / done × (total − done). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"

struct db_progress {
    atomic_int done, failed;
    int total;
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
    p->total = total;
    p->tty = mode == 1 || (mode == 0 && isatty(STDERR_FILENO));
    p->t0 = now();
    return p;
}

/* "12/408, 2 failed, 0:42 elapsed, ~3:10 left" */
static void status_text(const db_progress *p, int done, int failed, char *buf, size_t len)
{
    char el[32], left[32];
    double e = now() - p->t0;
    db_progress_hms(e, el, sizeof el);
    if (done > 0 && done < p->total)
        db_progress_hms(e / done * (p->total - done), left, sizeof left);
    else
        snprintf(left, sizeof left, "0:00");
    snprintf(buf, len, "%d/%d, %d failed, %s elapsed, ~%s left", done, p->total, failed, el,
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
    if (!p)
        return;
    int done = atomic_fetch_add(&p->done, 1) + 1;
    int failed = ok ? atomic_load(&p->failed) : atomic_fetch_add(&p->failed, 1) + 1;
    char st[160], line[1024];
    status_text(p, done, failed, st, sizeof st);
    if (p->tty) {
        /* failures stay on screen; the status line is redrawn below them */
        if (!ok)
            snprintf(line, sizeof line, "\r\033[K[%d/%d] %s\n\033[1mbench: %s\033[0m", done,
                     p->total, summary, st);
        else
            snprintf(line, sizeof line, "\r\033[Kbench: %s  (%.60s)", st, summary);
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
