/* reference_cmd.c — "daebench reference": compute, store and verify reference
 * solutions (DESIGN.md §"Reference solutions", schema daebench.reference/1;
 * issue 4).
 *
 *   reference -p PROBLEM[:SCENARIO] [--param N=V ...] [--out DIR] [--points N]
 *             [--primary SOLVER:FORM:TOL] [--check SOLVER:FORM:TOL]
 *   reference --all [--out DIR]
 *   reference --verify [-p PROBLEM[:SCENARIO]]
 *   reference --table [--results results/bench.json]
 *
 * Generating: two independent computations (the plan of refgen.c: different
 * solver and formulation) on a uniform grid of --points times including t0 and
 * t_end; the primary's values are stored, the agreement of the two per group in
 * digits (−log10 of the group-scaled largest difference over the grid) and the
 * provenance of both (solver, formulation, tolerances, work, commit, date).
 * Problems with an exact solution get no file (the loader, reference.c, uses the
 * exact solution); for them the command checks the exact solution against a
 * numerical run instead.
 *
 * Verifying: every stored reference of the catalogue is reloaded through the one
 * loader (reference.c); its agreement (grid and t_end) must meet the targets of
 * refgen.h for every group — no note exempts a file — and its primary and check
 * must be of two method families; the whole span is recomputed with the
 * reference integrator (reference/refint.h) at tolerance VERIFY_TOL, and every
 * grid row and the end values must agree with it to the digits that tolerance
 * allows (group-scaled, VERIFY_ERR); a mismatch names file, group, row and
 * component.  The end values must also equal the last grid row.  Exact
 * solutions are compared with a numerical run.
 * Exit status: 0 fine, 1 a verification failed, 2 bad input (a missing,
 * truncated or schema-violating file: one line). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/help.h"
#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "io/jsonio.h"
#include "harness/gate/machine.h"
#include "reference/reference.h"
#include "reference/refgen.h"
#include "reference/refgauss.h"
#include "reference/reference_table.h"
#include "reference/refint.h"
#include "testset/registry.h"

#define REF_POINTS 201        /* default grid: 200 intervals */
/* --verify: the whole span recomputed by the reference integrator at
 * VERIFY_TOL; the group-scaled difference (DESIGN.md) allowed on every grid row
 * and at t_end, per group: what that tolerance reaches with a margin (measured
 * over the stored files: about 10.5 digits in p and v and 9 in λ, μ; see
 * docs/references.md) */
#define VERIFY_TOL 1e-11
static const double VERIFY_ERR[DB_NGROUPS] = {1e-9, 1e-9, 1e-7, 1e-7};
/* exact solutions against radau5 on GGL at EXACT_TOL (EXACT_TOL_LONG for spans
 * over 100: the phase error grows with the number of periods): at least
 * EXACT_DIGITS in p and v */
#define EXACT_TOL 1e-10
#define EXACT_TOL_LONG 1e-13
#define EXACT_DIGITS 7.0
#define EXACT_DIGITS_LONG 6.0  /* pendulum:long, 1000 s: 6.5 reached at 1e-13 */

/* ---- options ------------------------------------------------------------ */

typedef struct {
    const char *outdir;
    int points;
    int have_primary, have_check;
    db_refgen_method primary, check;
} gen_opts;

/* "radau5:GGL:1e-13", "radau5:GGL:1e-13:0.01" (largest step; 0 = none) or
 * "geoms:oEoM0:1e-13:0:correct" (and the solver's variant option) */
static void parse_method(const char *s, db_refgen_method *m)
{
    char buf[128], *solver, *form, *tol, *hmax;
    m->variant = NULL;
    snprintf(buf, sizeof buf, "%s", s);
    solver = buf;
    form = strchr(buf, ':');
    tol = form ? strchr(form + 1, ':') : NULL;
    if (!form || !tol)
        db_die("reference: bad method '%s' (expected SOLVER:FORMULATION:TOL)", s);
    *form++ = '\0';
    *tol++ = '\0';
    m->hmax = 0;
    if ((hmax = strchr(tol, ':')) != NULL) {
        *hmax++ = '\0';
        char *variant = strchr(hmax, ':');
        if (variant) {
            *variant++ = '\0';
            /* kept for the lifetime of the program: the method outlives buf */
            static char vbuf[64];
            snprintf(vbuf, sizeof vbuf, "%s", variant);
            m->variant = vbuf;
        }
        if (strcmp(hmax, "0") != 0 && db_parse_positive(hmax, &m->hmax) != 0)
            db_die("reference: bad largest step '%s'", hmax);
    }
    const db_solver *sv = db_solver_find(solver);
    int f = db_form_from_name(form);
    if (strcmp(solver, DB_REFINT_NAME) == 0 || strcmp(solver, DB_REFGAUSS_NAME) == 0) {
        /* the reference path's integrators: the index-1 formulation with projection */
        int gauss = strcmp(solver, DB_REFGAUSS_NAME) == 0;
        if (f != DB_EOM0)
            db_die("reference: %s integrates EoM0 only", solver);
        if (db_parse_positive(tol, &m->tol) != 0)
            db_die("reference: bad tolerance '%s'", tol);
        if (gauss && !(m->hmax > 0))
            db_die("reference: %s needs its step size (%s:EoM0:TOL:H)", solver, solver);
        m->solver = gauss ? DB_REFGAUSS_NAME : DB_REFINT_NAME;
        m->form = DB_EOM0;
        return;
    }
    if (!sv)
        db_die("reference: unknown solver '%s'", solver);
    if (f < 0)
        db_die("reference: unknown formulation '%s'", form);
    if (!(sv->forms & DB_FORM_BIT(f)))
        db_die("reference: solver %s does not accept formulation %s", solver, form);
    if (db_parse_positive(tol, &m->tol) != 0)
        db_die("reference: bad tolerance '%s'", tol);
    m->solver = sv->name;
    m->form = (db_form)f;
}

/* ---- JSON pieces ------------------------------------------------------- */

static cJSON *group_rows(const db_refgen_sol *s, int g)
{
    cJSON *a = cJSON_CreateArray();
    int n = s->tr.size[g];
    for (int k = 0; k < s->tr.nt; k++)
        cJSON_AddItemToArray(a, db_json_numarray(s->tr.x[g] + (long)k * n, n));
    return a;
}

static cJSON *method_json(const db_refgen_method *m, const db_refgen_sol *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "solver", m->solver);
    cJSON_AddStringToObject(o, "formulation", db_form_name(m->form));
    cJSON_AddStringToObject(o, "family", db_refgen_family(m->solver));
    cJSON_AddNumberToObject(o, "rtol", m->tol);
    cJSON_AddNumberToObject(o, "atol", m->tol);
    if (m->hmax > 0)
        cJSON_AddNumberToObject(o, "hmax", m->hmax);
    if (m->variant)
        cJSON_AddStringToObject(o, "variant", m->variant);
    cJSON_AddNumberToObject(o, "steps", (double)s->counters.steps);
    cJSON_AddNumberToObject(o, "rejected", (double)s->counters.rejected);
    cJSON_AddNumberToObject(o, "f_evals", (double)s->counters.f_evals);
    cJSON_AddNumberToObject(o, "cpu_seconds", s->cpu_seconds);
    return o;
}

static void fmt_digits(char *buf, size_t len, const double d[DB_NGROUPS])
{
    size_t k = 0;
    for (int g = 0; g < DB_NGROUPS && k < len; g++) {
        /* rounded down to a tenth, as the file records them */
        int w = isfinite(d[g]) ? snprintf(buf + k, len - k, "%s%s=%.1f", g ? " " : "",
                                          db_group_names[g], floor(d[g] * 10) / 10)
                               : snprintf(buf + k, len - k, "%s%s=null", g ? " " : "",
                                          db_group_names[g]);
        if (w < 0)
            break;
        k += (size_t)w;
    }
}

/* ---- set-up helpers ----------------------------------------------------- */

static int setup(const db_problem *prob, int sc, const double *par, db_mech *m)
{
    char msg[256] = "";
    memset(m, 0, sizeof *m);
    if (prob->setup(m, sc, par, msg, sizeof msg) != 0) {
        fprintf(stderr, "daebench: reference: setup of %s:%s failed: %s\n", prob->name,
                prob->scenarios[sc].name, msg);
        return -1;
    }
    return 0;
}

static void teardown(const db_problem *prob, db_mech *m)
{
    if (prob->teardown)
        prob->teardown(m);
}

/* ---- exact solutions against a numerical run ---------------------------- */

/* 0 fine, 1 fails, 2 bad input */
static int check_exact(const db_problem *prob, int sc, const double *par)
{
    db_mech m;
    if (setup(prob, sc, par, &m) != 0)
        return 2;
    db_ref r;
    char err[512];
    int rc = 1;
    if (db_ref_load(&r, prob, sc, par, &m, err, sizeof err) != 0) {
        fprintf(stderr, "daebench: reference: %s\n", err);
        teardown(prob, &m);
        return 2;
    }
    if (!r.have) {
        printf("FAIL %s:%s: exact solution unavailable: %s\n", prob->name,
               prob->scenarios[sc].name, r.msg);
        goto done;
    }
    db_refgen_method meth = {"radau5", DB_GGL, m.tend - m.t0 > 100 ? EXACT_TOL_LONG : EXACT_TOL,
                             0, NULL};
    /* singular positions (mech.h DB_SINGULAR_POS): the implicit solvers stop there at
     * tight tolerances; mexx's half-explicit steps projected onto g = 0 (oEoM1) pass them (four_bar_chain:
     * 7.9 digits at 1e-11, its tightest).  Redundant constraints everywhere
     * (DB_REDUNDANT): geoms with its rank-revealing variant svd (bricard: 1e-8,
     * 8.1 digits in p, 7.0 in λ, 4.7 s) */
    if (m.flags & DB_REDUNDANT)
        meth = (db_refgen_method){"geoms", DB_OEOM1, 1e-8, 0, "svd"};
    if (m.flags & DB_SINGULAR_POS)
        meth = (db_refgen_method){"mexx", DB_OEOM1, 1e-11, 0, NULL};
    db_refgen_sol s, ex;
    if (db_refgen_solve(&m, &meth, 0, r.grid.nt, r.t, &s, err, sizeof err) != 0) {
        printf("FAIL %s:%s: %s\n", prob->name, prob->scenarios[sc].name, err);
        goto done;
    }
    memset(&ex, 0, sizeof ex);
    ex.tr = r.grid;
    double d[DB_NGROUPS];
    db_refgen_agreement(&s, &ex, r.mag, d);
    char dig[160];
    fmt_digits(dig, sizeof dig, d);
    double need = m.tend - m.t0 > 100 ? EXACT_DIGITS_LONG : EXACT_DIGITS;
    int ok = d[DB_GP] >= need && d[DB_GV] >= need;
    printf("%s %s:%s: exact solution vs %s/%s at tol %.0e over %d points: %s digits "
           "(need %.0f in p, v)\n",
           ok ? "ok  " : "FAIL", prob->name, prob->scenarios[sc].name, meth.solver,
           db_form_name(meth.form), meth.tol, r.grid.nt, dig, need);
    rc = ok ? 0 : 1;
    db_refgen_sol_free(&s);
done:
    db_ref_free(&r);
    teardown(prob, &m);
    return rc;
}

/* ---- generating ------------------------------------------------------------ */

/* 0 written, 1 computation failed, 2 bad input */
static int generate(const db_problem *prob, int sc, const double *par, const gen_opts *go)
{
    const char *scn = prob->scenarios[sc].name;
    if (prob->exact) {
        printf("%s:%s has an exact solution: no file is stored; checking it\n", prob->name,
               scn);
        return check_exact(prob, sc, par);
    }
    db_refgen_plan plan = db_refgen_plan_of(prob->name);
    if (go->have_primary)
        plan.primary = go->primary, plan.extrap = 0;
    if (go->have_check)
        plan.check = go->check;
    if (db_refgen_same_family(plan.primary.solver, plan.check.solver)) {
        fprintf(stderr, "daebench: reference: primary %s and check %s are of one method "
                        "family (%s); a stored reference needs two\n",
                plan.primary.solver, plan.check.solver, db_refgen_family(plan.check.solver));
        return 2;
    }
    db_mech m;
    if (setup(prob, sc, par, &m) != 0)
        return 2;
    int nt = go->points;
    double *t = malloc((size_t)nt * sizeof *t);
    db_refgen_sol a, b, a10;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&a10, 0, sizeof a10);
    char err[512];
    int rc = 1;
    if (!t)
        db_die("reference: out of memory");
    db_refgen_grid(t, nt, m.t0, m.tend);
    if (db_refgen_solve(&m, &plan.primary, plan.max_steps, nt, t, &a, err, sizeof err) != 0 ||
        db_refgen_solve(&m, &plan.check, plan.max_steps, nt, t, &b, err, sizeof err) != 0) {
        printf("FAIL %s:%s: %s\n", prob->name, scn, err);
        goto done;
    }
    double mag[DB_NGROUPS], dig[DB_NGROUPS], dig_raw[DB_NGROUPS];
    db_refgen_magnitude(&a, mag);
    db_refgen_agreement(&a, &b, mag, dig_raw);
    memcpy(dig, dig_raw, sizeof dig);
    if (plan.extrap) {
        db_refgen_method m10 = plan.primary;
        m10.tol *= 10.0;
        if (db_refgen_solve(&m, &m10, plan.max_steps, nt, t, &a10, err, sizeof err) != 0) {
            printf("FAIL %s:%s: %s\n", prob->name, scn, err);
            goto done;
        }
        db_refgen_extrapolate(&a, &a10, 1.0);
        db_refgen_agreement(&a, &b, mag, dig);
    }
    double dig_end[DB_NGROUPS];
    db_refgen_agreement_end(&a, &b, mag, dig_end);
    /* the targets, over the grid and at t_end, for every group present */
    int short_g = -1, short_end = 0;
    const double *tgt = db_refgen_target;
    for (int g = 0; g < DB_NGROUPS && short_g < 0; g++) {
        if (!isfinite(dig[g]))
            continue;
        if (!(dig[g] >= tgt[g]))
            short_g = g;
        else if (!(dig_end[g] >= tgt[g]))
            short_g = g, short_end = 1;
    }

    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "schema", DB_REF_SCHEMA);
    cJSON_AddStringToObject(j, "problem", prob->name);
    cJSON_AddStringToObject(j, "scenario", scn);
    cJSON *pj = cJSON_AddObjectToObject(j, "params");
    for (int k = 0; k < prob->nparams; k++)
        cJSON_AddNumberToObject(pj, prob->params[k].name, par[k]);
    cJSON_AddNumberToObject(j, "t0", m.t0);
    cJSON_AddNumberToObject(j, "t_end", m.tend);
    cJSON *ej = cJSON_AddObjectToObject(j, "end");
    for (int g = 0; g < DB_NGROUPS; g++)
        cJSON_AddItemToObject(ej, db_group_names[g],
                              db_json_numarray(a.tr.x[g] + (long)(nt - 1) * a.tr.size[g],
                                               a.tr.size[g]));
    cJSON *gj = cJSON_AddObjectToObject(j, "grid");
    cJSON_AddItemToObject(gj, "t", db_json_numarray(t, nt));
    for (int g = 0; g < DB_NGROUPS; g++)
        cJSON_AddItemToObject(gj, db_group_names[g], group_rows(&a, g));
    cJSON *aj = cJSON_AddObjectToObject(j, "agreement");
    for (int g = 0; g < DB_NGROUPS; g++)
        cJSON_AddItemToObject(aj, db_group_names[g],
                              db_json_num(isfinite(dig[g]) ? floor(dig[g] * 10) / 10 : NAN));
    cJSON *aej = cJSON_AddObjectToObject(j, "agreement_end");
    for (int g = 0; g < DB_NGROUPS; g++)
        cJSON_AddItemToObject(aej, db_group_names[g],
                              db_json_num(isfinite(dig_end[g]) ? floor(dig_end[g] * 10) / 10
                                                               : NAN));
    cJSON *mj = cJSON_AddObjectToObject(j, "magnitude");
    for (int g = 0; g < DB_NGROUPS; g++)
        cJSON_AddItemToObject(mj, db_group_names[g], db_json_num(mag[g]));
    cJSON *prov = cJSON_AddObjectToObject(j, "provenance");
    cJSON *pp = method_json(&plan.primary, &a);
    if (db_refgen_title(&plan.primary))
        cJSON_AddStringToObject(pp, "title", db_refgen_title(&plan.primary));
    if (plan.extrap) {
        cJSON_AddStringToObject(pp, "extrapolation",
                                "Richardson to zero tolerance from rtol and 10*rtol, "
                                "error taken proportional to the tolerance");
        cJSON *raw = cJSON_AddObjectToObject(pp, "agreement_before_extrapolation");
        for (int g = 0; g < DB_NGROUPS; g++)
            cJSON_AddItemToObject(raw, db_group_names[g], db_json_num(dig_raw[g]));
    }
    cJSON_AddItemToObject(prov, "primary", pp);
    cJSON *cj = method_json(&plan.check, &b);
    if (db_refgen_title(&plan.check))
        cJSON_AddStringToObject(cj, "title", db_refgen_title(&plan.check));
    cJSON_AddItemToObject(prov, "check", cj);
    cJSON_AddStringToObject(prov, "stored", "the primary computation's values");
    cJSON_AddStringToObject(prov, "agreement",
                            "digits = -log10 of max over the grid of max_i |primary_i - "
                            "check_i| / magnitude of the group (largest |primary_i| of the "
                            "group over the grid), rounded down; agreement_end: the same at "
                            "t_end only");
    if (plan.note)
        cJSON_AddStringToObject(prov, "note", plan.note);
    char commit[64], created[64];
    db_git_commit(commit, sizeof commit);
    db_now_iso(created, sizeof created);
    cJSON_AddStringToObject(prov, "commit", commit);
    cJSON_AddStringToObject(prov, "created", created);

    char ds[160], de[160];
    fmt_digits(ds, sizeof ds, dig);
    fmt_digits(de, sizeof de, dig_end);
    if (short_g >= 0) {
        /* no file: a reference short of the target is an error, never stored */
        cJSON_Delete(j);
        printf("FAIL %s:%s: agreement %s digits, at t_end %s (%s/%s %.0e vs %s/%s %.0e): %s "
               "%sbelow the target of %g digits; nothing written\n",
               prob->name, scn, ds, de, plan.primary.solver, db_form_name(plan.primary.form),
               plan.primary.tol, plan.check.solver, db_form_name(plan.check.form),
               plan.check.tol, db_group_names[short_g], short_end ? "at t_end " : "",
               tgt[short_g]);
        goto done;
    }
    char path[1024];
    /* never a truncated file name: --out is checked before the work (ref_out_check),
     * the reference directory here */
    if (go->outdir ? snprintf(path, sizeof path, "%s/%s-%s.json", go->outdir, prob->name,
                              scn) >= (int)sizeof path
                   : db_ref_path(prob, sc, path, sizeof path) != 0)
        db_die("reference: the path of %s-%s.json in %.200s... is longer than %zu bytes",
               prob->name, scn, go->outdir ? go->outdir : "the reference directory",
               sizeof path - 1);
    char *txt = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    if (!txt)
        db_die("reference: out of memory");
    size_t len = strlen(txt);
    /* one line per top-level member is not worth it: a final newline suffices */
    char *buf = malloc(len + 2);
    if (!buf)
        db_die("reference: out of memory");
    memcpy(buf, txt, len);
    buf[len] = '\n';
    free(txt);
    if (db_write_atomic(path, buf, len + 1, err, sizeof err) != 0) {
        free(buf);
        fprintf(stderr, "daebench: reference: %s\n", err);
        rc = 2;
        goto done;
    }
    free(buf);
    printf("ok   %s:%s: agreement %s digits, at t_end %s (%s/%s %.0e%s vs %s/%s %.0e), cpu "
           "%.1f + %.1f s, %.0f kB -> %s\n",
           prob->name, scn, ds, de, plan.primary.solver,
           db_form_name(plan.primary.form), plan.primary.tol, plan.extrap ? " extrapolated" : "",
           plan.check.solver, db_form_name(plan.check.form), plan.check.tol,
           a.cpu_seconds + a10.cpu_seconds, b.cpu_seconds, (double)len / 1024.0, path);
    rc = 0;
done:
    db_refgen_sol_free(&a);
    db_refgen_sol_free(&b);
    db_refgen_sol_free(&a10);
    free(t);
    teardown(prob, &m);
    return rc;
}

/* ---- verifying a stored reference ---------------------------------------- */

/* the parameters recorded in j (defaults for absent ones); -1 on a bad value */
static int params_of(const cJSON *j, const db_problem *prob, double *par, char *err,
                     size_t errlen)
{
    db_cli_param_defaults(prob, par);
    const cJSON *ps = cJSON_GetObjectItemCaseSensitive(j, "params");
    const cJSON *it;
    if (ps && !cJSON_IsObject(ps)) {
        snprintf(err, errlen, "field 'params' is not an object");
        return -1;
    }
    cJSON_ArrayForEach(it, ps) {
        int k = db_problem_param(prob, it->string);
        if (k < 0 || !cJSON_IsNumber(it) || it->valuedouble < prob->params[k].min ||
            it->valuedouble > prob->params[k].max) {
            snprintf(err, errlen, "params.%s: not a valid parameter value of %s", it->string,
                     prob->name);
            return -1;
        }
        par[k] = it->valuedouble;
    }
    return 0;
}

/* the agreement and provenance fields; -1 (schema) with err; *low (a message,
 * or "" when the targets are met) when a group's agreement over the grid or at
 * t_end is below the target of refgen.h or primary and check are of one family */
static int check_meta(const cJSON *j, const db_mech *m, const double tgt[DB_NGROUPS],
                      double dig[DB_NGROUPS], char *low, size_t lowlen, char *err,
                      size_t errlen)
{
    const char *agname[2] = {"agreement", "agreement_end"};
    int size[DB_NGROUPS] = {m->np, m->nv, m->nl, m->nm};
    low[0] = '\0';
    for (int w = 0; w < 2; w++) {
        const cJSON *ag = db_json_object(j, agname[w], err, errlen);
        if (!ag)
            return -1;
        for (int g = 0; g < DB_NGROUPS; g++) {
            double d;
            if (db_json_number_or_null(ag, db_group_names[g], &d, err, errlen) != 0)
                return -1;
            if (size[g] > 0 && !isfinite(d)) {
                snprintf(err, errlen, "%s.%s must be a number", agname[w], db_group_names[g]);
                return -1;
            }
            if (w == 0)
                dig[g] = d;
            if (size[g] > 0 && !(d >= tgt[g]) && !low[0])
                snprintf(low, lowlen, "%s.%s = %.1f is below the target of %g digits",
                         agname[w], db_group_names[g], d, tgt[g]);
        }
    }
    const cJSON *pv = db_json_object(j, "provenance", err, errlen);
    if (!pv)
        return -1;
    const char *s;
    double x;
    const char *which[2] = {"primary", "check"};
    const char *sol[2] = {"", ""}, *form[2] = {"", ""};
    for (int w = 0; w < 2; w++) {
        const cJSON *o = db_json_object(pv, which[w], err, errlen);
        if (!o || db_json_string(o, "solver", &sol[w], err, errlen) != 0 ||
            db_json_string(o, "formulation", &form[w], err, errlen) != 0 ||
            db_json_number(o, "rtol", &x, err, errlen) != 0) {
            char sub[256];
            snprintf(sub, sizeof sub, "%.200s", err);
            snprintf(err, errlen, "provenance.%s: %s", which[w], sub);
            return -1;
        }
    }
    if (db_json_string(pv, "commit", &s, err, errlen) != 0 ||
        db_json_string(pv, "created", &s, err, errlen) != 0)
        return -1;
    if (db_refgen_same_family(sol[0], sol[1]) && !low[0])
        snprintf(low, lowlen, "primary %s and check %s are of one method family (%s)", sol[0],
                 sol[1], db_refgen_family(sol[0]));
    return 0;
}

/* 0 fine, 1 verification failed, 2 bad input */
static int verify_stored(const db_problem *prob, int sc)
{
    const char *scn = prob->scenarios[sc].name;
    char path[1024], err[512];
    if (db_ref_path(prob, sc, path, sizeof path) != 0) {
        fprintf(stderr, "daebench: reference: the path of %s-%s.json in the reference directory "
                "is longer than %zu bytes\n", prob->name, scn, sizeof path - 1);
        return 2;
    }
    cJSON *j = db_json_read_file(path, err, sizeof err);
    if (!j) {
        fprintf(stderr, "daebench: reference: %s\n", err);
        return 2;
    }
    double par[DB_MAX_PARAMS];
    if (prob->nparams > DB_MAX_PARAMS || params_of(j, prob, par, err, sizeof err) != 0) {
        fprintf(stderr, "daebench: reference: %s: %s\n", path, err);
        cJSON_Delete(j);
        return 2;
    }
    db_mech m;
    if (setup(prob, sc, par, &m) != 0) {
        cJSON_Delete(j);
        return 2;
    }
    db_ref r;
    int rc = 2;
    double dig[DB_NGROUPS];
    char low[256] = "";
    memset(&r, 0, sizeof r);
    if (db_ref_load(&r, prob, sc, par, &m, err, sizeof err) != 0) {
        fprintf(stderr, "daebench: reference: %s\n", err);
        goto done;
    }
    if (!r.have) {
        fprintf(stderr, "daebench: reference: %s: %s\n", path, r.msg);
        goto done;
    }
    char sub[400];
    db_refgen_plan tplan = db_refgen_plan_of(prob->name);
    if (check_meta(j, &m, db_refgen_target, dig, low, sizeof low, sub, sizeof sub) != 0) {
        fprintf(stderr, "daebench: reference %s: %s\n", path, sub);
        goto done;
    }
    rc = 1;
    const char *tag = "";
    char why[2048] = "";
    /* the grid covers the span and ends at t_end with the end values */
    int inside = 0, nt = r.grid.nt;
    for (int k = 0; k < nt; k++)
        inside += r.t[k] > m.t0 && r.t[k] <= m.tend;
    double ttol = 1e-12 * fmax(1.0, fabs(m.tend));
    if (low[0]) {
        snprintf(why, sizeof why, "%s: %s", path, low);
        goto report;
    }
    if (inside < DB_MIN_GRID_POINTS) {
        snprintf(why, sizeof why, "only %d grid points inside the span (need %d)", inside,
                 DB_MIN_GRID_POINTS);
        goto report;
    }
    if (fabs(r.t[nt - 1] - m.tend) > ttol) {
        snprintf(why, sizeof why, "the grid does not end at t_end");
        goto report;
    }
    if (!(fabs(r.t[0] - m.t0) <= ttol)) {
        snprintf(why, sizeof why, "%s: the grid does not start at t0", path);
        goto report;
    }
    /* the whole span recomputed by the reference integrator */
    /* at the plan's verify tolerance, else VERIFY_TOL, or 10 times the primary's
     * tolerance where the primary is refint and that is tighter */
    double vtol = tplan.verify_tol > 0 ? tplan.verify_tol
                  : db_refgen_is_refint(&tplan.primary) ? fmin(VERIFY_TOL, 10.0 * tplan.primary.tol)
                                                         : VERIFY_TOL;
    db_refgen_method meth = {DB_REFINT_NAME, DB_EOM0, vtol, 0, NULL};
    db_refgen_sol s;
    double *tv = malloc((size_t)nt * sizeof *tv);
    if (!tv)
        db_die("reference: out of memory");
    memcpy(tv, r.t, (size_t)nt * sizeof *tv);
    tv[0] = m.t0;
    int src = db_refgen_solve(&m, &meth, 0, nt, tv, &s, sub, sizeof sub);
    free(tv);
    if (src != 0) {
        snprintf(why, sizeof why, "%s: recomputation failed: %s", path, sub);
        goto report;
    }
    double worst[DB_NGROUPS] = {0, 0, 0, 0};
    int bad = 0;
    /* rows in order, then the end values (row "end"); the first mismatch is named */
    for (int k = 1; k <= nt; k++)
        for (int g = 0; g < DB_NGROUPS; g++) {
            int n = r.grid.size[g];
            const double *yr = k < nt ? r.grid.x[g] + (long)k * n : r.end[g];
            const double *y = s.tr.x[g] + (long)(k < nt ? k : nt - 1) * n;
            for (int i = 0; i < n; i++) {
                double e = fabs(y[i] - yr[i]) / r.mag[g];
                worst[g] = fmax(worst[g], e);
                /* VERIFY_ERR, one digit short of the targets, or the plan's
                 * own verify digits */
                double allowed = tplan.verify_digits[g] > 0 ? pow(10.0, -tplan.verify_digits[g])
                                                            : VERIFY_ERR[g];
                if (!(e <= allowed) && !bad) {
                    bad = 1;
                    char row[64];
                    if (k < nt)
                        snprintf(row, sizeof row, "grid row %d (t=%.9g)", k, r.t[k]);
                    else
                        snprintf(row, sizeof row, "end values (t_end=%.9g)", m.tend);
                    snprintf(why, sizeof why,
                             "%s: group %s, %s: %s[%d] = %.17g, recomputed %.17g (difference "
                             "%.1e of the group's magnitude > %.0e)",
                             path, db_group_names[g], row, db_group_names[g], i, yr[i], y[i], e,
                             allowed);
                }
            }
        }
    db_refgen_sol_free(&s);
    for (int g = 0; g < DB_NGROUPS && !bad; g++)
        for (int i = 0; i < r.grid.size[g] && !bad; i++)
            if (r.end[g][i] != r.grid.x[g][(long)(nt - 1) * r.grid.size[g] + i]) {
                bad = 1;
                snprintf(why, sizeof why, "%s: group %s, end values: end.%s[%d] differs from "
                         "the last grid row", path, db_group_names[g], db_group_names[g], i);
            }
    if (!bad) {
        rc = 0;
        tag = "ok  ";
        char ds[160];
        fmt_digits(ds, sizeof ds, dig);
        snprintf(why, sizeof why,
                 "agreement %s; all %d rows and the end values recomputed (%s %.0e): p %.0e "
                 "v %.0e lambda %.0e mu %.0e",
                 ds, nt - 1, meth.solver, meth.tol, worst[0], worst[1], worst[2], worst[3]);
    }
report:
    if (rc != 0)
        tag = "FAIL";
    printf("%s %s:%s: %s\n", tag, prob->name, scn, why);
done:
    db_ref_free(&r);
    teardown(prob, &m);
    cJSON_Delete(j);
    return rc;
}

/* ---- the command ------------------------------------------------------------ */

int db_cmd_reference(int argc, char **argv)
{
    const char *pspec = NULL;
    const char *params[64];
    int nparams = 0, all = 0, verify = 0, table = 0;
    const char *results = NULL;
    gen_opts go;
    memset(&go, 0, sizeof go);
    go.points = REF_POINTS;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-p") == 0 || strcmp(a, "--problem") == 0)
            pspec = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--param") == 0) {
            if (nparams >= 64)
                db_die("reference: too many --param");
            params[nparams++] = db_cli_value(argc, argv, &i);
        } else if (strcmp(a, "--out") == 0)
            go.outdir = db_cli_value(argc, argv, &i);
        else if (strcmp(a, "--points") == 0) {
            const char *v = db_cli_value(argc, argv, &i);
            long n;
            if (db_parse_count(v, &n) != 0 || n < DB_MIN_GRID_POINTS + 1 || n > 100000)
                db_die("reference: bad --points '%s' (%d..100000)", v, DB_MIN_GRID_POINTS + 1);
            go.points = (int)n;
        } else if (strcmp(a, "--primary") == 0) {
            parse_method(db_cli_value(argc, argv, &i), &go.primary);
            go.have_primary = 1;
        } else if (strcmp(a, "--check") == 0) {
            parse_method(db_cli_value(argc, argv, &i), &go.check);
            go.have_check = 1;
        } else if (strcmp(a, "--all") == 0)
            all = 1;
        else if (strcmp(a, "--verify") == 0)
            verify = 1;
        else if (strcmp(a, "--table") == 0)
            table = 1;
        else if (strcmp(a, "--results") == 0)
            results = db_cli_value(argc, argv, &i);
        else
            db_die_unknown_option("reference", a);
    }
    if (table) {
        /* the table of the stored references (README "Reference solutions") */
        if (verify || all || pspec || go.outdir)
            db_die("reference: --table takes only --results");
        cJSON *bench = NULL;
        char err[512];
        if (results && !(bench = db_json_read_file(results, err, sizeof err)))
            db_die("reference: %s", err);
        const cJSON *runs = bench ? cJSON_GetObjectItemCaseSensitive(bench, "runs") : NULL;
        if (bench && !cJSON_IsArray(runs)) {
            cJSON_Delete(bench);
            db_die("reference: %s: not a daebench.bench/1 file", results);
        }
        db_reference_table(stdout, NULL, runs);
        cJSON_Delete(bench);
        return 0;
    }
    if (results)
        db_die("reference: --results only with --table");
    if (go.outdir) {
        char probe[1100];
        /* every file's path must fit (1023 bytes, the path of write_reference):
         * refused before the work, never written under a truncated name */
        size_t longest = 0;
        for (int pi = 0; db_problems[pi]; pi++)
            for (int sc = 0; sc < db_problems[pi]->nscenarios; sc++) {
                size_t l = strlen(db_problems[pi]->name) +
                           strlen(db_problems[pi]->scenarios[sc].name) + 7;
                longest = l > longest ? l : longest;
            }
        if (strlen(go.outdir) + longest > 1023)
            db_die("reference: --out %.200s...: too long (%zu bytes; the paths of the reference "
                   "files in it must fit in 1023)", go.outdir, strlen(go.outdir));
        snprintf(probe, sizeof probe, "%s/x.json", go.outdir);
        if (db_dir_of_exists(probe) != 0)
            db_die("reference: --out %s is not a directory", go.outdir);
    }
    if (all && pspec)
        db_die("reference: give either -p PROBLEM or --all");
    if (!verify && !all && !pspec)
        db_die("reference: -p PROBLEM[:SCENARIO], --all or --verify is required");
    if ((verify || all) && nparams)
        db_die("reference: --param only with -p (and not with --verify)");
    if (verify && (go.outdir || go.have_primary || go.have_check))
        db_die("reference: --verify reads the stored references (no --out, --primary, --check)");

    /* the problems and scenarios to treat: one, or the whole catalogue */
    const db_problem *one = NULL;
    int one_sc = -1;
    if (pspec) {
        one = db_cli_problem(pspec, &one_sc);
        if (!strchr(pspec, ':'))
            one_sc = -1;  /* -p P: every scenario of P */
    }
    int worst = 0, count = 0;
    double c0 = db_cpu_seconds();
    for (int pi = 0; db_problems[pi]; pi++) {
        const db_problem *prob = db_problems[pi];
        if (one && prob != one)
            continue;
        if (prob->nparams > DB_MAX_PARAMS)
            db_die("reference: problem %s has more than %d parameters", prob->name,
                   DB_MAX_PARAMS);
        for (int sc = 0; sc < prob->nscenarios; sc++) {
            if (one && one_sc >= 0 && sc != one_sc)
                continue;
            double par[DB_MAX_PARAMS];
            db_cli_param_defaults(prob, par);
            unsigned set = 0;
            for (int k = 0; k < nparams; k++)
                db_cli_param(prob, params[k], par, &set);
            int rc;
            if (verify)
                rc = prob->exact ? check_exact(prob, sc, par) : verify_stored(prob, sc);
            else
                rc = generate(prob, sc, par, &go);
            fflush(stdout);
            if (rc == 2)
                return DB_EXIT_BAD_INPUT;
            if (rc > worst)
                worst = rc;
            count++;
        }
    }
    printf("reference: %d %s, %s, %.1f s CPU\n", count, count == 1 ? "case" : "cases",
           worst ? "FAILURES" : "all ok", db_cpu_seconds() - c0);
    return worst;
}
