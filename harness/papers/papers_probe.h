/* papers_probe.h — values of a run of the reproduction page that the run record
 * does not hold: the times of the events the MEXX solver locates (the zeros of the
 * problem's switching functions, mech.h switching, seed 001 §2.5: the mechanism the
 * cable drum's friction uses; a source's root-finding run installs its own,
 * testset/roots.h) and the nonzeros of the saddle-point matrix
 * [M Gᵀ; G 0] (seed 001 Table 5.4's nne(A)).  papers_events.c and
 * papers_structure.c; read by papers.c for the measures event:K and nnz:A. */
#ifndef DAEBENCH_PAPERS_PROBE_H
#define DAEBENCH_PAPERS_PROBE_H

#include <stddef.h>

#include "harness/run/run.h"

#define DB_PAPERS_MAX_EVENTS 64

/* set up spec's problem (scenario, parameters) into *m: 0, or -1 with "setup: ..."
 * in err (papers_structure.c; both probes start with it) */
int db_papers_mech(const db_run_spec *spec, db_mech *m, char *err, size_t errlen);

/* integrate spec (solver mexx) once more with event location on the problem's
 * root-finding switching function (testset/roots.h; over that experiment's
 * interval) or else its own, and write the first max located zeros' times into t
 * (in time order); returns how many were located in all (>= 0), or -1 with a
 * message in err (setup, build, another solver, no switching function, or the
 * integration failed) */
int db_papers_events(const db_run_spec *spec, double *t, int max, char *err, size_t errlen);

/* the nonzeros of [M Gᵀ; G 0] of spec's problem at a generic state, nnz(M) +
 * 2 nnz(G); -1 with a message in err when its setup fails */
long db_papers_saddle_nnz(const db_run_spec *spec, char *err, size_t errlen);

#endif
