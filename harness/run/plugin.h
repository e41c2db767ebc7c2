/* plugin.h (harness) — loading solver plugins (--plugin PATH.so) and adapting
 * them to the in-repo solver interface (solvers/solver.h).  The ABI a plugin
 * implements is the public include/daebench/plugin.h; docs/plugin.md. */
#ifndef DAEBENCH_HARNESS_PLUGIN_H
#define DAEBENCH_HARNESS_PLUGIN_H

#include "solvers/solver.h"

#define DB_MAX_PLUGIN_SOLVERS 32

/* What the harness checks of a plugin's integration itself (issue 28), whatever
 * the plugin says: a negative counter, or the status ok without one call of F,
 * a Jacobian or the mechanical system, fails the run "invalid"; more calls of
 * F and the Jacobians than max_steps (DB_PLUGIN_DEFAULT_STEPS when 0) times
 * DB_PLUGIN_EVALS_PER_STEP(n) make every further call fail and the run fail
 * "budget", and so does the status ok with steps + rejected > max_steps. */
#define DB_PLUGIN_DEFAULT_STEPS 100000L
#define DB_PLUGIN_EVALS_PER_STEP(n) (16L + 2L * (long)(n))

/* a loaded plugin file */
typedef struct {
    char path[1024];       /* as given on the command line */
    char sha256[65];       /* of the file, as loaded */
} db_plugin_file;

/* Take every "--plugin PATH" (and "--plugin=PATH") out of argv[0..*argc-1]
 * (a subcommand's arguments), load each plugin and register its solvers;
 * *argc shrinks.  Bad input — a file that cannot be loaded, a missing symbol,
 * another ABI version, a bad solver name or one already taken, a plugin that
 * crashes or hangs while loading — ends with one line and exit status 2. */
void db_plugin_args(int *argc, char **argv);

/* load one plugin (dies as above) */
void db_plugin_load(const char *path);

/* the plugin file a solver comes from, or NULL for a built-in solver */
const db_plugin_file *db_plugin_of(const db_solver *s);

/* s->integrate in a child process under a CPU limit ($DAEBENCH_CPU_LIMIT
 * seconds, else 3600): a crash or an overrun is a failed integration
 * (DB_FAIL_INPUT, "killed by signal N"), not a crash of the caller; the output
 * values, counters and message come back through a pipe.  For the callers that
 * do not run in a child already (reference generation, refgen.c). */
db_status db_plugin_integrate_isolated(const db_solver *s, const db_dae *d,
                                       const db_solver_opts *o, db_output *out, db_counters *c,
                                       char *msg, size_t msglen);

/* the loaded plugin files: count, and the k-th */
int db_plugin_count(void);
const db_plugin_file *db_plugin_file_at(int k);

#endif
