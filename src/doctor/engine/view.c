#include "doctor/engine/view.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/tables.h"
#include "schema/probe.h"
#include "util/version.h"

/* ok -> YES, missing -> NO (a fact: not installed), anything else UNKNOWN. */
static jg_tri fact_present(const json_t *facts, jg_ff f)
{
    const char *s = jg_ff_status(facts, f);
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

int jg_cuda_version_int(const char *v)
{
    long major = jg_dotted_part(v, 0), minor = jg_dotted_part(v, 1);
    if (major <= 0 || major > 1000)
        return 0;
    return (int)(major * 1000 + (minor > 0 && minor < 100 ? minor : 0) * 10);
}

/* The one place the doctor reads a probe's structured CUDA error
 * (docs/schema.md "Native probe result": {call, code, name}) out of the facts:
 * the error object at that field, and its code (-1 when none). */
static const json_t *probe_cuda_error(const json_t *facts, jg_ff where, int *code)
{
    const json_t *e = jg_ff_node(facts, where);
    if (!json_is_object(e))
        e = NULL;
    *code = jg_cuda_error_code(e); /* the one CUDA error structure (schema/probe.h) */
    return e;
}

static void driver_part(jg_view *v, const json_t *f)
{
    v->drv_code = -1;
    v->drv_stub = JG_UNKNOWN;
    const char *st = JG_FACT_RSTR(f, cuda_driver_status);
    if (!st || !JG_FACT_NODE(f, cuda_driver_id)) /* a not_probed fact, not a probe result */
        return;
    v->drv_status = st;
    probe_cuda_error(f, JG_FF_cuda_driver_cuda_error, &v->drv_code);
    json_t *ver = JG_FACT_RAW(f, cuda_driver_version);
    if (json_is_integer(ver))
        v->drv_version = (int)json_integer_value(ver);
    v->drv_stub = (jg_tri)JG_FACT_RBOOL(f, cuda_driver_stub);
    /* a device's members belong to the probe result's own table (docs/schema.md) */
    const json_t *dev0 = json_array_get(JG_FACT_RLIST(f, cuda_driver_devices), 0);
    v->gpu_name = JG_STR(cudev, dev0, name);
    v->gpu_cc = JG_STR(cudev, dev0, compute_capability);
    v->native_tensor_op = JG_FACT_RSTR(f, cuda_tensor_op_status);
}

static void python_part(jg_view *v, const json_t *f)
{
    v->torch_imported = (jg_tri)JG_FACT_RBOOL(f, python_torch_imported);
    v->torch_version = JG_FACT_RSTR(f, python_torch_version);
    json_t *cuda = JG_FACT_NODE(f, python_torch_cuda);
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
    v->torch_available = (jg_tri)JG_FACT_RBOOL(f, python_torch_cuda_available);
    v->torch_arch_list = JG_FACT_RLIST(f, python_torch_arch_list);
    v->torch_tensor_op = JG_FACT_RSTR(f, python_tensor_op_status);
    v->numpy = JG_FACT_RSTR(f, python_packages_numpy);
    v->bnb_installed = (jg_tri)JG_FACT_RBOOL(f, python_bitsandbytes_installed);
    v->bnb_version = JG_FACT_RSTR(f, python_bitsandbytes_version);
    v->bnb_nf4 = JG_FACT_RSTR(f, python_bitsandbytes_nf4_status);
    if (v->torch_imported == JG_UNKNOWN && v->torch_version)
        v->torch_imported = JG_YES;
}

/* What a pasted report showed fills only what the facts leave unknown; the
 * device as torch saw it comes last (a project's report may carry only that). */
static void observed_part(jg_view *v)
{
    if (!v->drv_version)
        v->drv_version = (int)JG_OBS_INT(v->observed, driver_version, 0);
    if (!v->gpu_cc)
        v->gpu_cc = JG_OBS_STR(v->observed, gpu_cc);
    if (!v->gpu_cc)
        v->gpu_cc = JG_FACT_RSTR(v->facts, python_torch_capability);
    if (!v->gpu_name)
        v->gpu_name = JG_FACT_RSTR(v->facts, python_torch_device_name);
}

/* The pasted image references whose tag named an L4T release, each major read
 * once (the recogniser wrote "%d.%d[.%d]"; strtol reads what atoi did). */
static void image_part(jg_view *v)
{
    const json_t *images = JG_OBS_LIST(v->observed, images);
    for (size_t i = 0; i < json_array_size(images) && v->n_image_l4t < JG_VIEW_IMAGE_CAP; i++) {
        const json_t *im = json_array_get(images, i);
        const char *l4t = JG_ITEM_STR(im, l4t);
        if (!l4t)
            continue;
        jg_image_l4t *t = &v->image_l4t[v->n_image_l4t++];
        t->item = im;
        t->ref = JG_ITEM_STR(im, ref);
        t->major = (int)strtol(l4t, NULL, 10);
    }
}

void jg_view_init(jg_view *v, const json_t *f)
{
    memset(v, 0, sizeof *v);
    v->facts = f;
    v->arch = JG_FACT_STR(f, host_arch);
    v->is_jetson = (jg_tri)JG_FACT_BOOL(f, jetson_is_jetson);
    v->l4t_version = JG_FACT_STR(f, l4t_version);
    long long major = JG_FACT_INT(f, l4t_major, LLONG_MIN);
    v->l4t_major = major != LLONG_MIN ? (int)major : leading_int(v->l4t_version);
    v->jp_version = JG_FACT_STR(f, jetpack_version);
    v->jp_major = v->jp_version ? leading_int(v->jp_version) : jg_jp_major_for_l4t(v->l4t_major);
    v->module_cc = JG_FACT_STR(f, module_compute_capability);
    v->soc0_family = JG_FACT_STR(f, module_soc0_family);
    v->in_container = (jg_tri)JG_FACT_BOOL(f, container_inside);
    v->nvidia_runtime = (jg_tri)JG_FACT_BOOL(f, container_nvidia_runtime);
    v->toolkit_present = fact_present(f, JG_FF_cuda_toolkit);
    v->toolkit = JG_FACT_STR(f, cuda_toolkit);
    v->cudnn_major = leading_int(JG_FACT_STR(f, cuda_cudnn));
    v->jetpack_package = fact_present(f, JG_FF_jetpack_package);
    if (v->jetpack_package == JG_UNKNOWN)
        v->jetpack_package = fact_present(f, JG_FF_packages_nvidia_jetpack);
    v->observed = JG_FACT_ROBJ(f, observed);
    driver_part(v, f);
    python_part(v, f);
    observed_part(v);
    image_part(v);
}

/* The probe results' CUDA errors and the pasted ones have one structure
 * (schema/probe.h), read through its accessors. */
const json_t *jg_view_cuda_error(const jg_view *v, int code)
{
    int c;
    const json_t *e = probe_cuda_error(v->facts, JG_FF_cuda_driver_cuda_error, &c);
    if (v->drv_code == code)
        return e;
    /* the native kernel probe's structured error feeds the same rules as a pasted one */
    e = probe_cuda_error(v->facts, JG_FF_cuda_tensor_op_cuda_error, &c);
    if (c == code)
        return e;
    size_t i;
    json_t *item;
    json_array_foreach(JG_OBS_LIST(v->observed, cuda_errors), i, item)
    {
        if (JG_ITEM_INT(item, code, 0) == code)
            return item;
    }
    return NULL;
}

const json_t *jg_view_signal(const jg_view *v, jg_signal s)
{
    return jg_obs_signal(v->observed, s);
}
