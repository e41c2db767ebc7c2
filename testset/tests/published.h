/* published.h — published reference values as tests, measured as the IVP test set
 * measures them (for the tests of testset/tests/ only; static inline): the
 * componentwise number of correct significant digits −log10(|y_i − r_i| / |r_i|)
 * over the components the source names, scd = their minimum, and a check that
 * every named component agrees to a bound — the digits the published value is
 * actually good to (fact sheets), capped by what our own run reaches.  The gate
 * itself is tested: pv_gate_test corrupts the last named component (late in the
 * vector) by just more than its bound allows and CHECKs that pv_check goes red.
 * Written for daebench. */
#ifndef DAEBENCH_PUBLISHED_H
#define DAEBENCH_PUBLISHED_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testset/tests/check.h"

/* significant digits of y against r (16 when equal; absolute when r = 0) */
static inline double pv_digits(double y, double r)
{
    double e = fabs(y - r) / (r != 0.0 ? fabs(r) : 1.0);
    return e > 0.0 ? fmin(16.0, -log10(e)) : 16.0;
}

/* the test set's scd over the n components idx[] (0-based) of y against ref */
static inline double pv_scd(int n, const int *idx, const double *y, const double *ref)
{
    double s = 16.0;
    for (int k = 0; k < n; k++)
        s = fmin(s, pv_digits(y[idx[k]], ref[idx[k]]));
    return s;
}

/* number of named components k whose digits fall below bound[k] (printed to log
 * when log != NULL, one line per component) */
static inline int pv_check(int n, const int *idx, const char *const *names, const double *y,
                           const double *ref, const double *bound, FILE *log)
{
    int bad = 0;
    for (int k = 0; k < n; k++) {
        double d = pv_digits(y[idx[k]], ref[idx[k]]);
        int ok = d >= bound[k];
        bad += !ok;
        if (log)
            fprintf(log, "  %-10s %.16g  published %.16g  digits %5.2f  bound %5.2f%s\n",
                    names ? names[k] : "", y[idx[k]], ref[idx[k]], d, bound[k],
                    ok ? "" : "  BELOW");
    }
    return bad;
}

/* the gate goes red: y must pass pv_check; a copy whose last named component is
 * moved off the published value by 3·10^−bound (relative) must fail it */
static inline void pv_gate_test(const char *what, int n, const int *idx, const double *y,
                                const double *ref, const double *bound, int ny)
{
    double *c = malloc((size_t)ny * sizeof *c);
    if (!c) {
        CHECK(0, "%s: out of memory", what);
        return;
    }
    memcpy(c, y, (size_t)ny * sizeof *c);
    int last = idx[n - 1];
    double r = ref[last] != 0.0 ? fabs(ref[last]) : 1.0;
    c[last] = ref[last] + 3.0 * pow(10.0, -bound[n - 1]) * r;
    CHECK(pv_check(n, idx, NULL, c, ref, bound, NULL) == 1,
          "%s: the published-value check does not go red on a corrupted last component",
          what);
    free(c);
}

#endif
