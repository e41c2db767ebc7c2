/* odassl.c — the `odassl` solver: BDF for the overdetermined formulations oEoM1
 * and oEoM0 (neq > n) after Führer's ODASSL (Führer 1988; Führer & Leimkuhler,
 * Numer. Math. 59 (1991)): the DASSL machinery of bdf_core.c, with each corrector
 * system solved as an equality-constrained least-squares problem (augmented
 * system, one LU per iteration matrix; see bdf_core.c).
 * Variant options: as `bdf` (jac=..., partitioned, maxord=K, ...) plus
 *   ls=dynamics     (default on oEoM1) the constraint rows (position, velocity,
 *                   acceleration level) exactly, so the solution stays on the
 *                   manifold, and the dynamic rows (p', v' equations) in least
 *                   squares — the published ODASSL choice;
 *   ls=weighted     (default on oEoM0) position and velocity rows exactly, the
 *                   dynamic rows and the acceleration rows (scaled by lsw=K,
 *                   default BDF_LS_WEIGHT = 1e-3) in least squares; λ, μ leave
 *                   the error test as on oEoM1.  The acceleration rows only
 *                   steer the multipliers weakly, so the velocity/acceleration
 *                   inconsistency below does not reach the step control, while
 *                   the manifold is kept: pendulum:long tol 1e-6, largest |g|
 *                   over the grid 0.35 -> 6.7e-7 (daebench run -p pendulum:long
 *                   -f oEoM0 -s odassl --tol 1e-6 --max-steps 2000000
 *                   [--variant ls=constraints]; test_odassl.c asserts it on v28);
 *   ls=constraints  (former default on oEoM0) the dynamic rows exactly and the
 *                   constraint rows in least squares (unweighted).  On the
 *                   pendulum oEoM1 it is 0.4–0.6 digits less accurate with
 *                   larger constraint residuals (solvers/tests/test_odassl.c
 *                   prints both).
 * Why ls=dynamics is not used on oEoM0: with the velocity AND the acceleration
 * constraint exact, the BDF solution must satisfy G v_{n+1} = −g_t and
 * G (ρ_k v)_{n+1}/h = −κ at once; the second is the BDF derivative of the first
 * only up to the local error, so the discrepancy (local error / h) is pushed
 * into the least-squares dynamics — the corrector amplifies it like 1/h and the
 * error test then forces tiny steps.  Measured with ls=dynamics on oEoM0: andrews
 * and insulator_chain at tol 1e-4 exceed 5 s of CPU (t < 5e-4 of 0.03), the
 * stiff double pendulum needs 2810 steps at 1e-4 and exceeds 100000 at 1e-8;
 * with ls=constraints 688 / 731 / 543 steps at 1e-4 (daebench run -p andrews
 * -f oEoM0 -s odassl --tol 1e-4 --variant ls=dynamics|ls=constraints).  But
 * ls=constraints lets g drift (index-1 behaviour: pendulum:long |g| 0.35, energy
 * drift 3), hence ls=weighted.
 * On oEoM1 (no acceleration-level rows) λ and μ behave as index-2 variables and
 * are excluded from the error test (cfg.alg_excluded); without that the step size
 * collapses. */
#include <stdio.h>

#include "bdf_core.h"
#include "testset/mech.h"

/* the systems the corrector covers (solver.h "supports"): its constrained
 * least-squares problem needs the constraint rows of full rank, so a system
 * whose constraints are redundant everywhere (mech.h DB_REDUNDANT) is outside
 * the method, recorded at once as unsupported rather than left to grind its
 * step size down to the budget */
static int odassl_supports(const db_dae *d, char *msg, size_t msglen)
{
    if (d && d->mech && (d->mech->flags & DB_REDUNDANT)) {
        if (msg)
            snprintf(msg, msglen, "odassl: redundant constraints (G rank deficient everywhere): "
                                  "the constrained least-squares corrector needs G of full rank");
        return 0;
    }
    return 1;
}

static db_status odassl_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                                  db_counters *c, char *msg, size_t msglen)
{
    bdf_config cfg;
    if (bdf_config_parse(&cfg, o->variant, msg, msglen) != 0)
        return DB_FAIL_INPUT;
    if (cfg.ls == BDF_LS_NONE)
        cfg.ls = d->form == DB_OEOM0 ? BDF_LS_WEIGHTED : BDF_LS_DYNAMICS;
    /* without acceleration-level rows the multipliers are fixed only through the
     * velocity constraint: index-2 behaviour, so they leave the error test */
    int has_acc = 0;
    for (int i = 0; i < d->neq; i++)
        has_acc |= d->row_kind[i] == DB_ROW_ACC;
    cfg.alg_excluded = !has_acc || cfg.ls == BDF_LS_WEIGHTED;
    return bdf_core_integrate(d, o, &cfg, out, c, msg, msglen);
}

const db_solver db_solver_odassl = {
    "odassl",
    "BDF 1-5 for overdetermined DAEs, corrector in constrained least squares (after Fuehrer's ODASSL)",
    DB_FORM_BIT(DB_OEOM1) | DB_FORM_BIT(DB_OEOM0),
    odassl_integrate,
    odassl_supports,
    1     /* step_points */
};
