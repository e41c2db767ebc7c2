/* mexx_events.h — the tests' one way to locate a problem's switching-function
 * zeros: build oEoM1 of a set-up system (with its switching function installed)
 * and integrate it to t_end with mexx's event location (seed 001 §2.5); the
 * status, with the events in ev[max] and their count in *nev, msg on failure. */
#ifndef DAEBENCH_TEST_MEXX_EVENTS_H
#define DAEBENCH_TEST_MEXX_EVENTS_H

#include <stdlib.h>
#include <string.h>

#include "solvers/mexx.h"
#include "testset/dae.h"

static inline db_status mexx_events(db_mech *m, double tol, db_mexx_event *ev, int max,
                                    int *nev, char *msg, size_t msglen)
{
    db_dae d;
    *nev = 0;
    if (db_dae_build(&d, m, DB_OEOM1, msg, msglen) != 0)
        return DB_FAIL_INPUT;
    double tend = m->tend, *y = calloc((size_t)d.n, sizeof *y);
    db_output out = {.nt = 1, .t = &tend, .y = y, .yp = NULL};
    db_solver_opts o = {.rtol = tol, .atol = tol};
    db_counters c;
    memset(&c, 0, sizeof c);
    db_status st = y ? db_mexx_integrate_events(&d, &o, &out, &c, ev, max, nev, msg, msglen)
                     : DB_FAIL_INPUT;
    free(y);
    db_dae_free(&d);
    return st;
}

#endif
