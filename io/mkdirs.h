/* mkdirs.h — a folder and its parents (mkdir -p), for every command that
 * writes into a folder it may have to create (mkdirs.c). */
#ifndef DAEBENCH_MKDIRS_H
#define DAEBENCH_MKDIRS_H

/* 0, or −1 with errno (ENOTDIR where a part is a file, ENAMETOOLONG) */
int db_mkdirs(const char *path);

#endif
