/* mechcheck.h — checks every problem's tests run: analytic derivatives against
 * central finite differences, and consistency of the initial values on every
 * constraint level.  Implemented in testset/mechcheck.c. */
#ifndef DAEBENCH_MECHCHECK_H
#define DAEBENCH_MECHCHECK_H

#include <stdio.h>

#include "mech.h"

/* Compare every analytic derivative callback of m that is present (Mw_p,
 * force_jac, Gw_p, GTl_p, g_tp, kappa_g_jac, Hw_p, HTu_p, h_p, kappa_h_jac) and G
 * itself (against ∂g/∂p) with central finite differences at the state
 * (t, p, v, lam, mu) and random-but-deterministic directions w, l, u.  Also checks
 * κ_g (and κ_h) against d/dt of (G v + g_t) along p' = v, v' = a for an arbitrary a
 * minus G a.  Returns the largest error relative to max(1, |entry|) over all
 * entries; writes one line per callback to log if log != NULL; callbacks that
 * are NULL are reported as "absent" and skipped. */
double db_mech_fdcheck(const db_mech *m, double t, const double *p, const double *v,
                       const double *lam, const double *mu, FILE *log);

/* Residuals of m->init at t0 (max-norms):
 *   res[0] position      |g|
 *   res[1] velocity      |G v + g_t|
 *   res[2] acceleration  |G a + κ_g|
 *   res[3] nonholonomic velocity      |H v + h|
 *   res[4] nonholonomic acceleration  |H a + κ_h|
 *   res[5] force balance |M a − f + Gᵀλ + Hᵀμ|
 * Returns the largest of them (levels without constraints count 0). */
double db_mech_init_check(const db_mech *m, double res[6]);

/* Set up problem prob with scenario sc and the default parameters into m
 * (params storage pars must hold prob->nparams doubles).  0 on success. */
int db_mech_setup_default(const db_problem *prob, int sc, db_mech *m, double *pars);

#endif
