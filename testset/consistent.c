/* consistent.c — consistent accelerations and multipliers (see consistent.h): the
 * dense saddle-point solve [M Gᵀ Hᵀ; G 0 0; H 0 0][a; λ; μ] = [f; −κ_g; −κ_h]
 * (formulations.md §1: the acceleration-level constraints G a + κ_g = 0,
 * H a + κ_h = 0) by LU with partial pivoting (dense.h). */
#include <math.h>
#include <stdlib.h>

#include "consistent.h"
#include "dense.h"

int db_mech_consistent_acc(const db_mech *m, double t, const double *p, const double *v,
                           double *a, double *lam, double *mu)
{
    const int nv = m->nv, nl = m->nl, nm = m->nm, n = nv + nl + nm;
    const size_t N = (size_t)n;
    /* K | rhs | M | G | H | κ_g | κ_h | f_p | f_v | f_λ | f_μ | zero λ, μ */
    size_t len = N * N + N + (size_t)nv * nv + (size_t)nl * nv + (size_t)nm * nv + (size_t)nl +
                 (size_t)nm + 2 * (size_t)nv * nv + (size_t)nv * nl + (size_t)nv * nm +
                 (size_t)nl + (size_t)nm + 1;
    double *buf = m->np == nv ? calloc(len, sizeof *buf) : NULL;
    int *piv = calloc(N, sizeof *piv);
    int rc = 1;
    double *rhs = buf ? buf + N * N : NULL;
    if (buf && piv) {
        double *K = buf, *M = rhs + N, *G = M + (size_t)nv * nv;
        double *H = G + (size_t)nl * nv, *kg = H + (size_t)nm * nv, *kh = kg + nl;
        double *fp = kh + nm, *fv = fp + (size_t)nv * nv, *fl = fv + (size_t)nv * nv;
        double *fm = fl + (size_t)nv * nl, *zl = fm + (size_t)nv * nm, *zm = zl + nl;
        m->mass(m, t, p, M);
        m->force(m, t, p, v, zl, zm, rhs);                 /* f at λ = μ = 0 */
        if (m->force_jac)
            m->force_jac(m, t, p, v, zl, zm, fp, fv, fl, fm);
        if (nl) {
            m->G(m, t, p, G);
            m->kappa_g(m, t, p, v, kg);
        }
        if (nm) {
            m->H(m, t, p, H);
            m->kappa_h(m, t, p, v, kh);
        }
        for (int j = 0; j < nv; j++) {
            for (int i = 0; i < nv; i++)
                K[i + N * j] = M[i + (size_t)nv * j];
            for (int r = 0; r < nl; r++) {
                K[(nv + r) + N * j] = G[r + (size_t)nl * j];
                K[j + N * (nv + r)] = G[r + (size_t)nl * j] - fl[j + (size_t)nv * r];
            }
            for (int r = 0; r < nm; r++) {
                K[(nv + nl + r) + N * j] = H[r + (size_t)nm * j];
                K[j + N * (nv + nl + r)] = H[r + (size_t)nm * j] - fm[j + (size_t)nv * r];
            }
        }
        for (int r = 0; r < nl; r++)
            rhs[nv + r] = -kg[r];
        for (int r = 0; r < nm; r++)
            rhs[nv + nl + r] = -kh[r];
        rc = db_dense_lu(n, K, piv);
        if (rc == 0)
            db_dense_lu_solve(n, K, piv, rhs);
    }
    for (int i = 0; i < n; i++) {
        double x = rc == 0 ? rhs[i] : NAN;
        if (i < nv)
            a[i] = x;
        else if (i < nv + nl)
            lam[i - nv] = x;
        else
            mu[i - nv - nl] = x;
    }
    free(buf);
    free(piv);
    return rc;
}
