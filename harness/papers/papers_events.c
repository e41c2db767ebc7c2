/* papers_events.c — the event times of a run of the reproduction page (measure
 * event:K): the run's problem, formulation and options integrated once more by
 * MEXX with its event location (solvers/mexx.h, seed 001 §2.5) on the switching
 * function of the problem's root-finding experiment (testset/roots.h, with its
 * interval), or else on the problem's own switching functions (mech.h), output at
 * t_end only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/papers/papers_probe.h"
#include "solvers/mexx.h"
#include "testset/roots.h"

int db_papers_events(const db_run_spec *spec, double *t, int max, char *err, size_t errlen)
{
    if (strcmp(spec->solver->name, "mexx") != 0) {
        snprintf(err, errlen, "event times come from mexx's event location, not %s",
                 spec->solver->name);
        return -1;
    }
    db_mech m;
    char msg[256] = "";
    if (db_papers_mech(spec, &m, err, errlen) != 0)
        return -1;
    db_roots_install(spec->prob, &m);   /* none: the problem's own, if any */
    int rc = -1;
    db_dae d;
    memset(&d, 0, sizeof d);
    db_mexx_event *ev = malloc((size_t)(max > 0 ? max : 1) * sizeof *ev);
    double *y = NULL;
    if (!m.switching || m.nswitch <= 0) {
        snprintf(err, errlen, "%s has no switching function (mech.h)", spec->prob->name);
    } else if (!ev) {
        snprintf(err, errlen, "out of memory");
    } else if (db_dae_build(&d, &m, spec->form, msg, sizeof msg) != 0) {
        snprintf(err, errlen, "build: %s", msg);
    } else if (!(y = malloc((size_t)d.n * sizeof *y))) {
        snprintf(err, errlen, "out of memory");
        db_dae_free(&d);
    } else {
        double tend = m.tend;
        db_output out = {.nt = 1, .t = &tend, .y = y, .yp = NULL};
        db_solver_opts o = {.rtol = spec->rtol, .atol = spec->atol, .h0 = spec->h0,
                            .max_steps = spec->max_steps, .max_cpu = spec->max_cpu,
                            .variant = spec->variant};
        db_counters c;
        memset(&c, 0, sizeof c);
        int nev = 0;
        db_status st = db_mexx_integrate_events(&d, &o, &out, &c, ev, max, &nev, msg,
                                                sizeof msg);
        if (st != DB_OK) {
            snprintf(err, errlen, "mexx with event location: %s", msg);
        } else {
            for (int k = 0; k < nev && k < max; k++)
                t[k] = ev[k].t;
            rc = nev;
        }
        db_dae_free(&d);
    }
    free(y);
    free(ev);
    if (spec->prob->teardown)
        spec->prob->teardown(&m);
    return rc;
}
