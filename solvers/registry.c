/* registry.c — the table of solvers: adding a solver is one file in solvers/ plus
 * one line here (see README, "Adding a solver"); also the small shared pieces of
 * the solver interface (status names, extra counters, CPU clock). */
#include <string.h>
#include <time.h>

#include "solver.h"

extern const db_solver db_solver_radau5;
extern const db_solver db_solver_mexx;
extern const db_solver db_solver_rosnys;
extern const db_solver db_solver_bdf;
extern const db_solver db_solver_odassl;
extern const db_solver db_solver_geoms;
#ifdef DAEBENCH_HAVE_IDA
extern const db_solver db_solver_ida;   /* optional external peer (SUNDIALS IDA) */
#endif
#ifdef DAEBENCH_TEST_SOLVERS   /* the test program daebench-testsolvers only */
extern const db_solver db_solver_test_crash, db_solver_test_loop, db_solver_test_nan,
    db_solver_test_forkcrash;
#endif

/* the built-in solvers, then those registered at run time (db_solver_register:
 * plugins, harness/run/plugin.c); NULL after the last */
const db_solver *db_solvers[DB_SOLVER_SLOTS] = {
    &db_solver_radau5,
    &db_solver_mexx,
    &db_solver_rosnys,
    &db_solver_bdf,
    &db_solver_odassl,
    &db_solver_geoms,
#ifdef DAEBENCH_HAVE_IDA
    &db_solver_ida,
#endif
#ifdef DAEBENCH_TEST_SOLVERS
    &db_solver_test_crash, &db_solver_test_loop, &db_solver_test_nan,
    &db_solver_test_forkcrash,
#endif
    NULL
};

int db_solver_register(const db_solver *s)
{
    if (db_solver_find(s->name))
        return -1;
    for (int i = 0; i < DB_SOLVER_SLOTS - 1; i++)
        if (!db_solvers[i]) {
            db_solvers[i] = s;
            return 0;
        }
    return -2;
}

const db_solver *db_solver_find(const char *name)
{
    for (int i = 0; db_solvers[i]; i++)
        if (strcmp(db_solvers[i]->name, name) == 0)
            return db_solvers[i];
    return NULL;
}

const char *db_status_name(db_status s)
{
    static const char *const names[] = {
        "ok", "stepsize", "newton", "budget", "input", "nonfinite", "memory", "invalid"
    };
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "unknown";
}

void db_counters_set_extra(db_counters *c, const char *name, long value)
{
    for (int i = 0; i < c->nextra; i++)
        if (strcmp(c->extra[i].name, name) == 0) {
            c->extra[i].value = value;
            return;
        }
    if (c->nextra < DB_MAX_EXTRA) {
        c->extra[c->nextra].name = name;
        c->extra[c->nextra].value = value;
        c->nextra++;
    }
}

int db_counters_get_extra(const db_counters *c, const char *name, long *value)
{
    for (int i = 0; i < c->nextra; i++)
        if (strcmp(c->extra[i].name, name) == 0) {
            *value = c->extra[i].value;
            return 1;
        }
    return 0;
}

double db_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
