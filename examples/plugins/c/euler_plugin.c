/* euler_plugin.c — an example daebench solver plugin in C: implicit Euler with
 * Newton's method and a step-size control, for the square formulations EoM1,
 * EoM0 and GGL.  It includes only <daebench/plugin.h> (the ABI) and the C
 * library: it is built outside daebench's tree against the installed headers
 *
 *     cc -O2 -fPIC -shared -I PREFIX/include euler_plugin.c -o libeuler.so -lm
 *     daebench bench --plugin ./libeuler.so --solvers euler --suite quick
 *
 * The method: (E/h)(y1 - y0) = F(t1, y1), solved by Newton with the matrix
 * E/h - dF/dy, evaluated once per step and factorised by a dense LU with
 * partial pivoting.  Local error estimate of component i: the part of the step
 * that the previous derivative does not predict, |y1 - y0 - h yp0|/2, scaled by
 * h^(index_i - 1) for the algebraic unknowns of index 2 and 3 (after Hairer and
 * Wanner, ODE II §VII.3).  Output between steps by linear interpolation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <daebench/plugin.h>

int daebench_plugin_abi_version(void)
{
    return DAEBENCH_PLUGIN_ABI_VERSION;
}

int daebench_plugin_count(void)
{
    return 1;
}

int daebench_plugin_describe(int k, dbp_solver_desc *d)
{
    if (k != 0)
        return -1;
    snprintf(d->name, sizeof d->name, "euler");
    snprintf(d->title, sizeof d->title,
             "implicit Euler with Newton and step-size control (example C plugin)");
    d->forms = DBP_FORM_BIT(DBP_EOM1) | DBP_FORM_BIT(DBP_EOM0) | DBP_FORM_BIT(DBP_GGL);
    return 0;
}

/* LU with partial pivoting of the n×n column-major A in place; 0 or -1 if singular */
static int lu(double *A, int n, int *piv)
{
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(A[i + (size_t)k * n]) > fabs(A[p + (size_t)k * n]))
                p = i;
        piv[k] = p;
        if (A[p + (size_t)k * n] == 0.0)
            return -1;
        if (p != k)
            for (int j = 0; j < n; j++) {
                double t = A[k + (size_t)j * n];
                A[k + (size_t)j * n] = A[p + (size_t)j * n];
                A[p + (size_t)j * n] = t;
            }
        double inv = 1.0 / A[k + (size_t)k * n];
        for (int i = k + 1; i < n; i++)
            A[i + (size_t)k * n] *= inv;
        for (int j = k + 1; j < n; j++) {
            double a = A[k + (size_t)j * n];
            if (a != 0.0)
                for (int i = k + 1; i < n; i++)
                    A[i + (size_t)j * n] -= A[i + (size_t)k * n] * a;
        }
    }
    return 0;
}

/* solve A x = b in place with the factors of lu(): lu() swaps whole rows (the
 * columns of L already computed too), so L is in the final row order and every
 * interchange is applied to b before the forward elimination */
static void lu_solve(const double *A, int n, const int *piv, double *b)
{
    for (int k = 0; k < n; k++) {
        double t = b[k];
        b[k] = b[piv[k]];
        b[piv[k]] = t;
    }
    for (int k = 0; k < n; k++) {
        for (int i = k + 1; i < n; i++)
            b[i] -= A[i + (size_t)k * n] * b[k];
    }
    for (int k = n - 1; k >= 0; k--) {
        b[k] /= A[k + (size_t)k * n];
        for (int i = 0; i < k; i++)
            b[i] -= A[i + (size_t)k * n] * b[k];
    }
}

static double cpu_now(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

static void set_extra(dbp_counters *c, const char *name, long value)
{
    snprintf(c->extra[0].name, sizeof c->extra[0].name, "%s", name);
    c->extra[0].value = value;
    c->nextra = 1;
}

int daebench_plugin_integrate(int k, const dbp_dae *d, const dbp_options *o, dbp_output *out,
                              dbp_counters *c, char *msg, size_t msglen)
{
    (void)k;
    if (d->neq != d->n) {
        snprintf(msg, msglen, "euler: square systems only (neq %d, n %d)", d->neq, d->n);
        return DBP_FAIL_INPUT;
    }
    int n = d->n;
    long max_steps = o->max_steps > 0 ? o->max_steps : 100000;
    double span = d->tend - d->t0, cpu0 = cpu_now();
    double *y0 = malloc(sizeof(double) * (size_t)n), *y1 = malloc(sizeof(double) * (size_t)n);
    double *yp = malloc(sizeof(double) * (size_t)n), *r = malloc(sizeof(double) * (size_t)n);
    double *F = malloc(sizeof(double) * (size_t)n);
    double *A = malloc(sizeof(double) * (size_t)n * n);
    int *piv = malloc(sizeof(int) * (size_t)n);
    int status = DBP_OK;
    long newton = 0;
    if (!y0 || !y1 || !yp || !r || !F || !A || !piv) {
        snprintf(msg, msglen, "euler: out of memory");
        status = DBP_FAIL_MEMORY;
        goto done;
    }
    memcpy(y0, d->y0, sizeof(double) * (size_t)n);
    memcpy(yp, d->yp0, sizeof(double) * (size_t)n);
    double t = d->t0;
    double h = o->h0 > 0 ? o->h0 : 1e-6 * span;
    double hmax = o->hmax > 0 ? o->hmax : span;
    int kout = 0;
    while (kout < out->nt) {
        if (c->steps + c->rejected >= max_steps || (o->max_cpu > 0 && cpu_now() - cpu0 > o->max_cpu)) {
            snprintf(msg, msglen, "euler: budget exceeded at t = %.6g", t);
            status = DBP_FAIL_BUDGET;
            goto done;
        }
        if (h > hmax)
            h = hmax;
        int last = t + h >= d->tend - 1e-12 * fabs(span);
        if (last)
            h = d->tend - t;
        if (h < 1e-14 * fabs(span)) {
            snprintf(msg, msglen, "euler: step size %.3g too small at t = %.6g", h, t);
            status = DBP_FAIL_STEPSIZE;
            goto done;
        }
        double t1 = last ? d->tend : t + h;
        /* Newton on G(y1) = E (y1 - y0)/h - F(t1, y1), predictor y0 + h yp */
        for (int i = 0; i < n; i++)
            y1[i] = y0[i] + h * yp[i];
        if (d->jac(d->ctx, t1, y1, A) != 0)
            goto reject;
        for (size_t i = 0; i < (size_t)n * n; i++)
            A[i] = d->E[i] / h - A[i];
        c->decompositions++;
        if (lu(A, n, piv) != 0)
            goto reject;
        int converged = 0;
        for (int it = 0; it < 8 && !converged; it++) {
            newton++;
            if (d->rhs(d->ctx, t1, y1, F) != 0)
                break;
            for (int i = 0; i < n; i++) {
                double e = 0.0;
                for (int j = 0; j < n; j++)
                    e += d->E[i + (size_t)j * n] * (y1[j] - y0[j]);
                r[i] = F[i] - e / h;  /* A dy = -G = F - E(y1-y0)/h */
            }
            lu_solve(A, n, piv, r);
            c->solves++;
            double norm = 0.0;
            for (int i = 0; i < n; i++) {
                y1[i] += r[i];
                double w = o->atol + o->rtol * fabs(y1[i]);
                norm = fmax(norm, fabs(r[i]) / w);
            }
            if (!isfinite(norm))
                break;
            converged = norm < 1e-2;
        }
        if (!converged)
            goto reject;
        /* error estimate, index-scaled */
        double err = 0.0;
        for (int i = 0; i < n; i++) {
            double e = 0.5 * fabs(y1[i] - y0[i] - h * yp[i]);
            for (int q = 1; q < d->index[i]; q++)
                e *= h;
            double w = o->atol + o->rtol * fmax(fabs(y0[i]), fabs(y1[i]));
            err = fmax(err, e / w);
        }
        if (err > 1.0) {
            c->rejected++;
            h *= fmax(0.2, 0.9 / sqrt(err));
            continue;
        }
        /* accepted: output times in (t, t1] by linear interpolation */
        while (kout < out->nt && out->t[kout] <= t1 + 1e-12 * fabs(span)) {
            double s = (out->t[kout] - t) / (t1 - t);
            for (int i = 0; i < n; i++)
                out->y[(size_t)kout * n + i] = (1.0 - s) * y0[i] + s * y1[i];
            kout++;
        }
        for (int i = 0; i < n; i++) {
            yp[i] = (y1[i] - y0[i]) / h;
            y0[i] = y1[i];
        }
        t = t1;
        c->steps++;
        h *= fmin(5.0, 0.9 / sqrt(fmax(err, 1e-10)));
        continue;
    reject:
        c->rejected++;
        h *= 0.25;
    }
done:
    set_extra(c, "newton_iters", newton);
    free(y0), free(y1), free(yp), free(r), free(F), free(A), free(piv);
    return status;
}
