/* check.h — the minimal assertion kit of the CTest tests: CHECK(cond, fmt, ...)
 * records a failure with file, line and message; check_summary() prints
 * "N passed, M failed" and gives the exit status. */
#ifndef DAEBENCH_CHECK_H
#define DAEBENCH_CHECK_H

#include <stdio.h>

static int check_passed_, check_failed_;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) {                                                        \
            check_passed_++;                                               \
        } else {                                                           \
            check_failed_++;                                               \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);          \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed_, check_failed_);
    return check_failed_ ? 1 : 0;
}

#endif
