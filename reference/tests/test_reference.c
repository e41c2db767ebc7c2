/* test_reference.c — the one reference loader (reference/reference.c, schema
 * daebench.reference/1 of DESIGN.md §"Reference solutions"): the exact-solution
 * path (uniform grid of 101 points, the pendulum), a valid file, and the ways a
 * file can be wrong: schema, lengths, t_end, non-increasing grid (error, -1),
 * other parameters and no file at all (no reference, have = 0 with a message). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/jsonio.h"
#include "reference/reference.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

static cJSON *zeros(int n, double val)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber(val * (i + 1)));
    return a;
}

/* a schema-valid reference of m with nt grid points; p_i(t_k) = (i+1) t_k */
static cJSON *make_ref(const db_problem *p, const db_mech *m, int nt)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "schema", DB_REF_SCHEMA);
    cJSON_AddStringToObject(j, "problem", p->name);
    cJSON_AddStringToObject(j, "scenario", p->scenarios[0].name);
    cJSON_AddObjectToObject(j, "params");
    cJSON_AddNumberToObject(j, "t_end", m->tend);
    cJSON *end = cJSON_AddObjectToObject(j, "end");
    cJSON_AddItemToObject(end, "p", zeros(m->np, m->tend));
    cJSON_AddItemToObject(end, "v", zeros(m->nv, 1.0));
    cJSON_AddItemToObject(end, "lambda", zeros(m->nl, 1.0));
    cJSON_AddItemToObject(end, "mu", zeros(m->nm, 1.0));
    cJSON *grid = cJSON_AddObjectToObject(j, "grid");
    cJSON *t = cJSON_AddArrayToObject(grid, "t");
    const char *names[4] = {"p", "v", "lambda", "mu"};
    int sizes[4] = {m->np, m->nv, m->nl, m->nm};
    cJSON *g[4];
    for (int i = 0; i < 4; i++)
        g[i] = cJSON_AddArrayToObject(grid, names[i]);
    for (int k = 0; k < nt; k++) {
        double tk = m->t0 + (m->tend - m->t0) * k / (nt - 1.0);
        cJSON_AddItemToArray(t, cJSON_CreateNumber(tk));
        cJSON_AddItemToArray(g[0], zeros(sizes[0], tk));
        for (int i = 1; i < 4; i++)
            cJSON_AddItemToArray(g[i], zeros(sizes[i], 1.0));
    }
    return j;
}

static int load(const db_problem *p, const db_mech *m, const double *par, const cJSON *j,
                const char *path, db_ref *r, char *err, size_t errlen)
{
    char e[256];
    if (j && db_json_write_atomic(path, j, e, sizeof e) != 0) {
        CHECK(0, "write %s", e);
        return -2;
    }
    return db_ref_load(r, p, 0, par, m, err, errlen);
}

int main(void)
{
    char dir[] = "/tmp/daebench_ref_XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    setenv("DAEBENCH_REFERENCE_DIR", dir, 1);
    char err[512];
    db_ref r;

    /* the exact solution: 101 uniform points, end = last point */
    const db_problem *pend = db_problem_find("pendulum");
    db_mech m;
    double par[16];
    memset(&m, 0, sizeof m);
    if (pend && pend->exact && db_mech_setup_default(pend, 0, &m, par) == 0) {
        CHECK(db_ref_load(&r, pend, 0, par, &m, err, sizeof err) == 0 && r.have,
              "exact reference of the pendulum");
        CHECK(r.grid.nt == (m.tend - m.t0 > 100 ? 1001 : 101), "grid of %d points", r.grid.nt);
        CHECK(r.t[0] == m.t0 && r.t[r.grid.nt - 1] == m.tend, "grid spans [t0, tend]");
        double p[2], v[2], l[1], mu[1];
        pend->exact(&m, m.tend, p, v, l, mu);
        CHECK(r.end[DB_GP][0] == p[0] && r.end[DB_GL][0] == l[0], "end values from exact()");
        CHECK(r.mag[DB_GP] > 0.5 && r.mag[DB_GP] <= 1.0 + 1e-12, "|p| <= L = 1: mag %g",
              r.mag[DB_GP]);
        db_ref_free(&r);
        if (pend->teardown)
            pend->teardown(&m);
    }

    /* a problem without exact solution reads reference/<problem>-<scenario>.json */
    const db_problem *p = NULL;
    for (int i = 0; db_problems[i] && !p; i++)
        if (!db_problems[i]->exact && db_problems[i]->nparams <= 16)
            p = db_problems[i];
    CHECK(p != NULL, "a problem without exact solution is registered");
    if (!p || db_mech_setup_default(p, 0, &m, par) != 0) {
        rmdir(dir);
        return check_summary();
    }
    char path[1024];
    db_ref_path(p, 0, path, sizeof path);
    CHECK(strncmp(path, dir, strlen(dir)) == 0, "DAEBENCH_REFERENCE_DIR is honoured: %s", path);

    CHECK(load(p, &m, par, NULL, path, &r, err, sizeof err) == 0 && !r.have &&
              strstr(r.msg, "missing"), "no file: no reference, with a message");
    CHECK(r.grid.nt == 101 || r.grid.nt == 1001, "no reference still gives an output grid");
    db_ref_free(&r);

    cJSON *j = make_ref(p, &m, 21);
    CHECK(load(p, &m, par, j, path, &r, err, sizeof err) == 0 && r.have, "valid file: %s",
          r.have ? "" : err);
    if (r.have) {
        CHECK(r.grid.nt == 21 && r.t[20] == m.tend, "21 grid points read");
        CHECK(fabs(r.grid.x[DB_GP][5 * m.np + 1] - 2 * r.t[5]) < 1e-15, "grid values read");
        /* magnitude of p: the largest (i+1) t over grid and end = np * tend */
        CHECK(fabs(r.mag[DB_GP] - m.np * fmax(fabs(m.tend), fabs(m.t0))) < 1e-12,
              "magnitude of p %g", r.mag[DB_GP]);
    }
    db_ref_free(&r);

    /* other parameters: not a reference for this run, not an error */
    if (p->nparams > 0) {
        double other[16];
        memcpy(other, par, sizeof other);
        other[0] = p->params[0].def == p->params[0].max ? p->params[0].min : p->params[0].max;
        CHECK(db_ref_load(&r, p, 0, other, &m, err, sizeof err) == 0 && !r.have &&
                  strstr(r.msg, p->params[0].name), "other params: no reference (%s)", r.msg);
        db_ref_free(&r);
    }

    /* schema violations are errors */
    cJSON_ReplaceItemInObject(j, "schema", cJSON_CreateString("daebench.reference/0"));
    CHECK(load(p, &m, par, j, path, &r, err, sizeof err) == -1 && strstr(err, "schema"),
          "wrong schema: %s", err);
    cJSON_ReplaceItemInObject(j, "schema", cJSON_CreateString(DB_REF_SCHEMA));
    cJSON_ReplaceItemInObject(j, "t_end", cJSON_CreateNumber(m.tend + 1));
    CHECK(load(p, &m, par, j, path, &r, err, sizeof err) == -1 && strstr(err, "t_end"),
          "wrong t_end: %s", err);
    cJSON_ReplaceItemInObject(j, "t_end", cJSON_CreateNumber(m.tend));
    cJSON *end = cJSON_GetObjectItem(j, "end");
    cJSON_ReplaceItemInObject(end, "p", zeros(m.np + 1, 1.0));
    CHECK(load(p, &m, par, j, path, &r, err, sizeof err) == -1 && strstr(err, "end.p"),
          "wrong length of end.p: %s", err);
    cJSON_ReplaceItemInObject(end, "p", zeros(m.np, 1.0));
    cJSON *t = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "grid"), "t");
    cJSON_ReplaceItemInArray(t, 3, cJSON_CreateNumber(m.t0 - 1));
    CHECK(load(p, &m, par, j, path, &r, err, sizeof err) == -1 && strstr(err, "grid.t"),
          "grid times out of order: %s", err);
    cJSON_Delete(j);
    if (db_write_atomic(path, "{\"schema\": ", 11, err, sizeof err) == 0)
        CHECK(db_ref_load(&r, p, 0, par, &m, err, sizeof err) == -1 && strstr(err, "JSON"),
              "corrupt file: %s", err);

    if (p->teardown)
        p->teardown(&m);
    unlink(path);
    rmdir(dir);
    return check_summary();
}
