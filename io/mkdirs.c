/* mkdirs.c — mkdir -p (mkdirs.h). */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

#include "io/mkdirs.h"

int db_mkdirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *c = buf + 1;; c++) {
        if (*c == '/' || *c == '\0') {
            char save = *c;
            *c = '\0';
            struct stat st;
            if (stat(buf, &st) != 0) {
                if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                    return -1;
            } else if (!S_ISDIR(st.st_mode)) {
                errno = ENOTDIR;
                return -1;
            }
            *c = save;
            if (!save)
                break;
        }
    }
    return 0;
}
