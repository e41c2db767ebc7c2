/* refpath_exact.h — shared by the tests of the reference path's integrators
 * (test_refint, test_refgauss): the errors of a trajectory of the pendulum on an
 * output grid against its exact solution, group-scaled, and its constraint
 * residual.  Header only (static): every tests/test_*.c is its own executable. */
#ifndef DAEBENCH_SOLVERS_TESTS_REFPATH_EXACT_H
#define DAEBENCH_SOLVERS_TESTS_REFPATH_EXACT_H

#include <math.h>

#include "testset/mech.h"
#include "testset/registry.h"

/* e[0..2]: max over the grid of the p, v, λ errors relative to the group's
 * largest |exact value|; *gres the largest |g| or |G v|; *eend the largest p
 * error at the last row */
static void refpath_errors(const db_problem *pr, const db_mech *m, int nt, const double *t,
                           const double *p, const double *v, const double *l, double e[3],
                           double *gres, double *eend)
{
    double mag[3] = {0, 0, 0}, d[3] = {0, 0, 0};
    *gres = 0;
    *eend = 0;
    for (int k = 0; k < nt; k++) {
        double pe[2], ve[2], le[1], me[1];
        pr->exact(m, t[k], pe, ve, le, me);
        for (int i = 0; i < 2; i++) {
            mag[0] = fmax(mag[0], fabs(pe[i]));
            mag[1] = fmax(mag[1], fabs(ve[i]));
            d[0] = fmax(d[0], fabs(p[2 * k + i] - pe[i]));
            d[1] = fmax(d[1], fabs(v[2 * k + i] - ve[i]));
            if (k == nt - 1)
                *eend = fmax(*eend, fabs(p[2 * k + i] - pe[i]));
        }
        mag[2] = fmax(mag[2], fabs(le[0]));
        d[2] = fmax(d[2], fabs(l[k] - le[0]));
        double g[1] = {0}, G[2] = {0, 0};
        m->g(m, t[k], p + 2 * k, g);
        m->G(m, t[k], p + 2 * k, G);
        *gres = fmax(*gres, fmax(fabs(g[0]), fabs(G[0] * v[2 * k] + G[1] * v[2 * k + 1])));
    }
    for (int g = 0; g < 3; g++)
        e[g] = d[g] / mag[g];
}

#endif
