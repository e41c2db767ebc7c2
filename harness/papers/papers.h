/* papers.h — the reproduction of the seeds' published tables ("daebench papers"):
 * the verdict of one published value against ours, and the comparison of two
 * result files of the papers command (a verdict that got worse is a regression).
 * The data files are papers/seedNNN.json (schema daebench.papers/1, README of
 * papers/); the command is harness/papers/papers.c, the verdicts and the comparison
 * harness/papers/papers_compare.c, the values a run record lacks (event times,
 * nonzeros of the saddle-point matrix) papers_probe.h. */
#ifndef DAEBENCH_PAPERS_H
#define DAEBENCH_PAPERS_H

#include <stdio.h>

#include <cjson/cJSON.h>

#define DB_PAPERS_SCHEMA "daebench.papers/1"
#define DB_PAPERS_RESULTS_SCHEMA "daebench.papers-results/1"

typedef enum {
    DB_VERDICT_REPRODUCED = 0, /* counts within 5 %, values to their target digits
                                * (or the same outcome: failed/ok) */
    DB_VERDICT_CLOSE,          /* counts within a factor 1.5, values one digit short */
    DB_VERDICT_DIFFERENT,      /* further off, of the other sign, or our run failed */
    DB_VERDICT_NOT_COMPARABLE  /* no run can be made: the entry says why */
} db_verdict;

/* counts (steps, evaluations, dimensions) and error sizes: the ratio ours/published */
#define DB_PAPERS_REPRODUCED 1.05
#define DB_PAPERS_CLOSE 1.5
/* solution values (end values, event times): digits of agreement relative to the
 * published value's magnitude, against the target min(s - 1, DB_PAPERS_DIGITS_CAP)
 * where s is the number of significant digits the published value carries (one
 * unit of its last digit); printed digits beyond 8 are more than a value computed
 * by another code at tolerances 1e-10..1e-15 can be asked to keep */
#define DB_PAPERS_DIGITS_CAP 8

const char *db_verdict_name(db_verdict v);   /* "reproduced", "close", ... */
/* the verdict from the name; -1 for an unknown name */
int db_verdict_from_name(const char *s);

/* the verdict of a numeric value: ours against published (finite); *ratio =
 * ours / published (NAN when published is 0), *digits = digits of agreement
 * -log10(|ours - published| / |published|) (capped at 16).  ours NAN (no value:
 * the run failed) gives DB_VERDICT_DIFFERENT. */
db_verdict db_papers_verdict(double published, double ours, double *ratio, double *digits);

/* significant digits of x as written: the fewest (1..17) whose %.*g round-trips */
int db_papers_sig_digits(double x);
/* the target of a solution value: min(sig_digits - 1, DB_PAPERS_DIGITS_CAP), >= 1 */
double db_papers_target_digits(double published);
/* the verdict of a solution value (an end value, an event time): *ratio and
 * *digits as db_papers_verdict; reproduced when digits >= the target, close when
 * digits >= target - 1, else different (and for ours NAN or of the other sign) */
db_verdict db_papers_verdict_digits(double published, double ours, double *ratio,
                                    double *digits);

/* Compare a papers results file (cur) against an earlier one (base): every
 * comparable entry of base whose seed is selected (seeds: NULL = all, else a
 * comma list "000,003") must be in cur with a verdict at least as good.  Each
 * regression is printed as one line to out; returns their count, or -1 with a
 * message in err when either document is not a papers results file. */
/* 0 if base is a papers results file whose every entry has an id, a seed and
 * a known verdict (what db_papers_compare needs of it), else -1 with a message:
 * checked before the first run (issue 28, item 10) */
int db_papers_check_baseline(const cJSON *base, char *err, size_t errlen);

int db_papers_compare(const cJSON *base, const cJSON *cur, const char *seeds, FILE *out,
                      char *err, size_t errlen);

#endif
