/* machine.h — where and from what a bench file was made: creation time, git
 * commit, host name, CPU model, cores (the header of a bench file, DESIGN.md
 * §"JSON"); the build: compiler, flags, BLAS/LAPACK/SUNDIALS libraries and
 * versions, commit and dirty-tree flag (issue 14). */
#ifndef DAEBENCH_MACHINE_H
#define DAEBENCH_MACHINE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* UTC time as "2024-01-31T12:00:00Z" */
void db_now_iso(char *buf, size_t len);
/* `git rev-parse HEAD` in the source tree, or "unknown" */
void db_git_commit(char *buf, size_t len);
/* {"hostname": .., "cpu": .., "cores": .., "cpu_id": "vendor family/model/stepping",
 * "libc": ..} */
cJSON *db_machine_json(void);
/* 1 if the source tree has uncommitted changes to tracked files, 0 if clean,
 * -1 if unknown (no git) */
int db_git_dirty(void);
/* how the program was built and what it runs on: {"compiler", "build_type",
 * "flags", "commit", "dirty", "blas", "lapack", "lapack_version", "sundials",
 * "klu"} (libraries as the real paths of the loaded shared objects, which name
 * their versions; null where absent) */
cJSON *db_build_json(void);

/* 1 if the bench files a and b were made where CPU times compare: the same
 * CPU (model name and family/model/stepping), libc, compiler and flags, BLAS
 * and LAPACK; 0 otherwise (also when either lacks a field), with the first
 * difference (or what agreed) in why */
int db_same_machine(const cJSON *a, const cJSON *b, char *why, size_t len);

#endif
