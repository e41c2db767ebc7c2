/* fuzz_reference.c — libFuzzer harness of THE reference loader (harness/
 * reference.c, db_ref_load): the input becomes the reference file of a problem
 * without exact solution ($DAEBENCH_FUZZ_PROBLEM, default andrews) in a private
 * directory named by DAEBENCH_REFERENCE_DIR, and is loaded for the problem's
 * default scenario and parameters.  Rejecting is fine; a crash, a sanitizer
 * report, a leak, or an accepted reference holding a non-finite value is a
 * finding (abort). */
#include <math.h>

#include "fuzz_common.h"
#include "harness/cli/cli.h"
#include "reference/reference.h"
#include "testset/registry.h"

static const db_problem *prob;
static db_mech mech;
static double par[DB_MAX_PARAMS];
static char path[1024];

static void setup(void)
{
    const char *name = getenv("DAEBENCH_FUZZ_PROBLEM");
    prob = db_problem_find(name && *name ? name : "andrews");
    if (!prob || prob->exact || prob->nparams > DB_MAX_PARAMS) {
        fprintf(stderr, "fuzz_reference: no such problem without exact solution\n");
        abort();
    }
    setenv("DAEBENCH_REFERENCE_DIR", fuzz_tmpdir(), 1);
    db_cli_param_defaults(prob, par);
    char msg[256];
    if (prob->setup(&mech, 0, par, msg, sizeof msg) != 0) {
        fprintf(stderr, "fuzz_reference: setup of %s failed: %s\n", prob->name, msg);
        abort();
    }
    db_ref_path(prob, 0, path, sizeof path);
    fuzz_remember(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!prob)
        setup();
    fuzz_write_file(path, data, size);
    db_ref ref;
    char err[512] = "";
    if (db_ref_load(&ref, prob, 0, par, &mech, err, sizeof err) != 0) {
        /* a rejection is one line (err was read uninitialised on success before:
         * stack garbage with a newline made CI report a crash no input caused) */
        if (strchr(err, '\n'))
            abort();
        return 0;
    }
    if (ref.have) {
        for (int k = 0; k < ref.grid.nt; k++)
            if (!isfinite(ref.t[k]))
                abort();
        for (int g = 0; g < DB_NGROUPS; g++)
            for (long i = 0; i < (long)ref.grid.nt * ref.grid.size[g]; i++)
                if (!isfinite(ref.grid.x[g][i]))
                    abort();
        for (int g = 0; g < DB_NGROUPS; g++)
            for (int i = 0; i < ref.grid.size[g]; i++)
                if (!isfinite(ref.end[g][i]))
                    abort();
    }
    db_ref_free(&ref);
    return 0;
}
