/* plugin.c — solver plugins: "--plugin PATH.so" loads a shared object that
 * implements the public ABI include/daebench/plugin.h (dlopen), checks its ABI
 * version and symbols, and registers each of its solvers in the solver table
 * (solvers/registry.c) behind an adapter, so that they take part in run, bench
 * (isolated runs, budgets, JSON, resume, shards), reference, plot, report and
 * check like a built-in solver.
 *
 * The adapter turns the internal db_dae (testset/dae.h) and its mechanical
 * system (testset/mech.h) into the stable dbp_dae / dbp_mech of the ABI with
 * callbacks of their own (which zero their outputs, as the internal contract
 * wants of the caller, and count the calls of F and of the Jacobian), calls the
 * plugin, and turns its counters and status back.  Since db_solver.integrate
 * carries no pointer to its solver, each plugin solver gets one of
 * DB_MAX_PLUGIN_SOLVERS fixed trampolines that know their slot.
 *
 * Reference generation (refgen.c) runs a plugin's integration in a child
 * process of its own (db_plugin_integrate_isolated, CPU limit
 * $DAEBENCH_CPU_LIMIT or an hour); run and bench isolate every run anyway.
 *
 * A plugin is first loaded in a forked child that does everything the real load
 * does: a plugin that crashes or hangs in its constructors, count or describe
 * costs a one-line error, not the program. */
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/cli/cli.h"
#include "daebench/plugin.h"
#include "harness/run/plugin.h"
#include "io/escape.h"
#include "io/sha256.h"
#include "reference/refgen.h"

/* the ABI's constants are the internal ones, so that they pass through as they are */
#define SAME(a, b) ((int)(a) == (int)(b))
_Static_assert(SAME(DBP_OK, DB_OK) && SAME(DBP_FAIL_STEPSIZE, DB_FAIL_STEPSIZE) &&
               SAME(DBP_FAIL_NEWTON, DB_FAIL_NEWTON) && SAME(DBP_FAIL_BUDGET, DB_FAIL_BUDGET) &&
               SAME(DBP_FAIL_INPUT, DB_FAIL_INPUT) && SAME(DBP_FAIL_NONFINITE, DB_FAIL_NONFINITE) &&
               SAME(DBP_FAIL_MEMORY, DB_FAIL_MEMORY), "status codes");
_Static_assert(SAME(DBP_EOM, DB_EOM) && SAME(DBP_EOM1, DB_EOM1) && SAME(DBP_EOM0, DB_EOM0) &&
               SAME(DBP_GGL, DB_GGL) && SAME(DBP_OEOM1, DB_OEOM1) && SAME(DBP_OEOM0, DB_OEOM0),
               "formulations");
_Static_assert(SAME(DBP_ROW_DIFF, DB_ROW_DIFF) && SAME(DBP_ROW_ALG, DB_ROW_ALG) &&
               SAME(DBP_ROW_POS, DB_ROW_POS) && SAME(DBP_ROW_VEL, DB_ROW_VEL) &&
               SAME(DBP_ROW_ACC, DB_ROW_ACC), "row kinds");
_Static_assert(SAME(DBP_MASS_CONST, DB_MASS_CONST) && SAME(DBP_MASS_SINGULAR, DB_MASS_SINGULAR) &&
               SAME(DBP_F_LAMBDA, DB_F_LAMBDA) && SAME(DBP_RHEONOMIC, DB_RHEONOMIC) &&
               SAME(DBP_NONSMOOTH, DB_NONSMOOTH), "mechanical flags");
_Static_assert(DBP_MAX_EXTRA <= DB_MAX_EXTRA, "extra counters");

#define MAX_FILES 16
#define LOAD_SECONDS 20   /* a plugin must load within this many seconds
                           * ($DAEBENCH_PLUGIN_LOAD_SECONDS, 1..3600) */

typedef int (*fn_version)(void);
typedef int (*fn_count)(void);
typedef int (*fn_describe)(int, dbp_solver_desc *);
typedef int (*fn_integrate)(int, const dbp_dae *, const dbp_options *, dbp_output *,
                            dbp_counters *, char *, size_t);
typedef int (*fn_supports)(int, const dbp_dae *, char *, size_t);

/* a solver of a plugin, registered as a db_solver */
typedef struct {
    db_solver solver;
    char name[DBP_NAME_LEN], title[128];
    int file;                               /* index into files */
    int k;                                  /* its index in the plugin */
    fn_integrate integrate;
    fn_supports supports;
    char extra_names[DBP_MAX_EXTRA][DBP_NAME_LEN];
} slot;

static db_plugin_file files[MAX_FILES];
static int nfiles;
static slot slots[DB_MAX_PLUGIN_SOLVERS];
static int nslots;

/* ---- the calls through the ABI: ctx counts them ------------------------ */

typedef struct {
    const db_dae *d;
    const db_mech *m;
    long nrhs, njac, nmech;  /* calls of F, of the Jacobians, of the mechanical system */
    long limit;              /* the budget's bound on nrhs + njac; 0 = none */
    int over;                /* the bound was passed: every further call fails */
} call_ctx;

/* the mechanical system of a call context, the call counted */
static const db_mech *mech_of(void *ctx)
{
    call_ctx *cx = ctx;
    cx->nmech++;
    return cx->m;
}

/* ---- the mechanical system through the ABI ------------------------------- */

static const double none[1];   /* a valid pointer for zero-length groups */

static const double *nz(const double *x)
{
    return x ? x : none;
}

static void zero(double *x, long n)
{
    if (n > 0)
        memset(x, 0, (size_t)n * sizeof *x);
}

static void m_mass(void *ctx, double t, const double *p, double *M)
{
    const db_mech *m = mech_of(ctx);
    zero(M, (long)m->nv * m->nv);
    m->mass(m, t, p, M);
}

static void m_force(void *ctx, double t, const double *p, const double *v, const double *lam,
                    const double *mu, double *f)
{
    const db_mech *m = mech_of(ctx);
    zero(f, m->nv);
    m->force(m, t, p, v, nz(lam), nz(mu), f);
}

static void m_g(void *ctx, double t, const double *p, double *g)
{
    const db_mech *m = mech_of(ctx);
    zero(g, m->nl);
    if (m->nl > 0 && m->g)
        m->g(m, t, p, g);
}

static void m_G(void *ctx, double t, const double *p, double *G)
{
    const db_mech *m = mech_of(ctx);
    zero(G, (long)m->nl * m->np);
    if (m->nl > 0 && m->G)
        m->G(m, t, p, G);
}

static void m_g_t(void *ctx, double t, const double *p, double *gt)
{
    const db_mech *m = mech_of(ctx);
    zero(gt, m->nl);
    if (m->nl > 0 && m->g_t)
        m->g_t(m, t, p, gt);
}

static void m_kappa_g(void *ctx, double t, const double *p, const double *v, double *k)
{
    const db_mech *m = mech_of(ctx);
    zero(k, m->nl);
    if (m->nl > 0 && m->kappa_g)
        m->kappa_g(m, t, p, v, k);
}

static void m_H(void *ctx, double t, const double *p, double *H)
{
    const db_mech *m = mech_of(ctx);
    zero(H, (long)m->nm * m->nv);
    if (m->nm > 0 && m->H)
        m->H(m, t, p, H);
}

static void m_h(void *ctx, double t, const double *p, double *h)
{
    const db_mech *m = mech_of(ctx);
    zero(h, m->nm);
    if (m->nm > 0 && m->h)
        m->h(m, t, p, h);
}

static void m_kappa_h(void *ctx, double t, const double *p, const double *v, double *k)
{
    const db_mech *m = mech_of(ctx);
    zero(k, m->nm);
    if (m->nm > 0 && m->kappa_h)
        m->kappa_h(m, t, p, v, k);
}

static void m_force_jac(void *ctx, double t, const double *p, const double *v,
                        const double *lam, const double *mu, double *fp, double *fv, double *fl,
                        double *fm)
{
    const db_mech *m = mech_of(ctx);
    double dummy[1];
    zero(fp, (long)m->nv * m->np);
    zero(fv, (long)m->nv * m->nv);
    zero(fl, (long)m->nv * m->nl);
    zero(fm, (long)m->nv * m->nm);
    m->force_jac(m, t, p, v, nz(lam), nz(mu), fp, fv, fl ? fl : dummy, fm ? fm : dummy);
}

static double m_energy(void *ctx, double t, const double *p, const double *v)
{
    const db_mech *m = mech_of(ctx);
    return m->energy(m, t, p, v);
}

static void mech_view(const db_mech *m, call_ctx *cx, dbp_mech *pm)
{
    memset(pm, 0, sizeof *pm);
    pm->np = m->np;
    pm->nv = m->nv;
    pm->nl = m->nl;
    pm->nm = m->nm;
    pm->flags = m->flags;  /* the DBP_ flags have the values of the DB_ ones */
    cx->m = m;
    pm->ctx = cx;
    pm->mass = m_mass;
    pm->force = m_force;
    pm->g = m_g;
    pm->G = m_G;
    pm->g_t = m_g_t;
    pm->kappa_g = m_kappa_g;
    pm->H = m_H;
    pm->h = m_h;
    pm->kappa_h = m_kappa_h;
    pm->force_jac = m->force_jac ? m_force_jac : NULL;
    pm->energy = m->energy ? m_energy : NULL;
}

/* ---- the DAE through the ABI: ctx counts the calls ------------------------ */

/* 0 while the calls of F and of the Jacobians are within the budget's bound;
 * past it every call fails (nonzero: cannot be evaluated) and the run fails
 * "budget" when the plugin returns */
static int past_bound(call_ctx *c)
{
    if (c->limit > 0 && c->nrhs + c->njac > c->limit)
        c->over = 1;
    return c->over;
}

static int d_rhs(void *ctx, double t, const double *y, double *F)
{
    call_ctx *c = ctx;
    c->nrhs++;
    return past_bound(c) ? 1 : c->d->rhs(c->d, t, y, F);
}

static int d_jac(void *ctx, double t, const double *y, double *J)
{
    call_ctx *c = ctx;
    c->njac++;
    return past_bound(c) ? 1 : c->d->jac(c->d, t, y, J);
}

static int d_jac_sparse(void *ctx, double t, const double *y, double *Jx)
{
    call_ctx *c = ctx;
    c->njac++;
    return past_bound(c) ? 1 : c->d->jac_sparse(c->d, t, y, Jx);
}

static void dae_view(const db_dae *d, call_ctx *cx, dbp_mech *pm, dbp_dae *pd)
{
    memset(pd, 0, sizeof *pd);
    pd->form = (int)d->form;   /* DBP_EOM.. have the values of DB_EOM.. */
    pd->n = d->n;
    pd->neq = d->neq;
    pd->t0 = d->t0;
    pd->tend = d->tend;
    pd->E = d->E;
    pd->index = d->index;
    pd->row_kind = d->row_kind;
    pd->y0 = d->y0;
    pd->yp0 = d->yp0;
    pd->off_p = d->off_p;
    pd->off_v = d->off_v;
    pd->off_a = d->off_a;
    pd->off_l = d->off_l;
    pd->off_m = d->off_m;
    pd->off_eta = d->off_eta;
    memset(cx, 0, sizeof *cx);
    cx->d = d;
    pd->ctx = cx;
    pd->rhs = d_rhs;
    pd->jac = d_jac;
    if (d->jac_sparse) {
        pd->jac_nnz = d->jac_nnz;
        pd->jac_colptr = d->jac_colptr;
        pd->jac_rowind = d->jac_rowind;
        pd->E_sp = d->E_sp;
        pd->jac_sparse = d_jac_sparse;
    }
    if (d->mech) {
        mech_view(d->mech, cx, pm);
        pd->mech = pm;
    }
}

/* a message from the plugin: NUL-terminated, on one line, printable UTF-8 (a
 * control byte or an invalid sequence becomes '?': escape.h) */
static void tidy(char *msg, size_t msglen)
{
    if (msglen == 0)
        return;
    msg[msglen - 1] = '\0';
    for (char *c = msg; *c; c++)
        if (*c == '\n' || *c == '\r' || *c == '\t')
            *c = ' ';
    db_printable_utf8(msg);
}

/* a counter of the plugin checked: a negative one is set to 0 and named in bad
 * (the first only) */
static long counted(long v, const char *name, const char **bad, long *badv)
{
    if (v >= 0)
        return v;
    if (!*bad) {
        *bad = name;
        *badv = v;
    }
    return 0;
}

static db_status slot_integrate(int i, const db_dae *d, const db_solver_opts *o,
                                db_output *out, db_counters *c, char *msg, size_t msglen)
{
    slot *s = &slots[i];
    memset(c, 0, sizeof *c);
    if (msglen)
        msg[0] = '\0';
    dbp_mech pm;
    dbp_dae pd;
    call_ctx cx;
    dae_view(d, &cx, &pm, &pd);
    /* the budget seen from here: max_steps step attempts (the ABI's default when
     * 0) of at most DB_PLUGIN_EVALS_PER_STEP(n) calls of F and the Jacobians */
    long max_steps = o->max_steps > 0 ? o->max_steps : DB_PLUGIN_DEFAULT_STEPS;
    cx.limit = max_steps * DB_PLUGIN_EVALS_PER_STEP(d->n);
    dbp_options po = {.rtol = o->rtol, .atol = o->atol, .h0 = o->h0, .hmax = o->hmax,
                      .max_steps = o->max_steps, .max_cpu = o->max_cpu, .variant = o->variant};
    dbp_output pout = {.nt = out->nt, .t = out->t, .y = out->y};
    dbp_counters pc;
    memset(&pc, 0, sizeof pc);
    int st = s->integrate(s->k, &pd, &po, &pout, &pc, msg, msglen);
    tidy(msg, msglen);
    const char *neg = NULL;
    long negv = 0;
    c->steps = counted(pc.steps, "steps", &neg, &negv);
    c->rejected = counted(pc.rejected, "rejected", &neg, &negv);
    c->f_evals = cx.nrhs;
    c->jac_evals = counted(pc.jac_evals, "jac_evals", &neg, &negv);
    if (c->jac_evals < cx.njac)
        c->jac_evals = cx.njac;
    c->decompositions = counted(pc.decompositions, "decompositions", &neg, &negv);
    c->solves = counted(pc.solves, "solves", &neg, &negv);
    int nx = pc.nextra < 0 ? 0 : pc.nextra > DBP_MAX_EXTRA ? DBP_MAX_EXTRA : pc.nextra;
    for (int k = 0; k < nx; k++) {
        char *name = s->extra_names[k];
        memcpy(name, pc.extra[k].name, DBP_NAME_LEN);
        name[DBP_NAME_LEN - 1] = '\0';
        for (char *ch = name; *ch; ch++)
            if (!(('a' <= *ch && *ch <= 'z') || ('A' <= *ch && *ch <= 'Z') ||
                  ('0' <= *ch && *ch <= '9') || *ch == '_'))
                *ch = '_';
        if (name[0])
            db_counters_set_extra(c, name, counted(pc.extra[k].value, name, &neg, &negv));
    }
    if (st < DBP_OK || st > DBP_FAIL_MEMORY) {
        snprintf(msg, msglen, "plugin solver %s returned the unknown status %d", s->name, st);
        return DB_FAIL_INPUT;
    }
    /* what the harness cannot vouch for fails the run (issue 28) */
    if (neg) {
        snprintf(msg, msglen, "plugin solver %s reported the negative counter %s = %ld", s->name,
                 neg, negv);
        return DB_FAIL_INVALID;
    }
    if (cx.over) {
        snprintf(msg, msglen, "plugin solver %s: more than %ld evaluations of F and the Jacobian "
                 "(max_steps %ld x %ld)", s->name, cx.limit, max_steps,
                 (long)DB_PLUGIN_EVALS_PER_STEP(d->n));
        return DB_FAIL_BUDGET;
    }
    if (st == DBP_OK && c->steps + c->rejected > max_steps) {
        snprintf(msg, msglen, "plugin solver %s reported %ld steps and %ld rejected, more than "
                 "max_steps %ld", s->name, c->steps, c->rejected, max_steps);
        return DB_FAIL_BUDGET;
    }
    if (st == DBP_OK && cx.nrhs + cx.njac + cx.nmech == 0) {
        snprintf(msg, msglen, "plugin solver %s returned ok without evaluating the model",
                 s->name);
        return DB_FAIL_INVALID;
    }
    return (db_status)st;  /* DBP_* have the values of DB_* (solver.h) */
}

static int slot_supports(int i, const db_dae *d, char *msg, size_t msglen)
{
    slot *s = &slots[i];
    dbp_mech pm;
    dbp_dae pd;
    call_ctx cx;
    dae_view(d, &cx, &pm, &pd);
    if (msglen)
        msg[0] = '\0';
    int ok = s->supports(s->k, &pd, msg, msglen);
    tidy(msg, msglen);
    return ok != 0;
}

/* the trampolines: slot i's integrate and supports */
#define TRAMP(i)                                                                           \
    static db_status integrate_##i(const db_dae *d, const db_solver_opts *o, db_output *out, \
                                   db_counters *c, char *msg, size_t msglen)                \
    {                                                                                      \
        return slot_integrate(i, d, o, out, c, msg, msglen);                              \
    }                                                                                      \
    static int supports_##i(const db_dae *d, char *msg, size_t msglen)                      \
    {                                                                                      \
        return slot_supports(i, d, msg, msglen);                                          \
    }
#define TRAMP8(a, b, c, d, e, f, g, h) TRAMP(a) TRAMP(b) TRAMP(c) TRAMP(d) TRAMP(e) TRAMP(f) \
    TRAMP(g) TRAMP(h)
TRAMP8(0, 1, 2, 3, 4, 5, 6, 7)
TRAMP8(8, 9, 10, 11, 12, 13, 14, 15)
TRAMP8(16, 17, 18, 19, 20, 21, 22, 23)
TRAMP8(24, 25, 26, 27, 28, 29, 30, 31)
#define ROW8(p, a, b, c, d, e, f, g, h) p##a, p##b, p##c, p##d, p##e, p##f, p##g, p##h
static db_status (*const integrates[DB_MAX_PLUGIN_SOLVERS])(const db_dae *,
                                                            const db_solver_opts *, db_output *,
                                                            db_counters *, char *, size_t) = {
    ROW8(integrate_, 0, 1, 2, 3, 4, 5, 6, 7), ROW8(integrate_, 8, 9, 10, 11, 12, 13, 14, 15),
    ROW8(integrate_, 16, 17, 18, 19, 20, 21, 22, 23),
    ROW8(integrate_, 24, 25, 26, 27, 28, 29, 30, 31)};
static int (*const supportss[DB_MAX_PLUGIN_SOLVERS])(const db_dae *, char *, size_t) = {
    ROW8(supports_, 0, 1, 2, 3, 4, 5, 6, 7), ROW8(supports_, 8, 9, 10, 11, 12, 13, 14, 15),
    ROW8(supports_, 16, 17, 18, 19, 20, 21, 22, 23),
    ROW8(supports_, 24, 25, 26, 27, 28, 29, 30, 31)};

/* ---- loading ------------------------------------------------------------- */

/* the address of symbol name in h, or NULL (object to function pointer through
 * memcpy: ISO C has no cast between them, POSIX guarantees the representation) */
static void sym(void *h, const char *name, void *fnptr, size_t size)
{
    void *p = dlsym(h, name);
    memset(fnptr, 0, size);
    if (p)
        memcpy(fnptr, &p, size);
}

static int good_name(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!(('a' <= *s && *s <= 'z') || ('A' <= *s && *s <= 'Z') || ('0' <= *s && *s <= '9') ||
              *s == '-' || *s == '_'))
            return 0;
    return 1;
}

/* a load failure: its one line into err; -1 */
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* the real load: 0, or -1 with one line in err on every problem */
static int load(const char *path, char *err, size_t errlen)
{
    if (nfiles == MAX_FILES)
        return fail(err, errlen, "plugin %s: too many plugins (at most %d)", path, MAX_FILES);
    struct stat st;
    if (stat(path, &st) != 0)
        return fail(err, errlen, "plugin %s: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return fail(err, errlen, "plugin %s: not a file", path);
    db_plugin_file *f = &files[nfiles];
    if (strlen(path) >= sizeof f->path)
        return fail(err, errlen, "plugin %.60s...: path too long", path);
    snprintf(f->path, sizeof f->path, "%s", path);
    if (db_sha256_file(path, f->sha256) != 0)
        return fail(err, errlen, "plugin %s: cannot read: %s", path, strerror(errno));
    /* dlopen searches the library path for a name without '/' */
    char local[1100];
    snprintf(local, sizeof local, "%s%s", strchr(path, '/') ? "" : "./", path);
    void *h = dlopen(local, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return fail(err, errlen, "plugin %s: cannot load: %s", path, dlerror());
    fn_version version;
    fn_count count;
    fn_describe describe;
    fn_integrate integrate;
    fn_supports supports;
    sym(h, "daebench_plugin_abi_version", &version, sizeof version);
    sym(h, "daebench_plugin_count", &count, sizeof count);
    sym(h, "daebench_plugin_describe", &describe, sizeof describe);
    sym(h, "daebench_plugin_integrate", &integrate, sizeof integrate);
    sym(h, "daebench_plugin_supports", &supports, sizeof supports);
    const char *missing = !version ? "daebench_plugin_abi_version"
                          : !count ? "daebench_plugin_count"
                          : !describe ? "daebench_plugin_describe"
                          : !integrate ? "daebench_plugin_integrate" : NULL;
    if (missing)
        return fail(err, errlen,
                    "plugin %s: missing symbol %s (not a daebench plugin? see docs/plugin.md)",
                    path, missing);
    int v = version();
    if (v < 0 || v / 1000 != DAEBENCH_PLUGIN_ABI_MAJOR || v % 1000 > DAEBENCH_PLUGIN_ABI_MINOR)
        return fail(err, errlen,
                    "plugin %s: ABI version %d (%d.%d), this daebench speaks %d.%d (rebuild the "
                    "plugin against its include/daebench/plugin.h)", path, v, v / 1000, v % 1000,
                    DAEBENCH_PLUGIN_ABI_MAJOR, DAEBENCH_PLUGIN_ABI_MINOR);
    int n = count();
    if (n < 1 || n > DB_MAX_PLUGIN_SOLVERS - nslots)
        return fail(err, errlen, "plugin %s: daebench_plugin_count() = %d (expected 1..%d)",
                    path, n, DB_MAX_PLUGIN_SOLVERS - nslots);
    for (int k = 0; k < n; k++) {
        dbp_solver_desc desc;
        memset(&desc, 0, sizeof desc);
        if (describe(k, &desc) != 0)
            return fail(err, errlen, "plugin %s: daebench_plugin_describe(%d) failed", path, k);
        if (!memchr(desc.name, '\0', sizeof desc.name) || !good_name(desc.name))
            return fail(err, errlen,
                        "plugin %s: solver %d has a bad name (letters, digits, '-', '_'; "
                        "at most %d)",
                        path, k, DBP_NAME_LEN - 1);
        desc.title[sizeof desc.title - 1] = '\0';
        if (desc.forms == 0 || desc.forms >= DBP_FORM_BIT(DB_NFORMS))
            return fail(err, errlen, "plugin %s: solver %s: bad formulation mask 0x%x", path,
                        desc.name, desc.forms);
        slot *s = &slots[nslots];
        memset(s, 0, sizeof *s);
        memcpy(s->name, desc.name, sizeof s->name);
        memcpy(s->title, desc.title, sizeof s->title);
        tidy(s->title, sizeof s->title);
        s->file = nfiles;
        s->k = k;
        s->integrate = integrate;
        s->supports = supports;
        s->solver.name = s->name;
        s->solver.title = s->title;
        s->solver.forms = desc.forms;
        s->solver.integrate = integrates[nslots];
        s->solver.supports = supports ? supportss[nslots] : NULL;
        int rc = db_solver_register(&s->solver);
        if (rc == -1)
            return fail(err, errlen,
                        "plugin %s: solver name '%s' is taken (a built-in solver or another "
                        "plugin)",
                        path, s->name);
        if (rc != 0)
            return fail(err, errlen, "plugin %s: the solver table is full", path);
        nslots++;
    }
    nfiles++;
    return 0;
}

static db_status integrate_any(const db_solver *s, const db_dae *d, const db_solver_opts *o,
                               db_output *out, db_counters *c, char *msg, size_t msglen)
{
    return db_plugin_of(s) ? db_plugin_integrate_isolated(s, d, o, out, c, msg, msglen)
                           : s->integrate(d, o, out, c, msg, msglen);
}

/* what the loading child sends: LOADED after a load that succeeded, else
 * REFUSED and the line of the refusal; anything else (nothing: the child
 * exited or was killed first) is a failure of the plugin */
#define LOADED 'Y'
#define REFUSED 'N'

void db_plugin_load(const char *path)
{
    /* first in a child: a plugin that crashes, hangs or exits while loading */
    long limit = LOAD_SECONDS;
    const char *env = getenv("DAEBENCH_PLUGIN_LOAD_SECONDS");
    if (env && (db_parse_count(env, &limit) != 0 || limit < 1 || limit > 3600))
        db_die("bad DAEBENCH_PLUGIN_LOAD_SECONDS '%s' (expected 1..3600)", env);
    char err[1400];
    int fd[2];
    if (pipe(fd) != 0)
        db_die("plugin %s: cannot make a pipe: %s", path, strerror(errno));
    fflush(stdout);
    fflush(stderr);
    pid_t c = fork();
    if (c < 0)
        db_die("plugin %s: cannot fork: %s", path, strerror(errno));
    if (c == 0) {
        close(fd[0]);
        alarm((unsigned)limit);
        char word[1 + sizeof err];
        int rc = load(path, word + 1, sizeof word - 1);
        word[0] = rc == 0 ? LOADED : REFUSED;
        size_t len = rc == 0 ? 1 : 1 + strlen(word + 1);
        ssize_t w;
        while ((w = write(fd[1], word, len)) < 0 && errno == EINTR)
            ;
        _exit(w == (ssize_t)len ? 0 : 3);
    }
    close(fd[1]);
    char got[1 + sizeof err];
    size_t n = 0;
    for (;;) {
        ssize_t r = read(fd[0], got + n, sizeof got - 1 - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
        if (n == sizeof got - 1)
            break;
    }
    got[n] = '\0';
    close(fd[0]);
    int st;
    while (waitpid(c, &st, 0) < 0)
        if (errno != EINTR)
            db_die("plugin %s: wait: %s", path, strerror(errno));
    if (n >= 1 && got[0] == REFUSED)
        db_die("%s", got + 1);   /* the child said why */
    if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM)
        db_die("plugin %s: did not load within %ld s (killed)", path, limit);
    if (WIFSIGNALED(st))
        db_die("plugin %s: crashed while loading (signal %d, %s)", path, WTERMSIG(st),
               strsignal(WTERMSIG(st)));
    if (n != 1 || got[0] != LOADED)
        db_die("plugin %s: exited with status %d while loading (it must not end the process)",
               path, WEXITSTATUS(st));
    if (load(path, err, sizeof err) != 0)
        db_die("%s", err);
    /* reference generation runs a plugin's solver in a child process too */
    db_refgen_set_integrator(integrate_any);
}

void db_plugin_args(int *argc, char **argv)
{
    int out = 0;
    for (int i = 0; i < *argc; i++) {
        if (strcmp(argv[i], "--plugin") == 0) {
            if (i + 1 >= *argc || !argv[i + 1][0])
                db_die("option --plugin needs a value (a shared object, PATH.so)");
            db_plugin_load(argv[++i]);
        } else if (strncmp(argv[i], "--plugin=", 9) == 0) {
            if (!argv[i][9])
                db_die("option --plugin needs a value (a shared object, PATH.so)");
            db_plugin_load(argv[i] + 9);
        } else {
            argv[out++] = argv[i];
        }
    }
    *argc = out;
}

/* ---- one integration in a child process (reference generation) ---------- */

static int write_full(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

static int read_full(int fd, void *buf, size_t len)
{
    char *p = buf;
    while (len > 0) {
        ssize_t r = read(fd, p, len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        p += r;
        len -= (size_t)r;
    }
    return 0;
}

/* what the child sends before the output values */
typedef struct {
    int status;
    db_counters c;
    char names[DB_MAX_EXTRA][DBP_NAME_LEN];
    char msg[256];
} iso_head;

db_status db_plugin_integrate_isolated(const db_solver *s, const db_dae *d,
                                       const db_solver_opts *o, db_output *out, db_counters *c,
                                       char *msg, size_t msglen)
{
    memset(c, 0, sizeof *c);
    int fd[2];
    if (pipe(fd) != 0) {
        snprintf(msg, msglen, "cannot make a pipe: %s", strerror(errno));
        return DB_FAIL_MEMORY;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        snprintf(msg, msglen, "cannot fork: %s", strerror(errno));
        return DB_FAIL_MEMORY;
    }
    size_t ny = (size_t)out->nt * (size_t)d->n;
    if (pid == 0) {
        close(fd[0]);
        /* CPU limit: $DAEBENCH_CPU_LIMIT (checked by isolate.c), else an hour */
        long cpu = 3600;
        const char *env = getenv("DAEBENCH_CPU_LIMIT");
        if (env && (db_parse_count(env, &cpu) != 0 || cpu < 1))
            cpu = 3600;
        struct rlimit rl = {(rlim_t)cpu, (rlim_t)cpu + 1};
        setrlimit(RLIMIT_CPU, &rl);
        static iso_head h;
        memset(&h, 0, sizeof h);
        h.status = (int)s->integrate(d, o, out, &h.c, h.msg, sizeof h.msg);
        for (int i = 0; i < h.c.nextra && i < DB_MAX_EXTRA; i++)
            snprintf(h.names[i], sizeof h.names[i], "%s", h.c.extra[i].name);
        int ok = write_full(fd[1], &h, sizeof h) == 0 &&
                 write_full(fd[1], out->y, ny * sizeof(double)) == 0;
        _exit(ok ? 0 : 3);
    }
    close(fd[1]);
    static iso_head h;
    memset(&h, 0, sizeof h);
    int got = read_full(fd[0], &h, sizeof h) == 0 &&
              read_full(fd[0], out->y, ny * sizeof(double)) == 0;
    close(fd[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!got || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        if (WIFSIGNALED(st))
            snprintf(msg, msglen, "plugin solver %s killed by signal %d (%s)", s->name,
                     WTERMSIG(st), strsignal(WTERMSIG(st)));
        else
            snprintf(msg, msglen, "plugin solver %s ended without a result", s->name);
        return DB_FAIL_INPUT;
    }
    *c = h.c;
    for (int i = 0; i < c->nextra && i < DB_MAX_EXTRA; i++) {
        h.names[i][DBP_NAME_LEN - 1] = '\0';
        /* kept in the slot's table: stable for the life of the program */
        const slot *sl = NULL;
        for (int k = 0; k < nslots; k++)
            if (s == &slots[k].solver)
                sl = &slots[k];
        c->extra[i].name = sl ? memcpy((char *)sl->extra_names[i], h.names[i], DBP_NAME_LEN)
                              : "extra";
    }
    snprintf(msg, msglen, "%s", h.msg);
    return (db_status)h.status;
}

const db_plugin_file *db_plugin_of(const db_solver *s)
{
    for (int i = 0; i < nslots; i++)
        if (s == &slots[i].solver)
            return &files[slots[i].file];
    return NULL;
}

int db_plugin_count(void)
{
    return nfiles;
}

const db_plugin_file *db_plugin_file_at(int k)
{
    return k >= 0 && k < nfiles ? &files[k] : NULL;
}
