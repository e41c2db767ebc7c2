/* cli.c — option parsing helpers of the daebench program (DESIGN.md §"The program"):
 * every bad input ends with one line on stderr and exit status 2. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/cli/names.h"
#include "io/escape.h"
#include "testset/registry.h"

void db_die(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    /* one line, whatever the message holds: escaped for the terminal (escape.h) */
    fprintf(stderr, "daebench: %s\n", db_esc_term(buf));
    exit(DB_EXIT_BAD_INPUT);
}

int db_parse_number(const char *s, double *out)
{
    if (!s || !*s)
        return -1;
    /* strtod accepts leading blanks, "nan", "inf", hex floats: refuse all that */
    for (const char *c = s; *c; c++)
        if (!strchr("0123456789+-.eE", *c))
            return -1;
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (end == s || *end != '\0')
        return -1;
    if (errno == ERANGE || !isfinite(x))
        return -1;  /* overflow, or underflow to 0 / subnormal (1e-400) */
    if (x != 0.0 && fabs(x) < DBL_MIN)
        return -1;
    *out = x;
    return 0;
}

int db_parse_positive(const char *s, double *out)
{
    double x;
    if (db_parse_number(s, &x) != 0 || !(x > 0.0))
        return -1;
    *out = x;
    return 0;
}

int db_parse_count(const char *s, long *out)
{
    if (!s || !*s || strlen(s) > 15)
        return -1;
    long v = 0;
    for (const char *c = s; *c; c++) {
        if (*c < '0' || *c > '9')
            return -1;
        v = 10 * v + (*c - '0');
    }
    *out = v;
    return 0;
}

const db_problem *db_cli_problem(const char *spec, int *scenario)
{
    char name[128];
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    if (len == 0 || len >= sizeof name)
        db_die("bad problem '%s'", spec);
    memcpy(name, spec, len);
    name[len] = '\0';
    const db_problem *p = db_cli_problem_name(NULL, name);
    *scenario = colon ? db_cli_scenario(NULL, p, colon + 1) : 0;
    return p;
}

void db_cli_param_defaults(const db_problem *prob, double *par)
{
    for (int i = 0; i < prob->nparams; i++)
        par[i] = prob->params[i].def;
}

void db_cli_param(const db_problem *prob, const char *assign, double *par, unsigned *set)
{
    const char *eq = strchr(assign, '=');
    if (!eq || eq == assign)
        db_die("bad --param '%s' (expected NAME=VALUE)", assign);
    char name[64];
    size_t len = (size_t)(eq - assign);
    if (len >= sizeof name)
        db_die("bad --param '%s'", assign);
    memcpy(name, assign, len);
    name[len] = '\0';
    int k = db_problem_param(prob, name);
    if (k < 0)
        db_die("unknown parameter '%s' of problem %s", name, prob->name);
    const db_param_spec *ps = &prob->params[k];
    double x;
    if (db_parse_number(eq + 1, &x) != 0)
        db_die("bad value '%s' of parameter %s", eq + 1, name);
    if (x < ps->min || x > ps->max)
        db_die("parameter %s=%g out of range [%g, %g]", name, x, ps->min, ps->max);
    if (ps->integer && x != floor(x))
        db_die("parameter %s=%g must be an integer", name, x);
    par[k] = x;
    *set |= 1u << k;
}

int db_cli_split(const char *s, char *buf, size_t buflen, const char **items, int maxitems)
{
    if (strlen(s) >= buflen)
        db_die("list too long: '%.40s...'", s);
    strcpy(buf, s);
    int n = 0;
    char *c = buf;
    for (;;) {
        char *comma = strchr(c, ',');
        if (comma)
            *comma = '\0';
        if (!*c)
            db_die("empty item in list '%s'", s);
        if (n >= maxitems)
            db_die("too many items in list '%s'", s);
        items[n++] = c;
        if (!comma)
            break;
        c = comma + 1;
    }
    return n;
}

/* 1e-3 * 10^-7 is not exactly 1e-10 in binary: keep 15 digits so that the
 * ladder prints as written */
static double round15(double x)
{
    char b[40];
    snprintf(b, sizeof b, "%.15g", x);
    return strtod(b, NULL);
}

int db_tol_ok(double x)
{
    return x >= DB_TOL_MIN && x <= DB_TOL_MAX;
}

int db_cli_tols(const char *s, double *tols, int maxtols)
{
    const char *colon = strchr(s, ':');
    if (colon) {
        char a[64], b[64];
        size_t la = (size_t)(colon - s);
        if (la >= sizeof a || strlen(colon + 1) >= sizeof b)
            db_die("bad tolerance ladder '%s'", s);
        memcpy(a, s, la);
        a[la] = '\0';
        strcpy(b, colon + 1);
        double hi, lo;
        if (db_parse_positive(a, &hi) != 0 || db_parse_positive(b, &lo) != 0)
            db_die("bad tolerance ladder '%s' (expected e.g. 1e-3:1e-10)", s);
        if (lo > hi) {
            double t = lo;
            lo = hi;
            hi = t;
        }
        if (!db_tol_ok(lo) || !db_tol_ok(hi))
            db_die("bad tolerance ladder '%s' (tolerances must lie in [%g, %g])", s, DB_TOL_MIN,
                   DB_TOL_MAX);
        double decades = log10(hi / lo);
        int nd = (int)floor(decades + 1e-9);
        if (nd + 1 > maxtols)
            db_die("tolerance ladder '%s' too long", s);
        for (int k = 0; k <= nd; k++)
            tols[k] = round15(hi * pow(10.0, -k));
        return nd + 1;
    }
    char buf[1024];
    const char *items[DB_MAX_TOLS];
    int n = db_cli_split(s, buf, sizeof buf, items, maxtols < DB_MAX_TOLS ? maxtols : DB_MAX_TOLS);
    for (int k = 0; k < n; k++)
        if (db_parse_positive(items[k], &tols[k]) != 0 || !db_tol_ok(tols[k]))
            db_die("bad tolerance '%s' (expected a number in [%g, %g])", items[k], DB_TOL_MIN,
                   DB_TOL_MAX);
    return n;
}

const char *db_cli_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        db_die("option %s needs a value", argv[*i]);
    *i += 1;
    return argv[*i];
}

int db_cli_normalize(int argc, char **argv, char **out, char *buf, size_t buflen)
{
    int n = 0, done = 0;
    size_t used = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *eq = strncmp(a, "--", 2) == 0 && a[2] ? strchr(a, '=') : NULL;
        size_t klen = eq ? (size_t)(eq - a) : 2;
        if (!done && strcmp(a, "--") == 0)
            done = 1;
        if (!done && eq && klen > 2 && used + klen + 1 <= buflen) {
            memcpy(buf + used, a, klen); /* "--opt" */
            buf[used + klen] = '\0';
            out[n++] = buf + used;
            used += klen + 1;
            out[n++] = (char *)eq + 1;
        } else if (!done && a[0] == '-' && strchr("pfs", a[1]) && a[1] && a[2] &&
                   used + 3 <= buflen) {
            buf[used] = '-', buf[used + 1] = a[1], buf[used + 2] = '\0'; /* "-p" */
            out[n++] = buf + used;
            used += 3;
            out[n++] = (char *)a + 2;
        } else
            out[n++] = argv[i];
    }
    out[n] = NULL;
    return n;
}
