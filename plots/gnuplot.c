/* gnuplot.c — gnuplot in PATH, and one bounded run of it (gnuplot.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/cli/cli.h"
#include "plots/gnuplot.h"

#define GNUPLOT_SECONDS 120

int db_in_path(const char *prog)
{
    const char *path = getenv("PATH");
    char cand[4096];
    while (path && *path) {
        size_t len = strcspn(path, ":");
        snprintf(cand, sizeof cand, "%.*s/%s", (int)len, len ? path : ".", prog);
        if (access(cand, X_OK) == 0)
            return 1;
        path += len + (path[len] == ':');
    }
    return 0;
}

int db_gnuplot_run(const char *cmd, const char *expr, const char *script, const char *what)
{
    const char *v = getenv("DAEBENCH_GNUPLOT_LIMIT");
    long limit = GNUPLOT_SECONDS;
    if (v && (db_parse_count(v, &limit) != 0 || limit < 1 || limit > 86400))
        db_die("%s: bad DAEBENCH_GNUPLOT_LIMIT '%s' (expected 1..86400 seconds)", cmd, v);
    fflush(stdout);
    fflush(stderr);
    int fd[2];
    if (pipe(fd) != 0)
        db_die("%s: cannot start gnuplot: %s", cmd, strerror(errno));
    pid_t pid = fork();
    if (pid < 0)
        db_die("%s: cannot start gnuplot: %s", cmd, strerror(errno));
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], STDERR_FILENO);
        close(fd[1]);
        alarm((unsigned)limit); /* kept across exec: the default action ends gnuplot */
        execlp("gnuplot", "gnuplot", "-e", expr, script, (char *)NULL);
        _exit(127);
    }
    /* gnuplot's messages, but its note that it widened a flat axis (a curve whose
     * values are all equal: the diagram is right, the note is noise) */
    close(fd[1]);
    FILE *err = fdopen(fd[0], "r");
    char line[1024];
    while (err && fgets(line, sizeof line, err))
        if (strncmp(line, "Warning: empty y range", 22) != 0 &&
            strncmp(line, "Warning: empty x range", 22) != 0)
            fputs(line, stderr);
    if (err)
        fclose(err);
    else
        close(fd[0]);
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "daebench: %s: gnuplot failed on %s (%s)\n", cmd, what, script);
        return -1;
    }
    return 0;
}
