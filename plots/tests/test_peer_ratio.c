/* test_peer_ratio.c — the two fits behind the performance tables (issue 9):
 * db_peer_ratio_of (CPU time at equal scd, peer_ratio.h) on curves with a known
 * ratio, db_peer_ratio_table on a small bench file (the runs shuffled: rows in
 * the order their solver first appears, none for a cell the peer did not run,
 * a row without points for a solver that only failed, the table cut at max),
 * and db_scaling_slope (scaling.h) on exact power laws. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "plots/peer_ratio.h"
#include "plots/scaling.h"
#include "testset/tests/check.h"

/* a run: cell problem p, formulation GGL, solver s; scd x and CPU time 10^y */
static void add(cJSON *runs, const char *p, const char *s, const char *st, double x, double y)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "problem", p);
    cJSON_AddStringToObject(r, "scenario", "default");
    cJSON_AddStringToObject(r, "formulation", "GGL");
    cJSON_AddStringToObject(r, "solver", s);
    cJSON_AddStringToObject(r, "status", st);
    cJSON_AddNumberToObject(r, "cpu_seconds", pow(10.0, y));
    cJSON_AddNumberToObject(cJSON_AddObjectToObject(r, "error"), "gscd", x);
    cJSON_AddItemToArray(runs, r);
}

static void table(void)
{
    /* cell q: peer cost 10^(x/2 - 4), solver b twice that, solver a 5 times; cell
     * z: no peer; solver c only failed in q.  File order: b, z's runs, a, c, peer */
    cJSON *runs = cJSON_CreateArray();
    for (int k = 5; k >= 2; k--) /* b, scd descending in the file */
        add(runs, "q", "b", "ok", k, k / 2.0 - 4 + log10(2.0));
    add(runs, "z", "a", "ok", 3, -3);
    add(runs, "z", "b", "ok", 3, -3);
    for (int k = 2; k <= 5; k++)
        add(runs, "q", "a", "ok", k + 0.5, (k + 0.5) / 2 - 4 + log10(5.0));
    add(runs, "q", "c", "failed", 4, -1);
    add(runs, "q", "a", "failed", 9, -1); /* no point: not ok */
    for (int k = 1; k <= 6; k++)
        add(runs, "q", "ida", "ok", k, k / 2.0 - 4);
    db_peer_ratio t[4];
    int n = db_peer_ratio_table(runs, "ida", t, 4);
    CHECK(n == 3, "%d rows, expected 3 (b, a, c of cell q)", n);
    if (n == 3) {
        CHECK(!strcmp(t[0].solver, "b") && !strcmp(t[1].solver, "a") &&
                  !strcmp(t[2].solver, "c"), "row order %s %s %s, expected b a c",
              t[0].solver, t[1].solver, t[2].solver);
        CHECK(!strcmp(t[0].problem, "q") && !strcmp(t[1].problem, "q"), "a row of cell z");
        CHECK(fabs(t[0].ratio - 2.0) < 1e-12 && t[0].npts == 4 && t[0].npts_peer == 6,
              "b: ratio %.15g over %d / %d points, expected 2 over 4 / 6", t[0].ratio,
              t[0].npts, t[0].npts_peer);
        CHECK(fabs(t[1].ratio - 5.0) < 1e-12 && t[1].npts == 4 && t[1].lo == 2.5 &&
                  t[1].hi == 5.5, "a: ratio %.15g on [%g, %g] over %d points", t[1].ratio,
              t[1].lo, t[1].hi, t[1].npts);
        CHECK(t[2].npts == 0 && isnan(t[2].ratio), "c: %d points, ratio %g", t[2].npts,
              t[2].ratio);
    }
    CHECK(db_peer_ratio_table(runs, "ida", t, 2) == 2 && !strcmp(t[1].solver, "a"),
          "cut at 2 rows: not the first two in file order");
    CHECK(db_peer_ratio_table(runs, "nopeer", t, 4) == 0, "rows without the peer's runs");
    cJSON_Delete(runs);
}

int main(void)
{
    table();

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
