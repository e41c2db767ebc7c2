/* fuzz_resume.c — libFuzzer harness of the bench-file reader of "daebench bench
 * --resume" (harness/sweep/resume.c): the input is loaded as the bench file to resume,
 * then looked up for a pendulum run.  Rejecting is fine (with a one-line message
 * naming the file); a crash, a sanitizer report, a leak, a multi-line or empty
 * message is a finding (abort). */
#include "fuzz_common.h"
#include "harness/sweep/resume.h"
#include "testset/registry.h"

static char path[1024];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0]) {
        snprintf(path, sizeof path, "%s/bench.json", fuzz_tmpdir());
        fuzz_remember(path);
    }
    fuzz_write_file(path, data, size);
    db_resume *r = NULL;
    char err[1024] = "";
    if (db_resume_load(path, &r, err, sizeof err) != 0) {
        if (!strstr(err, path) || strchr(err, '\n'))
            abort();
        return 0;
    }
    const db_problem *p = db_problem_find("pendulum");
    if (p && db_solvers[0]) {
        db_run_spec spec;
        db_run_spec_init(&spec, p, 0, DB_GGL, db_solvers[0], 1e-6, 1e-6);
        db_resume_find(r, &spec);
        if (db_resume_hits(r) > db_resume_records(r))
            abort();
    }
    db_resume_free(r);
    return 0;
}
