/* scaling.h — cost per step against a swept parameter (the N of the chains) from
 * the runs of a bench file, and its log-log slope (issue 9, "Linear cost in N";
 * the scaling suite of suite.c).  Used by "daebench plot" (the diagram) and
 * "daebench report" (the table). */
#ifndef DAEBENCH_SCALING_H
#define DAEBENCH_SCALING_H

#include <cjson/cJSON.h>

#define DB_SCALING_MAX_POINTS 64

/* one curve: the ok runs of one problem/scenario/formulation/solver, sorted by x */
typedef struct {
    const char *problem, *scenario, *form, *solver;
    int n;
    double x[DB_SCALING_MAX_POINTS];       /* the parameter's value */
    double steps[DB_SCALING_MAX_POINTS];
    double cpu[DB_SCALING_MAX_POINTS];     /* cpu_seconds of the run */
    double cps[DB_SCALING_MAX_POINTS];     /* cpu_seconds / steps */
    double slope;                          /* of log cps vs log x over x >= fit_from; NAN
                                            * with fewer than 2 such points */
    int nfit;                              /* points in the fit */
} db_scaling_curve;

/* least-squares slope of log y against log x over the n points with x >= from
 * (and x, y > 0); NAN with fewer than two; *nfit = the points used */
double db_scaling_slope(const double *x, const double *y, int n, double from, int *nfit);

/* the curves of parameter param in runs (a "runs" array), at most max, in the
 * order of first appearance; runs without param, not ok or without steps are
 * left out.  Returns the count. */
int db_scaling_collect(const cJSON *runs, const char *param, double fit_from,
                       db_scaling_curve *out, int max);

#endif
