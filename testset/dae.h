/* dae.h — the linearly implicit DAE  E y' = F(t, y)  that every solver integrates,
 * and the generic builder of the six formulations from a mechanical system.
 *
 * Unknowns are laid out once, in this order (a group of length 0 is absent):
 *
 *     y = [ p (np) | v (nv) | a (nv, only if M is not constant-regular) | λ (nl) | μ (nm) | η (nl, GGL only) ]
 *
 * Equations (rows of E y' = F), in this order:
 *
 *     p rows   p' = v                  (GGL: p' = v − Gᵀη)             E = I
 *     v rows   M v' = f − Gᵀλ − Hᵀμ    when M is constant and regular  E = M
 *              v' = a                  otherwise                        E = I
 *     a rows   0 = f − Gᵀλ − Hᵀμ − M a (only with a)                   E = 0
 *     then the constraint rows of the formulation (E = 0), grouped by level:
 *       EoM    g, Hv+h                         EoM1  Gv+g_t, Hv+h
 *       EoM0   Gv'+κ_g, Hv'+κ_h                GGL   g, Gv+g_t, Hv+h
 *       oEoM1  g, Gv+g_t, Hv+h                 oEoM0 oEoM1 + Gv'+κ_g, Hv'+κ_h
 *     where v' = a when a is present, else v' = M⁻¹(f − Gᵀλ − Hᵀμ).
 *
 * The residual form used by BDF codes is  R(t, y, y') = E y' − F(t, y).
 */
#ifndef DAEBENCH_DAE_H
#define DAEBENCH_DAE_H

#include "mech.h"

typedef enum {
    DB_EOM = 0, DB_EOM1, DB_EOM0, DB_GGL, DB_OEOM1, DB_OEOM0, DB_NFORMS
} db_form;

/* bit of a formulation in a mask */
#define DB_FORM_BIT(f) (1u << (f))

/* kind of an equation row */
enum {
    DB_ROW_DIFF = 0,   /* differential row (E row non-zero) */
    DB_ROW_ALG  = 1,   /* algebraic force balance (a rows) */
    DB_ROW_POS  = 2,   /* position-level constraint g */
    DB_ROW_VEL  = 3,   /* velocity-level constraint (Gv+g_t or Hv+h) */
    DB_ROW_ACC  = 4    /* acceleration-level constraint */
};

typedef struct db_dae db_dae;

struct db_dae {
    db_form form;          /* which formulation (DB_NFORMS for a hand-made DAE) */
    int n;                 /* number of unknowns */
    int neq;               /* number of equations; > n for oEoM1 and oEoM0 */
    double t0, tend;
    double *E;             /* neq×n, column-major, constant leading matrix */
    int *index;            /* [n] differentiation index of each unknown: 1, 2 or 3 */
    int *row_kind;         /* [neq] DB_ROW_* */
    /* F(t, y) into F[neq].  Returns 0, or nonzero if F cannot be evaluated at y. */
    int (*rhs)(const db_dae *d, double t, const double *y, double *F);
    /* J = ∂F/∂y, neq×n column-major (ld = neq).  Returns 0 or nonzero. */
    int (*jac)(const db_dae *d, double t, const double *y, double *J);
    double *y0, *yp0;      /* consistent initial values and derivatives at t0 */

    /* layout: offset of each group in y, -1 if absent */
    int off_p, off_v, off_a, off_l, off_m, off_eta;
    const db_mech *mech;   /* the mechanical system, NULL for a hand-made DAE */
    void *work;            /* builder-private workspace */
    void (*free_work)(void *work);

    /* --- optional sparse Jacobian (additive; 0/NULL when absent) ------------
     * A compressed-column pattern of ∂F/∂y (square systems only, neq = n) that
     * also contains every non-zero of E; jac_sparse writes the values of ∂F/∂y
     * on it (Jx[jac_nnz], overwritten), E_sp holds E on the same pattern, so
     * that an iteration matrix c E − J is  c E_sp[k] − Jx[k]  slot by slot.
     * Row indices are sorted in each column.  The builder offers it when the
     * mechanical system has sparse callbacks (mech.h, sparse = 1). */
    int jac_nnz;
    int *jac_colptr;       /* [n+1] */
    int *jac_rowind;       /* [jac_nnz] */
    double *E_sp;          /* [jac_nnz] */
    int (*jac_sparse)(const db_dae *d, double t, const double *y, double *Jx);

    /* 1 (set by db_dae_build; additive, 0 for hand-made DAEs): rhs, jac and
     * jac_sparse write every entry of their output and return nonzero when a
     * value is not finite, so a caller needs neither zero the output before the
     * call nor scan it afterwards (the solvers' hot paths skip both). */
    int self_checked;

    /* second-order structure (additive; 0 for hand-made DAEs): for i < m1, row
     * i is  y_i' = y_{i+m2}  (E's row i is e_iᵀ, F_i = y_{i+m2}, so ∂F_i/∂y =
     * e_{i+m2}ᵀ); m1 is a multiple of m2.  The p rows p' = v (every formulation
     * but GGL: m1 = m2 = n_p) and, with accelerations as unknowns, the v rows
     * v' = a as well (m1 = 2 n_p).  A solver may eliminate these rows from its
     * iteration matrix (RADAU5's M1, M2; solvers/linsolver_reduced.c). */
    int m1, m2;
};

/* names "EoM", "EoM1", "EoM0", "GGL", "oEoM1", "oEoM0" */
const char *db_form_name(db_form f);
/* -1 if unknown */
int db_form_from_name(const char *name);

/* A square DAE given directly rather than built from a mechanical system (tests,
 * hand-made problems): form DB_NFORMS, neq = n, no mech, every group offset -1;
 * the caller owns the arrays, which must outlive d (never db_dae_free it). */
void db_dae_direct(db_dae *d, int n, double t0, double tend, double *E, int *index,
                   int *row_kind, int (*rhs)(const db_dae *, double, const double *, double *),
                   int (*jac)(const db_dae *, double, const double *, double *), double *y0,
                   double *yp0);

/* Build formulation f of m into d.  Returns 0, or nonzero with message in err. */
int db_dae_build(db_dae *d, const db_mech *m, db_form f, char *err, size_t errlen);

/* the largest dense matrix (neq × n entries, 2 GiB of doubles) a formulation is
 * built with: db_dae_build refuses a larger system before allocating anything,
 * so that no product of two sizes overflows an int in the code that uses it
 * (the solvers' n × n matrices); docs/limits.md */
#define DB_DAE_DENSE_MAX ((size_t)1 << 28)
void db_dae_free(db_dae *d);

/* F(t, y) of a built formulation evaluated block by block through work
 * vectors and library calls: the evaluation the dense path had before its lean
 * form (d->rhs), kept as the reference the tests compare d->rhs with bit for
 * bit (testset/tests/test_self_checked.c, test_formulations.c).  0 or nonzero
 * as d->rhs; d must come from db_dae_build. */
int db_dae_rhs_reference(const db_dae *d, double t, const double *y, double *F);

/* R = E yp − F(t, y)  (neq) */
int db_dae_residual(const db_dae *d, double t, const double *y, const double *yp, double *R);

/* Constraint residuals of a state on the three levels (max-norms):
 * res[0] position |g|, res[1] velocity max(|Gv+g_t|, |Hv+h|),
 * res[2] acceleration max(|Gv'+κ_g|, |Hv'+κ_h|) with v' = a if given (a may be NULL:
 * then v' = M⁻¹(f − Gᵀλ − Hᵀμ), which needs a regular M; res[2] = NAN otherwise).
 * Any of the levels without constraints gives 0. */
void db_mech_residuals(const db_mech *m, double t, const double *p, const double *v,
                       const double *lam, const double *mu, const double *a, double res[3]);

#endif
