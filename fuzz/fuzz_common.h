/* fuzz_common.h — the shared helpers of fuzz.h, included once by each harness
 * (each harness is one translation unit, with or without replay.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

static char fuzz_dir_buf[512];
static char fuzz_files[4][1024];
static int fuzz_nfiles;

static void fuzz_cleanup(void)
{
    for (int i = 0; i < fuzz_nfiles; i++)
        unlink(fuzz_files[i]);
    if (fuzz_dir_buf[0])
        rmdir(fuzz_dir_buf);
}

const char *fuzz_tmpdir(void)
{
    if (!fuzz_dir_buf[0]) {
        /* $TMPDIR, else /dev/shm (memory: rewriting a file on a disk file
         * system costs milliseconds, a hundred times the parsing), else /tmp */
        const char *t = getenv("TMPDIR");
        if (!t || !*t)
            t = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        snprintf(fuzz_dir_buf, sizeof fuzz_dir_buf, "%s/daebench-fuzz-XXXXXX", t);
        if (!mkdtemp(fuzz_dir_buf)) {
            perror("fuzz: mkdtemp");
            abort();
        }
        atexit(fuzz_cleanup);
    }
    return fuzz_dir_buf;
}

void fuzz_remember(const char *path)
{
    if (fuzz_nfiles < 4)
        snprintf(fuzz_files[fuzz_nfiles++], sizeof fuzz_files[0], "%s", path);
}

void fuzz_write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        perror(path);
        abort();
    }
}
