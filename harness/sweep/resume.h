/* resume.h — nothing lost (issue 10): a sweep interrupted by SIGINT or SIGTERM
 * stops starting runs, keeps what finished and writes it (bench.c); "bench
 * --resume" reads the bench file already in --out and reuses its finished runs
 * instead of running them again.  A run is identified by problem, scenario,
 * params, formulation, solver, variant, rtol and atol; every record of the file
 * (ok, failed or unsupported) counts as finished; the run of a plugin's solver
 * only if its record names the same plugin checksum: the sha256 is part of the
 * run's identity, another build of the plugin runs again, and the records of a
 * loaded plugin's solver made by another build are not kept among the runs
 * outside the selection (db_resume_unused): one build per solver in a file. */
#ifndef DAEBENCH_RESUME_H
#define DAEBENCH_RESUME_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "harness/run/run.h"

typedef struct db_resume db_resume;

/* Read the bench file path for resuming.  Returns 0 with *out set (empty when
 * the file does not exist), or -1 with a one-line message naming the file when
 * it is unreadable, too large, not JSON, not a daebench.bench/1 file or holds a
 * malformed run record (benchfile.h).  A record whose run is already in the
 * file (same identity) is dropped. */
int db_resume_load(const char *path, db_resume **out, char *err, size_t errlen);

/* add the records of the part files dir/<prefix>*.json that the workers of a
 * killed sweep left (each a JSON array of run records, written atomically);
 * runs already known are not added twice.  The number of records added, or -1
 * with a message for a malformed part file. */
int db_resume_load_parts(db_resume *r, const char *dir, const char *prefix, char *err,
                         size_t errlen);

/* the finished record of the run of spec (owned by r), or NULL; counts a hit
 * (O(log n): the keys are sorted) */
const cJSON *db_resume_find(db_resume *r, const db_run_spec *spec);
/* the records not found by db_resume_find (runs outside the current selection,
 * kept by --resume), in file order: start with *iter = 0, NULL at the end */
const cJSON *db_resume_unused(const db_resume *r, int *iter);
int db_resume_records(const db_resume *r);   /* records in the file */
int db_resume_hits(const db_resume *r);      /* records found by db_resume_find */
void db_resume_free(db_resume *r);

/* remove the files of directory dir whose names begin with prefix (the
 * temporary files of workers killed while writing) */
void db_remove_prefixed(const char *dir, const char *prefix);
/* how many files of directory dir have names beginning with prefix */
int db_count_prefixed(const char *dir, const char *prefix);

/* SIGINT/SIGTERM/SIGHUP set a flag instead of ending the program (no SA_RESTART, so a
 * blocking wait returns EINTR); db_interrupted gives the signal number or 0 */
void db_interrupt_install(void);
int db_interrupted(void);

#endif
