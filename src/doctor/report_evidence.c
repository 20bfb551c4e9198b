/* An evidence record (docs/schema.md, "Evidence record v1") -> the facts
 * shape the rules read. null in the record means unknown, so it is left out
 * rather than turned into a value. */
#include <stdio.h>
#include <string.h>

#include "doctor/report.h"
#include "facts/fact.h"
#include "util/json.h"

static json_t *child(json_t *o, const char *key)
{
    json_t *c = json_object_get(o, key);
    if (!c) {
        c = json_object();
        json_object_set_new(o, key, c);
    }
    return c;
}

/* Set facts.<section>.<key> from platform.<pkey> when it is known. */
static void platform_fact(json_t *facts, const json_t *plat, const char *pkey,
                          const char *section, const char *key)
{
    json_t *v = json_object_get(plat, pkey);
    const json_t *st = json_object_get(json_object_get(plat, "fact_status"), pkey);
    if ((!v || json_is_null(v)) && !json_is_object(st))
        return;
    char src[96];
    snprintf(src, sizeof src, "evidence:predicate.platform.%s", pkey);
    json_t *sec = child(facts, section);
    if (strcmp(key, "pretty_name") == 0)
        sec = child(sec, "os");
    json_t *f = v && !json_is_null(v) ? jg_fact_ok(json_deep_copy(v), src) : jg_fact_unknown(src, NULL);
    if (json_is_object(st)) { /* the recorded status and reason, unchanged (issue 14) */
        const char *key2;
        json_t *m;
        json_object_foreach((json_t *)st, key2, m)
            if (json_is_string(m) && (strcmp(key2, "status") != 0 ||
                                      (!jg_fact_value(f) && strcmp(json_string_value(m), "ok") != 0)))
                json_object_set(f, key2, m);
    }
    json_object_set_new(sec, key, f);
}

static void platform_part(json_t *facts, const json_t *plat)
{
    static const char *const map[][3] = {
        {"arch", "host", "arch"},           {"os", "host", "pretty_name"},
        {"is_jetson", "jetson", "is_jetson"}, {"module_part", "module", "part_number"},
        {"module_name", "module", "name"},  {"memory_class", "module", "memory_class"},
        {"soc", "module", "soc"},           {"compute_capability", "module", "compute_capability"},
        {"identified_by", "module", "identified_by"},
        {"l4t", "l4t", "version"},          {"jetpack", "jetpack", "version"},
        {"cuda_toolkit", "cuda", "toolkit"}, {"cudnn", "cuda", "cudnn"},
        {"tensorrt", "cuda", "tensorrt"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        platform_fact(facts, plat, map[i][0], map[i][1], map[i][2]);
    json_t *obs = child(facts, "observed");
    json_t *dv = json_object_get(plat, "driver_version");
    if (json_is_integer(dv))
        json_object_set(obs, "driver_version", dv);
    json_t *torch = child(child(facts, "python"), "torch");
    const char *tv = json_string_value(json_object_get(plat, "torch"));
    const char *tc = json_string_value(json_object_get(plat, "torch_cuda"));
    if (tv)
        json_object_set_new(torch, "version", json_string(tv));
    if (tc)
        json_object_set_new(torch, "cuda", json_string(tc));
}

static void set_status(json_t *o, const json_t *check)
{
    json_object_set(o, "status", json_object_get(check, "status"));
    json_t *r = json_object_get(check, "reason");
    if (json_is_string(r))
        json_object_set(o, "reason", r);
}

/* One check -> the probe-shaped place the rules look at. */
static void check_part(json_t *facts, const json_t *check)
{
    const char *id = jg_json_str(check, "id");
    const char *st = jg_json_str(check, "status");
    if (!id || !st)
        return;
    bool pass = strcmp(st, "pass") == 0, fail = strcmp(st, "fail") == 0;
    json_t *py = child(facts, "python"), *torch = child(py, "torch");
    if (strcmp(id, "native.tensor_op") == 0)
        set_status(child(facts, "cuda_tensor_op"), check);
    else if (strcmp(id, "torch.tensor_op") == 0)
        set_status(child(py, "tensor_op"), check);
    else if (strcmp(id, "torch.cuda_available") == 0 && (pass || fail))
        json_object_set_new(torch, "cuda_available", json_boolean(pass));
    else if (strcmp(id, "torch.cuda_build") == 0 && fail)
        json_object_set_new(torch, "cuda", json_null());
    else if (strcmp(id, "torch.import") == 0 && (pass || fail))
        json_object_set_new(torch, "imported", json_boolean(pass));
    else if (strcmp(id, "torch.bnb_nf4") == 0 && (pass || fail)) {
        json_t *bnb = child(py, "bitsandbytes");
        json_object_set_new(bnb, "installed", json_true());
        set_status(child(bnb, "nf4"), check);
    }
    json_t *code = jg_json_at(check, "measurements.cuda_error.code");
    if (json_is_integer(code)) {
        json_t *obs = child(facts, "observed");
        json_t *errs = json_object_get(obs, "cuda_errors");
        if (!errs) {
            errs = json_array();
            json_object_set_new(obs, "cuda_errors", errs);
        }
        json_t *e = json_object();
        json_object_set(e, "code", code);
        const char *name = jg_json_str(check, "measurements.cuda_error.name");
        const char *call = jg_json_str(check, "measurements.cuda_error.call");
        json_object_set_new(e, "call", call ? json_string(call) : json_null());
        json_object_set_new(e, "text", json_sprintf("check %s: %s%s%s", id, name ? name : "CUDA error",
                                                    call ? " from " : "", call ? call : ""));
        json_array_append_new(errs, e);
    }
}

json_t *jg_facts_from_evidence(const json_t *st)
{
    json_t *facts = json_object();
    json_object_set_new(facts, "schema", json_string("jetgate.facts/1"));
    json_object_set_new(facts, "mode", json_string("evidence"));
    platform_part(facts, jg_json_at(st, "predicate.platform"));
    size_t i;
    json_t *c;
    json_array_foreach(jg_json_at(st, "predicate.checks"), i, c)
        check_part(facts, c);
    return facts;
}
