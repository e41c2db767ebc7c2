/* papers_structure.c — the structural nonzeros of the saddle-point matrix
 * A = [M Gᵀ; G 0] of a problem (measure nnz:A; seed 001 Table 5.4's nne(A)),
 * counted from the problem's sparse callbacks (mech.h mass_sp, G_sp), which add
 * every structural entry also where its value is 0 (sparse.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/papers/papers_probe.h"
#include "testset/sparse.h"

long db_papers_saddle_nnz(const db_run_spec *spec, char *err, size_t errlen)
{
    db_mech m;
    memset(&m, 0, sizeof m);
    char msg[256] = "";
    if (spec->prob->setup(&m, spec->scenario, spec->par, msg, sizeof msg) != 0) {
        snprintf(err, errlen, "setup: %s", msg);
        return -1;
    }
    long nnz = -1;
    db_spacc a;
    if (!m.sparse || !m.mass_sp || !m.G_sp) {
        snprintf(err, errlen, "%s has no sparse callbacks (mech.h): no structure to count",
                 spec->prob->name);
    } else if (db_spacc_triplet_init(&a, 64, 1) != 0) {
        snprintf(err, errlen, "out of memory");
    } else {
        double *p = calloc((size_t)m.np + 1, sizeof *p);
        int *colptr = NULL, *rowind = NULL;
        if (p) {
            db_spacc_block(&a, 0, 0, 1.0, 0);
            m.mass_sp(&m, m.t0, p, &a);
            db_spacc_block(&a, m.nv, 0, 1.0, 0);       /* G: rows below M */
            m.G_sp(&m, m.t0, p, &a);
            db_spacc_block(&a, 0, m.nv, 1.0, 1);       /* Gᵀ: columns right of M */
            m.G_sp(&m, m.t0, p, &a);
            int n = db_csc_from_triplets(&a, m.nv + m.nl, &colptr, &rowind);
            nnz = n;
            if (n < 0)
                snprintf(err, errlen, "out of memory");
        } else {
            snprintf(err, errlen, "out of memory");
        }
        free(colptr);
        free(rowind);
        free(p);
        db_spacc_triplet_free(&a);
    }
    if (spec->prob->teardown)
        spec->prob->teardown(&m);
    return nnz;
}
