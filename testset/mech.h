/* mech.h — the mechanical system a problem describes, and the problem descriptor.
 *
 * A problem of the catalogue is written once, as a constrained mechanical system
 * for positions p (n_p), velocities v (n_v = n_p), holonomic multipliers λ (n_λ)
 * and nonholonomic multipliers μ (n_μ):
 *
 *     p' = v
 *     M(t,p) v' = f(t,p,v,λ,μ) − G(t,p)ᵀ λ − H(t,p)ᵀ μ
 *     0 = g(t,p)                       holonomic, position level,  G = ∂g/∂p
 *     0 = H(t,p) v + h(t,p)            nonholonomic, velocity level
 *
 * Hidden constraints (../shared/models/formulations.md §1):
 *     velocity level       G v + g_t = 0
 *     acceleration level   G v' + κ_g = 0,   κ_g = (G v)_p v + 2 G_t v + g_tt
 *     nonholonomic, acc.   H v' + κ_h = 0,   κ_h = (H v)_p v + h_p v + H_t v + h_t
 *
 * The generic builder (formulation.c) turns this into the six formulations.
 *
 * Conventions for every callback:
 *   - matrices are dense, column-major, leading dimension = number of rows;
 *   - THE CALLER ZEROES every output array before the call; a callback writes
 *     (or adds to) the non-zero entries only;
 *   - p, v, λ, μ are never NULL (zero-length groups get a valid pointer);
 *   - callbacks read parameters from m->par[] and private data from m->data.
 *
 * Required callbacks: mass, force, init.  When n_λ > 0: g, G, kappa_g.  When
 * n_μ > 0: H, kappa_h.  Everything else is optional (NULL): g_t, h (zero when
 * scleronomic/absent), the derivative callbacks (the builder then falls back to
 * central finite differences of the first-order callbacks, and the FD tests say
 * which problems lack analytic ones), energy, exact.
 */
#ifndef DAEBENCH_MECH_H
#define DAEBENCH_MECH_H

#include <stddef.h>

/* flags of a mechanical system */
enum {
    DB_MASS_CONST    = 1u << 0, /* M does not depend on t or p (Mw_p unused) */
    DB_MASS_SINGULAR = 1u << 1, /* M may be singular (insulator chain) */
    DB_F_LAMBDA      = 1u << 2, /* f depends on λ or μ (dry friction) */
    DB_RHEONOMIC     = 1u << 3, /* constraints depend explicitly on t */
    DB_NONSMOOTH     = 1u << 4, /* f is only piecewise smooth (friction sign) */
    /* structural hardness, documentation of the problem (docs/catalogue.md); the
     * reason class of a failed run comes from the rank of G at the failure, not
     * from these flags (harness/run/verdict.h) */
    DB_REDUNDANT     = 1u << 5, /* G is rank deficient everywhere (redundant constraint);
                                 * λ is the minimum-norm multiplier */
    DB_SINGULAR_POS  = 1u << 6  /* the motion passes positions where G loses rank */
};

typedef struct db_mech db_mech;

/* Sparse accumulator (testset/sparse.h): a sparse callback adds the entry (i, j)
 * of its block — structurally, also when the value is 0 — with db_spacc_add. */
typedef struct db_spacc db_spacc;
void db_spacc_add(db_spacc *a, int i, int j, double v);

struct db_mech {
    int np, nv, nl, nm;   /* n_p, n_v (= n_p), n_λ, n_μ */
    double t0, tend;      /* time span of the chosen scenario */
    unsigned flags;       /* DB_* above */
    const double *par;    /* parameter values, in the order of the problem's params */
    int scenario;         /* index into the problem's scenario table */
    void *data;           /* problem-private, owned by the problem (setup/teardown) */

    /* --- model functions --------------------------------------------------- */
    void (*mass)(const db_mech *m, double t, const double *p, double *M);      /* nv×nv */
    void (*force)(const db_mech *m, double t, const double *p, const double *v,
                  const double *lam, const double *mu, double *f);             /* nv */
    void (*g)(const db_mech *m, double t, const double *p, double *g);         /* nl */
    void (*G)(const db_mech *m, double t, const double *p, double *G);         /* nl×np */
    void (*g_t)(const db_mech *m, double t, const double *p, double *gt);      /* nl, optional */
    void (*kappa_g)(const db_mech *m, double t, const double *p, const double *v,
                    double *k);                          /* nl: (Gv)_p v + 2 G_t v + g_tt */
    void (*H)(const db_mech *m, double t, const double *p, double *H);         /* nm×nv */
    void (*h)(const db_mech *m, double t, const double *p, double *h);         /* nm, optional */
    void (*kappa_h)(const db_mech *m, double t, const double *p, const double *v,
                    double *k);                 /* nm: (Hv)_p v + h_p v + H_t v + h_t */

    /* --- analytic derivatives (optional; FD fallback in the builder) -------- */
    /* ∂(M(t,p) w)/∂p at fixed w: nv×np */
    void (*Mw_p)(const db_mech *m, double t, const double *p, const double *w, double *out);
    /* ∂f/∂p (nv×np), ∂f/∂v (nv×nv), ∂f/∂λ (nv×nl), ∂f/∂μ (nv×nm); all four given */
    void (*force_jac)(const db_mech *m, double t, const double *p, const double *v,
                      const double *lam, const double *mu,
                      double *fp, double *fv, double *fl, double *fm);
    /* ∂(G w)/∂p at fixed w (nl×np) */
    void (*Gw_p)(const db_mech *m, double t, const double *p, const double *w, double *out);
    /* ∂(Gᵀ l)/∂p at fixed l (np×np) */
    void (*GTl_p)(const db_mech *m, double t, const double *p, const double *l, double *out);
    /* ∂g_t/∂p = G_t (nl×np) */
    void (*g_tp)(const db_mech *m, double t, const double *p, double *out);
    /* ∂κ_g/∂p (nl×np), ∂κ_g/∂v (nl×nv) */
    void (*kappa_g_jac)(const db_mech *m, double t, const double *p, const double *v,
                        double *kp, double *kv);
    /* ∂(H w)/∂p at fixed w (nm×np) */
    void (*Hw_p)(const db_mech *m, double t, const double *p, const double *w, double *out);
    /* ∂(Hᵀ u)/∂p at fixed u (nv×np) */
    void (*HTu_p)(const db_mech *m, double t, const double *p, const double *u, double *out);
    /* ∂h/∂p (nm×np) */
    void (*h_p)(const db_mech *m, double t, const double *p, double *out);
    /* ∂κ_h/∂p (nm×np), ∂κ_h/∂v (nm×nv) */
    void (*kappa_h_jac)(const db_mech *m, double t, const double *p, const double *v,
                        double *kp, double *kv);

    /* --- initial values, invariants, events --------------------------------- */
    /* consistent values at t0 on all levels: p, v, λ, μ and the accelerations a = v'(t0) */
    void (*init)(const db_mech *m, double *p, double *v, double *lam, double *mu, double *a);
    /* optional invariant (energy); NULL if none */
    double (*energy)(const db_mech *m, double t, const double *p, const double *v);
    /* optional switching functions for event location (MEXX §2.5): ns of them */
    int nswitch;
    void (*switching)(const db_mech *m, double t, const double *p, const double *v,
                      const double *lam, const double *mu, double *s);

    /* --- optional sparse variants (additive; see testset/sparse.h) ----------- */
    /* With sparse = 1 the problem gives the callbacks below: the same matrices
     * as their dense namesakes, entry by entry through db_spacc_add (blocks in
     * the same orientation, e.g. G_sp adds (row of g, coordinate)).  The builder
     * then publishes a sparse ∂F/∂y (dae.h jac_sparse) for n_μ = 0, constant M
     * and the formulations EoM, EoM1, GGL (and EoM0 when the accelerations are
     * unknowns).  g_tp_sp may be NULL when g_tp is (G_t = 0). */
    int sparse;
    void (*mass_sp)(const db_mech *m, double t, const double *p, db_spacc *M);
    void (*G_sp)(const db_mech *m, double t, const double *p, db_spacc *G);
    void (*force_jac_sp)(const db_mech *m, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         db_spacc *fp, db_spacc *fv, db_spacc *fl, db_spacc *fm);
    void (*Gw_p_sp)(const db_mech *m, double t, const double *p, const double *w,
                    db_spacc *out);
    void (*GTl_p_sp)(const db_mech *m, double t, const double *p, const double *l,
                     db_spacc *out);
    void (*g_tp_sp)(const db_mech *m, double t, const double *p, db_spacc *out);
    void (*kappa_g_jac_sp)(const db_mech *m, double t, const double *p, const double *v,
                           db_spacc *kp, db_spacc *kv);

    /* --- optional known non-smooth times (NULL: none) ------------------------
     * Times in (t0, tend) at which the motion is not smooth although no event
     * decides them (a road profile that each wheel reaches at a known time):
     * writes up to max of them into t and returns how many it wrote.  The
     * reference integrator (reference/refint.h) ends a step exactly at each. */
    int (*breakpoints)(const db_mech *m, double *t, int max);

    /* --- optional: the model in long double (NULL: none) ----------------------
     * The same mass, force and constraint functions evaluated in long double
     * (mech_ld.h), for the reference integrator (reference/refint.h) where the
     * double callbacks' rounding limits the digits a reference can reach.  A
     * problem gives it by compiling its model code a second time (real.h). */
    const struct db_mech_ld *ld;

    /* --- optional branch test (NULL: none) -----------------------------------
     * A motion through singular positions (DB_SINGULAR_POS) can be continued on
     * another branch.  branch_gap(t, p, v) is the distance of a state from the
     * branch of the reference motion, scaled so that a value >= 1 means another
     * branch (four_bar_chain: the spread of the rocker angles over 0.1 rad).  The
     * harness calls it at every reference time of a run (harness/run/verdict.h):
     * a run that leaves the branch is failed, class "branch". */
    double (*branch_gap)(const db_mech *m, double t, const double *p, const double *v);
};

/* a named parameter of a problem (the N of a chain, a friction coefficient) */
typedef struct {
    const char *name;
    double def, min, max;
    int integer;          /* 1 if the value must be an integer */
    const char *help;
} db_param_spec;

/* a named scenario (initial values, time span); the first one is the default */
typedef struct {
    const char *name;
    const char *help;
} db_scenario_spec;

/* a reference solution published by the problem's source (the IVP test set's
 * y(t_end)), as the source measures it: n values at t_end of the default
 * parameters, each with the digits it is actually good to (fact sheets); map
 * writes a state of ours in the source's layout (its signs, scalings, derived
 * components).  The published-value tests and the report's reference table
 * (the published value's digits against our stored reference) read it. */
typedef struct {
    const char *source;           /* "IVP test set Release 2.4, y(3)" */
    int scenario;                 /* the scenario it belongs to */
    int n;
    const double *values;         /* [n] */
    const double *digits;         /* [n] */
    const char *const *names;     /* [n] */
    int (*map)(const db_mech *m, const double *p, const double *v, const double *lam,
               const double *mu, double *y);   /* y[n]; 0, or nonzero */
} db_published;

/* the problem descriptor: one const instance per testset/<problem>.c */
typedef struct db_problem {
    const char *name;                /* "pendulum" */
    const char *title;               /* one line */
    const char *source;              /* where equations and data come from */
    const db_scenario_spec *scenarios;
    int nscenarios;
    const db_param_spec *params;
    int nparams;
    /* fill *m for scenario index sc and parameter values par[nparams]; the caller
     * keeps par alive while m lives.  Returns 0, or nonzero with a message in err. */
    int (*setup)(db_mech *m, int sc, const double *par, char *err, size_t errlen);
    void (*teardown)(db_mech *m);    /* frees m->data; may be NULL */
    /* optional exact solution at time t (used as reference when present) */
    int (*exact)(const db_mech *m, double t, double *p, double *v, double *lam, double *mu);
    /* optional published reference solution (NULL: none) */
    const db_published *published;
} db_problem;

#endif
