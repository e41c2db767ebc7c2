/* trajdump.h — the optional time series of one run (issue 8, "Diagrams": energy
 * and constraint residuals over time for the long pendulum run): a text file
 * with one line per output time "t energy_drift res_position res_velocity
 * res_acceleration", energy_drift = (E(t) − E(t0)) / max(1, |E(t0)|) (NaN when
 * the problem has no energy), residuals as db_mech_residuals (testset/dae.h). */
#ifndef DAEBENCH_TRAJDUMP_H
#define DAEBENCH_TRAJDUMP_H

#include <stddef.h>

#include "reference/measures.h"

/* write the series of the trajectory sol (a: accelerations [nt × nv] or NULL)
 * of system m to path; 0, or -1 with a message in err */
int db_traj_dump(const char *path, const db_mech *m, const db_traj *sol, const double *a,
                 char *err, size_t errlen);

#endif
