/* timing.h — CPU time of the integration alone (DESIGN.md §"Timing"): the solver
 * is called repeatedly until at least DB_TIMING_MIN_SECONDS have been measured
 * and at least DB_TIMING_MIN_REPEATS calls were made; the minimum is reported.
 * Counters and output come from the first call.  A failed first call is not
 * repeated.  To keep sweeps bounded, repeating stops once max_total seconds of
 * CPU time have been spent (0: DB_TIMING_MAX_SECONDS); slow runs then report
 * fewer repeats (the "repeats" field of the run record says how many). */
#ifndef DAEBENCH_TIMING_H
#define DAEBENCH_TIMING_H

#include "solvers/solver.h"

#define DB_TIMING_MIN_SECONDS 0.1
#define DB_TIMING_MIN_REPEATS 5
#define DB_TIMING_MAX_SECONDS 10.0

typedef struct {
    double cpu_seconds;   /* minimum over the repeats */
    int repeats;          /* calls made */
    int nondeterministic; /* 1 if a repeat gave other counters than the first */
} db_timing;

/* integrate with s, timing as above; returns the status of the first call */
db_status db_timed_integrate(const db_solver *s, const db_dae *d, const db_solver_opts *o,
                             db_output *out, db_counters *c, char *msg, size_t msglen,
                             double max_total, db_timing *tm);

#endif
