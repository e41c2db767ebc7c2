/* daebench/plugin.h — the stable C interface (ABI) between daebench and a solver
 * built outside its tree, loaded with `daebench ... --plugin PATH.so`.
 * docs/plugin.md explains it with examples; this header is the contract.
 *
 * ABI version and compatibility rule
 * ----------------------------------
 * DAEBENCH_PLUGIN_ABI_VERSION = 1000 * MAJOR + MINOR.  daebench loads a plugin
 * whose daebench_plugin_abi_version() returns V only if
 *
 *     V / 1000 == DAEBENCH_PLUGIN_ABI_MAJOR   (same major)   and
 *     V % 1000 <= DAEBENCH_PLUGIN_ABI_MINOR   (not newer than daebench)
 *
 * else it stops with one line ("... ABI version V, this daebench speaks
 * 1.MINOR") and exit status 2.  A minor version only appends: new fields at the
 * END of the structs daebench fills (dbp_dae, dbp_mech, dbp_options) and new
 * optional exported symbols; a plugin built against an older minor reads a
 * prefix of each struct that means what it meant.  Anything else (a field
 * removed, moved or retyped, a callback's signature, a status code's meaning) is
 * a new major.  Plugins never depend on the size of a struct daebench fills:
 * they receive pointers to them.
 *
 * What a plugin exports (C linkage, plain functions so that Fortran can export
 * them with bind(C); see examples/plugins/fortran):
 *
 *   int  daebench_plugin_abi_version(void);              required
 *   int  daebench_plugin_count(void);                    required: solvers in it (1..64)
 *   int  daebench_plugin_describe(int k, dbp_solver_desc *d);   required, k = 0..count-1
 *   int  daebench_plugin_integrate(int k, const dbp_dae *dae, const dbp_options *o,
 *                                  dbp_output *out, dbp_counters *c,
 *                                  char *msg, size_t msglen);  required, a DBP_* status
 *   int  daebench_plugin_supports(int k, const dbp_dae *dae, char *msg, size_t msglen);
 *                                  optional: 1 can integrate this DAE, 0 (with a reason
 *                                  in msg) recorded as "unsupported", not failed
 *
 * The solver contract (the same as the in-repo solvers'):
 *   - integrate from dae->t0 with the consistent values dae->y0 / dae->yp0 to the
 *     last output time, writing the solution at every output time into out->y
 *     (out->y[k*n + i], k = 0..nt-1);
 *   - never abort the process and never print; a failure returns a DBP_FAIL_*
 *     status with a one-line reason in msg (msglen bytes, NUL-terminated) and
 *     the counters so far;
 *   - honour o->max_steps and o->max_cpu (CPU seconds) and fail with
 *     DBP_FAIL_BUDGET when one is exceeded (daebench also kills a run's process
 *     at its CPU limit: a plugin that loops becomes a failed run "cpu limit");
 *   - be deterministic: the same inputs give the same counters (daebench repeats
 *     short runs for timing and notes counters that differ);
 *   - keep no state between calls that changes results (runs are independent and
 *     run in forked processes).
 *
 * Everything daebench hands over is valid only during the integrate/supports call.
 * Matrices are dense and column-major with leading dimension = number of rows.
 * Every callback writes ALL entries of its output (daebench zeroes nothing for
 * the plugin, and the plugin need not zero anything for daebench).
 */
#ifndef DAEBENCH_PLUGIN_H
#define DAEBENCH_PLUGIN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DAEBENCH_PLUGIN_ABI_MAJOR 1
#define DAEBENCH_PLUGIN_ABI_MINOR 0
#define DAEBENCH_PLUGIN_ABI_VERSION (1000 * DAEBENCH_PLUGIN_ABI_MAJOR + DAEBENCH_PLUGIN_ABI_MINOR)

/* status of integrate (the values are part of the ABI) */
enum {
    DBP_OK = 0,
    DBP_FAIL_STEPSIZE = 1,   /* step size underflow */
    DBP_FAIL_NEWTON = 2,     /* repeated Newton divergence / singular matrix */
    DBP_FAIL_BUDGET = 3,     /* max_steps or max_cpu exceeded */
    DBP_FAIL_INPUT = 4,      /* formulation not accepted, bad options */
    DBP_FAIL_NONFINITE = 5,  /* NaN/Inf in the solution */
    DBP_FAIL_MEMORY = 6
};

/* formulations (DBP_FORM_BIT(f) in dbp_solver_desc.forms); docs/plugin.md and
 * the README table say what each keeps */
enum {
    DBP_EOM = 0,     /* index 3: g, H v + h */
    DBP_EOM1 = 1,    /* index 2: G v + g_t, H v + h */
    DBP_EOM0 = 2,    /* index 1: acceleration level */
    DBP_GGL = 3,     /* index 2, stabilised: p' = v - G^T eta */
    DBP_OEOM1 = 4,   /* overdetermined (neq > n): g, G v + g_t, H v + h */
    DBP_OEOM0 = 5    /* overdetermined: oEoM1 + acceleration level */
};
#define DBP_FORM_BIT(f) (1u << (f))

/* kind of an equation row (dbp_dae.row_kind) */
enum {
    DBP_ROW_DIFF = 0,  /* differential row (E row non-zero) */
    DBP_ROW_ALG = 1,   /* algebraic force balance (rows of the accelerations a) */
    DBP_ROW_POS = 2,   /* position-level constraint g */
    DBP_ROW_VEL = 3,   /* velocity-level constraint */
    DBP_ROW_ACC = 4    /* acceleration-level constraint */
};

/* The mechanical system behind a formulation, for structured solvers
 * (extrapolation, state-space methods), for positions p (np), velocities v
 * (nv = np), holonomic multipliers lam (nl), nonholonomic multipliers mu (nm):
 *
 *     p' = v,   M(t,p) v' = f(t,p,v,lam,mu) - G^T lam - H^T mu,
 *     0 = g(t,p),   0 = H(t,p) v + h(t,p)
 *
 * kappa_g = (G v)_p v + 2 G_t v + g_tt and kappa_h = (H v)_p v + h_p v + H_t v +
 * h_t complete the acceleration level: G v' + kappa_g = 0, H v' + kappa_h = 0.
 * Every callback takes ctx (pass dbp_mech.ctx) first.  A NULL callback is
 * absent: force_jac (then use finite differences), energy.  g_t and h are never
 * NULL (they write zeros when the problem has none). */
typedef struct dbp_mech {
    int np, nv, nl, nm;
    unsigned flags;          /* DBP_MASS_CONST | ... below */
    void *ctx;
    void (*mass)(void *ctx, double t, const double *p, double *M);             /* nv x nv */
    void (*force)(void *ctx, double t, const double *p, const double *v, const double *lam,
                  const double *mu, double *f);                                 /* nv */
    void (*g)(void *ctx, double t, const double *p, double *g);                /* nl */
    void (*G)(void *ctx, double t, const double *p, double *G);                /* nl x np */
    void (*g_t)(void *ctx, double t, const double *p, double *gt);             /* nl */
    void (*kappa_g)(void *ctx, double t, const double *p, const double *v, double *k);  /* nl */
    void (*H)(void *ctx, double t, const double *p, double *H);                /* nm x nv */
    void (*h)(void *ctx, double t, const double *p, double *h);                /* nm */
    void (*kappa_h)(void *ctx, double t, const double *p, const double *v, double *k);  /* nm */
    /* df/dp (nv x np), df/dv (nv x nv), df/dlam (nv x nl), df/dmu (nv x nm); NULL if absent */
    void (*force_jac)(void *ctx, double t, const double *p, const double *v, const double *lam,
                      const double *mu, double *fp, double *fv, double *fl, double *fm);
    /* total energy, an invariant of conservative problems; NULL if none */
    double (*energy)(void *ctx, double t, const double *p, const double *v);
} dbp_mech;

enum {
    DBP_MASS_CONST = 1u << 0,     /* M depends on neither t nor p */
    DBP_MASS_SINGULAR = 1u << 1,  /* M may be singular */
    DBP_F_LAMBDA = 1u << 2,       /* f depends on lam or mu (dry friction) */
    DBP_RHEONOMIC = 1u << 3,      /* constraints depend explicitly on t */
    DBP_NONSMOOTH = 1u << 4       /* f only piecewise smooth */
};

/* The DAE to integrate:  E y' = F(t, y),  E constant (neq x n), with n unknowns
 * and neq equations (neq > n for the overdetermined formulations oEoM1, oEoM0).
 * Unknowns are laid out as [p | v | a | lam | mu | eta] (off_* give each group's
 * offset, -1 when absent; a are the accelerations, present when M is not
 * constant and regular; eta the GGL multipliers).  The residual form of BDF
 * codes is R(t, y, y') = E y' - F(t, y). */
typedef struct dbp_dae {
    int form;                /* DBP_EOM ... DBP_OEOM0 */
    int n, neq;
    double t0, tend;
    const double *E;         /* neq x n */
    const int *index;        /* [n] differentiation index of each unknown (1, 2 or 3) */
    const int *row_kind;     /* [neq] DBP_ROW_* */
    const double *y0, *yp0;  /* consistent initial values and derivatives [n] */
    int off_p, off_v, off_a, off_l, off_m, off_eta;
    void *ctx;               /* pass to rhs, jac, jac_sparse */
    /* F(t, y) into F[neq]; 0, or nonzero if F cannot be evaluated at y */
    int (*rhs)(void *ctx, double t, const double *y, double *F);
    /* J = dF/dy into J[neq x n]; 0 or nonzero */
    int (*jac)(void *ctx, double t, const double *y, double *J);
    /* optional sparse Jacobian (jac_sparse == NULL when absent; square systems
     * only): compressed-column pattern jac_colptr[n+1], jac_rowind[jac_nnz]
     * (sorted within each column) holding every non-zero of dF/dy and of E;
     * jac_sparse writes dF/dy on it into Jx[jac_nnz]; E_sp holds E on it */
    int jac_nnz;
    const int *jac_colptr, *jac_rowind;
    const double *E_sp;
    int (*jac_sparse)(void *ctx, double t, const double *y, double *Jx);
    const dbp_mech *mech;    /* the mechanical system; NULL for a DAE without one */
} dbp_dae;

typedef struct dbp_options {
    double rtol, atol;       /* scalar tolerances */
    double h0;               /* initial step; 0 = solver's choice */
    double hmax;             /* largest step; 0 = whole span */
    long max_steps;          /* budget of steps (accepted + rejected); 0 = 100000 */
    double max_cpu;          /* budget of CPU seconds; 0 = none */
    const char *variant;     /* --variant string; NULL = default */
} dbp_options;

typedef struct dbp_output {
    int nt;                  /* number of output times */
    const double *t;         /* [nt], increasing; t[nt-1] is the end of integration */
    double *y;               /* [nt * n]: y[k*n + i], written by the solver */
} dbp_output;

#define DBP_MAX_EXTRA 8
#define DBP_NAME_LEN 32

/* Work counters, zeroed by daebench before integrate.  daebench counts the
 * calls of rhs itself and records that as f_evals; jac_evals is the larger of
 * the plugin's value and the number of jac/jac_sparse calls (a plugin forming
 * Jacobians by finite differences counts them here).  extra: solver-specific
 * counters, names NUL-terminated (letters, digits, '_'). */
typedef struct dbp_counters {
    long steps, rejected, f_evals, jac_evals, decompositions, solves;
    int nextra;
    struct { char name[DBP_NAME_LEN]; long value; } extra[DBP_MAX_EXTRA];
} dbp_counters;

/* what describe fills: name (letters, digits, '-', '_'; unique among all
 * solvers daebench has, built-in and loaded), one line of title, the mask of
 * formulations accepted */
typedef struct dbp_solver_desc {
    char name[DBP_NAME_LEN];
    char title[128];
    unsigned forms;
} dbp_solver_desc;

/* the exported functions (declared so that a C plugin gets its signatures checked) */
int daebench_plugin_abi_version(void);
int daebench_plugin_count(void);
int daebench_plugin_describe(int k, dbp_solver_desc *d);
int daebench_plugin_integrate(int k, const dbp_dae *dae, const dbp_options *o, dbp_output *out,
                              dbp_counters *c, char *msg, size_t msglen);
int daebench_plugin_supports(int k, const dbp_dae *dae, char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif

#endif
