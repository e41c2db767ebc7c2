/* calibration.h — the machine-speed calibration of a bench file (issue 14): a
 * fixed, deterministic, CPU-bound kernel (dense LU with partial pivoting and
 * solves on a matrix made by a fixed generator, the work shape of the solvers)
 * timed in the bench process at the start and at the end of the sweep.  check
 * divides the CPU-time ratio of two files by the ratio of their calibrations, so
 * a uniformly slower machine compares equal and a slower solver does not. */
#ifndef DAEBENCH_CALIBRATION_H
#define DAEBENCH_CALIBRATION_H

#include <cjson/cJSON.h>

/* CPU seconds of one pass of the kernel: the least of 5 passes; *checksum (may
 * be NULL) gets a value the kernel computed, the same on every run */
double db_calibration_time(double *checksum);

/* add root["calibration"] = {"kernel", "checksum", "start": s} and root["build"]
 * (machine.h, db_build_json), timing the kernel now: call before the sweep */
void db_calibration_begin(cJSON *root);
/* time the kernel again: "end", and "seconds" = the mean of start and end */
void db_calibration_end(cJSON *root);

/* the calibration seconds of a bench file, or NAN when it has none */
double db_calibration_seconds(const cJSON *bench);

#endif
