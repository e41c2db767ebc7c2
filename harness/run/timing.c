/* timing.c — repeated, minimum-of CPU timing of one integration and the rule
 * that stops the repeats (timing.h). */
#include <string.h>

#include "harness/run/timing.h"

db_timing_rule db_timing_rule_default(double budget)
{
    db_timing_rule r = {DB_TIMING_MIN_CALLS, DB_TIMING_MAX_CALLS, DB_TIMING_MARGIN,
                        DB_TIMING_RESOLUTION, budget > 0 ? budget : DB_TIMING_MAX_SECONDS};
    return r;
}

void db_timing_tally_init(db_timing_tally *t)
{
    t->calls = 0;
    t->total = t->best = t->second = 0;
}

void db_timing_tally_add(db_timing_tally *t, double seconds)
{
    if (seconds < 0)
        seconds = 0;
    if (t->calls == 0 || seconds < t->best) {
        t->second = t->calls == 0 ? 0 : t->best;
        t->best = seconds;
    } else if (t->calls == 1 || seconds < t->second)
        t->second = seconds;
    t->calls++;
    t->total += seconds;
}

int db_timing_more(const db_timing_rule *r, const db_timing_tally *t)
{
    if (t->calls == 0)
        return 1;
    if (t->calls >= r->max_calls || t->total + t->best > r->budget)
        return 0;
    if (t->calls < r->min_calls)
        return 1;
    return t->second - t->best > r->margin * t->best + r->resolution;
}

static int same_counters(const db_counters *a, const db_counters *b)
{
    return a->steps == b->steps && a->rejected == b->rejected && a->f_evals == b->f_evals &&
           a->jac_evals == b->jac_evals && a->decompositions == b->decompositions &&
           a->solves == b->solves;
}

db_status db_timed_integrate(const db_solver *s, const db_dae *d, const db_solver_opts *o,
                             db_output *out, db_counters *c, char *msg, size_t msglen,
                             double max_total, db_timing *tm)
{
    db_timing_rule rule = db_timing_rule_default(max_total);
    db_timing_tally tally;
    db_timing_tally_init(&tally);
    memset(c, 0, sizeof *c);
    memset(tm, 0, sizeof *tm);
    msg[0] = '\0';
    double t0 = db_cpu_seconds();
    db_status st = s->integrate(d, o, out, c, msg, msglen);
    db_timing_tally_add(&tally, db_cpu_seconds() - t0);
    if (st == DB_OK) {
        /* the repeats only time: the step points (o->step_point) were reported once */
        db_solver_opts orep = *o;
        orep.step_point = NULL;
        orep.step_ctx = NULL;
        while (db_timing_more(&rule, &tally)) {
            db_counters c2;
            char msg2[256];
            memset(&c2, 0, sizeof c2);
            t0 = db_cpu_seconds();
            db_status st2 = s->integrate(d, &orep, out, &c2, msg2, sizeof msg2);
            db_timing_tally_add(&tally, db_cpu_seconds() - t0);
            if (st2 != st || !same_counters(c, &c2))
                tm->nondeterministic = 1;
        }
    }
    tm->cpu_seconds = tally.best;
    tm->repeats = tally.calls;
    tm->second = tally.second;
    return st;
}
