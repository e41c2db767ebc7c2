/* bdf_osc.h — BDF order control on undamped oscillatory modes: a least-squares
 * fit of the two-term recurrence x_{j+1} = a x_j − b x_{j−1} to the correction
 * vectors of the last steps (the scaled (k+1)-st differences); a complex root
 * pair ρ e^{±iθ} (a² < 4b, ρ² = b) that explains the data, with θ well away
 * from 0, ρ² not below a cut near 1 and the mode y' = λy whose BDF root it is
 * nearly undamped (Re hλ small against |hλ|), means a mode that the BDF
 * method of order k ≥ 3 does not damp (or amplifies: BDF3–5 are unstable next to the
 * imaginary axis) is what limits the step; orders 1 and 2 damp it, so the
 * order is held at most 2 for a while.  A complex-root extension of the idea
 * of Stewart's stability limit detection (J. Comput. Appl. Math. 29 (1990)
 * 357–367; bdf_stald.h), whose model is a real dominant root.  Used by
 * bdf_core.c (variant osc, the default; noosc switches it off); see
 * bdf_osc.c. */
#ifndef DAEBENCH_BDF_OSC_H
#define DAEBENCH_BDF_OSC_H

#define BDF_OSC_NEQ 4        /* recurrence equations in the fit */
#define BDF_OSC_NDATA (BDF_OSC_NEQ + 2)   /* steps of history */
#define BDF_OSC_RRCUT 0.98   /* ρ² at or above which the mode counts as undamped */
#define BDF_OSC_THMIN 0.25   /* θ (radians per step) at or above which it counts */
#define BDF_OSC_RRMAX 1.3    /* ρ² above which the data are not a BDF mode */
#define BDF_OSC_MUCUT 0.1    /* |Re hλ| / min(|hλ|, 1) of an undamped mode, at most: its
                              * damping ratio, and its growth or decay per step */
#define BDF_OSC_RESCUT 0.1   /* largest relative residual of a trusted fit */

typedef struct {
    double a, b;      /* the fitted recurrence */
    double rho2;      /* b, the squared modulus of the root pair (complex case) */
    double theta;     /* its angle per step, 0 for real roots */
    double res;       /* residual of the fit relative to the data's energy */
    double mure, muim; /* hλ of the mode whose BDF-q root is the pair (q ≥ 1) */
} bdf_osc_fit;

/* g0[i] = <x_i, x_i>, g1[i] = <x_i, x_{i+1}>, g2[i] = <x_i, x_{i+2}> for the
 * vectors x_0 (newest), x_1, ..., x_{NDATA−1} (only i ≤ NDATA−1, NDATA−2,
 * NDATA−3 are read respectively); q the BDF order of the steps.  Fits the
 * recurrence over BDF_OSC_NEQ equations.  Returns
 *   1: a trusted complex pair with BDF_OSC_RRCUT ≤ ρ² ≤ BDF_OSC_RRMAX,
 *      θ ≥ BDF_OSC_THMIN, of a mode hλ of BDF-q with |Re hλ| ≤
 *      BDF_OSC_MUCUT min(|hλ|, 1) (q < 1: never 1)
 *      (an undamped oscillatory mode: reduce the order);
 *   0: a trusted fit, no such mode;
 *  −1: no trusted fit (singular data or residual above BDF_OSC_RESCUT).
 * *fit is filled where possible (zeros otherwise). */
int bdf_osc_detect(const double *g0, const double *g1, const double *g2, int q,
                   bdf_osc_fit *fit);

#endif
