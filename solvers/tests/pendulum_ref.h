/* pendulum_ref.h — shared by the solver tests that run the pendulum (GEOMS Example
 * 4.1, fact sheet ../shared/models/pendulum.md) against its exact solution
 * (problem->exact): the problem set up in one scenario, the exact p and v on an
 * equidistant output grid with their group magnitudes, and the errors of a run.
 * Header only (static inline): every tests/test_*.c is its own executable. */
#ifndef DAEBENCH_SOLVERS_TESTS_PENDULUM_REF_H
#define DAEBENCH_SOLVERS_TESTS_PENDULUM_REF_H

#include <math.h>

#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

#define PEND_REF_NMAX 101

typedef struct {
    const db_problem *prob;
    db_mech m;
    double pars[8];
    int nout;
    double tout[PEND_REF_NMAX], pex[PEND_REF_NMAX][2], vex[PEND_REF_NMAX][2];
    double pmag, vmag;   /* max |p_ex|, max |v_ex| over the grid */
} pend_ref;

/* the pendulum in `scenario` and its exact solution on nout (≤ PEND_REF_NMAX) equidistant
 * points of [t0, tend]; 0, or nonzero after a failed CHECK */
static inline int pend_ref_init(pend_ref *r, const char *scenario, int nout)
{
    r->prob = db_problem_find("pendulum");
    CHECK(r->prob != NULL, "no pendulum problem");
    if (!r->prob)
        return 1;
    const int sc = db_problem_scenario(r->prob, scenario);
    CHECK(sc >= 0, "no scenario %s", scenario);
    if (sc < 0 || r->prob->nparams > 8 || nout > PEND_REF_NMAX ||
        db_mech_setup_default(r->prob, sc, &r->m, r->pars) != 0) {
        CHECK(0, "pendulum setup failed");
        return 1;
    }
    double lam[4], mu[4];
    r->nout = nout;
    r->pmag = r->vmag = 0.0;
    for (int k = 0; k < nout; k++) {
        r->tout[k] = r->m.t0 + (r->m.tend - r->m.t0) * (double)k / (nout - 1);
        CHECK(r->prob->exact(&r->m, r->tout[k], r->pex[k], r->vex[k], lam, mu) == 0,
              "exact failed");
        for (int i = 0; i < 2; i++) {
            r->pmag = fmax(r->pmag, fabs(r->pex[k][i]));
            r->vmag = fmax(r->vmag, fabs(r->vex[k][i]));
        }
    }
    return 0;
}

static inline void pend_ref_free(pend_ref *r)
{
    if (r->prob->teardown)
        r->prob->teardown(&r->m);
}

/* group-scaled error of p and v of output point k (y: nout rows of d->n) */
static inline double pend_ref_error_at(const pend_ref *r, const db_dae *d, const double *y, int k)
{
    const double *yk = y + (size_t)k * (size_t)d->n;
    double e = 0.0;
    for (int j = 0; j < 2; j++) {
        e = fmax(e, fabs(yk[d->off_p + j] - r->pex[k][j]) / r->pmag);
        e = fmax(e, fabs(yk[d->off_v + j] - r->vex[k][j]) / r->vmag);
    }
    return e;
}

/* the same, the largest over the whole grid */
static inline double pend_ref_grid_error(const pend_ref *r, const db_dae *d, const double *y)
{
    double e = 0.0;
    for (int k = 0; k < r->nout; k++)
        e = fmax(e, pend_ref_error_at(r, d, y, k));
    return e;
}

/* unscaled errors and residuals of a run over its grid t[0..nt-1] (y: nt rows of d->n):
 * e[0] max |p − p_ex|, e[1] max |v − v_ex|, e[2] max |λ − λ_ex| / 10, e[3] max position
 * residual, e[4] max of the velocity residual and 1/100 of the acceleration residual */
static inline void pend_run_errors(const db_problem *pr, const db_mech *m, const db_dae *d,
                                   const double *t, const double *y, int nt, double e[5])
{
    for (int i = 0; i < 5; i++)
        e[i] = 0.0;
    for (int k = 0; k < nt; k++) {
        double p[2], v[2], l[1], mu[1], r[3];
        pr->exact(m, t[k], p, v, l, mu);
        const double *yk = y + (size_t)k * d->n;
        for (int i = 0; i < 2; i++) {
            e[0] = fmax(e[0], fabs(yk[d->off_p + i] - p[i]));
            e[1] = fmax(e[1], fabs(yk[d->off_v + i] - v[i]));
        }
        e[2] = fmax(e[2], fabs(yk[d->off_l] - l[0]) / 10.0);
        db_mech_residuals(m, t[k], yk + d->off_p, yk + d->off_v, yk + d->off_l, mu, NULL, r);
        e[3] = fmax(e[3], r[0]);
        e[4] = fmax(e[4], fmax(r[1], r[2] / 100.0));
    }
}

#endif
