/* steppoints.h — the solution at the solver's own step points ("daebench run
 * --step-points", "--steps-out FILE.csv"; docs/cli.md): the collector behind
 * db_solver_opts.step_point (solvers/solver.h), and the reference at those times
 * to measure them against: the exact solution where the problem has one,
 * otherwise the stored reference's primary computation (refgen.h plan) redone
 * on the step times together with the stored grid, whose agreement with the
 * stored values says how far the recomputation can be trusted. */
#ifndef DAEBENCH_STEPPOINTS_H
#define DAEBENCH_STEPPOINTS_H

#include <stddef.h>

#include "reference/measures.h"
#include "reference/reference.h"
#include "testset/mech.h"

/* the accepted steps reported by a solver: times t[k] and DAE vectors y[k*n..] */
typedef struct {
    int n;
    long nt, cap;
    double *t, *y;
    int oom;          /* a point was lost for want of memory */
} db_steppts;

void db_steppts_init(db_steppts *s, int n);
void db_steppts_free(db_steppts *s);
/* the hook of db_solver_opts.step_point (ctx: a db_steppts) */
void db_steppts_add(void *ctx, double t, const double *y);

/* 0 if the points are one per accepted step (nt == steps), strictly increasing
 * inside (t0, tend] and the last at tend (within 1e-12 relative); else -1 with
 * a one-line message */
int db_steppts_check(const db_steppts *s, long steps, double t0, double tend, char *err,
                     size_t errlen);

/* The reference at the nt times t[] (increasing, t[0] = m->t0) into ref_out
 * (allocated here, sizes of m; free with db_steppts_traj_free) for problem prob
 * with its set up system m and its loaded reference r (r->have = 1).  how gets
 * one line naming the source; digits[g] the agreement in digits of a
 * recomputation with the stored grid (NAN for an exact solution: nothing recomputed).  0, or -1
 * with a message in err. */
int db_steppts_reference(const db_problem *prob, const db_mech *m, const db_ref *r, int nt,
                         const double *t, db_traj *ref_out, char *how, size_t howlen,
                         double digits[DB_NGROUPS], char *err, size_t errlen);
void db_steppts_traj_free(db_traj *tr);

#endif
