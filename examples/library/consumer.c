/* consumer.c — a program outside daebench that uses the installed catalogue
 * library (libdaebench-testset): it builds a problem in a formulation,
 * evaluates F and the Jacobian dF/dy (checked against central differences of
 * F), checks that the initial values are consistent (E y0' = F(t0, y0)), loads
 * the stored reference solution and scores end values against it with the
 * measures of daebench (group-scaled errors, scd).  Exit status 0 if every check
 * holds.  Build:
 *
 *     cc consumer.c $(pkg-config --cflags --libs daebench) -o consumer
 *     or CMake: find_package(daebench) + target_link_libraries(.. daebench::testset)
 *
 * Usage: consumer [PROBLEM [FORMULATION]]   (default: andrews GGL) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <daebench/reference/measures.h>
#include <daebench/reference/reference.h>
#include <daebench/testset/dae.h>
#include <daebench/testset/registry.h>

static int fails;
#define CHECK(c, ...) do { if (!(c)) { fails++; printf("FAIL: " __VA_ARGS__); printf("\n"); } } while (0)

int main(int argc, char **argv)
{
    const char *pname = argc > 1 ? argv[1] : "andrews";
    const char *fname = argc > 2 ? argv[2] : "GGL";
    const db_problem *prob = db_problem_find(pname);
    int form = db_form_from_name(fname);
    if (!prob || form < 0) {
        fprintf(stderr, "consumer: unknown problem %s or formulation %s\n", pname, fname);
        return 2;
    }
    double par[16];
    for (int i = 0; i < prob->nparams; i++)
        par[i] = prob->params[i].def;
    db_mech m;
    db_dae d;
    char err[512];
    memset(&m, 0, sizeof m);
    memset(&d, 0, sizeof d);
    if (prob->setup(&m, 0, par, err, sizeof err) != 0 ||
        db_dae_build(&d, &m, (db_form)form, err, sizeof err) != 0) {
        fprintf(stderr, "consumer: %s\n", err);
        return 2;
    }
    int n = d.n, neq = d.neq;
    double *F = calloc((size_t)neq, sizeof *F), *R = calloc((size_t)neq, sizeof *R);
    double *J = calloc((size_t)neq * n, sizeof *J), *y = calloc((size_t)n, sizeof *y);
    double *Fp = calloc((size_t)neq, sizeof *Fp), *Fm = calloc((size_t)neq, sizeof *Fm);
    /* consistency of the initial values: R = E y0' - F(t0, y0) */
    CHECK(db_dae_residual(&d, d.t0, d.y0, d.yp0, R) == 0, "residual evaluates");
    double rmax = 0.0;
    for (int i = 0; i < neq; i++)
        rmax = fmax(rmax, fabs(R[i]));
    printf("%s %s: n = %d, neq = %d, |E y0' - F(t0, y0)| = %.3g\n", pname, fname, n, neq, rmax);
    CHECK(rmax < 1e-8, "initial values consistent (%.3g)", rmax);
    /* Jacobian against central differences at a perturbed state */
    memcpy(y, d.y0, sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        y[i] += 1e-3 * sin(1.0 + i);
    CHECK(d.jac(&d, d.t0, y, J) == 0, "Jacobian evaluates");
    double jerr = 0.0, jmax = 0.0;
    for (int j = 0; j < n; j++) {
        double h = 1e-6 * fmax(1.0, fabs(y[j])), yj = y[j];
        y[j] = yj + h;
        d.rhs(&d, d.t0, y, Fp);
        y[j] = yj - h;
        d.rhs(&d, d.t0, y, Fm);
        y[j] = yj;
        for (int i = 0; i < neq; i++) {
            double fd = (Fp[i] - Fm[i]) / (2 * h);
            jerr = fmax(jerr, fabs(fd - J[i + (size_t)j * neq]));
            jmax = fmax(jmax, fabs(J[i + (size_t)j * neq]));
        }
    }
    printf("dF/dy against central differences: max error %.3g (max entry %.3g)\n", jerr, jmax);
    CHECK(jerr <= 1e-5 * fmax(1.0, jmax), "Jacobian matches differences");
    /* the stored reference, and end values scored against it */
    db_ref ref;
    if (db_ref_load(&ref, prob, 0, par, &m, err, sizeof err) != 0) {
        fprintf(stderr, "consumer: %s\n", err);
        return 2;
    }
    CHECK(ref.have, "a reference exists (%s)", ref.msg);
    printf("reference: %s\n", ref.source);
    if (ref.have) {
        int size[DB_NGROUPS] = {m.np, m.nv, m.nl, m.nm};
        double *sol[DB_NGROUPS], err4[DB_NGROUPS];
        /* a "solution": the reference end values with an error of 1e-7 of each
         * group's magnitude in its first component */
        for (int g = 0; g < DB_NGROUPS; g++) {
            sol[g] = calloc((size_t)size[g] + 1, sizeof(double));
            memcpy(sol[g], ref.end[g], sizeof(double) * (size_t)size[g]);
            if (size[g] > 0)
                sol[g][0] += 1e-7 * ref.mag[g];
        }
        db_end_errors(sol, ref.end, size, ref.mag, err4);
        double scd = db_scd(err4[DB_GP], err4[DB_GV]);
        printf("scored solution: error p %.3g, v %.3g, scd %.2f\n", err4[DB_GP], err4[DB_GV], scd);
        CHECK(fabs(scd - 7.0) < 0.01, "scd of a 1e-7 error is 7 (%.3f)", scd);
        /* the initial values are no solution at t_end */
        int off[DB_NGROUPS] = {d.off_p, d.off_v, d.off_l, d.off_m};
        for (int g = 0; g < DB_NGROUPS; g++)
            if (size[g] > 0)
                memcpy(sol[g], d.y0 + off[g], sizeof(double) * (size_t)size[g]);
        db_end_errors(sol, ref.end, size, ref.mag, err4);
        double scd0 = db_scd(err4[DB_GP], err4[DB_GV]);
        printf("initial values as a solution: scd %.2f\n", scd0);
        CHECK(scd0 < 5.0, "the initial values score worse than the 1e-7 error (%.2f)", scd0);
        for (int g = 0; g < DB_NGROUPS; g++)
            free(sol[g]);
    }
    db_ref_free(&ref);
    db_dae_free(&d);
    if (prob->teardown)
        prob->teardown(&m);
    free(F), free(R), free(J), free(y), free(Fp), free(Fm);
    if (fails)
        return 1;
    printf("consumer: ok\n");
    return 0;
}
