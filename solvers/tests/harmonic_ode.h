/* harmonic_ode.h — the undamped harmonic oscillator y1' = y2, y2' = −y1 (exact
 * y = (sin t, cos t) from (0, 1)) as a 2-D implicit ODE for db_dae_direct
 * (identity leading matrix E2, both unknowns of index 1), shared by the tests of
 * bdf's order-selection variants (test_bdf_stald, test_bdf_osc), with their
 * common run of the BDF core on such an ODE.  Header only
 * (static): every tests/test_*.c is its own executable. */
#ifndef DAEBENCH_SOLVERS_TESTS_HARMONIC_ODE_H
#define DAEBENCH_SOLVERS_TESTS_HARMONIC_ODE_H

#include "solvers/bdf_core.h"
#include "testset/dae.h"
#include "testset/tests/check.h"

static int harm_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)d; (void)t;
    F[0] = y[1];
    F[1] = -y[0];
    return 0;
}

static int harm_jac(const db_dae *d, double t, const double *y, double *J)
{
    (void)d; (void)t; (void)y;
    J[0] = 0.0;           /* column-major: J[0] ∂F0/∂y1, J[1] ∂F1/∂y1 */
    J[1] = -1.0;
    J[2] = 1.0;
    J[3] = 0.0;
    return 0;
}

/* leading matrix, differentiation indices and ranks of the 2-D ODEs */
static double E2[4] = { 1, 0, 0, 1 };
static int idx[2] = { 1, 1 }, rk2[2] = { 0, 0 };

/* the BDF core (bdf_core.h) with variant on d (2 unknowns) from 0 to tend at
 * rtol = atol = tol, the solution at the nt equidistant times tg into yg
 * (nt × 2), counters into c; the variant's parse and the run CHECKed */
static db_status bdf2d_run(const db_dae *d, double tend, double tol, const char *variant,
                           int nt, double *tg, double *yg, db_counters *c, const char *what)
{
    for (int i = 0; i < nt; i++)
        tg[i] = tend * i / (nt - 1);
    db_output out = { nt, tg, yg, NULL };
    db_solver_opts o = { .rtol = tol, .atol = tol, .max_steps = 1000000 };
    bdf_config cfg;
    char msg[256];
    CHECK(bdf_config_parse(&cfg, variant, msg, sizeof msg) == 0, "parse %s: %s", variant, msg);
    db_status st = bdf_core_integrate(d, &o, &cfg, &out, c, msg, sizeof msg);
    CHECK(st == DB_OK, "%s %s tol %g: %s", what, variant, tol, msg);
    return st;
}

#endif
