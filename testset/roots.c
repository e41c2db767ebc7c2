/* roots.c — which problems have a root-finding experiment in the sources, and the
 * function that installs each (roots.h). */
#include <string.h>

#include "roots.h"

static const struct {
    const char *problem;
    void (*install)(db_mech *m);
} roots_table[] = {
    {"andrews", db_andrews_roots},                 /* seed 001 §5.2: five roots */
    {"insulator_chain", db_insulator_chain_roots}, /* seed 001 §5.4: t_root = 0.1283 */
};

int db_roots_install(const db_problem *p, db_mech *m)
{
    for (size_t i = 0; i < sizeof roots_table / sizeof roots_table[0]; i++)
        if (strcmp(p->name, roots_table[i].problem) == 0) {
            roots_table[i].install(m);
            return 0;
        }
    return -1;
}
