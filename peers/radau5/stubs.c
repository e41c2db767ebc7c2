/* stubs.c -- for the RADAU5 drivers (daebench's own code, not from deSolve):
 * replaces deSolve's R-dependent rprintf.c (RADAU5's messages go to stderr) and
 * gives the drivers the process CPU clock daebench times with
 * (clock_gettime(CLOCK_PROCESS_CPUTIME_ID)). */
#include <stddef.h>
#include <stdio.h>
#include <time.h>

/* the messages end in char(0); gfortran passes each CHARACTER argument's
 * length as a trailing size_t (unused) */
#define FCLEN , size_t msg_len
void rprintf_(const char *m FCLEN) { (void)msg_len; fprintf(stderr, "%s\n", m); }
void rprintfd1_(const char *m, double *d FCLEN) { (void)msg_len; fprintf(stderr, m, *d); fputc('\n', stderr); }
void rprintfd2_(const char *m, double *a, double *b FCLEN) { (void)msg_len; fprintf(stderr, m, *a, *b); fputc('\n', stderr); }
void rprintfi1_(const char *m, int *i FCLEN) { (void)msg_len; fprintf(stderr, m, *i); fputc('\n', stderr); }
void rprintfi2_(const char *m, int *i, int *j FCLEN) { (void)msg_len; fprintf(stderr, m, *i, *j); fputc('\n', stderr); }
void rprintfi3_(const char *m, int *i, int *j, int *k FCLEN) { (void)msg_len; fprintf(stderr, m, *i, *j, *k); fputc('\n', stderr); }

double cpusec_(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
