/* help.h — the help table of the daebench program: one entry per subcommand
 * with its synopsis and the description of every option ("daebench CMD
 * --help", "daebench help CMD", "daebench --help"), and the version line. */
#ifndef DAEBENCH_HELP_H
#define DAEBENCH_HELP_H

#include <stdio.h>

#define DAEBENCH_VERSION "1.1"

typedef struct {
    const char *name;      /* "run" */
    const char *synopsis;  /* the usage line(s), after "daebench " */
    const char *summary;   /* one line */
    const char *options;   /* option list, one "  --opt ARG  text" per line */
} db_help;

extern const db_help db_help_table[];

/* the entry of a subcommand, or NULL */
const db_help *db_help_find(const char *name);
/* die (exit 2) with "CMD: unknown option 'OPT' (did you mean --X? valid: ...)":
 * the candidates are the options of CMD's help (every "-x" and "--xyz" word of
 * its option list, and --plugin, -h, --help) */
void db_die_unknown_option(const char *cmd, const char *opt)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;
/* the full help of one subcommand on f */
void db_help_print(FILE *f, const db_help *h);
/* the overview: every synopsis and summary */
void db_help_overview(FILE *f);
/* "daebench 1.1 (commit abcdef0, solvers: ..., optional: ida not built)" */
void db_help_version(FILE *f);

#endif
