/* record.c — run result → run record (cJSON), field names after DESIGN.md
 * §"JSON" (a contract: rename nothing); reading a record's identity back. */
#include <stdio.h>
#include <string.h>

#include "io/jsonio.h"
#include "harness/run/plugin.h"
#include "harness/results/record.h"

static cJSON *groups(const double v[DB_NGROUPS])
{
    cJSON *o = cJSON_CreateObject();
    for (int g = 0; g < DB_NGROUPS; g++)
        cJSON_AddItemToObject(o, db_group_names[g], db_json_num(v[g]));
    return o;
}

cJSON *db_record_json(const db_run_result *res)
{
    const db_run_spec *s = &res->spec;
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "problem", s->prob->name);
    cJSON_AddStringToObject(r, "scenario", s->prob->scenarios[s->scenario].name);
    cJSON *par = cJSON_AddObjectToObject(r, "params");
    for (int i = 0; i < s->prob->nparams; i++)
        cJSON_AddItemToObject(par, s->prob->params[i].name, db_json_num(s->par[i]));
    cJSON_AddStringToObject(r, "formulation", db_form_name(s->form));
    cJSON_AddStringToObject(r, "solver", s->solver->name);
    const db_plugin_file *pf = db_plugin_of(s->solver);
    if (pf) {   /* a solver loaded with --plugin: which file, which build of it */
        cJSON *pl = cJSON_AddObjectToObject(r, "plugin");
        cJSON_AddStringToObject(pl, "file", pf->path);
        cJSON_AddStringToObject(pl, "sha256", pf->sha256);
    }
    if (s->variant)
        cJSON_AddStringToObject(r, "variant", s->variant);
    cJSON_AddItemToObject(r, "rtol", db_json_num(s->rtol));
    cJSON_AddItemToObject(r, "atol", db_json_num(s->atol));
    cJSON_AddStringToObject(r, "status", res->status);
    if (strcmp(res->status, "failed") == 0)
        cJSON_AddStringToObject(r, "reason", res->reason);
    cJSON_AddStringToObject(r, "message", res->message);
    cJSON_AddItemToObject(r, "cpu_seconds", db_json_num(res->cpu_seconds));
    cJSON_AddNumberToObject(r, "repeats", res->repeats);

    const db_counters *c = &res->counters;
    cJSON *cnt = cJSON_AddObjectToObject(r, "counters");
    cJSON_AddNumberToObject(cnt, "steps", (double)c->steps);
    cJSON_AddNumberToObject(cnt, "rejected", (double)c->rejected);
    cJSON_AddNumberToObject(cnt, "f_evals", (double)c->f_evals);
    cJSON_AddNumberToObject(cnt, "jac_evals", (double)c->jac_evals);
    cJSON_AddNumberToObject(cnt, "decompositions", (double)c->decompositions);
    cJSON_AddNumberToObject(cnt, "solves", (double)c->solves);
    for (int i = 0; i < c->nextra && i < DB_MAX_EXTRA; i++)
        if (c->extra[i].name && !cJSON_GetObjectItemCaseSensitive(cnt, c->extra[i].name))
            cJSON_AddNumberToObject(cnt, c->extra[i].name, (double)c->extra[i].value);

    cJSON *err = cJSON_AddObjectToObject(r, "error");
    /* the measures by their true names (measure_names.h; files before issue 14
     * held the group-scaled one as "scd") */
    cJSON_AddItemToObject(err, "gscd", db_json_num(res->scd));
    cJSON_AddItemToObject(err, "mescd", db_json_num(res->mescd));
    cJSON_AddItemToObject(err, "ivp_scd", db_json_num(res->ivp_scd));
    cJSON_AddItemToObject(err, "lambda_scd", db_json_num(res->lambda_scd));
    cJSON_AddItemToObject(err, "end", groups(res->err_end));
    cJSON_AddItemToObject(err, "grid", groups(res->err_grid));
    /* run --step-points (docs/json.md): the errors at the solver's own step points */
    if (res->spec.step_points && strcmp(res->status, "ok") == 0) {
        cJSON *sp = cJSON_AddObjectToObject(r, "step_points");
        cJSON_AddNumberToObject(sp, "n", (double)res->nsteppts);
        cJSON_AddItemToObject(sp, "error", groups(res->step_err));
        if (res->step_ref[0]) {
            cJSON_AddStringToObject(sp, "reference", res->step_ref);
            cJSON_AddItemToObject(sp, "reference_digits", groups(res->step_ref_digits));
        }
    }

    cJSON *rs = cJSON_AddObjectToObject(r, "residual");
    cJSON_AddItemToObject(rs, "position", db_json_num(res->residual[0]));
    cJSON_AddItemToObject(rs, "velocity", db_json_num(res->residual[1]));
    cJSON_AddItemToObject(rs, "acceleration", db_json_num(res->residual[2]));
    cJSON_AddItemToObject(r, "invariant_drift", db_json_num(res->invariant_drift));

    if (res->have_end) {
        cJSON *e = cJSON_AddObjectToObject(r, "end");
        cJSON_AddItemToObject(e, "t", db_json_num(res->t_end));
        for (int g = 0; g < DB_NGROUPS; g++)
            cJSON_AddItemToObject(e, db_group_names[g],
                                  db_json_numarray(res->end[g], res->size[g]));
    } else {
        cJSON_AddNullToObject(r, "end");
    }
    return r;
}

int db_record_id_read(const cJSON *r, const char *what, db_record_id *id, char *err,
                      size_t errlen)
{
    if (!cJSON_IsObject(r)) {
        snprintf(err, errlen, "%s%snot an object", what ? what : "", what ? " is " : "");
        return -1;
    }
    if (db_json_string(r, "problem", &id->problem, err, errlen) ||
        db_json_string(r, "scenario", &id->scenario, err, errlen) ||
        db_json_string(r, "formulation", &id->formulation, err, errlen) ||
        db_json_string(r, "solver", &id->solver, err, errlen) ||
        db_json_string(r, "status", &id->status, err, errlen) ||
        db_json_number(r, "rtol", &id->rtol, err, errlen))
        return -1;
    return 0;
}
