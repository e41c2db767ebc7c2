/* run.h — one run of daebench (DESIGN.md §"The program", §"JSON"): set up a
 * problem with scenario and parameters, build the formulation, integrate with
 * the solver on the output grid of the reference, measure against the
 * reference, and hold the result that record.c writes as a run record. */
#ifndef DAEBENCH_RUN_H
#define DAEBENCH_RUN_H

#include <stddef.h>

#include "harness/cli/cli.h"
#include "reference/measures.h"
#include "solvers/solver.h"
#include "harness/run/timing.h"

typedef struct {
    const db_problem *prob;
    int scenario;
    double par[DB_MAX_PARAMS];   /* every parameter's value, in the problem's order */
    db_form form;
    const db_solver *solver;
    double rtol, atol;
    long max_steps;              /* 0 = solver default */
    double max_cpu;              /* 0 = none */
    const char *variant;         /* solver variant (--variant), NULL = default */
    double timing_cap;           /* stop timing repeats after this many CPU seconds
                                  * (0 = DB_TIMING_MAX_SECONDS; timing.h) */
    const char *traj_path;       /* NULL, or a file for the time series of an ok run
                                  * (energy, residuals; trajdump.h) */
    const char *csv_path;        /* NULL, or a CSV file for the solution at the
                                  * reference grid times with its error per group
                                  * (trajcsv.h; run --trajectory) */
    double h0;                   /* initial step (--h0); 0 = the solver's choice */
    int end_only;                /* output only at t_end (--end-only): no grid errors */
    int comp_group, comp_index;  /* --component G:I (comp_group >= 0): absolute error of
                                  * that one component on the grid and at t_end */
    int step_points;             /* --step-points: also measure at the solver's own step
                                  * points (steppoints.h); needs solver->step_points */
    const char *steps_csv;       /* NULL, or a CSV file for the solution at the step
                                  * points with its error per group (--steps-out) */
} db_run_spec;

typedef struct {
    db_run_spec spec;
    const char *status;          /* "ok", "failed" or "unsupported" */
    char reason[32];             /* of a failed run: db_status_name, "redundant"/"singular"
                                  * (run.c, mech.h DB_REDUNDANT) or "setup"/"build" */
    char message[512];
    double cpu_seconds;
    int repeats;
    db_counters counters;
    /* measures; NAN where a value does not exist (written as null) */
    double scd, mescd;           /* scd is the group-scaled one (gscd) */
    double ivp_scd, lambda_scd;  /* measures.h; measure_names.h */
    double err_end[DB_NGROUPS], err_grid[DB_NGROUPS];
    double residual[3];          /* position, velocity, acceleration */
    double invariant_drift;
    /* of --component: largest absolute error on the reference grid, its time, at t_end */
    double comp_err_max, comp_t_max, comp_err_end;
    /* of --step-points (ok runs with a reference): the number of step points, the
     * largest group error over them, the --component error there and its time, the
     * source of the reference there and its agreement (digits) with the stored grid */
    long nsteppts;
    double step_err[DB_NGROUPS];
    double comp_step_err_max, comp_step_t_max;
    char step_ref[200];
    double step_ref_digits[DB_NGROUPS];
    /* state at the end of integration (have_end = 1 for ok runs) */
    int have_end;
    double t_end;
    int size[DB_NGROUPS];
    double *end[DB_NGROUPS];     /* owned */
} db_run_result;

/* Carry out one run.  Returns 0 with the result (which may be a failed or
 * unsupported run), or -1 with a one-line message in err for bad input that
 * must stop the program (a corrupt reference file). */
int db_run_execute(const db_run_spec *spec, db_run_result *res, char *err, size_t errlen);
/* a failed result with reason and message, without running (a skipped run) */
void db_run_execute_skipped(const db_run_spec *spec, db_run_result *res, const char *reason,
                            const char *msg);
void db_run_result_free(db_run_result *res);

/* "pendulum:A GGL radau5 tol=1e-08 ok gscd=8.12 steps=.. f_evals=.. cpu=..s" */
void db_run_summary(const db_run_result *res, char *buf, size_t len);

/* the options of "daebench run" (run_cmd.c) into a spec; strings point into argv,
 * which must outlive the spec; json_out (may be NULL) gets --json or NULL.  Bad
 * input stops the program with a one-line error and exit status 2. */
void db_run_parse_args(int argc, char **argv, db_run_spec *spec, const char **json_out);

/* a spec with defaults: default parameters, scenario 0, no budgets */
void db_run_spec_init(db_run_spec *spec, const db_problem *prob, int scenario, db_form form,
                      const db_solver *solver, double rtol, double atol);

#endif
