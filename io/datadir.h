/* datadir.h — the folder of daebench's data <sub> ("reference/data", "plots"):
 * <prefix>/share/daebench/<sub> for an installed program, else <source dir>/<sub>
 * (datadir.c).  Writes it into buf and returns buf. */
#ifndef DAEBENCH_DATADIR_H
#define DAEBENCH_DATADIR_H

#include <stddef.h>

const char *db_data_dir(const char *sub, char *buf, size_t len);

#endif
