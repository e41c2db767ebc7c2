/* fdjac.h — finite-difference Jacobians J = ∂F/∂y of a db_dae (testset/dae.h):
 * dense column-by-column differences (seed 002, eqs. (16), (17)) and grouped
 * differences on a structural sparsity pattern with a consistent (Curtis–Powell–
 * Reid) column partitioning (seed 002 §3.1, eq. (20)).  The pattern is estimated
 * by probing, since a db_dae publishes none (see db_fdjac_probe).
 * All storage is allocated once in db_fdjac_alloc; the evaluation routines do
 * not allocate. */
#ifndef DAEBENCH_FDJAC_H
#define DAEBENCH_FDJAC_H

#include "../testset/dae.h"

typedef struct {
    int neq, n;
    unsigned char *pat;   /* neq×n column-major, 1 = structurally non-zero (estimate Ω) */
    int *group;           /* [n] group of each column, 0..ngroups-1 */
    int ngroups;          /* groups of the current partitioning (0 = none yet) */
    int *order;           /* [n] column order used by the greedy partitioning */
    int *rowgrp;          /* [neq] scratch of the partitioning */
    double *yp;           /* [n] perturbed y */
    double *yq;           /* [n] probing point */
    double *Fp;           /* [neq] perturbed F */
    double *del;          /* [n] increments δ_r */
} db_fdjac;

int db_fdjac_alloc(db_fdjac *fj, int neq, int n);   /* 0 or -1 (no memory) */
void db_fdjac_free(db_fdjac *fj);

/* increment (17) of seed 002: δ = max(|y|, ε^{1/4}) √ε */
double db_fdjac_increment(double y);

/* Dense differences (16): J (neq×n) from F0 = F(t,y) and n perturbed evaluations.
 * *nf is incremented by the number of F evaluations.  0, or nonzero if F failed
 * or gave non-finite values. */
int db_fdjac_dense(db_fdjac *fj, const db_dae *d, double t, const double *y,
                   const double *F0, double *J, long *nf);

/* Grouped differences (20) on fj->pat with the partitioning fj->group (call
 * db_fdjac_partition first): ngroups perturbed evaluations.  Entries outside the
 * pattern are set to 0. */
int db_fdjac_grouped(db_fdjac *fj, const db_dae *d, double t, const double *y,
                     const double *F0, double *J, long *nf);

/* Ω := Ω ∪ {(i,r): J_ir ≠ 0} */
void db_fdjac_pattern_add(db_fdjac *fj, const double *J);

/* Consistent partitioning of the columns of fj->pat (no two columns of a group
 * share a non-zero row): greedy largest-first colouring of the column
 * intersection graph, the sequential method behind TOMS 618.  Returns ngroups. */
int db_fdjac_partition(db_fdjac *fj);

/* Estimate the structural pattern: clear Ω and take the union of the non-zeros of
 * J at y and at 3 deterministic perturbations y + s_j·1e-3·(1 + |y|) (s_j a fixed
 * pseudo-random sign/magnitude pattern), J from d->jac when present, otherwise
 * from dense differences.  Jw is neq×n workspace, Fw neq workspace.  Counts F
 * evaluations in *nf and Jacobian evaluations in *nj.  Then partitions.
 * Returns 0 or nonzero if no evaluation succeeded. */
int db_fdjac_probe(db_fdjac *fj, const db_dae *d, double t, const double *y,
                   double *Jw, double *Fw, long *nf, long *nj);

#endif
