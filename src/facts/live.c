/* The live layers of the facts: the CUDA driver probe (libcuda in a child)
 * and the Python probe. Under --root they are "not_probed", never failures.
 */
#include "facts/fact.h"
#include "facts/sections.h"

#include "cuda/probe.h"
#include "python/pyprobe.h"

static json_t *driver_layer(const jg_collect_opts *o)
{
    if (!o->probe_cuda)
        return jg_fact_not_probed("the driver probe was not asked for (--files-only)");
    jg_cuda_opts co = {.timeout_s = o->timeout_s};
    return jg_cuda_probe("driver", &co);
}

static json_t *python_layer(const jg_collect_opts *o)
{
    if (!o->python)
        return jg_fact_not_probed("the Python probe was not asked for (--files-only)");
    jg_py_opts po = {.python = o->python, .timeout_s = o->timeout_s, .full = false};
    return jg_python_probe(&po);
}

void facts_add_live_layers(json_t *doc, const jg_collect_opts *o, bool live)
{
    if (!live) {
        json_object_set_new(doc, "cuda_driver", jg_fact_not_probed("--root: live probes are not run"));
        json_object_set_new(doc, "python", jg_fact_not_probed("--root: live probes are not run"));
        return;
    }
    json_object_set_new(doc, "cuda_driver", driver_layer(o));
    json_object_set_new(doc, "python", python_layer(o));
}
