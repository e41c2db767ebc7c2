/* isolate.h — one run (of a sweep, of `daebench run`, of a plugin's solver in
 * `papers`) in a child process (fork) under resource limits, so that a solver
 * that crashes, loops or eats memory costs only its own run (issue 10,
 * "Isolation").  The child leads a process group of its own; the group is
 * killed when the run ends, so nothing the run forked outlives it, and a
 * grandchild that holds the result pipe cannot delay the verdict (issue 28).
 * The child carries out db_run_execute with RLIMIT_AS (and RLIMIT_CORE = 0)
 * set and sends the result back through a pipe; the parent watches the child's
 * CPU clock (clock_getcpuclockid, every 50 ms; not RLIMIT_CPU, which makes
 * Linux read the process CPU clock at tick resolution and so ruins the timing
 * of short runs) and the wall clock, kills it at a limit, and turns a signal,
 * an overrun or a child that exits without a result into a failed run with its
 * reason:
 *
 *     reason "signal 11"       message "killed by signal 11 (Segmentation fault)"
 *     reason "cpu limit 30 s"  message "CPU time limit of 30 s exceeded (killed)"
 *     reason "wall limit 120 s", "memory limit", "exit 1" (a sanitizer report) ...
 *
 * Limits of a sweep: CPU seconds = $DAEBENCH_CPU_LIMIT, else max(30, 1.5 × the
 * run's max_cpu) (those of `run`: db_isolate_limits_run); address space =
 * $DAEBENCH_MEM_LIMIT MiB, else 8192 MiB (not set in sanitizer builds:
 * AddressSanitizer reserves terabytes of address space); wall clock = 3 × CPU
 * limit + 30 s.  A bad value in either variable is bad input
 * (one line, exit 2). */
#ifndef DAEBENCH_ISOLATE_H
#define DAEBENCH_ISOLATE_H

#include <stddef.h>

#include "harness/run/run.h"

#define DB_ISOLATE_CPU_MIN 30.0       /* seconds */
#define DB_ISOLATE_MEM_DEFAULT 8192L  /* MiB */

typedef struct {
    double cpu_seconds;   /* CPU seconds of the child; 0 = none */
    long mem_mib;         /* RLIMIT_AS in MiB; 0 = none */
    double wall_seconds;  /* the child is killed after this long; 0 = none */
} db_isolate_limits;

/* the limits of a run of spec (environment variables above; dies on a bad one) */
void db_isolate_limits_for(const db_run_spec *spec, db_isolate_limits *lim);

/* the limits of "daebench run" (issue 28, item 9): the budget covers the whole
 * run, set-up, consistent initial values, the integration, its timing repeats
 * and the measuring, so the CPU limit is $DAEBENCH_CPU_LIMIT, else the run's
 * max_cpu (--max-cpu; the reason of an overrun "cpu limit S s"), else, for a
 * plugin's solver, the limit of db_isolate_limits_for, else none; wall clock
 * 3 × CPU limit + 30 s (none without a CPU limit); memory as there. */
void db_isolate_limits_run(const db_run_spec *spec, int plugin, db_isolate_limits *lim);

/* die (one line, exit 2) if DAEBENCH_CPU_LIMIT or DAEBENCH_MEM_LIMIT is bad */
void db_isolate_check_env(void);

/* db_run_execute in a child process under lim (NULL: db_isolate_limits_for).
 * Same contract as db_run_execute: 0 with a result (a crash or overrun of the
 * child is a failed result), -1 with a one-line message for bad input that must
 * stop the program, or when no child can be made; and 1, no result, when the
 * run was stopped from outside: its process ended by SIGINT, SIGTERM or SIGHUP,
 * or this process interrupted (resume.h) — the run is "interrupted", to be run
 * again by bench --resume, never a failed run.  The child dies with its parent
 * (PR_SET_PDEATHSIG). */
int db_run_isolated(const db_run_spec *spec, const db_isolate_limits *lim, db_run_result *res,
                    char *err, size_t errlen);

/* glibc: no fastbins in this process from now on (see isolate.c); called by
 * the run's fork itself, and by bench before it parses anything */
void db_isolate_no_fastbins(void);

#endif
