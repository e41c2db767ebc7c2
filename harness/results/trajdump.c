/* trajdump.c — the time series file of one run (trajdump.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/jsonio.h"
#include "testset/dae.h"
#include "harness/results/trajdump.h"

int db_traj_dump(const char *path, const db_mech *m, const db_traj *sol, const double *a,
                 char *err, size_t errlen)
{
    char tmp[DB_PATH_MAX + 64];
    FILE *f = db_out_open(path, tmp, sizeof tmp, err, errlen); /* temp + rename (jsonio.h) */
    if (!f)
        return -1;
    int np = sol->size[DB_GP], nv = sol->size[DB_GV];
    int nl = sol->size[DB_GL], nm = sol->size[DB_GM];
    double e0 = NAN, scale = 1.0;
    if (m->energy && sol->nt > 0) {
        e0 = m->energy(m, sol->t[0], sol->x[DB_GP], sol->x[DB_GV]);
        scale = fmax(1.0, fabs(e0));
    }
    fprintf(f, "# daebench time series: t energy_drift res_position res_velocity "
               "res_acceleration\n");
    for (int k = 0; k < sol->nt; k++) {
        const double *p = sol->x[DB_GP] + (long)k * np, *v = sol->x[DB_GV] + (long)k * nv;
        double r[3], e = NAN;
        db_mech_residuals(m, sol->t[k], p, v, sol->x[DB_GL] + (long)k * nl,
                          sol->x[DB_GM] + (long)k * nm, a ? a + (long)k * nv : NULL, r);
        if (m->energy)
            e = (m->energy(m, sol->t[k], p, v) - e0) / scale;
        fprintf(f, "%.10g %.6e %.6e %.6e %.6e\n", sol->t[k], e, r[0], r[1], r[2]);
    }
    return db_out_commit(f, tmp, path, err, errlen);
}
