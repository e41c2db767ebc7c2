/* timing_rule.h — when to stop repeating a timed integration (docs/performance.md,
 * "The timing policy"): the calls are repeated only until the minimum is stable —
 * the two smallest times agree within a margin — with a floor and a cap on the
 * number of calls and a CPU-time budget per run that no call is started beyond.
 * Pure functions of the times measured so far, so that the rule is tested on
 * synthetic timings (harness/tests/test_timing_rule.c). */
#ifndef DAEBENCH_TIMING_RULE_H
#define DAEBENCH_TIMING_RULE_H

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

#endif
