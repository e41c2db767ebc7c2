/* timing.c — repeated, minimum-of CPU timing of one integration, the repeats
 * stopped by the rule of timing_rule.h (timing.h). */
#include <string.h>

#include "harness/run/timing.h"

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
