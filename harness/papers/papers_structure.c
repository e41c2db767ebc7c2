/* papers_structure.c — the nonzeros of the saddle-point matrix A = [M Gᵀ; G 0]
 * of a problem (measure nnz:A; seed 001 Table 5.4's nne(A)): nnz(M) + 2 nnz(G)
 * evaluated at a generic state (the initial positions moved off their symmetric
 * values by small distinct amounts, so that no entry vanishes by coincidence; the
 * massless point's zero rows of M do not count, as in the table). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/papers/papers_probe.h"

int db_papers_mech(const db_run_spec *spec, db_mech *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    char msg[256] = "";
    if (spec->prob->setup(m, spec->scenario, spec->par, msg, sizeof msg) != 0) {
        snprintf(err, errlen, "setup: %s", msg);
        return -1;
    }
    return 0;
}

long db_papers_saddle_nnz(const db_run_spec *spec, char *err, size_t errlen)
{
    db_mech m;
    if (db_papers_mech(spec, &m, err, errlen) != 0)
        return -1;
    long nnz = -1;
    const size_t np = (size_t)m.np, nv = (size_t)m.nv, nl = (size_t)m.nl;
    double *p = calloc(np + 1, sizeof *p), *v = calloc(nv + 1, sizeof *v);
    double *lam = calloc(nl + (size_t)m.nm + 1, sizeof *lam), *a = calloc(nv + 1, sizeof *a);
    double *M = calloc(nv * nv + 1, sizeof *M), *G = calloc(nl * np + 1, sizeof *G);
    if (!p || !v || !lam || !a || !M || !G) {
        snprintf(err, errlen, "out of memory");
    } else if (!m.mass || !m.G || !m.init) {
        snprintf(err, errlen, "%s: no mass matrix or constraint Jacobian", spec->prob->name);
    } else {
        m.init(&m, p, v, lam, lam + nl, a);
        for (size_t i = 0; i < np; i++)
            p[i] += 1e-3 * (double)(1 + i % 7);
        m.mass(&m, m.t0, p, M);
        m.G(&m, m.t0, p, G);
        nnz = 0;
        for (size_t i = 0; i < nv * nv; i++)
            nnz += M[i] != 0.0;
        for (size_t i = 0; i < nl * np; i++)
            nnz += 2 * (G[i] != 0.0);
    }
    free(p);
    free(v);
    free(lam);
    free(a);
    free(M);
    free(G);
    if (spec->prob->teardown)
        spec->prob->teardown(&m);
    return nnz;
}
