/* test_mechd_dispatch.c — the db_mechd_* functions (mechfd.h) call a present
 * analytic callback directly (issue 16: without the table look-ups of
 * db_mechd_eval); this checks, for every problem of the catalogue (default
 * scenario and parameters, at its initial values moved a little) and every
 * derivative kind, that each of them gives the bits of the general route —
 * zeros for a derivative that vanishes identically (constant M, no g_t, no
 * h), else db_mechd_eval with the analytic callback when present and finite
 * differences otherwise — on outputs filled with NaN first, so that a block
 * left unzeroed, a wrong block size or a wrong callback shows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testset/mechfd.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

/* the wrapper of kind k */
static void wrapper(db_mechfd *w, db_mechd_kind k, double t, const double *p, const double *v,
                    const double *lam, const double *mu, const double *x, double *o[4])
{
    switch (k) {
    case DB_MECHD_MW_P: db_mechd_Mw_p(w, t, p, x, o[0]); break;
    case DB_MECHD_FORCE_JAC: db_mechd_force_jac(w, t, p, v, lam, mu, o[0], o[1], o[2], o[3]); break;
    case DB_MECHD_GW_P: db_mechd_Gw_p(w, t, p, x, o[0]); break;
    case DB_MECHD_GTL_P: db_mechd_GTl_p(w, t, p, x, o[0]); break;
    case DB_MECHD_G_TP: db_mechd_g_tp(w, t, p, o[0]); break;
    case DB_MECHD_KAPPA_G_JAC: db_mechd_kappa_g_jac(w, t, p, v, o[0], o[1]); break;
    case DB_MECHD_HW_P: db_mechd_Hw_p(w, t, p, x, o[0]); break;
    case DB_MECHD_HTU_P: db_mechd_HTu_p(w, t, p, x, o[0]); break;
    case DB_MECHD_H_P: db_mechd_h_p(w, t, p, o[0]); break;
    case DB_MECHD_KAPPA_H_JAC: db_mechd_kappa_h_jac(w, t, p, v, o[0], o[1]); break;
    default: break;
    }
}

/* the general route the wrappers must agree with */
static void reference(db_mechfd *w, db_mechd_kind k, double t, const double *p, const double *v,
                      const double *lam, const double *mu, const double *x, double *o[4],
                      const int size[4], int nb)
{
    const db_mech *m = w->m;
    if ((k == DB_MECHD_MW_P && (m->flags & DB_MASS_CONST)) || (k == DB_MECHD_G_TP && !m->g_t) ||
        (k == DB_MECHD_H_P && !m->h)) {
        for (int b = 0; b < nb; b++)
            for (int i = 0; i < size[b]; i++)
                o[b][i] = 0.0;
        return;
    }
    db_mechd_eval(w, k, db_mechd_present(m, k), t, p, v, lam, mu, x, o);
}

static void check_problem(const db_problem *pb)
{
    double par[64];
    for (int i = 0; i < pb->nparams && i < 64; i++)
        par[i] = pb->params[i].def;
    db_mech m;
    char err[256] = "";
    if (pb->setup(&m, 0, par, err, sizeof err) != 0) {
        CHECK(0, "%s: setup failed: %s", pb->name, err);
        return;
    }
    const int np = m.np, nv = m.nv, nl = m.nl, nm = m.nm;
    int nmax = np > nv ? np : nv;
    nmax = nl > nmax ? nl : nmax;
    nmax = nm > nmax ? nm : nmax;
    nmax = nmax > 0 ? nmax : 1;
    const size_t sq = (size_t)nmax * (size_t)nmax;
    double *p = calloc((size_t)nmax, sizeof *p), *v = calloc((size_t)nmax, sizeof *v);
    double *lam = calloc((size_t)nmax, sizeof *lam), *mu = calloc((size_t)nmax, sizeof *mu);
    double *a = calloc((size_t)nmax, sizeof *a), *x = calloc((size_t)nmax, sizeof *x);
    double *R[4], *W[4];
    for (int b = 0; b < 4; b++) {
        R[b] = malloc(sq * sizeof(double));
        W[b] = malloc(sq * sizeof(double));
    }
    db_mechfd w;
    CHECK(db_mechfd_init(&w, &m) == 0, "%s: workspace", pb->name);
    m.init(&m, p, v, lam, mu, a);
    for (int i = 0; i < nmax; i++) {
        p[i] += 1e-3 * sin(1.1 * i + 0.4);
        v[i] += 1e-2 * cos(0.7 * i + 0.2);
        lam[i] += 0.1 * sin(1.9 * i + 0.5);
        mu[i] += 0.1 * cos(1.3 * i + 0.9);
        x[i] = sin(1.7 * i + 0.3) + 0.5;
    }
    const double t = m.t0 + 0.3 * (m.tend - m.t0);
    for (int k = 0; k < DB_MECHD_COUNT; k++) {
        /* the constraint derivatives exist only with their constraints (the
         * builder asks for them only then) */
        const int gkind = k == DB_MECHD_GW_P || k == DB_MECHD_GTL_P || k == DB_MECHD_G_TP ||
                          k == DB_MECHD_KAPPA_G_JAC;
        const int hkind = k == DB_MECHD_HW_P || k == DB_MECHD_HTU_P || k == DB_MECHD_H_P ||
                          k == DB_MECHD_KAPPA_H_JAC;
        if ((gkind && !nl) || (hkind && !nm))
            continue;
        int rows[4], cols[4], size[4] = {0, 0, 0, 0};
        const int nb = db_mechd_blocks(&m, (db_mechd_kind)k, rows, cols);
        for (int b = 0; b < nb; b++)
            size[b] = rows[b] * cols[b];
        for (int b = 0; b < 4; b++)
            for (size_t i = 0; i < sq; i++)
                R[b][i] = W[b][i] = NAN;
        reference(&w, (db_mechd_kind)k, t, p, v, lam, mu, x, R, size, nb);
        wrapper(&w, (db_mechd_kind)k, t, p, v, lam, mu, x, W);
        int same = 1;
        for (int b = 0; b < nb; b++)
            same &= memcmp(R[b], W[b], (size_t)size[b] * sizeof(double)) == 0;
        CHECK(same, "%s: db_mechd %s gives the bits of the general route", pb->name,
              db_mechd_name((db_mechd_kind)k));
    }
    db_mechfd_free(&w);
    for (int b = 0; b < 4; b++) {
        free(R[b]);
        free(W[b]);
    }
    free(p), free(v), free(lam), free(mu), free(a), free(x);
    if (pb->teardown)
        pb->teardown(&m);
}

int main(void)
{
    int n = 0;
    for (int i = 0; db_problems[i]; i++, n++)
        check_problem(db_problems[i]);
    CHECK(n >= 10, "the catalogue has its problems (%d)", n);
    return check_summary();
}
