/* names.h — answering a name the program does not know: the nearest valid name
 * ("did you mean …", by edit distance) and the list of valid ones, in the one
 * line of the bad-input exit (status 2); the optional solvers that are known
 * but may not be built (ida without SUNDIALS) are named as such, never as
 * "unknown". */
#ifndef DAEBENCH_NAMES_H
#define DAEBENCH_NAMES_H

#include "solvers/solver.h"
#include "testset/mech.h"

/* Damerau–Levenshtein (optimal string alignment) distance, case-insensitive */
int db_edit_distance(const char *a, const char *b);

/* the candidate nearest to s (distance ≤ max(2, strlen(s)/3)), or NULL */
const char *db_nearest(const char *s, const char *const *cand, int n);

/* die (exit 2) with "CMD: unknown WHAT 'S' (did you mean X? valid: a, b, c)" */
void db_die_unknown(const char *cmd, const char *what, const char *s, const char *const *cand,
                    int n)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;

/* an optional solver of the catalogue that needs an external library */
typedef struct {
    const char *name, *what, *package;
} db_optional_solver;

/* the optional solver named name that is NOT built into this program, or NULL */
const db_optional_solver *db_optional_missing(const char *name);
/* every optional solver that is not built (NULL-terminated into out, max n); count */
int db_optional_missing_all(const db_optional_solver **out, int n);

/* lookups that die with the answer above: a solver (an optional one that is not
 * built: "known but not built, install PACKAGE"), a formulation, a problem
 * name, a scenario of p */
const db_solver *db_cli_solver(const char *cmd, const char *name);
int db_cli_form(const char *cmd, const char *name);
const db_problem *db_cli_problem_name(const char *cmd, const char *name);
int db_cli_scenario(const char *cmd, const db_problem *p, const char *name);

#endif
