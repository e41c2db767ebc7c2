/* refint.h — the reference integrator: a method family of its own, used only to
 * make and verify the stored reference solutions (reference/refgen.c, issue 13).
 *
 * It shares no stepping and no linear algebra with the benchmarked solvers
 * (radau_core, bdf_core, linalg): extrapolated linearly implicit Euler (the
 * extrapolation family of Deuflhard's LIMEX and Hairer–Wanner's SEULEX, ODE II
 * §IV.9) on the index-1 ODE of the mechanical system
 *
 *     p' = v,   v' = a(t, p, v)   with   [M Gᵀ Hᵀ; G 0 0; H 0 0] (a; λ; μ) = (f; −κ_g; −κ_h)
 *
 * (formulation EoM0 in the problem's own terms), solved by its own Gaussian
 * elimination, with projection of p onto g = 0 and of v onto the velocity
 * constraints after every step.  All of its arithmetic is in long double; the
 * model is the problem's long double one where it gives one (mech.h `ld`:
 * its model code compiled a second time, real.h), else its double callbacks on
 * the state rounded to double (every model evaluation then carries a relative
 * rounding of about 1e-16 of its inputs, which the extrapolation amplifies: it
 * limits the pendulum chain to about 9.5 digits in v).  Problems with known non-smooth times (mech.h `breakpoints`)
 * are integrated piecewise: a step ends exactly at each such time.
 *
 * Files: refint_linalg.c (dense LU in long double), refint_model.c (a, λ, μ
 * from the saddle-point system; projection), refint_extrap.c (the stepper, the
 * step-size control and the driver on an output grid). */
#ifndef DAEBENCH_REFINT_H
#define DAEBENCH_REFINT_H

#include <stddef.h>

#include "testset/mech.h"

/* options: error weights w_i = atol + rtol · max(|y_i|, largest |y_j| of its
 * group (p or v) so far, scale of the group); columns of the extrapolation
 * tableau (order) */
typedef struct {
    double rtol, atol;
    int columns;          /* 0: default (8) */
    long max_steps;       /* 0: default (2 000 000) */
    double h0;            /* first step; 0: 1e-4 of the span */
    double scale[2];      /* magnitudes of the p and v groups over the span when
                           * known (a pilot run), else 0: they floor |y_i| in the
                           * weights, so that the error is controlled relative to
                           * the group magnitude, as the agreement is measured */
    double fixed_h;       /* > 0: steps of this size, no error control (order tests) */
    double hmax;          /* > 0: the largest step (a problem whose switching
                           * functions have zero pairs shorter than a step) */
} db_refint_opts;

typedef struct {
    long steps, rejected, accel_evals, jac_evals, lu;
    long events;          /* steps ended at a zero of a switching function */
} db_refint_stats;

#define DB_REFINT_NAME "refint"
#define DB_REFINT_TITLE "extrapolated linearly implicit Euler, long double, index-1 + projection"

/* Integrate the set up system m from m->t0 (its init values) and store p, v, λ,
 * μ at the times t[0..nt−1] (t[0] = m->t0, increasing, t[nt−1] ≤ m->tend) in
 * row k of the arrays (x + k·size).  Returns 0, or −1 with a one-line message
 * in err (singular saddle-point system, step budget, step size underflow,
 * non-finite values, out of memory). */
int db_refint_solve(const db_mech *m, const db_refint_opts *o, int nt, const double *t,
                    double *p, double *v, double *lam, double *mu, db_refint_stats *st,
                    char *err, size_t errlen);

/* ---- internal pieces (refint_linalg.c, refint_model.c) ---------------------- */

/* LU with partial pivoting of the n×n column-major A in place; 0, or −1 if singular */
int db_refint_lu(long double *A, int n, int *piv);
/* solve with the factors of db_refint_lu, b overwritten */
void db_refint_lusolve(const long double *LU, int n, const int *piv, long double *b);

typedef struct db_refint_model db_refint_model;
db_refint_model *db_refint_model_new(const db_mech *m);
void db_refint_model_free(db_refint_model *w);
/* a, λ, μ at (t, p, v); 0, or −1 (singular system, non-finite values) */
int db_refint_accel(db_refint_model *w, long double t, const long double *p,
                    const long double *v, long double *a, long double *lam, long double *mu);
/* project p onto g = 0 and then v onto G v + g_t = 0, H v + h = 0; 0 or −1 */
int db_refint_project(db_refint_model *w, long double t, long double *p, long double *v);
long db_refint_accel_count(const db_refint_model *w);
/* the problem's consistent initial values (mech.h init) into y = (p, v), lam,
 * mu; 0, or −1 out of memory */
int db_refint_initial(const db_mech *m, long double *y, long double *lam, long double *mu);
/* the problem's breakpoints (mech.h) inside (t0, tend), ascending, at most max;
 * returns how many */
int db_refint_breakpoints(const db_mech *m, double *bp, int max);
/* switching functions (mech.h switching, MEXX §2.5) for locating the non-smooth
 * points of a motion that no breakpoint names (the wheelset's creep law
 * saturating and unsaturating): both reference integrators end a step exactly
 * past each zero, so that no step straddles a kink (Hairer, Nørsett, Wanner,
 * Solving ODE I, §II.6).  db_refint_nswitch: how many (0 without).
 * db_refint_switching: their values at (t, p, v), the multipliers from the
 * acceleration solve there, and (ds not NULL) their rates along the motion (a
 * forward difference); 0 or −1. */
int db_refint_nswitch(const db_mech *m);
int db_refint_switching(db_refint_model *w, long double t, const long double *p,
                        const long double *v, double *s, double *ds);
/* their values at (t, p, v) with multipliers already known there (an
 * integrator's own acceleration solve at that point); 0 or −1 */
int db_refint_switching_with(db_refint_model *w, long double t, const long double *p,
                             const long double *v, const long double *lam,
                             const long double *mu, double *s);
/* a step of length H from the integrator's current point, leaving the values of
 * the ns switching functions at its end in s: 0, or −1 when the step fails */
typedef int (*db_refint_trial)(void *ctx, long double H, double *s);
/* after a step that landed past a zero (switching values landed[] at its end),
 * the values s at the projected point: a function the projection moved back
 * onto or over its zero keeps the side it landed on (else the end of an
 * interval shorter than the next step would go unseen) */
void db_refint_keep_side(int ns, const double *landed, double *s);
/* 1 if a switching function with value a at a step's start has a zero in the
 * step up to where it has value b (a zero at the start does not count: the
 * last step landed there) */
int db_refint_crossed(double a, double b);
/* the step of length H (switching values s0 and rates ds0 at its start, sH and
 * dsH at its end; the rates may be NULL) ends past a zero of some function: the
 * length of the step that ends strictly past (within tol) the first zero, found
 * by Illinois iteration on the step length, the trial step of that length done
 * last (its values in sH); H itself when no function changes sign.  A zero pair
 * inside the step (an interval on the other side shorter than the step) is
 * looked for at hint (> 0: the first point inside the step where the
 * integrator saw some function on the other side, e.g. at a stage) and where
 * the cubic Hermite interpolant of a function (values and rates) leaves its
 * side; the step is tried to the earliest such point, which brackets the zero
 * if the function has changed sign there.  −1 when a trial step fails. */
long double db_refint_land(db_refint_trial trial, void *ctx, int ns, const double *s0,
                           const double *ds0, long double H, double *sH, const double *dsH,
                           long double hint, long double tol);
/* row k of the output arrays (refint_solve's p, v, λ, μ) from y = (p, v), lam, mu */
void db_refint_store_row(const db_mech *m, int k, const long double *y, const long double *lam,
                         const long double *mu, double *p, double *v, double *l, double *u);
/* 1 if the model is evaluated in long double (the problem's mech_ld.h table) */
int db_refint_model_long(const db_refint_model *w);

#endif
