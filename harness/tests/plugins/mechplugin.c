/* mechplugin.c — a test plugin for harness/tests/test_plugin_adapter.c that
 * checks, from the plugin's side of the ABI, what daebench hands over
 * (harness/run/plugin.c): solver "mechview" evaluates the mechanical view at the
 * initial values — g = 0, G v + g_t = 0, H v + h = 0, G a + kappa_g = 0,
 * H a + kappa_h = 0 and the force balance M a = f - G^T lam - H^T mu, with a
 * the accelerations of y0 (off_a) or of yp0 — and that E y0' = F(t0, y0); calls
 * rhs 7 times and the Jacobian 3 times (sparse when offered) while claiming
 * f_evals = 0 and jac_evals = 1; names an extra counter "rhs calls" (a space
 * daebench must not let through); writes y0 at every output time.  Any check
 * that fails returns DBP_FAIL_INPUT naming it.  Solver "badstatus" returns 42;
 * "picky" supports only problems without nonholonomic constraints. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <daebench/plugin.h>

int daebench_plugin_abi_version(void)
{
    return DAEBENCH_PLUGIN_ABI_VERSION;
}

int daebench_plugin_count(void)
{
    return 3;
}

int daebench_plugin_describe(int k, dbp_solver_desc *d)
{
    static const char *const names[3] = {"mechview", "badstatus", "picky"};
    if (k < 0 || k > 2)
        return -1;
    snprintf(d->name, sizeof d->name, "%s", names[k]);
    snprintf(d->title, sizeof d->title, "test only: checks the ABI view\nsecond line");
    d->forms = DBP_FORM_BIT(DBP_EOM1) | DBP_FORM_BIT(DBP_EOM0) | DBP_FORM_BIT(DBP_GGL);
    return 0;
}

int daebench_plugin_supports(int k, const dbp_dae *dae, char *msg, size_t msglen)
{
    if (k == 2 && dae->mech && dae->mech->nm > 0) {
        snprintf(msg, msglen, "picky: no nonholonomic constraints");
        return 0;
    }
    return 1;
}

static double maxabs(const double *x, int n)
{
    double m = 0.0;
    for (int i = 0; i < n; i++)
        m = fmax(m, fabs(x[i]));
    return m;
}

/* the checks; NULL if all hold, else what failed */
static const char *check(const dbp_dae *d, char *buf, size_t len)
{
    const dbp_mech *m = d->mech;
    if (!m)
        return "no mechanical view";
    int np = m->np, nv = m->nv, nl = m->nl, nm = m->nm, n = d->n;
    if (d->off_p < 0 || d->off_v < 0 || (nl > 0 && d->off_l < 0) || (nm > 0 && d->off_m < 0))
        return "group offsets";
    const double *p = d->y0 + d->off_p, *v = d->y0 + d->off_v;
    const double *lam = nl ? d->y0 + d->off_l : NULL, *mu = nm ? d->y0 + d->off_m : NULL;
    const double *a = d->off_a >= 0 ? d->y0 + d->off_a : d->yp0 + d->off_v;
    size_t big = (size_t)(np + nv + nl + nm + n + 8);
    double *w = malloc(sizeof(double) * big * big), *x = malloc(sizeof(double) * big);
    double *M = malloc(sizeof(double) * big * big), *f = malloc(sizeof(double) * big);
    const char *bad = NULL;
    double t = d->t0;
    /* outputs are written in full: fill with garbage first */
    for (size_t i = 0; i < big * big; i++)
        w[i] = M[i] = 1e300;
    if (nl > 0) {
        m->g(m->ctx, t, p, x);
        if (maxabs(x, nl) > 1e-8)
            bad = "g(p0) != 0";
        m->G(m->ctx, t, p, w);
        m->g_t(m->ctx, t, p, x);
        for (int i = 0; i < nl && !bad; i++) {
            double s = x[i];
            for (int j = 0; j < np; j++)
                s += w[i + (size_t)j * nl] * v[j];
            if (fabs(s) > 1e-8)
                bad = "G v + g_t != 0";
        }
        m->kappa_g(m->ctx, t, p, v, x);
        for (int i = 0; i < nl && !bad; i++) {
            double s = x[i];
            for (int j = 0; j < nv; j++)
                s += w[i + (size_t)j * nl] * a[j];
            if (fabs(s) > 1e-6)
                bad = "G a + kappa_g != 0";
        }
    }
    if (nm > 0 && !bad) {
        double *H = w + (size_t)nl * np;
        m->H(m->ctx, t, p, H);
        m->h(m->ctx, t, p, x);
        for (int i = 0; i < nm && !bad; i++) {
            double s = x[i];
            for (int j = 0; j < nv; j++)
                s += H[i + (size_t)j * nm] * v[j];
            if (fabs(s) > 1e-8)
                bad = "H v + h != 0";
        }
        m->kappa_h(m->ctx, t, p, v, x);
        for (int i = 0; i < nm && !bad; i++) {
            double s = x[i];
            for (int j = 0; j < nv; j++)
                s += H[i + (size_t)j * nm] * a[j];
            if (fabs(s) > 1e-6)
                bad = "H a + kappa_h != 0";
        }
    }
    if (!bad) {
        /* M a - f + G^T lam + H^T mu = 0 (G, H again: w was reused) */
        m->mass(m->ctx, t, p, M);
        m->force(m->ctx, t, p, v, lam, mu, f);
        double *G = w, *H = w + (size_t)nl * np, scale = 1.0 + maxabs(f, nv);
        if (nl > 0)
            m->G(m->ctx, t, p, G);
        if (nm > 0)
            m->H(m->ctx, t, p, H);
        for (int i = 0; i < nv && !bad; i++) {
            double s = -f[i];
            for (int j = 0; j < nv; j++)
                s += M[i + (size_t)j * nv] * a[j];
            for (int k = 0; k < nl; k++)
                s += G[k + (size_t)i * nl] * lam[k];
            for (int k = 0; k < nm; k++)
                s += H[k + (size_t)i * nm] * mu[k];
            if (fabs(s) > 1e-7 * scale) {
                snprintf(buf, len, "force balance row %d: %.3g", i, s);
                bad = buf;
            }
        }
    }
    if (!bad && m->force_jac) {
        double *fp = M, *fv = M + (size_t)nv * np, *fl = fv + (size_t)nv * nv;
        double *fm = fl + (size_t)nv * nl;
        m->force_jac(m->ctx, t, p, v, lam, mu, fp, fv, fl, fm);
        for (size_t i = 0; i < (size_t)nv * (np + nv + nl + nm) && !bad; i++)
            if (!isfinite(M[i]))
                bad = "force_jac not written in full";
    }
    if (!bad && m->energy && !isfinite(m->energy(m->ctx, t, p, v)))
        bad = "energy not finite";
    /* E y0' = F(t0, y0) */
    if (!bad && d->neq == n) {
        d->rhs(d->ctx, t, d->y0, f);
        for (int i = 0; i < n && !bad; i++) {
            double e = 0.0;
            for (int j = 0; j < n; j++)
                e += d->E[i + (size_t)j * n] * d->yp0[j];
            if (fabs(e - f[i]) > 1e-7 * (1.0 + fabs(f[i])))
                bad = "E y0' != F(t0, y0)";
        }
    }
    free(w), free(x), free(M), free(f);
    return bad;
}

int daebench_plugin_integrate(int k, const dbp_dae *d, const dbp_options *o, dbp_output *out,
                              dbp_counters *c, char *msg, size_t msglen)
{
    (void)o;
    if (k == 1) {
        snprintf(msg, msglen, "a status daebench does not know");
        return 42;
    }
    char buf[128];
    const char *bad = check(d, buf, sizeof buf);
    if (bad) {
        snprintf(msg, msglen, "mechview: %s", bad);
        return DBP_FAIL_INPUT;
    }
    /* calls: rhs 7 times in all (one above), the Jacobian 3 times */
    double *F = malloc(sizeof(double) * (size_t)d->neq);
    size_t nj = d->jac_sparse ? (size_t)d->jac_nnz : (size_t)d->neq * d->n;
    double *J = malloc(sizeof(double) * (nj + 1));
    for (int i = 0; i < 6; i++)
        d->rhs(d->ctx, d->t0, d->y0, F);
    for (int i = 0; i < 3; i++)
        if (d->jac_sparse)
            d->jac_sparse(d->ctx, d->t0, d->y0, J);
        else
            d->jac(d->ctx, d->t0, d->y0, J);
    free(F), free(J);
    for (int t = 0; t < out->nt; t++)
        memcpy(out->y + (size_t)t * d->n, d->y0, sizeof(double) * (size_t)d->n);
    c->steps = out->nt;
    c->f_evals = 0;       /* under-reported: daebench counts */
    c->jac_evals = 1;     /* under-reported: daebench counts the calls */
    c->nextra = 2;
    snprintf(c->extra[0].name, sizeof c->extra[0].name, "rhs calls");
    c->extra[0].value = d->neq == d->n ? 7 : 6;
    snprintf(c->extra[1].name, sizeof c->extra[1].name, "sparse");
    c->extra[1].value = d->jac_sparse != NULL;
    return DBP_OK;
}
