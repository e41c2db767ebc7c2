/* consistency.h — check and correction of initial values of an overdetermined
 * formulation (oEoM1/oEoM0 layout of testset/dae.h) on every constraint level,
 * as GEOMS does before integrating (seed 000, §3 "IVCNSST", IOPT(17); the set of
 * consistency (10)).  Correction: Gauss–Newton (minimum-norm) projection on the
 * position level, minimum-norm linear projection on the velocity levels, then
 * the accelerations and multipliers from the saddle-point system of
 * formulations.md §1 (with ∂f/∂λ when f depends on λ). */
#ifndef DAEBENCH_CONSISTENCY_H
#define DAEBENCH_CONSISTENCY_H

#include "../testset/dae.h"

/* level bits */
enum {
    DB_LEVEL_POS   = 1,   /* g = 0 */
    DB_LEVEL_VEL   = 2,   /* G v + g_t = 0 */
    DB_LEVEL_NONHOL = 4,  /* H v + h = 0 */
    DB_LEVEL_ACC   = 8    /* G v' + κ_g = 0, H v' + κ_h = 0, and M a = f − Gᵀλ − Hᵀμ when a is an unknown */
};

/* Scaled residuals of y on the four levels into res[4] (order of the bits);
 * each residual row is divided by 1 + the magnitude of its terms.  Returns the
 * mask of levels whose residual exceeds tol, or -1 (no memory / bad input). */
int db_consistency_check(const db_dae *d, const double *y, double tol, double res[4]);

/* Correct y in place so that every level holds to tol (see top).  *corrected
 * gets the mask of levels that were changed.  Returns 0, or nonzero with a
 * message (no convergence, singular constraint or saddle matrix). */
int db_consistency_correct(const db_dae *d, double *y, double tol, int *corrected,
                           char *msg, size_t msglen);

/* "position", "velocity", "nonholonomic", "acceleration" for a single bit */
const char *db_consistency_level_name(int bit);

#endif
