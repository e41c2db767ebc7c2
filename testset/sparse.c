/* sparse.c — the sparse accumulator of the optional sparse mechanical callbacks
 * and CSC patterns built from triplets (see sparse.h for the contract). */
#include <stdlib.h>
#include <string.h>

#include "sparse.h"

int db_spacc_triplet_init(db_spacc *a, int cap, int grow)
{
    memset(a, 0, sizeof *a);
    a->mode = DB_SPACC_TRIPLET;
    a->s = 1.0;
    a->grow = grow;
    a->cap = cap > 0 ? cap : 16;
    a->ti = malloc(sizeof(int) * (size_t)a->cap);
    a->tj = malloc(sizeof(int) * (size_t)a->cap);
    a->tv = malloc(sizeof(double) * (size_t)a->cap);
    if (!a->ti || !a->tj || !a->tv) {
        db_spacc_triplet_free(a);
        return -1;
    }
    return 0;
}

void db_spacc_triplet_free(db_spacc *a)
{
    free(a->ti);
    free(a->tj);
    free(a->tv);
    a->ti = a->tj = NULL;
    a->tv = NULL;
    a->cap = a->len = 0;
}

void db_spacc_csc_init(db_spacc *a, int ncol, const int *colptr, const int *rowind, double *val)
{
    memset(a, 0, sizeof *a);
    a->mode = DB_SPACC_CSC;
    a->s = 1.0;
    a->ncol = ncol;
    a->colptr = colptr;
    a->rowind = rowind;
    a->val = val;
}

void db_spacc_block(db_spacc *a, int r0, int c0, double s, int trans)
{
    a->r0 = r0;
    a->c0 = c0;
    a->s = s;
    a->trans = trans;
}

static int triplet_grow(db_spacc *a)
{
    int cap = 2 * a->cap;
    int *ti = realloc(a->ti, sizeof(int) * (size_t)cap);
    if (ti)
        a->ti = ti;
    int *tj = realloc(a->tj, sizeof(int) * (size_t)cap);
    if (tj)
        a->tj = tj;
    double *tv = realloc(a->tv, sizeof(double) * (size_t)cap);
    if (tv)
        a->tv = tv;
    if (!ti || !tj || !tv)
        return -1;
    a->cap = cap;
    return 0;
}

void db_spacc_add(db_spacc *a, int i, int j, double v)
{
    const int r = a->r0 + (a->trans ? j : i), c = a->c0 + (a->trans ? i : j);
    if (a->mode == DB_SPACC_CSC) {
        if (c < 0 || c >= a->ncol) {
            a->miss++;
            return;
        }
        int lo = a->colptr[c], hi = a->colptr[c + 1] - 1;
        while (lo <= hi) {
            const int mid = (lo + hi) / 2, rm = a->rowind[mid];
            if (rm == r) {
                a->val[mid] += a->s * v;
                return;
            }
            if (rm < r)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
        a->miss++;
        return;
    }
    if (a->len >= a->cap && (!a->grow || triplet_grow(a) != 0)) {
        a->miss++;
        return;
    }
    a->ti[a->len] = r;
    a->tj[a->len] = c;
    a->tv[a->len] = a->s * v;
    a->len++;
}

static int cmp_int(const void *x, const void *y)
{
    const int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

int db_csc_from_triplets(const db_spacc *t, int ncol, int **colptr, int **rowind)
{
    int *cp = calloc((size_t)ncol + 1, sizeof *cp);
    int *ri = malloc(sizeof(int) * (size_t)(t->len > 0 ? t->len : 1));
    int *next = calloc((size_t)ncol + 1, sizeof *next);
    if (!cp || !ri || !next)
        goto fail;
    for (int k = 0; k < t->len; k++)
        if (t->tj[k] >= 0 && t->tj[k] < ncol)
            cp[t->tj[k] + 1]++;
    for (int j = 0; j < ncol; j++)
        cp[j + 1] += cp[j];
    memcpy(next, cp, sizeof(int) * (size_t)ncol);
    for (int k = 0; k < t->len; k++)
        if (t->tj[k] >= 0 && t->tj[k] < ncol)
            ri[next[t->tj[k]]++] = t->ti[k];
    /* sort each column, merge duplicates, compact */
    int nz = 0;
    for (int j = 0; j < ncol; j++) {
        const int b = cp[j], e = cp[j + 1];
        qsort(ri + b, (size_t)(e - b), sizeof *ri, cmp_int);
        cp[j] = nz;
        int last = -1;
        for (int k = b; k < e; k++)
            if (ri[k] != last) {
                last = ri[k];
                ri[nz++] = last;
            }
    }
    cp[ncol] = nz;
    free(next);
    *colptr = cp;
    *rowind = ri;
    return nz;
fail:
    free(cp);
    free(ri);
    free(next);
    return -1;
}

void db_triplet_gemv(const db_spacc *A, const double *x, double s, double *y)
{
    for (int k = 0; k < A->len; k++)
        y[A->ti[k]] += s * A->tv[k] * x[A->tj[k]];
}

void db_triplet_gemvT(const db_spacc *A, const double *x, double s, double *y)
{
    for (int k = 0; k < A->len; k++)
        y[A->tj[k]] += s * A->tv[k] * x[A->ti[k]];
}
