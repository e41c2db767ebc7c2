/* badplugin.c — broken solver plugins for harness/tests/plugin_bad.sh, one per
 * BAD_* macro (harness/tests/plugin_tests.cmake builds each as its own shared
 * object): another major ABI version, a newer minor one, a missing symbol, a
 * crash and a hang while loading, a solver name already taken, a bad name, an
 * unknown status with a multi-line message, and a solver that crashes
 * or loops ignoring its budgets (--variant crash|loop, or $BADPLUGIN_MODE for
 * bench, which has no --variant). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <daebench/plugin.h>

int daebench_plugin_abi_version(void)
{
#if defined(BAD_MAJOR)
    return DAEBENCH_PLUGIN_ABI_VERSION + 1000;
#elif defined(BAD_MINOR)
    return DAEBENCH_PLUGIN_ABI_VERSION + 1;
#else
    return DAEBENCH_PLUGIN_ABI_VERSION;
#endif
}

static inline void die_now(void)
{
    /* a real SIGSEGV, also under AddressSanitizer */
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
}

int daebench_plugin_count(void)
{
#if defined(BAD_CRASHLOAD)
    die_now();
#elif defined(BAD_HANGLOAD)
    for (volatile long spin = 0;; spin++)
        ;
#endif
    return 1;
}

int daebench_plugin_describe(int k, dbp_solver_desc *d)
{
    (void)k;
#if defined(BAD_TAKEN)
    snprintf(d->name, sizeof d->name, "radau5");
#elif defined(BAD_NAME)
    snprintf(d->name, sizeof d->name, "bad name");
#else
    snprintf(d->name, sizeof d->name, "broken");
#endif
    snprintf(d->title, sizeof d->title, "test only: a broken plugin");
    d->forms = DBP_FORM_BIT(DBP_GGL);
    return 0;
}

#if !defined(BAD_NOSYM)
int daebench_plugin_integrate(int k, const dbp_dae *dae, const dbp_options *o, dbp_output *out,
                              dbp_counters *c, char *msg, size_t msglen)
{
    (void)k;
    const char *mode = o->variant ? o->variant : getenv("BADPLUGIN_MODE");
    if (mode && strcmp(mode, "crash") == 0)
        die_now();
    if (mode && strcmp(mode, "loop") == 0)
        for (volatile long spin = 0;; spin++)
            c->steps = spin & 0xff;
    /* the initial values everywhere, then a status daebench does not know */
    for (int t = 0; t < out->nt; t++)
        memcpy(out->y + (size_t)t * dae->n, dae->y0, sizeof(double) * (size_t)dae->n);
    c->steps = 1;
    snprintf(msg, msglen, "first line\nsecond line");
    return 99;
}
#endif
