/* measure_names.h — the accuracy measures a run record holds under
 * "error" (DESIGN.md §"JSON", README "Measures"), by their true names, for the
 * commands that let the user pick one (check --measure, plot --measure):
 *   gscd       group-scaled scd: −log10 of the larger end error of p and v, each
 *              group's error scaled by the group's magnitude (older files: "scd")
 *   ivp_scd    the IVP test set's componentwise scd: −log10 of the largest
 *              relative error |y_i − y_ref,i| / |y_ref,i| over the components of
 *              p and v at t_end (measures.h, db_ivp_scd)
 *   lambda_scd −log10 of the larger group-scaled end error of λ and μ (the
 *              multipliers) */
#ifndef DAEBENCH_MEASURE_NAMES_H
#define DAEBENCH_MEASURE_NAMES_H

#include <cjson/cJSON.h>

typedef struct {
    const char *name;   /* field of "error" */
    const char *title;  /* for axis labels and reports */
} db_measure_name;

/* NULL-terminated; the first is the default */
extern const db_measure_name db_measure_names[];

/* the entry named name, or NULL */
const db_measure_name *db_measure_find(const char *name);

/* the measure of run record r: error.<name> (for gscd, error.scd in files made
 * before it had its own name); NAN when null or absent; *present = whether the
 * record has the field at all (may be NULL) */
double db_measure_of(const cJSON *r, const char *name, int *present);

#endif
