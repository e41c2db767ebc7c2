/* csv.h — the runs of a bench file as CSV (issue 8, "Exports"), one row per run
 * record, for people who analyse them elsewhere (RFC 4180 quoting; empty cells
 * for null).  Columns: problem, scenario, params ("name=value;..."),
 * formulation, solver, variant, rtol, atol, status, reason, message,
 * cpu_seconds, repeats, the six standard counters, scd, mescd, err_end_{p,v,
 * lambda,mu}, err_grid_{p,v,lambda,mu}, res_{position,velocity,acceleration},
 * invariant_drift. */
#ifndef DAEBENCH_CSV_H
#define DAEBENCH_CSV_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* write the runs of bench (a daebench.bench/1 object) to path, atomically */
int db_csv_write(const cJSON *bench, const char *path, char *err, size_t errlen);

/* the CSV file that goes with a bench file: X.json → X.csv, else X → X.csv */
void db_csv_path_for(const char *json, char *out, size_t outlen);

#endif
