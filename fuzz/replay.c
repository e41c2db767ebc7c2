/* replay.c — main() of the fuzz_replay_<t> tests: feeds every file of the
 * directories (or files) named on the command line to LLVMFuzzerTestOneInput of
 * a harness, as libFuzzer would; a crash or sanitizer report fails the test.
 * Needs at least one input in all. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "io/jsonio.h"

static int feed(const char *path)
{
    char err[512];
    size_t n;
    char *buf = db_read_file(path, DB_JSON_MAX_BYTES, &n, err, sizeof err);
    if (!buf) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    LLVMFuzzerTestOneInput((const uint8_t *)buf, n);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int inputs = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0)
            continue; /* an empty regress directory may not exist */
        if (!S_ISDIR(st.st_mode)) {
            bad += feed(argv[i]) != 0;
            inputs++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            if (e->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                continue;
            bad += feed(path) != 0;
            inputs++;
        }
        if (d)
            closedir(d);
    }
    printf("replay: %d inputs, %d unreadable\n", inputs, bad);
    return inputs > 0 && bad == 0 ? 0 : 1;
}
