/* radau_core.h — the reusable Radau IIA (3 stages, order 5) machinery: an
 * integrator of a square linearly implicit system  E y' = F(t, y)  (constant E)
 * given by callbacks, with the transformed simplified Newton iteration (one real
 * and one complex LU per Jacobian / step-size change), Jacobian and LU reuse,
 * the embedded error estimate of RADAU5, index-aware error scaling, predictive
 * (Gustafsson) step control and continuous output from the collocation
 * polynomial.  solvers/radau5.c is a thin wrapper of it over a db_dae; GEOMS
 * may build on it by presenting its selected square system through the same
 * callbacks (and the optional `accepted` hook, e.g. for selector updates).
 *
 * Source: E. Hairer, G. Wanner, Solving Ordinary Differential Equations II,
 * 2nd ed., Springer 1996, Sect. IV.8 (implementation of implicit RK methods),
 * and the description of the RADAU5 code (version of 9 July 1996) given there
 * and in its header documentation.  Written from those descriptions. */
#ifndef DAEBENCH_RADAU_CORE_H
#define DAEBENCH_RADAU_CORE_H

#include <stddef.h>

#include "solver.h"

/* The square system E y' = F(t, y), n unknowns. */
typedef struct radau_sys {
    int n;
    const double *E;     /* n×n column-major constant leading matrix; NULL = identity */
    const int *index;    /* [n] differentiation index 1..3 of each unknown (error
                            scaling, RADAU5 IWORK(5..7)); NULL = all 1 */
    void *ctx;           /* passed to the callbacks */
    /* F(t, y) into F[n] (F is zeroed before the call unless self_checked).  0, or nonzero if F
     * cannot be evaluated at y (the step is then reduced). */
    int (*rhs)(void *ctx, double t, const double *y, double *F);
    /* J = ∂F/∂y, n×n column-major (zeroed before the call unless self_checked).  0 or nonzero. */
    int (*jac)(void *ctx, double t, const double *y, double *J);
    /* optional: called after every accepted step with the new state, which it
     * may modify (projection).  Returns 0 to go on, 1 if the system changed (a
     * new Jacobian and LU are then taken, and E — whose entries the callback
     * may have changed in place, at s->E or s->E_sp — is read again: its
     * non-zero pattern, identity and algebraic rows), < 0 to stop with
     * DB_FAIL_NEWTON. */
    int (*accepted)(void *ctx, double t, double *y);
    /* optional structured path (additive; all zero = dense): a compressed-column
     * pattern of J (colptr [n+1], rowind [nnz], rows sorted) that also holds
     * every non-zero of E, E on that pattern (E_sp [nnz]), and jac_sparse, which
     * writes J's values on it (Jx [nnz], zeroed before the call).  Then the two
     * iteration matrices are factored by a sparse LU (sparse_lu.h) and E is
     * applied through E_sp; s->E is not read (it may be NULL only if E = I). */
    int nnz;
    const int *colptr, *rowind;
    const double *E_sp;
    int (*jac_sparse)(void *ctx, double t, const double *y, double *Jx);
    /* optional (additive): called when a step attempt fails to converge
     * (Newton divergence or too many iterations, singular iteration matrix,
     * F not evaluable) with the last accepted state (t, y), before the step is
     * retried with half the step size.  Returns 0 (nothing changed), 1 (the
     * system changed, e.g. new selectors: E is read again as after `accepted`
     * returning 1 and a new Jacobian is taken), or < 0 to stop with
     * DB_FAIL_NEWTON.  Like GEOMS's selector update on convergence failure. */
    int (*on_newton_failure)(void *ctx, double t, const double *y);
    /* optional (additive): called, like on_newton_failure and with the same
     * return convention, when the step is reduced because the Newton iteration
     * is predicted to converge too slowly (RADAU5's qnewt reduction, which is
     * not a divergence).  NULL: that reduction calls nothing (RADAU5). */
    int (*on_slow_convergence)(void *ctx, double t, const double *y);
    /* optional (additive): 1 if rhs, jac and jac_sparse write every entry of
     * their output and return nonzero for a value that is not finite (as a
     * db_dae with self_checked); the core then neither zeroes F and J before
     * the calls nor scans them after.  0: zeroed before, scanned after. */
    int self_checked;
    /* optional (additive): a built DAE whose d->rhs and d->jac are F and J
     * themselves (same values as rhs and jac above, which must still be
     * given): the core then calls them directly, without the ctx wrapper in
     * between (one indirect call less on the path taken about ten times per
     * step) */
    const db_dae *dae;
    /* optional (additive, 0 = none): rows i < m1 are  y_i' = y_{i+m2}  (db_dae's
     * m1, m2; RADAU5's M1, M2): on the dense path the iteration matrices are
     * then solved through the other n − m1 unknowns (linsolver_reduced.c) */
    int m1, m2;
} radau_sys;

/* linear algebra of the Newton iteration (radau_params.linsol) */
enum {
    RADAU_LINSOL_AUTO = 0,    /* sparse when the system offers it, n > RADAU_SPARSE_MIN_N
                                 and a sparse LU is compiled in; dense otherwise */
    RADAU_LINSOL_DENSE = 1,   /* dense LU (of the n − m1 unknowns when m1 > 0) */
    RADAU_LINSOL_SPARSE = 2,  /* sparse LU whenever the system offers it */
    RADAU_LINSOL_FULL = 3     /* dense LU of the whole matrix, rows y_i' = y_{i+m2}
                                 not eliminated */
};
#define RADAU_SPARSE_MIN_N 100

/* Method parameters; radau_params_default() fills RADAU5's defaults. */
typedef struct radau_params {
    double rtol, atol;   /* user tolerances (transformed internally, see radau_core.c) */
    double h0;           /* initial step, 0 = 1e-6 (RADAU5) */
    double hmax;         /* max |h|, 0 = whole span */
    long max_steps;      /* budget of step attempts, 0 = 100000 */
    double max_cpu;      /* CPU seconds, 0 = none */
    int fixed;           /* 1: constant step h0 (rounded to divide the span), no error control */
    int nit;             /* max Newton iterations per step (7) */
    double thet;         /* Jacobian reuse threshold on the contraction rate (0.001) */
    double safe;         /* safety factor of the step control (0.9) */
    double quot1, quot2; /* keep h and the LU if quot1 <= hnew/h <= quot2 (1.0, 1.2) */
    double facl, facr;   /* 0.2 <= hnew/h <= 8 as 1/facl .. 1/facr (facl 5, facr 0.125) */
    int gustafsson;      /* 1: predictive controller (default), 0: classical */
    int linsol;          /* RADAU_LINSOL_* (0 = auto) */
    double fnewt;        /* Newton stopping tolerance on the scaled increment; 0 =
                            RADAU5's max(10 uround/rtol', min(0.03, sqrt(rtol'))) */
} radau_params;

void radau_params_default(radau_params *p);
/* the defaults, with tolerances, steps and budgets taken from the solver options */
void radau_params_from_opts(radau_params *p, const db_solver_opts *o);

/* Integrate from (t0, y0) to tout[nt-1], writing y(tout[k]) into yout[k*n..]
 * (and y'(tout[k]) into ypout when ypout != NULL) from the collocation
 * polynomial.  tout must be increasing and >= t0.  Counters are added to c
 * (they are not zeroed here).  Never prints, never aborts. */
db_status radau_integrate(const radau_sys *s, double t0, const double *y0,
                          const radau_params *p, int nt, const double *tout,
                          double *yout, double *ypout, db_counters *c,
                          char *msg, size_t msglen);

#endif
