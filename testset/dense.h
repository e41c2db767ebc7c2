/* dense.h — a tiny dense LU with partial pivoting for the testset (which depends
 * only on libm, no LAPACK).  Column-major, leading dimension n.  Used to factor a
 * constant regular mass matrix once (formulation.c) and for the small saddle-point
 * solves of the consistency checks.  Textbook Doolittle elimination with row
 * interchanges (Golub & Van Loan, Matrix Computations, Alg. 3.4.1). */
#ifndef DAEBENCH_DENSE_H
#define DAEBENCH_DENSE_H

/* Factor A (n×n, column-major) in place as P A = L U; piv[k] = row swapped with k.
 * Returns 0, or k+1 if the pivot of column k is exactly zero or not finite. */
int db_dense_lu(int n, double *A, int *piv);

/* Solve A x = b with the factors of db_dense_lu; b is overwritten by x. */
void db_dense_lu_solve(int n, const double *LU, const int *piv, double *b);

#endif
