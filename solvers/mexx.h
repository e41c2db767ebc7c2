/* mexx.h — the MEXX solver's event-location interface (seed 001 §2.5): integrate
 * like db_solver_mexx.integrate and also return the located zeros of the
 * switching functions d->mech->switching (d->mech->nswitch of them). */
#ifndef DAEBENCH_MEXX_H
#define DAEBENCH_MEXX_H

#include "solver.h"

typedef struct {
    double t;      /* located zero */
    int index;     /* which switching function (0-based) */
    int dir;       /* +1 rising, −1 falling */
} db_mexx_event;

/* As integrate(); ev[0..maxev) receives the first maxev events in time order
 * (ev may be NULL), *nev (may be NULL) the number located in all. */
db_status db_mexx_integrate_events(const db_dae *d, const db_solver_opts *o, db_output *out,
                                   db_counters *c, db_mexx_event *ev, int maxev, int *nev,
                                   char *msg, size_t msglen);

#endif
