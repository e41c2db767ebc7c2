/* powers.h — the powers of the step-size and convergence controllers of the
 * implicit cores (radau_core.c, bdf_core.c) without libm's pow: x^(1/m) and
 * x^(−1/m) for m ≤ 6 but 5 by square and cube roots, x^k for a whole k ≥ 0 by
 * multiplication.  A controller's power needs no last bit (pow's ≈ 150
 * instructions a call were 4 % of a small system's step); results agree with
 * pow to a few units of the last place. */
#ifndef DAEBENCH_POWERS_H
#define DAEBENCH_POWERS_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* x^(1/3) for a positive normal x: an estimate from the exponent bits (x's
 * bits divided by 3 plus a constant, as in Kahan's cube-root notes), then
 * four Newton steps y ← y − (y³ − x)/(3y²): relative error of a few units
 * of the last place (test_powers), about 40 instructions against libm cbrt's
 * 150 with its frexp and ldexp.
 * Other x (zero, subnormal, infinite, NaN) go to libm. */
static inline double db_cbrt(double x)
{
    if (!(x >= 0x1p-1000 && x <= 0x1p1000))
        return cbrt(x);
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    b = b / 3 + UINT64_C(0x2A9F7893782DA1CE);
    double y;
    memcpy(&y, &b, sizeof y);
    for (int k = 0; k < 4; k++)
        y -= (y * y * y - x) / (3.0 * y * y);
    return y;
}

/* x^(1/m), x ≥ 0, m ≥ 1 */
static inline double db_root(double x, int m)
{
    switch (m) {
    case 1: return x;
    case 2: return sqrt(x);
    case 3: return db_cbrt(x);
    case 4: return sqrt(sqrt(x));
    case 6: return sqrt(db_cbrt(x));
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
