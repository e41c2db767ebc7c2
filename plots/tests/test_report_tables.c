/* test_report_tables.c — the time-left estimate of the sweep (progress.h), the
 * Dolan–Moré profiles of the summary page (profile.h) and the nearest-name
 * answer of the CLI (names.h), on hand-made run records with known answers.
 * Each regression kind sits at the END of the runs, where a comparison that
 * stops early or matches the wrong run would miss it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/names.h"
#include "plots/profile.h"
#include "harness/sweep/progress.h"
#include "testset/tests/check.h"

static cJSON *run(const char *prob, const char *solver, const char *form, double tol,
                  const char *status, double scd, double cpu, double fev)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "problem", prob);
    cJSON_AddStringToObject(r, "scenario", "default");
    cJSON_AddObjectToObject(r, "params");
    cJSON_AddStringToObject(r, "formulation", form);
    cJSON_AddStringToObject(r, "solver", solver);
    cJSON_AddNumberToObject(r, "rtol", tol);
    cJSON_AddStringToObject(r, "status", status);
    if (strcmp(status, "failed") == 0)
        cJSON_AddStringToObject(r, "reason", "newton");
    cJSON_AddNumberToObject(r, "cpu_seconds", cpu);
    cJSON *c = cJSON_AddObjectToObject(r, "counters");
    cJSON_AddNumberToObject(c, "steps", fev / 10);
    cJSON_AddNumberToObject(c, "f_evals", fev);
    cJSON_AddNumberToObject(c, "decompositions", fev / 20);
    cJSON *e = cJSON_AddObjectToObject(r, "error");
    if (isfinite(scd))
        cJSON_AddNumberToObject(e, "scd", scd);
    else
        cJSON_AddNullToObject(e, "scd");
    return r;
}

static void test_profile(void)
{
    /* cost of one curve: scd 4 at 1 s, scd 8 at 100 s: scd 6 by log-linear
     * interpolation at 10 s; scd 9 not reached */
    cJSON *a = run("p", "s", "F", 1e-4, "ok", 4, 1, 1), *b = run("p", "s", "F", 1e-8, "ok", 8, 100, 1);
    const cJSON *ab[2] = {b, a};
    double t6 = db_profile_cost(ab, 2, 6), t3 = db_profile_cost(ab, 2, 3);
    CHECK(fabs(t6 - 10) < 1e-9, "cost at scd 6: %g, expected 10", t6);
    CHECK(t3 == 1, "cost at scd 3: %g, expected 1 (the cheapest run above)", t3);
    CHECK(isinf(db_profile_cost(ab, 2, 9)), "scd 9 reached");
    cJSON_Delete(a);
    cJSON_Delete(b);
    /* three pages; curve A: 1 s everywhere; B: 2 s on p1, 0.5 s on p2, fails p3;
     * C: 10 s on p1 only (fails to reach scd 6 on p2: scd 5) */
    cJSON *runs = cJSON_CreateArray();
    cJSON_AddItemToArray(runs, run("p1", "A", "F", 1e-6, "ok", 7, 1, 1));
    cJSON_AddItemToArray(runs, run("p1", "B", "F", 1e-6, "ok", 7, 2, 1));
    cJSON_AddItemToArray(runs, run("p1", "C", "F", 1e-6, "ok", 7, 10, 1));
    cJSON_AddItemToArray(runs, run("p2", "A", "F", 1e-6, "ok", 7, 1, 1));
    cJSON_AddItemToArray(runs, run("p2", "B", "F", 1e-6, "ok", 7, 0.5, 1));
    cJSON_AddItemToArray(runs, run("p2", "C", "F", 1e-6, "ok", 5, 0.1, 1));
    cJSON_AddItemToArray(runs, run("p3", "A", "F", 1e-6, "ok", 7, 1, 1));
    cJSON_AddItemToArray(runs, run("p3", "B", "F", 1e-6, "failed", NAN, 1, 1));
    double tau[3] = {1, 2, 10};
    db_profile_row rows[8];
    int np, nr = db_profile(runs, 6, tau, 3, rows, 8, &np);
    CHECK(nr == 3 && np == 3, "%d curves on %d pages, expected 3 on 3", nr, np);
    static const struct { const char *c; double f[3]; int wins; double reach; } want[] = {
        {"A/F", {2.0 / 3, 1, 1}, 2, 1}, {"B/F", {1.0 / 3, 2.0 / 3, 2.0 / 3}, 1, 2.0 / 3},
        {"C/F", {0, 0, 1.0 / 3}, 0, 1.0 / 3},
    };
    for (int k = 0; k < 3; k++) {
        int i = 0;
        while (i < nr && strcmp(rows[i].curve, want[k].c))
            i++;
        CHECK(i == k, "%s at row %d, expected %d (sorted by robustness)", want[k].c, i, k);
        if (i >= nr)
            continue;
        for (int t = 0; t < 3; t++)
            CHECK(fabs(rows[i].frac[t] - want[k].f[t]) < 1e-12, "%s rho(%g) = %g, expected %g",
                  want[k].c, tau[t], rows[i].frac[t], want[k].f[t]);
        CHECK(fabs(rows[i].reach - want[k].reach) < 1e-12, "%s reaches %g, expected %g",
              want[k].c, rows[i].reach, want[k].reach);
        CHECK(rows[i].wins == want[k].wins, "%s wins %d, expected %d", want[k].c, rows[i].wins,
              want[k].wins);
    }
    /* best of each solver: B's cost on p3 is that of its ok formulation G */
    cJSON_AddItemToArray(runs, run("p3", "B", "G", 1e-6, "ok", 7, 0.25, 1));
    nr = db_profile_by_solver(runs, 6, tau, 3, rows, 8, &np);
    CHECK(nr == 3, "%d solvers, expected 3", nr);
    int ib = 0;
    while (ib < nr && strcmp(rows[ib].curve, "B"))
        ib++;
    CHECK(ib < nr && rows[ib].wins == 2 && fabs(rows[ib].reach - 1) < 1e-12,
          "solver B: wins %d reach %g, expected 2 and 1 (its best formulation per page)",
          ib < nr ? rows[ib].wins : -1, ib < nr ? rows[ib].reach : -1.0);
    cJSON_Delete(runs);
}

static void test_names(void)
{
    static const char *const c[] = {"radau5", "geoms", "bdf", "odassl", "mexx", "rosnys"};
    CHECK(db_edit_distance("radua5", "radau5") == 1, "transposition counts 1");
    CHECK(db_edit_distance("GGL", "ggl") == 0, "case is ignored");
    const char *n1 = db_nearest("radua5", c, 6), *n2 = db_nearest("odasl", c, 6);
    CHECK(n1 && !strcmp(n1, "radau5"), "radua5 -> %s", n1 ? n1 : "(none)");
    CHECK(n2 && !strcmp(n2, "odassl"), "odasl -> %s", n2 ? n2 : "(none)");
    CHECK(db_nearest("xyzzy", c, 6) == NULL, "xyzzy has a nearest name");
}

/* the time left of the sweep: half the runs done in 100 s, but they were the
 * cheap tenth of the expected cost: 900 s left, not 100 */
static void test_eta(void)
{
    double w = db_progress_eta(100, 50, 100, 10, 100), u = db_progress_eta(100, 50, 100, 0, 0);
    CHECK(fabs(w - 900) < 1e-9, "weighted estimate %g, expected 900", w);
    CHECK(fabs(u - 100) < 1e-9, "estimate by counts %g, expected 100", u);
    CHECK(db_progress_eta(100, 100, 100, 100, 100) < 0, "estimate when done");
}

int main(void)
{
    test_eta();
    test_profile();
    test_names();
    return check_summary();
}
