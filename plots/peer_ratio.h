/* peer_ratio.h — CPU time at equal accuracy of the in-repo solvers against the
 * external peer (SUNDIALS IDA, solver "ida"; issue 9, "An external peer"), from
 * the tolerance ladders of a bench file.  Method: per problem, scenario,
 * formulation and solver the ok runs with a finite scd give a curve
 * (scd, log10 cpu_seconds), sorted by scd and interpolated linearly; on the scd
 * range that the solver's curve and ida's curve of the same formulation both
 * cover, the difference log10 cpu(solver) - log10 cpu(ida) is taken at
 * DB_RATIO_SAMPLES equally spaced scd values; the ratio reported is 10 to the
 * mean difference (the geometric mean of the pointwise ratios), with the least
 * and largest pointwise ratio.  > 1: the in-repo solver needs more CPU time
 * than ida for the same accuracy. */
#ifndef DAEBENCH_PEER_RATIO_H
#define DAEBENCH_PEER_RATIO_H

#include <cjson/cJSON.h>

#define DB_RATIO_SAMPLES 21
#define DB_RATIO_MAX_POINTS 32

typedef struct {
    const char *problem, *scenario, *form, *solver;
    double lo, hi;                 /* the common scd range */
    double ratio, rmin, rmax;      /* NAN when the ranges do not overlap */
    int npts, npts_peer;           /* ladder points of the solver and of the peer */
} db_peer_ratio;

/* the ratio of curve s to curve p (scd x ascending, y = log10 cpu), as above;
 * NAN if one has fewer than 2 points or the scd ranges do not overlap */
double db_peer_ratio_of(const double *xs, const double *ys, int ns, const double *xp,
                        const double *yp, int np, double *lo, double *hi, double *rmin,
                        double *rmax);

/* the rows (every solver but peer that shares a problem/scenario/formulation
 * with ok runs of peer), at most max; returns the count (0: no peer runs) */
int db_peer_ratio_table(const cJSON *runs, const char *peer, db_peer_ratio *out, int max);

#endif
