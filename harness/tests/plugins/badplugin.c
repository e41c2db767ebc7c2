/* badplugin.c — broken solver plugins for harness/tests/plugin_bad.sh, one per
 * BAD_* macro (harness/tests/plugin_tests.cmake builds each as its own shared
 * object): another major ABI version, a newer minor one, a missing symbol, a
 * crash and a hang while loading, a solver name already taken, a bad name, an
 * unknown status with a multi-line message, and a solver that crashes
 * or loops ignoring its budgets (--variant crash|loop, or $BADPLUGIN_MODE for
 * bench, which has no --variant).  Issue 28: a plugin that ends the process
 * while loading (exit(0) in describe, exit(0) or _exit(2) in a constructor),
 * and solvers the harness must not vouch for (--variant negative: a negative
 * counter; escape: a message with ESC, 0x01 and invalid UTF-8; copy: y0
 * everywhere without evaluating anything; ignore: 722 steps of 4 evaluations
 * of F whatever the budget; ignore1: the same with 1 evaluation per step). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

#if defined(BAD_CTOREXIT) || defined(BAD_CTOREXIT2)
__attribute__((constructor)) static void end_on_load(void)
{
#if defined(BAD_CTOREXIT)
    exit(0);
#else
    _exit(2);
#endif
}
#endif

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
#if defined(BAD_EXITDESCRIBE)
    exit(0);
#endif
#if defined(BAD_TAKEN)
    snprintf(d->name, sizeof d->name, "radau5");
#elif defined(BAD_NAME)
    snprintf(d->name, sizeof d->name, "bad name");
#elif defined(BAD_FIXED_MODE)
    snprintf(d->name, sizeof d->name, "h_%s", BAD_FIXED_MODE); /* one mode per plugin */
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
#if defined(BAD_FIXED_MODE)
    const char *mode = BAD_FIXED_MODE;
    (void)o;
#else
    const char *mode = o->variant ? o->variant : getenv("BADPLUGIN_MODE");
#endif
    if (mode && strcmp(mode, "crash") == 0)
        die_now();
    if (mode && strcmp(mode, "loop") == 0)
        for (volatile long spin = 0;; spin++)
            c->steps = spin & 0xff;
    int copy = mode && strcmp(mode, "copy") == 0;
    int negative = mode && strcmp(mode, "negative") == 0;
    int per_step = mode && strcmp(mode, "ignore") == 0 ? 4 : mode && strcmp(mode, "ignore1") == 0;
    int escape = mode && strcmp(mode, "escape") == 0;
    /* random: outputs that leave the constraints, from the middle of the run on */
    int random = mode && strcmp(mode, "random") == 0;
    double F[64];
    if (!copy && dae->neq <= 64)
        for (long s = 0; s < (per_step ? 722 : 1); s++)
            for (int e = 0; e < (per_step ? per_step : 1); e++)
                dae->rhs(dae->ctx, dae->t0, dae->y0, F);
    /* the initial values everywhere, then a status daebench does not know */
    for (int t = 0; t < out->nt; t++)
        memcpy(out->y + (size_t)t * dae->n, dae->y0, sizeof(double) * (size_t)dae->n);
    c->steps = per_step ? 722 : 1;
    if (random) {
        unsigned long x = 12345;
        for (int t = out->nt / 2; t < out->nt; t++)
            for (int i = 0; i < dae->n; i++) {
                x = x * 6364136223846793005UL + 1442695040888963407UL;
                out->y[(size_t)t * dae->n + i] = (double)(x >> 11) / 9007199254740992.0 * 2 - 1;
            }
        return DBP_OK;
    }
    if (copy || per_step)
        return DBP_OK;
    if (negative) {
        c->solves = -5;
        return DBP_OK;
    }
    if (escape) {
        snprintf(msg, msglen, "esc\x1b[2J ctl\x01 bad\xff\xfe utf8 \xc3\xa9 end");
        return DBP_FAIL_NEWTON;
    }
    snprintf(msg, msglen, "first line\nsecond line");
    return 99;
}
#endif
