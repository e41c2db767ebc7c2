/* powers.h — the powers of the step-size and convergence controllers of the
 * implicit cores (radau_core.c, bdf_core.c) without libm's pow: x^(1/m) and
 * x^(−1/m) for m ≤ 6 but 5 by square and cube roots, x^k for a whole k ≥ 0 by
 * multiplication.  A controller's power needs no last bit (pow's ≈ 150
 * instructions a call were 4 % of a small system's step); results agree with
 * pow to a few units of the last place. */
#ifndef DAEBENCH_POWERS_H
#define DAEBENCH_POWERS_H

#include <math.h>

/* x^(1/m), x ≥ 0, m ≥ 1 */
static inline double db_root(double x, int m)
{
    switch (m) {
    case 1: return x;
    case 2: return sqrt(x);
    case 3: return cbrt(x);
    case 4: return sqrt(sqrt(x));
    case 6: return sqrt(cbrt(x));
    default: return pow(x, 1.0 / m);
    }
}

/* x^(−1/m), x > 0, m ≥ 1 */
static inline double db_root_inv(double x, int m)
{
    return m != 5 && m <= 6 ? 1.0 / db_root(x, m) : pow(x, -1.0 / m);
}

/* x^k, k ≥ 0 whole */
static inline double db_powi(double x, int k)
{
    double r = 1.0;
    for (; k > 0; k--)
        r *= x;
    return r;
}

#endif
