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
 * known to fail, and why (with the source of the argument) */
typedef struct {
    const char *problem, *scenario, *formulation, *solver;
    double tol_min, tol_max;   /* runs with tol_min <= rtol <= tol_max */
    const char *reason;
} db_xfail;

/* the registry, terminated by an entry with problem NULL */
extern const db_xfail db_expected_failures[];

/* the entry that covers run record r, or NULL */
const db_xfail *db_xfail_find(const cJSON *r);

/* Check that every compatible cell of bench has at least one run record.
 * Returns the number missing (each named on a line "MISSING cell ..." to f when
 * f is not NULL); *ncells = the number of cells expected.  -1 when the file's
 * suite is unknown (then nothing is checked). */
int db_coverage(const cJSON *bench, int *ncells, FILE *f);

#endif
