/* series.h — the time-series diagrams of a page (energy drift and constraint
 * residuals over time of the runs that wrote a series file, trajdump.h), at
 * most DB_SERIES_MAX curves per panel: the series are split by solver into
 * diagrams of whole solver families (series.c, drawn by plots/timeseries.gp). */
#ifndef DAEBENCH_SERIES_H
#define DAEBENCH_SERIES_H

#include <stddef.h>

/* at most this many curves in one panel (a diagram's four panels share them) */
#define DB_SERIES_MAX 8

/* the colour "#RRGGBB" of a solver's curves */
typedef const char *(*db_series_colour)(const char *solver);

/* one diagram's share of the series: solvers [0, nsolvers) of the sorted list
 * whose curves are the series [first, first + count) */
typedef struct {
    int first, count;
    char name[128]; /* "" for the only diagram, else the solvers joined by '+' or "partK" */
} db_series_part;

/* split count series, sorted by solver (solver[i] the solver of series i),
 * into parts of at most DB_SERIES_MAX series; a solver's series stay in one
 * part unless it alone has more; returns the number of parts written to
 * parts[0, cap) */
int db_series_split(const char *const *solver, int count, db_series_part *parts, int cap);

/* the series files "<problem>-<scenario>-<form>-<solver>-<tol>.dat" in trajdir
 * of one tolerance (1e-06 when there, else that of the first name), drawn as
 * outbase-time.{png,svg}, or, over DB_SERIES_MAX series, as
 * outbase-<part>-time.{png,svg}; prints one line per diagram and one with the
 * total.  0 (also when there is no series) or -1 */
int db_plot_series(const char *problem, const char *scenario, const char *trajdir,
                   const char *outbase, const char *scriptdir, db_series_colour colour);

#endif
