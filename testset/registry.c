/* registry.c — the table of catalogue problems: adding a problem is one line here
 * plus its own testset/<problem>.c (see README, "Adding a problem"). */
#include <string.h>

#include "registry.h"

extern const db_problem db_problem_pendulum;
extern const db_problem db_problem_andrews;
extern const db_problem db_problem_truck;
extern const db_problem db_problem_skateboard;
extern const db_problem db_problem_cable_drum;
extern const db_problem db_problem_insulator_chain;
extern const db_problem db_problem_pendulum_chain;
extern const db_problem db_problem_double_pendulum_stiff;
extern const db_problem db_problem_caraxis;
extern const db_problem db_problem_fekete;
extern const db_problem db_problem_four_bar_chain;
extern const db_problem db_problem_bricard;
extern const db_problem db_problem_slider_crank;
extern const db_problem db_problem_wheelset;

const db_problem *const db_problems[] = {
    &db_problem_pendulum,
    &db_problem_andrews,
    &db_problem_truck,
    &db_problem_skateboard,
    &db_problem_cable_drum,
    &db_problem_insulator_chain,
    &db_problem_pendulum_chain,
    &db_problem_double_pendulum_stiff,
    &db_problem_caraxis,
    &db_problem_fekete,
    &db_problem_four_bar_chain,
    &db_problem_bricard,
    &db_problem_slider_crank,
    &db_problem_wheelset,
    NULL
};

const db_problem *db_problem_find(const char *name)
{
    for (int i = 0; db_problems[i]; i++)
        if (strcmp(db_problems[i]->name, name) == 0)
            return db_problems[i];
    return NULL;
}

int db_problem_scenario(const db_problem *p, const char *name)
{
    for (int i = 0; i < p->nscenarios; i++)
        if (strcmp(p->scenarios[i].name, name) == 0)
            return i;
    return -1;
}

int db_problem_param(const db_problem *p, const char *name)
{
    for (int i = 0; i < p->nparams; i++)
        if (strcmp(p->params[i].name, name) == 0)
            return i;
    return -1;
}
