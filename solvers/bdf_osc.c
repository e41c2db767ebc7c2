/* bdf_osc.c — detection of an undamped oscillatory mode in the BDF corrections
 * (bdf_osc.h).
 *
 * A linear mode of y' = λ y integrated by a linear multistep method at a fixed
 * step h and order evolves as c ζ^j, ζ the dominant root of the method's
 * characteristic polynomial at hλ; for an oscillatory mode ζ and its
 * conjugate appear together, so every real linear image of the solution —
 * in particular its (k+1)-st backward differences, which the corrector's
 * correction estimates — satisfies x_{j+1} = a x_j − b x_{j−1} with
 * a = 2 Re ζ = 2ρ cos θ and b = |ζ|² = ρ².  A smooth (non-oscillatory) part
 * has real roots near 1 (a² ≥ 4b).  Given the vectors of the last
 * BDF_OSC_NEQ + 2 steps, (a, b) minimise Σ_j ‖x_{j+1} − a x_j + b x_{j−1}‖²
 * over BDF_OSC_NEQ equations; only inner products of each vector with itself
 * and its two predecessors enter, so the caller keeps two vectors and three
 * numbers per step.  The fit is trusted when its residual is a small part of
 * the data's energy; a trusted complex pair (a² < 4b) is reported when
 *   - RRCUT ≤ ρ² ≤ RRMAX: the method does not damp it (and the growth is one
 *     BDF can produce on a mode near the imaginary axis),
 *   - θ ≥ THMIN: a mode resolved by few steps per period, not the slow
 *     oscillation of the solution itself,
 *   - the mode it belongs to is undamped: ζ = ρ e^{iθ} is the BDF-q root of
 *     y' = λy with hλ = μ = Σ_{j=1}^{q} (1 − 1/ζ)^j / j, and
 *     |Re μ| ≤ MUCUT min(|μ|, 1): small against the mode's frequency, and the
 *     mode itself neither grows nor decays by more than e^MUCUT per step (a
 *     fit with hλ = 0.61 + 7.76i, Andrews EoM1 at 1e-6, is no undamped mode:
 *     the chains' undamped modes fit |hλ| 0.27-0.83, |Re hλ| ≤ 0.05)
 *     (a damped mode at the edge of the stability region is the case of
 *     Stewart's detection, bdf_stald.h; a fit on too few components can also
 *     produce a pair that no undamped mode explains). */
#include <math.h>
#include <string.h>

#include "bdf_osc.h"

/* hλ of the mode y' = λy whose BDF-q root is ζ: Σ_{j=1}^{q} (1 − 1/ζ)^j / j
 * (the method in backward differences), as its real and imaginary parts */
static void bdf_mu(int q, double rho, double theta, double *re, double *im)
{
    /* w = 1 − e^{−iθ}/ρ */
    const double wr = 1.0 - cos(theta) / rho, wi = sin(theta) / rho;
    double pr = 1.0, pi = 0.0;
    *re = *im = 0.0;
    for (int j = 1; j <= q; j++) {
        const double t = pr * wr - pi * wi;
        pi = pr * wi + pi * wr;
        pr = t;
        *re += pr / j;
        *im += pi / j;
    }
}

int bdf_osc_detect(const double *g0, const double *g1, const double *g2, int q,
                   bdf_osc_fit *fit)
{
    memset(fit, 0, sizeof *fit);
    /* equation i (i = 0 newest): x_i = a x_{i+1} − b x_{i+2} */
    double s00 = 0.0, s11 = 0.0, s22 = 0.0, s01 = 0.0, s02 = 0.0, s12 = 0.0;
    for (int i = 0; i < BDF_OSC_NEQ; i++) {
        s00 += g0[i];         /* <x_i, x_i> */
        s11 += g0[i + 1];     /* <x_{i+1}, x_{i+1}> */
        s22 += g0[i + 2];     /* <x_{i+2}, x_{i+2}> */
        s01 += g1[i];         /* <x_i, x_{i+1}> */
        s12 += g1[i + 1];     /* <x_{i+1}, x_{i+2}> */
        s02 += g2[i];         /* <x_i, x_{i+2}> */
    }
    if (!(s00 > 0.0) || !(s11 > 0.0) || !(s22 > 0.0) || !isfinite(s00 + s11 + s22))
        return -1;
    /* normal equations: [s11 −s12; s12 −s22] (a, b) = (s01, s02) */
    const double det = -s11 * s22 + s12 * s12;
    if (!(fabs(det) > 1e-12 * s11 * s22))
        return -1;
    const double a = (-s01 * s22 + s12 * s02) / det;
    const double b = (s11 * s02 - s12 * s01) / det;
    double res = s00 + a * a * s11 + b * b * s22 - 2.0 * a * s01 + 2.0 * b * s02 -
                 2.0 * a * b * s12;
    res = fmax(res, 0.0) / s00;
    fit->a = a;
    fit->b = b;
    fit->res = res;
    if (!(res <= BDF_OSC_RESCUT))
        return -1;
    if (!(b > 0.0) || a * a >= 4.0 * b) {
        fit->rho2 = 0.0;
        fit->theta = 0.0;
        return 0;
    }
    fit->rho2 = b;
    fit->theta = acos(a / (2.0 * sqrt(b)));
    if (q >= 1)
        bdf_mu(q, sqrt(b), fit->theta, &fit->mure, &fit->muim);
    return q >= 1 && b >= BDF_OSC_RRCUT && b <= BDF_OSC_RRMAX &&
           fit->theta >= BDF_OSC_THMIN &&
           fabs(fit->mure) <= BDF_OSC_MUCUT * fmin(hypot(fit->mure, fit->muim), 1.0);
}
