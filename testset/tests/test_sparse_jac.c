/* test_sparse_jac.c — the optional sparse Jacobian of the formulation builder
 * (dae.h jac_sparse, from the sparse mechanical callbacks of mech.h) on the two
 * chains: it is offered where promised, its pattern holds every non-zero of the
 * dense Jacobian and of E, its values equal the dense ones to rounding, E_sp is
 * E, and every entry agrees with central differences of F (an independent check
 * of the sparse callbacks).  States are y0 perturbed, so that velocities,
 * multipliers and η are non-zero. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testset/dae.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static void check_form(const db_problem *pr, double N, db_form f, int expect)
{
    db_mech m;
    db_dae d;
    char err[256];
    double par[4] = {N, 0, 0, 0};
    for (int k = 1; k < pr->nparams && k < 4; k++)
        par[k] = pr->params[k].def;
    if (pr->setup(&m, 0, par, err, sizeof err) != 0) {
        CHECK(0, "%s setup: %s", pr->name, err);
        return;
    }
    if (db_dae_build(&d, &m, f, err, sizeof err) != 0) {
        CHECK(0, "%s %s build: %s", pr->name, db_form_name(f), err);
        goto out_m;
    }
    const char *tag = db_form_name(f);
    CHECK((d.jac_sparse != NULL) == expect, "%s %s: sparse Jacobian offered = %d, expected %d",
          pr->name, tag, d.jac_sparse != NULL, expect);
    if (!d.jac_sparse)
        goto out_d;
    const int n = d.n, nnz = d.jac_nnz;
    double *y = malloc(sizeof(double) * n), *J = calloc((size_t)n * n, sizeof(double));
    double *Jx = calloc((size_t)nnz, sizeof(double)), *Fp = malloc(sizeof(double) * n);
    double *Fm = malloc(sizeof(double) * n), *D = calloc((size_t)n * n, sizeof(double));
    for (int i = 0; i < n; i++)
        y[i] = d.y0[i] + 1e-2 * sin(1.0 + 3.7 * i);
    CHECK(d.jac(&d, 0.013, y, J) == 0, "dense jac");
    CHECK(d.jac_sparse(&d, 0.013, y, Jx) == 0, "sparse jac");
    double jmax = 0.0;
    for (int k = 0; k < n * n; k++)
        jmax = fmax(jmax, fabs(J[k]));
    int sorted = 1, bad_val = 0, bad_e = 0, outside = 0;
    for (int j = 0; j < n; j++)
        for (int k = d.jac_colptr[j]; k < d.jac_colptr[j + 1]; k++) {
            int i = d.jac_rowind[k];
            if (k > d.jac_colptr[j] && !(i > d.jac_rowind[k - 1]))
                sorted = 0;
            if (fabs(Jx[k] - J[i + (size_t)j * n]) > 1e-14 * jmax)
                bad_val++;
            if (d.E_sp[k] != d.E[i + (size_t)j * n])
                bad_e++;
            D[i + (size_t)j * n] = 1.0;   /* mark: in the pattern */
        }
    for (int k = 0; k < n * n; k++)
        if ((J[k] != 0.0 || d.E[k] != 0.0) && D[k] == 0.0)
            outside++;
    CHECK(sorted, "%s %s: rows sorted", pr->name, tag);
    CHECK(bad_val == 0, "%s %s: %d sparse values differ from the dense Jacobian", pr->name, tag,
          bad_val);
    CHECK(bad_e == 0, "%s %s: %d entries of E_sp differ from E", pr->name, tag, bad_e);
    CHECK(outside == 0, "%s %s: %d non-zeros of J or E outside the pattern", pr->name, tag,
          outside);
    CHECK(nnz < n * n / 4, "%s %s: pattern is sparse (nnz %d, n %d)", pr->name, tag, nnz, n);
    /* central differences of F, column by column, against the sparse entries */
    double worst = 0.0;
    d.rhs(&d, 0.013, y, Fm);
    double *F0 = malloc(sizeof(double) * n), *rowmax = calloc((size_t)n, sizeof(double));
    memcpy(F0, Fm, sizeof(double) * n);
    for (int k = 0; k < n * n; k++)
        rowmax[k % n] = fmax(rowmax[k % n], fabs(J[k]));
    for (int j = 0; j < n; j++) {
        double yj = y[j], hj = 1e-6 * fmax(1.0, fabs(yj));
        y[j] = yj + hj;
        d.rhs(&d, 0.013, y, Fp);
        y[j] = yj - hj;
        d.rhs(&d, 0.013, y, Fm);
        y[j] = yj;
        for (int i = 0; i < n; i++)
            D[i + (size_t)j * n] = (Fp[i] - Fm[i]) / (2 * hj);
    }
    for (int j = 0; j < n; j++)
        for (int k = d.jac_colptr[j]; k < d.jac_colptr[j + 1]; k++) {
            int i = d.jac_rowind[k];
            /* rounding of the differences scales with the largest terms of row
             * i (|F_i| and its largest derivative; the cable force is 2.3e5) */
            double e = fabs(Jx[k] - D[i + (size_t)j * n]) /
                       (1.0 + fabs(D[i + (size_t)j * n]) + 1e-4 * fabs(F0[i]) + rowmax[i]);
            worst = fmax(worst, e);
            D[i + (size_t)j * n] = 0.0;
        }
    double offpat = 0.0;   /* FD entries outside the pattern must vanish */
    for (int k = 0; k < n * n; k++)
        offpat = fmax(offpat, fabs(D[k]));
    CHECK(worst < 1e-5, "%s %s: sparse entries vs central differences: %.2e", pr->name, tag,
          worst);
    CHECK(offpat < 1e-5, "%s %s: FD Jacobian outside the pattern: %.2e", pr->name, tag, offpat);
    free(F0);
    free(rowmax);
    free(y);
    free(J);
    free(Jx);
    free(Fp);
    free(Fm);
    free(D);
out_d:
    db_dae_free(&d);
out_m:
    if (pr->teardown)
        pr->teardown(&m);
}

int main(void)
{
    const db_problem *ic = db_problem_find("insulator_chain");
    const db_problem *pc = db_problem_find("pendulum_chain");
    const db_problem *an = db_problem_find("andrews");
    CHECK(ic && pc && an, "problems registered");
    if (!ic || !pc || !an)
        return check_summary();
    /* insulator chain: M singular, accelerations are unknowns: all four square forms */
    check_form(ic, 16, DB_EOM, 1);
    check_form(ic, 16, DB_EOM1, 1);
    check_form(ic, 16, DB_EOM0, 1);
    check_form(ic, 16, DB_GGL, 1);
    check_form(ic, 16, DB_OEOM1, 0);   /* overdetermined: dense only */
    /* pendulum chain: constant regular M; EoM0 would need M⁻¹ products: dense */
    check_form(pc, 8, DB_EOM, 1);
    check_form(pc, 8, DB_EOM1, 1);
    check_form(pc, 8, DB_GGL, 1);
    check_form(pc, 8, DB_EOM0, 0);
    /* a problem without sparse callbacks keeps the dense path only */
    check_form(an, 0, DB_GGL, 0);
    return check_summary();
}
