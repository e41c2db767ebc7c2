/* example_solve.c — a driver of harness/tests/test_example_solve.sh (not a test
 * of its own): loads an example plugin (PATH.so) and lets it integrate
 * E y' = F(y) = A y - b with E = 0 over one step, A a 4x4 matrix whose LU needs
 * row interchanges at every column.  Newton from y0 = 0 must land on
 * x = A^-1 b in its first iteration (the system is linear) and see a zero update
 * in its second: the output is x to 1e-12 with exactly 2 evaluations of F, 1
 * Jacobian, 1 step and no rejection.  A wrong linear solve misses x and costs
 * more evaluations.  Prints one line; exit 0 when it holds, 1 when not. */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <daebench/plugin.h>

#define N 4
/* column-major; the largest entry of each column below the diagonal is off it */
static const double A[N * N] = {1, 4, 2, 3,   2, 1, 8, 1,   3, 1, 1, 9,   5, 2, 1, 1};
static const double X[N] = {1.0, -2.0, 0.5, 3.0};   /* the solution; b = A X */
static long nrhs, njac;

static int rhs(void *ctx, double t, const double *y, double *F)
{
    (void)ctx, (void)t;
    nrhs++;
    for (int i = 0; i < N; i++) {
        F[i] = 0.0;
        for (int j = 0; j < N; j++)
            F[i] += A[i + j * N] * (y[j] - X[j]);
    }
    return 0;
}

static int jac(void *ctx, double t, const double *y, double *J)
{
    (void)ctx, (void)t, (void)y;
    njac++;
    memcpy(J, A, sizeof A);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: example_solve PLUGIN.so SOLVER_INDEX\n");
        return 2;
    }
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        printf("cannot load %s: %s\n", argv[1], dlerror());
        return 1;
    }
    void *p = dlsym(h, "daebench_plugin_integrate");
    int (*integrate)(int, const dbp_dae *, const dbp_options *, dbp_output *, dbp_counters *,
                     char *, size_t);
    if (!p) {
        printf("%s: no daebench_plugin_integrate\n", argv[1]);
        return 1;
    }
    memcpy(&integrate, &p, sizeof integrate);
    static const double E[N * N], y0[N], yp0[N];
    static const int index[N] = {3, 3, 3, 3}, rows[N] = {1, 1, 1, 1};
    dbp_dae d;
    memset(&d, 0, sizeof d);
    d.form = DBP_EOM1;
    d.n = d.neq = N;
    d.t0 = 0.0;
    d.tend = 1e-3;
    d.E = E;
    d.index = index;
    d.row_kind = rows;
    d.y0 = y0;
    d.yp0 = yp0;
    d.off_p = d.off_v = d.off_a = d.off_l = d.off_m = d.off_eta = -1;
    d.rhs = rhs;
    d.jac = jac;
    /* one step over the whole span; index 3 scales the error estimate by h^2 */
    dbp_options o = {.rtol = 1e-6, .atol = 1e-6, .h0 = 1e-3, .max_steps = 100};
    double t[1] = {1e-3}, y[N];
    dbp_output out = {.nt = 1, .t = t, .y = y};
    dbp_counters c;
    memset(&c, 0, sizeof c);
    char msg[256] = "";
    int st = integrate((int)strtol(argv[2], NULL, 10), &d, &o, &out, &c, msg, sizeof msg);
    double err = 0.0;
    for (int i = 0; i < N; i++)
        err = fmax(err, fabs(y[i] - X[i]));
    printf("status %d, |y - x| = %.3g, F %ld, J %ld, steps %ld, rejected %ld %s\n", st, err,
           nrhs, njac, c.steps, c.rejected, msg);
    return st == DBP_OK && err < 1e-12 && nrhs == 2 && njac == 1 && c.steps == 1 &&
                   c.rejected == 0
               ? 0
               : 1;
}
