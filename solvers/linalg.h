/* linalg.h — dense linear algebra over LAPACK for the solvers: Fortran prototypes
 * (no LAPACKE) and thin wrappers for real and complex LU with reusable storage.
 * All matrices are column-major. */
#ifndef DAEBENCH_LINALG_H
#define DAEBENCH_LINALG_H

#include <complex.h>
#include <stddef.h>

/* LAPACK / BLAS, Fortran calling convention; hidden string lengths after the args */
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a,
             const int *lda, const int *ipiv, double *b, const int *ldb, int *info,
             size_t trans_len);
void zgetrf_(const int *m, const int *n, double complex *a, const int *lda, int *ipiv,
             int *info);
void zgetrs_(const char *trans, const int *n, const int *nrhs, const double complex *a,
             const int *lda, const int *ipiv, double complex *b, const int *ldb, int *info,
             size_t trans_len);
void dgeqp3_(const int *m, const int *n, double *a, const int *lda, int *jpvt, double *tau,
             double *work, const int *lwork, int *info);
void dgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, double *a,
             const int *lda, double *s, double *u, const int *ldu, double *vt, const int *ldvt,
             double *work, const int *lwork, int *info, size_t jobu_len, size_t jobvt_len);
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
            const int *lda, double *b, const int *ldb, double *work, const int *lwork,
            int *info, size_t trans_len);
void dgemv_(const char *trans, const int *m, const int *n, const double *alpha,
            const double *a, const int *lda, const double *x, const int *incx,
            const double *beta, double *y, const int *incy, size_t trans_len);

/* real LU of an n×n matrix, storage owned by the struct */
typedef struct {
    int n;
    double *a;     /* n×n factors */
    int *ipiv;
} db_lu;

int db_lu_alloc(db_lu *lu, int n);              /* 0 or -1 (no memory) */
void db_lu_free(db_lu *lu);
int db_lu_factor(db_lu *lu);                    /* factor lu->a in place; 0, or >0 if singular */
void db_lu_solve(const db_lu *lu, double *b);   /* b := A⁻¹ b */

/* complex LU of an n×n matrix */
typedef struct {
    int n;
    double complex *a;
    int *ipiv;
} db_zlu;

int db_zlu_alloc(db_zlu *lu, int n);
void db_zlu_free(db_zlu *lu);
int db_zlu_factor(db_zlu *lu);
void db_zlu_solve(const db_zlu *lu, double complex *b);

/* y := A x (m×n) */
void db_matvec(int m, int n, const double *a, const double *x, double *y);

#endif
