/* refgen.h — computing reference solutions (DESIGN.md §"Reference solutions",
 * schema daebench.reference/1): one trajectory of a problem by one solver and
 * formulation at one tolerance on a given output grid, the group-scaled
 * agreement of two trajectories in digits, and the per-problem plan of how the
 * reference of each catalogue problem is made (primary and check computation).
 * The command itself (generate, --all, --verify) is harness/cli/reference_cmd.c. */
#ifndef DAEBENCH_REFGEN_H
#define DAEBENCH_REFGEN_H

#include <stddef.h>

#include "measures.h"
#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mech.h"

/* one computation: solver, formulation, tolerance (rtol = atol = tol), a
 * largest step (0: none) and the solver's variant option (NULL: default) */
typedef struct {
    const char *solver;
    db_form form;
    double tol;
    double hmax;
    const char *variant;
} db_refgen_method;

/* how the reference of a problem is made; extrap = 1: the primary is
 * Richardson-extrapolated to zero tolerance from runs at tol and 10·tol */
typedef struct {
    const char *problem;
    db_refgen_method primary, check;
    int extrap;
    long max_steps;           /* budget per computation (0: 2 000 000) */
    const char *note;         /* why a target is not reached, or NULL */
    double verify_tol;        /* refint's tolerance in --verify (0: 1e-11, or 10 times
                               * the primary's where it is refint and that is tighter) */
    /* digits --verify's recomputation (refint at verify_tol, no largest step)
     * must agree with the stored file per group (0: one short of the targets,
     * VERIFY_ERR of reference_cmd.c); lower where that recomputation cannot
     * reach it and the note says why (the wheelset's v) */
    double verify_digits[DB_NGROUPS];
} db_refgen_plan;

/* the plan of problem `name` (a default plan for unlisted problems) */
db_refgen_plan db_refgen_plan_of(const char *name);

/* a trajectory on nt output times t[0] = t0 < t[1] < … < t[nt−1] = tend;
 * row k of group g is x[g] + k * size[g] */
typedef struct {
    db_traj tr;
    double *t;
    db_counters counters;
    double cpu_seconds;
} db_refgen_sol;

void db_refgen_sol_free(db_refgen_sol *s);

/* 1 if the method is the reference integrator (reference/refint.h), a family of
 * its own outside the solver registry */
int db_refgen_is_refint(const db_refgen_method *meth);
/* 1 if the method is one of the reference path's own integrators, outside the
 * solver registry: refint or refgauss (reference/refgauss.h: Gauss–Legendre
 * collocation in long double, fixed steps of size hmax, tol unused) */
int db_refgen_is_reference_path(const db_refgen_method *meth);
/* the one-line title of a reference-path integrator, NULL for catalogue solvers */
const char *db_refgen_title(const db_refgen_method *meth);

/* the uniform grid of nt points on [t0, tend] (t[nt−1] = tend exactly) */
void db_refgen_grid(double *t, int nt, double t0, double tend);

/* Integrate the set up system m with method meth on the times t[0..nt−1]
 * (t[0] = m->t0: the initial values).  Returns 0, or −1 with a one-line message
 * in err (build failure, solver failure with its status, out of memory). */
int db_refgen_solve(const db_mech *m, const db_refgen_method *meth, long max_steps, int nt,
                    const double *t, db_refgen_sol *s, char *err, size_t errlen);

/* the group magnitudes of a trajectory (db_group_magnitude over all rows) */
void db_refgen_magnitude(const db_refgen_sol *s, double mag[DB_NGROUPS]);

/* agreement of a and b in digits per group: −log10 of the largest group-scaled
 * difference over the rows of rows[0..nrows−1] (all rows if rows == NULL),
 * capped at 16; NAN for empty groups */
void db_refgen_agreement(const db_refgen_sol *a, const db_refgen_sol *b,
                         const double mag[DB_NGROUPS], double digits[DB_NGROUPS]);

/* the same at t_end only (the last grid row) */
void db_refgen_agreement_end(const db_refgen_sol *a, const db_refgen_sol *b,
                             const double mag[DB_NGROUPS], double digits[DB_NGROUPS]);

/* how db_refgen_solve runs one integration of a catalogue solver (the
 * signature of db_solver.integrate); NULL, the default, calls the solver's
 * integrate in this process.  The harness installs its own when it loads a
 * plugin (harness/run/plugin.c: a plugin's solver runs in a child process). */
typedef db_status (*db_refgen_integrator)(const db_solver *solver, const db_dae *d,
                                          const db_solver_opts *o, db_output *out,
                                          db_counters *c, char *msg, size_t msglen);
void db_refgen_set_integrator(db_refgen_integrator fn);

/* the method family of a solver ("Radau IIA collocation", "BDF", …): primary and
 * check of a stored reference must differ in it */
const char *db_refgen_family(const char *solver);
/* 1 if two solvers are of one family (the family names up to a parenthesis:
 * refint and mexx are both extrapolation methods) */
int db_refgen_same_family(const char *solver_a, const char *solver_b);

/* the agreement targets of every stored reference (issue 13): digits in p, v,
 * λ, μ, over the whole grid and at t_end */
extern const double db_refgen_target[DB_NGROUPS];

/* Richardson-type extrapolation to zero tolerance: x (at tol) and y (at 10·tol),
 * with errors taken proportional to tol^alpha, give on every value
 * x := x + (x − y) / (10^alpha − 1) */
void db_refgen_extrapolate(db_refgen_sol *x, const db_refgen_sol *y, double alpha);

#endif
