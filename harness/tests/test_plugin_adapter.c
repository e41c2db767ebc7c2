/* test_plugin_adapter.c — the adapter between the plugin ABI and the solver
 * interface (harness/run/plugin.c), through the test plugin mechplugin.c loaded
 * with db_plugin_load: on problems covering constant, configuration-dependent
 * and singular mass matrices, nonholonomic constraints (skateboard),
 * rheonomic constraints and a sparse Jacobian (pendulum chain) and
 * λ-dependent forces (cable drum), in EoM1, EoM0 and GGL, the plugin finds
 * the mechanical view consistent at y0 (every callback writing its output in
 * full over garbage) and E y0' = F; daebench's f_evals and jac_evals are the
 * calls it counted, not the plugin's under-reported values; an extra counter
 * name is sanitised; the solution comes back; an unknown status becomes
 * DB_FAIL_INPUT naming it; the supports hook and the title reach the solver
 * table; the record of a run names the plugin file and its SHA-256. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/run/plugin.h"
#include "harness/results/record.h"
#include "io/sha256.h"
#include "testset/registry.h"

#ifndef DAEBENCH_TEST_PLUGIN
#error "DAEBENCH_TEST_PLUGIN: path of the mechplugin shared object"
#endif

static int fails;
#define CHECK(c, ...) do { if (!(c)) { fails++; printf("FAIL: " __VA_ARGS__); printf("\n"); } } while (0)

/* the named extra counter, -1 when absent */
static long extra(const db_counters *c, const char *name)
{
    long v;
    return db_counters_get_extra(c, name, &v) ? v : -1;
}

int main(void)
{
    db_plugin_load(DAEBENCH_TEST_PLUGIN);
    const db_solver *mv = db_solver_find("mechview"), *bs = db_solver_find("badstatus");
    const db_solver *picky = db_solver_find("picky");
    CHECK(mv && bs && picky, "the plugin's three solvers are registered");
    if (!mv || !bs || !picky)
        return 1;
    CHECK(!strchr(mv->title, '\n'), "title on one line: '%s'", mv->title);
    CHECK(mv->supports != NULL, "the plugin's supports hook is installed");
    CHECK(db_plugin_count() == 1 && db_plugin_of(mv) == db_plugin_file_at(0) &&
          db_plugin_of(db_solver_find("radau5")) == NULL, "plugin of a solver");
    char sum[65];
    CHECK(db_sha256_file(DAEBENCH_TEST_PLUGIN, sum) == 0 &&
          strcmp(sum, db_plugin_of(mv)->sha256) == 0, "checksum of the loaded file");

    const char *problems[] = {"pendulum", "andrews", "skateboard", "cable_drum",
                              "insulator_chain", "pendulum_chain", "truck"};
    const db_form forms[] = {DB_EOM1, DB_EOM0, DB_GGL};
    int nsparse = 0, ncases = 0;
    for (size_t ip = 0; ip < sizeof problems / sizeof problems[0]; ip++) {
        const db_problem *pr = db_problem_find(problems[ip]);
        CHECK(pr != NULL, "problem %s", problems[ip]);
        if (!pr)
            continue;
        double par[16];
        for (int i = 0; i < pr->nparams; i++)
            par[i] = pr->params[i].def;
        for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
            db_mech m;
            db_dae d;
            char err[256], msg[256];
            memset(&m, 0, sizeof m);
            if (pr->setup(&m, 0, par, err, sizeof err) != 0 ||
                db_dae_build(&d, &m, forms[f], err, sizeof err) != 0) {
                CHECK(0, "%s %s: %s", pr->name, db_form_name(forms[f]), err);
                continue;
            }
            double tout[3] = {d.t0 + 0.1 * (d.tend - d.t0), d.t0 + 0.5 * (d.tend - d.t0), d.tend};
            double *y = calloc((size_t)3 * d.n, sizeof *y);
            db_output out = {.nt = 3, .t = tout, .y = y};
            db_solver_opts o = {.rtol = 1e-6, .atol = 1e-6};
            db_counters c;
            memset(&c, 0xff, sizeof c);   /* the adapter zeroes them */
            db_status st = mv->integrate(&d, &o, &out, &c, msg, sizeof msg);
            CHECK(st == DB_OK, "%s %s: %s", pr->name, db_form_name(forms[f]), msg);
            if (st == DB_OK) {
                ncases++;
                CHECK(c.f_evals == 7 && extra(&c, "rhs_calls") == 7,
                      "%s %s: f_evals %ld counted by daebench (rhs_calls %ld)", pr->name,
                      db_form_name(forms[f]), c.f_evals, extra(&c, "rhs_calls"));
                CHECK(c.jac_evals == 3, "%s %s: jac_evals %ld, 3 calls", pr->name,
                      db_form_name(forms[f]), c.jac_evals);
                CHECK(c.steps == 3 && c.rejected == 0 && c.nextra == 2, "counters copied");
                CHECK(extra(&c, "sparse") == (d.jac_sparse != NULL), "sparse Jacobian offered");
                nsparse += d.jac_sparse != NULL;
                CHECK(memcmp(y + 2 * d.n, d.y0, sizeof(double) * (size_t)d.n) == 0,
                      "the output comes back");
            }
            int sup = picky->supports(&d, msg, sizeof msg);
            CHECK(sup == (m.nm == 0), "%s: picky supports %d", pr->name, sup);
            if (!sup)
                CHECK(strstr(msg, "nonholonomic") != NULL, "reason of unsupported: %s", msg);
            free(y);
            db_dae_free(&d);
            if (pr->teardown)
                pr->teardown(&m);
        }
    }
    CHECK(ncases == 21, "%d cases checked", ncases);
    CHECK(nsparse >= 2, "the sparse Jacobian path was taken (%d cases)", nsparse);

    /* an unknown status; and the run record of a plugin's run */
    const db_problem *pend = db_problem_find("pendulum");
    db_run_spec spec;
    db_run_result res;
    char err[256];
    db_run_spec_init(&spec, pend, 0, DB_GGL, bs, 1e-6, 1e-6);
    CHECK(db_run_execute(&spec, &res, err, sizeof err) == 0, "run of badstatus");
    CHECK(strcmp(res.status, "failed") == 0 && strcmp(res.reason, "input") == 0 &&
          strstr(res.message, "unknown status 42"), "status 42: %s %s %s", res.status,
          res.reason, res.message);
    cJSON *rec = db_record_json(&res);
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(rec, "plugin");
    const char *file = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(pl, "file"));
    const char *sha = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(pl, "sha256"));
    CHECK(file && strcmp(file, DAEBENCH_TEST_PLUGIN) == 0, "record names the file");
    CHECK(sha && strcmp(sha, sum) == 0, "record names the sha256");
    cJSON_Delete(rec);
    db_run_result_free(&res);
    db_run_spec_init(&spec, pend, 0, DB_GGL, db_solver_find("radau5"), 1e-6, 1e-6);
    CHECK(db_run_execute(&spec, &res, err, sizeof err) == 0, "run of radau5");
    rec = db_record_json(&res);
    CHECK(!cJSON_GetObjectItemCaseSensitive(rec, "plugin"), "no plugin in a built-in's record");
    cJSON_Delete(rec);
    db_run_result_free(&res);
    if (fails)
        return 1;
    printf("plugin adapter: %d cases ok (%d sparse)\n", ncases, nsparse);
    return 0;
}
