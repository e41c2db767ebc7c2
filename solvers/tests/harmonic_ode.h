/* harmonic_ode.h — the undamped harmonic oscillator y1' = y2, y2' = −y1 (exact
 * y = (sin t, cos t) from (0, 1)) as a 2-D implicit ODE for db_dae_direct
 * (identity leading matrix E2, both unknowns of index 1), shared by the tests of
 * bdf's order-selection variants (test_bdf_stald, test_bdf_osc).  Header only
 * (static): every tests/test_*.c is its own executable. */
#ifndef DAEBENCH_SOLVERS_TESTS_HARMONIC_ODE_H
#define DAEBENCH_SOLVERS_TESTS_HARMONIC_ODE_H

#include "testset/dae.h"

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

#endif
