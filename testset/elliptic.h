/* elliptic.h — Jacobi elliptic functions sn, cn, dn and the complete elliptic
 * integral of the first kind K, for the PARAMETER m = k² (0 ≤ m ≤ 1), as needed by
 * the exact pendulum solution (../shared/models/pendulum.md §3).  Accurate to a
 * few ulps; large arguments are reduced modulo the period 4K. */
#ifndef DAEBENCH_ELLIPTIC_H
#define DAEBENCH_ELLIPTIC_H

/* K(m) = ∫₀^{π/2} dθ / sqrt(1 − m sin²θ); +inf for m = 1, NaN outside [0, 1] */
double db_ellip_K(double m);

/* sn(u|m), cn(u|m), dn(u|m); NaN outside 0 ≤ m ≤ 1 */
void db_ellip_jacobi(double u, double m, double *sn, double *cn, double *dn);

#endif
