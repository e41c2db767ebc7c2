/* reference_table.h — the table of the stored reference solutions (issue 13):
 * per file the two method families (primary, stored, and check), their
 * agreement per group over the grid and at t_end, and the digits (scd) the
 * best run of a sweep reaches on that problem and scenario, so that a reader
 * sees the reference is not what limits the runs.  Used by `daebench report`
 * and `daebench reference --table` (README "Reference solutions"). */
#ifndef DAEBENCH_REFERENCE_TABLE_H
#define DAEBENCH_REFERENCE_TABLE_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* write the table in Markdown to md and in HTML to html (either may be NULL);
 * runs: the runs array of a daebench.bench/1 file, or NULL (no sweep column).
 * Returns the number of stored references listed. */
int db_reference_table(FILE *md, FILE *html, const cJSON *runs);

#endif
