/* Assemble the facts document (docs/schema.md) from the section builders. */
#include "facts/collect.h"

#include "facts/fact.h"
#include "facts/sections.h"
#include "schema/facts.h"

/* unified_memory: known only for a Jetson's integrated GPU. */
static json_t *unified_memory(const json_t *jetson)
{
    if (json_is_true(jg_fact_value(json_object_get(jetson, "is_jetson"))))
        return jg_fact_ok(json_true(), NULL);
    return jg_fact_unknown(NULL, "not a Jetson: shared CPU/GPU memory is not known from files");
}

json_t *jg_facts_collect_files(const jg_root *r)
{
    json_t *doc = json_object();
    json_object_set_new(doc, "schema", json_string("jetgate.facts/1"));
    json_t *tool = json_object();
    json_object_set_new(tool, "name", json_string("jetgate"));
    json_object_set_new(tool, "version", json_string(JETGATE_VERSION));
    json_object_set_new(doc, "tool", tool);
    json_object_set_new(doc, "mode", json_string(r->live ? "live" : "sysroot"));

    jg_dpkg d;
    jg_dpkg_load(r, &d);
    json_t *host = jg_facts_host(r);
    json_object_set_new(doc, "host", host);
    json_t *l4t = jg_facts_l4t(r, &d);
    json_object_set_new(doc, "l4t", l4t);
    json_t *jetpack = jg_facts_jetpack(l4t, &d);
    json_object_set_new(doc, "jetpack", jetpack);
    json_t *cuda = jg_facts_cuda(r, &d);
    json_object_set_new(doc, "cuda", cuda);
    json_object_set_new(doc, "packages", jg_dpkg_section(&d));
    json_t *gpu = jg_facts_gpu(r);
    json_object_set_new(doc, "gpu", gpu);
    json_t *container = jg_facts_container(r, gpu, JG_FACT_STR(doc, host_arch));
    json_object_set_new(doc, "container", container);
    json_t *module = jg_facts_module(r, cuda, container, l4t);
    jg_module_memory_check(module, host);
    json_object_set_new(doc, "module", module);
    jg_jetpack_check_module(jetpack, l4t, module);
    json_t *jetson = jg_facts_jetson(doc);
    json_object_set_new(doc, "jetson", jetson);
    json_object_set_new(host, "unified_memory", unified_memory(jetson));
    jg_dpkg_free(&d);
    return doc;
}

json_t *jg_facts_collect(const jg_collect_opts *o)
{
    jg_root r;
    if (!jg_root_init(&r, o->root))
        return NULL;
    json_t *doc = jg_facts_collect_files(&r);
    facts_add_live_layers(doc, o, r.live);
    jg_root_free(&r);
    return doc;
}
