/* linsolver_small_kernels.h — the small dense LU's kernels (private to
 * linsolver_dense_small.c and linsolver_dense_tiny.c): the elimination steps,
 * real and complex, and the substitutions, written once for any n as inline
 * functions, so that each file instantiates them with its own compiler
 * options.  The method and its bit-for-bit contract with LAPACK are in
 * linsolver_dense_small.c's header comment. */
#ifndef DB_LINSOLVER_SMALL_KERNELS_H
#define DB_LINSOLVER_SMALL_KERNELS_H

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "linsolver.h"

/* up to this n the substitutions go row by row (see lu_solve_rows) */
#define DB_SMALL_ROWS_MAX 12

/* The kernels are written once for any n and instantiated (inlined with a
 * constant n, so that the compiler unrolls the short loops) for n <= 8: the
 * same operations in the same order, without loop overhead on tiny systems. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif
#define DB_SMALL_FIXED_MAX 8
/* the elimination's outer loop unrolled too at a constant n, so that every
 * inner loop has a constant length */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 8")
#else
#define UNROLL
#endif
/* CASES(X, n): X(1) ... X(8) as switch cases, X(n) otherwise */
#define CASES(X, n)                                                               \
    switch (n) {                                                                  \
    case 1: X(1); case 2: X(2); case 3: X(3); case 4: X(4);                       \
    case 5: X(5); case 6: X(6); case 7: X(7); case 8: X(8);                       \
    default: X(n);                                                                \
    }

/* the interchanges ipiv[0], ipiv[1], ... as one gather: (P b)_i = b[perm[i]] */
static ALWAYS_INLINE void gather_of(int n, const int *ipiv, int *perm)
{
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (int k = 0; k < n; k++) {
        const int p = ipiv[k], t = perm[k];
        perm[k] = perm[p];
        perm[p] = t;
    }
}

/* step k of the real elimination (pivot, interchange, scaling, trailing
 * update); *info set at the first zero pivot */
static ALWAYS_INLINE void lu_step(int n, int k, double *a, int *ipiv, double *rd, int *info)
{
    const size_t nn = (size_t)n;
    double *ck = a + (size_t)k * nn;
    int p = k;
    double amax = fabs(ck[k]);
    for (int i = k + 1; i < n; i++) {
        const double v = fabs(ck[i]);
        if (v > amax) {
            amax = v;
            p = i;
        }
    }
    ipiv[k] = p;
    if (ck[p] != 0.0) {
        if (p != k)
            for (int j = 0; j < n; j++) {
                double *cj = a + (size_t)j * nn;
                const double t = cj[k];
                cj[k] = cj[p];
                cj[p] = t;
            }
        const double piv = ck[k];
        const double r = 1.0 / piv;
        rd[k] = r;
        if (fabs(piv) >= DBL_MIN) {
            for (int i = k + 1; i < n; i++)
                ck[i] *= r;
        } else {
            for (int i = k + 1; i < n; i++)
                ck[i] /= piv;
        }
    } else {
        rd[k] = 1.0 / ck[k];   /* inf: never read, the factorization is singular */
        if (!*info)
            *info = k + 1;
    }
    /* trailing update, column by column: a_ij -= l_ik u_kj */
    const double *restrict lk = ck;
    for (int j = k + 1; j < n; j++) {
        double *restrict cj = a + (size_t)j * nn;
        const double u = cj[k];
        if (u != 0.0)
            for (int i = k + 1; i < n; i++)
                cj[i] -= lk[i] * u;
    }
}

static ALWAYS_INLINE int lu_factor_n(int n, double *a, int *ipiv, int *perm, double *rd)
{
    int info = 0;
    UNROLL
    for (int k = 0; k < n; k++)
        lu_step(n, k, a, ipiv, rd, &info);
    gather_of(n, ipiv, perm);
    return info;
}

/* substitutions row by row on x = P b gathered into registers (a dot product
 * per unknown; no vector loop set-up and no store and reload of b for tiny
 * n).  Each x_i sees the same subtractions in the same order as in the
 * column-oriented form below.  Row i forward (L, unit diagonal) and backward
 * (U, times the pivot's reciprocal): */
static ALWAYS_INLINE void fwd_row(int n, int i, const double *restrict lu, double *restrict x)
{
    double t = x[i];
    for (int k = 0; k < i; k++)
        t -= x[k] * lu[i + (size_t)k * (size_t)n];
    x[i] = t;
}

static ALWAYS_INLINE void back_row(int n, int i, const double *restrict lu,
                                   const double *restrict rd, double *restrict x)
{
    double t = x[i];
    for (int k = n - 1; k > i; k--)
        t -= x[k] * lu[i + (size_t)k * (size_t)n];
    x[i] = t * rd[i];
}

static ALWAYS_INLINE void lu_solve_rows(int n, const double *restrict lu, const int *restrict perm,
                                        const double *restrict rd, double *restrict b)
{
    double x[DB_SMALL_ROWS_MAX];
    for (int i = 0; i < n; i++)
        x[i] = b[perm[i]];
    for (int i = 1; i < n; i++)
        fwd_row(n, i, lu, x);
    for (int i = n - 1; i >= 0; i--)
        back_row(n, i, lu, rd, x);
    for (int i = 0; i < n; i++)
        b[i] = x[i];
}

/* past DB_SMALL_ROWS_MAX: the interchanges as dgetrs makes them, then the
 * substitutions column by column (the inner loops over whole columns) */
static ALWAYS_INLINE void lu_solve_cols(int n, const double *restrict lu, const int *ipiv,
                                        const double *restrict rd, double *restrict b)
{
    const size_t nn = (size_t)n;
    for (int k = 0; k < n; k++) {
        const int p = ipiv[k];
        if (p != k) {
            const double t = b[k];
            b[k] = b[p];
            b[p] = t;
        }
    }
    /* L (unit lower), column-oriented as dtrsm, two columns per sweep: b_i
     * still sees column k before column k + 1 */
    int k = 0;
    for (; k + 1 < n; k += 2) {
        const double *restrict c0 = lu + (size_t)k * nn, *restrict c1 = c0 + nn;
        const double b0 = b[k];
        const double b1 = b[k + 1] - b0 * c0[k + 1];
        b[k + 1] = b1;
        for (int i = k + 2; i < n; i++)
            b[i] = (b[i] - b0 * c0[i]) - b1 * c1[i];
    }
    /* the last column has nothing below it */
    /* U, two columns per sweep from the right */
    k = n - 1;
    for (; k >= 1; k -= 2) {
        const double *restrict c0 = lu + (size_t)k * nn, *restrict c1 = c0 - nn;
        const double b0 = b[k] * rd[k];
        b[k] = b0;
        const double b1 = (b[k - 1] - b0 * c0[k - 1]) * rd[k - 1];
        b[k - 1] = b1;
        for (int i = 0; i < k - 1; i++)
            b[i] = (b[i] - b0 * c0[i]) - b1 * c1[i];
    }
    if (k == 0)
        b[0] *= rd[0];
}

/* ---- complex: split form, real parts in one array, imaginary in another ---- */

/* (ar + i ai) / (br + i bi) as gfortran computes it (Smith's method) */
static inline void zdiv(double ar, double ai, double br, double bi, double *cr, double *ci)
{
    if (fabs(br) < fabs(bi)) {
        const double ratio = br / bi;
        const double div = br * ratio + bi;
        *cr = (ar * ratio + ai) / div;
        *ci = (ai * ratio - ar) / div;
    } else {
        const double ratio = bi / br;
        const double div = bi * ratio + br;
        *cr = (ai * ratio + ar) / div;
        *ci = (ai - ar * ratio) / div;
    }
}

/* step k of the complex elimination, as lu_step */
static ALWAYS_INLINE void zlu_step(int n, int k, double *re, double *im, int *ipiv, double *rdr,
                                   double *rdi, int *info)
{
    const size_t nn = (size_t)n;
    double *kr = re + (size_t)k * nn, *ki = im + (size_t)k * nn;
    int p = k;
    double amax = fabs(kr[k]) + fabs(ki[k]);
    for (int i = k + 1; i < n; i++) {
        const double v = fabs(kr[i]) + fabs(ki[i]);
        if (v > amax) {
            amax = v;
            p = i;
        }
    }
    ipiv[k] = p;
    if (kr[p] != 0.0 || ki[p] != 0.0) {
        if (p != k)
            for (int j = 0; j < n; j++) {
                double *jr = re + (size_t)j * nn, *ji = im + (size_t)j * nn;
                const double tr = jr[k], ti = ji[k];
                jr[k] = jr[p];
                ji[k] = ji[p];
                jr[p] = tr;
                ji[p] = ti;
            }
        const double pr = kr[k], pi = ki[k];
        double rr, ri;
        zdiv(1.0, 0.0, pr, pi, &rr, &ri);
        rdr[k] = rr;
        rdi[k] = ri;
        /* |pivot| >= DBL_MIN as LAPACK tests it; hypot only near underflow */
        if (fabs(pr) >= DBL_MIN || fabs(pi) >= DBL_MIN || hypot(pr, pi) >= DBL_MIN) {
            for (int i = k + 1; i < n; i++) {
                const double xr = kr[i], xi = ki[i];
                kr[i] = rr * xr - ri * xi;
                ki[i] = rr * xi + ri * xr;
            }
        } else {
            for (int i = k + 1; i < n; i++)
                zdiv(kr[i], ki[i], pr, pi, &kr[i], &ki[i]);
        }
    } else {
        rdr[k] = rdi[k] = INFINITY;   /* never read: the factorization is singular */
        if (!*info)
            *info = k + 1;
    }
    /* trailing update: a_ij -= u_kj l_ik, as zgemm / ztrsm do it */
    const double *restrict lr_ = kr, *restrict li_ = ki;
    for (int j = k + 1; j < n; j++) {
        double *restrict jr = re + (size_t)j * nn, *restrict ji = im + (size_t)j * nn;
        const double ur = jr[k], ui = ji[k];
        if (ur != 0.0 || ui != 0.0)
            for (int i = k + 1; i < n; i++) {
                const double lr = lr_[i], li = li_[i];
                jr[i] -= ur * lr - ui * li;
                ji[i] -= ur * li + ui * lr;
            }
    }
}

static ALWAYS_INLINE int zlu_factor_n(int n, double *re, double *im, int *ipiv, int *perm,
                                      double *rdr, double *rdi)
{
    int info = 0;
    UNROLL
    for (int k = 0; k < n; k++)
        zlu_step(n, k, re, im, ipiv, rdr, rdi, &info);
    gather_of(n, ipiv, perm);
    return info;
}

/* both eliminations, step k of the real one next to step k of the complex
 * one (two independent dependency chains in flight together; the same
 * operations, so the same bits); info of the real one, else of the complex */
static ALWAYS_INLINE int lu2_factor_n(int n, double *a, db_small_piv *pv, double *re, double *im,
                                      db_small_piv *zpv)
{
    int info = 0, zinfo = 0;
    UNROLL
    for (int k = 0; k < n; k++) {
        lu_step(n, k, a, pv->ipiv, pv->rd, &info);
        zlu_step(n, k, re, im, zpv->ipiv, zpv->rd, zpv->rdi, &zinfo);
    }
    gather_of(n, pv->ipiv, pv->perm);
    gather_of(n, zpv->ipiv, zpv->perm);
    return info ? info : zinfo;
}

/* x (complex) times the kept reciprocal d of a pivot */
#define ZMUL_INTO(xr, xi, dr, di, outr, outi)                                     \
    do {                                                                          \
        const double zr_ = (xr), zi_ = (xi);                                      \
        (outr) = zr_ * (dr) - zi_ * (di);                                         \
        (outi) = zr_ * (di) + zi_ * (dr);                                         \
    } while (0)

/* the complex substitutions row by row, as lu_solve_rows */
static ALWAYS_INLINE void zfwd_row(int n, int i, const double *restrict re,
                                   const double *restrict im, double *restrict xr,
                                   double *restrict xi)
{
    double tr = xr[i], ti = xi[i];
    for (int k = 0; k < i; k++) {
        const double lr = re[i + (size_t)k * (size_t)n], li = im[i + (size_t)k * (size_t)n];
        tr -= xr[k] * lr - xi[k] * li;
        ti -= xr[k] * li + xi[k] * lr;
    }
    xr[i] = tr;
    xi[i] = ti;
}

static ALWAYS_INLINE void zback_row(int n, int i, const double *restrict re,
                                    const double *restrict im, const double *restrict rdr,
                                    const double *restrict rdi, double *restrict xr,
                                    double *restrict xi)
{
    double tr = xr[i], ti = xi[i];
    for (int k = n - 1; k > i; k--) {
        const double ur = re[i + (size_t)k * (size_t)n], ui = im[i + (size_t)k * (size_t)n];
        tr -= xr[k] * ur - xi[k] * ui;
        ti -= xr[k] * ui + xi[k] * ur;
    }
    ZMUL_INTO(tr, ti, rdr[i], rdi[i], xr[i], xi[i]);
}

static ALWAYS_INLINE void zlu_solve_rows(int n, const double *restrict re,
                                         const double *restrict im, const int *restrict perm,
                                         const double *restrict rdr, const double *restrict rdi,
                                         double *restrict br, double *restrict bi)
{
    double xr[DB_SMALL_ROWS_MAX], xi[DB_SMALL_ROWS_MAX];
    for (int i = 0; i < n; i++) {
        xr[i] = br[perm[i]];
        xi[i] = bi[perm[i]];
    }
    for (int i = 1; i < n; i++)
        zfwd_row(n, i, re, im, xr, xi);
    for (int i = n - 1; i >= 0; i--)
        zback_row(n, i, re, im, rdr, rdi, xr, xi);
    for (int i = 0; i < n; i++) {
        br[i] = xr[i];
        bi[i] = xi[i];
    }
}

/* the complex lu_solve_cols */
static ALWAYS_INLINE void zlu_solve_cols(int n, const double *restrict re,
                                         const double *restrict im, const int *ipiv,
                                         const double *restrict rdr, const double *restrict rdi,
                                         double *restrict br, double *restrict bi)
{
    const size_t nn = (size_t)n;
    for (int k = 0; k < n; k++) {
        const int p = ipiv[k];
        if (p != k) {
            const double tr = br[k], ti = bi[k];
            br[k] = br[p];
            bi[k] = bi[p];
            br[p] = tr;
            bi[p] = ti;
        }
    }
    /* as the real case: two columns per sweep, column k before k + 1 */
    int k = 0;
    for (; k + 1 < n; k += 2) {
        const double *restrict r0 = re + (size_t)k * nn, *restrict i0 = im + (size_t)k * nn;
        const double *restrict r1 = r0 + nn, *restrict i1 = i0 + nn;
        const double x0 = br[k], y0 = bi[k];
        const double x1 = br[k + 1] - (x0 * r0[k + 1] - y0 * i0[k + 1]);
        const double y1 = bi[k + 1] - (x0 * i0[k + 1] + y0 * r0[k + 1]);
        br[k + 1] = x1;
        bi[k + 1] = y1;
        for (int i = k + 2; i < n; i++) {
            br[i] = (br[i] - (x0 * r0[i] - y0 * i0[i])) - (x1 * r1[i] - y1 * i1[i]);
            bi[i] = (bi[i] - (x0 * i0[i] + y0 * r0[i])) - (x1 * i1[i] + y1 * r1[i]);
        }
    }
    k = n - 1;
    for (; k >= 1; k -= 2) {
        const double *restrict r0 = re + (size_t)k * nn, *restrict i0 = im + (size_t)k * nn;
        const double *restrict r1 = r0 - nn, *restrict i1 = i0 - nn;
        double x0, y0, x1, y1;
        ZMUL_INTO(br[k], bi[k], rdr[k], rdi[k], x0, y0);
        br[k] = x0;
        bi[k] = y0;
        ZMUL_INTO(br[k - 1] - (x0 * r0[k - 1] - y0 * i0[k - 1]),
                  bi[k - 1] - (x0 * i0[k - 1] + y0 * r0[k - 1]), rdr[k - 1], rdi[k - 1], x1, y1);
        br[k - 1] = x1;
        bi[k - 1] = y1;
        for (int i = 0; i < k - 1; i++) {
            br[i] = (br[i] - (x0 * r0[i] - y0 * i0[i])) - (x1 * r1[i] - y1 * i1[i]);
            bi[i] = (bi[i] - (x0 * i0[i] + y0 * r0[i])) - (x1 * i1[i] + y1 * r1[i]);
        }
    }
    if (k == 0)
        ZMUL_INTO(br[0], bi[0], rdr[0], rdi[0], br[0], bi[0]);
}

/* lu_solve_rows and zlu_solve_rows in one pass: row i of the real system,
 * then row i of the complex one (each sees its own operations in its own
 * order: the same bits) */
static ALWAYS_INLINE void lu2_solve_rows(int n, const double *restrict lu,
                                         const int *restrict perm, const double *restrict rd,
                                         double *restrict b, const double *restrict re,
                                         const double *restrict im, const int *restrict zperm,
                                         const double *restrict rdr, const double *restrict rdi,
                                         double *restrict br, double *restrict bi)
{
    double x[DB_SMALL_ROWS_MAX], xr[DB_SMALL_ROWS_MAX], xi[DB_SMALL_ROWS_MAX];
    for (int i = 0; i < n; i++) {
        x[i] = b[perm[i]];
        xr[i] = br[zperm[i]];
        xi[i] = bi[zperm[i]];
    }
    for (int i = 1; i < n; i++) {
        fwd_row(n, i, lu, x);
        zfwd_row(n, i, re, im, xr, xi);
    }
    for (int i = n - 1; i >= 0; i--) {
        back_row(n, i, lu, rd, x);
        zback_row(n, i, re, im, rdr, rdi, xr, xi);
    }
    for (int i = 0; i < n; i++) {
        b[i] = x[i];
        br[i] = xr[i];
        bi[i] = xi[i];
    }
}

/* the entry points of linsolver_dense_tiny.c, for n <= DB_SMALL_ROWS_MAX
 * (db_small_* dispatch to them there) */
int db_tiny_lu_factor(int n, double *a, db_small_piv *pv);
void db_tiny_lu_solve(int n, const double *lu, const db_small_piv *pv, double *b);
int db_tiny_zlu_factor(int n, double *re, double *im, db_small_piv *pv);
void db_tiny_zlu_solve(int n, const double *re, const double *im, const db_small_piv *pv,
                       double *br, double *bi);
int db_tiny_lu2_factor(int n, double *a, db_small_piv *pv, double *re, double *im,
                       db_small_piv *zpv);
void db_tiny_lu2_solve(int n, const double *lu, const db_small_piv *pv, double *b,
                       const double *re, const double *im, const db_small_piv *zpv, double *br,
                       double *bi);

#endif
