/* compare.h — run-by-run comparison of two bench files for the diff page of
 * "daebench report --baseline" (report.c).  One function with a plain
 * interface, so that it can later be pointed at the comparison of "daebench
 * check" (check.c): db_compare fills one row per run identity (problem,
 * scenario, params, formulation, solver, variant, rtol) present in either
 * file, classified as
 *   WORSE  : ok → not ok; missing now; scd down by more than DB_CMP_SCD digits;
 *            steps, f_evals or decompositions up by more than DB_CMP_COUNT
 *            (relative), or a new run that fails;
 *   BETTER : not ok → ok; scd up by more than DB_CMP_SCD; one of those counters
 *            down by more than DB_CMP_COUNT, and nothing worse;
 *   SAME   : everything else (CPU time is not compared: too noisy for a diff);
 *   NEW    : a run only in the current file that is ok.
 * `what` says why ("scd 7.12 -> 6.40", "f_evals +23%"), in the order found. */
#ifndef DAEBENCH_COMPARE_H
#define DAEBENCH_COMPARE_H

#include <cjson/cJSON.h>

#define DB_CMP_SCD 0.5
#define DB_CMP_COUNT 0.10

typedef enum { DB_CMP_SAME = 0, DB_CMP_WORSE, DB_CMP_BETTER, DB_CMP_NEW } db_cmp_kind;

typedef struct {
    const cJSON *base, *cur;  /* the run records (either may be NULL) */
    db_cmp_kind kind;
    char what[200];
} db_cmp_row;

/* compare the "runs" arrays; *rows (malloc'd, caller frees) gets one row per
 * identity; returns the count or -1 (out of memory) */
int db_compare(const cJSON *base_runs, const cJSON *cur_runs, db_cmp_row **rows);

/* the identity key of a run record (as above) into buf */
void db_compare_key(const cJSON *run, char *buf, size_t len);

#endif
