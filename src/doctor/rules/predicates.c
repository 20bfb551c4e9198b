/* Predicates the rules of several layers share (rules.h): environment
 * variables, counter-experiments, a CUDA failure, a missing generic CUDA
 * library, a Thor named in the report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/fact.h"
#include "util/json.h"

/* An unversioned-minor CUDA library (libcurand.so.10, libcublas.so.11) that is
 * missing means no CUDA libraries are visible at all, not a wrong version. */
bool jg_missing_generic_cuda_lib(const jg_view *v, const json_t **item)
{
    static const char *const libs[] = {"libcurand.so", "libcublas.so", "libcufft.so",
                                       "libcusparse.so", "libcusolver.so", "libnvrtc.so",
                                       "libnvToolsExt.so", "libcuda.so", NULL};
    const json_t *m = jg_missing_library(v, libs);
    if (m)
        *item = m;
    return m != NULL;
}

/* env.vars.<name> (a fact, live) or observed.env.<name> (a paste): the keys
 * are the variables' own names (facts/collect_env.c lists them). */
const char *jg_env_var(const jg_view *v, const char *name)
{
    const json_t *f = json_object_get(JG_FACT_ROBJ(v->facts, env_vars), name);
    if (f)
        return json_string_value(jg_fact_value(f));
    return json_string_value(json_object_get(JG_OBS_OBJ(v->observed, env), name));
}

const json_t *jg_experiment(const jg_view *v, enum jg_experiment_id id)
{
    const char *want = jg_experiment_id_name(id);
    size_t i;
    json_t *e;
    json_array_foreach(JG_FACT_RLIST(v->facts, experiments), i, e)
    {
        const char *eid = JG_EXPERIMENT_STR(e, id);
        if (eid && strcmp(eid, want) == 0)
            return e;
    }
    return NULL;
}

bool jg_experiment_worked(const jg_view *v, enum jg_experiment_id id)
{
    return jg_experiment_result_index(JG_EXPERIMENT_STR(jg_experiment(v, id), result)) == JG_XR_WORKS;
}

/* CUDA visibly failed: no device, torch unavailable, or the native probe failed. */
bool jg_cuda_failed(const jg_view *v)
{
    return v->torch_available == JG_NO || jg_view_cuda_error(v, 100) ||
           jg_view_signal(v, JG_SIG_no_cuda_gpus) ||
           (v->drv_status && strcmp(v->drv_status, "pass") != 0);
}

bool jg_thor_named(const jg_view *v)
{
    size_t i;
    json_t *h;
    json_array_foreach(JG_VIEW_LIST(v, jetson_hints), i, h)
    {
        if (json_string_value(h) && strstr(json_string_value(h), "Thor"))
            return true;
    }
    return false;
}
