/* bdf_stald.h — BDF stability limit detection (STALD): from the norms of the
 * scaled derivatives of orders q−1, q, q+1 over the last five steps at order q,
 * an estimate of the dominant characteristic root of the BDF recursion; a root
 * of squared modulus above 0.98 that agrees with the BDF-q relation between the
 * three orders means the step size sits at the method's stability limit, and
 * the order is to be reduced.  After K. Stewart, "Avoiding stability-induced
 * inefficiencies in BDF methods", J. Comput. Appl. Math. 29 (1990) 357–367, as
 * used in SUNDIALS CVODE (CVodeSetStabLimDet; cutoffs as there).  Used by
 * bdf_core.c; see bdf_stald.c. */
#ifndef DAEBENCH_BDF_STALD_H
#define DAEBENCH_BDF_STALD_H

#define BDF_STALD_NDATA 5   /* steps of history */
#define BDF_STALD_RRCUT 0.98 /* squared root modulus above which a limit is declared */

/* ss[3 i + j]: squared weighted norms of h^m y^(m) for m = q−1, q, q+1 (j = 0,
 * 1, 2) at the i-th last accepted step at order q (i = 0 newest).  Returns
 *   > 0: a root was found (*rr its squared modulus); 4, 5 or 6 when it is
 *        above BDF_STALD_RRCUT, i.e. the order should be reduced
 *        (1/4 "normal" case of constant ratios, 2/5 from the quartics,
 *        3/6 after Newton corrections of the quartics' root);
 *   < 0: no consistent root (no decision), *rr = the estimate if any, else 0. */
int bdf_stald_detect(const double *ss, int q, double *rr);

#endif
