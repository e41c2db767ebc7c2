/* timing_rule.c — the stopping rule of the timing repeats (timing_rule.h). */
#include "harness/run/timing_rule.h"

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
