/* registry.h — the table of catalogue problems (testset/registry.c). */
#ifndef DAEBENCH_TESTSET_REGISTRY_H
#define DAEBENCH_TESTSET_REGISTRY_H

#include "mech.h"

/* NULL-terminated table of every problem of the catalogue */
extern const db_problem *const db_problems[];

/* the problem of that name, or NULL */
const db_problem *db_problem_find(const char *name);
/* index of scenario `name` in p, or -1 */
int db_problem_scenario(const db_problem *p, const char *name);
/* index of parameter `name` in p, or -1 */
int db_problem_param(const db_problem *p, const char *name);

#endif
