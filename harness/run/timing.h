/* timing.h — CPU time of the integration alone (docs/measures.md §"CPU time",
 * docs/performance.md §"The timing policy"): the solver is called again until
 * the minimum is stable by the stopping rule below (the two smallest times
 * agree within 2 %, at least 2 and at most 10 calls, no call started that would
 * exceed max_total CPU seconds in all, 0: DB_TIMING_MAX_SECONDS); the minimum is
 * reported.  Counters and output come from the first call.  A failed first call
 * is not repeated; a first call longer than half the budget is not either (the
 * "repeats" field of the run record says how many calls were made). */
#ifndef DAEBENCH_TIMING_H
#define DAEBENCH_TIMING_H

#include "solvers/solver.h"

/* The stopping rule: the calls are repeated only until the minimum is stable —
 * the two smallest times agree within a margin — with a floor and a cap on the
 * number of calls and a CPU-time budget per run that no call is started beyond.
 * Pure functions of the times measured so far, so that the rule is tested on
 * synthetic timings (harness/tests/test_timing_rule.c). */
#define DB_TIMING_MIN_CALLS 2       /* floor: the first call and one repeat */
#define DB_TIMING_MAX_CALLS 10      /* cap */
#define DB_TIMING_MARGIN 0.02       /* the two smallest agree within 2 % ... */
#define DB_TIMING_RESOLUTION 2e-6   /* ... plus 2 us (clock and scheduling jitter) */
#define DB_TIMING_MAX_SECONDS 10.0  /* budget when none is given (daebench run) */

typedef struct {
    int min_calls;     /* calls made whatever the times (unless the budget forbids) */
    int max_calls;     /* calls made at most */
    double margin;     /* relative agreement of the two smallest times */
    double resolution; /* absolute agreement, seconds */
    double budget;     /* CPU seconds of all calls together, at most */
} db_timing_rule;

typedef struct {
    int calls;     /* calls timed so far */
    double total;  /* their CPU seconds */
    double best;   /* the smallest time (0 before the first call) */
    double second; /* the second smallest (0 before the second call) */
} db_timing_tally;

/* the rule with the defaults above and this budget (<= 0: DB_TIMING_MAX_SECONDS) */
db_timing_rule db_timing_rule_default(double budget);

/* an empty tally; one call of this many seconds added to it */
void db_timing_tally_init(db_timing_tally *t);
void db_timing_tally_add(db_timing_tally *t, double seconds);

/* 1 if another call is to be made: none yet; or fewer than max_calls, the next
 * call (expected to take best) fits the budget, and either fewer than min_calls
 * were made or the two smallest differ by more than margin * best + resolution */
int db_timing_more(const db_timing_rule *r, const db_timing_tally *t);

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
