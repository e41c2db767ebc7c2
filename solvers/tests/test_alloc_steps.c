/* test_alloc_steps.c — no allocation inside a step (issue 9, "Hot paths";
 * preamble: workspaces allocated once): every malloc, calloc and realloc of our
 * code is counted through the linker's --wrap (CMakeLists.txt links this one
 * test with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc; allocations inside
 * shared libraries such as LAPACK are not seen) while integrate() of radau5,
 * bdf, geoms, odassl, mexx and rosnys runs on the pendulum (fact sheet
 * ../shared/models/pendulum.md, scenario v28) in every formulation the solver
 * accepts, over a span T and over 4T with the same number of output points.
 * The longer run takes more steps; its allocation count must be the same. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/solver.h"
#include "testset/dae.h"
#include "testset/mechcheck.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t s);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t s);
void *__wrap_realloc(void *p, size_t n);

static volatile long nalloc;   /* volatile: the compiler assumes malloc touches no global */
static void *volatile sink;   /* keeps the probe allocation from being optimized out */

void *__wrap_malloc(size_t n)
{
    nalloc++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t s)
{
    nalloc++;
    return __real_calloc(n, s);
}

void *__wrap_realloc(void *p, size_t n)
{
    nalloc++;
    return __real_realloc(p, n);
}

/* integrate over [t0, t0 + span] with 3 output points: status, allocations, steps */
static db_status run(const db_solver *sv, const db_dae *d, double span, long *allocs, long *steps,
                     char *msg, size_t len)
{
    double tout[3], y[3 * 64];
    for (int k = 0; k < 3; k++)
        tout[k] = d->t0 + span * (k + 1) / 3.0;
    db_output out = {.nt = 3, .t = tout, .y = y, .yp = NULL};
    db_solver_opts o = {.rtol = 1e-6, .atol = 1e-6};
    db_counters c;
    memset(&c, 0, sizeof c);
    long before = nalloc;
    db_status st = sv->integrate(d, &o, &out, &c, msg, len);
    *allocs = nalloc - before;
    *steps = c.steps;
    return st;
}

int main(void)
{
    /* the wrap is in place: a call of ours is counted */
    long n0 = nalloc;
    sink = malloc(16);
    CHECK(nalloc == n0 + 1, "malloc is not wrapped (link options of this test)");
    free(sink);

    static const char *const names[] = {"radau5", "bdf", "geoms", "odassl", "mexx", "rosnys"};
    const db_problem *prob = db_problem_find("pendulum");
    CHECK(prob != NULL, "no pendulum problem");
    if (!prob)
        return check_summary();
    db_mech m;
    double pars[8];
    if (prob->nparams > 8 ||
        db_mech_setup_default(prob, db_problem_scenario(prob, "v28"), &m, pars)) {
        CHECK(0, "pendulum setup failed");
        return check_summary();
    }
    const double span = 1.0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const db_solver *sv = db_solver_find(names[i]);
        CHECK(sv != NULL, "solver %s not registered", names[i]);
        if (!sv)
            continue;
        for (int f = 0; f < DB_NFORMS; f++) {
            if (!(sv->forms & DB_FORM_BIT(f)))
                continue;
            db_dae d;
            char err[256], msg[256] = "";
            memset(&d, 0, sizeof d);
            if (db_dae_build(&d, &m, (db_form)f, err, sizeof err) != 0 || d.n > 64) {
                CHECK(0, "build %s for %s: %s", db_form_name((db_form)f), sv->name, err);
                continue;
            }
            long a1, s1, a4, s4;
            db_status st1 = run(sv, &d, span, &a1, &s1, msg, sizeof msg);
            db_status st4 = run(sv, &d, 4 * span, &a4, &s4, msg, sizeof msg);
            printf("%-7s %-6s span T: %ld steps %ld allocations; 4T: %ld steps %ld allocations\n",
                   sv->name, db_form_name((db_form)f), s1, a1, s4, a4);
            if (st1 != DB_OK || st4 != DB_OK) {
                /* a formulation the solver refuses on this problem says nothing here */
                printf("        (status %s / %s: %s)\n", db_status_name(st1),
                       db_status_name(st4), msg);
                CHECK(st1 == st4, "%s %s: status differs between the spans", sv->name,
                      db_form_name((db_form)f));
                db_dae_free(&d);
                continue;
            }
            CHECK(s4 > s1, "%s %s: the 4x longer span took no more steps (%ld vs %ld)", sv->name,
                  db_form_name((db_form)f), s4, s1);
            CHECK(a4 == a1, "%s %s: allocations grow with the steps (%ld for %ld steps, %ld for "
                  "%ld steps)", sv->name, db_form_name((db_form)f), a1, s1, a4, s4);
            db_dae_free(&d);
        }
    }
    if (prob->teardown)
        prob->teardown(&m);
    return check_summary();
}
