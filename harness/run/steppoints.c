/* steppoints.c — the solution at the solver's own step points: collector,
 * checks and the reference at those times (steppoints.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/refgen.h"
#include "harness/run/steppoints.h"

void db_steppts_init(db_steppts *s, int n)
{
    memset(s, 0, sizeof *s);
    s->n = n;
}

void db_steppts_free(db_steppts *s)
{
    free(s->t);
    free(s->y);
    memset(s, 0, sizeof *s);
}

void db_steppts_add(void *ctx, double t, const double *y)
{
    db_steppts *s = ctx;
    if (s->oom)
        return;
    if (s->nt == s->cap) {
        long cap = s->cap ? 2 * s->cap : 1024;
        double *nt = realloc(s->t, (size_t)cap * sizeof *nt);
        if (nt)
            s->t = nt;
        double *ny = nt ? realloc(s->y, (size_t)cap * (size_t)s->n * sizeof *ny + 1) : NULL;
        if (!ny) {
            s->oom = 1;
            return;
        }
        s->y = ny;
        s->cap = cap;
    }
    s->t[s->nt] = t;
    memcpy(s->y + (size_t)s->nt * (size_t)s->n, y, (size_t)s->n * sizeof *y);
    s->nt++;
}

int db_steppts_check(const db_steppts *s, long steps, double t0, double tend, char *err,
                     size_t errlen)
{
    double ttol = 1e-12 * fmax(1.0, fabs(tend));
    if (s->oom) {
        snprintf(err, errlen, "out of memory for the step points");
        return -1;
    }
    if (s->nt != steps) {
        snprintf(err, errlen, "the solver reported %ld step points for %ld accepted steps",
                 s->nt, steps);
        return -1;
    }
    for (long k = 0; k < s->nt; k++)
        if (!(s->t[k] > (k ? s->t[k - 1] : t0)) || s->t[k] > tend + ttol) {
            snprintf(err, errlen, "step point %ld at t = %.17g is not inside (%.17g, %g]", k + 1,
                     s->t[k], k ? s->t[k - 1] : t0, tend);
            return -1;
        }
    if (s->nt > 0 && fabs(s->t[s->nt - 1] - tend) > ttol) {
        snprintf(err, errlen, "the last step point %.17g is not t_end = %g", s->t[s->nt - 1],
                 tend);
        return -1;
    }
    return 0;
}

void db_steppts_traj_free(db_traj *tr)
{
    for (int g = 0; g < DB_NGROUPS; g++) {
        free(tr->x[g]);
        tr->x[g] = NULL;
    }
}

static int traj_alloc(db_traj *tr, int nt, const double *t, const db_mech *m)
{
    memset(tr, 0, sizeof *tr);
    int size[DB_NGROUPS] = {m->np, m->nv, m->nl, m->nm};
    tr->nt = nt;
    tr->t = t;
    for (int g = 0; g < DB_NGROUPS; g++) {
        tr->size[g] = size[g];
        if (!(tr->x[g] = calloc((size_t)nt * size[g] + 1, sizeof(double))))
            return -1;
    }
    return 0;
}

/* the exact solution at t[] */
static int exact_at(const db_problem *prob, const db_mech *m, int nt, const double *t, db_traj *out, char *err,
                    size_t errlen)
{
    for (int k = 0; k < nt; k++) {
        double *x[DB_NGROUPS];
        for (int g = 0; g < DB_NGROUPS; g++)
            x[g] = out->x[g] + (size_t)k * out->size[g];
        if (prob->exact(m, t[k], x[DB_GP], x[DB_GV], x[DB_GL], x[DB_GM]) != 0) {
            snprintf(err, errlen, "the exact solution failed at t = %.10g", t[k]);
            return -1;
        }
    }
    return 0;
}

/* the stored grid and t[] merged (times within ttol of a grid time take it):
 * all[nall], and the index in all of every t[k] (at[k]) and grid point (gat[j]) */
static int merge_times(const db_ref *r, int nt, const double *t, double ttol, double **all,
                       int *nall, int *at, int *gat)
{
    int ng = r->grid.nt;
    double *a = malloc(((size_t)nt + (size_t)ng + 1) * sizeof *a);
    if (!a)
        return -1;
    int i = 0, j = 0, na = 0;
    while (i < nt || j < ng) {
        double ti = i < nt ? t[i] : INFINITY, tj = j < ng ? r->t[j] : INFINITY;
        if (fabs(ti - tj) <= ttol) {
            a[na] = tj;
            at[i++] = na;
            gat[j++] = na;
        } else if (ti < tj) {
            a[na] = ti;
            at[i++] = na;
        } else {
            a[na] = tj;
            gat[j++] = na;
        }
        na++;  /* both inputs strictly increase: so does a */
    }
    *all = a;
    *nall = na;
    return 0;
}

/* The last few recomputations, kept for a later call with the same problem,
 * stored reference and step times (daebench papers runs one solver run with two
 * --component values; the solver is deterministic, the reference costs seconds).
 * Only small ones are kept (MEMO_MAX_VALUES doubles each). */
#define MEMO_SLOTS 8
#define MEMO_MAX_VALUES 200000
typedef struct {
    const db_problem *prob;
    char source[512];
    double key_end;
    int nt;
    double *t;
    db_traj tr;
    char how[200];
    double digits[DB_NGROUPS];
} memo_slot;
static memo_slot memo[MEMO_SLOTS];
static int memo_next;

static void memo_clear(memo_slot *e)
{
    free(e->t);
    db_steppts_traj_free(&e->tr);
    memset(e, 0, sizeof *e);
}

static memo_slot *memo_find(const db_problem *prob, const db_ref *r, int nt, const double *t)
{
    for (int i = 0; i < MEMO_SLOTS; i++) {
        memo_slot *e = &memo[i];
        if (e->t && e->prob == prob && e->nt == nt && strcmp(e->source, r->source) == 0 &&
            e->key_end == r->end[DB_GP][0] && memcmp(e->t, t, (size_t)nt * sizeof *t) == 0)
            return e;
    }
    return NULL;
}

static void memo_store(const db_problem *prob, const db_ref *r, int nt, const double *t,
                       const db_traj *tr, const char *how, const double digits[DB_NGROUPS])
{
    size_t values = 0;
    for (int g = 0; g < DB_NGROUPS; g++)
        values += (size_t)nt * tr->size[g];
    if (r->grid.size[DB_GP] == 0 || values > MEMO_MAX_VALUES)
        return;
    memo_slot *e = &memo[memo_next];
    memo_next = (memo_next + 1) % MEMO_SLOTS;
    memo_clear(e);
    if (!(e->t = malloc((size_t)nt * sizeof *t)))
        return;
    memcpy(e->t, t, (size_t)nt * sizeof *t);
    e->tr = *tr;
    e->tr.t = e->t;
    for (int g = 0; g < DB_NGROUPS; g++)
        e->tr.x[g] = NULL;
    for (int g = 0; g < DB_NGROUPS; g++) {
        size_t len = (size_t)nt * tr->size[g] + 1;
        if (!(e->tr.x[g] = malloc(len * sizeof(double)))) {
            memo_clear(e);  /* not kept: the next call recomputes */
            return;
        }
        memcpy(e->tr.x[g], tr->x[g], len * sizeof(double));
    }
    e->prob = prob;
    snprintf(e->source, sizeof e->source, "%s", r->source);
    e->key_end = r->end[DB_GP][0];
    e->nt = nt;
    snprintf(e->how, sizeof e->how, "%s", how);
    memcpy(e->digits, digits, sizeof e->digits);
}

int db_steppts_reference(const db_problem *prob, const db_mech *m, const db_ref *r, int nt,
                         const double *t, db_traj *ref_out, char *how, size_t howlen,
                         double digits[DB_NGROUPS], char *err, size_t errlen)
{
    if (traj_alloc(ref_out, nt, t, m) != 0) {
        snprintf(err, errlen, "out of memory for the reference at the step points");
        return -1;
    }
    if (prob->exact) {
        snprintf(how, howlen, "the exact solution");
        for (int g = 0; g < DB_NGROUPS; g++)
            digits[g] = NAN;  /* nothing recomputed */
        return exact_at(prob, m, nt, t, ref_out, err, errlen);
    }
    const memo_slot *hit = r->grid.size[DB_GP] > 0 ? memo_find(prob, r, nt, t) : NULL;
    if (hit) {
        for (int g = 0; g < DB_NGROUPS; g++)
            memcpy(ref_out->x[g], hit->tr.x[g], (size_t)nt * ref_out->size[g] * sizeof(double));
        snprintf(how, howlen, "%s", hit->how);
        memcpy(digits, hit->digits, sizeof hit->digits);
        return 0;
    }
    db_refgen_plan plan = db_refgen_plan_of(prob->name);
    double ttol = 1e-12 * fmax(1.0, fabs(m->tend));
    double *all = NULL;
    int nall = 0;
    int *at = malloc(((size_t)nt + 1) * sizeof *at);
    int *gat = malloc(((size_t)r->grid.nt + 1) * sizeof *gat);
    db_refgen_sol a, a10;
    memset(&a, 0, sizeof a);
    memset(&a10, 0, sizeof a10);
    int rc = -1;
    if (!at || !gat || merge_times(r, nt, t, ttol, &all, &nall, at, gat) != 0) {
        snprintf(err, errlen, "out of memory for the reference at the step points");
        goto done;
    }
    char sub[400];
    if (db_refgen_solve(m, &plan.primary, plan.max_steps, nall, all, &a, sub, sizeof sub) != 0) {
        snprintf(err, errlen, "the reference at the step points: %s", sub);
        goto done;
    }
    if (plan.extrap) {
        db_refgen_method m10 = plan.primary;
        m10.tol *= 10.0;
        if (db_refgen_solve(m, &m10, plan.max_steps, nall, all, &a10, sub, sizeof sub) != 0) {
            snprintf(err, errlen, "the reference at the step points: %s", sub);
            goto done;
        }
        db_refgen_extrapolate(&a, &a10, 1.0);
    }
    snprintf(how, howlen, "%s on %s at tol %.0e%s%s (the stored reference's primary), "
             "recomputed at the step points", plan.primary.solver,
             db_form_name(plan.primary.form), plan.primary.tol,
             plan.primary.hmax > 0 ? " with fixed steps" : "", plan.extrap ? " extrapolated" : "");
    for (int k = 0; k < nt; k++)
        for (int g = 0; g < DB_NGROUPS; g++)
            memcpy(ref_out->x[g] + (size_t)k * ref_out->size[g],
                   a.tr.x[g] + (size_t)at[k] * a.tr.size[g],
                   (size_t)ref_out->size[g] * sizeof(double));
    for (int g = 0; g < DB_NGROUPS; g++) {
        int n = ref_out->size[g];
        if (n == 0) {
            digits[g] = NAN;
            continue;
        }
        double e = 0;
        for (int j = 0; j < r->grid.nt; j++) {
            double ej = db_group_error(a.tr.x[g] + (size_t)gat[j] * n,
                                       r->grid.x[g] + (size_t)j * n, n, r->mag[g]);
            if (!(ej <= e))
                e = ej;
        }
        digits[g] = e > 0 ? fmin(16.0, -log10(e)) : 16.0;
    }
    memo_store(prob, r, nt, t, ref_out, how, digits);
    rc = 0;
done:
    db_refgen_sol_free(&a);
    db_refgen_sol_free(&a10);
    free(all);
    free(at);
    free(gat);
    if (rc != 0)
        db_steppts_traj_free(ref_out);
    return rc;
}
