/* check_thresholds.c — the thresholds of "daebench check" and their CI defaults
 * (check_thresholds.h).  Changing one here changes the gate: docs/check.md lists
 * the table and why each default is what it is. */
#include <string.h>

#include "harness/gate/check_thresholds.h"

const db_check_threshold db_check_thresholds[DB_TH_COUNT] = {
    [DB_TH_SCD_DROP] = {"scd-drop", 0.5, "digits",
                        "the accuracy measure (--measure) may drop by this many digits"},
    [DB_TH_ERROR_DIGITS] = {"error-digits", 0.5, "digits",
                            "each error (end and grid; p, v, lambda, mu) may grow by 10^this"},
    [DB_TH_RESIDUAL_DIGITS] = {"residual-digits", 0.5, "digits",
                               "each constraint residual (position, velocity, acceleration) "
                               "may grow by 10^this"},
    [DB_TH_DRIFT_DIGITS] = {"drift-digits", 0.5, "digits",
                            "the invariant drift may grow by 10^this"},
    [DB_TH_FLOOR] = {"floor", 1e-13, "",
                     "errors, residuals and drift below this count as this (round-off)"},
    [DB_TH_COUNTER_GROWTH] = {"counter-growth", 0.10, "fraction",
                              "every counter (steps, rejected, f_evals, jac_evals, "
                              "decompositions, solves, extras) may grow by this fraction"},
    [DB_TH_COUNTER_SLACK] = {"counter-slack", 2, "count",
                             "... plus this many (0 -> 1 rejected step is no regression)"},
    [DB_TH_CPU_FACTOR] = {"cpu-factor", 3.0, "factor",
                          "CPU time of one run, normalised by the calibration, may grow by "
                          "this factor"},
    [DB_TH_CPU_SLACK] = {"cpu-slack", 0.005, "s", "... plus this many seconds"},
    [DB_TH_CPU_SOLVER] = {"cpu-solver", 1.25, "factor",
                          "the geometric mean of a solver's normalised CPU-time ratios may "
                          "grow by this factor"},
    [DB_TH_CPU_MIN] = {"cpu-min", 0.002, "s",
                       "runs whose baseline CPU time is below this are out of that mean"},
    [DB_TH_CURVE_GROWTH] = {"curve-growth", 0.10, "fraction",
                            "a curve's work (counters) at equal accuracy may grow by this "
                            "fraction (geometric mean over its common accuracy range)"},
    [DB_TH_CURVE_POINT] = {"curve-point", 2.0, "factor",
                           "one run may need this many times the baseline curve's work at its "
                           "accuracy"},
    [DB_TH_CURVE_DIGITS] = {"curve-digits", 0.5, "digits",
                            "a curve may lose this many digits at equal work (mean)"},
    [DB_TH_CURVE_POINT_DIGITS] = {"curve-point-digits", 1.5, "digits",
                                  "one run may lose this many digits against the baseline "
                                  "curve at its work"},
    [DB_TH_CPU_CURVE] = {"cpu-curve", 1.0, "fraction",
                         "a curve's calibrated CPU time at equal accuracy may grow by this "
                         "fraction (same machine only)"},
    [DB_TH_CPU_POINT] = {"cpu-point", 3.0, "factor",
                         "one run's calibrated CPU time may be this many times the baseline "
                         "curve's at its accuracy (same machine only)"},
    [DB_TH_RUN_DIGITS] = {"run-digits", 1.5, "digits",
                          "curves of every error (end and grid, each group), the velocity and "
                          "acceleration residuals and the drift against f_evals: one run may "
                          "lose this many digits against the baseline curve at its work"},
};

int db_check_threshold_find(const char *option)
{
    if (strncmp(option, "--", 2) != 0)
        return -1;
    for (int i = 0; i < DB_TH_COUNT; i++)
        if (strcmp(option + 2, db_check_thresholds[i].name) == 0)
            return i;
    return -1;
}
