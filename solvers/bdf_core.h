/* bdf_core.h — the shared machinery of the BDF codes `bdf` (square forms EoM0,
 * EoM1, GGL) and `odassl` (overdetermined oEoM1, oEoM0): variable-order (1–5),
 * variable-step BDF in fixed-leading-coefficient form with modified divided
 * differences, order and step selection, interpolation and initial step as in
 * DASSL (Brenan, Campbell, Petzold, "Numerical Solution of IVPs in DAEs", SIAM
 * 1996, ch. 5), on the residual R(t,y,y') = E y' − F(t,y) of testset/dae.h;
 * simplified Newton with Jacobian reuse and the convergence-rate scaling of
 * Arnold/Fuchs/Führer (seed 002, eq. (18)); dense, grouped (§3.1) and
 * partitioned (§3.2) Jacobians (fdjac.h).  See bdf_core.c for the manual. */
#ifndef DAEBENCH_BDF_CORE_H
#define DAEBENCH_BDF_CORE_H

#include "solver.h"

#define BDF_MAXORD 5

enum { BDF_JAC_DEFAULT = -1, BDF_JAC_ANALYTIC = 0, BDF_JAC_FD = 1, BDF_JAC_GROUP = 2 };

/* how an overdetermined corrector system is solved (odassl) */
enum {
    BDF_LS_NONE = 0,        /* square system, LU */
    BDF_LS_CONSTRAINTS = 1, /* dynamic rows (p, v, a rows) exactly, constraint rows in least squares */
    BDF_LS_DYNAMICS = 2,    /* constraint rows exactly, dynamic rows in least squares */
    BDF_LS_WEIGHTED = 3     /* position and velocity rows exactly, dynamic rows and
                             * acceleration rows (weight K) in least squares */
};
#define BDF_LS_WEIGHT 1e-3  /* default acceleration-row weight K of ls=weighted */

typedef struct {
    int maxord;            /* 1..5 (0 -> 5) */
    int fixed_order;       /* 0, or k: order held at k (reached by DASSL's start-up phase) */
    int fixed_step;        /* 1: constant step opts->h0, no error test, no step change */
    int jac;               /* BDF_JAC_* */
    int partitioned;       /* 1: rule (c) rebuilds cj E − J from the stored J (seed 002 (23)) */
    int ls;                /* BDF_LS_* */
    double ls_weight;      /* ls=weighted: acceleration-row weight K (0 -> BDF_LS_WEIGHT) */
    int alg_excluded;      /* 1: also exclude unknowns with a zero column of E (algebraic
                            * unknowns) from the error test (odassl on oEoM1, where λ, μ
                            * behave as index-2 variables although d->index says 1) */
    /* optional exact start for fixed_order (tests): y(t0 − j h0) for j = 0..fixed_order,
     * (fixed_order+1)×n values, row j at history + j n; NULL = start at order 1 */
    const double *history;
    /* linear algebra (additive): 0 auto = sparse LU when the DAE offers jac_sparse,
     * the Jacobian is analytic, the system is square, n > BDF_SPARSE_MIN_N and a
     * sparse LU is compiled in; BDF_LINSOL_DENSE / BDF_LINSOL_SPARSE force it.
     * The dense LU eliminates the DAE's rows y_i' = y_{i+m2} first (db_dae's m1,
     * m2; linsolver_reduced.c) when the Jacobian is analytic and the system
     * square; BDF_LINSOL_FULL (variant full) factors the whole matrix */
    int linsol;
    /* stability limit detection (bdf_stald.h): 1 on (variant stald), 0 off
     * (default; variant nostald) */
    int stald;
    /* order hold on undamped oscillatory modes (bdf_osc.h): 1 on (default;
     * variant osc), 0 off (variant noosc) */
    int osc;
} bdf_config;

enum { BDF_LINSOL_AUTO = 0, BDF_LINSOL_DENSE = 1, BDF_LINSOL_SPARSE = 2, BDF_LINSOL_FULL = 3 };
#define BDF_SPARSE_MIN_N 100

/* Parse a comma-separated variant string into cfg (defaults first):
 *   jac=analytic|fd|group   partitioned   maxord=K   fixed-order=K   fixed-step
 *   ls=constraints|dynamics|weighted  lsw=K (odassl only)   dense | sparse (linear algebra)
 *   stald | nostald (stability limit detection on / off)
 *   osc | noosc (order hold on undamped oscillatory modes on / off)
 * Returns 0, or -1 with a message. */
int bdf_config_parse(bdf_config *cfg, const char *variant, char *msg, size_t msglen);

db_status bdf_core_integrate(const db_dae *d, const db_solver_opts *o, const bdf_config *cfg,
                             db_output *out, db_counters *c, char *msg, size_t msglen);

#endif
