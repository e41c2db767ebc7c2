/* pendulum_chain_model.h — the pendulum chain's model functions (M, f, g, G,
 * g_t, κ) written once in db_real (real.h): included by pendulum_chain.c, where
 * they are the double callbacks, and by pendulum_chain_ld.c (DB_REAL_LONG),
 * where they make the long double table of the reference integrator (mech_ld.h).
 * The equations are those of pendulum_chain.c's header comment (sheet §3). */
#ifndef DAEBENCH_PENDULUM_CHAIN_MODEL_H
#define DAEBENCH_PENDULUM_CHAIN_MODEL_H

#include "mech.h"
#include "real.h"

#define PC_M 1.0      /* point masses [kg] (seed 002) */
#define PC_L 1.0      /* rod length [m] (seed 002) */
#define PC_GRAV 9.81  /* gravity [m/s²], sheet §2 (not given in the seed) */

/* suspension path: position, velocity, acceleration at t */
static void pc_susp(const db_mech *m, db_real t, db_real s[6])
{
    db_real om = m->par[1], sn = DB_RSIN(om * t), cs = DB_RCOS(om * t);
    s[0] = 2.0 + 0.3 * sn;
    s[1] = 0.2 * sn;
    s[2] = 0.3 * om * cs;
    s[3] = 0.2 * om * cs;
    s[4] = -0.3 * om * om * sn;
    s[5] = -0.2 * om * om * sn;
}

static void pc_mass(const db_mech *m, db_real t, const db_real *p, db_real *M)
{
    (void)t;
    (void)p;
    for (int j = 0; j < m->nv; j++)
        M[j + (long)j * m->nv] = PC_M;
}

static void pc_force(const db_mech *m, db_real t, const db_real *p, const db_real *v,
                     const db_real *lam, const db_real *mu, db_real *f)
{
    (void)t;
    (void)p;
    (void)v;
    (void)lam;
    (void)mu;
    for (int i = 0; i < m->nl; i++)
        f[2 * i + 1] = -PC_M * PC_GRAV;
}

/* Δx_i, Δy_i of rod i = 0..N−1 (0-based) */
static void pc_delta(const db_real *p, const db_real s[6], int i, db_real *dx, db_real *dy)
{
    *dx = p[2 * i] - (i == 0 ? s[0] : p[2 * i - 2]);
    *dy = p[2 * i + 1] - (i == 0 ? s[1] : p[2 * i - 1]);
}

/* relative velocity of rod i (0-based) */
static void pc_dvel(const db_real *v, const db_real s[6], int i, db_real *du, db_real *dw)
{
    *du = v[2 * i] - (i == 0 ? s[2] : v[2 * i - 2]);
    *dw = v[2 * i + 1] - (i == 0 ? s[3] : v[2 * i - 1]);
}

static void pc_g(const db_mech *m, db_real t, const db_real *p, db_real *g)
{
    db_real s[6], dx, dy;
    pc_susp(m, t, s);
    for (int i = 0; i < m->nl; i++) {
        pc_delta(p, s, i, &dx, &dy);
        g[i] = dx * dx + dy * dy - PC_L * PC_L;
    }
}

/* G dense (nl × np): row i holds (2Δx_i, 2Δy_i) at mass i and minus that at
 * mass i−1 */
static void pc_G(const db_mech *m, db_real t, const db_real *p, db_real *G)
{
    db_real s[6], dx, dy;
    int nl = m->nl;
    pc_susp(m, t, s);
    for (int i = 0; i < nl; i++) {
        pc_delta(p, s, i, &dx, &dy);
        G[i + (long)(2 * i) * nl] = 2.0 * dx;
        G[i + (long)(2 * i + 1) * nl] = 2.0 * dy;
        if (i > 0) {
            G[i + (long)(2 * i - 2) * nl] = -2.0 * dx;
            G[i + (long)(2 * i - 1) * nl] = -2.0 * dy;
        }
    }
}

static void pc_g_t(const db_mech *m, db_real t, const db_real *p, db_real *gt)
{
    db_real s[6], dx, dy;
    pc_susp(m, t, s);
    pc_delta(p, s, 0, &dx, &dy);
    gt[0] = -2.0 * (dx * s[2] + dy * s[3]);
}

static void pc_kappa_g(const db_mech *m, db_real t, const db_real *p, const db_real *v,
                       db_real *k)
{
    db_real s[6], du, dw, dx, dy;
    pc_susp(m, t, s);
    for (int i = 0; i < m->nl; i++) {
        pc_dvel(v, s, i, &du, &dw);
        k[i] = 2.0 * (du * du + dw * dw);
    }
    pc_delta(p, s, 0, &dx, &dy);
    k[0] -= 2.0 * (dx * s[4] + dy * s[5]);
}

#endif
