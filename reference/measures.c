/* measures.c — errors per group, scd, mescd, constraint residuals and invariant
 * drift of a run (DESIGN.md §"JSON"; scd/mescd after the IVP test set of
 * Mazzia & Magherini, sect. I.1.4). */
#include <math.h>

#include "measures.h"
#include "testset/dae.h"

const char *const db_group_names[DB_NGROUPS] = {"p", "v", "lambda", "mu"};

void db_group_magnitude(const db_traj *ref, double *const end[DB_NGROUPS],
                        double mag[DB_NGROUPS])
{
    for (int g = 0; g < DB_NGROUPS; g++) {
        int n = ref->size[g];
        if (n == 0) {
            mag[g] = NAN;
            continue;
        }
        double m = 0.0;
        for (int k = 0; k < ref->nt; k++)
            for (int i = 0; i < n; i++)
                m = fmax(m, fabs(ref->x[g][(long)k * n + i]));
        if (end && end[g])
            for (int i = 0; i < n; i++)
                m = fmax(m, fabs(end[g][i]));
        mag[g] = m > 0.0 ? m : 1.0;
    }
}

double db_group_error(const double *y, const double *yref, int n, double mag)
{
    if (n == 0)
        return NAN;
    double e = 0.0;
    for (int i = 0; i < n; i++) {
        double d = fabs(y[i] - yref[i]);
        if (isnan(d)) /* a NaN component makes the error NaN */
            return NAN;
        if (d > e)
            e = d;
    }
    return e / mag;
}

void db_end_errors(double *const y[DB_NGROUPS], double *const yref[DB_NGROUPS],
                   const int size[DB_NGROUPS], const double mag[DB_NGROUPS],
                   double err[DB_NGROUPS])
{
    for (int g = 0; g < DB_NGROUPS; g++)
        err[g] = db_group_error(y[g], yref[g], size[g], mag[g]);
}

void db_grid_errors(const db_traj *sol, const db_traj *ref, double t0, double tend,
                    const double mag[DB_NGROUPS], double err[DB_NGROUPS])
{
    int inside = 0;
    for (int k = 0; k < ref->nt; k++)
        if (ref->t[k] > t0 && ref->t[k] <= tend)
            inside++;
    for (int g = 0; g < DB_NGROUPS; g++) {
        int n = ref->size[g];
        if (n == 0 || inside < DB_MIN_GRID_POINTS) {
            err[g] = NAN;
            continue;
        }
        double e = 0.0;
        for (int k = 0; k < ref->nt; k++) {
            double ek = db_group_error(sol->x[g] + (long)k * n, ref->x[g] + (long)k * n, n,
                                       mag[g]);
            if (!(ek <= e))
                e = ek;
        }
        err[g] = e;
    }
}

double db_scd(double ep, double ev)
{
    double e;
    if (isnan(ep) && isnan(ev))
        return NAN;
    if (isnan(ep))
        e = ev;
    else if (isnan(ev))
        e = ep;
    else
        e = fmax(ep, ev);
    if (!isfinite(e))
        return NAN;
    return -log10(fmax(e, DB_ERR_FLOOR));
}

static int ivp_max(const double *y, const double *yref, int n, double *e, int *used)
{
    for (int i = 0; i < n; i++) {
        if (isnan(y[i]))
            return -1;
        if (!(fabs(yref[i]) >= DB_IVP_MIN_VALUE))
            continue;
        (*used)++;
        *e = fmax(*e, fabs(y[i] - yref[i]) / fabs(yref[i]));
    }
    return 0;
}

double db_ivp_scd(const double *p, const double *pref, int np, const double *v,
                  const double *vref, int nv)
{
    double e = 0.0;
    int used = 0;
    if (ivp_max(p, pref, np, &e, &used) || ivp_max(v, vref, nv, &e, &used) || used == 0 ||
        !isfinite(e))
        return NAN;
    return -log10(fmax(e, DB_ERR_FLOOR));
}

double db_mescd(const double *p, const double *pref, int np, const double *v,
                const double *vref, int nv, double rtol, double atol)
{
    double ratio = atol / rtol, e = 0.0;
    for (int i = 0; i < np; i++)
        e = fmax(e, fabs(p[i] - pref[i]) / (ratio + fabs(pref[i])));
    for (int i = 0; i < nv; i++)
        e = fmax(e, fabs(v[i] - vref[i]) / (ratio + fabs(vref[i])));
    for (int i = 0; i < np; i++)
        if (isnan(p[i]))
            return NAN;
    for (int i = 0; i < nv; i++)
        if (isnan(v[i]))
            return NAN;
    return -log10(fmax(e, DB_ERR_FLOOR));
}

void db_traj_residuals(const db_mech *m, const db_traj *sol, const double *a, double res[3])
{
    res[0] = res[1] = res[2] = 0.0;
    int np = sol->size[DB_GP], nv = sol->size[DB_GV];
    int nl = sol->size[DB_GL], nm = sol->size[DB_GM];
    for (int k = 0; k < sol->nt; k++) {
        double r[3];
        db_mech_residuals(m, sol->t[k], sol->x[DB_GP] + (long)k * np,
                          sol->x[DB_GV] + (long)k * nv, sol->x[DB_GL] + (long)k * nl,
                          sol->x[DB_GM] + (long)k * nm, a ? a + (long)k * nv : NULL, r);
        for (int l = 0; l < 3; l++)
            if (!(r[l] <= res[l])) /* NaN sticks */
                res[l] = isnan(res[l]) ? res[l] : r[l];
    }
}

double db_invariant_drift(const db_mech *m, const db_traj *sol)
{
    if (!m->energy || sol->nt == 0)
        return NAN;
    int np = sol->size[DB_GP], nv = sol->size[DB_GV];
    double e0 = m->energy(m, sol->t[0], sol->x[DB_GP], sol->x[DB_GV]);
    double scale = fmax(1.0, fabs(e0)), d = 0.0;
    for (int k = 1; k < sol->nt; k++) {
        double e = m->energy(m, sol->t[k], sol->x[DB_GP] + (long)k * np,
                             sol->x[DB_GV] + (long)k * nv);
        double dk = fabs(e - e0) / scale;
        if (!(dk <= d))
            d = dk;
    }
    return d;
}
