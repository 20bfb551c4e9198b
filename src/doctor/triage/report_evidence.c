/* An evidence record (docs/schema.md, "Evidence record v1") -> the facts
 * shape the rules read. null in the record means unknown, so it is left out
 * rather than turned into a value. */
#include <stdio.h>
#include <string.h>

#include "doctor/report.h"
#include "facts/fact.h"
#include "schema/check.h"
#include "schema/evidence.h"
#include "schema/facts.h"
#include "schema/observed.h"
#include "schema/probe.h"
#include "util/json.h"

/* The fact pf names (schema/evidence.h), from its platform field when it is known. */
static void platform_fact(json_t *facts, const json_t *plat, const jg_platform_fact *pf)
{
    const jg_field *row = &jg_fields_platform[pf->key];
    json_t *v = jg_doc_node(plat, row);
    const json_t *st = json_object_get(JG_OBJ(platform, plat, fact_status), row->path);
    if ((!v || json_is_null(v)) && !json_is_object(st))
        return;
    char src[96];
    snprintf(src, sizeof src, "evidence:%s.%s.%s", JG_PATH(stmt, predicate),
             JG_PATH(pred, platform), row->path);
    json_t *f = v && !json_is_null(v) ? jg_fact_ok(json_deep_copy(v), src) : jg_fact_unknown(src, NULL);
    if (json_is_object(st)) { /* the recorded status and reason, unchanged (issue 14) */
        const char *key2;
        json_t *m;
        json_object_foreach((json_t *)st, key2, m)
            if (json_is_string(m) && (strcmp(key2, "status") != 0 ||
                                      (!jg_fact_value(f) && strcmp(json_string_value(m), "ok") != 0)))
                json_object_set(f, key2, m);
    }
    jg_ff_set(facts, pf->field, f);
}

static void platform_part(json_t *facts, const json_t *plat)
{
    for (size_t i = 0; i < JG_PLATFORM_NFACTS; i++)
        platform_fact(facts, plat, &jg_platform_facts[i]);
    if (JG_IS_INT(platform, plat, driver_version))
        JG_OBS_SET_INT(JG_FACT_ROBJ(facts, observed), driver_version,
                       JG_INT(platform, plat, driver_version, 0));
    const char *tv = JG_STR(platform, plat, torch), *tc = JG_STR(platform, plat, torch_cuda);
    if (tv)
        jg_ff_set(facts, JG_FF_python_torch_version, json_string(tv));
    if (tc)
        jg_ff_set(facts, JG_FF_python_torch_cuda, json_string(tc));
}

/* A check's status and reason, at the probe-shaped fields the rules read. */
static void set_status(json_t *facts, jg_ff status, jg_ff reason, const json_t *check)
{
    jg_ff_set(facts, status, json_incref(JG_NODE(check, check, status)));
    json_t *r = JG_NODE(check, check, reason);
    if (json_is_string(r))
        jg_ff_set(facts, reason, json_incref(r));
}

/* A check's structured CUDA error (schema/probe.h) -> observed.cuda_errors,
 * as a pasted one. */
static void check_cuda_error(json_t *facts, const char *id, const json_t *check)
{
    const json_t *err = JG_OBJ(checkm, JG_OBJ(check, check, measurements), cuda_error);
    json_t *code = JG_NODE(cuerr, err, code);
    if (!json_is_integer(code))
        return;
    json_t *obs = JG_FACT_ROBJ(facts, observed);
    json_t *errs = JG_OBS_LIST(obs, cuda_errors);
    if (!errs) {
        errs = json_array();
        JG_OBS_SET_LIST(obs, cuda_errors, errs);
    }
    json_t *e = json_object();
    JG_SET(item, e, code, json_incref(code));
    const char *name = JG_STR(cuerr, err, name), *call = JG_STR(cuerr, err, call);
    JG_SET(item, e, call, call ? json_string(call) : json_null());
    JG_SET(item, e, text, json_sprintf("check %s: %s%s%s", id, name ? name : "CUDA error",
                                       call ? " from " : "", call ? call : ""));
    json_array_append_new(errs, e);
}

/* One check -> the probe-shaped place the rules look at. */
static void check_part(json_t *facts, const json_t *check)
{
    const char *id = JG_STR(check, check, id), *st = JG_STR(check, check, status);
    if (!id || !st)
        return;
    bool pass = strcmp(st, "pass") == 0, fail = strcmp(st, "fail") == 0;
    if (strcmp(id, "native.tensor_op") == 0)
        set_status(facts, JG_FF_cuda_tensor_op_status, JG_FF_cuda_tensor_op_reason, check);
    else if (strcmp(id, "torch.tensor_op") == 0)
        set_status(facts, JG_FF_python_tensor_op_status, JG_FF_python_tensor_op_reason, check);
    else if (strcmp(id, "torch.cuda_available") == 0 && (pass || fail))
        jg_ff_set(facts, JG_FF_python_torch_cuda_available, json_boolean(pass));
    else if (strcmp(id, "torch.cuda_build") == 0 && fail)
        jg_ff_set(facts, JG_FF_python_torch_cuda, json_null());
    else if (strcmp(id, "torch.import") == 0 && (pass || fail))
        jg_ff_set(facts, JG_FF_python_torch_imported, json_boolean(pass));
    else if (strcmp(id, "torch.bnb_nf4") == 0 && (pass || fail)) {
        jg_ff_set(facts, JG_FF_python_bitsandbytes_installed, json_true());
        set_status(facts, JG_FF_python_bitsandbytes_nf4_status, JG_FF_python_bitsandbytes_nf4_reason,
                   check);
    }
    check_cuda_error(facts, id, check);
}

json_t *jg_facts_from_evidence(const json_t *st)
{
    json_t *facts = json_object();
    jg_ff_set(facts, JG_FF_schema, json_string("jetgate.facts/1"));
    jg_ff_set(facts, JG_FF_mode, json_string("evidence"));
    jg_ff_set(facts, JG_FF_observed, json_object());
    const json_t *pred = JG_OBJ(stmt, st, predicate);
    platform_part(facts, JG_OBJ(pred, pred, platform));
    size_t i;
    json_t *c;
    json_array_foreach(JG_OBJS(pred, pred, checks), i, c)
        check_part(facts, c);
    return facts;
}
