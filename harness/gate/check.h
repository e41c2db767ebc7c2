/* check.h — "daebench check" with its verdict written to a stream of the
 * caller's choice (check.c): the diff page of `report` (plots/report.c) reads
 * check's own JSON, so that the page and the command agree on every count. */
#ifndef DAEBENCH_CHECK_H
#define DAEBENCH_CHECK_H

#include <stdio.h>

/* db_cmd_check's arguments and exit status; its output goes to `to` */
int db_check_to(int argc, char **argv, FILE *to);

#endif
