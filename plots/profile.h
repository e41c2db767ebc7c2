/* profile.h — Dolan–Moré performance profiles across the catalogue (report
 * summary page).  At an accuracy level S (scd), the cost of a curve c
 * (solver/formulation) on a page p (problem:scenario) is the CPU time at which
 * its work-precision curve reaches scd S: the least CPU time of an ok run with
 * scd ≥ S, or, between two runs adjacent in tolerance whose scd brackets S, the
 * log-linear interpolation of their CPU times, whichever is smaller; infinite
 * when the curve never reaches S (or the cell has no run).  With
 * t_min(p) = min_c t(p, c), the ratio is r(p, c) = t(p, c) / t_min(p), and the
 * profile of c is ρ_c(τ) = |{p : r(p, c) ≤ τ}| / P, over the P pages on which
 * some curve reaches S (E. D. Dolan, J. J. Moré, "Benchmarking optimization
 * software with performance profiles", Math. Program. 91 (2002) 201–213). */
#ifndef DAEBENCH_PROFILE_H
#define DAEBENCH_PROFILE_H

#include <cjson/cJSON.h>

#define DB_PROFILE_MAXTAU 64

typedef struct {
    char curve[96];                    /* "radau5/GGL" */
    double frac[DB_PROFILE_MAXTAU];    /* ρ(τ_k) */
    int wins;                          /* pages where r = 1 (fastest) */
    double reach;                      /* fraction of the P pages where t < ∞ */
} db_profile_row;

/* the profile at level scd for tau[0..ntau); rows sorted by the fraction of
 * pages reached, then by wins; returns the count of curves (≤ maxrows), *npages = P */
int db_profile(const cJSON *runs, double scd, const double *tau, int ntau,
               db_profile_row *rows, int maxrows, int *npages);
/* the same with one curve per solver, its cost on a page the least over its
 * formulations ("best of each solver"; the diagram of the summary page) */
int db_profile_by_solver(const cJSON *runs, double scd, const double *tau, int ntau,
                         db_profile_row *rows, int maxrows, int *npages);

/* the cost of one curve at level scd from its runs (any order); INFINITY when
 * it does not reach it — exposed for the tests */
double db_profile_cost(const cJSON *const *runs, int n, double scd);

#endif
