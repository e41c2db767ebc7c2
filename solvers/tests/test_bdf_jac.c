/* test_bdf_jac.c — grouped finite-difference Jacobians (solvers/fdjac.c, seed 002
 * §3.1) on a hand-made chain-like DAE: N masses, p_i' = v_i,
 * v_i' = k (p_{i−1} − 2 p_i + p_{i+1}) − c v_i − p_i³, plus one algebraic row
 * 0 = s − p_1² (index 1).  Its Jacobian is banded: 4 groups suffice.  The grouped FD Jacobian on the probed pattern must equal
 * the dense FD one (to FD accuracy) with a handful of groups instead of n columns;
 * `bdf` with jac=group must reproduce the jac=fd solution while spending far fewer
 * F evaluations on Jacobians; the partitioned update must replace evaluations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/fdjac.h"
#include "solvers/solver.h"
#include "testset/tests/check.h"

#define NM 30
#define NU (2 * NM + 1)

static int chain_rhs(const db_dae *d, double t, const double *y, double *F)
{
    (void)d; (void)t;
    const double *p = y, *v = y + NM;
    for (int i = 0; i < NM; i++) {
        double pl = i > 0 ? p[i - 1] : 0.0, pr = i < NM - 1 ? p[i + 1] : 0.0;
        F[i] = v[i];
        F[NM + i] = 4.0 * (pl - 2.0 * p[i] + pr) - 0.1 * v[i] - p[i] * p[i] * p[i];
    }
    F[2 * NM] = y[2 * NM] - p[0] * p[0];
    return 0;
}

static double E[NU * NU];
static int idx[NU], rk[NU];
static double y0[NU], yp0[NU];

static void make(db_dae *d)
{
    for (int i = 0; i < NU; i++) {
        E[i * NU + i] = i < 2 * NM ? 1.0 : 0.0;
        idx[i] = 1;
        rk[i] = i < 2 * NM ? DB_ROW_DIFF : DB_ROW_ALG;
    }
    db_dae_direct(d, NU, 0.0, 5.0, E, idx, rk, chain_rhs, NULL, y0, yp0);
    for (int i = 0; i < NM; i++) {
        y0[i] = 0.3 * sin(0.4 * (i + 1));
        y0[NM + i] = 0.0;
    }
    y0[2 * NM] = y0[0] * y0[0];
    double F[NU];
    chain_rhs(d, 0.0, y0, F);
    for (int i = 0; i < 2 * NM; i++)
        yp0[i] = F[i];
    yp0[2 * NM] = 2.0 * y0[0] * yp0[0];
    d->off_p = 0;
    d->off_v = NM;
}

/* the named extra counter, -1 when absent */
static long extra(const db_counters *c, const char *name)
{
    long v;
    return db_counters_get_extra(c, name, &v) ? v : -1;
}

int main(void)
{
    db_dae d;
    make(&d);
    char msg[256];

    /* ---- fdjac directly: grouped == dense ---- */
    db_fdjac fj;
    CHECK(db_fdjac_alloc(&fj, NU, NU) == 0, "alloc");
    double *Jd = calloc(NU * NU, sizeof *Jd), *Jg = calloc(NU * NU, sizeof *Jg),
           *Jw = calloc(NU * NU, sizeof *Jw), F0[NU], Fw[NU], y[NU];
    long nf = 0, nj = 0;
    CHECK(db_fdjac_probe(&fj, &d, 0.0, y0, Jw, Fw, &nf, &nj) == 0, "probe");
    printf("probe: %ld F evals, %ld Jacobians, %d groups for %d columns\n", nf, nj, fj.ngroups, NU);
    /* p_j touches rows v_{j−1..j+1}: 3 groups for p (j mod 3); v_j touches rows p_j,
     * v_j and so clashes with p_{j−1..j+1}: one more group; s fits in one of them */
    CHECK(fj.ngroups >= 4 && fj.ngroups <= 5, "groups %d", fj.ngroups);
    for (int i = 0; i < NU; i++)
        y[i] = y0[i] + 0.01 * cos(i);
    chain_rhs(&d, 0.0, y, F0);
    long nfd = 0, nfg = 0;
    CHECK(db_fdjac_dense(&fj, &d, 0.0, y, F0, Jd, &nfd) == 0, "dense");
    CHECK(db_fdjac_grouped(&fj, &d, 0.0, y, F0, Jg, &nfg) == 0, "grouped");
    double dmax = 0.0, jmax = 0.0;
    for (int k = 0; k < NU * NU; k++) {
        dmax = fmax(dmax, fabs(Jd[k] - Jg[k]));
        jmax = fmax(jmax, fabs(Jd[k]));
    }
    printf("dense FD: %ld evals, grouped FD: %ld evals, max |diff| %.2e (max |J| %.2e)\n", nfd,
           nfg, dmax, jmax);
    CHECK(nfd == NU, "dense evals %ld", nfd);
    CHECK(nfg == fj.ngroups, "grouped evals %ld", nfg);
    CHECK(dmax <= 1e-7 * jmax, "grouped vs dense %g", dmax);
    /* a check of the FD values themselves: ∂F_{NM+i}/∂p_i = −8 − 3 p_i² */
    for (int i = 0; i < NM; i++) {
        double ex = -8.0 - 3.0 * y[i] * y[i];
        CHECK(fabs(Jg[(size_t)i * NU + NM + i] - ex) < 1e-6, "entry %d: %g vs %g", i,
              Jg[(size_t)i * NU + NM + i], ex);
    }
    db_fdjac_free(&fj);
    free(Jd);
    free(Jg);
    free(Jw);

    /* ---- bdf with dense, grouped and partitioned Jacobians ---- */
    const db_solver *bdf = db_solver_find("bdf");
    CHECK(bdf != NULL, "bdf registered");
    if (!bdf)
        return check_summary();
    const char *variants[4] = { "jac=fd", "jac=group", "jac=fd,partitioned", "jac=group,partitioned" };
    double tg[11], yg[4][11 * NU];
    db_counters c[4];
    for (int i = 0; i < 11; i++)
        tg[i] = 0.5 * i;
    for (int v = 0; v < 4; v++) {
        db_solver_opts o = { .rtol = 1e-6, .atol = 1e-6, .variant = variants[v] };
        db_output out = { 11, tg, yg[v], NULL };
        memset(&c[v], 0, sizeof c[v]);
        db_status st = bdf->integrate(&d, &o, &out, &c[v], msg, sizeof msg);
        CHECK(st == DB_OK, "%s: %s", variants[v], msg);
        printf("%-22s steps %4ld rej %3ld f_evals %5ld jac_evals %3ld dec %3ld solves %4ld "
               "jac_fd_evals %5ld groups %ld jac_updates %ld pattern_updates %ld\n",
               variants[v], c[v].steps, c[v].rejected, c[v].f_evals, c[v].jac_evals,
               c[v].decompositions, c[v].solves, extra(&c[v], "jac_fd_evals"),
               extra(&c[v], "jac_fd_groups"), extra(&c[v], "jac_updates"),
               extra(&c[v], "pattern_updates"));
    }
    double diff = 0.0;
    for (int k = 0; k < 11 * NU; k++)
        diff = fmax(diff, fabs(yg[0][k] - yg[1][k]));
    printf("max |y(fd) - y(group)| on the grid: %.2e\n", diff);
    CHECK(diff < 1e-4, "group vs fd solutions differ by %g", diff);
    /* F evaluations per FD Jacobian: NU for dense, ngroups (<= 5) for grouped */
    CHECK(extra(&c[0], "jac_fd_evals") == NU * c[0].jac_evals, "dense FD evals");
    CHECK(extra(&c[1], "jac_fd_evals") <= 5 * c[1].jac_evals + NU * extra(&c[1], "pattern_updates"),
          "grouped FD evals");
    CHECK(c[1].f_evals < c[0].f_evals / 2, "grouped total f_evals %ld vs dense %ld", c[1].f_evals,
          c[0].f_evals);
    /* partitioned: updates replace evaluations */
    CHECK(extra(&c[2], "jac_updates") > 0, "partitioned updates %ld", extra(&c[2], "jac_updates"));
    CHECK(c[2].jac_evals < c[0].jac_evals, "partitioned jac_evals %ld vs %ld", c[2].jac_evals,
          c[0].jac_evals);
    return check_summary();
}
