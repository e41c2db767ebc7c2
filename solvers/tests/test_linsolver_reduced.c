/* test_linsolver_reduced.c — the "reduced" linear solver (solvers/linsolver_reduced.c)
 * against the full dense LU of the same matrix: c E − J with rows
 * y_i' = y_{i+m2} (i < m1), for one and two blocks (m1 = m2: p' = v; m1 = 2 m2:
 * p' = v, v' = a), real c and complex c, c large (small steps) and of order
 * one; the solutions must agree to rounding relative to the condition of the
 * problem.  Also: the structure the solver relies on is exactly what
 * db_dae_build declares (m1, m2 of Andrews EoM with accelerations, the
 * pendulum EoM1 without, none for GGL), and a matrix that breaks the
 * structure (a wrong entry in an eliminated row, late in the matrix) gives a
 * different answer — the test's comparison can fail.  A DAE declaring sizes
 * the elimination refuses (m1 = n) is still integrated, by the whole LU, by
 * radau5 and bdf, to the same answer as with the variant `full`
 * (db_linsol_new_reduced_or_whole, which is also checked directly). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/linsolver.h"
#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"
#include "testset/tests/xorshift.h"

static unsigned long long rng = 0x9E3779B97F4A7C15ULL;
static double urand(void)   /* uniform in (-1, 1) */
{
    return xorshift_uniform(&rng);
}

/* fill A = c E − J (real part ar, imaginary ai or NULL) with the structure */
static void fill(int n, int m1, int m2, double cr, double ci, double *ar, double *ai)
{
    memset(ar, 0, sizeof(double) * (size_t)n * n);
    if (ai)
        memset(ai, 0, sizeof(double) * (size_t)n * n);
    for (int i = 0; i < m1; i++) {
        ar[i + (size_t)i * n] = cr;
        if (ai)
            ai[i + (size_t)i * n] = ci;
        ar[i + (size_t)(i + m2) * n] = -1.0;
    }
    for (int j = 0; j < n; j++)
        for (int i = m1; i < n; i++) {
            ar[i + (size_t)j * n] = urand();
            if (j >= m1 && j < n - 2 && i == j)
                ar[i + (size_t)j * n] += cr;   /* a mass-like diagonal in some rows */
        }
}

static double maxdiff(int n, const double *x, const double *y, double *scale)
{
    double d = 0.0, s = 0.0;
    for (int i = 0; i < n; i++) {
        d = fmax(d, fabs(x[i] - y[i]));
        s = fmax(s, fabs(y[i]));
    }
    *scale = s;
    return d;
}

/* one case: the reduced and the full solver on the same matrix and right-hand
 * side; returns the relative difference of the solutions (real and complex) */
static double one_case(int n, int m1, int m2, double c, int complex_too, int corrupt)
{
    db_linsol *rd = db_linsol_new_reduced(n, m1, m2, complex_too);
    db_linsol *fl = db_linsol_new(n, NULL, NULL, complex_too);
    CHECK(rd && fl, "solvers built (n=%d m1=%d m2=%d)", n, m1, m2);
    if (!rd || !fl)
        return INFINITY;
    CHECK(strcmp(rd->ops->name, "reduced") == 0, "kind reduced");
    fill(n, m1, m2, c, 0.0, rd->a, NULL);
    if (corrupt)   /* an extra entry in the last eliminated row */
        rd->a[(m1 - 1) + (size_t)(n - 1) * n] = 0.5;
    memcpy(fl->a, rd->a, sizeof(double) * (size_t)n * n);
    double *b = malloc(sizeof(double) * 4 * (size_t)n), *x = b + n, *bi = x + n, *xi = bi + n;
    for (int i = 0; i < n; i++)
        b[i] = urand();
    memcpy(x, b, sizeof(double) * (size_t)n);
    CHECK(db_linsol_factor(rd) == 0 && db_linsol_factor(fl) == 0, "both factor");
    db_linsol_solve(rd, b);
    db_linsol_solve(fl, x);
    double s, worst = maxdiff(n, b, x, &s) / s;
    if (complex_too) {
        const double ci = 0.7 * c;
        fill(n, m1, m2, c, ci, rd->zr, rd->zi);
        if (corrupt)
            rd->zr[(m1 - 1) + (size_t)(n - 1) * n] = 0.5;
        memcpy(fl->zr, rd->zr, sizeof(double) * (size_t)n * n);
        memcpy(fl->zi, rd->zi, sizeof(double) * (size_t)n * n);
        for (int i = 0; i < n; i++) {
            b[i] = x[i] = urand();
            bi[i] = xi[i] = urand();
        }
        CHECK(db_linsol_factor_complex(rd) == 0 && db_linsol_factor_complex(fl) == 0,
              "both factor (complex)");
        db_linsol_solve_complex(rd, b, bi);
        db_linsol_solve_complex(fl, x, xi);
        double s2, s3;
        double d2 = maxdiff(n, b, x, &s2), d3 = maxdiff(n, bi, xi, &s3);
        worst = fmax(worst, fmax(d2, d3) / fmax(s2, s3));
    }
    free(b);
    db_linsol_free(rd);
    db_linsol_free(fl);
    return worst;
}

static void dae_structure(const char *name, db_form f, int m1, int m2)
{
    const db_problem *pr = db_problem_find(name);
    CHECK(pr != NULL, "problem %s", name);
    if (!pr)
        return;
    db_mech m;
    double pars[64];
    char err[256];
    CHECK(pr->nparams <= 64 && db_mech_setup_default(pr, 0, &m, pars) == 0, "%s set up", name);
    db_dae d;
    CHECK(db_dae_build(&d, &m, f, err, sizeof err) == 0, "%s %s built", name, db_form_name(f));
    CHECK(d.m1 == m1 && d.m2 == m2, "%s %s: m1 %d (want %d), m2 %d (want %d)", name,
          db_form_name(f), d.m1, m1, d.m2, m2);
    /* rows i < m1: E = e_iᵀ and J = e_{i+m2}ᵀ exactly, at y0 */
    double *J = calloc((size_t)d.n * d.n, sizeof *J);
    CHECK(d.jac(&d, d.t0, d.y0, J) == 0, "jacobian");
    int ok = 1;
    for (int i = 0; i < d.m1; i++)
        for (int j = 0; j < d.n; j++) {
            ok &= d.E[i + (size_t)j * d.neq] == (i == j ? 1.0 : 0.0);
            ok &= J[i + (size_t)j * d.neq] == (j == i + d.m2 ? 1.0 : 0.0);
        }
    CHECK(ok, "%s %s: the first m1 rows are y_i' = y_{i+m2}", name, db_form_name(f));
    free(J);
    db_dae_free(&d);
    if (pr->teardown)
        pr->teardown(&m);
}

/* radau5 and bdf on the pendulum EoM1 with m1 set to n (refused by the
 * reduced kind): the run must succeed through the whole LU and agree with
 * --variant full bit for bit */
static void refused_sizes(void)
{
    const db_problem *pr = db_problem_find("pendulum");
    db_mech m;
    double pars[64];
    char err[256];
    if (!pr || db_mech_setup_default(pr, 0, &m, pars) != 0) {
        CHECK(0, "pendulum set up");
        return;
    }
    const char *solvers[2] = { "radau5", "bdf" };
    for (int k = 0; k < 2; k++) {
        const db_solver *sv = db_solver_find(solvers[k]);
        double y[2][8] = { { 0 } };
        db_status st[2];
        int n = 0;
        for (int r = 0; r < 2; r++) {
            db_dae d;
            CHECK(db_dae_build(&d, &m, DB_EOM1, err, sizeof err) == 0, "build");
            n = d.n;
            if (r == 0)
                d.m1 = d.n;   /* sizes the elimination refuses */
            double t = d.tend;
            db_solver_opts o = { .rtol = 1e-6, .atol = 1e-6, .variant = r ? "full" : NULL };
            db_output out = { .nt = 1, .t = &t, .y = y[r], .yp = NULL };
            db_counters c;
            char msg[256] = "";
            st[r] = sv ? sv->integrate(&d, &o, &out, &c, msg, sizeof msg) : DB_FAIL_INPUT;
            CHECK(st[r] == DB_OK, "%s with m1 = n (%d): %s", solvers[k], r, msg);
            db_dae_free(&d);
        }
        CHECK(st[0] == DB_OK && n > 0 && n <= 8 && memcmp(y[0], y[1], (size_t)n * sizeof(double)) == 0,
              "%s: refused sizes integrate as the whole LU does", solvers[k]);
    }
    if (pr->teardown)
        pr->teardown(&m);
}

int main(void)
{
    refused_sizes();
    const struct { int n, m1, m2; } sz[] = { { 27, 14, 7 }, { 20, 7, 7 }, { 5, 2, 2 }, { 9, 4, 2 } };
    const double cs[] = { 1e4, 3.0, 0.05 };
    for (size_t k = 0; k < sizeof sz / sizeof sz[0]; k++)
        for (size_t l = 0; l < sizeof cs / sizeof cs[0]; l++) {
            double d = one_case(sz[k].n, sz[k].m1, sz[k].m2, cs[l], 1, 0);
            CHECK(d < 1e-10, "n=%d m1=%d m2=%d c=%g: reduced and full agree (%.2e)", sz[k].n,
                  sz[k].m1, sz[k].m2, cs[l], d);
            double e = one_case(sz[k].n, sz[k].m1, sz[k].m2, cs[l], 0, 1);
            CHECK(e > 1e-6, "n=%d m1=%d m2=%d c=%g: a broken structure is seen (%.2e)", sz[k].n,
                  sz[k].m1, sz[k].m2, cs[l], e);
        }
    CHECK(db_linsol_new_reduced(10, 3, 2, 0) == NULL, "m1 not a multiple of m2 refused");
    CHECK(db_linsol_new_reduced(4, 4, 2, 0) == NULL, "nothing left to reduce refused");
    /* the integrators' constructor: the reduced kind where it takes the sizes,
     * the whole matrix where it refuses them */
    const struct { int n, m1, m2; const char *kind; } ow[] = {
        { 27, 14, 7, "reduced" }, { 4, 4, 2, "small" }, { 10, 3, 2, "small" } };
    for (size_t k = 0; k < sizeof ow / sizeof ow[0]; k++) {
        db_linsol *ls = db_linsol_new_reduced_or_whole(ow[k].n, ow[k].m1, ow[k].m2, 1);
        CHECK(ls && ls->n == ow[k].n && strcmp(ls->ops->name, ow[k].kind) == 0,
              "n=%d m1=%d m2=%d: the %s kind", ow[k].n, ow[k].m1, ow[k].m2, ow[k].kind);
        db_linsol_free(ls);
    }

    dae_structure("andrews", DB_EOM, 14, 7);
    dae_structure("andrews", DB_EOM1, 14, 7);
    dae_structure("pendulum", DB_EOM1, 2, 2);
    dae_structure("pendulum", DB_GGL, 0, 0);
    return check_summary();
}
