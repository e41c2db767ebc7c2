/* saddle.h — dense LU of the saddle-point matrices of constrained mechanics,
 *
 *     K = [ M   Cᵀ − F ]      M (n×n), C (m×n), F (n×m, optional: ∂f/∂λ)
 *         [ C   0      ]
 *
 * as in MEXX (seed 001) (2.1b), (2.2), (2.11a), (2.12), (3.1) and the
 * acceleration-level system (3) of seed 004.  Solved with LAPACK dgetrf/dgetrs
 * (MEXX §3.1, "zero option": general LU, symmetry ignored), or, where the
 * caller allows it and M is diagonal, through the Schur complement C M⁻¹ Cᵀ
 * (the range-space method; db_saddle_range). */
#ifndef DAEBENCH_SADDLE_H
#define DAEBENCH_SADDLE_H

typedef struct {
    int n, m, dim;     /* dim = n + m */
    double *K;         /* dim×dim factors, column-major */
    int *ipiv;
    /* range-space path (db_saddle_range): with F = NULL and a diagonal M, the
     * last factorization took the Schur complement S = C M⁻¹ Cᵀ (m×m, its LU
     * in S, pivots spiv), M⁻¹'s diagonal in dinv and C in Cc, instead of K */
    int range_ok;      /* 1: the caller allows the range-space path */
    int range;         /* 1: the last factorization took it */
    double *dinv, *Cc, *S;
    int *spiv;
} db_saddle;

int db_saddle_alloc(db_saddle *s, int n, int m);     /* 0, or -1 (no memory) */
void db_saddle_free(db_saddle *s);
/* assemble K from M, C (m×n, ld m) and F (n×m, ld n, may be NULL) and factor it;
 * returns 0, or > 0 if K is singular */
int db_saddle_factor(db_saddle *s, const double *M, const double *C, const double *F);
/* allow the range-space path from now on (0, or -1 on no memory): with a
 * diagonal M and no F, factor costs O(m² n + m³) and a solve O(m n + m²)
 * instead of O((n+m)³) and O((n+m)²); the answer is the same up to rounding */
int db_saddle_range(db_saddle *s);
/* x (dim × nrhs, ld dim) := K⁻¹ x */
void db_saddle_solve(const db_saddle *s, double *x, int nrhs);

#endif
