/* test_self_checked.c — the promise behind db_dae.self_checked (dae.h), on
 * which radau_core and bdf_core skip zeroing and rescanning F and J: for every
 * problem (default scenario and parameters) and formulation the builder's rhs,
 * jac and jac_sparse overwrite every entry of an output filled with NaN, give
 * the values they give on a zeroed output, and return nonzero whenever their
 * output holds a non-finite value (NaN states, one unknown at a time), and
 * that rhs has the bits of db_dae_rhs_reference.  Also: the
 * Andrews trig cache gives the same F whichever position was evaluated before. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testset/dae.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static void fill(double *x, size_t n, double v)
{
    for (size_t k = 0; k < n; k++)
        x[k] = v;
}

static int same(const double *a, const double *b, size_t n)
{
    return memcmp(a, b, n * sizeof *a) == 0;
}

static void check_dae(const db_dae *d, const char *what)
{
    const size_t n = (size_t)d->n, m = (size_t)d->neq, nj = n * m;
    double *y = malloc(n * sizeof *y), *F0 = malloc(m * sizeof *F0), *F1 = malloc(m * sizeof *F1);
    double *J0 = malloc(nj * sizeof *J0), *J1 = malloc(nj * sizeof *J1);
    CHECK(d->self_checked == 1, "%s: built DAE is self_checked", what);
    for (size_t k = 0; k < n; k++)
        y[k] = d->y0[k] + 1e-3 * sin(1.3 * (double)k + 0.2);
    const double t = d->t0 + 0.37 * (d->tend - d->t0);
    fill(F0, m, 0.0);
    fill(F1, m, NAN);
    int r0 = d->rhs(d, t, y, F0), r1 = d->rhs(d, t, y, F1);
    CHECK(r0 == 0 && r1 == 0 && same(F0, F1, m), "%s: rhs overwrites a NaN-filled F", what);
    /* the lean dense F has the bits of the block-by-block evaluation */
    fill(F1, m, NAN);
    CHECK(db_dae_rhs_reference(d, t, y, F1) == 0 && same(F0, F1, m),
          "%s: rhs equals the reference evaluation bit for bit", what);
    fill(J0, nj, 0.0);
    fill(J1, nj, NAN);
    r0 = d->jac(d, t, y, J0);
    r1 = d->jac(d, t, y, J1);
    CHECK(r0 == 0 && r1 == 0 && same(J0, J1, nj), "%s: jac overwrites a NaN-filled J", what);
    if (d->jac_sparse) {
        const size_t nz = (size_t)d->jac_nnz;
        double *X0 = malloc(nz * sizeof *X0), *X1 = malloc(nz * sizeof *X1);
        fill(X0, nz, 0.0);
        fill(X1, nz, NAN);
        r0 = d->jac_sparse(d, t, y, X0);
        r1 = d->jac_sparse(d, t, y, X1);
        CHECK(r0 == 0 && r1 == 0 && same(X0, X1, nz), "%s: jac_sparse overwrites", what);
        free(X0);
        free(X1);
    }
    /* a non-finite value in the output is reported, never passed on: with one
     * NaN in the state each call either returns nonzero or gives finite values
     * only; with a NaN state throughout, F (whose p rows hold v) must fail */
    for (size_t j = 0; j < n; j++) {
        const double keep = y[j];
        y[j] = NAN;
        int rf = d->rhs(d, t, y, F1), rj = d->jac(d, t, y, J1), fin = 1;
        for (size_t k = 0; k < m; k++)
            fin &= isfinite(F1[k]) != 0;
        CHECK(rf != 0 || fin, "%s: rhs passes a NaN on (y[%zu] = NaN)", what, j);
        fin = 1;
        for (size_t k = 0; k < nj; k++)
            fin &= isfinite(J1[k]) != 0;
        CHECK(rj != 0 || fin, "%s: jac passes a NaN on (y[%zu] = NaN)", what, j);
        y[j] = keep;
    }
    fill(y, n, NAN);
    CHECK(d->rhs(d, t, y, F1) != 0, "%s: rhs reports a NaN state", what);
    free(y), free(F0), free(F1), free(J0), free(J1);
}

int main(void)
{
    for (int ip = 0; db_problems[ip]; ip++) {
        const db_problem *pr = db_problems[ip];
        double par[16];
        for (int k = 0; k < pr->nparams && k < 16; k++)
            par[k] = pr->params[k].def;
        db_mech m;
        char err[256];
        if (pr->setup(&m, 0, par, err, sizeof err)) {
            CHECK(0, "%s: setup: %s", pr->name, err);
            continue;
        }
        for (int f = 0; f < DB_NFORMS; f++) {
            db_dae d;
            if (db_dae_build(&d, &m, f, err, sizeof err))
                continue;   /* a formulation the problem does not have */
            char what[96];
            snprintf(what, sizeof what, "%s %s", pr->name, db_form_name(f));
            check_dae(&d, what);
            db_dae_free(&d);
        }
        if (pr->teardown)
            pr->teardown(&m);
    }
    /* andrews: F at y after an evaluation elsewhere equals F at y first */
    const db_problem *pa = db_problem_find("andrews");
    db_mech m;
    db_dae d;
    char err[256];
    if (pa && !pa->setup(&m, 0, NULL, err, sizeof err) && !db_dae_build(&d, &m, DB_GGL, err, sizeof err)) {
        double y[64], z[64], F0[64], F1[64], Fz[64];
        for (int k = 0; k < d.n; k++) {
            y[k] = d.y0[k] + 0.01 * k;
            z[k] = d.y0[k] - 0.02 * k;
        }
        d.rhs(&d, 0.01, y, F0);
        d.rhs(&d, 0.01, z, Fz);
        d.rhs(&d, 0.01, y, F1);
        CHECK(same(F0, F1, (size_t)d.neq) && !same(F0, Fz, (size_t)d.neq),
              "andrews: F(y) the same after F(z) (trig cache keyed by the position)");
        db_dae_free(&d);
    } else {
        CHECK(0, "andrews GGL built");
    }
    return check_summary();
}
