/* datadir.c — where daebench finds its data (the stored references, the gnuplot
 * scripts): <prefix>/share/daebench/<sub> beside the bin/ of an installed
 * program (cmake --install, cmake/install.cmake), else <source dir>/<sub> of the
 * tree it was built from.  The environment variables DAEBENCH_REFERENCE_DIR and
 * DAEBENCH_PLOTS_DIR override both (reference.c, plot.c). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/datadir.h"

#ifndef DAEBENCH_SOURCE_DIR
#define DAEBENCH_SOURCE_DIR "."
#endif

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *db_data_dir(const char *sub, char *buf, size_t len)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            /* only a program in a bin/ folder is an installed one */
            const char *base = strrchr(exe, '/');
            if (base && strcmp(base, "/bin") == 0) {
                snprintf(buf, len, "%s/../share/daebench/%s", exe, sub);
                if (is_dir(buf))
                    return buf;
            }
        }
    }
    snprintf(buf, len, "%s/%s", DAEBENCH_SOURCE_DIR, sub);
    return buf;
}
