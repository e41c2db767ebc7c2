/* reference.h — THE loader of reference solutions, used by run, bench and check
 * (DESIGN.md §"Reference solutions").  A problem with an exact solution callback
 * gets its reference from it on a uniform grid of 101 points on [t0, tend]
 * (1001 for spans > 100); otherwise reference/<problem>-<scenario>.json (schema
 * daebench.reference/1) is read.  The directory is $DAEBENCH_REFERENCE_DIR or
 * <source dir>/reference. */
#ifndef DAEBENCH_REFERENCE_H
#define DAEBENCH_REFERENCE_H

#include <stddef.h>

#include "measures.h"
#include "../testset/mech.h" /* relative: the installed tree has no -I for it */

#define DB_REF_SCHEMA "daebench.reference/1"

typedef struct {
    int have;                   /* 1 if there is a reference to measure against */
    char source[512];           /* "exact solution" or the file path */
    char msg[512];              /* why there is none (have == 0) */
    double *t;                  /* grid times [grid.nt] (owned) */
    db_traj grid;               /* reference values on the grid (owned); when have
                                 * == 0: only the times of a uniform grid */
    double *end[DB_NGROUPS];    /* values at tend (owned) */
    double mag[DB_NGROUPS];     /* group magnitudes (db_group_magnitude) */
} db_ref;

/* Load the reference of problem prob, scenario sc, parameters par[] for the set
 * up system m.  Returns 0 with r->have = 1 (a reference), or 0 with r->have = 0
 * and r->msg (none exists for these parameters: no exact solution and no file,
 * or the file is for other parameters); -1 with a one-line message in err when a
 * file exists but is unreadable, corrupt or violates the schema. */
int db_ref_load(db_ref *r, const db_problem *prob, int sc, const double *par,
                const db_mech *m, char *err, size_t errlen);
void db_ref_free(db_ref *r);

/* the path of the reference file of problem/scenario into buf: 0, or -1 when
 * it does not fit in len (a long DAEBENCH_REFERENCE_DIR; buf must not be used) */
int db_ref_path(const db_problem *prob, int sc, char *buf, size_t len);

#endif
