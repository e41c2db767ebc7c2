/* test_matrix.c — the "which solver, where" matrix of the summary page
 * (matrix.h) on hand-made runs with known answers: solver a reaches 6 digits
 * of gscd at 1000 f evaluations (interpolated between 100 at 4 and 10000 at
 * 8), solver b at 3000 (its better formulation of two); a gets the star and
 * the darkest shade, b the third (2x < 3x <= 4x); b's two failed runs are
 * counted with their class; c never reaches 6 digits and is unshaded (its 4
 * digits at 126: 50 at 3 digits, 500 at 5.5, log-linear); the
 * cells come out in the rows' and columns' first-seen order.  The problem
 * page's run-characteristics table (characteristics.h) lists b's EoM runs, its
 * best formulation, and neither its GGL nor its failed EoM1 runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "plots/characteristics.h"
#include "plots/matrix.h"
#include "testset/tests/check.h"

static void run(cJSON *runs, const char *solver, const char *form, double tol, double gscd,
                double fevals, const char *status, const char *reason)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "problem", "pendulum");
    cJSON_AddStringToObject(r, "scenario", "v28");
    cJSON_AddStringToObject(r, "formulation", form);
    cJSON_AddStringToObject(r, "solver", solver);
    cJSON_AddNumberToObject(r, "rtol", tol);
    cJSON_AddStringToObject(r, "status", status);
    if (reason)
        cJSON_AddStringToObject(r, "reason", reason);
    cJSON *e = cJSON_AddObjectToObject(r, "error");
    cJSON_AddNumberToObject(e, "gscd", gscd);
    cJSON *c = cJSON_AddObjectToObject(r, "counters");
    cJSON_AddNumberToObject(c, "f_evals", fevals);
    cJSON_AddItemToArray(runs, r);
}

int main(void)
{
    cJSON *runs = cJSON_CreateArray();
    run(runs, "a", "GGL", 1e-4, 4, 100, "ok", NULL);
    run(runs, "a", "GGL", 1e-8, 8, 10000, "ok", NULL);
    run(runs, "b", "EoM", 1e-4, 4, 300, "ok", NULL);
    run(runs, "b", "EoM", 1e-8, 8, 30000, "ok", NULL);
    run(runs, "b", "GGL", 1e-4, 3, 300, "ok", NULL);       /* worse formulation */
    run(runs, "b", "GGL", 1e-8, 7, 30000, "ok", NULL);
    run(runs, "b", "EoM1", 1e-6, 0, 0, "failed", "newton");
    run(runs, "b", "EoM1", 1e-8, 0, 0, "failed", "newton");
    run(runs, "c", "GGL", 1e-4, 3, 50, "ok", NULL);
    run(runs, "c", "GGL", 1e-8, 5.5, 500, "ok", NULL);
    char *hb = NULL, *mb = NULL;
    size_t hl = 0, ml = 0;
    FILE *h = open_memstream(&hb, &hl), *m = open_memstream(&mb, &ml);
    db_matrix_write(h, m, runs);
    fclose(h);
    fclose(m);
    const char *row = strstr(mb, "| pendulum:v28 |");
    CHECK(row != NULL, "no row for pendulum:v28:\n%s", mb);
    CHECK(strstr(mb, "| problem | a | b | c |") != NULL, "columns not a, b, c:\n%s", mb);
    CHECK(row && strstr(row, "| *100 / 1.0k / 10k, GGL, best 8.0 |"), "cell a:\n%s", row ? row : "");
    CHECK(row && strstr(row, "| 300 / 3.0k / 30k, EoM, best 8.0, 2 failed (solver) |"),
          "cell b:\n%s", row ? row : "");
    CHECK(row && strstr(row, "| 126 / &ndash; / &ndash;, GGL, best 5.5 |"), "cell c:\n%s", row ? row : "");
    const char *ta = strstr(hb, "<td class=\"m0\">&#9733; 100");
    const char *tb = strstr(hb, "<td class=\"m2\">300");
    const char *tc = strstr(hb, "<td class=\"m4\">126");
    CHECK(ta && tb && tc && ta < tb && tb < tc, "shades/stars/order wrong:\n%s", hb);
    CHECK(strstr(hb, "<a href=\"pendulum-v28.html\">pendulum:v28</a>") != NULL,
          "no link to the problem page");
    free(hb);
    free(mb);

    /* the run-characteristics table: b's best formulation is EoM, not GGL */
    const cJSON *v[16], *r;
    int n = 0;
    cJSON_ArrayForEach(r, runs) v[n++] = r;
    hb = mb = NULL;
    h = open_memstream(&hb, &hl);
    m = open_memstream(&mb, &ml);
    db_characteristics_write(h, m, v, n);
    fclose(h);
    fclose(m);
    CHECK(strstr(mb, "| b / EoM | 1e-04 |") && strstr(mb, "| b / EoM | 1e-08 |") &&
          !strstr(mb, "| b / GGL |") && !strstr(mb, "| b / EoM1 |"),
          "characteristics of b:\n%s", mb);
    CHECK(strstr(mb, "| a / GGL | 1e-04 |") && strstr(mb, "| c / GGL | 1e-08 |"),
          "characteristics of a, c:\n%s", mb);
    free(hb);
    free(mb);
    cJSON_Delete(runs);
    return check_summary();
}
