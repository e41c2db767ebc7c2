/* suite.c — the table of benchmark suites.  Every suite runs every registered
 * problem with its default parameters, every solver, on every formulation the
 * solver accepts (incompatible pairs are skipped); suites differ in scenarios,
 * tolerances, budgets of each integration and the CPU-time budget of the
 * timing repeats of each run (timing.h: no call is started beyond it, so a
 * run whose first call takes more than half of it is timed once; quick 0.25 s,
 * full 0.5 s — it was 10 s, which made the full sweep's CPU 3.4 times its
 * integrations'; docs/performance.md, "The timing policy").  quick keeps CI under 5 minutes on 2 cores
 * (measured: see the README, "Benchmarks"): 3 tolerances on the default
 * scenario of every problem, the long pendulum run at one tolerance (for its
 * energy/residual time series), budgets of 30 s / 300000 steps per integration
 * (generous: a budget failure must not depend on the speed of the CI machine);
 * full is every scenario at the ladder 1e-3 … 1e-10.  scaling (issue 9) is the
 * cost per step against the number of bodies N = 16 … 1024 of the two chains,
 * radau5 and bdf on GGL at tol 1e-6 ("daebench plot" draws it on log-log axes
 * with the slope fitted from N = 64 on; MEXX's sparse mode, seed 001 §5.4 and
 * Tables 5.5-5.6, grew linearly in N). */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "harness/sweep/suite.h"

const db_suite db_suites[] = {
    {"quick", 0, "1e-4,1e-6,1e-8", 30.0, 300000, 0.25, "pendulum:long@1e-6", "pendulum:long",
     "default scenario of every problem at 3 tolerances, pendulum:long at 1e-6 (CI)", NULL, NULL,
     NULL, NULL, 0},
    {"full", 1, "1e-3:1e-10", 120.0, 2000000, 0.5, NULL, "pendulum:long",
     "every scenario (pendulum long run included), 8 tolerances", NULL, NULL, NULL, NULL, 0},
    {"scaling", 0, "1e-6", 60.0, 300000, 2.0, NULL, NULL,
     "cost per step vs N: insulator and pendulum chains, N = 16 ... 1024, radau5 and bdf on "
     "GGL at 1e-6", "insulator_chain,pendulum_chain", "GGL", "radau5,bdf",
     "N=16,32,64,128,256,512,1024", 64},
    {NULL, 0, NULL, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0},
};

const db_suite *db_suite_find(const char *name)
{
    for (int i = 0; db_suites[i].name; i++)
        if (strcmp(db_suites[i].name, name) == 0)
            return &db_suites[i];
    return NULL;
}

int db_suite_item(const char *list, const char *problem, const char *scenario, char *tols,
                  int tolslen)
{
    char want[256];
    snprintf(want, sizeof want, "%s:%s", problem, scenario);
    size_t wl = strlen(want);
    for (const char *s = list; s && *s;) {
        size_t n = strcspn(s, ";");
        size_t name = strcspn(s, ";@");
        if (name == wl && strncmp(s, want, wl) == 0) {
            if (tols)
                snprintf(tols, (size_t)tolslen, "%.*s", name < n ? (int)(n - name - 1) : 0,
                         s + name + (name < n));
            return 1;
        }
        s += n + (s[n] == ';');
    }
    return 0;
}

int db_suite_sweep(const db_suite *suite, char *name, int namelen, double *vals, int max)
{
    if (!suite->sweep)
        return 0;
    const char *eq = strchr(suite->sweep, '=');
    if (!eq || eq == suite->sweep || (int)(eq - suite->sweep) >= namelen)
        return -1;
    snprintf(name, (size_t)namelen, "%.*s", (int)(eq - suite->sweep), suite->sweep);
    int n = 0;
    for (const char *s = eq + 1; *s;) {
        char *end;
        double v = strtod(s, &end);
        if (end == s || (*end && *end != ',') || n == max)
            return -1;
        vals[n++] = v;
        s = end + (*end == ',');
    }
    return n;
}
