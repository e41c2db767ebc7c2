/* suite.c — the table of benchmark suites.  Every suite runs every registered
 * problem with its default parameters, every solver, on every formulation the
 * solver accepts (incompatible pairs are skipped); suites differ in scenarios,
 * tolerances, budgets of each integration and the CPU time after which the
 * timing repeats stop (timing.h): quick keeps CI well under 5 minutes. */
#include <string.h>

#include "suite.h"

static const db_suite suites[] = {
    {"quick", 0, "1e-4,1e-6,1e-8", 20.0, 200000, 0.5,
     "default scenario of every problem, 3 tolerances (CI)"},
    {"full", 1, "1e-3:1e-10", 120.0, 2000000, 10.0,
     "every scenario (pendulum long run included), 8 tolerances"},
};

const db_suite *db_suite_find(const char *name)
{
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++)
        if (strcmp(suites[i].name, name) == 0)
            return &suites[i];
    return NULL;
}
