/* measure_names.c — the accuracy measures of a run record by name
 * (measure_names.h). */
#include <math.h>
#include <string.h>

#include "measure_names.h"

const db_measure_name db_measure_names[] = {
    {"gscd", "gscd (group-scaled digits of p and v)"},
    {"ivp_scd", "ivp_scd (the IVP test set's componentwise digits of p and v)"},
    {"lambda_scd", "lambda_scd (lambda digits: group-scaled digits of the multipliers)"},
    {NULL, NULL},
};

const db_measure_name *db_measure_find(const char *name)
{
    for (const db_measure_name *m = db_measure_names; m->name; m++)
        if (strcmp(m->name, name) == 0)
            return m;
    return NULL;
}

double db_measure_of(const cJSON *r, const char *name, int *present)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(e, name);
    if (!x && strcmp(name, "gscd") == 0)
        x = cJSON_GetObjectItemCaseSensitive(e, "scd");
    if (present)
        *present = x != NULL;
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}
