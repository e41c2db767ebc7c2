/* test_run.c — `daebench run -p pendulum -f GGL -s radau5 --tol 1e-8 --json F`
 * writes a run record with every field of the contract (DESIGN.md §"JSON") with
 * the right type; scd ≥ 6; the recorded end errors agree with the pendulum's
 * exact solution (testset/pendulum.c, fact sheet pendulum.md §3) recomputed
 * here with the group scaling of DESIGN.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/run/timing.h"
#include "io/jsonio.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static const cJSON *get(const cJSON *o, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(o, name);
}

static void need(const cJSON *o, const char *name, cJSON_bool (*is)(const cJSON *),
                 const char *type)
{
    CHECK(is(get(o, name)), "field '%s' must be %s", name, type);
}

static cJSON_bool is_num_or_null(const cJSON *x)
{
    return cJSON_IsNumber(x) || cJSON_IsNull(x);
}

static void groups(const cJSON *o, const char *what, int has_mu)
{
    CHECK(cJSON_IsObject(o), "%s must be an object", what);
    const char *g[4] = {"p", "v", "lambda", "mu"};
    for (int i = 0; i < 4; i++)
        CHECK(is_num_or_null(get(o, g[i])), "%s.%s must be a number or null", what, g[i]);
    for (int i = 0; i < 3; i++)
        CHECK(cJSON_IsNumber(get(o, g[i])), "%s.%s must be a number", what, g[i]);
    CHECK(has_mu || cJSON_IsNull(get(o, "mu")), "%s.mu must be null without mu", what);
}

int main(void)
{
    char path[] = "/tmp/daebench_run_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return 1;
    close(fd);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "'%s' run -p pendulum -f GGL -s radau5 --tol 1e-8 --json '%s' >/dev/null",
             DAEBENCH_BINARY, path);
    int rc = system(cmd);
    CHECK(rc == 0, "daebench run exit status %d", rc);
    char err[512];
    cJSON *r = db_json_read_file(path, err, sizeof err);
    unlink(path);
    CHECK(r != NULL, "record: %s", r ? "" : err);
    if (!r)
        return check_summary();

    need(r, "problem", cJSON_IsString, "a string");
    need(r, "scenario", cJSON_IsString, "a string");
    need(r, "params", cJSON_IsObject, "an object");
    need(r, "formulation", cJSON_IsString, "a string");
    need(r, "solver", cJSON_IsString, "a string");
    need(r, "rtol", cJSON_IsNumber, "a number");
    need(r, "atol", cJSON_IsNumber, "a number");
    need(r, "status", cJSON_IsString, "a string");
    need(r, "message", cJSON_IsString, "a string");
    need(r, "cpu_seconds", cJSON_IsNumber, "a number");
    need(r, "repeats", cJSON_IsNumber, "a number");
    need(r, "counters", cJSON_IsObject, "an object");
    need(r, "error", cJSON_IsObject, "an object");
    need(r, "residual", cJSON_IsObject, "an object");
    need(r, "invariant_drift", cJSON_IsNumber, "a number (the pendulum has an energy)");
    need(r, "end", cJSON_IsObject, "an object");
    CHECK(strcmp(cJSON_GetStringValue(get(r, "problem")), "pendulum") == 0, "problem");
    CHECK(strcmp(cJSON_GetStringValue(get(r, "formulation")), "GGL") == 0, "formulation");
    CHECK(strcmp(cJSON_GetStringValue(get(r, "solver")), "radau5") == 0, "solver");
    CHECK(strcmp(cJSON_GetStringValue(get(r, "status")), "ok") == 0, "status ok");
    CHECK(cJSON_GetNumberValue(get(r, "rtol")) == 1e-8 && cJSON_GetNumberValue(get(r, "atol")) == 1e-8,
          "--tol sets rtol and atol");
    CHECK(cJSON_GetNumberValue(get(r, "repeats")) >= DB_TIMING_MIN_CALLS &&
              cJSON_GetNumberValue(get(r, "repeats")) <= DB_TIMING_MAX_CALLS,
          "repeats within the timing rule's floor and cap (timing.h)");
    CHECK(cJSON_GetNumberValue(get(r, "cpu_seconds")) > 0, "cpu_seconds > 0");

    const cJSON *c = get(r, "counters");
    const char *cn[6] = {"steps", "rejected", "f_evals", "jac_evals", "decompositions", "solves"};
    for (int i = 0; i < 6; i++)
        CHECK(cJSON_IsNumber(get(c, cn[i])), "counters.%s must be a number", cn[i]);
    CHECK(cJSON_GetNumberValue(get(c, "steps")) > 0, "steps > 0");

    const cJSON *e = get(r, "error");
    need(e, "gscd", cJSON_IsNumber, "a number");
    need(e, "mescd", cJSON_IsNumber, "a number");
    need(e, "ivp_scd", cJSON_IsNumber, "a number");
    need(e, "lambda_scd", cJSON_IsNumber, "a number");
    groups(get(e, "end"), "error.end", 0);
    groups(get(e, "grid"), "error.grid", 0);
    double scd = cJSON_GetNumberValue(get(e, "gscd"));
    CHECK(scd >= 6.0, "scd %g at tol 1e-8, expected >= 6", scd);

    const cJSON *rs = get(r, "residual");
    need(rs, "position", cJSON_IsNumber, "a number");
    need(rs, "velocity", cJSON_IsNumber, "a number");
    need(rs, "acceleration", cJSON_IsNumber, "a number");

    const cJSON *end = get(r, "end");
    need(end, "t", cJSON_IsNumber, "a number");
    need(end, "p", cJSON_IsArray, "an array");
    need(end, "v", cJSON_IsArray, "an array");
    need(end, "lambda", cJSON_IsArray, "an array");
    need(end, "mu", cJSON_IsArray, "an array");

    /* the end error of p, recomputed from the exact solution */
    const db_problem *prob = db_problem_find("pendulum");
    db_mech m;
    double par[16];
    memset(&m, 0, sizeof m);
    if (prob && prob->exact && db_mech_setup_default(prob, 0, &m, par) == 0) {
        CHECK(cJSON_GetNumberValue(get(end, "t")) == m.tend, "end.t is the end of the span");
        double p[2], v[2], l[1], mu[1], pend[2], mag = 0;
        int nt = m.tend - m.t0 > 100 ? 1001 : 101;
        for (int k = 0; k < nt; k++) {
            double t = k == nt - 1 ? m.tend : m.t0 + (m.tend - m.t0) * k / (nt - 1.0);
            prob->exact(&m, t, p, v, l, mu);
            mag = fmax(mag, fmax(fabs(p[0]), fabs(p[1])));
        }
        CHECK(db_json_vector(get(end, "p"), 2, pend, err, sizeof err) == 0, "end.p: %s", err);
        double want = fmax(fabs(pend[0] - p[0]), fabs(pend[1] - p[1])) / mag;
        double got = cJSON_GetNumberValue(get(get(e, "end"), "p"));
        CHECK(fabs(got - want) <= 1e-6 * want + 1e-300, "error.end.p %g, recomputed %g", got, want);
        if (prob->teardown)
            prob->teardown(&m);
    }
    cJSON_Delete(r);
    return check_summary();
}
