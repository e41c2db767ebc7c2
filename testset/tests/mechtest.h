/* mechtest.h — what the tests of the test-set problems share (static inline, for
 * the tests of testset/tests/ only): reproducible random states near a given one
 * (for the FD checks of the derivatives), building a formulation under CHECK,
 * the residual of a formulation at its initial values, and a solver run on a
 * formulation at one tolerance to given output times.  Written for daebench. */
#ifndef DAEBENCH_MECHTEST_H
#define DAEBENCH_MECHTEST_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/tests/check.h"

/* uniform in [−1/2, 1/2) from the state *s (a fixed LCG: reproducible draws) */
static inline double mt_urand(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return ((*s >> 8) & 0xffffff) / (double)0x1000000 - 0.5;
}

/* a random state near p: q_i = p_i + dp·U and w_i = dv·U (drawn in turn per
 * coordinate i < np), then l_i = dl·U (i < nl), U = mt_urand(seed) */
static inline void mt_perturbed_state(unsigned *seed, int np, const double *p, double dp,
                                      double dv, int nl, double dl, double *q, double *w,
                                      double *l)
{
    for (int i = 0; i < np; i++) {
        q[i] = p[i] + dp * mt_urand(seed);
        w[i] = dv * mt_urand(seed);
    }
    for (int i = 0; i < nl; i++)
        l[i] = dl * mt_urand(seed);
}

/* formulation f of m into d, CHECKed to build: 0, or nonzero (d is not built) */
static inline int mt_build(db_dae *d, const db_mech *m, db_form f)
{
    char err[200] = "";
    int rc = db_dae_build(d, m, f, err, sizeof err);
    CHECK(rc == 0, "build %s: %s", db_form_name(f), err);
    return rc;
}

/* max |R(t0, y0, y0')| of d: 0 at consistent initial values; NAN if the residual
 * could not be evaluated */
static inline double mt_residual_at_y0(const db_dae *d)
{
    double *R = calloc((size_t)d->neq, sizeof *R);
    double r = NAN;
    if (R && db_dae_residual(d, d->t0, d->y0, d->yp0, R) == 0) {
        r = 0.0;
        for (int i = 0; i < d->neq; i++)
            r = fmax(r, fabs(R[i]));
    }
    free(R);
    return r;
}


/* every formulation of m builds with n_exp[f] unknowns and neq_exp[f] equations,
 * accelerations as unknowns (off_a >= 0) exactly when accel, and its residual at
 * the initial values is at most tol */
static inline void mt_check_dims(const db_mech *m, const int n_exp[DB_NFORMS],
                                 const int neq_exp[DB_NFORMS], int accel, double tol)
{
    for (int f = 0; f < DB_NFORMS; f++) {
        db_dae d;
        if (mt_build(&d, m, (db_form)f) != 0)
            continue;
        CHECK(d.n == n_exp[f] && d.neq == neq_exp[f] && (d.off_a >= 0) == (accel != 0),
              "%s: n = %d, neq = %d, off_a = %d", db_form_name((db_form)f), d.n, d.neq,
              d.off_a);
        double r = mt_residual_at_y0(&d);
        CHECK(r <= tol, "%s: residual at y0 = %.3e", db_form_name((db_form)f), r);
        db_dae_free(&d);
    }
}

/* solver s on d at rtol = atol = tol, at most max_steps steps, with output at the
 * nt times t into y[nt · d->n] (NULL: DB_FAIL_MEMORY, for a failed calloc of the
 * caller); c is zeroed first */
static inline db_status mt_integrate(const db_solver *s, const db_dae *d, double tol,
                                     long max_steps, int nt, const double *t, double *y,
                                     db_counters *c, char *msg, size_t msglen)
{
    db_output out = {nt, t, y, NULL};
    db_solver_opts o = {0};
    o.rtol = o.atol = tol;
    o.max_steps = max_steps;
    memset(c, 0, sizeof *c);
    return y ? s->integrate(d, &o, &out, c, msg, msglen) : DB_FAIL_MEMORY;
}

/* radau5 on formulation f of m at rtol = atol = tol (at most max_steps steps) to
 * t_end, the end state written in the layout of the problem's published
 * reference (pub->map, CHECKed) into y[pub->n]; prints one line; the status */
static inline db_status mt_run_published(const db_published *pub, const db_mech *m, db_form f,
                                         double tol, long max_steps, double *y_pub)
{
    const db_solver *s = db_solver_find("radau5");
    db_dae d;
    char msg[256] = "";
    if (!s || db_dae_build(&d, m, f, msg, sizeof msg) != 0) {
        CHECK(0, "radau5 / build %s: %s", db_form_name(f), msg);
        return DB_FAIL_MEMORY;
    }
    double t[1] = {m->tend}, *y = calloc((size_t)d.n, sizeof *y);
    db_counters c;
    db_status st = mt_integrate(s, &d, tol, max_steps, 1, t, y, &c, msg, sizeof msg);
    printf("radau5 %s tol %g to t = %g: %s, %ld steps %s\n", db_form_name(f), tol, m->tend,
           db_status_name(st), c.steps, msg);
    if (st == DB_OK)
        CHECK(pub->map(m, y + d.off_p, y + d.off_v, y + d.off_l, y + d.off_l, y_pub) == 0,
              "the end state in the published layout");
    free(y);
    db_dae_free(&d);
    return st;
}

#endif
