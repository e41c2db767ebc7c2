/* gnuplot.h — running gnuplot for the commands that draw (plot, history):
 * whether it is in PATH, and one bounded run of a script (gnuplot.c). */
#ifndef DAEBENCH_GNUPLOT_H
#define DAEBENCH_GNUPLOT_H

/* 1 if an executable `prog` is in $PATH */
int db_in_path(const char *prog);

/* gnuplot -e expr script, killed after $DAEBENCH_GNUPLOT_LIMIT seconds of wall
 * time (default 120; docs/limits.md) so that a hung gnuplot cannot hang the
 * program; cmd names the command in messages; 0, or −1 with a line on stderr
 * naming what and the script */
int db_gnuplot_run(const char *cmd, const char *expr, const char *script, const char *what);

#endif
