/* suite.h — the benchmark suites of "daebench bench" (DESIGN.md §"The program",
 * issue 8 "The sweep"), one row each of a small table (suite.c). */
#ifndef DAEBENCH_SUITE_H
#define DAEBENCH_SUITE_H

typedef struct {
    const char *name;
    int all_scenarios;     /* 0: the default scenario (index 0) of each problem only */
    const char *tols;      /* tolerance ladder or list, as --tols takes it */
    double max_cpu;        /* budget of each integration, CPU seconds */
    long max_steps;        /* budget of each integration, steps */
    double timing_cap;     /* CPU-time budget of a run's timing calls (timing.h) */
    /* further scenarios with their own tolerances, "problem:scenario@tols" items
     * separated by ';' (tols as --tols, ',' lists allowed); NULL = none */
    const char *extra;
    /* scenarios whose ok runs write a time series (trajdump.h) to
     * OUT/traj/<problem>-<scenario>-<formulation>-<solver>-<tol>.dat,
     * "problem:scenario" items separated by ';'; NULL = none */
    const char *traj;
    const char *help;
    /* fields added for the scaling suite (issue 9); NULL/0 in the other suites */
    /* default selection when --problems / --formulations / --solvers is not
     * given, comma lists as those options take them; NULL = every one */
    const char *problems, *forms, *solvers;
    /* a parameter sweep "NAME=v1,v2,...": every run of the suite is repeated
     * for each value of the parameter (problems without that parameter run
     * with their defaults, once); NULL = the defaults only */
    const char *sweep;
    /* the fit of the cost per step against the swept parameter (plot, report)
     * uses the values >= fit_from (0: all of them) */
    double fit_from;
} db_suite;

/* NULL if unknown */
const db_suite *db_suite_find(const char *name);
/* the suite table, NULL-name terminated */
extern const db_suite db_suites[];

/* 1 if "problem:scenario" is an item of the ';' list (NULL: 0); with tols, the
 * tolerances of the item ("@..." part, "" if none) are copied there */
/* the values of the suite's sweep into vals (at most max): returns their count
 * and the parameter's name in name, 0 when the suite has no sweep, -1 on a
 * malformed sweep */
int db_suite_sweep(const db_suite *suite, char *name, int namelen, double *vals, int max);

int db_suite_item(const char *list, const char *problem, const char *scenario, char *tols,
                  int tolslen);

#endif
