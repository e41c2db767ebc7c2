/* roots.h — the root-finding experiments of the sources: a switching function
 * (mech.h switching) whose zeros a source reports, installed on a problem set up
 * as usual (its plain runs have none, so solvers with event location do no extra
 * work there).  The table is testset/roots.c; the papers page's measure event:K
 * locates the zeros with MEXX's event location (seed 001 §2.5). */
#ifndef DAEBENCH_ROOTS_H
#define DAEBENCH_ROOTS_H

#include "mech.h"

/* seed 001 §5.2: β'' of Andrews' squeezer, t in [0, 0.03] */
void db_andrews_roots(db_mech *m);
/* seed 001 §5.4: φ'_{N+1} of the insulator chain (its top insulator's largest
 * swings), t in [0, 0.2] */
void db_insulator_chain_roots(db_mech *m);

/* install the root-finding switching function of problem p on m (set up by
 * p->setup): 0, or -1 when the sources report no roots of p */
int db_roots_install(const db_problem *p, db_mech *m);

#endif
