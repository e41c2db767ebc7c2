/* problems_ld.h — the long double model tables (mech_ld.h) of the problems that
 * give one; each problem's setup points m->ld at its table. */
#ifndef DAEBENCH_PROBLEMS_LD_H
#define DAEBENCH_PROBLEMS_LD_H

#include "mech_ld.h"

extern const db_mech_ld db_pendulum_chain_ld;
extern const db_mech_ld db_fekete_ld;

#endif
