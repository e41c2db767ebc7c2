/* dense.c — tiny dense LU with partial pivoting (see dense.h).
 * Source: Golub & Van Loan, Matrix Computations, Alg. 3.4.1 (gaxpy-free
 * outer-product form with row interchanges). */
#include <math.h>

#include "dense.h"

int db_dense_lu(int n, double *A, int *piv)
{
    for (int k = 0; k < n; k++) {
        int r = k;
        double best = fabs(A[k + k * n]);
        for (int i = k + 1; i < n; i++) {
            double a = fabs(A[i + k * n]);
            if (a > best) {
                best = a;
                r = i;
            }
        }
        piv[k] = r;
        if (!(best > 0.0) || !isfinite(best))
            return k + 1;
        if (r != k)
            for (int j = 0; j < n; j++) {
                double tmp = A[k + j * n];
                A[k + j * n] = A[r + j * n];
                A[r + j * n] = tmp;
            }
        double inv = 1.0 / A[k + k * n];
        for (int i = k + 1; i < n; i++)
            A[i + k * n] *= inv;
        for (int j = k + 1; j < n; j++) {
            double akj = A[k + j * n];
            if (akj != 0.0)
                for (int i = k + 1; i < n; i++)
                    A[i + j * n] -= A[i + k * n] * akj;
        }
    }
    return 0;
}

void db_dense_lu_solve(int n, const double *LU, const int *piv, double *b)
{
    for (int k = 0; k < n; k++) {
        int r = piv[k];
        if (r != k) {
            double tmp = b[k];
            b[k] = b[r];
            b[r] = tmp;
        }
    }
    for (int j = 0; j < n; j++) {          /* L y = P b, unit lower */
        double bj = b[j];
        if (bj != 0.0)
            for (int i = j + 1; i < n; i++)
                b[i] -= LU[i + j * n] * bj;
    }
    for (int j = n - 1; j >= 0; j--) {     /* U x = y */
        b[j] /= LU[j + j * n];
        double bj = b[j];
        if (bj != 0.0)
            for (int i = 0; i < j; i++)
                b[i] -= LU[i + j * n] * bj;
    }
}
