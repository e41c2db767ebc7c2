/* fuzz.h — what the fuzz harnesses of fuzz/ share: the libFuzzer entry point and
 * writing an input to a private temporary file (the readers take paths). */
#ifndef DAEBENCH_FUZZ_H
#define DAEBENCH_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* write data to path (truncating); aborts when it cannot (not the input's fault) */
void fuzz_write_file(const char *path, const uint8_t *data, size_t size);
/* a fresh private directory under $TMPDIR, /dev/shm or /tmp, removed with its files at exit
 * (those named by fuzz_remember) */
const char *fuzz_tmpdir(void);
void fuzz_remember(const char *path);

#endif
