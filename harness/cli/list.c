/* list.c — "daebench list [--json]": the problems with their scenarios,
 * parameters and formulations, and the solvers with the formulations they accept
 * (DESIGN.md §"JSON", list --json). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "harness/cli/help.h"
#include "harness/cli/cli.h"
#include "harness/cli/commands.h"
#include "io/jsonio.h"
#include "harness/cli/names.h"
#include "harness/run/plugin.h"
#include "solvers/solver.h"
#include "testset/registry.h"

static cJSON *forms_json(unsigned mask)
{
    cJSON *a = cJSON_CreateArray();
    for (int f = 0; f < DB_NFORMS; f++)
        if (mask & DB_FORM_BIT(f))
            cJSON_AddItemToArray(a, cJSON_CreateString(db_form_name((db_form)f)));
    return a;
}

static cJSON *list_json(void)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *probs = cJSON_AddArrayToObject(root, "problems");
    for (int i = 0; db_problems[i]; i++) {
        const db_problem *p = db_problems[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", p->name);
        cJSON_AddStringToObject(o, "title", p->title ? p->title : "");
        cJSON *sc = cJSON_AddArrayToObject(o, "scenarios");
        for (int k = 0; k < p->nscenarios; k++)
            cJSON_AddItemToArray(sc, cJSON_CreateString(p->scenarios[k].name));
        cJSON *pa = cJSON_AddArrayToObject(o, "params");
        for (int k = 0; k < p->nparams; k++) {
            const db_param_spec *ps = &p->params[k];
            cJSON *q = cJSON_CreateObject();
            cJSON_AddStringToObject(q, "name", ps->name);
            cJSON_AddItemToObject(q, "default", db_json_num(ps->def));
            cJSON_AddItemToObject(q, "min", db_json_num(ps->min));
            cJSON_AddItemToObject(q, "max", db_json_num(ps->max));
            cJSON_AddBoolToObject(q, "integer", ps->integer);
            cJSON_AddItemToArray(pa, q);
        }
        /* every problem is built into all six formulations by the generic builder */
        cJSON_AddItemToObject(o, "formulations", forms_json((1u << DB_NFORMS) - 1));
        cJSON_AddItemToArray(probs, o);
    }
    cJSON_AddItemToObject(root, "formulations", forms_json((1u << DB_NFORMS) - 1));
    cJSON *sol = cJSON_AddArrayToObject(root, "solvers");
    for (int i = 0; db_solvers[i]; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", db_solvers[i]->name);
        cJSON_AddStringToObject(o, "title", db_solvers[i]->title ? db_solvers[i]->title : "");
        cJSON_AddItemToObject(o, "formulations", forms_json(db_solvers[i]->forms));
        const db_plugin_file *pf = db_plugin_of(db_solvers[i]);
        if (pf) {   /* loaded with --plugin */
            cJSON *pl = cJSON_AddObjectToObject(o, "plugin");
            cJSON_AddStringToObject(pl, "file", pf->path);
            cJSON_AddStringToObject(pl, "sha256", pf->sha256);
        }
        cJSON_AddItemToArray(sol, o);
    }
    /* optional solvers known to the catalogue but not built (names.h) */
    const db_optional_solver *miss[8];
    int nm = db_optional_missing_all(miss, 8);
    cJSON *nb = cJSON_AddArrayToObject(root, "not_built");
    for (int i = 0; i < nm; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", miss[i]->name);
        cJSON_AddStringToObject(o, "package", miss[i]->package);
        cJSON_AddItemToArray(nb, o);
    }
    return root;
}

static void list_text(void)
{
    printf("problems:\n");
    for (int i = 0; db_problems[i]; i++) {
        const db_problem *p = db_problems[i];
        printf("  %-22s %s\n", p->name, p->title ? p->title : "");
        printf("    scenarios:");
        for (int k = 0; k < p->nscenarios; k++)
            printf(" %s%s", p->scenarios[k].name, k == 0 ? " (default)" : "");
        printf("\n");
        for (int k = 0; k < p->nparams; k++) {
            const db_param_spec *ps = &p->params[k];
            printf("    param %s = %g in [%g, %g]%s\n", ps->name, ps->def, ps->min, ps->max,
                   ps->integer ? ", integer" : "");
        }
    }
    printf("formulations:");
    for (int f = 0; f < DB_NFORMS; f++)
        printf(" %s", db_form_name((db_form)f));
    printf("\nsolvers:\n");
    for (int i = 0; db_solvers[i]; i++) {
        printf("  %-10s", db_solvers[i]->name);
        for (int f = 0; f < DB_NFORMS; f++)
            if (db_solvers[i]->forms & DB_FORM_BIT(f))
                printf(" %s", db_form_name((db_form)f));
        printf("   %s", db_solvers[i]->title ? db_solvers[i]->title : "");
        const db_plugin_file *pf = db_plugin_of(db_solvers[i]);
        if (pf)
            printf("  [plugin %s]", pf->path);
        printf("\n");
    }
    const db_optional_solver *miss[8];
    int nm = db_optional_missing_all(miss, 8);
    for (int i = 0; i < nm; i++)
        printf("  %-10s not built: %s (install %s, as scripts/setup.sh does, and rebuild)\n",
               miss[i]->name, miss[i]->what, miss[i]->package);
}

int db_cmd_list(int argc, char **argv)
{
    int json = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else
            db_die_unknown_option("list", argv[i]);
    }
    if (!json) {
        list_text();
        return 0;
    }
    cJSON *root = list_json();
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        db_die("list: out of memory");
    printf("%s\n", text);
    cJSON_free(text);
    return 0;
}
