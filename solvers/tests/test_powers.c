/* test_powers.c — the controllers' powers without pow (solvers/powers.h)
 * against libm's pow over 1e-300 … 1e300: db_root and db_root_inv for m = 1 … 7,
 * db_powi for k = 0 … 12, db_cbrt and db_root5 within a few units of the last
 * place; zero, subnormal, infinite and NaN arguments of db_cbrt and db_root5 as
 * libm's. */
#include <math.h>
#include <stdio.h>

#include "solvers/powers.h"
#include "testset/tests/check.h"

static double rel(double a, double b)
{
    return a == b ? 0.0 : fabs(a - b) / fabs(b);
}

int main(void)
{
    double wr = 0, wi = 0, wc = 0, wp = 0, w5 = 0;
    /* pow(x, 1.0/m) is itself off by |ln x| ε/m where 1/m is not exact: the
     * roots are compared where that stays below 3e-15 */
    for (double x = 1e-30; x < 1e30; x *= 1.0137)
        for (int m = 1; m <= 7; m++) {
            wr = fmax(wr, rel(db_root(x, m), pow(x, 1.0 / m)));
            wi = fmax(wi, rel(db_root_inv(x, m), pow(x, -1.0 / m)));
        }
    for (double x = 1e-300; x < 1e300; x *= 1.0137)
        wc = fmax(wc, rel(db_cbrt(x), cbrt(x)));
    /* over the whole range (where pow(x, 0.2) is off by up to |ln x| ε/5,
     * 0.2 not being exact): y = db_root5(x) against y⁵ = x, a relative error
     * of y five times over plus the products' rounding */
    for (double x = 1e-300; x < 1e300; x *= 1.0137) {
        const double y = db_root5(x);
        w5 = fmax(w5, rel(y * y * y * y * y, x) / 5.0);
    }
    for (double x = 0.01; x < 100; x *= 1.37)
        for (int k = 0; k <= 12; k++)
            wp = fmax(wp, rel(db_powi(x, k), pow(x, k)));
    printf("largest relative differences: root %.2e, root_inv %.2e, cbrt %.2e, powi %.2e, "
           "root5 %.2e\n", wr, wi, wc, wp, w5);
    CHECK(wr < 5e-15, "db_root against pow: %.2e", wr);
    CHECK(wi < 5e-15, "db_root_inv against pow: %.2e", wi);
    CHECK(wc < 1e-15, "db_cbrt against cbrt: %.2e", wc);
    CHECK(wp < 1e-14, "db_powi against pow: %.2e", wp);
    CHECK(w5 < 1e-15, "db_root5(x)^5 against x: %.2e", w5);
    const double sp[] = { 0.0, 1e-310, INFINITY, 0x1p-1001, 0x1p1001 };
    for (size_t k = 0; k < sizeof sp / sizeof sp[0]; k++)
        CHECK(db_cbrt(sp[k]) == cbrt(sp[k]) && db_root5(sp[k]) == pow(sp[k], 0.2),
              "db_cbrt(%g), db_root5 as libm", sp[k]);
    CHECK(isnan(db_cbrt(NAN)) && isnan(db_root5(NAN)), "db_cbrt(NaN), db_root5(NaN) are NaN");
    CHECK(db_powi(2.5, 0) == 1.0 && db_root(7.0, 1) == 7.0, "trivial powers exact");
    return check_summary();
}
