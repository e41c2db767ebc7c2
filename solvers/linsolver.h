/* linsolver.h — the linear-solver layer of the implicit cores (radau_core,
 * bdf_core): one square iteration matrix of n unknowns, real or complex,
 * assembled by the caller in the layer's storage and then factored and solved
 * through a small table of operations (in the manner of SUNDIALS' SUNLinearSolver).
 *
 * Four implementations, chosen by size and structure (db_linsol_new,
 * db_linsol_new_reduced):
 *   small   dense, n <= DB_LINSOL_SMALL_MAX: our own unblocked LU with partial
 *           pivoting (linsolver_dense_small.c), substitutions for one
 *           right-hand side.  The factors are those of reference LAPACK's
 *           dgetrf/zgetrf bit for bit; the substitutions are dgetrs/zgetrs'
 *           with a multiplication by the pivot's reciprocal for the division;
 *   lapack  dense, larger n: LAPACK's blocked dgetrf/zgetrf (linsolver_lapack.c);
 *   klu     sparse, a fixed compressed-column pattern: SuiteSparse KLU through
 *           sparse_lu.h (linsolver_klu.c);
 *   reduced dense, with the rows y_i' = y_{i+m2} eliminated first
 *           (linsolver_reduced.c; RADAU5's M1, M2).
 *
 * Storage ("values"): nval numbers per matrix, dense column-major (nval = n²,
 * entry (i, j) at j n + i) or the values of the CSC pattern (nval = nnz).  The
 * caller writes the matrix into ls->a (real) or ls->zr, ls->zi (complex, real
 * and imaginary parts apart), then calls factor / factor_complex, which factor
 * it (in place for the dense kinds).  Complex right-hand sides are split the
 * same way.
 * db_linsol_pos() maps (i, j) to a value index; db_linsol_matvec_add() applies
 * any matrix stored that way (e.g. E) to a vector. */
#ifndef DAEBENCH_LINSOLVER_H
#define DAEBENCH_LINSOLVER_H

#include <complex.h>

/* largest n factored by the small dense LU; larger dense systems use LAPACK */
#define DB_LINSOL_SMALL_MAX 128

typedef struct db_linsol db_linsol;

typedef struct {
    const char *name;                                       /* "small", "lapack", "klu" */
    int (*factor)(db_linsol *ls);                           /* 0, > 0 singular, < 0 failure */
    int (*factor_complex)(db_linsol *ls);
    void (*solve)(db_linsol *ls, double *b);                /* b := A⁻¹ b */
    void (*solve_complex)(db_linsol *ls, double *br, double *bi);   /* b := A⁻¹ b */
    void (*destroy)(db_linsol *ls);                         /* the implementation's part */
    /* optional (NULL: solve, then solve_complex): both substitutions at once,
     * the same operations, interleaved (two independent dependency chains
     * in flight together on a small system) */
    void (*solve_both)(db_linsol *ls, double *b, double *br, double *bi);
    /* optional (NULL: factor, then factor_complex): both factorizations at
     * once, interleaved as solve_both; the real one's result, else the
     * complex one's */
    int (*factor_both)(db_linsol *ls);
} db_linsol_ops;

struct db_linsol {
    const db_linsol_ops *ops;
    int n;
    int nval;                  /* stored values of one matrix */
    int sparse;                /* 1: CSC values (colptr/rowind), 0: dense column-major */
    const int *colptr, *rowind;/* the pattern (sparse; kept by reference) */
    double *a;                 /* [nval] real matrix to factor */
    double *zr, *zi;           /* [nval] complex matrix, real and imaginary parts
                                  (NULL unless complex wanted) */
    long nfactor, nfactor_complex, nsolve, nsolve_complex;  /* counters */
    void *impl;
};

/* Which implementation db_linsol_new takes for a dense (pattern NULL) or
 * sparse system of n unknowns: "small", "lapack" or "klu"; NULL if a sparse
 * one is asked for and no sparse LU is compiled in. */
const char *db_linsol_kind(int n, int sparse);

/* A solver of n unknowns: dense when colptr == NULL, else sparse on the CSC
 * pattern (colptr [n+1], rowind [nnz], kept by reference).  complex_too: also
 * the complex matrix and operations.  NULL on no memory or no sparse LU. */
db_linsol *db_linsol_new(int n, const int *colptr, const int *rowind, int complex_too);
void db_linsol_free(db_linsol *ls);

/* A dense solver of n unknowns (kind "reduced", linsolver_reduced.c) for
 * matrices c E − J whose first m1 rows are those of  y_i' = y_{i+m2}  (db_dae's
 * m1, m2; m1 a multiple of m2, 0 < m1 < n): entry (i, i) = c, (i, i+m2) = −1,
 * no other non-zero in those rows.  The caller fills ls->a (ls->zr, ls->zi) in
 * full as for the dense kinds; factor and solve work on the n − m1 others.
 * NULL on bad sizes or no memory. */
db_linsol *db_linsol_new_reduced(int n, int m1, int m2, int complex_too);
/* the same, or where the elimination refuses the sizes the whole dense matrix
 * (db_linsol_new(n, NULL, NULL, complex_too)): the integrators' choice */
db_linsol *db_linsol_new_reduced_or_whole(int n, int m1, int m2, int complex_too);

/* value index of entry (i, j), or -1 if outside the pattern */
long db_linsol_pos(const db_linsol *ls, int i, int j);

/* y += M x for M stored in ls's format (vals [nval]); columns with x_j = 0 skipped */
void db_linsol_matvec_add(const db_linsol *ls, const double *vals, const double *x, double *y);
/* the same for an m×n matrix: dense column-major (colptr NULL) or CSC */
void db_mat_matvec_add(int m, int n, const int *colptr, const int *rowind, const double *vals,
                       const double *x, double *y);

static inline int db_linsol_factor(db_linsol *ls) { ls->nfactor++; return ls->ops->factor(ls); }
static inline int db_linsol_factor_complex(db_linsol *ls)
{
    ls->nfactor_complex++;
    return ls->ops->factor_complex(ls);
}
static inline void db_linsol_solve(db_linsol *ls, double *b) { ls->nsolve++; ls->ops->solve(ls, b); }
static inline void db_linsol_solve_complex(db_linsol *ls, double *br, double *bi)
{
    ls->nsolve_complex++;
    ls->ops->solve_complex(ls, br, bi);
}
/* both matrices factored: 0, or the first nonzero of factor, factor_complex
 * (the complex one not factored after a failed real one without factor_both) */
static inline int db_linsol_factor_both(db_linsol *ls)
{
    ls->nfactor++;
    if (ls->ops->factor_both) {
        ls->nfactor_complex++;
        return ls->ops->factor_both(ls);
    }
    const int info = ls->ops->factor(ls);
    if (info)
        return info;
    ls->nfactor_complex++;
    return ls->ops->factor_complex(ls);
}
/* b := A⁻¹ b and b_c := A_c⁻¹ b_c (the real and the complex system) */
static inline void db_linsol_solve_both(db_linsol *ls, double *b, double *br, double *bi)
{
    ls->nsolve++;
    ls->nsolve_complex++;
    if (ls->ops->solve_both) {
        ls->ops->solve_both(ls, b, br, bi);
    } else {
        ls->ops->solve(ls, b);
        ls->ops->solve_complex(ls, br, bi);
    }
}

/* the implementations' constructors (linsolver_*.c): fill ls->ops and ls->impl;
 * 0 or -1 */
int db_linsol_init_small(db_linsol *ls);
int db_linsol_init_lapack(db_linsol *ls);
int db_linsol_init_klu(db_linsol *ls);
/* KLU only: full (pivoting) factorizations so far of both matrices; 0 for the dense kinds */
long db_linsol_klu_full_count(const db_linsol *ls);

/* The small dense kernels themselves (linsolver_dense_small.c), column-major
 * n×n with leading dimension n: LU with partial pivoting in place, 0 or k+1 for
 * the first zero pivot (factorization completed as LAPACK does); substitution
 * for one right-hand side.  The factorization fills a db_small_piv: ipiv[k] =
 * the 0-based row swapped with row k (LAPACK's, 0-based), perm the same
 * interchanges as one gather ((P b)_i = b[perm[i]]), rd (+ i rdi, complex) the
 * reciprocals of the pivots, which the substitution multiplies by. */
typedef struct {
    int *ipiv, *perm;   /* [n] */
    double *rd, *rdi;   /* [n]: 1/u_kk, real and imaginary part (rdi: complex only) */
} db_small_piv;
int db_small_piv_alloc(db_small_piv *pv, int n);   /* 0 or -1; free with db_small_piv_free */
void db_small_piv_free(db_small_piv *pv);
int db_small_lu_factor(int n, double *a, db_small_piv *pv);
void db_small_lu_solve(int n, const double *lu, const db_small_piv *pv, double *b);
/* complex in split form: real parts re[], imaginary parts im[] (n×n each),
 * right-hand side br[], bi[] */
int db_small_zlu_factor(int n, double *re, double *im, db_small_piv *pv);
void db_small_zlu_solve(int n, const double *re, const double *im, const db_small_piv *pv,
                        double *br, double *bi);
/* both at once (db_linsol_ops.factor_both, solve_both): the same bits as the
 * two calls */
int db_small_lu2_factor(int n, double *a, db_small_piv *pv, double *re, double *im,
                        db_small_piv *zpv);
void db_small_lu2_solve(int n, const double *lu, const db_small_piv *pv, double *b,
                        const double *re, const double *im, const db_small_piv *zpv, double *br,
                        double *bi);

#endif
