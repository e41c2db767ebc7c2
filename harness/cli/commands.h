/* commands.h — the subcommands of the daebench program (DESIGN.md §"The
 * program"); each takes the arguments after its name and returns the exit
 * status (0 fine, 1 regressions found by check, 2 bad input). */
#ifndef DAEBENCH_COMMANDS_H
#define DAEBENCH_COMMANDS_H

int db_cmd_list(int argc, char **argv);       /* list.c */
int db_cmd_run(int argc, char **argv);        /* run_cmd.c */
int db_cmd_bench(int argc, char **argv);      /* bench.c */
int db_cmd_check(int argc, char **argv);      /* check.c */
int db_cmd_plot(int argc, char **argv);       /* plot.c */
int db_cmd_reference(int argc, char **argv);  /* reference_cmd.c */
int db_cmd_merge(int argc, char **argv);      /* merge.c */
int db_cmd_csv(int argc, char **argv);        /* csv.c */
int db_cmd_report(int argc, char **argv);     /* report.c */
int db_cmd_papers(int argc, char **argv);     /* papers.c */
int db_cmd_history(int argc, char **argv);    /* plots/history.c */

#endif
