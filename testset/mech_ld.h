/* mech_ld.h — the long double evaluation of a mechanical system (mech.h `ld`):
 * the functions the reference integrator (reference/refint.h) needs — M, f, the
 * constraints and their κ terms — with the meaning, orientation and output
 * convention of their double namesakes in mech.h (column-major blocks, outputs
 * zeroed by the caller, optional ones NULL).  A problem writes its model code
 * once in the type db_real (real.h) and compiles it twice: in double for its
 * callbacks and in long double for this table (testset/<problem>_ld.c). */
#ifndef DAEBENCH_MECH_LD_H
#define DAEBENCH_MECH_LD_H

#include "mech.h"

typedef long double db_ldreal;

typedef struct db_mech_ld {
    void (*mass)(const db_mech *m, db_ldreal t, const db_ldreal *p, db_ldreal *M);
    void (*force)(const db_mech *m, db_ldreal t, const db_ldreal *p, const db_ldreal *v,
                  const db_ldreal *lam, const db_ldreal *mu, db_ldreal *f);
    void (*g)(const db_mech *m, db_ldreal t, const db_ldreal *p, db_ldreal *g);
    void (*G)(const db_mech *m, db_ldreal t, const db_ldreal *p, db_ldreal *G);
    void (*g_t)(const db_mech *m, db_ldreal t, const db_ldreal *p, db_ldreal *gt);
    void (*kappa_g)(const db_mech *m, db_ldreal t, const db_ldreal *p, const db_ldreal *v,
                    db_ldreal *k);
    void (*H)(const db_mech *m, db_ldreal t, const db_ldreal *p, db_ldreal *H);
    void (*h)(const db_mech *m, db_ldreal t, const db_ldreal *p, db_ldreal *h);
    void (*kappa_h)(const db_mech *m, db_ldreal t, const db_ldreal *p, const db_ldreal *v,
                    db_ldreal *k);
} db_mech_ld;

#endif
