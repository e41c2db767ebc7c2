/* mechfd.h — central finite differences of the first-order callbacks of a
 * mechanical system (mech.h), used (1) by the formulation builder as the fallback
 * for derivative callbacks that a problem leaves NULL and (2) by mechcheck.c as the
 * reference the analytic derivatives are compared with.
 *
 * db_mechfd_*  always differentiate numerically (db_mechd_eval too, analytic = 0);
 * db_mechd_*   call the analytic callback when present, else differentiate numerically.
 * Every function overwrites its whole output (no need to zero it) and does not
 * allocate: the workspace is sized once by db_mechfd_init. */
#ifndef DAEBENCH_MECHFD_H
#define DAEBENCH_MECHFD_H

#include "mech.h"

/* the derivative callbacks below as one family, for code that treats them alike
 * (the checks of mechcheck.c, the db_mechd_* dispatch) */
typedef enum {
    DB_MECHD_MW_P, DB_MECHD_FORCE_JAC, DB_MECHD_GW_P, DB_MECHD_GTL_P, DB_MECHD_G_TP,
    DB_MECHD_KAPPA_G_JAC, DB_MECHD_HW_P, DB_MECHD_HTU_P, DB_MECHD_H_P, DB_MECHD_KAPPA_H_JAC,
    DB_MECHD_COUNT
} db_mechd_kind;

typedef struct {
    const db_mech *m;
    int nmax;                 /* max(np, nv, nl, nm, 1) */
    double *p, *v, *l, *mu;   /* perturbed copies of the state */
    double *b1, *b2;          /* [nmax] function values at x ± h */
    double *mat;              /* a matrix callback's output (M, G or H) */
    long nevals;              /* callback evaluations at perturbed states (2 per
                               * column of every finite-difference Jacobian) */
    int bsize[DB_MECHD_COUNT][4];   /* entries of each output block of each
                                       derivative (zeroed before the callback) */
} db_mechfd;

/* 0, or nonzero if out of memory */
int db_mechfd_init(db_mechfd *w, const db_mech *m);
void db_mechfd_free(db_mechfd *w);

/* relative FD step for central differences: cbrt(machine epsilon) */
double db_mechfd_step(double x);

/* pure finite differences of g and of f (the names say which analytic callback
 * they replace); every other derivative: db_mechd_eval(w, k, 0, ...) below */
void db_mechfd_G(db_mechfd *w, double t, const double *p, double *G);                /* ∂g/∂p */
void db_mechfd_force_jac(db_mechfd *w, double t, const double *p, const double *v,
                         const double *lam, const double *mu,
                         double *fp, double *fv, double *fl, double *fm);

/* analytic when present, else finite differences */
void db_mechd_Mw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out);
void db_mechd_force_jac(db_mechfd *w, double t, const double *p, const double *v,
                        const double *lam, const double *mu,
                        double *fp, double *fv, double *fl, double *fm);
void db_mechd_Gw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out);
void db_mechd_GTl_p(db_mechfd *w, double t, const double *p, const double *l, double *out);
void db_mechd_g_tp(db_mechfd *w, double t, const double *p, double *out);
void db_mechd_kappa_g_jac(db_mechfd *w, double t, const double *p, const double *v,
                          double *kp, double *kv);
void db_mechd_Hw_p(db_mechfd *w, double t, const double *p, const double *wv, double *out);
void db_mechd_HTu_p(db_mechfd *w, double t, const double *p, const double *u, double *out);
void db_mechd_h_p(db_mechfd *w, double t, const double *p, double *out);
void db_mechd_kappa_h_jac(db_mechfd *w, double t, const double *p, const double *v,
                          double *kp, double *kv);


/* the callback's name in mech.h */
const char *db_mechd_name(db_mechd_kind k);
/* 1 if the problem supplies the analytic callback */
int db_mechd_present(const db_mech *m, db_mechd_kind k);
/* its number of output blocks (1, 2 or 4) and their sizes rows[b]×cols[b] */
int db_mechd_blocks(const db_mech *m, db_mechd_kind k, int rows[4], int cols[4]);
/* evaluates derivative k into out[0..blocks-1]: the analytic callback (analytic = 1;
 * it must be present; the outputs are zeroed first) or pure finite differences.
 * x is the vector the derivative is taken of (w, l or u), NULL where unused. */
void db_mechd_eval(db_mechfd *w, db_mechd_kind k, int analytic, double t, const double *p,
                   const double *v, const double *lam, const double *mu, const double *x,
                   double *out[4]);

#endif
