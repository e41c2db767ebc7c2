/* elliptic.c — Jacobi elliptic functions and K(m) by the arithmetic-geometric mean
 * (descending Landen transformation).
 * Sources: Abramowitz & Stegun, Handbook of Mathematical Functions, 16.4 (AGM
 * scale for sn, cn, dn) and 17.6 (K = π / (2 AGM(1, sqrt(1 − m)))); periodicity
 * sn(u + 2K) = −sn u, cn(u + 2K) = −cn u, dn(u + 2K) = dn u (A&S 16.8).
 * dn is taken as sqrt(cn² + (1 − m) sn²), which has no cancellation. */
#include <float.h>
#include <math.h>

#include "elliptic.h"

#define AGM_MAX 40
#define DB_PI 3.14159265358979323846264338327950288

double db_ellip_K(double m)
{
    if (!(m >= 0.0 && m <= 1.0))
        return NAN;
    if (m == 1.0)
        return INFINITY;
    double a = 1.0, b = sqrt(1.0 - m);
    for (int i = 0; i < AGM_MAX && fabs(a - b) > DBL_EPSILON * a; i++) {
        double an = 0.5 * (a + b);
        b = sqrt(a * b);
        a = an;
    }
    return DB_PI / (a + b);   /* π / (2 · AGM) with AGM ≈ (a + b)/2 */
}

/* sn, cn of |u| ≤ K by the AGM scale (A&S 16.4.3) */
static void jacobi_agm(double u, double m, double *sn, double *cn)
{
    double a[AGM_MAX + 1], c[AGM_MAX + 1];
    double b = sqrt(1.0 - m);
    a[0] = 1.0;
    c[0] = sqrt(m);
    int n = 0;
    while (n < AGM_MAX && fabs(c[n]) > DBL_EPSILON * a[n]) {
        a[n + 1] = 0.5 * (a[n] + b);
        c[n + 1] = 0.5 * (a[n] - b);
        b = sqrt(a[n] * b);
        n++;
    }
    double phi = ldexp(a[n] * u, n);
    for (int i = n; i >= 1; i--)
        phi = 0.5 * (phi + asin(c[i] / a[i] * sin(phi)));
    *sn = sin(phi);
    *cn = cos(phi);
}

void db_ellip_jacobi(double u, double m, double *sn, double *cn, double *dn)
{
    if (!(m >= 0.0 && m <= 1.0) || !isfinite(u)) {
        *sn = *cn = *dn = NAN;
        return;
    }
    if (m == 1.0) {
        *sn = tanh(u);
        *cn = *dn = 1.0 / cosh(u);
        return;
    }
    double K = db_ellip_K(m), K4 = 4.0 * K;
    double r = u;
    if (fabs(r) > K) {
        double q = nearbyint(u / K4);
        r = fma(-q, K4, u);           /* r in about [−2K, 2K] */
    }
    double sign = 1.0;
    if (r > K) {
        r -= 2.0 * K;
        sign = -1.0;
    } else if (r < -K) {
        r += 2.0 * K;
        sign = -1.0;
    }
    double s, c;
    jacobi_agm(r, m, &s, &c);
    *sn = sign * s;
    *cn = sign * c;
    *dn = sqrt(c * c + (1.0 - m) * s * s);
}
