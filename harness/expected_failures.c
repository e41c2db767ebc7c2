/* expected_failures.c — the registry of runs known to fail for a reason of
 * theory (coverage.h).  Such a failure is shown as "expected" in the report and
 * by check, and does not fail the check; a run listed here that passes is
 * reported ("unexpectedly passing": remove or narrow its entry).  One line per
 * entry: problem, scenario, formulation, solver ("*" = any), the largest
 * tolerance concerned, the reason with its source. */
#include <string.h>

#include "coverage.h"

/* From the survey of every solver x formulation x problem at 1e-4 ... 1e-8 (closing
 * note of the solver issues).  pendulum:long is 1000 s, about 500 periods: the
 * global (phase) error of any method grows linearly with t, so a tolerance that
 * is tight per step needs a number of steps that grows like tol^(-1/q) per
 * period for a method of order q; the BDF codes (q <= 5, and in practice 2-3
 * on this oscillatory problem) and the order-4 Rosenbrock-Nystrom code exceed
 * the step budget there, while radau5 needs 78k steps at 1e-8. */
#define LONG_RUN "pendulum:long is ~500 periods: at this tolerance a method of order " \
                 "<= 5 needs more steps than the budget (phase error grows with t; " \
                 "seed 000 long runs)"
const db_xfail db_expected_failures[] = {
    {"pendulum", "long", "EoM1", "bdf", 1e-6, LONG_RUN},
    {"pendulum", "long", "GGL", "bdf", 1e-6, LONG_RUN},
    {"pendulum", "long", "EoM0", "bdf", 1e-8, LONG_RUN},
    {"pendulum", "long", "oEoM1", "odassl", 1e-6, LONG_RUN},
    {"pendulum", "long", "oEoM0", "odassl", 1e-8, LONG_RUN},
    {"pendulum", "long", "EoM", "rosnys", 1e-8, LONG_RUN},
    {NULL, NULL, NULL, NULL, 0, NULL},
};

static int match(const char *pat, const cJSON *r, const char *field)
{
    if (strcmp(pat, "*") == 0)
        return 1;
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(r, field);
    return cJSON_IsString(x) && strcmp(x->valuestring, pat) == 0;
}

const db_xfail *db_xfail_find(const cJSON *r)
{
    const cJSON *tol = cJSON_GetObjectItemCaseSensitive(r, "rtol");
    if (!cJSON_IsNumber(tol))
        return NULL;
    for (const db_xfail *x = db_expected_failures; x->problem; x++)
        if (match(x->problem, r, "problem") && match(x->scenario, r, "scenario") &&
            match(x->formulation, r, "formulation") && match(x->solver, r, "solver") &&
            tol->valuedouble <= x->tol_max * (1 + 1e-9))
            return x;
    return NULL;
}
