/* refint_linalg.c — dense LU with partial pivoting in long double, the only
 * linear algebra of the reference integrator (refint.h); written here so that
 * the reference path shares no code with solvers/linalg.c or LAPACK. */
#include <math.h>

#include "refint.h"

int db_refint_lu(long double *A, int n, int *piv)
{
    for (int k = 0; k < n; k++) {
        int r = k;
        long double best = fabsl(A[k + (long)k * n]);
        for (int i = k + 1; i < n; i++) {
            long double x = fabsl(A[i + (long)k * n]);
            if (x > best) {
                best = x;
                r = i;
            }
        }
        piv[k] = r;
        if (!(best > 0.0L) || !isfinite((double)best))
            return -1;
        if (r != k)
            for (int j = 0; j < n; j++) {
                long double s = A[k + (long)j * n];
                A[k + (long)j * n] = A[r + (long)j * n];
                A[r + (long)j * n] = s;
            }
        long double inv = 1.0L / A[k + (long)k * n];
        for (int i = k + 1; i < n; i++)
            A[i + (long)k * n] *= inv;
        for (int j = k + 1; j < n; j++) {
            long double akj = A[k + (long)j * n];
            if (akj == 0.0L)
                continue;
            long double *cj = A + (long)j * n, *ck = A + (long)k * n;
            for (int i = k + 1; i < n; i++)
                cj[i] -= ck[i] * akj;
        }
    }
    return 0;
}

void db_refint_lusolve(const long double *LU, int n, const int *piv, long double *b)
{
    for (int k = 0; k < n; k++) {
        int r = piv[k];
        if (r != k) {
            long double s = b[k];
            b[k] = b[r];
            b[r] = s;
        }
    }
    for (int j = 0; j < n; j++) {
        long double bj = b[j];
        if (bj != 0.0L)
            for (int i = j + 1; i < n; i++)
                b[i] -= LU[i + (long)j * n] * bj;
    }
    for (int j = n - 1; j >= 0; j--) {
        b[j] /= LU[j + (long)j * n];
        long double bj = b[j];
        if (bj != 0.0L)
            for (int i = 0; i < j; i++)
                b[i] -= LU[i + (long)j * n] * bj;
    }
}
