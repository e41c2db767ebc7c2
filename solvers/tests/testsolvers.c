/* testsolvers.c — deliberately broken solvers for the isolation tests of the
 * sweep (issue 10): "test-crash" dies of SIGSEGV, "test-loop" spins forever and
 * ignores its budgets, "test-nan" claims success with a NaN in its output,
 * "test-forkcrash" leaves a grandchild behind (sleeping, holding the result pipe
 * of the isolation; its pid in the file $DAEBENCH_TEST_PIDFILE) and dies of
 * SIGSEGV (issue 28, item 10).  They
 * are linked only into the test program daebench-testsolvers (see
 * harness/tests/testsolvers.cmake), whose solver table is solvers/registry.c
 * compiled with DAEBENCH_TEST_SOLVERS; the daebench program never has them. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "solvers/solver.h"

static db_status crash_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                                 db_counters *c, char *msg, size_t msglen)
{
    (void)d, (void)o, (void)out, (void)msg, (void)msglen;
    c->steps = 1;
    /* a real SIGSEGV, also under AddressSanitizer (which would turn a bad
     * dereference into a report and exit 1) */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGSEGV, &sa, NULL);
    raise(SIGSEGV);
    return DB_FAIL_INPUT; /* not reached */
}

static db_status forkcrash_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                                     db_counters *c, char *msg, size_t msglen)
{
    pid_t pid = fork();
    if (pid == 0) { /* the grandchild: keeps every descriptor, sleeps */
        const char *pf = getenv("DAEBENCH_TEST_PIDFILE");
        FILE *f = pf ? fopen(pf, "w") : NULL;
        if (f) {
            fprintf(f, "%ld\n", (long)getpid());
            fclose(f);
        }
        for (;;)
            pause();
    }
    if (pid > 0) /* the pid file written before the crash */
        for (int k = 0; k < 200 && getenv("DAEBENCH_TEST_PIDFILE") &&
                        access(getenv("DAEBENCH_TEST_PIDFILE"), R_OK) != 0; k++)
            nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 10000000}, NULL);
    return crash_integrate(d, o, out, c, msg, msglen);
}

static db_status loop_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                                db_counters *c, char *msg, size_t msglen)
{
    (void)d, (void)o, (void)out, (void)msg, (void)msglen;
    volatile unsigned long spin = 0;
    for (;;) {
        spin++;
        c->steps = (long)(spin & 0xffff);
    }
    return DB_OK; /* not reached */
}

static db_status nan_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                               db_counters *c, char *msg, size_t msglen)
{
    (void)o, (void)msg, (void)msglen;
    for (int k = 0; k < out->nt; k++)
        memcpy(out->y + (long)k * d->n, d->y0, (size_t)d->n * sizeof(double));
    /* a NaN in the first position coordinate from the middle output point on */
    for (int k = out->nt / 2; k < out->nt; k++)
        out->y[(long)k * d->n + d->off_p] = NAN;
    c->steps = out->nt;
    return DB_OK;
}

const db_solver db_solver_test_crash = {
    .name = "test-crash",
    .title = "test only: dies of SIGSEGV",
    .forms = DB_FORM_BIT(DB_GGL),
    .integrate = crash_integrate,
};

const db_solver db_solver_test_loop = {
    .name = "test-loop",
    .title = "test only: loops forever, ignoring max_steps and max_cpu",
    .forms = DB_FORM_BIT(DB_GGL),
    .integrate = loop_integrate,
};

const db_solver db_solver_test_nan = {
    .name = "test-nan",
    .title = "test only: returns ok with NaN in the output",
    .forms = DB_FORM_BIT(DB_GGL),
    .integrate = nan_integrate,
};

const db_solver db_solver_test_forkcrash = {
    .name = "test-forkcrash",
    .title = "test only: leaves a sleeping grandchild, dies of SIGSEGV",
    .forms = DB_FORM_BIT(DB_GGL),
    .integrate = forkcrash_integrate,
};
