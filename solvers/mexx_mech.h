/* mexx_mech.h — evaluation of a mechanical system (testset/mech.h) for the
 * structured solvers mexx and rosnys: zeroing wrappers around the callbacks, the
 * stacked velocity-level constraints C = [G; H] (nonholonomic rows appended, as
 * MEXX (1.1c) allows, seed 001 §1.4), ∂f/∂(λ,μ), consistent accelerations and
 * multipliers from the saddle-point system, and the projections of MEXX §2.3
 * (seed 001, (2.9)–(2.12)).  All workspace is allocated once by db_mm_init. */
#ifndef DAEBENCH_MEXX_MECH_H
#define DAEBENCH_MEXX_MECH_H

#include "../testset/mech.h"
#include "../testset/mechfd.h"
#include "saddle.h"

typedef struct {
    const db_mech *m;
    int np, nv, nl, nm, nc;      /* nc = nl + nm: rows of C, length of Λ = (λ, μ) */
    double *M;                   /* nv×nv */
    double *G;                   /* nl×np */
    double *H;                   /* nm×nv */
    double *C;                   /* nc×nv: [G; H] */
    double *F;                   /* nv×nc: ∂f/∂(λ, μ) */
    double *f;                   /* nv */
    double *r;                   /* nv + nc: right-hand sides */
    double *tmp, *tmp2;          /* max(np, nv, nc) scratch */
    double *fp, *fv;             /* nv×np, nv×nv scratch for force_jac */
    db_saddle sv;                /* [M, Cᵀ(−F); C, 0] */
    db_saddle sp;                /* [M, Gᵀ; G, 0] for the position projection */
    db_mechfd fd;                /* finite-difference fallbacks (mechfd.h) */
    long nfcn, ndec, nsol;       /* force evaluations, factorizations, solves */
    long nmg;                    /* evaluations of (M, G, H) together, MEXX's nfcn */
    long naccel;                 /* db_mm_accel calls (their M, G: see db_mm_model_evals) */
    long nfx;                    /* force evaluations of db_mm_accel's λ iteration after
                                  * the first (f depends on λ: a new point each) */
} db_mm;

/* whole-model evaluations for MEXX (solver.h unit: the set of callbacks at one
 * point): the (M, G, H) evaluations, less those of db_mm_accel, which always
 * follow db_mm_project_v at the same point, plus the further force evaluations of
 * the λ iteration and the finite-difference evaluations */
long db_mm_model_evals(const db_mm *w);

int db_mm_init(db_mm *w, const db_mech *m);   /* 0, or -1 (no memory) */
void db_mm_free(db_mm *w);

void db_mm_mass(db_mm *w, double t, const double *p);                 /* -> w->M */
/* f(t, p, v, Λ) -> w->f; Λ = (λ, μ) stacked */
void db_mm_force(db_mm *w, double t, const double *p, const double *v, const double *L);
void db_mm_C(db_mm *w, double t, const double *p);                    /* -> w->G, w->H, w->C */
void db_mm_c0(db_mm *w, double t, const double *p, double *c0);       /* (g_t, h), nc */
void db_mm_kappa(db_mm *w, double t, const double *p, const double *v, double *k); /* nc */
void db_mm_g(db_mm *w, double t, const double *p, double *g);         /* nl */
/* F = ∂f/∂(λ, μ) -> w->F (analytic force_jac, else central FD) */
void db_mm_F(db_mm *w, double t, const double *p, const double *v, const double *L);

/* consistent a and Λ at (t, p, v): [M, Cᵀ; C, 0](a, Λ) = (f(Λ), −κ); when f
 * depends on Λ (DB_F_LAMBDA), Newton on the affine-in-Λ part with the modified
 * matrix [M, Cᵀ − F; C, 0] (MEXX (1.4b)), starting from the given L.
 * Returns 0, or nonzero if singular/nonfinite. */
int db_mm_accel(db_mm *w, double t, const double *p, const double *v, double *a, double *L);

/* MEXX (2.9)–(2.11): simplified Newton projection of p onto g(t, p) = 0 with M, G at
 * the unprojected point; iterates until the correction is at rounding level
 * relative to the weights (rtol |p| + atol).  Returns 0, or nonzero on failure. */
int db_mm_project_p(db_mm *w, double t, double *p, double rtol, double atol);
/* MEXX (2.12): projection of v onto C v + c0 = 0 (linear). 0 or nonzero. */
int db_mm_project_v(db_mm *w, double t, const double *p, double *v);

#endif
