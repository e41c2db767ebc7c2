/* record.h — the run record of DESIGN.md §"JSON" as cJSON: problem, scenario,
 * params, formulation, solver, rtol, atol, status, message, cpu_seconds,
 * repeats, counters (the six standard ones plus solver extras), error {scd,
 * mescd, end{p,v,lambda,mu}, grid{...}}, residual {position, velocity,
 * acceleration}, invariant_drift, end {t, p, v, lambda, mu}.  Values that do not
 * exist are null; a failed run also has "reason", and "end": null. */
#ifndef DAEBENCH_RECORD_H
#define DAEBENCH_RECORD_H

#include <cjson/cJSON.h>

#include "run.h"

cJSON *db_record_json(const db_run_result *res);

#endif
