/* coverage.h — (issue 8, "Coverage and expected failures") the cells problem ×
 * scenario × formulation × solver that the registries declare compatible for a
 * bench file's suite (scenarios as suite.h, formulations a solver accepts,
 * narrowed by the file's "filters" and its shard), checked to have run; and the
 * registry of runs known to fail for a reason of theory (expected_failures.c). */
#ifndef DAEBENCH_COVERAGE_H
#define DAEBENCH_COVERAGE_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* a cell (or cells: "*" matches any name) whose runs at tol_min <= rtol <= tol_max are
 * known to fail, and why (with the source of the argument).  klass is "theory" (the
 * method or formulation is outside its domain) or "weakness" (our solver fails where
 * a peer succeeds); fails_as is the failure reason class the failure has
 * (db_failure_class): a listed run that fails in another class (a crash) is not
 * expected. */
typedef struct {
    const char *problem, *scenario, *formulation, *solver;
    double tol_min, tol_max;   /* runs with tol_min <= rtol <= tol_max */
    const char *reason;
    const char *klass;         /* "theory" or "weakness" */
    const char *fails_as;      /* "solver", "budget", ... (db_failure_class), or a comma
                                * list of classes ("solver,budget") */
} db_xfail;

/* the class of a failure reason: "solver" (the method gave up: stepsize, newton,
 * nonfinite, input, memory), "budget" (budget, cpu/wall/memory limit), "crash"
 * (signal N, exit N, crash), "setup" (setup, build); "other" for anything else */
const char *db_failure_class(const char *reason);

/* the registry, terminated by an entry with problem NULL */
extern const db_xfail db_expected_failures[];

/* the entry that covers run record r (its identity), or NULL */
const db_xfail *db_xfail_find(const cJSON *r);
/* the entry that covers r AND whose fails_as is the class of r's failure reason,
 * i.e. r fails as expected; NULL otherwise (a crash of a listed run) */
const db_xfail *db_xfail_expected(const cJSON *r);

/* Check that every compatible cell of bench has at least one run record.
 * Returns the number missing (each named on a line "MISSING cell ..." to f when
 * f is not NULL); *ncells = the number of cells expected.  -1 when the file's
 * suite is unknown (then nothing is checked). */
int db_coverage(const cJSON *bench, int *ncells, FILE *f);

#endif
