/* check_thresholds.h — the one table of thresholds of "daebench check"
 * (check.c; docs/check.md): what may change between a baseline and a result
 * before it counts as a regression (or an improvement), with defaults that suit
 * CI; each is overridable on the command line as --NAME VALUE. */
#ifndef DAEBENCH_CHECK_THRESHOLDS_H
#define DAEBENCH_CHECK_THRESHOLDS_H

enum {
    DB_TH_SCD_DROP,       /* digits the accuracy measure may drop */
    DB_TH_ERROR_DIGITS,   /* digits an error (end/grid, p v λ μ) may grow */
    DB_TH_RESIDUAL_DIGITS,/* digits a constraint residual may grow */
    DB_TH_DRIFT_DIGITS,   /* digits the invariant drift may grow */
    DB_TH_FLOOR,          /* errors/residuals/drift below this count as this */
    DB_TH_COUNTER_GROWTH, /* relative growth a counter may have */
    DB_TH_COUNTER_SLACK,  /* ... plus this many */
    DB_TH_CPU_FACTOR,     /* normalised CPU time of one run may grow by this factor */
    DB_TH_CPU_SLACK,      /* ... plus this many seconds */
    DB_TH_CPU_SOLVER,     /* geometric mean over a solver's runs may grow by this */
    DB_TH_CPU_MIN,        /* runs shorter than this (s) are out of that mean */
    DB_TH_CURVE_GROWTH,   /* curves: work ratio at equal accuracy (geometric mean) */
    DB_TH_CURVE_POINT,    /* curves: one point's work ratio */
    DB_TH_CURVE_DIGITS,   /* curves: mean accuracy loss at equal work */
    DB_TH_CURVE_POINT_DIGITS, /* curves: one point's accuracy loss */
    DB_TH_CPU_CURVE,      /* CPU curves: work ratio (geometric mean) */
    DB_TH_CPU_POINT,      /* CPU curves: one point's ratio */
    DB_TH_RUN_DIGITS,     /* secondary curves (each error, residual level, drift
                           * against f_evals): one run's accuracy loss */
    DB_TH_COUNT
};

typedef struct {
    const char *name;     /* the option: --name VALUE */
    double value;         /* the default */
    const char *unit;
    const char *doc;      /* one line */
} db_check_threshold;

/* the defaults (read-only) */
extern const db_check_threshold db_check_thresholds[DB_TH_COUNT];

/* index of the threshold named by option "--name", or -1 */
int db_check_threshold_find(const char *option);

#endif
