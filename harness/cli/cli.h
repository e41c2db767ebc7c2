/* cli.h — option parsing helpers of the daebench program: strict number parsing,
 * PROBLEM[:SCENARIO] and NAME=VALUE specs, comma lists, tolerance ladders, and the
 * one-line "bad input" exit (status 2) of DESIGN.md §"The program". */
#ifndef DAEBENCH_CLI_H
#define DAEBENCH_CLI_H

#include <stddef.h>

#include "testset/mech.h"

#define DB_EXIT_BAD_INPUT 2
#define DB_MAX_PARAMS 16
#define DB_MAX_TOLS 64

/* print "daebench: <message>" as one line on stderr and exit with status 2 */
void db_die(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* strict parse of a finite number: the whole string, no leading blanks, no
 * trailing junk, no NaN/inf, no overflow or underflow (1e-400).  0 on success. */
int db_parse_number(const char *s, double *out);
/* as db_parse_number and > 0 */
int db_parse_positive(const char *s, double *out);

/* the tolerances a run accepts (--tol, --rtol, --atol, ladders): below
 * DB_TOL_MIN a double cannot reach them (about 50 ulp relative), above
 * DB_TOL_MAX they ask for no accuracy at all (docs/limits.md) */
#define DB_TOL_MIN 1e-14
#define DB_TOL_MAX 1.0
/* 1 if x is a tolerance in [DB_TOL_MIN, DB_TOL_MAX] */
int db_tol_ok(double x);
/* strict non-negative integer (decimal digits only) that fits in a long */
int db_parse_count(const char *s, long *out);

/* "pendulum" or "pendulum:A": the problem and the scenario index (default 0);
 * dies on unknown names */
const struct db_problem *db_cli_problem(const char *spec, int *scenario);

/* apply "NAME=VALUE" to par[] (nparams values) of prob: dies on an unknown
 * name, a bad number, a value out of [min, max] or a non-integer for integer
 * parameters.  Sets bit i of *set. */
void db_cli_param(const struct db_problem *prob, const char *assign, double *par,
                  unsigned *set);
/* par[i] = default of every parameter of prob */
void db_cli_param_defaults(const struct db_problem *prob, double *par);

/* a tolerance ladder: "1e-3:1e-10" (every decade from the first to the last) or
 * a comma list "1e-4,1e-6".  Returns the count, dies on bad input. */
int db_cli_tols(const char *s, double *tols, int maxtols);

/* split a comma list into at most maxitems pointers into buf (a copy of s of
 * size buflen); returns the count, dies on empty items or overflow */
int db_cli_split(const char *s, char *buf, size_t buflen, const char **items, int maxitems);

/* the value of option argv[*i] (argv[*i + 1]); dies if absent, advances *i */
const char *db_cli_value(int argc, char **argv, int *i);

/* the option forms users type, made the ones the commands parse: "--opt=value"
 * becomes "--opt" "value" (at the first '='), and "-pVALUE", "-fVALUE",
 * "-sVALUE" become "-p" "VALUE" (the short options that take a value).  argv
 * is rewritten in place into *out (2 * argc + 1 entries, caller's storage);
 * returns the new count.  Nothing else changes ("--" ends the rewriting). */
int db_cli_normalize(int argc, char **argv, char **out, char *buf, size_t buflen);

#endif
