/* fekete_model.h — the Fekete problem's model functions (M, f, g, G, κ) written
 * once in db_real (real.h): included by fekete.c, where they are the double
 * callbacks, and by fekete_ld.c (DB_REAL_LONG), the long double table of the
 * reference integrator (mech_ld.h).  Equations: fekete.c's header comment. */
#ifndef DAEBENCH_FEKETE_MODEL_H
#define DAEBENCH_FEKETE_MODEL_H

#include <stddef.h>

#include "mech.h"
#include "real.h"

#define FK_N(m) ((int)(m)->par[0])
#define FK_ALPHA(m) ((m)->par[1])

static void fk_mass(const db_mech *m, db_real t, const db_real *p, db_real *M)
{
    (void)t, (void)p;
    for (int i = 0; i < m->nv; i++)
        M[i + (size_t)m->nv * i] = 1.0;
}

static void fk_force(const db_mech *m, db_real t, const db_real *p, const db_real *v,
                     const db_real *lam, const db_real *mu, db_real *f)
{
    (void)t, (void)lam, (void)mu;
    int N = FK_N(m);
    db_real al = FK_ALPHA(m);
    for (int i = 0; i < N; i++) {
        for (int j = i + 1; j < N; j++) {
            db_real d[3], r2 = 0.0;
            for (int k = 0; k < 3; k++) {
                d[k] = p[3 * i + k] - p[3 * j + k];
                r2 += d[k] * d[k];
            }
            for (int k = 0; k < 3; k++) {
                f[3 * i + k] += d[k] / r2;
                f[3 * j + k] -= d[k] / r2;
            }
        }
        for (int k = 0; k < 3; k++)
            f[3 * i + k] -= al * v[3 * i + k];
    }
}

static void fk_g(const db_mech *m, db_real t, const db_real *p, db_real *g)
{
    (void)t;
    for (int i = 0; i < m->nl; i++)
        g[i] = p[3 * i] * p[3 * i] + p[3 * i + 1] * p[3 * i + 1] + p[3 * i + 2] * p[3 * i + 2]
               - 1.0;
}

/* a block-diagonal row: row i holds c·x_i (3 entries) in block i */
static void fk_rows(const db_mech *m, const db_real *x, db_real c, db_real *out)
{
    for (int i = 0; i < m->nl; i++)
        for (int k = 0; k < 3; k++)
            out[i + (size_t)m->nl * (3 * i + k)] = c * x[3 * i + k];
}

static void fk_G(const db_mech *m, db_real t, const db_real *p, db_real *G)
{
    (void)t;
    fk_rows(m, p, 2.0, G);
}

static void fk_kappa_g(const db_mech *m, db_real t, const db_real *p, const db_real *v,
                       db_real *k)
{
    (void)t, (void)p;
    for (int i = 0; i < m->nl; i++)
        k[i] = 2.0 * (v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1]
                      + v[3 * i + 2] * v[3 * i + 2]);
}

#endif
