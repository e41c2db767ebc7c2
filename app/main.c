/* main.c — the daebench program: subcommand dispatch only (docs/cli.md); each
 * subcommand lives in its own file (commands.h), its help text in help.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "harness/cli/help.h"
#include "harness/cli/names.h"
#include "harness/run/plugin.h"

static const struct {
    const char *name;
    int (*fn)(int, char **);
} commands[] = {
    {"list", db_cmd_list},
    {"run", db_cmd_run},
    {"bench", db_cmd_bench},
    {"check", db_cmd_check},
    {"plot", db_cmd_plot},
    {"merge", db_cmd_merge},
    {"csv", db_cmd_csv},
    {"report", db_cmd_report},
    {"papers", db_cmd_papers},
    {"history", db_cmd_history},
    {"reference", db_cmd_reference},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

static void die_unknown_command(const char *name)
{
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    db_die_unknown(NULL, "subcommand", name, names, (int)NCOMMANDS);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        db_die("missing subcommand (list, run, bench, check, plot, report, merge, csv, "
               "history, reference; see daebench --help)");
    if (is_help(argv[1])) {
        db_help_overview(stdout);
        return 0;
    }
    if (strcmp(argv[1], "help") == 0) {
        if (argc < 3) {
            db_help_overview(stdout);
            return 0;
        }
        const db_help *h = db_help_find(argv[2]);
        if (!h)
            die_unknown_command(argv[2]);
        db_help_print(stdout, h);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        db_help_version(stdout);
        return 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            /* "daebench CMD ... --help": the help of CMD, whatever else is given */
            for (int k = 2; k < argc; k++)
                if (is_help(argv[k])) {
                    const db_help *h = db_help_find(commands[i].name);
                    if (h)
                        db_help_print(stdout, h);
                    return 0;
                }
            /* "--tol=1e-6" and "-ppendulum" as "--tol 1e-6" and "-p pendulum" */
            char **args = malloc((2 * (size_t)argc + 1) * sizeof *args);
            static char spelled[8192];
            if (!args)
                db_die("out of memory");
            int n = db_cli_normalize(argc - 2, argv + 2, args, spelled, sizeof spelled);
            db_plugin_args(&n, args); /* --plugin PATH.so, any subcommand */
            int rc = commands[i].fn(n, args);
            free(args);
            /* what the command printed must have arrived (a full disk, /dev/full) */
            if (fflush(stdout) != 0 || ferror(stdout))
                db_die("write error on standard output: %s", strerror(errno));
            return rc;
        }
    die_unknown_command(argv[1]);
}
