#include "doctor/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/tables.h"
#include "schema/facts.h"
#include "schema/probe.h"
#include "util/json.h"
#include "util/version.h"

static jg_tri fact_bool(const json_t *facts, const char *path)
{
    json_t *v = jg_fact_value(jg_json_at(facts, path));
    return json_is_boolean(v) ? (json_is_true(v) ? JG_YES : JG_NO) : JG_UNKNOWN;
}

/* ok -> YES, missing -> NO (a fact: not installed), anything else UNKNOWN. */
static jg_tri fact_present(const json_t *facts, const char *path)
{
    const char *s = jg_fact_status(jg_json_at(facts, path));
    if (!s)
        return JG_UNKNOWN;
    if (strcmp(s, "ok") == 0)
        return JG_YES;
    return strcmp(s, "missing") == 0 ? JG_NO : JG_UNKNOWN;
}

/* The major of the first dotted number in s ("r36.4" -> 36); 0 when none. */
static int leading_int(const char *s)
{
    if (!s)
        return 0;
    s += strcspn(s, "0123456789");
    long major = jg_dotted_part(s, 0);
    return major > 0 && major < 100000 ? (int)major : 0;
}

static jg_tri raw_bool(const json_t *o, const char *path)
{
    json_t *v = jg_json_at(o, path);
    return json_is_boolean(v) ? (json_is_true(v) ? JG_YES : JG_NO) : JG_UNKNOWN;
}

int jg_cuda_version_int(const char *v)
{
    long major = jg_dotted_part(v, 0), minor = jg_dotted_part(v, 1);
    if (major <= 0 || major > 1000)
        return 0;
    return (int)(major * 1000 + (minor > 0 && minor < 100 ? minor : 0) * 10);
}

static void driver_part(jg_view *v, const json_t *f)
{
    const json_t *d = json_object_get(f, "cuda_driver");
    v->drv_code = -1;
    v->drv_stub = JG_UNKNOWN;
    const char *st = json_string_value(json_object_get(d, "status"));
    if (!st || !json_object_get(d, "id")) /* a not_probed fact, not a probe result */
        return;
    v->drv_status = st;
    json_t *code = jg_json_at(d, "cuda_error.code");
    if (json_is_integer(code))
        v->drv_code = (int)json_integer_value(code);
    json_t *ver = jg_json_at(d, "measurements.driver_version");
    if (json_is_integer(ver))
        v->drv_version = (int)json_integer_value(ver);
    v->drv_stub = raw_bool(d, "measurements.stub");
    json_t *dev0 = json_array_get(jg_json_at(d, "measurements.devices"), 0);
    v->gpu_name = jg_json_str(dev0, "name");
    v->gpu_cc = jg_json_str(dev0, "compute_capability");
    v->native_tensor_op = jg_json_str(f, "cuda_tensor_op.status");
}

static void python_part(jg_view *v, const json_t *f)
{
    const json_t *p = json_object_get(f, "python");
    const json_t *t = json_object_get(p, "torch");
    v->torch_imported = raw_bool(t, "imported");
    v->torch_version = jg_json_str(t, "version");
    json_t *cuda = json_object_get(t, "cuda");
    v->torch_has_cuda = !cuda ? JG_UNKNOWN : json_is_string(cuda) ? JG_YES : JG_NO;
    v->torch_cuda = json_string_value(cuda);
    const char *tag = v->torch_version ? strstr(v->torch_version, "+cu") : NULL;
    int digits = 0;
    if (!cuda && tag && sscanf(tag + 3, "%d", &digits) == 1 && digits >= 100) {
        /* "+cu128": a download.pytorch.org build for CUDA 12.8 (facts.md 4.3) */
        snprintf(v->torch_cuda_from_tag, sizeof v->torch_cuda_from_tag, "%d.%d", digits / 10, digits % 10);
        v->torch_cuda = v->torch_cuda_from_tag;
        v->torch_has_cuda = JG_YES;
    }
    v->torch_available = raw_bool(t, "cuda_available");
    v->torch_arch_list = json_object_get(t, "arch_list");
    v->torch_tensor_op = jg_json_str(p, "tensor_op.status");
    v->numpy = jg_json_str(p, "packages.numpy");
    v->bnb_installed = raw_bool(p, "bitsandbytes.installed");
    v->bnb_version = jg_json_str(p, "bitsandbytes.version");
    v->bnb_nf4 = jg_json_str(p, "bitsandbytes.nf4.status");
    if (v->torch_imported == JG_UNKNOWN && v->torch_version)
        v->torch_imported = JG_YES;
}

/* What a pasted report showed fills only what the facts leave unknown. */
static void observed_part(jg_view *v)
{
    json_t *dv = json_object_get(v->observed, "driver_version");
    if (!v->drv_version && json_is_integer(dv))
        v->drv_version = (int)json_integer_value(dv);
    if (!v->gpu_cc)
        v->gpu_cc = jg_json_str(v->observed, "gpu_cc");
}

void jg_view_init(jg_view *v, const json_t *f)
{
    memset(v, 0, sizeof *v);
    v->facts = f;
    v->arch = jg_fact_str(f, "host.arch");
    v->is_jetson = fact_bool(f, "jetson.is_jetson");
    v->l4t_version = jg_fact_str(f, "l4t.version");
    json_t *maj = jg_fact_value(jg_json_at(f, "l4t.major"));
    v->l4t_major = json_is_integer(maj) ? (int)json_integer_value(maj) : leading_int(v->l4t_version);
    v->jp_version = jg_fact_str(f, "jetpack.version");
    v->jp_major = v->jp_version ? leading_int(v->jp_version) : jg_jp_major_for_l4t(v->l4t_major);
    v->module_cc = jg_fact_str(f, "module.compute_capability");
    v->soc0_family = jg_fact_str(f, "module.soc0_family");
    v->in_container = fact_bool(f, "container.inside");
    v->nvidia_runtime = fact_bool(f, "container.nvidia_runtime");
    v->toolkit_present = fact_present(f, "cuda.toolkit");
    v->toolkit = jg_fact_str(f, "cuda.toolkit");
    v->cudnn_major = leading_int(jg_fact_str(f, "cuda.cudnn"));
    v->jetpack_package = fact_present(f, "jetpack.package");
    if (v->jetpack_package == JG_UNKNOWN)
        v->jetpack_package = fact_present(f, "packages.nvidia-jetpack");
    v->observed = json_object_get(f, "observed");
    driver_part(v, f);
    python_part(v, f);
    observed_part(v);
}

/* The probe results' CUDA errors and the pasted ones have one structure
 * (schema/probe.h), read through its accessors. */
const json_t *jg_view_cuda_error(const jg_view *v, int code)
{
    if (v->drv_code == code)
        return jg_probe_cuda_error(JG_FACT_NODE(v->facts, cuda_driver));
    /* the native kernel probe's structured error feeds the same rules as a pasted one */
    const json_t *te = jg_probe_cuda_error(json_object_get(v->facts, "cuda_tensor_op"));
    if (te && jg_cuda_error_code(te) == code)
        return te;
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(v->observed, "cuda_errors"), i, e)
    {
        if (jg_cuda_error_code(e) == code)
            return e;
    }
    return NULL;
}

const json_t *jg_view_signal(const jg_view *v, const char *id)
{
    return json_object_get(json_object_get(v->observed, "signals"), id);
}
