/* solution.h — the picture of a problem's solution on its report page: the
 * reference's positions over time (the exact solution where the problem has
 * one, else the stored reference grid), a few of them, as
 * <page>-solution.{dat,png,svg} (solution.c, drawn by plots/solution.gp). */
#ifndef DAEBENCH_SOLUTION_H
#define DAEBENCH_SOLUTION_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* at most this many position components are drawn */
#define DB_SOLUTION_CURVES 6

/* pick at most DB_SOLUTION_CURVES of the np components of x (row-major,
 * x[k * np + i] at time k of nt): those that vary most over the grid (max −
 * min; the lower index first on a tie), in index order; returns the count
 * written to idx */
int db_solution_pick(const double *x, int nt, int np, int *idx);

/* the reference of problem:scenario with the parameters of run record r (its
 * "params"; defaults for the rest) written to outbase-solution.dat (columns t,
 * then the picked components, named in its header) and drawn by
 * scriptdir/solution.gp as outbase-solution.png/.svg.  Returns 1 when drawn,
 * 0 when the problem has no reference for these parameters (nothing
 * written, the reason in why), -1 on an error (a line on stderr) */
int db_solution_plot(const cJSON *r, const char *outbase, const char *scriptdir, char *why,
                     size_t whylen);

#endif
