/* fekete.c — the Fekete problem of the Bari IVP test set, problem "fekete".
 *
 * N particles on the unit sphere repel each other (force (p_i − p_j)/|p_i − p_j|²)
 * and are damped (−α v_i) until they come to rest in a stationary configuration,
 * a local maximiser of Π |p_i − p_j| (elliptic Fekete points).  p = (p_1, …, p_N)
 * point-major (3N), M = I, one holonomic constraint per particle
 *     g_i = |p_i|² − 1,  G row i = 2 p_iᵀ in block i,  κ_i = 2|v_i|²;
 * scleronomic; t in [0, 1000].
 *
 * Sources: fact sheet ../shared/models/fekete.md (test-set file fekete.F, Release
 * 2.4 §II.18).  The test set integrates the stabilised index-2 form, which is our
 * GGL (sheet §4.1) with λ = −λ_ts, η = −μ_ts.  Initial values (sheet §5): for
 * N = 20 the test set's four latitude circles (3, 7, 6, 4 points), v = 0,
 * λ_i = ⟨p_i, f_i⟩ / (2|p_i|²) (= (N − 1)/4 = 4.75, sheet §4.2) and the tangential
 * accelerations a_i = f_i − 2λ_i p_i.  The test set defines no configuration for
 * other N (sheet F8): for N ≠ 20 the particles start on a spiral from pole to
 * pole (z_j = 1 − 2(j + ½)/N, longitude 2.4 j), also at rest, written here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fekete_model.h"
#include "mech.h"
#include "problems_ld.h"

/* ∂f_i/∂p_j = −B_ij (j ≠ i), ∂f_i/∂p_i = Σ_j B_ij, B = I/r² − 2 d dᵀ/r⁴; ∂f/∂v = −αI */
static void fk_force_jac(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu, double *fp, double *fv,
                         double *fl, double *fm)
{
    (void)t, (void)v, (void)lam, (void)mu, (void)fl, (void)fm;
    int N = FK_N(m), n = m->np;
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++) {
            double d[3], r2 = 0.0;
            for (int k = 0; k < 3; k++) {
                d[k] = p[3 * i + k] - p[3 * j + k];
                r2 += d[k] * d[k];
            }
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) {
                    double B = (a == b ? 1.0 / r2 : 0.0) - 2.0 * d[a] * d[b] / (r2 * r2);
                    int ia = 3 * i + a, ib = 3 * i + b, ja = 3 * j + a, jb = 3 * j + b;
                    fp[ia + (size_t)n * ib] += B;
                    fp[ja + (size_t)n * jb] += B;
                    fp[ia + (size_t)n * jb] -= B;
                    fp[ja + (size_t)n * ib] -= B;
                }
        }
    for (int i = 0; i < n; i++)
        fv[i + (size_t)n * i] = -FK_ALPHA(m);
}

static void fk_kappa_g_jac(const db_mech *m, double t, const double *p, const double *v,
                           double *kp, double *kv)
{
    (void)t, (void)p, (void)kp;
    fk_rows(m, v, 4.0, kv);
}

static void fk_Gw_p(const db_mech *m, double t, const double *p, const double *w,
                    double *out)
{
    (void)t, (void)p;
    fk_rows(m, w, 2.0, out);
}

static void fk_GTl_p(const db_mech *m, double t, const double *p, const double *l,
                     double *out)
{
    (void)t, (void)p;
    int n = m->np;
    for (int i = 0; i < n; i++)
        out[i + (size_t)n * i] = 2.0 * l[i / 3];
}

/* the test set's configuration for N = 20 (sheet §5): latitude β and longitude
 * offset of each group, points per group */
static void fk_positions(int N, double *p)
{
    const double pi = 3.14159265358979323846;
    if (N == 20) {
        static const int cnt[4] = {3, 7, 6, 4};
        const double beta[4] = {3 * pi / 8, pi / 8, -2 * pi / 15, -3 * pi / 10};
        const double off[4] = {pi / 13, pi / 29, pi / 7, pi / 17};
        int j = 0, first[4] = {0, 3, 10, 17};
        for (int g = 0; g < 4; g++)
            for (int c = 0; c < cnt[g]; c++, j++) {
                /* sheet: ω_j = 2π(j − first)/cnt + offset with 1-based j; for the
                 * first group 2πj/3 (j = 1..3) */
                int jj = g == 0 ? j + 1 : j + 1 - first[g];
                double om = 2.0 * pi * jj / cnt[g] + off[g];
                p[3 * j] = cos(om) * cos(beta[g]);
                p[3 * j + 1] = sin(om) * cos(beta[g]);
                p[3 * j + 2] = sin(beta[g]);
            }
        return;
    }
    for (int j = 0; j < N; j++) {
        double z = 1.0 - 2.0 * (j + 0.5) / N, r = sqrt(1.0 - z * z), om = 2.4 * j;
        p[3 * j] = r * cos(om);
        p[3 * j + 1] = r * sin(om);
        p[3 * j + 2] = z;
    }
}

static void fk_init(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a)
{
    (void)mu;
    int N = FK_N(m);
    fk_positions(N, p);
    for (int i = 0; i < m->nv; i++)
        v[i] = 0.0;
    double *f = calloc((size_t)m->nv, sizeof *f);
    if (!f) {
        for (int i = 0; i < N; i++)
            lam[i] = NAN;
        return;
    }
    fk_force(m, m->t0, p, v, lam, mu, f);
    for (int i = 0; i < N; i++) {
        double pf = 0.0, pp = 0.0;
        for (int k = 0; k < 3; k++) {
            pf += p[3 * i + k] * f[3 * i + k];
            pp += p[3 * i + k] * p[3 * i + k];
        }
        lam[i] = pf / (2.0 * pp);
        for (int k = 0; k < 3; k++)
            a[3 * i + k] = f[3 * i + k] - 2.0 * lam[i] * p[3 * i + k];
    }
    free(f);
}

static int fk_setup(db_mech *m, int sc, const double *par, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    double Nd = par[0];
    if (!(Nd >= 2 && Nd <= 200) || Nd != floor(Nd)) {
        snprintf(err, errlen, "fekete: N = %g is not an integer in 2..200", Nd);
        return 1;
    }
    if (!(par[1] >= 0.0 && par[1] <= 100.0)) {
        snprintf(err, errlen, "fekete: alpha = %g is not in [0, 100]", par[1]);
        return 1;
    }
    int N = (int)Nd;
    m->np = m->nv = 3 * N;
    m->nl = N;
    m->nm = 0;
    m->t0 = 0.0;
    m->tend = 1000.0;
    m->flags = DB_MASS_CONST;
    m->par = par;
    m->scenario = sc;
    m->mass = fk_mass;
    m->force = fk_force;
    m->g = fk_g;
    m->G = fk_G;
    m->kappa_g = fk_kappa_g;
    m->force_jac = fk_force_jac;
    m->Gw_p = fk_Gw_p;
    m->GTl_p = fk_GTl_p;
    m->kappa_g_jac = fk_kappa_g_jac;
    m->init = fk_init;
    m->ld = &db_fekete_ld;
    m->energy = NULL;   /* damped: E = ½|v|² − Σ log|p_i − p_j| decreases */
    return 0;
}

/* sheet §6: the published y(1000) for N = 20, positions only (the test set's scd
 * measures them; test set feksoln = Release 2.4 table); sheet §6.1: the digits
 * each is good to (per particle, the minimum over x, y, z, against a 40-digit
 * solution; a rigid rotation of the whole set is the error) */
static const double fk_pub_values[60] = {
    -0.4070263380333202e+00, 0.3463758772791802e+00, 0.8451942450030429e+00,
    0.7752934752521549e-01, -0.2628662719972299e+00, 0.9617122871829146e+00,
    0.7100577833343567e+00, 0.1212948055586120e+00, 0.6936177005172217e+00,
    0.2348267744557627e+00, 0.7449277976923311e+00, 0.6244509285956391e+00,
    -0.4341114738782885e+00, 0.8785430442262876e+00, 0.1992720444237660e+00,
    -0.9515059600312596e+00, 0.2203508762787005e+00, 0.2146669498274008e+00,
    -0.6385191643609878e+00, -0.4310833259390688e+00, 0.6375425027722121e+00,
    -0.1464175087914336e+00, -0.9380871635228862e+00, 0.3139337298744690e+00,
    0.5666974065069942e+00, -0.6739221885076542e+00, 0.4740073135462156e+00,
    0.9843259538440293e+00, -0.1696995357819996e+00, -0.4800504290609090e-01,
    0.1464175087914331e+00, 0.9380871635228875e+00, -0.3139337298744656e+00,
    -0.7092757549979014e+00, 0.5264062637139616e+00, -0.4688542938854929e+00,
    -0.8665731819284478e+00, -0.4813878059756024e+00, -0.1315929352982178e+00,
    -0.2347897778700538e+00, -0.8594340408013130e+00, -0.4541441287957579e+00,
    0.5530976940074118e+00, -0.7674370265615124e+00, -0.3242273140037833e+00,
    0.7711050969896927e+00, 0.6357041816577034e+00, 0.3573685519777001e-01,
    0.7103951209379591e+00, 0.2403570431280519e+00, -0.6614886725910596e+00,
    -0.3038208738735660e-01, 0.4501923293640461e+00, -0.8924145871442046e+00,
    -0.5772996158107093e+00, -0.1766763414971813e+00, -0.7971892020969544e+00,
    0.2414481766969039e+00, -0.3416456818373135e+00, -0.9082846503446250e+00,
};
static const double fk_pub_digits[60] = {
    11.1, 11.1, 11.1, 11.1, 11.1, 11.1, 11.2, 11.2, 11.2, 11.5,
    11.5, 11.5, 10.9, 10.9, 10.9, 11.1, 11.1, 11.1, 11.3, 11.3,
    11.3, 11.1, 11.1, 11.1, 11.4, 11.4, 11.4, 10.8, 10.8, 10.8,
    11.1, 11.1, 11.1, 11.5, 11.5, 11.5, 11.1, 11.1, 11.1, 11.4,
    11.4, 11.4, 11.2, 11.2, 11.2, 10.4, 10.4, 10.4, 11.0, 11.0,
    11.0, 10.6, 10.6, 10.6, 11.2, 11.2, 11.2, 11.1, 11.1, 11.1,
};

static int fk_pub_map(const db_mech *m, const double *p, const double *v, const double *lam,
                      const double *mu, double *y)
{
    (void)v; (void)lam; (void)mu;
    if (m->np != 60)
        return -1;
    memcpy(y, p, 60 * sizeof *y);
    return 0;
}

static const db_published fk_published = {
    "IVP test set Release 2.4, y(1000) for N = 20 (the 60 positions)", 0, 60, fk_pub_values,
    fk_pub_digits, NULL, fk_pub_map};

static const db_scenario_spec fk_scenarios[] = {
    {"default", "test set (N = 20: four latitude circles; other N: a spiral), at rest, "
                "t in [0, 1000]"},
};

static const db_param_spec fk_params[] = {
    {"N", 20, 2, 200, 1, "number of particles (test set 20; its initial configuration is "
                         "defined for 20 only, other N start on a spiral)"},
    {"alpha", 0.5, 0.0, 100.0, 0, "damping coefficient (test set 0.5)"},
};

const db_problem db_problem_fekete = {
    .name = "fekete",
    .title = "Fekete points: N repelling particles on the unit sphere, damped (IVP test set)",
    .source = "Bari IVP test set, Release 2.4 §II.18 (fekete.F)",
    .scenarios = fk_scenarios,
    .nscenarios = 1,
    .params = fk_params,
    .nparams = 2,
    .setup = fk_setup,
    .teardown = NULL,
    .exact = NULL,
    .published = &fk_published,
};
