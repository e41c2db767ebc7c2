/* pendulum_chain_ld.c — the pendulum chain's model in long double (mech_ld.h):
 * pendulum_chain_model.h compiled a second time, for the reference integrator.
 * Its velocities (~0.015 m/s) come from accelerations that are differences of
 * terms of ~10 m/s², so double evaluation alone limits a reference over
 * t in [0, 200] to about 9.5 digits in v. */
#define DB_REAL_LONG 1
#include "mech_ld.h"
#include "pendulum_chain_model.h"
#include "problems_ld.h"

const db_mech_ld db_pendulum_chain_ld = {
    .mass = pc_mass,
    .force = pc_force,
    .g = pc_g,
    .G = pc_G,
    .g_t = pc_g_t,
    .kappa_g = pc_kappa_g,
};
