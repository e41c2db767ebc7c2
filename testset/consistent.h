/* consistent.h — consistent accelerations and multipliers of a mechanical system
 * (mech.h) at given positions and velocities: the saddle-point system of the
 * acceleration level (formulations.md §1), used by the problems' init callbacks. */
#ifndef DAEBENCH_CONSISTENT_H
#define DAEBENCH_CONSISTENT_H

#include "mech.h"

/* Solves [M  Gᵀ−F_λ  Hᵀ−F_μ; G 0 0; H 0 0] [a; λ; μ] = [f; −κ_g; −κ_h] at (t, p, v),
 * with f the force at λ = μ = 0 and F_λ, F_μ its derivatives from force_jac (when
 * present; exact for forces affine in λ, μ, zero when they do not depend on them).
 * Needs np = nv.  Allocates (init time only).  0, or nonzero (singular matrix, out
 * of memory, np ≠ nv) with a, lam, mu set to NaN. */
int db_mech_consistent_acc(const db_mech *m, double t, const double *p, const double *v,
                           double *a, double *lam, double *mu);

#endif
