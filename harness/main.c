/* main.c — the daebench program: subcommand dispatch only (DESIGN.md §"The
 * program"); each subcommand lives in its own file (commands.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *usage;
} commands[] = {
    {"list", db_cmd_list, "list [--json]"},
    {"run", db_cmd_run,
     "run -p PROBLEM[:SCENARIO] -f FORMULATION -s SOLVER --tol T [--rtol R --atol A]\n"
     "                [--param NAME=VALUE ...] [--max-steps N] [--max-cpu S] [--variant V]\n"
     "                [--h0 H] [--end-only] [--component G:I] [--json FILE]"},
    {"bench", db_cmd_bench,
     "bench [--suite quick|full|scaling] [--problems a,b] [--formulations ..] [--solvers ..]\n"
     "                [--tols 1e-3:1e-10] [--out DIR] [--shard K/N] [--jobs J] [--resume]"},
    {"check", db_cmd_check, "check --baseline FILE --results FILE [--ignore-cpu]"},
    {"plot", db_cmd_plot, "plot --results FILE [--out DIR]"},
    {"merge", db_cmd_merge, "merge --out FILE [--csv FILE] SHARD.json ... (every shard K/N once)"},
    {"csv", db_cmd_csv, "csv --results FILE [--out FILE]"},
    {"report", db_cmd_report, "report --results FILE [--plots DIR] [--out DIR]"},
    {"papers", db_cmd_papers,
     "papers [--papers DIR] [--seeds 000,001] [--out DIR] [--baseline FILE]"},
    {"reference", db_cmd_reference, "reference -p PROBLEM[:SCENARIO] [--verify]"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  daebench %s\n", commands[i].usage);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        db_die("missing subcommand (list, run, bench, check, plot, reference; see --help)");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].fn(argc - 2, argv + 2);
    db_die("unknown subcommand '%s' (list, run, bench, check, plot, reference)", argv[1]);
}
