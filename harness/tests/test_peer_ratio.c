/* test_peer_ratio.c — the two fits behind the performance tables (issue 9):
 * db_peer_ratio_of (CPU time at equal scd, peer_ratio.h) on curves with a known
 * ratio, and db_scaling_slope (scaling.h) on exact power laws. */
#include <math.h>
#include <stdio.h>

#include "harness/peer_ratio.h"
#include "harness/scaling.h"
#include "testset/tests/check.h"

int main(void)
{
    /* peer: cpu = 10^(scd/2 - 4) at scd 3, 5, 7, 9; solver: 3x that cost on
     * other scd points 2, 4.5, 8 (linear in log cpu, so interpolation is exact) */
    double xp[4] = {3, 5, 7, 9}, yp[4], xs[3] = {2, 4.5, 8}, ys[3];
    for (int i = 0; i < 4; i++)
        yp[i] = xp[i] / 2 - 4;
    for (int i = 0; i < 3; i++)
        ys[i] = xs[i] / 2 - 4 + log10(3.0);
    double lo, hi, rmin, rmax;
    double r = db_peer_ratio_of(xs, ys, 3, xp, yp, 4, &lo, &hi, &rmin, &rmax);
    CHECK(fabs(r - 3.0) < 1e-12, "ratio %.15g, expected 3", r);
    CHECK(lo == 3 && hi == 8, "common range [%g, %g], expected [3, 8]", lo, hi);
    CHECK(fabs(rmin - 3.0) < 1e-12 && fabs(rmax - 3.0) < 1e-12, "min/max %g %g", rmin, rmax);

    /* a ratio that varies: solver cost flat at 10^-3, peer 10^(x-8) on [4, 6]:
     * log ratio = 5 - x, mean over the range = 0, extremes 10^1 and 10^-1 */
    double xa[2] = {4, 6}, ya[2] = {-3, -3}, xb[2] = {4, 6}, yb[2] = {-4, -2};
    r = db_peer_ratio_of(xa, ya, 2, xb, yb, 2, &lo, &hi, &rmin, &rmax);
    CHECK(fabs(r - 1.0) < 1e-12, "ratio %.15g, expected 1", r);
    CHECK(fabs(rmin - 0.1) < 1e-12 && fabs(rmax - 10.0) < 1e-9, "min/max %g %g", rmin, rmax);

    /* disjoint ranges and too few points give NAN */
    double xc[2] = {7, 8}, yc[2] = {-1, 0};
    CHECK(isnan(db_peer_ratio_of(xa, ya, 2, xc, yc, 2, &lo, &hi, &rmin, &rmax)),
          "disjoint ranges gave a ratio");
    CHECK(isnan(db_peer_ratio_of(xa, ya, 1, xb, yb, 2, &lo, &hi, &rmin, &rmax)),
          "one point gave a ratio");

    /* slopes of power laws: y = 2e-5 N^1 and N^3, fitted from N = 64 on; the
     * points below 64 are off the law and must be ignored */
    double n[7] = {16, 32, 64, 128, 256, 512, 1024}, y1[7], y3[7];
    for (int i = 0; i < 7; i++) {
        y1[i] = i < 2 ? 1.0 : 2e-5 * n[i];
        y3[i] = 2e-9 * n[i] * n[i] * n[i];
    }
    int nfit;
    double s1 = db_scaling_slope(n, y1, 7, 64, &nfit);
    CHECK(fabs(s1 - 1.0) < 1e-12 && nfit == 5, "slope %.15g over %d points, expected 1 over 5",
          s1, nfit);
    double s3 = db_scaling_slope(n, y3, 7, 0, &nfit);
    CHECK(fabs(s3 - 3.0) < 1e-12 && nfit == 7, "slope %.15g over %d points, expected 3 over 7",
          s3, nfit);
    CHECK(isnan(db_scaling_slope(n, y1, 7, 1024, &nfit)), "one point gave a slope");
    return check_summary();
}
