/* benchfile.h — the one reader of bench files (schema daebench.bench/1,
 * DESIGN.md §"JSON"), shared by every command that reads one: check, csv,
 * report, merge, plot and bench --resume (issue 15).  A file is accepted when:
 * it is a regular file of at most DB_JSON_MAX_BYTES (jsonio.h), valid JSON, an
 * object with "schema": "daebench.bench/1" and an array "runs"; "suite",
 * "shard", "created", "git" strings when present; and every run record is an
 * object with
 *   problem, scenario, formulation, solver   names (escape.h: db_name_valid)
 *   variant                                  a name, when present
 *   status                                   "ok", "failed" or "unsupported"
 *   rtol, atol                               finite numbers
 *   params                                   when present: an object of at most
 *                                            DB_MAX_PARAMS finite numbers with
 *                                            valid names
 *   reason, message                          strings, when present
 *   and, for an ok run: cpu_seconds a finite number, counters an object with
 *   steps, f_evals and decompositions finite numbers, error an object whose
 *   scd is a number or null.
 * Anything else is refused with one line naming the file (and the run).  Time
 * and memory are linear in the size of the file (cJSON: about 40 bytes of
 * memory per byte of input at worst). */
#ifndef DAEBENCH_BENCHFILE_H
#define DAEBENCH_BENCHFILE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#define DB_BENCH_SCHEMA "daebench.bench/1"

/* read and validate path: the document, or NULL with "<path>: ..." in err */
cJSON *db_bench_read(const char *path, char *err, size_t errlen);

/* validate a document already read (what = the file name for messages) */
int db_bench_validate(const cJSON *doc, const char *what, char *err, size_t errlen);

/* validate one run record: 0, or -1 with the field at fault in err */
int db_bench_record_valid(const cJSON *r, char *err, size_t errlen);

#endif
