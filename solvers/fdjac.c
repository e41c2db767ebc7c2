/* fdjac.c — dense and grouped finite-difference Jacobians of F(t,y) and the
 * estimated sparsity pattern, after Arnold, Fuchs, Führer (seed 002): increments
 * (17), dense differences (16), grouped differences (20) with a consistent column
 * partitioning (§3.1; greedy colouring in largest-first order, as the sequential
 * algorithm of Coleman–Garbow–Moré TOMS 618 — not their code). */
#include <math.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "fdjac.h"

int db_fdjac_alloc(db_fdjac *fj, int neq, int n)
{
    memset(fj, 0, sizeof *fj);
    fj->neq = neq;
    fj->n = n;
    size_t nn = (size_t)(n > 0 ? n : 1), mm = (size_t)(neq > 0 ? neq : 1);
    fj->pat = calloc(nn * mm, 1);
    fj->group = calloc(nn, sizeof *fj->group);
    fj->order = calloc(nn, sizeof *fj->order);
    fj->rowgrp = calloc(mm, sizeof *fj->rowgrp);
    fj->yp = calloc(nn, sizeof *fj->yp);
    fj->yq = calloc(nn, sizeof *fj->yq);
    fj->Fp = calloc(mm, sizeof *fj->Fp);
    fj->del = calloc(nn, sizeof *fj->del);
    if (!fj->pat || !fj->group || !fj->order || !fj->rowgrp || !fj->yp || !fj->yq ||
        !fj->Fp || !fj->del) {
        db_fdjac_free(fj);
        return -1;
    }
    return 0;
}

void db_fdjac_free(db_fdjac *fj)
{
    free(fj->pat);
    free(fj->group);
    free(fj->order);
    free(fj->rowgrp);
    free(fj->yp);
    free(fj->yq);
    free(fj->Fp);
    free(fj->del);
    memset(fj, 0, sizeof *fj);
}

double db_fdjac_increment(double y)
{
    const double eps = DBL_EPSILON;
    double a = fabs(y), q = pow(eps, 0.25);
    return (a > q ? a : q) * sqrt(eps);
}

static int fdjac_finite(const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return 0;
    return 1;
}

int db_fdjac_dense(db_fdjac *fj, const db_dae *d, double t, const double *y,
                   const double *F0, double *J, long *nf)
{
    const int n = fj->n, m = fj->neq;
    memcpy(fj->yp, y, sizeof(double) * (size_t)n);
    for (int r = 0; r < n; r++) {
        double del = db_fdjac_increment(y[r]);
        /* the increment actually represented in floating point */
        fj->yp[r] = y[r] + del;
        del = fj->yp[r] - y[r];
        (*nf)++;
        if (d->rhs(d, t, fj->yp, fj->Fp) != 0 || !fdjac_finite(fj->Fp, m))
            return 1;
        double *col = J + (size_t)r * (size_t)m;
        for (int i = 0; i < m; i++)
            col[i] = (fj->Fp[i] - F0[i]) / del;
        fj->yp[r] = y[r];
    }
    return 0;
}

int db_fdjac_grouped(db_fdjac *fj, const db_dae *d, double t, const double *y,
                     const double *F0, double *J, long *nf)
{
    const int n = fj->n, m = fj->neq;
    memset(J, 0, sizeof(double) * (size_t)n * (size_t)m);
    for (int g = 0; g < fj->ngroups; g++) {
        memcpy(fj->yp, y, sizeof(double) * (size_t)n);
        int any = 0;
        for (int r = 0; r < n; r++)
            if (fj->group[r] == g) {
                fj->yp[r] = y[r] + db_fdjac_increment(y[r]);
                fj->del[r] = fj->yp[r] - y[r];
                any = 1;
            }
        if (!any)
            continue;
        (*nf)++;
        if (d->rhs(d, t, fj->yp, fj->Fp) != 0 || !fdjac_finite(fj->Fp, m))
            return 1;
        for (int r = 0; r < n; r++) {
            if (fj->group[r] != g)
                continue;
            const unsigned char *pc = fj->pat + (size_t)r * (size_t)m;
            double *col = J + (size_t)r * (size_t)m;
            for (int i = 0; i < m; i++)
                if (pc[i])
                    col[i] = (fj->Fp[i] - F0[i]) / fj->del[r];
        }
    }
    return 0;
}

void db_fdjac_pattern_add(db_fdjac *fj, const double *J)
{
    size_t nm = (size_t)fj->n * (size_t)fj->neq;
    for (size_t k = 0; k < nm; k++)
        if (J[k] != 0.0)
            fj->pat[k] = 1;
}

int db_fdjac_partition(db_fdjac *fj)
{
    const int n = fj->n, m = fj->neq;
    /* largest-first order: columns sorted by decreasing number of non-zeros
     * (insertion sort on counts kept in group[] temporarily; n is small) */
    for (int r = 0; r < n; r++) {
        int cnt = 0;
        const unsigned char *pc = fj->pat + (size_t)r * (size_t)m;
        for (int i = 0; i < m; i++)
            cnt += pc[i];
        fj->group[r] = cnt;
        int k = r;
        while (k > 0 && fj->group[fj->order[k - 1]] < cnt) {
            fj->order[k] = fj->order[k - 1];
            k--;
        }
        fj->order[k] = r;
    }
    for (int r = 0; r < n; r++)
        fj->group[r] = -1;
    int ng = 0;
    /* greedy: for each group in turn, sweep the remaining columns in order and
     * take every column whose rows are still free in that group */
    int left = n;
    while (left > 0) {
        for (int i = 0; i < m; i++)
            fj->rowgrp[i] = 0;
        for (int k = 0; k < n; k++) {
            int r = fj->order[k];
            if (fj->group[r] >= 0)
                continue;
            const unsigned char *pc = fj->pat + (size_t)r * (size_t)m;
            int clash = 0;
            for (int i = 0; i < m && !clash; i++)
                clash = pc[i] && fj->rowgrp[i];
            if (clash)
                continue;
            for (int i = 0; i < m; i++)
                if (pc[i])
                    fj->rowgrp[i] = 1;
            fj->group[r] = ng;
            left--;
        }
        ng++;
    }
    fj->ngroups = ng;
    return ng;
}

int db_fdjac_probe(db_fdjac *fj, const db_dae *d, double t, const double *y,
                   double *Jw, double *Fw, long *nf, long *nj)
{
    const int n = fj->n, m = fj->neq;
    /* fixed perturbation multipliers: deterministic, irregular, of both signs */
    static const double s[3][5] = {
        { 0.0, 0.0, 0.0, 0.0, 0.0 },
        { 0.731, -0.412, 0.953, -0.268, 0.577 },
        { -0.389, 0.842, -0.615, 0.194, -0.907 }
    };
    memset(fj->pat, 0, (size_t)n * (size_t)m);
    int ok = 0;
    for (int j = 0; j < 4; j++) {
        for (int i = 0; i < n; i++) {
            double w = j == 0 ? 0.0 : j == 3 ? 0.5 * s[1][(i + 2) % 5] : s[j][i % 5];
            fj->yq[i] = y[i] + w * 1e-3 * (1.0 + fabs(y[i]));
        }
        int bad;
        if (d->jac) {
            memset(Jw, 0, sizeof(double) * (size_t)n * (size_t)m);
            (*nj)++;
            bad = d->jac(d, t, fj->yq, Jw) != 0 || !fdjac_finite(Jw, n * m);
        } else {
            (*nf)++;
            bad = d->rhs(d, t, fj->yq, Fw) != 0 || !fdjac_finite(Fw, m);
            if (!bad) {
                (*nj)++;
                bad = db_fdjac_dense(fj, d, t, fj->yq, Fw, Jw, nf) != 0;
            }
        }
        if (bad)
            continue;
        db_fdjac_pattern_add(fj, Jw);
        ok = 1;
    }
    db_fdjac_partition(fj);
    return ok ? 0 : 1;
}
