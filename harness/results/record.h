/* record.h — the run record of DESIGN.md §"JSON" as cJSON: problem, scenario,
 * params, formulation, solver, rtol, atol, status, message, cpu_seconds,
 * repeats, counters (the six standard ones plus solver extras), error {gscd,
 * mescd, ivp_scd, lambda_scd, end{p,v,lambda,mu}, grid{...}}, residual {position, velocity,
 * acceleration}, invariant_drift, end {t, p, v, lambda, mu}.  Values that do not
 * exist are null; a failed run also has "reason", and "end": null. */
#ifndef DAEBENCH_RECORD_H
#define DAEBENCH_RECORD_H

#include <cjson/cJSON.h>

#include "harness/run/run.h"

cJSON *db_record_json(const db_run_result *res);

/* what names a run in a record (the strings point into the record) */
typedef struct {
    const char *problem, *scenario, *formulation, *solver, *status;
    double rtol;
} db_record_id;

/* read a record's identity, checking it is an object with these six fields:
 * 0, or -1 with a message ("<what> is not an object" — "not an object" for what =
 * NULL — or the field's) in err */
int db_record_id_read(const cJSON *r, const char *what, db_record_id *id, char *err,
                      size_t errlen);

#endif
