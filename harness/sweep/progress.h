/* progress.h — the progress display of "daebench bench" (issue 8, "The sweep"):
 * done/total, failures, elapsed time and an estimate of the time left.  On a
 * terminal (stderr is a tty) one status line is redrawn in place and only runs
 * that are not ok are printed as lines of their own; otherwise every run is one
 * plain line "[done/total] <run summary> | F failed, M:SS elapsed, ~M:SS left".
 * The counters live in shared memory (mmap MAP_SHARED) made before the sweep
 * forks, so that the worker processes report their runs themselves; each report
 * is one write(2), so lines of different workers do not interleave. */
#ifndef DAEBENCH_PROGRESS_H
#define DAEBENCH_PROGRESS_H

typedef struct db_progress db_progress;

/* start a display of total runs; mode 0 = auto (isatty(2)), 1 = terminal,
 * 2 = plain lines.  NULL when no shared memory can be had (then the reports
 * below do nothing, which is acceptable: the display is a courtesy). */
db_progress *db_progress_start(int total, int mode);
/* one run finished (ok = its status is "ok"); summary is its one-line summary.
 * Callable from any process forked after db_progress_start. */
void db_progress_report(db_progress *p, int ok, const char *summary);
/* weighted estimate: the runs' expected costs sum to total (any unit);
 * reports then pass each run's weight */
void db_progress_weights(db_progress *p, double total);
void db_progress_report_w(db_progress *p, int ok, const char *summary, double weight);
/* seconds left after elapsed seconds: weighted by the runs' expected costs
 * (elapsed / done_w × (total_w − done_w)) when total_w > 0, else by counts;
 * −1 when nothing is done yet or everything is */
double db_progress_eta(double elapsed, int done, int total, double done_w, double total_w);
/* the counts so far */
int db_progress_done(const db_progress *p);
int db_progress_failed(const db_progress *p);
/* end the display (a final newline on a terminal) and release it */
void db_progress_finish(db_progress *p);

/* "1:05:03" or "4:07" for seconds s */
void db_progress_hms(double s, char *buf, int len);

#endif
