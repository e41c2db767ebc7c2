/* refgauss.h — the check method of the reference path: s-stage Gauss–Legendre
 * collocation (order 2s; Hairer–Wanner ODE I §II.7, ODE II §IV.5) in long
 * double, with fixed steps, on the same index-1 ODE of the mechanical system as
 * the reference integrator (refint.h: p' = v, v' = a(t, p, v) from the
 * saddle-point system) and with the same projection after every step.
 *
 * It exists so that a stored reference made by refint (an extrapolation
 * method) can be checked by a method of a different family where the solver
 * catalogue's double-precision codes cannot reach the agreement targets (the
 * pendulum chain's velocities, Fekete): it shares with refint only the model
 * evaluation (refint_model.c) and no stepping, error control or step sequence.
 * The stage equations are solved by fixed-point iteration (the problems it is
 * used on are not stiff at its step sizes); a step whose iteration does not
 * converge is split in two, down to 1/1024 of the given step. */
#ifndef DAEBENCH_REFGAUSS_H
#define DAEBENCH_REFGAUSS_H

#include <stddef.h>

#include "refint.h"

#define DB_REFGAUSS_NAME "refgauss"
#define DB_REFGAUSS_TITLE "Gauss-Legendre collocation, fixed steps, long double, index-1 + projection"
#define DB_REFGAUSS_MAX_STAGES 8

typedef struct {
    int stages;        /* s, 1..DB_REFGAUSS_MAX_STAGES (0: 5, order 10) */
    double h;          /* the step size (each output interval is cut into equal
                        * steps of at most h) */
    long max_steps;    /* 0: 5 000 000 */
} db_refgauss_opts;

/* as db_refint_solve (refint.h): rows of p, v, λ, μ at t[0..nt−1]; st counts
 * steps, split steps (rejected), model evaluations; 0 or −1 with a message */
int db_refgauss_solve(const db_mech *m, const db_refgauss_opts *o, int nt, const double *t,
                      double *p, double *v, double *lam, double *mu, db_refint_stats *st,
                      char *err, size_t errlen);

/* the Gauss–Legendre tableau of s stages: nodes c[s], weights b[s], A[s·s]
 * (row-major, A[i·s + j] = ∫_0^{c_i} ℓ_j); 0, or −1 for s out of range */
int db_refgauss_tableau(int s, long double *c, long double *b, long double *A);

#endif
