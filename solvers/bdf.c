/* bdf.c — the `bdf` solver: variable-order (1–5) variable-step BDF of the DASSL
 * family (Brenan, Campbell, Petzold 1996) on the residual form R = E y' − F(t,y)
 * of EoM0, EoM1 and GGL, with Jacobian reuse, convergence-rate scaling and
 * grouped/partitioned Jacobians after Arnold, Fuchs, Führer (seed 002).  The
 * method lives in bdf_core.c (manual there); this file is the solver entry.
 * Variant options (opts->variant, comma-separated): jac=analytic (default when
 * the DAE has a Jacobian) | jac=fd (dense FD, default otherwise) | jac=group
 * (grouped FD on a probed pattern); partitioned; maxord=K; fixed-order=K;
 * fixed-step (constant opts->h0, no error control); stald | nostald (BDF
 * stability limit detection, bdf_stald.h; off by default); osc | noosc (order
 * held at most 2 while an undamped oscillatory mode is detected, bdf_osc.h; on
 * by default). */
#include <stdio.h>

#include "bdf_core.h"

static db_status bdf_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                               db_counters *c, char *msg, size_t msglen)
{
    bdf_config cfg;
    if (bdf_config_parse(&cfg, o->variant, msg, msglen) != 0)
        return DB_FAIL_INPUT;
    if (cfg.ls != BDF_LS_NONE) {
        snprintf(msg, msglen, "bdf: ls= options belong to odassl");
        return DB_FAIL_INPUT;
    }
    return bdf_core_integrate(d, o, &cfg, out, c, msg, msglen);
}

const db_solver db_solver_bdf = {
    "bdf",
    "variable-order BDF 1-5 (DASSL family) with Jacobian reuse and grouped FD Jacobians "
    "(Brenan/Campbell/Petzold; Arnold/Fuchs/Fuehrer)",
    DB_FORM_BIT(DB_EOM0) | DB_FORM_BIT(DB_EOM1) | DB_FORM_BIT(DB_GGL),
    bdf_integrate,
    NULL, /* supports: every DAE of the accepted formulations */
    1     /* step_points */
};
