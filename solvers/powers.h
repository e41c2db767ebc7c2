/* powers.h — the powers of the step-size and convergence controllers of the
 * implicit cores (radau_core.c, bdf_core.c) without libm's pow: x^(1/m) and
 * x^(−1/m) for m ≤ 6 by square, cube and fifth roots, x^k for a whole k ≥ 0 by
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

/* x^(1/5) for a positive normal x, as db_cbrt: x's bits divided by 5 plus
 * 4/5 of 1.0's (the constant lowered to a largest error of 5.3 %), then four
 * Newton steps y ← y − (y⁵ − x)/(5y⁴), each squaring the error (times 2):
 * 5.3e-2, 5.6e-3, 6.3e-5, 8e-9, then round-off.  RADAU5's FACCON**0.8 is
 * its fourth power.  Other x go to libm. */
static inline double db_root5(double x)
{
    if (!(x >= 0x1p-1000 && x <= 0x1p1000))
        return pow(x, 0.2);
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    b = b / 5 + UINT64_C(0x3325666666666600);
    double y;
    memcpy(&y, &b, sizeof y);
    for (int k = 0; k < 4; k++) {
        const double y2 = y * y, y4 = y2 * y2;
        y -= (y4 * y - x) / (5.0 * y4);
    }
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
    case 5: return db_root5(x);
    case 6: return sqrt(db_cbrt(x));
    default: return pow(x, 1.0 / m);
    }
}

/* x^(−1/m), x > 0, m ≥ 1 */
static inline double db_root_inv(double x, int m)
{
    return m <= 6 ? 1.0 / db_root(x, m) : pow(x, -1.0 / m);
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
