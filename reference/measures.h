/* measures.h — accuracy and consistency measures of a run (DESIGN.md §"JSON"):
 * errors per group (p, v, λ, μ) scaled by the group's magnitude, at t_end and
 * over the reference grid; scd and mescd (IVP test set, Mazzia & Magherini,
 * "Test Set for IVP Solvers", sect. I.1.4: scd = −log10 of the relative error,
 * mescd with the mixed scaling atol/rtol + |y_ref|); constraint residuals on the
 * three levels; the drift of the energy invariant. */
#ifndef DAEBENCH_MEASURES_H
#define DAEBENCH_MEASURES_H

#include "../testset/mech.h" /* relative: the installed tree has no -I for it */

enum { DB_GP = 0, DB_GV, DB_GL, DB_GM, DB_NGROUPS };

/* "p", "v", "lambda", "mu" */
extern const char *const db_group_names[DB_NGROUPS];

/* the grid error needs at least this many grid points inside the span */
#define DB_MIN_GRID_POINTS 20
/* errors below this count as this (scd ≤ 16): JSON holds no infinity */
#define DB_ERR_FLOOR 1e-16

/* a trajectory split into groups: value i of group g at time k is
 * x[g][k * size[g] + i] */
typedef struct {
    int nt;
    const double *t;
    int size[DB_NGROUPS];
    double *x[DB_NGROUPS];
} db_traj;

/* mag[g] = max |y_ref,i| of group g over the whole reference grid and the end
 * values end[g] (may be NULL); 1 where the group is identically zero; NAN for
 * empty groups */
void db_group_magnitude(const db_traj *ref, double *const end[DB_NGROUPS],
                        double mag[DB_NGROUPS]);

/* max_i |y_i − yref_i| / mag; NAN when n == 0 */
double db_group_error(const double *y, const double *yref, int n, double mag);

/* end errors: err[g] = db_group_error of group g of y against yref */
void db_end_errors(double *const y[DB_NGROUPS], double *const yref[DB_NGROUPS],
                   const int size[DB_NGROUPS], const double mag[DB_NGROUPS],
                   double err[DB_NGROUPS]);

/* grid errors: the max over the grid points of the group errors; sol and ref on
 * the same times; NAN if fewer than DB_MIN_GRID_POINTS points lie in (t0, tend] */
void db_grid_errors(const db_traj *sol, const db_traj *ref, double t0, double tend,
                    const double mag[DB_NGROUPS], double err[DB_NGROUPS]);

/* scd = −log10 max(ep, ev) (errors floored at DB_ERR_FLOOR); NAN if both NAN */
double db_scd(double ep, double ev);

/* the IVP test set's componentwise scd (Mazzia & Magherini, "Test Set for IVP
 * Solvers", release 2.4, sect. I.1.4, and its driver routine getscd in
 * report.f): −log10 max_i |y_i − yref_i| / |yref_i| over the components of p
 * and v whose reference value has |yref_i| >= DB_IVP_MIN_VALUE; a component
 * whose reference is below that is left out of the maximum (the test set's rule:
 * its relative error is not formed); an error of exactly 0 counts as
 * DB_ERR_FLOOR (the test set: uround = 1e-16).  NAN when a value is NaN or no
 * component qualifies. */
#define DB_IVP_MIN_VALUE 1e-200
double db_ivp_scd(const double *p, const double *pref, int np, const double *v,
                  const double *vref, int nv);

/* mescd = −log10 max_i |y_i − yref_i| / (atol/rtol + |yref_i|) over p and v */
double db_mescd(const double *p, const double *pref, int np, const double *v,
                const double *vref, int nv, double rtol, double atol);

/* largest constraint residual on the position, velocity and acceleration level
 * over the trajectory (db_mech_residuals); a = accelerations [nt × nv] or NULL.
 * res[2] is NAN when the acceleration level cannot be evaluated. */
void db_traj_residuals(const db_mech *m, const db_traj *sol, const double *a, double res[3]);

/* max_k |E(t_k) − E(t_0)| / max(1, |E(t_0)|) over the trajectory, t_0 its first
 * point; NAN when the problem has no energy */
double db_invariant_drift(const db_mech *m, const db_traj *sol);

#endif
