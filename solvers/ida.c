/* solvers/ida.c — ida: the external peer, SUNDIALS IDA (variable-order
 * variable-step BDF, fixed-leading-coefficient form, Newton with a dense direct
 * linear solver) on the residual R(t, y, y') = E y' − F(t, y) of testset/dae.h.
 * Built only when CMake finds SUNDIALS >= 6 (DAEBENCH_HAVE_IDA; Debian:
 * apt-get install libsundials-dev).
 *
 * Ref:     A. C. Hindmarsh et al., "SUNDIALS: Suite of nonlinear and
 *          differential/algebraic equation solvers", ACM TOMS 31(3), 2005; the
 *          IDA user guide (v6.4) for the calls used here.
 * Forms:   EoM0 (index 1), EoM1 and GGL (index 2).  The id vector marks
 *          differential unknowns (non-zero column of E) as 1, algebraic ones 0;
 *          when the formulation has index-2 unknowns (d->index >= 2) the
 *          algebraic unknowns are excluded from the error test
 *          (IDASetSuppressAlg), the usual practice for index-2 systems in IDA.
 * Weights: stock IDA by default (IDASStolerances: w_i = 1 / (rtol |y_i| + atol),
 *          IDA's own initial step); variant "ewt": the index-aware weights of
 *          ida_ewt below with our initial step (a modification, not IDA as
 *          shipped; README "The peer").
 * Jacobian: analytic: cj E − ∂F/∂y from d->jac into IDA's dense matrix.
 * Options: rtol, atol scalar; h0 (IDASetInitStep); hmax; max_steps (step
 *          attempts, steps + failures, over the whole integration as for our
 *          solvers; 0 -> 100000); max_cpu (db_budget_cpu_over once per step,
 *          as every solver: the clock is not read in the residual).
 * Output:  IDASolve in IDA_ONE_STEP mode with the stop time tend, one step at a
 *          time; the output times passed are interpolated by IDAGetDky
 *          (IDA's interpolation, never stepping onto the grid).
 * Counters: steps = IDAGetNumSteps; rejected = error-test + nonlinear
 *          convergence failures; f_evals = residual evaluations (IDA's nre, plus
 *          those of difference-quotient Jacobians, nreLS — 0 with ours);
 *          jac_evals = IDAGetNumJacEvals; decompositions = linear solver setups;
 *          solves = Newton iterations; extras err_test_fails, conv_fails.
 * Never prints: IDA's messages are caught by an error handler and the last
 *          one becomes the failure message. */
#include "solver.h"

#ifdef DAEBENCH_HAVE_IDA

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#define IDA_FORMS (DB_FORM_BIT(DB_EOM0) | DB_FORM_BIT(DB_EOM1) | DB_FORM_BIT(DB_GGL))

typedef struct {
    const db_dae *d;
    int n;
    int nz, *ei, *ej;       /* non-zeros of E */
    double *ev;
    double *F;              /* [n] */
    /* index-aware weights (ida_ewt): rtol, atol, the initial step, IDA's memory */
    double rtol, atol, h_init, h_ref;
    const double *idv;      /* [n] 1 differential, 0 algebraic */
    void *mem;
    char last[200];         /* last IDA message */
} ida_ctx;

static int ida_res(realtype t, N_Vector yy, N_Vector yp, N_Vector rr, void *user)
{
    ida_ctx *c = user;
    const double *y = N_VGetArrayPointer(yy), *ydot = N_VGetArrayPointer(yp);
    double *R = N_VGetArrayPointer(rr);
    if (c->d->rhs(c->d, t, y, c->F) != 0)
        return 1;          /* recoverable: IDA reduces the step */
    for (int i = 0; i < c->n; i++)
        R[i] = -c->F[i];
    for (int k = 0; k < c->nz; k++)
        R[c->ei[k]] += c->ev[k] * ydot[c->ej[k]];
    for (int i = 0; i < c->n; i++)
        if (!isfinite(R[i]))
            return 1;
    return 0;
}

static int ida_jac(realtype t, realtype cj, N_Vector yy, N_Vector yp, N_Vector rr,
                   SUNMatrix Jac, void *user, N_Vector t1, N_Vector t2, N_Vector t3)
{
    ida_ctx *c = user;
    (void)yp;
    (void)rr;
    (void)t1;
    (void)t2;
    (void)t3;
    double *J = SUNDenseMatrix_Data(Jac);
    const size_t nn = (size_t)c->n * (size_t)c->n;
    memset(J, 0, nn * sizeof *J);
    if (c->d->jac(c->d, t, N_VGetArrayPointer(yy), J) != 0)
        return 1;
    for (size_t k = 0; k < nn; k++)
        J[k] = -J[k];
    for (int k = 0; k < c->nz; k++)
        J[(size_t)c->ej[k] * (size_t)c->n + (size_t)c->ei[k]] += cj * c->ev[k];
    return 0;
}

/* Error weights of IDA's WRMS norm, index-aware as RADAU5's scaling
 * (Hairer–Wanner, ODE II §IV.8 and VII.4): w_i = 1 / (rtol |y_i| + atol), and
 * for algebraic unknowns of index 2 (λ, μ, η and a of the index-2 forms) the
 * weight is multiplied by min(1, |h| / h_ref).  Those unknowns are out of the error test
 * (IDASetSuppressAlg), so this changes only the Newton convergence test: their
 * iterates carry round-off amplified by 1/h (the iteration matrix of an index-2
 * system has condition ~ h⁻²), and an unscaled test then fails at small h —
 * IDA's first steps on GGL (Andrews, the stiff double pendulum) failed in
 * Newton at t = 0 with h → 1e-16.  h_ref = sqrt(uround / rtol) (time units, as
 * RADAU5's |h|): round-off of those iterates grows like uround / h², which
 * reaches the tolerance near h = h_ref; above it the weights stay IDA's (scaling
 * by |h| everywhere cost up to 1.7x more steps, measured on the pendulum).
 * IDA calls this before every step; h is the step about to be tried (the
 * initial step before the first one). */
static int ida_ewt(N_Vector yy, N_Vector ewt, void *user)
{
    ida_ctx *c = user;
    const double *y = N_VGetArrayPointer(yy);
    double *w = N_VGetArrayPointer(ewt);
    realtype h = 0.0;
    if (c->mem)
        IDAGetCurrentStep(c->mem, &h);
    h = fabs(h) > 0.0 ? fabs(h) : c->h_init;
    for (int i = 0; i < c->n; i++) {
        const double s = c->rtol * fabs(y[i]) + c->atol;
        if (!(s > 0.0))
            return -1;
        w[i] = 1.0 / s;
        if (c->idv[i] == 0.0 && c->d->index && c->d->index[i] >= 2)
            w[i] *= fmin(1.0, h / c->h_ref);
    }
    return 0;
}

static void ida_err(int code, const char *module, const char *function, char *msg, void *user)
{
    ida_ctx *c = user;
    (void)module;
    snprintf(c->last, sizeof c->last, "%s (%d): %s", function, code, msg);
}

static db_status ida_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                               db_counters *cnt, char *msg, size_t msglen)
{
    if (msg && msglen)
        msg[0] = '\0';
    memset(cnt, 0, sizeof *cnt);   /* callers need not zero the counters */
    if ((unsigned)d->form >= DB_NFORMS || !(IDA_FORMS & DB_FORM_BIT(d->form))) {
        snprintf(msg, msglen, "ida: formulation not accepted (EoM0, EoM1, GGL only)");
        return DB_FAIL_INPUT;
    }
    if (o->variant && o->variant[0]) {
        snprintf(msg, msglen, "ida: unknown variant '%s' (ida has no variants)", o->variant);
        return DB_FAIL_INPUT;
    }
    if (d->neq != d->n || !d->rhs || !d->jac || !(o->rtol > 0) || !(o->atol > 0) ||
        out->nt < 1) {
        snprintf(msg, msglen, "ida: needs a square DAE with jac, positive tolerances, outputs");
        return DB_FAIL_INPUT;
    }
    const int n = d->n;
    db_status st = DB_OK;
    ida_ctx c;
    memset(&c, 0, sizeof c);
    c.d = d;
    c.n = n;
    int own_weights = 0;  /* variant "ewt" */
    if (o->variant && o->variant[0]) {
        if (strcmp(o->variant, "ewt") != 0) {
            snprintf(msg, msglen, "ida: unknown variant '%s' (ewt)", o->variant);
            return DB_FAIL_INPUT;
        }
        own_weights = 1;
    }
    SUNContext sctx = NULL;
    N_Vector yy = NULL, yp = NULL, id = NULL;
    SUNMatrix A = NULL;
    SUNLinearSolver LS = NULL;
    void *mem = NULL;
    int alg_index2 = 0;

    for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
        c.nz += d->E[k] != 0.0;
    c.ei = malloc(sizeof(int) * (size_t)(c.nz + 1));
    c.ej = malloc(sizeof(int) * (size_t)(c.nz + 1));
    c.ev = malloc(sizeof(double) * (size_t)(c.nz + 1));
    c.F = malloc(sizeof(double) * (size_t)(n + 1));
    if (!c.ei || !c.ej || !c.ev || !c.F || SUNContext_Create(NULL, &sctx) != 0) {
        st = DB_FAIL_MEMORY;
        snprintf(msg, msglen, "ida: out of memory");
        goto done;
    }
    yy = N_VNew_Serial(n, sctx);
    yp = N_VNew_Serial(n, sctx);
    id = N_VNew_Serial(n, sctx);
    A = SUNDenseMatrix(n, n, sctx);
    if (!yy || !yp || !id || !A) {
        st = DB_FAIL_MEMORY;
        snprintf(msg, msglen, "ida: out of memory");
        goto done;
    }
    {
        double *idv = N_VGetArrayPointer(id);
        int k = 0;
        for (int j = 0; j < n; j++) {
            idv[j] = 0.0;
            for (int i = 0; i < n; i++) {
                double e = d->E[(size_t)j * (size_t)n + (size_t)i];
                if (e != 0.0) {
                    c.ei[k] = i;
                    c.ej[k] = j;
                    c.ev[k] = e;
                    k++;
                    idv[j] = 1.0;
                }
            }
            if (idv[j] == 0.0 && d->index && d->index[j] >= 2)
                alg_index2 = 1;
        }
    }
    memcpy(N_VGetArrayPointer(yy), d->y0, sizeof(double) * (size_t)n);
    memcpy(N_VGetArrayPointer(yp), d->yp0, sizeof(double) * (size_t)n);
    LS = SUNLinSol_Dense(yy, A, sctx);
    mem = IDACreate(sctx);
    if (!LS || !mem) {
        st = DB_FAIL_MEMORY;
        snprintf(msg, msglen, "ida: out of memory");
        goto done;
    }
    const double tend = out->t[out->nt - 1];
    int flag = IDASetErrHandlerFn(mem, ida_err, &c);
    flag |= IDAInit(mem, ida_res, d->t0, yy, yp);
    flag |= IDASetUserData(mem, &c);
    c.rtol = o->rtol;
    c.atol = o->atol;
    c.h_ref = sqrt(DBL_EPSILON / o->rtol);
    c.idv = N_VGetArrayPointer(id);
    c.mem = mem;
    if (alg_index2 && own_weights) {
        /* the weights depend on h (ida_ewt), so the first step is ours: IDA's
         * rule (IDA guide §2.1: h0 = 0.001 |tout − t0|, ‖h0 y'0‖ <= 1/2 in the
         * WRMS norm of the differential unknowns), unless o->h0 is given */
        double h0 = o->h0 > 0 ? o->h0 : 0.001 * (out->t[0] > d->t0 ? out->t[0] - d->t0 : tend - d->t0);
        if (!(o->h0 > 0)) {
            double nrm = 0.0;
            for (int i = 0; i < n; i++) {
                const double q = d->yp0[i] / (o->rtol * fabs(d->y0[i]) + o->atol);
                nrm += c.idv[i] != 0.0 ? q * q : 0.0;
            }
            nrm = sqrt(nrm / n);
            if (h0 * nrm > 0.5)
                h0 = 0.5 / nrm;
            if (o->hmax > 0 && h0 > o->hmax)
                h0 = o->hmax;
        }
        c.h_init = h0;
        flag |= IDAWFtolerances(mem, ida_ewt);
        flag |= IDASetInitStep(mem, h0);
    } else {
        flag |= IDASStolerances(mem, o->rtol, o->atol);
    }
    flag |= IDASetId(mem, id);
    flag |= IDASetSuppressAlg(mem, alg_index2 ? SUNTRUE : SUNFALSE);
    flag |= IDASetMaxNumSteps(mem, o->max_steps > 0 ? o->max_steps : 100000);
    flag |= IDASetStopTime(mem, tend);
    if (o->h0 > 0 && !(alg_index2 && own_weights))
        flag |= IDASetInitStep(mem, o->h0);
    if (o->hmax > 0)
        flag |= IDASetMaxStep(mem, o->hmax);
    flag |= IDASetLinearSolver(mem, LS, A);
    flag |= IDASetJacFn(mem, ida_jac);
    if (flag != 0) {
        st = DB_FAIL_INPUT;
        snprintf(msg, msglen, "ida: setup failed: %s", c.last);
        goto done;
    }
    const double cpu0 = db_cpu_seconds();
    const long max_steps = o->max_steps > 0 ? o->max_steps : 100000;
    int k = 0;
    realtype tret = d->t0;
    N_Vector yk = N_VNew_Serial(n, sctx), ypk = N_VNew_Serial(n, sctx);
    if (!yk || !ypk) {
        st = DB_FAIL_MEMORY;
        snprintf(msg, msglen, "ida: out of memory");
        goto free_out;
    }
    for (;;) {
        /* the output times reached so far, by IDA's interpolation */
        for (; k < out->nt && (out->t[k] <= d->t0 || out->t[k] <= tret); k++) {
            double *yo = out->y + (size_t)k * (size_t)n;
            if (out->t[k] <= d->t0) {
                memcpy(yo, d->y0, sizeof(double) * (size_t)n);
                if (out->yp)
                    memcpy(out->yp + (size_t)k * n, d->yp0, sizeof(double) * (size_t)n);
                continue;
            }
            if (IDAGetDky(mem, out->t[k], 0, yk) != IDA_SUCCESS ||
                (out->yp && IDAGetDky(mem, out->t[k], 1, ypk) != IDA_SUCCESS)) {
                st = DB_FAIL_NEWTON;
                snprintf(msg, msglen, "ida: IDAGetDky failed at t=%.6g: %s", out->t[k], c.last);
                goto free_out;
            }
            memcpy(yo, N_VGetArrayPointer(yk), sizeof(double) * (size_t)n);
            if (out->yp)
                memcpy(out->yp + (size_t)k * n, N_VGetArrayPointer(ypk), sizeof(double) * (size_t)n);
        }
        if (k >= out->nt)
            break;
        /* the budgets, once per step as for every solver (solver.h) */
        long nst = 0, netf = 0, ncfn = 0;
        IDAGetNumSteps(mem, &nst);
        IDAGetNumErrTestFails(mem, &netf);
        IDAGetNumNonlinSolvConvFails(mem, &ncfn);
        if (nst + netf + ncfn >= max_steps) {
            st = DB_FAIL_BUDGET;
            snprintf(msg, msglen, "ida: max_steps %ld reached at t=%.6g", max_steps, tret);
            goto free_out;
        }
        if (db_budget_cpu_over(cpu0, o->max_cpu)) {
            st = DB_FAIL_BUDGET;
            snprintf(msg, msglen, "ida: max_cpu %.3g s exceeded at t=%.6g", o->max_cpu, tret);
            goto free_out;
        }
        /* tout only sets IDA's first step (0.001 |tout - t0|): the next output
         * time, as IDA_NORMAL mode would have it */
        flag = IDASolve(mem, out->t[k], &tret, yy, yp, IDA_ONE_STEP);
        if (flag < 0) {
            st = flag == IDA_TOO_MUCH_WORK ? DB_FAIL_BUDGET
                 : flag == IDA_CONV_FAIL || flag == IDA_LSETUP_FAIL || flag == IDA_LSOLVE_FAIL
                     ? DB_FAIL_NEWTON
                 : flag == IDA_ERR_FAIL ? DB_FAIL_STEPSIZE
                 : flag == IDA_RES_FAIL || flag == IDA_REP_RES_ERR ? DB_FAIL_NONFINITE
                                                                   : DB_FAIL_NEWTON;
            snprintf(msg, msglen, "ida: IDASolve flag %d at t=%.6g: %s", flag, tret, c.last);
            goto free_out;
        }
        /* one step taken (IDA_ONE_STEP; tstop keeps it from passing tend): yy is its value */
        db_step_point(o, tret, N_VGetArrayPointer(yy));
    }
free_out:
    if (yk)
        N_VDestroy(yk);
    if (ypk)
        N_VDestroy(ypk);

done:
    if (mem) {
        long nst = 0, nre = 0, nje = 0, nsetups = 0, nni = 0, netf = 0, ncfn = 0;
        IDAGetNumSteps(mem, &nst);
        IDAGetNumResEvals(mem, &nre);
        long nrels = 0;   /* residuals for difference-quotient Jacobians (0: ours is analytic) */
        IDAGetNumLinResEvals(mem, &nrels);
        nre += nrels;
        IDAGetNumJacEvals(mem, &nje);
        IDAGetNumLinSolvSetups(mem, &nsetups);
        IDAGetNumNonlinSolvIters(mem, &nni);
        IDAGetNumErrTestFails(mem, &netf);
        IDAGetNumNonlinSolvConvFails(mem, &ncfn);
        cnt->steps = nst;
        cnt->rejected = netf + ncfn;
        cnt->f_evals = nre;
        cnt->jac_evals = nje;
        cnt->decompositions = nsetups;
        cnt->solves = nni;
        db_counters_set_extra(cnt, "err_test_fails", netf);
        db_counters_set_extra(cnt, "conv_fails", ncfn);
        IDAFree(&mem);
    }
    if (LS)
        SUNLinSolFree(LS);
    if (A)
        SUNMatDestroy(A);
    if (yy)
        N_VDestroy(yy);
    if (yp)
        N_VDestroy(yp);
    if (id)
        N_VDestroy(id);
    if (sctx)
        SUNContext_Free(&sctx);
    free(c.ei);
    free(c.ej);
    free(c.ev);
    free(c.F);
    return st;
}

const db_solver db_solver_ida = {
    .name = "ida",
    .title = "SUNDIALS IDA (external peer): variable-order BDF, dense direct linear solver "
             "(Hindmarsh et al., ACM TOMS 2005)",
    .forms = IDA_FORMS,
    .integrate = ida_integrate,
    .step_points = 1,
};

#else
/* without SUNDIALS this file contributes nothing (ISO C needs a declaration) */
typedef int db_ida_unavailable;
#endif
