/* bdf_stald.c — BDF stability limit detection (bdf_stald.h), after K. Stewart,
 * J. Comput. Appl. Math. 29 (1990) 357–367, in the form SUNDIALS CVODE uses
 * (CVodeSetStabLimDet; its cutoffs and tolerances below).  Written here from
 * the method.
 *
 * The data are s_{i,j}, the squared norms of h^m y^(m), m = q−1+j, at the
 * last five steps (i = 0 newest).  Near a stability limit each series behaves
 * as a steady part plus a part that changes by a common factor r (the squared
 * modulus of the dominant characteristic root) from step to step.  Three
 * consecutive differences of such a series satisfy a quartic in r whose
 * coefficients are 2×2 minors of the data; the three series share the root.
 *   1. If the step-to-step ratios of some series are nearly constant (their
 *      variance below 1e-8), the "normal" case: r is the mean ratio, provided
 *      all three series agree within 5e-4.
 *   2. Otherwise r is the common root of the three quartics (eliminating the
 *      r⁴ and r³ terms leaves a linear equation), accepted if every quartic
 *      is below 1e-3 (relative to its data) there, else improved by up to
 *      three Newton corrections.
 *   3. With r, each series' steady part σ_j is recovered; for BDF of order q a
 *      mode of root r makes σ_{q+1}/σ_q and σ_{q−1}/σ_q satisfy
 *      r = 1 / (1 − 2/(q−1) (ratp ratm − 1 − (q²−1)/4 ratp)); r is trusted
 *      only if this agrees with it within 0.01.
 * A trusted r above 0.98 signals the stability limit. */
#include <math.h>

#include "bdf_stald.h"

#define NS BDF_STALD_NDATA
#define TINY 1.0e-10
#define VRRTOL 1.0e-4  /* normal case: a series' ratios vary below VRRTOL² */
#define VRRT2 5.0e-4   /* normal case: all series within VRRT2 */
#define SQTOL 1.0e-3   /* quartic residual, relative */
#define RRTOL 1.0e-2   /* agreement of r with the BDF-q relation */

/* the quartic of series j: c[0] + c[1] r + c[3] r³ + c[4] r⁴ (c[2] = 0) */
static double quartic(const double c[5], double r)
{
    return c[0] + r * (c[1] + r * r * (c[3] + r * c[4]));
}

static double quartic_d(const double c[5], double r)
{
    return c[1] + r * r * (3.0 * c[3] + 4.0 * r * c[4]);
}

/* largest relative quartic residual over the three series at r */
static double residual(double c[3][5], const double ssmax[3], double r)
{
    double m = 0.0;
    for (int j = 0; j < 3; j++)
        m = fmax(m, fabs(quartic(c[j], r)) / ssmax[j]);
    return m;
}

int bdf_stald_detect(const double *ss, int q, double *rr_out)
{
    double c[3][5], smax[3], ssmax[3], rav[3], vrat[3];
    double rr = 0.0;
    int flag;
    *rr_out = 0.0;
    if (q < 3)
        return -1;
    for (int j = 0; j < 3; j++) {
        double lo = ss[3 * 0 + j], hi = 0.0;
        for (int i = 0; i < NS; i++) {
            lo = fmin(lo, ss[3 * i + j]);
            hi = fmax(hi, ss[3 * i + j]);
        }
        if (!(lo >= TINY * hi) || !(hi > 0.0))
            return -1;                 /* a series too uneven (or empty) */
        smax[j] = hi;
        ssmax[j] = hi * hi;
        double sum = 0.0, sumsq = 0.0;
        for (int i = 0; i + 1 < NS; i++) {
            double rat = ss[3 * i + j] / ss[3 * (i + 1) + j];
            sum += rat;
            sumsq += rat * rat;
        }
        rav[j] = sum / 4.0;
        vrat[j] = fabs(sumsq / 4.0 - rav[j] * rav[j]);
        double s[NS];
        for (int i = 0; i < NS; i++)
            s[i] = ss[3 * i + j];
        c[j][0] = s[0] * s[2] - s[1] * s[1];
        c[j][1] = s[1] * s[2] - s[0] * s[3];
        c[j][2] = 0.0;
        c[j][3] = s[1] * s[4] - s[2] * s[3];
        c[j][4] = s[3] * s[3] - s[2] * s[4];
    }

    const double vmin = fmin(vrat[0], fmin(vrat[1], vrat[2]));
    const double vmax = fmax(vrat[0], fmax(vrat[1], vrat[2]));
    if (vmin < VRRTOL * VRRTOL) {
        /* 1. normal case */
        if (vmax > VRRT2 * VRRT2)
            return -2;
        rr = (rav[0] + rav[1] + rav[2]) / 3.0;
        for (int j = 0; j < 3; j++)
            if (fabs(rav[j] - rr) > VRRT2)
                return -3;
        flag = 1;
    } else {
        /* 2. common root of the quartics: eliminate r⁴ (with series 0) and
         * r³ (with series 1) from series 2, leaving e[1] r + e[0] = 0 */
        double a[3][5];
        for (int j = 0; j < 3; j++)
            for (int m = 0; m < 5; m++)
                a[j][m] = c[j][m];
        if (fabs(a[0][4]) < TINY * ssmax[0])
            return -4;
        for (int j = 1; j < 3; j++) {
            const double f = a[j][4] / a[0][4];
            for (int m = 0; m < 5; m++)
                a[j][m] -= f * a[0][m];
        }
        if (fabs(a[1][3]) < TINY * ssmax[1])
            return -4;
        {
            const double f = a[2][3] / a[1][3];
            for (int m = 0; m < 5; m++)
                a[2][m] -= f * a[1][m];
        }
        if (fabs(a[2][1]) < TINY * ssmax[2])
            return -4;
        rr = -a[2][0] / a[2][1];
        if (!(rr >= TINY && rr <= 100.0))
            return -5;
        if (residual(c, ssmax, rr) < SQTOL) {
            flag = 2;
        } else {
            /* Newton corrections: each series proposes a step; the
             * proposal that fits all three best is kept */
            double best = INFINITY;
            for (int it = 0; it < 3; it++) {
                double rbest = rr;
                best = INFINITY;
                for (int j = 0; j < 3; j++) {
                    const double d = quartic_d(c[j], rr);
                    const double rc =
                        fabs(d) > TINY * ssmax[j] ? rr - quartic(c[j], rr) / d : rr;
                    const double res = residual(c, ssmax, rc);
                    if (res < best) {
                        best = res;
                        rbest = rc;
                    }
                }
                rr = rbest;
                if (best < SQTOL)
                    break;
            }
            if (!(best < SQTOL))
                return -6;
            flag = 3;
        }
    }
    *rr_out = rr;

    /* 3. steady parts σ_j and the BDF-q check */
    double sig[3];
    for (int j = 0; j < 3; j++) {
        double a[4];
        for (int i = 0; i < 4; i++)
            a[i] = ss[3 * i + j] * pow(rr, i);
        const double d10 = a[0] - a[1], d11 = a[1] - a[2], d12 = a[2] - a[3];
        const double d20 = d10 - d11, d21 = d11 - d12, d3 = d20 - d21;
        if (fabs(d11) < TINY * smax[j])
            return -7;
        const double cest = -d3 / d11;
        if (!(cest >= TINY && cest <= 4.0))
            return -7;
        sig[j] = ss[3 * 2 + j] + (d21 / cest) / (rr * rr);
    }
    if (sig[1] < TINY)
        return -8;
    const double ratp = sig[2] / sig[1], ratm = sig[0] / sig[1];
    const double b = ratp * ratm - 1.0 - 0.25 * (q * q - 1.0) * ratp;
    const double den = 1.0 - 2.0 / (q - 1.0) * b;
    if (fabs(den) < TINY)
        return -8;
    if (fabs(1.0 / den - rr) > RRTOL)
        return -9;
    return rr > BDF_STALD_RRCUT ? flag + 3 : flag;
}
