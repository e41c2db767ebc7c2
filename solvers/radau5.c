/* solvers/radau5.c — radau5: Radau IIA, 3 stages, order 5, for E y' = F(t, y)
 * with constant E and index ≤ 3, after Hairer & Wanner's RADAU5 (Solving ODEs II,
 * Sect. IV.8; code of 9 July 1996).  A thin wrapper of the reusable machinery in
 * radau_core.c over a db_dae; read that file's header for the method, the
 * defaults and what each counter counts.
 *
 * Formulations: EoM (index 3), EoM1, GGL (index 2), EoM0 (index 1), and hand-made
 *               DAEs (form = DB_NFORMS); neq must equal n.
 * Options:      rtol > 1e-15, atol >= 0 (transformed as in RADAU5: rtol' =
 *               0.1 rtol^(2/3), atol' = rtol' atol/rtol); h0 (0 -> 1e-6); hmax
 *               (0 -> span); max_steps (step attempts, 0 -> 100000); max_cpu;
 *               variant: comma-separated tokens, NULL/"" = adaptive, auto
 *               linear algebra; "fixed" (constant step h0, no error control,
 *               for order tests); "dense" / "sparse" force the dense LU or the
 *               structured path (sparse LU over d->jac_sparse; default: sparse
 *               when the DAE offers it and n > RADAU_SPARSE_MIN_N).
 * Error scaling: d->index (1, 2, 3) gives the index-aware weights of RADAU5.
 * Jacobian:     d->jac (analytic), one jac_eval per call.
 * Returns:      DB_OK, DB_FAIL_INPUT, DB_FAIL_STEPSIZE, DB_FAIL_NEWTON,
 *               DB_FAIL_BUDGET, DB_FAIL_NONFINITE, DB_FAIL_MEMORY, with a one-line
 *               message; the output times not reached are left untouched.
 */
#include <stdio.h>
#include <string.h>

#include "solver.h"
#include "radau_core.h"

#define RADAU5_FORMS (DB_FORM_BIT(DB_EOM) | DB_FORM_BIT(DB_EOM1) | DB_FORM_BIT(DB_EOM0) | \
                      DB_FORM_BIT(DB_GGL))

/* the callbacks' context: the DAE and the options (for the step-point hook) */
typedef struct {
    const db_dae *d;
    const db_solver_opts *o;
} r5ctx;

static int radau5_rhs(void *ctx, double t, const double *y, double *F)
{
    const db_dae *d = ((const r5ctx *)ctx)->d;
    return d->rhs(d, t, y, F);
}

static int radau5_jac(void *ctx, double t, const double *y, double *J)
{
    const db_dae *d = ((const r5ctx *)ctx)->d;
    return d->jac(d, t, y, J);
}

static int radau5_jac_sparse(void *ctx, double t, const double *y, double *Jx)
{
    const db_dae *d = ((const r5ctx *)ctx)->d;
    return d->jac_sparse(d, t, y, Jx);
}

/* after every accepted step (set only with opts->step_point): its step point */
static int radau5_accepted(void *ctx, double t, double *y)
{
    db_step_point(((const r5ctx *)ctx)->o, t, y);
    return 0;
}

static db_status radau5_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                                  db_counters *c, char *msg, size_t msglen)
{
    if (msg && msglen)
        msg[0] = '\0';
    if (c)
        memset(c, 0, sizeof *c);   /* callers need not zero the counters */
    if (!d || !o || !out || !c) {
        if (msg && msglen)
            snprintf(msg, msglen, "radau5: missing argument");
        return DB_FAIL_INPUT;
    }
    if (d->form != DB_NFORMS &&
        ((unsigned)d->form > DB_NFORMS || !(RADAU5_FORMS & DB_FORM_BIT(d->form)))) {
        if (msg && msglen)
            snprintf(msg, msglen, "radau5: formulation %d not accepted (EoM, EoM1, EoM0, GGL only)",
                     (int)d->form);
        return DB_FAIL_INPUT;
    }
    if (d->neq != d->n || !d->rhs || !d->jac || !d->y0 || d->n < 0) {
        if (msg && msglen)
            snprintf(msg, msglen, "radau5: needs a square system with rhs, jac and y0 (n=%d, neq=%d)",
                     d->n, d->neq);
        return DB_FAIL_INPUT;
    }
    radau_params p;
    radau_params_from_opts(&p, o);
    if (o->variant && o->variant[0]) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", o->variant);
        for (char *save = NULL, *tok = strtok_r(buf, ", ", &save); tok;
             tok = strtok_r(NULL, ", ", &save)) {
            if (strcmp(tok, "fixed") == 0) {
                p.fixed = 1;
                p.nit = 30;
            } else if (strcmp(tok, "dense") == 0) {
                p.linsol = RADAU_LINSOL_DENSE;
            } else if (strcmp(tok, "sparse") == 0) {
                p.linsol = RADAU_LINSOL_SPARSE;
            } else if (strcmp(tok, "full") == 0) {
                p.linsol = RADAU_LINSOL_FULL;
            } else {
                if (msg && msglen)
                    snprintf(msg, msglen, "radau5: unknown variant '%s' (known: fixed, dense, sparse, full)",
                             tok);
                return DB_FAIL_INPUT;
            }
        }
    }
    r5ctx rc = {d, o};
    radau_sys s = {
        .n = d->n, .E = d->E, .index = d->index, .ctx = &rc,
        .rhs = radau5_rhs, .jac = radau5_jac,
        .accepted = o->step_point ? radau5_accepted : NULL, .self_checked = d->self_checked,
        .dae = d, .m1 = d->m1, .m2 = d->m2,
    };
    if (d->jac_sparse && d->jac_colptr && d->jac_rowind && d->E_sp) {
        s.nnz = d->jac_nnz;
        s.colptr = d->jac_colptr;
        s.rowind = d->jac_rowind;
        s.E_sp = d->E_sp;
        s.jac_sparse = radau5_jac_sparse;
    }
    return radau_integrate(&s, d->t0, d->y0, &p, out->nt, out->t, out->y, out->yp, c, msg,
                           msglen);
}

const db_solver db_solver_radau5 = {
    .name = "radau5",
    .title = "Radau IIA order 5, simplified Newton with real/complex split (Hairer-Wanner RADAU5, ODE II IV.8)",
    .forms = RADAU5_FORMS,
    .integrate = radau5_integrate,
    .step_points = 1,
};
