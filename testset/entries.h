/* entries.h — where a derivative callback of a mechanical system (mech.h) puts
 * its entries: a dense column-major block (zeroed by the caller, as mech.h
 * requires) or a sparse accumulator (sparse.h, db_spacc_add).  A problem that
 * offers both the dense callbacks and their sparse variants writes each
 * derivative once, as a loop over db_entries_add, and calls it from both.
 * Written for daebench. */
#ifndef DAEBENCH_ENTRIES_H
#define DAEBENCH_ENTRIES_H

#include <stddef.h>

#include "mech.h"

typedef struct {
    double *dense;        /* [ld × columns], or NULL: the entries go to sp */
    size_t ld;            /* leading dimension of dense */
    db_spacc *sp;
} db_entries;

static inline db_entries db_entries_dense(double *a, int ld)
{
    return (db_entries){a, (size_t)ld, NULL};
}

static inline db_entries db_entries_sparse(db_spacc *a)
{
    return (db_entries){NULL, 0, a};
}

/* entry (i, j) += x */
static inline void db_entries_add(db_entries o, int i, int j, double x)
{
    if (o.dense)
        o.dense[i + o.ld * (size_t)j] += x;
    else
        db_spacc_add(o.sp, i, j, x);
}

#endif
