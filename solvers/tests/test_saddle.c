/* test_saddle.c — the saddle-point solver (solvers/saddle.c): the range-space
 * path (Schur complement C M⁻¹ Cᵀ, diagonal M, no F) must give the solution of
 * the LU of the whole matrix K = [M Cᵀ; C 0] to rounding, for one and several
 * right-hand sides; a non-diagonal M (an off-diagonal entry in the last
 * column) or an F must fall back to the whole LU; a repeated row of C (a
 * redundant constraint) must be reported singular on the range path; and the
 * solutions must satisfy K x = b (residual test, so that agreement of two
 * wrong answers cannot pass). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/saddle.h"
#include "testset/tests/check.h"
#include "testset/tests/xorshift.h"

static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static double urand(void)   /* uniform in (-1, 1) */
{
    return xorshift_uniform(&rng);
}

/* max |K x − b| / max |b| for K = [M Cᵀ; C 0] */
static double residual(int n, int m, const double *M, const double *C, const double *x,
                       const double *b)
{
    double worst = 0.0, scale = 0.0;
    for (int i = 0; i < n + m; i++) {
        double r = -b[i];
        if (i < n) {
            for (int j = 0; j < n; j++)
                r += M[(size_t)j * n + i] * x[j];
            for (int k = 0; k < m; k++)
                r += C[(size_t)i * m + k] * x[n + k];
        } else {
            for (int j = 0; j < n; j++)
                r += C[(size_t)j * m + (i - n)] * x[j];
        }
        worst = fmax(worst, fabs(r));
        scale = fmax(scale, fabs(b[i]));
    }
    return worst / scale;
}

static void one_case(int n, int m, int offdiag, int redundant)
{
    double *M = calloc((size_t)n * n, sizeof *M), *C = malloc(sizeof *C * (size_t)m * n);
    const int dim = n + m, nrhs = 3;
    double *b = malloc(sizeof *b * (size_t)dim * nrhs), *x1 = malloc(sizeof *x1 * (size_t)dim * nrhs),
           *x2 = malloc(sizeof *x2 * (size_t)dim * nrhs);
    for (int j = 0; j < n; j++)
        M[(size_t)j * n + j] = 0.5 + 2.0 * fabs(urand());
    if (offdiag)
        M[(size_t)(n - 1) * n + 0] = M[0 + (size_t)(n - 1)] = 0.25;
    for (size_t k = 0; k < (size_t)m * n; k++)
        C[k] = urand();
    if (redundant)   /* last row of C = first row */
        for (int j = 0; j < n; j++)
            C[(size_t)j * m + m - 1] = C[(size_t)j * m];
    for (size_t k = 0; k < (size_t)dim * nrhs; k++)
        b[k] = x1[k] = x2[k] = urand();

    db_saddle full, rs;
    CHECK(db_saddle_alloc(&full, n, m) == 0 && db_saddle_alloc(&rs, n, m) == 0 &&
              db_saddle_range(&rs) == 0, "alloc n=%d m=%d", n, m);
    int f1 = db_saddle_factor(&full, M, C, NULL), f2 = db_saddle_factor(&rs, M, C, NULL);
    CHECK(rs.range == !offdiag, "n=%d m=%d offdiag=%d: range-space path taken iff M diagonal (%d)",
          n, m, offdiag, rs.range);
    CHECK(full.range == 0, "the whole LU unless allowed");
    if (redundant) {
        (void)f1;   /* the whole LU's pivot is rounding, not always exactly zero */
        CHECK(f2 != 0, "n=%d m=%d: a repeated constraint row is singular on the range path (%d)",
              n, m, f2);
    } else {
        CHECK(f1 == 0 && f2 == 0, "n=%d m=%d: both factor", n, m);
        db_saddle_solve(&full, x1, nrhs);
        db_saddle_solve(&rs, x2, nrhs);
        double diff = 0.0, scale = 0.0, res = 0.0;
        for (int k = 0; k < nrhs; k++) {
            res = fmax(res, residual(n, m, M, C, x2 + (size_t)k * dim, b + (size_t)k * dim));
            for (int i = 0; i < dim; i++) {
                diff = fmax(diff, fabs(x1[(size_t)k * dim + i] - x2[(size_t)k * dim + i]));
                scale = fmax(scale, fabs(x1[(size_t)k * dim + i]));
            }
        }
        CHECK(diff <= 1e-11 * scale, "n=%d m=%d: the two paths agree (%.2e)", n, m, diff / scale);
        CHECK(res <= 1e-12, "n=%d m=%d: K x = b (%.2e)", n, m, res);
    }
    /* with F the whole LU is taken */
    double *F = calloc((size_t)n * m, sizeof *F);
    F[0] = 0.1;
    db_saddle_factor(&rs, M, C, F);
    CHECK(rs.range == 0, "with F: the whole LU");
    free(F);
    db_saddle_free(&full);
    db_saddle_free(&rs);
    free(M);
    free(C);
    free(b);
    free(x1);
    free(x2);
}

int main(void)
{
    const int sz[][2] = { { 60, 20 }, { 6, 1 }, { 7, 6 }, { 30, 29 } };
    for (size_t k = 0; k < sizeof sz / sizeof sz[0]; k++) {
        one_case(sz[k][0], sz[k][1], 0, 0);
        one_case(sz[k][0], sz[k][1], 1, 0);
        if (sz[k][1] > 1)
            one_case(sz[k][0], sz[k][1], 0, 1);
    }
    return check_summary();
}
