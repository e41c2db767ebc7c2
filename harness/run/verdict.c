/* verdict.c — a run judged by its own evidence (verdict.h): departure from the
 * reference along the grid, the rank of G where an integration failed, and the
 * failure time read from the solver's message. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/run/verdict.h"
#include "solvers/linalg.h"

int db_departure_find(const db_mech *m, const db_traj *sol, const db_traj *ref,
                      const double *mag, double t0, db_departure *out)
{
    memset(out, 0, sizeof *out);
    out->t = NAN;
    for (int k = 0; k < ref->nt; k++) {
        double t = ref->t[k];
        if (!(t > t0))
            continue;
        const double *p = sol->x[DB_GP] + (long)k * sol->size[DB_GP];
        const double *v = sol->x[DB_GV] + (long)k * sol->size[DB_GV];
        if (m->branch_gap) {
            double gap = m->branch_gap(m, t, p, v);
            if (!(gap < 1.0)) {
                out->left = 1;
                out->t = t;
                out->klass = "branch";
                snprintf(out->why, sizeof out->why,
                         "left the solution at t = %.6g: on another branch (branch test "
                         "%.3g >= 1)", t, gap);
                return 1;
            }
        }
        double e[2];
        for (int g = DB_GP; g <= DB_GV; g++) {
            int n = sol->size[g];
            e[g - DB_GP] = n > 0 ? db_group_error(sol->x[g] + (long)k * n,
                                                  ref->x[g] + (long)k * n, n, mag[g])
                                 : 0.0;
        }
        /* the larger; a NaN is larger than any number */
        int gw = isnan(e[0]) ? 0 : isnan(e[1]) ? 1 : e[1] > e[0];
        double ew = e[gw];
        if (!(ew < DB_LEFT_ERROR)) {
            out->left = 1;
            out->t = t;
            out->klass = "diverged";
            snprintf(out->why, sizeof out->why,
                     "left the solution at t = %.6g: group-scaled error of %s %.3g >= "
                     "10^-0.5", t, gw ? "v" : "p", ew);
            return 1;
        }
    }
    return 0;
}

double db_constraint_rank_ratio(const db_mech *m, double t, const double *p)
{
    int r = m->nl, c = m->np;
    if (r == 0)
        return 1.0;
    if (!m->G)
        return NAN;
    if (r > c)
        return 0.0;
    int ns = r, lwork = -1, info = 0, one = 1;
    double *G = calloc((size_t)r * c, sizeof *G), *s = malloc((size_t)ns * sizeof *s);
    double q = 0, ratio = NAN;
    if (!G || !s)
        goto done;
    m->G(m, t, p, G);
    /* each row to unit length: a constraint's scale is not a loss of rank */
    for (int i = 0; i < r; i++) {
        double nrm = 0.0;
        for (int j = 0; j < c; j++)
            nrm = hypot(nrm, G[i + (size_t)r * j]);
        for (int j = 0; nrm > 0.0 && j < c; j++)
            G[i + (size_t)r * j] /= nrm;
    }
    dgesvd_("N", "N", &r, &c, G, &r, s, NULL, &one, NULL, &one, &q, &lwork, &info, 1, 1);
    if (info != 0)
        goto done;
    lwork = (int)q;
    double *work = malloc((size_t)(lwork > 1 ? lwork : 1) * sizeof *work);
    if (!work)
        goto done;
    dgesvd_("N", "N", &r, &c, G, &r, s, NULL, &one, NULL, &one, work, &lwork, &info, 1, 1);
    free(work);
    if (info == 0)
        ratio = s[0] > 0 ? s[ns - 1] / s[0] : 0.0;
done:
    free(G);
    free(s);
    return ratio;
}

const char *db_fail_class(db_status st, int default_variant, double rho0, double rhof,
                          double t_fail, char *why, size_t len)
{
    if (len)
        why[0] = '\0';
    int solver_fail = st == DB_FAIL_NEWTON || st == DB_FAIL_STEPSIZE || st == DB_FAIL_NONFINITE;
    if (!solver_fail && !(st == DB_FAIL_INPUT && default_variant))
        return db_status_name(st);
    if (rho0 <= DB_RANK_DEFICIENT) {
        snprintf(why, len, "G is rank deficient at t0 (sigma_min/sigma_max %.1e)", rho0);
        return "redundant";
    }
    if (!solver_fail)
        return db_status_name(st);
    double rel = rhof / rho0;
    if (rel <= DB_NEAR_SINGULAR) {
        snprintf(why, len, "G near rank deficient at the failure, t = %.6g "
                 "(sigma_min/sigma_max %.2g of the reference state, %.2g at t0)", t_fail,
                 rhof, rho0);
        return "singular";
    }
    if (isfinite(rel))
        snprintf(why, len, "G not near rank deficient at the failure, t = %.6g "
                 "(sigma_min/sigma_max %.2g of the reference state, %.2g at t0)", t_fail,
                 rhof, rho0);
    return db_status_name(st);
}

double db_message_time(const char *msg)
{
    double t = NAN;
    for (const char *s = msg; s && (s = strstr(s, "t")) != NULL; s++) {
        if (s > msg && (s[-1] == '_' || (s[-1] >= 'a' && s[-1] <= 'z')
                        || (s[-1] >= 'A' && s[-1] <= 'Z')))
            continue;
        const char *q = s + 1;
        while (*q == ' ')
            q++;
        if (*q != '=')
            continue;
        q++;
        while (*q == ' ')
            q++;
        char *end;
        double x = strtod(q, &end);
        if (end != q && isfinite(x))
            t = x;
    }
    return t;
}

int db_ref_positions_at(const db_problem *prob, const db_mech *m, const db_ref *ref, double t,
                        double *p)
{
    int np = m->np;
    if (!isfinite(t))
        return -1;
    if (prob && prob->exact) {
        double *w = malloc(((size_t)m->nv + m->nl + m->nm + 3) * sizeof *w);
        if (!w)
            return -1;
        /* at a singular instant exact() has no λ but p and v are written */
        prob->exact(m, t, p, w, w + m->nv + 1, w + m->nv + m->nl + 2);
        free(w);
        return 0;
    }
    if (!ref || !ref->have || ref->grid.nt < 1)
        return -1;
    const db_traj *g = &ref->grid;
    int k = 0;
    while (k + 1 < g->nt && ref->t[k + 1] < t)
        k++;
    const double *a = g->x[DB_GP] + (long)k * np;
    if (k + 1 >= g->nt || t <= ref->t[k]) {
        memcpy(p, a, (size_t)np * sizeof *p);
        return 0;
    }
    const double *b = a + np;
    double s = (t - ref->t[k]) / (ref->t[k + 1] - ref->t[k]);
    for (int i = 0; i < np; i++)
        p[i] = a[i] + s * (b[i] - a[i]);
    return 0;
}

const char *db_fail_class_of_run(const db_problem *prob, const db_mech *m, const db_ref *ref,
                                 const double *p0, db_status st, int default_variant,
                                 const char *msg, char *why, size_t len)
{
    double rho0 = NAN, rhof = NAN, tf = db_message_time(msg);
    if (st == DB_FAIL_INPUT && !isfinite(tf) && m)
        tf = m->t0;
    if (m && m->nl > 0 && p0) {
        rho0 = db_constraint_rank_ratio(m, m->t0, p0);
        double *p = malloc(((size_t)m->np + 1) * sizeof *p);
        if (p && db_ref_positions_at(prob, m, ref, tf, p) == 0)
            rhof = db_constraint_rank_ratio(m, tf, p);
        free(p);
    }
    return db_fail_class(st, default_variant, rho0, rhof, tf, why, len);
}
