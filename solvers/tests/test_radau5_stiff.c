/* test_radau5_stiff.c — radau5 on a very stiff problem with a published
 * reference, and its failure paths.
 *
 * Van der Pol, Test Set for IVP Solvers (Mazzia, Magherini, Univ. Bari;
 * problem VDPOL, file vdpol.f): y1' = y2, y2' = ((1 − y1²) y2 − y1)/ε, ε = 1e-6,
 * y(0) = (2, 0), t ∈ [0, 2].  Reference at t = 2 (ibid., solut(), computed with
 * RADAU in quadruple precision): y1 = 0.1706167732170483e+01,
 * y2 = −0.8928097010247975e+00.
 * Run as an ODE (E = I) and in the singular-perturbation form with the mass
 * matrix E = diag(1, ε): ε y2' = (1 − y1²) y2 − y1 (exercises E ≠ I).
 *
 * Failure paths: a right-hand side that turns NaN after t = 1 must give
 * DB_FAIL_NONFINITE; a tiny step budget DB_FAIL_BUDGET; neither may crash. */
#include <math.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/tests/check.h"

#define EPS 1e-6
static const double ref[2] = { 0.1706167732170483e+01, -0.8928097010247975e+00 };

static int vdp_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)t;
    const double s = d->E[3] == 1.0 ? 1.0 / EPS : 1.0;   /* ODE form or mass-matrix form */
    F[0] = y[1];
    F[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) * s;
    return 0;
}

static int vdp_jac(const db_dae *d, double t, const double *y, double *J)
{
    (void)t;
    const double s = d->E[3] == 1.0 ? 1.0 / EPS : 1.0;
    J[0] = 0.0;
    J[1] = (-2.0 * y[0] * y[1] - 1.0) * s;
    J[2] = 1.0;
    J[3] = (1.0 - y[0] * y[0]) * s;
    return 0;
}

/* a right-hand side that breaks down after t = 1 */
static int nan_rhs(const db_dae *d, double t, const double *y, double *F)
{
    vdp_rhs(d, t, y, F);
    if (t > 1.0)
        F[1] = NAN;
    return 0;
}

typedef struct {
    db_dae d;
    double E[4], y0[2], yp0[2];
    int index[2], row_kind[2];
} vdp;

static void make(vdp *v, int massform)
{
    memset(v, 0, sizeof *v);
    v->E[0] = 1.0;
    v->E[3] = massform ? EPS : 1.0;
    v->y0[0] = 2.0;
    v->y0[1] = 0.0;
    v->index[0] = v->index[1] = 1;
    db_dae_direct(&v->d, 2, 0.0, 2.0, v->E, v->index, v->row_kind, vdp_rhs, vdp_jac, v->y0,
                  v->yp0);
}

static db_status run(vdp *v, double tol, double h0, long max_steps, double *yend, db_counters *c,
                     char *msg, size_t msglen)
{
    double tout[11], y[22];
    for (int k = 0; k < 11; k++)
        tout[k] = 0.2 * k;
    tout[10] = 2.0;
    db_solver_opts o = { .rtol = tol, .atol = tol, .h0 = h0, .max_steps = max_steps };
    db_output out = { .nt = 11, .t = tout, .y = y, .yp = NULL };
    memset(c, 0, sizeof *c);
    db_status st = db_solver_find("radau5")->integrate(&v->d, &o, &out, c, msg, msglen);
    yend[0] = y[20];
    yend[1] = y[21];
    return st;
}

int main(void)
{
    vdp v;
    char msg[256];
    db_counters c;
    double y[2];
    for (int massform = 0; massform <= 1; massform++) {
        make(&v, massform);
        const double tols[] = { 1e-4, 1e-6, 1e-8, 1e-10 };
        const double min_scd[] = { 2.5, 4.5, 6.5, 8.5 };
        for (int i = 0; i < 4; i++) {
            db_status st = run(&v, tols[i], 0.0, 0, y, &c, msg, sizeof msg);
            CHECK(st == DB_OK, "vdp%s tol %.0e: %s", massform ? "-mass" : "", tols[i], msg);
            const double e = fmax(fabs(y[0] - ref[0]) / fabs(ref[0]), fabs(y[1] - ref[1]) / fabs(ref[1]));
            const double scd = -log10(e);
            printf("vdp%-5s tol=%.0e scd=%.2f steps=%ld rejected=%ld f=%ld jac=%ld dec=%ld sol=%ld\n",
                   massform ? "-mass" : "", tols[i], scd, c.steps, c.rejected, c.f_evals,
                   c.jac_evals, c.decompositions, c.solves);
            CHECK(scd >= min_scd[i], "vdp tol %.0e: scd %.2f < %.1f", tols[i], scd, min_scd[i]);
            CHECK(c.steps < (tols[i] >= 1e-8 ? 2000 : 5000), "vdp tol %.0e: %ld steps", tols[i], c.steps);
            CHECK(c.jac_evals < c.steps && c.decompositions <= c.steps + c.rejected,
                  "vdp: no Jacobian/LU reuse (jac %ld, dec %ld, steps %ld)", c.jac_evals,
                  c.decompositions, c.steps);
        }
        /* a different initial step gives the same answer */
        run(&v, 1e-10, 1e-3, 0, y, &c, msg, sizeof msg);
        const double e = fmax(fabs(y[0] - ref[0]), fabs(y[1] - ref[1]));
        CHECK(e < 1e-7, "vdp h0=1e-3 tol 1e-10: error %.2e", e);
    }

    /* failure paths */
    make(&v, 0);
    CHECK(run(&v, 1e-6, 0.0, 20, y, &c, msg, sizeof msg) == DB_FAIL_BUDGET, "budget ignored");
    CHECK(strchr(msg, '\n') == NULL && msg[0] != '\0', "message not one line: '%s'", msg);
    CHECK(c.steps + c.rejected <= 20, "budget: %ld + %ld attempts", c.steps, c.rejected);
    v.d.rhs = nan_rhs;
    db_status st = run(&v, 1e-6, 0.0, 0, y, &c, msg, sizeof msg);
    printf("nan rhs: status %s, '%s'\n", db_status_name(st), msg);
    CHECK(st == DB_FAIL_NONFINITE, "NaN rhs gives status %s: %s", db_status_name(st), msg);
    return check_summary();
}
