/* timing.h — CPU time of the integration alone (docs/measures.md §"CPU time",
 * docs/performance.md §"The timing policy"): the solver is called again until
 * the minimum is stable by the rule of timing_rule.h (the two smallest times
 * agree within 2 %, at least 2 and at most 10 calls, no call started that would
 * exceed max_total CPU seconds in all, 0: DB_TIMING_MAX_SECONDS); the minimum is
 * reported.  Counters and output come from the first call.  A failed first call
 * is not repeated; a first call longer than half the budget is not either (the
 * "repeats" field of the run record says how many calls were made). */
#ifndef DAEBENCH_TIMING_H
#define DAEBENCH_TIMING_H

#include "harness/run/timing_rule.h"
#include "solvers/solver.h"

typedef struct {
    double cpu_seconds;   /* minimum over the calls */
    int repeats;          /* calls made */
    int nondeterministic; /* 1 if a repeat gave other counters than the first */
    double second;        /* the second smallest time (0 after one call) */
} db_timing;

/* integrate with s, timing as above; returns the status of the first call */
db_status db_timed_integrate(const db_solver *s, const db_dae *d, const db_solver_opts *o,
                             db_output *out, db_counters *c, char *msg, size_t msglen,
                             double max_total, db_timing *tm);

#endif
