/* trajcsv.h — the trajectory of one run as CSV ("daebench run --trajectory
 * FILE.csv", docs/json.md §"Trajectory CSV"): one row per time of the
 * reference grid (the output times), columns t, p1..p_np, v1.., lambda1..,
 * mu1.., then err_p, err_v, err_lambda, err_mu — the group-scaled error of the
 * row against the reference (max_i |y_i − y_ref,i| / magnitude of the group,
 * measures.h), empty where the group is empty or there is no reference. */
#ifndef DAEBENCH_TRAJCSV_H
#define DAEBENCH_TRAJCSV_H

#include <stddef.h>

#include "reference/measures.h"

/* sol on the times of ref (ref NULL: no error columns filled); written
 * atomically; 0, or -1 with a message in err */
int db_traj_csv(const char *path, const db_traj *sol, const db_traj *ref,
                const double mag[DB_NGROUPS], char *err, size_t errlen);

#endif
