/* help.c — the help table of the daebench program (help.h).  docs/cli.md is
 * the same text for readers of the repository; harness/tests/test_help.sh
 * checks that every command answers --help and that docs/cli.md names every
 * option listed here. */
#include <stdio.h>
#include <string.h>

#include "harness/cli/help.h"
#include "harness/gate/machine.h"
#include "harness/cli/names.h"
#include "solvers/solver.h"

const db_help db_help_table[] = {
    {"list", "list [--json]", "the problems, scenarios, parameters, formulations and solvers",
     "  --json            the catalogue as JSON (docs/json.md, \"list --json\")\n"},
    {"run",
     "run -p PROBLEM[:SCENARIO] -f FORMULATION -s SOLVER --tol T [--rtol R --atol A]\n"
     "             [--param NAME=VALUE ...] [--max-steps N] [--max-cpu S] [--variant V]\n"
     "             [--json FILE] [--trajectory FILE.csv] [--h0 H] [--end-only] [--component G:I]\n"
     "             [--step-points] [--steps-out FILE.csv]",
     "one run: a summary line, optionally its run record and its trajectory",
     "  -p, --problem P[:S]   problem and scenario (default: the first scenario)\n"
     "  -f, --formulation F   EoM, EoM1, EoM0, GGL, oEoM1, oEoM0\n"
     "  -s, --solver S        a solver of `daebench list`\n"
     "  --tol T               rtol = atol = T\n"
     "  --rtol R, --atol A    the two tolerances separately\n"
     "  --param NAME=VALUE    a problem parameter (range checked; repeatable)\n"
     "  --max-steps N         step budget (default: the solver's)\n"
     "  --max-cpu S           CPU-time budget in seconds of the whole run (set-up,\n"
     "                        consistent initial values, integration, timing,\n"
     "                        measuring); over it: a failed run \"cpu limit S s\"\n"
     "  --variant V           solver options (docs/solvers.md); unknown ones: exit 2\n"
     "  --json FILE           write the run record (docs/json.md)\n"
     "  --trajectory FILE     write the solution at the reference grid times with the\n"
     "                        group-scaled error of p, v, lambda, mu per row (CSV);\n"
     "                        `daebench plot --trajectory FILE` draws the error over time\n"
     "  --h0 H                the solver's initial step\n"
     "  --end-only            output at t_end only (no grid errors; counters of the\n"
     "                        integration alone)\n"
     "  --component G:I       largest absolute error of one component (G one of p v l m)\n"
     "                        over the grid, its time, and at t_end\n"
     "  --step-points         also measure at the solver's own step points (t0 and every\n"
     "                        accepted step, the values the steps computed): largest\n"
     "                        error per group and of --component there, against the exact\n"
     "                        solution or the stored reference's primary computation\n"
     "                        redone at those times (its agreement with the stored grid\n"
     "                        printed); a solver that cannot report them: exit 2\n"
     "  --steps-out FILE      --step-points, and write the solution at the step points\n"
     "                        as CSV (the columns of --trajectory)\n"},
    {"bench",
     "bench [--suite quick|full|scaling] [--problems a,b] [--formulations ..] [--solvers ..]\n"
     "             [--tols 1e-3:1e-10] [--out DIR] [--shard K/N] [--jobs J] [--resume]",
     "the sweep problem x scenario x formulation x solver x tolerance: DIR/bench.json, .csv",
     "  --suite NAME          quick (CI), full, scaling (default quick)\n"
     "  --problems LIST       comma list of problems (default: the suite's)\n"
     "  --formulations LIST   comma list of formulations\n"
     "  --solvers LIST        comma list of solvers\n"
     "  --tols LADDER         1e-3:1e-10 (every decade) or a comma list\n"
     "  --out DIR             output directory (default results)\n"
     "  --shard K/N           the cells i with i mod N = K-1 (join with merge)\n"
     "  --jobs J              worker processes (default: cores, at most 8)\n"
     "  --resume              keep the runs already in DIR/bench.json, run the rest\n"},
    {"check", "check --baseline FILE --results FILE [--measure M] [--optional S,..]\n"
              "             [--format text|md|json] [--ignore-cpu] [--per-run] [--THRESHOLD VALUE]",
     "compare a bench file with a baseline at equal accuracy; exit 1 on a regression",
     "  --baseline FILE       the stored bench file (reference/baseline/quick.json)\n"
     "  --results FILE        the new bench file\n"
     "  --measure M           gscd (default), ivp_scd or lambda_scd\n"
     "  --optional S,..       solvers whose absence from the build is not a regression\n"
     "  --format F            text (default), md or json\n"
     "  --ignore-cpu          do not compare CPU times\n"
     "  --per-run             compare every run with the baseline's run at its tolerance\n"
     "                        (proves a refactoring changed no counter) instead of the\n"
     "                        work-precision curves at equal accuracy (the default)\n"
     "  --THRESHOLD VALUE     override one threshold of the table in docs/check.md\n"
     "                        (--curve-growth, --cpu-solver, --counter-growth, ...)\n"
     "--format json: {\"mode\", \"machine\", \"cpu_gated\", \"runs\": run findings,\n"
     "\"curves\": [{problem, scenario, formulation, solver, variant, series, measure,\n"
     "work, verdict, work_ratio, work_ratio_worst, accuracy_shift, ...}], ...}\n"},
    {"plot", "plot --results FILE [--out DIR] [--traj DIR] [--baseline FILE]\n"
             "       plot --trajectory FILE.csv [--out DIR]",
     "gnuplot diagrams (PNG + SVG) of a bench file, or the error over time of one run",
     "  --results FILE        bench file (default results/bench.json)\n"
     "  --out DIR             output directory (default: plots/ beside --results)\n"
     "  --traj DIR            time series of the long runs (default: DIR of FILE/traj)\n"
     "  --baseline FILE       draw this bench file's curves as faint thick ghosts under\n"
     "                        the current ones in every diagram\n"
     "  --trajectory FILE     the CSV of `run --trajectory`: FILE-err.png/.svg\n"
     "  --measure M           the accuracy measure drawn: gscd (default), ivp_scd,\n"
     "                        lambda_scd\n"},
    {"report", "report --results FILE [--plots DIR] [--out DIR] [--baseline FILE]",
     "HTML and Markdown report: summary page, one page per problem, diff page",
     "  --results FILE        bench file (default results/bench.json)\n"
     "  --plots DIR           diagrams of `daebench plot` (default OUT/plots)\n"
     "  --out DIR             output directory (default: the directory of FILE)\n"
     "  --baseline FILE       also write diff.html/diff.md against this bench file,\n"
     "                        linked first from index.html\n"},
    {"merge", "merge --out FILE [--csv FILE] SHARD.json ...",
     "join the shard files of `bench --shard K/N` (every shard once)",
     "  --out FILE            the joined bench file\n"
     "  --csv FILE            also its CSV\n"},
    {"csv", "csv --results FILE [--out FILE]", "one CSV row per run of a bench file",
     "  --results FILE        bench file\n"
     "  --out FILE            CSV file (default: FILE with .csv)\n"},
    {"papers", "papers [--papers DIR] [--seeds 000,001] [--out DIR] [--baseline FILE]",
     "the published values of the seeds against ours, with verdicts (docs/papers.md)",
     "  --papers DIR          the data files of the published tables (default papers)\n"
     "  --seeds LIST          comma list of seeds (default: all)\n"
     "  --out DIR             output directory (default results)\n"
     "  --baseline FILE       a verdict worse than in FILE is a regression (exit 1)\n"},
    {"history",
     "history FILE FILE... [--work W] [--levels 4,6,8] [--measure M] [--threshold 0.10]\n"
     "             [--max N] [--out DIR]",
     "the work at fixed accuracy across the bench files of successive commits",
     "  FILE ...              two or more bench files, oldest first (e.g. the CI\n"
     "                        artefacts of successive commits)\n"
     "  --work W              steps, f_evals (default), jac_evals, decompositions,\n"
     "                        solves or cpu (calibrated when every file has a\n"
     "                        calibration)\n"
     "  --levels LIST         accuracy levels in digits (default 4,6,8)\n"
     "  --measure M           gscd (default), ivp_scd or lambda_scd\n"
     "  --threshold T         a change of work between consecutive files beyond the\n"
     "                        factor 1+T (or below 1/(1+T)) is a move (default 0.10)\n"
     "  --max N               at most N move lines each for series and solvers\n"
     "                        (default 20)\n"
     "  --out DIR             history.dat, history.json, history.png/.svg (default\n"
     "                        results/history; created)\n"},
    {"reference",
     "reference -p PROBLEM[:SCENARIO] [--param N=V] [--out DIR] [--points N]\n"
     "                   [--primary SOLVER:FORM:TOL[:HMAX[:VARIANT]]] [--check ...]\n"
     "       reference --all [--out DIR]\n"
     "       reference --verify [-p PROBLEM[:SCENARIO]]",
     "compute, store and verify reference solutions (docs/references.md)",
     "  -p, --problem P[:S]   problem and scenario\n"
     "  --param NAME=VALUE    a problem parameter\n"
     "  --out DIR             output directory (default reference)\n"
     "  --points N            grid points (default 201)\n"
     "  --primary METHOD      the stored computation SOLVER:FORM:TOL[:HMAX[:VARIANT]]\n"
     "  --check METHOD        the independent check computation\n"
     "  --all                 every problem and scenario without an exact solution\n"
     "  --verify              reload and recompute the stored files (exit 1 on failure)\n"},
    {NULL, NULL, NULL, NULL},
};

const db_help *db_help_find(const char *name)
{
    for (const db_help *h = db_help_table; h->name; h++)
        if (strcmp(h->name, name) == 0)
            return h;
    return NULL;
}

void db_die_unknown_option(const char *cmd, const char *opt)
{
    const db_help *h = db_help_find(cmd);
    static char words[4096];
    const char *cand[128];
    int n = 0;
    size_t used = 0;
    cand[n++] = "--plugin";
    cand[n++] = "--help";
    for (const char *p = h ? h->options : ""; *p && n < 128;) {
        /* an option word starts a line ("  --tol T", "  -p P, --problem P") or follows ", " */
        while (*p == ' ' || *p == ',')
            p++;
        size_t len = strcspn(p, " ,=\n");
        if (p[0] == '-' && len > 1 && len < 40 && used + len + 1 < sizeof words) {
            memcpy(words + used, p, len);
            words[used + len] = '\0';
            int dup = 0;
            for (int k = 0; k < n; k++)
                dup |= strcmp(cand[k], words + used) == 0;
            if (!dup) {
                cand[n++] = words + used;
                used += len + 1;
            }
            p += len;
            continue;
        }
        p = strchr(p, '\n'); /* the rest of the line is text */
        if (!p)
            break;
        p++;
    }
    db_die_unknown(cmd, "option", opt, cand, n);
}

void db_help_print(FILE *f, const db_help *h)
{
    fprintf(f, "usage: daebench %s\n\n%s\n\noptions:\n%s"
               "  --plugin PATH.so      load the solvers of a plugin (repeatable; docs/plugin.md)\n"
               "  -h, --help            this text\n",
            h->synopsis, h->summary, h->options);
}

void db_help_overview(FILE *f)
{
    fprintf(f, "daebench %s — benchmark and verification of solvers for constrained "
               "mechanical DAEs\n\nusage:\n", DAEBENCH_VERSION);
    for (const db_help *h = db_help_table; h->name; h++)
        fprintf(f, "  daebench %s\n", h->synopsis);
    fprintf(f, "\ncommands:\n");
    for (const db_help *h = db_help_table; h->name; h++)
        fprintf(f, "  %-10s %s\n", h->name, h->summary);
    fprintf(f, "\nevery command also takes --plugin PATH.so (repeatable): the solvers of a plugin "
               "(docs/plugin.md)\n`daebench COMMAND --help` for its options; docs/cli.md; --version\n");
}

void db_help_version(FILE *f)
{
    char git[64];
    db_git_commit(git, sizeof git);
    fprintf(f, "daebench %s (commit %.12s); solvers:", DAEBENCH_VERSION, git[0] ? git : "unknown");
    for (int i = 0; db_solvers[i]; i++)
        fprintf(f, " %s", db_solvers[i]->name);
    const db_optional_solver *miss[8];
    int nm = db_optional_missing_all(miss, 8);
    for (int i = 0; i < nm; i++)
        fprintf(f, "; %s not built (install %s)", miss[i]->name, miss[i]->package);
    fprintf(f, "\n");
}
