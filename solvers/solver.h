/* solver.h — the one interface every integrator implements, its options, work
 * counters and status codes, and the solver registry (solvers/registry.c).
 *
 * A solver integrates a db_dae (testset/dae.h) from d->t0 with the consistent
 * initial values d->y0 / d->yp0 to the last output time, and writes the solution
 * at every output time into out->y (dense output between steps; never by
 * forcing steps onto the grid).  Structured solvers may read d->mech directly.
 *
 * Contract:
 *   - integrate() never aborts the process and never prints; a failure returns a
 *     DB_FAIL_* status with a one-line reason in msg, and the counters so far;
 *   - it honours opts->max_steps and opts->max_cpu (seconds of CPU time) and
 *     fails with DB_FAIL_BUDGET when one is exceeded;
 *   - counters are deterministic for given inputs;
 *   - workspaces are allocated once per call, not inside the step loop.
 */
#ifndef DAEBENCH_SOLVER_H
#define DAEBENCH_SOLVER_H

#include <stddef.h>

#include "../testset/dae.h"

typedef enum {
    DB_OK = 0,
    DB_FAIL_STEPSIZE,     /* step size underflow */
    DB_FAIL_NEWTON,       /* repeated Newton divergence / singular matrix */
    DB_FAIL_BUDGET,       /* max_steps or max_cpu exceeded */
    DB_FAIL_INPUT,        /* formulation not accepted, bad options */
    DB_FAIL_NONFINITE,    /* NaN/Inf in the solution */
    DB_FAIL_MEMORY,
    DB_FAIL_INVALID       /* a result the harness cannot vouch for (a plugin's
                           * negative counter, ok without a model evaluation) */
} db_status;

typedef struct {
    double rtol, atol;     /* scalar tolerances */
    double h0;             /* initial step; 0 = solver's choice */
    double hmax;           /* max step; 0 = whole span */
    long max_steps;        /* budget of steps (accepted + rejected); 0 = 100000 */
    double max_cpu;        /* budget of CPU seconds; 0 = none */
    const char *variant;   /* solver-specific option string ("w", ...); NULL = default */
    /* optional output at the solver's own step points (run --steps-out): when set,
     * a solver with step_points = 1 calls it once after every accepted step with
     * the time reached and the solution the step computed there (d->n values in the
     * layout of out->y; not interpolated), through db_step_point; NULL = none */
    void (*step_point)(void *ctx, double t, const double *y);
    void *step_ctx;
} db_solver_opts;

/* report an accepted step to o->step_point if it is set (the one place solvers
 * call it from) */
static inline void db_step_point(const db_solver_opts *o, double t, const double *y)
{
    if (o->step_point)
        o->step_point(o->step_ctx, t, y);
}

#define DB_MAX_EXTRA 8

typedef struct {
    long steps;            /* accepted steps */
    long rejected;         /* rejected steps (error test or Newton failure) */
    long f_evals;          /* evaluations of F (including those for FD Jacobians) */
    long jac_evals;        /* Jacobian evaluations (analytic or finite differences) */
    long decompositions;   /* LU (or other) factorizations */
    long solves;           /* forward/back substitutions */
    int nextra;            /* solver-specific extra counters */
    struct { const char *name; long value; } extra[DB_MAX_EXTRA];
} db_counters;

/* add/overwrite a named extra counter */
void db_counters_set_extra(db_counters *c, const char *name, long value);
/* the named extra counter into *value: 1, or 0 when the solver did not set it */
int db_counters_get_extra(const db_counters *c, const char *name, long *value);

typedef struct {
    int nt;                /* number of output times */
    const double *t;       /* [nt], increasing, t[nt-1] = end of integration */
    double *y;             /* [nt * n], filled by the solver: y[k*n + i] */
    double *yp;            /* [nt * n] or NULL: derivatives if the solver offers them */
} db_output;

typedef struct db_solver {
    const char *name;
    const char *title;     /* one line: method and source */
    unsigned forms;        /* mask of DB_FORM_BIT(db_form) accepted */
    db_status (*integrate)(const db_dae *d, const db_solver_opts *o, db_output *out,
                           db_counters *c, char *msg, size_t msglen);
    /* optional (NULL: every DAE of an accepted formulation): 1 if the solver can
     * integrate this particular DAE, else 0 with a one-line reason in msg (a
     * method that does not cover a class of problems, e.g. nonholonomic
     * constraints); such a run is recorded with status "unsupported", not failed */
    int (*supports)(const db_dae *d, char *msg, size_t msglen);
    /* 1 if integrate() reports every accepted step through o->step_point
     * (db_step_point); 0 (plugins): run --steps-out refuses the solver */
    int step_points;
} db_solver;

/* NULL-terminated table of all solvers: the built-in ones, then those added by
 * db_solver_register (plugins loaded with --plugin, harness/run/plugin.c) */
#define DB_SOLVER_SLOTS 96
extern const db_solver *db_solvers[DB_SOLVER_SLOTS];
const db_solver *db_solver_find(const char *name);
/* append s to db_solvers: 0, -1 if its name is taken, -2 if the table is full;
 * s must outlive the program */
int db_solver_register(const db_solver *s);
const char *db_status_name(db_status s);   /* "ok", "stepsize", "newton", ... */

/* CPU seconds used by this process (clock_gettime(CLOCK_PROCESS_CPUTIME_ID)) */
double db_cpu_seconds(void);

/* The one CPU-budget check of every solver (solvers/budget.c): 1 if max_cpu > 0
 * and more than max_cpu CPU seconds have passed since cpu0 (db_cpu_seconds() at
 * the start of integrate()).  Called once per step attempt from the step loop,
 * never from a residual or Jacobian callback, so that reading the clock costs
 * every solver the same. */
int db_budget_cpu_over(double cpu0, double max_cpu);

#endif
