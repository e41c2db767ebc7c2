/* machine.h — where and from what a bench file was made: creation time, git
 * commit, host name, CPU model, cores (the header of a bench file, DESIGN.md
 * §"JSON"). */
#ifndef DAEBENCH_MACHINE_H
#define DAEBENCH_MACHINE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* UTC time as "2024-01-31T12:00:00Z" */
void db_now_iso(char *buf, size_t len);
/* `git rev-parse HEAD` in the source tree, or "unknown" */
void db_git_commit(char *buf, size_t len);
/* {"hostname": .., "cpu": .., "cores": ..} */
cJSON *db_machine_json(void);

#endif
