/* verdict.h — what a run's own evidence says about it (docs/measures.md "When a
 * run is not ok"): whether its solution left the reference (the group-scaled
 * error of p or v reached the solution's own scale, or the problem's branch test
 * fired), and the class of a failed integration from the state where it failed
 * (the rank of G there), not from what the problem is known for. */
#ifndef DAEBENCH_VERDICT_H
#define DAEBENCH_VERDICT_H

#include <stddef.h>

#include "reference/measures.h"
#include "reference/reference.h"
#include "solvers/solver.h"
#include "testset/mech.h"

/* a solution has left the reference where max(err_p, err_v) >= 10^(-1/2):
 * less than half a correct digit of gscd */
#define DB_LEFT_ERROR 0.31622776601683794
/* G is rank deficient when sigma_min/sigma_max <= this (redundant constraints) */
#define DB_RANK_DEFICIENT 1e-10
/* G is near a singular position when its sigma_min/sigma_max is at most this
 * part of the value at t0 */
#define DB_NEAR_SINGULAR 0.2

typedef struct {
    int left;            /* 1 when the solution left the reference */
    double t;            /* the first reference time at which it had left */
    const char *klass;   /* "branch" (the branch test fired) or "diverged" */
    char why[224];       /* one line of evidence */
} db_departure;

/* scan the solution sol, aligned with the reference grid ref (same times, same
 * group sizes), at the reference times in (t0, tend]: the first time at which the
 * problem's branch test (m->branch_gap >= 1) or the error rule fires.  mag: the
 * group magnitudes.  Writes *out; returns out->left. */
int db_departure_find(const db_mech *m, const db_traj *sol, const db_traj *ref,
                      const double *mag, double t0, db_departure *out);

/* sigma_min / sigma_max of G(t, p) (n_λ × n_p) with its rows scaled to unit
 * length (a constraint's scale is not a loss of rank), the distance of its rows from
 * linear dependence: 1 when n_λ = 0, 0 when n_λ > n_p (the rows are dependent);
 * NAN when it cannot be computed (no G, no memory, LAPACK failed) */
double db_constraint_rank_ratio(const db_mech *m, double t, const double *p);

/* the class of a failed integration with status st from the evidence: rho0 and
 * rhof are db_constraint_rank_ratio at the initial state and at the reference's
 * state at the failure time t_fail (NAN: not known).  "redundant" when G is rank
 * deficient at t0, "singular" when rhof <= DB_NEAR_SINGULAR rho0 (G near rank
 * deficient at the failure, against its own condition at t0), else
 * the solver's own class ("input" for an input failure of a variant given,
 * default_variant = 0).  why: the evidence, one line (may be empty). */
const char *db_fail_class(db_status st, int default_variant, double rho0, double rhof,
                          double t_fail, char *why, size_t len);

/* the reference's positions at time t into p[n_p]: the problem's exact solution,
 * or ref's grid interpolated linearly; 0, or -1 when there is none */
int db_ref_positions_at(const db_problem *prob, const db_mech *m, const db_ref *ref, double t,
                        double *p);

/* db_fail_class for a run: rho0 at the initial positions p0, rhof at the
 * reference's positions at the time msg names (t0 for an input failure that names
 * none); why: the evidence */
const char *db_fail_class_of_run(const db_problem *prob, const db_mech *m, const db_ref *ref,
                                 const double *p0, db_status st, int default_variant,
                                 const char *msg, char *why, size_t len);

/* the time a solver's message names ("... at t=0.714356, h=..." or "t = 1.2"):
 * its last "t=" or "t = "; NAN when there is none */
double db_message_time(const char *msg);

#endif
