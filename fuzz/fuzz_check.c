/* fuzz_check.c — libFuzzer harness of the bench-file reader of "daebench check"
 * (harness/gate/check.c), which reads both the stored baseline and the results: the
 * input is written to a file and given as --baseline and --results.  check.c is
 * compiled into this harness with db_die renamed to fuzz_die, which jumps back
 * here instead of ending the process (bad input is the expected outcome);
 * db_cmd_check is the entry (commands.h).  A crash, a sanitizer report or a leak
 * is a finding. */
#include <setjmp.h>

#define db_die fuzz_die
#include "harness/gate/check.c"
#undef db_die

#include "fuzz_common.h"

static jmp_buf fuzz_jump;
static char path[1024];

void fuzz_die(const char *fmt, ...)
{
    (void)fmt;
    longjmp(fuzz_jump, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0]) {
        snprintf(path, sizeof path, "%s/bench.json", fuzz_tmpdir());
        fuzz_remember(path);
        if (!freopen("/dev/null", "w", stdout))
            abort();
    }
    fuzz_write_file(path, data, size);
    char *argv[] = {"--baseline", path, "--results", path, "--ignore-cpu", NULL};
    if (setjmp(fuzz_jump) == 0) {
        int rc = db_cmd_check(5, argv);
        /* the same file against itself: never a regression */
        if (rc != 0)
            abort();
    }
    return 0;
}
