/* curves.h — judging a solver change at equal accuracy (docs/check.md,
 * "Curves"): the runs of one (problem, scenario, parameters, formulation,
 * solver, variant) over the tolerance ladder form a work-precision curve for
 * each accuracy measure (digits) and each work measure (a counter or the
 * calibrated CPU time); the baseline's and the new file's curves are compared
 * where their accuracies overlap.  Used by `check` (its default mode) and the
 * diff page of `report`, so both give the same verdicts and counts. */
#ifndef DAEBENCH_CURVES_H
#define DAEBENCH_CURVES_H

#include <cjson/cJSON.h>

/* one point of a curve: accuracy in digits, work (> 0), the run's rtol */
typedef struct {
    double acc, work, tol;
} db_curve_pt;

typedef enum {
    DB_CURVE_SAME,     /* every run at its tolerance within the thresholds */
    DB_CURVE_ALONG,    /* runs moved, but along the baseline curve */
    DB_CURVE_BETTER,   /* less work at equal accuracy, or more accuracy at equal work */
    DB_CURVE_WORSE,    /* more work at equal accuracy, or less accuracy at equal work */
    DB_CURVE_FEWER,    /* too few points in the common range to judge (why says why) */
    DB_CURVE_NVERDICTS
} db_curve_verdict;

extern const char *const db_curve_verdict_names[DB_CURVE_NVERDICTS];

/* the thresholds of one comparison (check_thresholds.c: curve-*) */
typedef struct {
    double growth;       /* work ratio (geometric mean) beyond 1 + growth: worse */
    double point;        /* one point's work ratio beyond this: worse */
    double digits;       /* mean accuracy shift at equal work beyond −digits: worse */
    double point_digits; /* one point's accuracy shift beyond −point_digits: worse */
    double cap;          /* the accuracy cap (errors floored), NAN: none */
} db_curve_th;

/* the comparison of a new curve with its baseline curve */
typedef struct {
    db_curve_verdict verdict;
    double ratio;        /* work new / baseline at equal accuracy, geometric mean */
    double ratio_worst;  /* the largest pointwise ratio (NAN: none compared) */
    double worst_acc;    /* the accuracy of that point */
    double shift;        /* accuracy new − baseline at equal work, mean (digits) */
    double shift_worst;  /* the most negative pointwise shift */
    double tol_shift;    /* accuracy new − baseline at equal tolerance, mean (information) */
    double tol_work;     /* work ratio at equal tolerance, geometric mean (information) */
    double lo, hi;       /* the common accuracy range */
    int nbase, nnew, ncompared;
    char why[160];       /* for FEWER: why; else empty */
} db_curve_cmp;

/* compare curve n[0..nn−1] against b[0..nb−1] (any order; copied, not kept) */
void db_curve_compare(const db_curve_pt *b, int nb, const db_curve_pt *n, int nn,
                      const db_curve_th *th, db_curve_cmp *out);

/* the least work that reaches accuracy acc on the curve (its efficiency
 * frontier, interpolated in log work), NAN outside the curve's range */
double db_curve_work_at(const db_curve_pt *p, int np, double acc);

/* the least work that reaches at least accuracy acc: on the curve (as
 * db_curve_work_at), or a run that is already that accurate; NAN when no run
 * reaches it */
double db_curve_least_work(const db_curve_pt *p, int np, double acc);

/* ---- the curves of two bench files ---- */

/* accuracy measures of curves, in digits (errors, residuals, drift as −log10,
 * floored): the first db_curve_nprimary ("gscd", "lambda_scd",
 * "residual.position") against every work measure; the rest (every end and
 * grid error, the velocity and acceleration residuals, the drift) against
 * f_evals only, judged with the `secondary` thresholds (one run that loses
 * digits at its work) */
extern const char *const db_curve_acc_names[];
extern const int db_curve_nacc;
extern const int db_curve_nprimary;
/* work measures: "steps", "rejected", "f_evals", "jac_evals", "decompositions", "solves",
 * "cpu" */
extern const char *const db_curve_work_names[];
extern const int db_curve_nwork;

/* the accuracy measure k of run record r in digits (NAN when absent or null);
 * floor: errors below it count as it */
double db_curve_acc_of(const cJSON *r, int k, double floor);
double db_curve_acc_named(const cJSON *r, const char *name, double floor);

/* the point of run record r on curve (acc, work): its accuracy (floored), its
 * work (a counter, 0 counting as 1, or its CPU time divided by scale) and rtol */
db_curve_pt db_curve_point(const cJSON *r, int acc, int work, double floor, double scale);

/* one run series: the runs of one problem, scenario, parameters, formulation,
 * solver and variant */
typedef struct {
    const cJSON *first;  /* its first baseline run (identity fields) */
    char key[600];       /* problem|scenario|params|formulation|solver|variant */
    char label[600];     /* problem:scenario params formulation solver[/variant] */
    const char *solver;
} db_curve_series;

typedef struct {
    const db_curve_series *s;
    int acc, work;       /* indices into the name tables */
    db_curve_cmp c;
    int cpu_info;        /* a CPU curve across machines: information only */
} db_curve_row;

typedef struct {
    db_curve_row *rows;
    int n;
    db_curve_series *series;
    int nseries;
} db_curve_set;

typedef struct {
    db_curve_th counters, cpu, secondary;
    double floor;        /* errors below it count as it */
    double cpu_scale;    /* new CPU times are divided by this (calibration) */
    int cpu_gated;       /* 0: CPU curves are information (another machine) */
    double cpu_min;      /* CPU curves whose baseline runs are all below this: skipped */
} db_curve_opts;

/* every curve of the two files' runs arrays (ok runs with a finite accuracy):
 * 0, or −1 out of memory (nothing left allocated) */
int db_curves_judge(const cJSON *base, const cJSON *res, const db_curve_opts *o,
                    db_curve_set *set);
void db_curves_free(db_curve_set *set);

/* the key of a run's curve and its label; −1 if the record lacks its identity */
int db_curve_key(const cJSON *r, char *key, size_t keylen, char *label, size_t lablen);

#endif
