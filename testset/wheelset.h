/* wheelset.h — what the railway wheelset (testset/wheelset.c) offers besides its
 * problem descriptor: the contact variables and normal forces the IVP test set
 * reports, for its published-value tests and for mapping a state onto the test
 * set's 17 unknowns u.  Written for daebench. */
#ifndef DAEBENCH_WHEELSET_H
#define DAEBENCH_WHEELSET_H

/* the multiplier scaling of the test set: u16,17 = E/C with E = −λ (newtons) */
#define DB_WHEELSET_C 1e4

/* contact variables at positions p (n_p = 6): q = (ψ_R, ξ_R, ψ_L, ξ_L), the
 * test set's u12..u15.  0, or −1 where a contact point leaves its profile
 * (derailment; q is then NaN). */
int db_wheelset_contact(const double *p, double q[4]);

/* normal forces N = (N_L, N_R) [N] and contact angles Δ = (Δ_L, Δ_R) at
 * positions p and multipliers λ = (λ_L, λ_R) (fact sheet §3.3) */
int db_wheelset_normal(const double *p, const double *lam, double N[2], double Delta[2]);

/* the test set's u (17 components, sheet §4.1) of a state (p, v, λ) */
int db_wheelset_to_u(const double *p, const double *v, const double *lam, double u[17]);

#endif
