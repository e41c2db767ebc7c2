/* test_linsolver.c — the linear-solver layer (solvers/linsolver.h) against
 * LAPACK.  The small dense LU must give the same factors, pivots and info as
 * reference LAPACK's dgetrf/zgetrf, bit for bit, on random, ill-conditioned
 * (graded, Hilbert-like), pivoting (zero diagonal, permutation) and singular
 * (zero column, zero row) matrices, real and complex; its kept reciprocals must
 * be those of the pivots, and its substitutions must be dgetrs/zgetrs' with
 * the division by a pivot replaced by the multiplication by its reciprocal, bit
 * for bit (the reference below).  Whatever LAPACK is linked, the solutions
 * must solve the system (residual test), the singular cases must be reported,
 * and the three implementations (small, lapack, klu) must agree through the ops
 * table. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/linalg.h"
#include "solvers/linsolver.h"
#include "solvers/sparse_lu.h"
#include "testset/tests/check.h"
#include "testset/tests/xorshift.h"

/* re + i im without CMPLX (which glibc does not define for clang) */
static double complex mkc(double re, double im)
{
    double complex z;
    double *p = (double *)&z;
    p[0] = re;
    p[1] = im;
    return z;
}

static unsigned long long rng = 88172645463325252ULL;
static double urand(void)   /* uniform in (-1, 1) */
{
    return xorshift_uniform(&rng);
}

enum { K_RANDOM, K_GRADED, K_HILBERT, K_ZERODIAG, K_PERM, K_SINGULAR_COL, K_SINGULAR_ROWS, K_NKIND };
static const char *kind_name[] = {"random", "graded", "hilbert", "zero-diagonal", "permutation",
                                  "zero column", "zero row"};

/* fill a (n×n column-major, real part, imaginary part if ai) of the kind */
static void fill(int kind, int n, double *ar, double *ai)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            double v = urand(), w = urand();
            switch (kind) {
            case K_GRADED:   /* row and column scales over 12 decades */
                v *= pow(10.0, -12.0 * i / (n > 1 ? n - 1 : 1) + 3.0 * j / (n > 1 ? n : 1));
                w *= pow(10.0, -12.0 * i / (n > 1 ? n - 1 : 1));
                break;
            case K_HILBERT:
                v = 1.0 / (i + j + 1.0) + 1e-14 * v;
                w = 0.5 / (i + j + 2.0);
                break;
            case K_ZERODIAG:
                if (i == j)
                    v = w = 0.0;
                break;
            case K_PERM:
                v = (i == (j * 7 + 3) % n) ? 1.0 + j : 0.0;
                w = (i == (j * 7 + 3) % n) ? -0.5 : 0.0;
                break;
            case K_SINGULAR_COL:
                if (j == n / 2)
                    v = w = 0.0;
                break;
            default:
                break;
            }
            ar[(size_t)j * n + i] = v;
            if (ai)
                ai[(size_t)j * n + i] = w;
        }
    if (kind == K_PERM) {   /* a permutation only if 7 is prime to n: make sure */
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                ar[(size_t)j * n + i] = (i == (n - 1 - j)) ? 1.0 + j : 0.0;
                if (ai)
                    ai[(size_t)j * n + i] = (i == (n - 1 - j)) ? -0.5 : 0.0;
            }
    }
    if (kind == K_SINGULAR_ROWS)   /* a zero row (the middle one): exactly singular */
        for (int j = 0; j < n; j++) {
            ar[(size_t)j * n + n / 2] = 0.0;
            if (ai)
                ai[(size_t)j * n + n / 2] = 0.0;
        }
}

static int singular_kind(int kind, int n)
{
    return kind == K_SINGULAR_COL || kind == K_SINGULAR_ROWS || (kind == K_ZERODIAG && n == 1);
}

/* max |x_i − y_i| / max |y_i| (a complex vector as its 2n parts) */
static double gap(const double *x, const double *y, int n)
{
    double d = 0.0, m = 0.0;
    for (int i = 0; i < n; i++) {
        d = fmax(d, fabs(x[i] - y[i]));
        m = fmax(m, fabs(y[i]));
    }
    return d / m;
}

/* the reference of db_small_lu_solve: LAPACK's factors lu and pivots ipl
 * (1-based), dgetrs' order of operations (row interchanges, then L and U
 * column by column), each division by u_kk done as a multiplication by rd[k] */
static void ref_solve(int n, const double *lu, const int *ipl, const double *rd, double *b)
{
    for (int k = 0; k < n; k++) {
        const double t = b[k];
        b[k] = b[ipl[k] - 1];
        b[ipl[k] - 1] = t;
    }
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++)
            b[i] -= b[k] * lu[(size_t)k * n + i];
    for (int k = n - 1; k >= 0; k--) {
        b[k] *= rd[k];
        for (int i = 0; i < k; i++)
            b[i] -= b[k] * lu[(size_t)k * n + i];
    }
}

/* the same for the complex factors, in split form as the kernel's */
static void ref_zsolve(int n, const double complex *lu, const int *ipl, const double *rdr,
                       const double *rdi, double *br, double *bi)
{
    for (int k = 0; k < n; k++) {
        const int p = ipl[k] - 1;
        double t = br[k];
        br[k] = br[p], br[p] = t;
        t = bi[k];
        bi[k] = bi[p], bi[p] = t;
    }
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) {
            const double lr = creal(lu[(size_t)k * n + i]), li = cimag(lu[(size_t)k * n + i]);
            const double xr = br[k], xi = bi[k];
            br[i] -= xr * lr - xi * li;
            bi[i] -= xr * li + xi * lr;
        }
    for (int k = n - 1; k >= 0; k--) {
        const double xr = br[k], xi = bi[k];
        br[k] = xr * rdr[k] - xi * rdi[k];
        bi[k] = xr * rdi[k] + xi * rdr[k];
        for (int i = 0; i < k; i++) {
            const double ur = creal(lu[(size_t)k * n + i]), ui = cimag(lu[(size_t)k * n + i]);
            br[i] -= br[k] * ur - bi[k] * ui;
            bi[i] -= br[k] * ui + bi[k] * ur;
        }
    }
}

static void real_case(int kind, int n)
{
    const size_t nn = (size_t)n * n;
    double *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *a0 = malloc(nn * sizeof *a0);
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *r = malloc(n * sizeof *r);
    int *ipl = malloc(n * sizeof *ipl);
    db_small_piv pv;
    if (db_small_piv_alloc(&pv, n))
        abort();
    const int *ip = pv.ipiv;
    fill(kind, n, a0, NULL);
    memcpy(a, a0, nn * sizeof *a);
    memcpy(b, a0, nn * sizeof *b);
    int info = db_small_lu_factor(n, a, &pv), linfo = 0, one = 1;
    dgetrf_(&n, &n, b, &n, ipl, &linfo);
    CHECK(info == linfo, "real %s n=%d: info %d, LAPACK %d", kind_name[kind], n, info, linfo);
    if (singular_kind(kind, n))
        CHECK(info > 0, "real %s n=%d: singular reported (info %d)", kind_name[kind], n, info);
    else
        CHECK(info == 0, "real %s n=%d: regular (info %d)", kind_name[kind], n, info);
    int samepiv = 1;
    for (int k = 0; k < n; k++)
        samepiv &= ip[k] + 1 == ipl[k];
    CHECK(samepiv, "real %s n=%d: pivots as LAPACK", kind_name[kind], n);
    CHECK(memcmp(a, b, nn * sizeof *a) == 0, "real %s n=%d: factors bit-equal to dgetrf",
          kind_name[kind], n);
    if (info == 0) {
        int recip = 1;
        for (int k = 0; k < n; k++)
            recip &= pv.rd[k] == 1.0 / b[(size_t)k * n + k];
        CHECK(recip, "real %s n=%d: reciprocals of the pivots kept", kind_name[kind], n);
        for (int i = 0; i < n; i++)
            x[i] = y[i] = urand();
        memcpy(r, x, n * sizeof *r);
        db_small_lu_solve(n, a, &pv, x);
        ref_solve(n, b, ipl, pv.rd, y);
        CHECK(memcmp(x, y, n * sizeof *x) == 0,
              "real %s n=%d: solution bit-equal to dgetrs' with reciprocals", kind_name[kind], n);
        /* and within an ulp or so of dgetrs' own */
        memcpy(y, r, n * sizeof *y);
        dgetrs_("N", &n, &one, b, &n, ipl, y, &n, &linfo, 1);
        /* (on a well-conditioned matrix; the ill-conditioned kinds amplify
         * the last bit) */
        const double g = gap(x, y, n);
        CHECK(kind != K_RANDOM || g <= 1e-12 * n, "real %s n=%d: %.3g from dgetrs' solution",
              kind_name[kind], n, g);
        /* residual relative to |A||x| */
        double worst = 0.0;
        for (int i = 0; i < n; i++) {
            double s = -r[i], m = fabs(r[i]);
            for (int j = 0; j < n; j++) {
                s += a0[(size_t)j * n + i] * x[j];
                m += fabs(a0[(size_t)j * n + i] * x[j]);
            }
            worst = fmax(worst, fabs(s) / m);
        }
        CHECK(worst < 1e-12 * n, "real %s n=%d: backward error %.3g", kind_name[kind], n, worst);
    }
    db_small_piv_free(&pv);
    free(a), free(b), free(a0), free(x), free(y), free(r), free(ipl);
}

static void complex_case(int kind, int n)
{
    const size_t nn = (size_t)n * n;
    double *re = malloc(nn * sizeof *re), *im = malloc(nn * sizeof *im);
    double complex *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *a0 = malloc(nn * sizeof *a0);
    double complex *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *r = malloc(n * sizeof *r);
    int *ipl = malloc(n * sizeof *ipl);
    db_small_piv pv;
    if (db_small_piv_alloc(&pv, n))
        abort();
    const int *ip = pv.ipiv;
    fill(kind, n, re, im);
    for (size_t k = 0; k < nn; k++)
        a0[k] = mkc(re[k], im[k]);
    memcpy(a, a0, nn * sizeof *a);
    memcpy(b, a0, nn * sizeof *b);
    double *sr = malloc(nn * sizeof *sr), *si = malloc(nn * sizeof *si);
    double *xre = malloc(n * sizeof *xre), *xim = malloc(n * sizeof *xim);
    for (size_t k = 0; k < nn; k++)
        sr[k] = creal(a[k]), si[k] = cimag(a[k]);
    int info = db_small_zlu_factor(n, sr, si, &pv), linfo = 0, one = 1;
    for (size_t k = 0; k < nn; k++)
        a[k] = mkc(sr[k], si[k]);
    zgetrf_(&n, &n, b, &n, ipl, &linfo);
    CHECK(info == linfo, "complex %s n=%d: info %d, LAPACK %d", kind_name[kind], n, info, linfo);
    if (singular_kind(kind, n))
        CHECK(info > 0, "complex %s n=%d: singular reported (info %d)", kind_name[kind], n, info);
    else
        CHECK(info == 0, "complex %s n=%d: regular (info %d)", kind_name[kind], n, info);
    int samepiv = 1;
    for (int k = 0; k < n; k++)
        samepiv &= ip[k] + 1 == ipl[k];
    CHECK(samepiv, "complex %s n=%d: pivots as LAPACK", kind_name[kind], n);
    CHECK(memcmp(a, b, nn * sizeof *a) == 0, "complex %s n=%d: factors bit-equal to zgetrf",
          kind_name[kind], n);
    if (info == 0) {
        double rworst = 0.0;
        for (int k = 0; k < n; k++) {
            const double complex q = 1.0 / b[(size_t)k * n + k];
            rworst = fmax(rworst, cabs(mkc(pv.rd[k], pv.rdi[k]) - q) / cabs(q));
        }
        CHECK(rworst <= 4 * DBL_EPSILON, "complex %s n=%d: reciprocals of the pivots kept (%.3g)",
              kind_name[kind], n, rworst);
        for (int i = 0; i < n; i++)
            x[i] = y[i] = mkc(urand(), urand());
        memcpy(r, x, n * sizeof *r);
        double *yre = malloc(n * sizeof *yre), *yim = malloc(n * sizeof *yim);
        for (int i = 0; i < n; i++) {
            xre[i] = yre[i] = creal(x[i]);
            xim[i] = yim[i] = cimag(x[i]);
        }
        db_small_zlu_solve(n, sr, si, &pv, xre, xim);
        ref_zsolve(n, b, ipl, pv.rd, pv.rdi, yre, yim);
        CHECK(memcmp(xre, yre, n * sizeof *xre) == 0 && memcmp(xim, yim, n * sizeof *xim) == 0,
              "complex %s n=%d: solution bit-equal to zgetrs' with reciprocals", kind_name[kind],
              n);
        free(yre), free(yim);
        for (int i = 0; i < n; i++)
            x[i] = mkc(xre[i], xim[i]);
        zgetrs_("N", &n, &one, b, &n, ipl, y, &n, &linfo, 1);
        const double g = gap((const double *)x, (const double *)y, 2 * n);
        CHECK(kind != K_RANDOM || g <= 1e-12 * n, "complex %s n=%d: %.3g from zgetrs' solution",
              kind_name[kind], n, g);
        double worst = 0.0;
        for (int i = 0; i < n; i++) {
            double complex s = -r[i];
            double m = cabs(r[i]);
            for (int j = 0; j < n; j++) {
                s += a0[(size_t)j * n + i] * x[j];
                m += cabs(a0[(size_t)j * n + i] * x[j]);
            }
            worst = fmax(worst, cabs(s) / m);
        }
        CHECK(worst < 1e-12 * n, "complex %s n=%d: backward error %.3g", kind_name[kind], n, worst);
    }
    free(sr), free(si), free(xre), free(xim);
    db_small_piv_free(&pv);
    free(re), free(im), free(a), free(b), free(a0), free(x), free(y), free(r), free(ipl);
}

/* the ops table: each implementation solves a tridiagonal-plus-corner system,
 * real and complex, and the kinds agree to rounding */
static void ops_case(int n)
{
    int *cp = malloc((n + 1) * sizeof *cp), *ri = malloc(4 * (size_t)n * sizeof *ri);
    int nz = 0;
    for (int j = 0; j < n; j++) {
        cp[j] = nz;
        for (int i = 0; i < n; i++)
            if (abs(i - j) <= 1 || (i == n - 1 && j == 0) || (i == 0 && j == n - 1))
                ri[nz++] = i;
    }
    cp[n] = nz;
    db_linsol *ls[3] = {NULL, NULL, NULL};
    ls[0] = db_linsol_new(n, NULL, NULL, 1);
    ls[2] = db_linsol_new(n, cp, ri, 1);
    /* a LAPACK instance for any n: build it by hand */
    ls[1] = calloc(1, sizeof *ls[1]);
    ls[1]->n = n;
    ls[1]->nval = n * n;
    ls[1]->a = calloc((size_t)n * n, sizeof(double));
    ls[1]->zr = calloc((size_t)n * n, sizeof(double));
    ls[1]->zi = calloc((size_t)n * n, sizeof(double));
    CHECK(db_linsol_init_lapack(ls[1]) == 0, "lapack init n=%d", n);
    CHECK(ls[0] && !strcmp(ls[0]->ops->name, n <= DB_LINSOL_SMALL_MAX ? "small" : "lapack"),
          "dense n=%d chooses %s", n, n <= DB_LINSOL_SMALL_MAX ? "small" : "lapack");
    CHECK((ls[2] != NULL) == db_splu_available(), "sparse n=%d available iff KLU", n);
    double *xr[3];
    double complex *xc[3];
    for (int s = 0; s < 3; s++) {
        xr[s] = calloc(n, sizeof(double));
        xc[s] = calloc(n, sizeof(double complex));
        if (!ls[s])
            continue;
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                if (!(abs(i - j) <= 1 || (i == n - 1 && j == 0) || (i == 0 && j == n - 1)))
                    continue;
                const long p = db_linsol_pos(ls[s], i, j);
                CHECK(p >= 0, "%s: entry (%d,%d) in storage", ls[s]->ops->name, i, j);
                const double v = i == j ? 4.0 + 0.01 * i : -1.0 - 0.001 * (i + 2 * j);
                ls[s]->a[p] = v;
                ls[s]->zr[p] = v;
                ls[s]->zi[p] = i == j ? 2.0 : 0.3;
            }
        CHECK(db_linsol_factor(ls[s]) == 0, "%s n=%d: real factor", ls[s]->ops->name, n);
        CHECK(db_linsol_factor_complex(ls[s]) == 0, "%s n=%d: complex factor", ls[s]->ops->name, n);
        for (int i = 0; i < n; i++) {
            xr[s][i] = 1.0 + i;
            xc[s][i] = mkc(1.0, -0.5 * i);
        }
        db_linsol_solve(ls[s], xr[s]);
        double *br = malloc(n * sizeof *br), *bi = malloc(n * sizeof *bi);
        for (int i = 0; i < n; i++)
            br[i] = creal(xc[s][i]), bi[i] = cimag(xc[s][i]);
        db_linsol_solve_complex(ls[s], br, bi);
        for (int i = 0; i < n; i++)
            xc[s][i] = mkc(br[i], bi[i]);
        free(br);
        free(bi);
        CHECK(ls[s]->nfactor == 1 && ls[s]->nfactor_complex == 1 && ls[s]->nsolve == 1 &&
                  ls[s]->nsolve_complex == 1,
              "%s: counters", ls[s]->ops->name);
    }
    for (int s = 0; s < 3; s++) {
        if (!ls[s])
            continue;
        double dr = 0.0, dc = 0.0;
        for (int i = 0; i < n; i++) {
            dr = fmax(dr, fabs(xr[s][i] - xr[1][i]) / (1.0 + fabs(xr[1][i])));
            dc = fmax(dc, cabs(xc[s][i] - xc[1][i]) / (1.0 + cabs(xc[1][i])));
        }
        CHECK(dr < 1e-13 && dc < 1e-13, "%s n=%d agrees with LAPACK (%.2g, %.2g)",
              ls[s]->ops->name, n, dr, dc);
        /* matvec_add in storage order: A x recovers the right-hand side */
        double *y = calloc(n, sizeof(double)), worst = 0.0;
        if (s == 1)   /* the factored values are gone: rebuild the dense matrix */
            ;
        else {
            double *vals = calloc((size_t)ls[s]->nval, sizeof(double));
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++) {
                    const long p = db_linsol_pos(ls[s], i, j);
                    if (p >= 0 && (abs(i - j) <= 1 || (i == n - 1 && j == 0) || (i == 0 && j == n - 1)))
                        vals[p] = i == j ? 4.0 + 0.01 * i : -1.0 - 0.001 * (i + 2 * j);
                }
            db_linsol_matvec_add(ls[s], vals, xr[s], y);
            for (int i = 0; i < n; i++)
                worst = fmax(worst, fabs(y[i] - (1.0 + i)) / (1.0 + i));
            CHECK(worst < 1e-12, "%s n=%d: matvec_add(A, A⁻¹b) = b (%.2g)", ls[s]->ops->name, n, worst);
            free(vals);
        }
        free(y);
    }
    for (int s = 0; s < 3; s++) {
        db_linsol_free(ls[s]);
        free(xr[s]);
        free(xc[s]);
    }
    free(cp);
    free(ri);
}

/* factor_both and solve_both (the real and the complex system side by side)
 * against the four separate calls on the same matrices: the same bits, for
 * the sizes with a fused kernel (n <= 8), the rest of linsolver_dense_tiny.c
 * (n <= 12) and past it (the vectorized kernels); and a singular
 * complex matrix reported when the real one is regular, a singular real one
 * first */
static void both_case(int n)
{
    const size_t nn = (size_t)n * n;
    db_linsol *f = db_linsol_new(n, NULL, NULL, 1), *g = db_linsol_new(n, NULL, NULL, 1);
    CHECK(f && g, "n=%d: solvers", n);
    if (!f || !g)
        return;
    fill(K_RANDOM, n, f->a, NULL);
    fill(K_RANDOM, n, f->zr, f->zi);
    memcpy(g->a, f->a, nn * sizeof(double));
    memcpy(g->zr, f->zr, nn * sizeof(double));
    memcpy(g->zi, f->zi, nn * sizeof(double));
    double *b = malloc(6 * (size_t)n * sizeof *b), *br = b + n, *bi = br + n;
    double *c = bi + n, *cr = c + n, *ci = cr + n;
    for (int i = 0; i < n; i++) {
        b[i] = c[i] = urand();
        br[i] = cr[i] = urand();
        bi[i] = ci[i] = urand();
    }
    CHECK(db_linsol_factor_both(f) == 0 && db_linsol_factor(g) == 0 &&
              db_linsol_factor_complex(g) == 0, "n=%d: both factor", n);
    db_linsol_solve_both(f, b, br, bi);
    db_linsol_solve(g, c);
    db_linsol_solve_complex(g, cr, ci);
    CHECK(memcmp(f->a, g->a, nn * sizeof(double)) == 0 &&
              memcmp(f->zr, g->zr, nn * sizeof(double)) == 0 &&
              memcmp(f->zi, g->zi, nn * sizeof(double)) == 0 &&
              memcmp(b, c, 3 * (size_t)n * sizeof *b) == 0,
          "n=%d: factor_both, solve_both as the separate calls, bit for bit", n);
    CHECK(f->nfactor == 1 && f->nfactor_complex == 1 && f->nsolve == 1 && f->nsolve_complex == 1,
          "n=%d: counters of the fused calls", n);
    if (n >= 2) {
        /* the complex matrix singular in its last column, then the real one */
        for (int i = 0; i < n; i++)
            f->zr[i + (size_t)(n - 1) * n] = f->zi[i + (size_t)(n - 1) * n] = 0.0;
        fill(K_RANDOM, n, f->a, NULL);
        CHECK(db_linsol_factor_both(f) == n, "n=%d: the singular complex matrix reported", n);
        fill(K_RANDOM, n, f->zr, f->zi);
        for (int i = 0; i < n; i++)
            f->a[i + (size_t)(n - 2) * n] = 0.0;
        CHECK(db_linsol_factor_both(f) == n - 1, "n=%d: the singular real matrix reported", n);
    }
    free(b);
    db_linsol_free(f);
    db_linsol_free(g);
}

int main(void)
{
    for (int n = 1; n <= 14; n++)
        both_case(n);
    /* 12 and 13: the two sides of the split between linsolver_dense_tiny.c
     * and linsolver_dense_small.c's own kernels */
    const int sizes[] = {1, 2, 3, 4, 6, 9, 12, 13, 16, 27, 33, 50, 64, 65, 96, 128};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int kind = 0; kind < K_NKIND; kind++)
            for (int rep = 0; rep < (sizes[s] <= 9 ? 20 : 2); rep++) {
                real_case(kind, sizes[s]);
                complex_case(kind, sizes[s]);
            }
    const int osizes[] = {3, 27, 130};
    for (size_t s = 0; s < sizeof osizes / sizeof *osizes; s++)
        ops_case(osizes[s]);
    /* singular through the ops table */
    db_linsol *ls = db_linsol_new(3, NULL, NULL, 1);
    CHECK(ls != NULL, "small solver");
    if (ls) {
        ls->a[0] = 1.0, ls->a[4] = 2.0;  /* third column zero */
        ls->zr[0] = 1.0, ls->zi[4] = 1.0;
        CHECK(db_linsol_factor(ls) == 3, "singular real reported at column 3");
        CHECK(db_linsol_factor_complex(ls) == 3, "singular complex reported at column 3");
        db_linsol_free(ls);
    }
    return check_summary();
}
