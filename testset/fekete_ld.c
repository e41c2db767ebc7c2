/* fekete_ld.c — the Fekete problem's model in long double (mech_ld.h):
 * fekete_model.h compiled a second time, for the reference integrator. */
#define DB_REAL_LONG 1
#include "fekete_model.h"
#include "mech_ld.h"
#include "problems_ld.h"

const db_mech_ld db_fekete_ld = {
    .mass = fk_mass,
    .force = fk_force,
    .g = fk_g,
    .G = fk_G,
    .kappa_g = fk_kappa_g,
};
