/* test_timing_rule.c — the stopping rule of the timing repeats
 * (harness/run/timing.h) on synthetic timings: a cold first call followed
 * by agreeing repeats stops at 3 calls with the smaller minimum; agreement at
 * the second call stops there; the floor of 2 calls, the cap of 10 calls on a
 * never-agreeing sequence, the budget that no call is started beyond (a first
 * call over half of it is not repeated), the absolute resolution of tiny
 * times, a late minimum found; the tally's two smallest in any order; and
 * db_timed_integrate (harness/run/timing.h) with a stub solver that takes no
 * time: counters of the first call, a failed first call not repeated, a repeat
 * with other counters noted, a budget of 1e-9 s giving one call. */
#include <string.h>

#include "harness/run/timing.h"
#include "testset/tests/check.h"

/* feed times[] to the rule until it stops (or the sequence ends: -1) */
static int calls_for(const db_timing_rule *r, const double *times, int n, double *best)
{
    db_timing_tally t;
    db_timing_tally_init(&t);
    int k = 0;
    while (db_timing_more(r, &t)) {
        if (k == n)
            return -1;
        db_timing_tally_add(&t, times[k++]);
    }
    *best = t.best;
    return t.calls;
}

static void expect(double budget, const double *times, int n, int calls, double best,
                   const char *what)
{
    db_timing_rule r = db_timing_rule_default(budget);
    double b = -1;
    int got = calls_for(&r, times, n, &b);
    CHECK(got == calls, "%s: %d calls, want %d", what, got, calls);
    CHECK(got < 0 || b == best, "%s: minimum %g, want %g", what, b, best);
}

static int stub_calls, stub_fail, stub_vary;

static db_status stub(const db_dae *d, const db_solver_opts *o, db_output *out, db_counters *c,
                      char *msg, size_t msglen)
{
    (void)d, (void)o, (void)out, (void)msg, (void)msglen;
    stub_calls++;
    c->steps = 10 + (stub_vary && stub_calls > 1);
    c->f_evals = 40;
    return stub_fail ? DB_FAIL_NEWTON : DB_OK;
}

static void timed(int fail, int vary, double budget, int *calls, db_timing *tm, db_status *st,
                  db_counters *c)
{
    db_solver s = {.name = "stub", .integrate = stub};
    db_solver_opts o;
    memset(&o, 0, sizeof o);
    char msg[64];
    stub_calls = 0;
    stub_fail = fail;
    stub_vary = vary;
    *st = db_timed_integrate(&s, NULL, &o, NULL, c, msg, sizeof msg, budget, tm);
    *calls = stub_calls;
}

int main(void)
{
    /* defaults */
    db_timing_rule r = db_timing_rule_default(0);
    CHECK(r.budget == DB_TIMING_MAX_SECONDS && r.min_calls == 2 && r.max_calls == 10 &&
              r.margin == 0.02,
          "defaults: budget %g, calls %d..%d, margin %g", r.budget, r.min_calls, r.max_calls,
          r.margin);
    CHECK(db_timing_rule_default(0.25).budget == 0.25, "budget given");

    /* a cold first call, then two repeats that agree: 3 calls, their minimum */
    const double cold[] = {0.0105, 0.0100, 0.0101, 0.0100};
    expect(10, cold, 4, 3, 0.0100, "cold first call");
    /* the first call and one repeat agree: 2 calls */
    const double agree[] = {0.0100, 0.0101, 0.0050};
    expect(10, agree, 3, 2, 0.0100, "agree at once");
    /* the floor: identical times still make 2 calls */
    const double same[] = {0.01, 0.01, 0.01};
    expect(10, same, 3, 2, 0.01, "floor of 2");
    /* the cap: times that never agree (each 10 % above the last) stop at 10 calls */
    double rising[20];
    for (int k = 0; k < 20; k++)
        rising[k] = 0.001 * (1 + 0.1 * k);
    expect(10, rising, 20, DB_TIMING_MAX_CALLS, 0.001, "cap");
    /* just outside and just inside the margin */
    const double out[] = {0.0100, 0.01021, 0.0100};
    expect(10, out, 3, 3, 0.0100, "2.1 % apart: one more call");
    const double in[] = {0.0100, 0.01019};
    expect(10, in, 2, 2, 0.0100, "1.9 % apart: stop");
    /* the budget: a first call longer than half of it is not repeated ... */
    const double longrun[] = {0.3, 0.3};
    expect(0.5, longrun, 2, 1, 0.3, "first call over half the budget");
    /* ... and no call is started that would exceed it, agreement or not */
    const double noisy[] = {0.2, 0.25, 0.2};
    expect(0.5, noisy, 3, 2, 0.2, "budget stops a disagreeing pair");
    const double fits[] = {0.1, 0.15, 0.1, 0.1};
    expect(0.5, fits, 4, 3, 0.1, "third call fits the budget");
    /* tiny times agree within the resolution (2 us) */
    const double tiny[] = {1.0e-6, 2.5e-6};
    expect(10, tiny, 2, 2, 1.0e-6, "resolution");
    const double tiny2[] = {1.0e-6, 3.5e-6, 1.1e-6};
    expect(10, tiny2, 3, 3, 1.0e-6, "beyond the resolution");
    /* a late minimum: the rule goes on until the two smallest agree */
    const double late[] = {0.0100, 0.0130, 0.0125, 0.0098, 0.0099, 0.0090};
    expect(10, late, 6, 5, 0.0098, "late minimum");
    /* a budget of 1e-9 s (papers, tests): one call */
    const double one[] = {1e-3, 1e-3};
    expect(1e-9, one, 2, 1, 1e-3, "budget 1e-9");

    /* the tally keeps the two smallest whatever the order */
    db_timing_tally t;
    db_timing_tally_init(&t);
    CHECK(t.calls == 0 && t.total == 0, "empty tally");
    db_timing_tally_add(&t, 3);
    db_timing_tally_add(&t, 1);
    db_timing_tally_add(&t, 2);
    CHECK(t.calls == 3 && t.best == 1 && t.second == 2 && t.total == 6,
          "tally 3,1,2: best %g second %g total %g", t.best, t.second, t.total);
    db_timing_tally_add(&t, 1);
    CHECK(t.best == 1 && t.second == 1, "tally 3,1,2,1: best %g second %g", t.best, t.second);
    db_timing_tally_init(&t);
    db_timing_tally_add(&t, 2);
    db_timing_tally_add(&t, 5);
    CHECK(t.best == 2 && t.second == 5, "tally 2,5: best %g second %g", t.best, t.second);
    db_timing_tally_add(&t, -1);
    CHECK(t.best == 0 && t.second == 2, "a negative time counts as 0");

    /* db_timed_integrate with a stub that takes no time */
    int calls;
    db_timing tm;
    db_status st;
    db_counters c;
    timed(0, 0, 10, &calls, &tm, &st, &c);
    CHECK(st == DB_OK && calls == tm.repeats && calls >= 2 && calls <= DB_TIMING_MAX_CALLS,
          "stub: status %d, %d calls, repeats %d", (int)st, calls, tm.repeats);
    CHECK(c.steps == 10 && c.f_evals == 40 && !tm.nondeterministic, "stub: counters");
    CHECK(tm.cpu_seconds >= 0 && tm.second >= tm.cpu_seconds, "stub: times %g %g",
          tm.cpu_seconds, tm.second);
    timed(1, 0, 10, &calls, &tm, &st, &c);
    CHECK(st == DB_FAIL_NEWTON && calls == 1 && tm.repeats == 1, "failed first call: %d calls",
          calls);
    timed(0, 1, 10, &calls, &tm, &st, &c);
    CHECK(tm.nondeterministic && c.steps == 10, "other counters in a repeat noted");
    timed(0, 0, 1e-9, &calls, &tm, &st, &c);
    CHECK(calls == 1 && tm.repeats == 1, "budget 1e-9: %d calls", calls);
    return check_summary();
}
