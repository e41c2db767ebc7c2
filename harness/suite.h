/* suite.h — the benchmark suites of "daebench bench" (DESIGN.md §"The program"),
 * one row each of a small table (suite.c). */
#ifndef DAEBENCH_SUITE_H
#define DAEBENCH_SUITE_H

typedef struct {
    const char *name;
    int all_scenarios;     /* 0: the default scenario (index 0) of each problem only */
    const char *tols;      /* tolerance ladder or list, as --tols takes it */
    double max_cpu;        /* budget of each integration, CPU seconds */
    long max_steps;        /* budget of each integration, steps */
    double timing_cap;     /* repeats of the timing stop after this many seconds */
    const char *help;
} db_suite;

/* NULL if unknown */
const db_suite *db_suite_find(const char *name);

#endif
