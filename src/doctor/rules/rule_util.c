#include "doctor/rule.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/torch_build.h"
#include "util/json.h"
#include "util/strs.h"

json_t *jg_ev_new(void)
{
    return json_array();
}

void jg_ev_printf(json_t *ev, const char *fmt, ...)
{
    char buf[512];
    JG_FORMAT_VARGS(buf, fmt);
    json_array_append_new(ev, json_string(buf));
}

static void ev_value(json_t *ev, const char *path, const json_t *value)
{
    char *s = value ? json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    jg_ev_printf(ev, "%s = %s", path, s ? s : "(absent)");
    free(s);
}

void jg_ev_field(json_t *ev, const jg_view *v, jg_ff field)
{
    const char *path = jg_ff_path(field);
    if (!jg_ff_is_fact(field)) {
        ev_value(ev, path, jg_ff_node(v->facts, field));
        return;
    }
    const char *st = jg_ff_status(v->facts, field);
    if (st && strcmp(st, "ok") != 0)
        jg_ev_printf(ev, "%s = %s", path, st);
    else
        ev_value(ev, path, jg_ff_value(v->facts, field));
}

bool jg_known(const jg_view *v, jg_ff field)
{
    const json_t *x = jg_ff_is_fact(field) ? jg_ff_value(v->facts, field)
                                           : jg_ff_node(v->facts, field);
    return x && !json_is_null(x);
}

void jg_ev_fields(json_t *ev, const jg_view *v, const jg_ff *fields)
{
    for (const jg_ff *f = fields; *f != JG_FF_COUNT; f++)
        jg_ev_field(ev, v, *f);
}

json_t *jg_ev_of(const jg_view *v, const jg_ff *fields)
{
    json_t *ev = jg_ev_new();
    jg_ev_fields(ev, v, fields);
    return ev;
}

enum jg_confidence jg_ev_corroborate(json_t *ev, const jg_view *v, jg_ff field, bool holds)
{
    if (holds)
        jg_ev_field(ev, v, field);
    return holds ? JG_CONF_HIGH : JG_CONF_MEDIUM;
}

void jg_ev_seen(json_t *ev, const char *what, const json_t *item)
{
    long long line = JG_ITEM_INT(item, line, -1);
    const char *text = JG_ITEM_STR(item, text), *name = JG_ITEM_STR(item, name);
    const char *call = JG_ITEM_STR(item, call);
    if (line >= 0)
        jg_ev_printf(ev, "%s" JG_EV_LINE "%s", what, line, text ? text : "");
    else if (text)
        jg_ev_printf(ev, "%s = %s", what, text);
    else if (name) /* a probe's structured error */
        jg_ev_printf(ev, "%s = %s (%lld) from %s, reported by jetgate's probe", what, name,
                     JG_ITEM_INT(item, code, 0), call ? call : "?");
    else
        jg_ev_printf(ev, "%s = (seen)", what);
}

const json_t *jg_first_item(const json_t *list, jg_item_match match, const void *arg)
{
    size_t i;
    json_t *item;
    json_array_foreach(list, i, item)
    {
        if (match(item, arg))
            return item;
    }
    return NULL;
}

static bool soname_prefixed(const json_t *item, const void *prefixes)
{
    const char *so = JG_ITEM_STR(item, soname);
    for (const char *const *p = prefixes; so && *p; p++)
        if (strncmp(so, *p, strlen(*p)) == 0)
            return true;
    return false;
}

const json_t *jg_missing_library(const jg_view *v, const char *const prefixes[])
{
    return jg_first_item(JG_VIEW_LIST(v, missing_libraries), soname_prefixed, prefixes);
}

const jg_image_l4t *jg_image_with_l4t(const jg_view *v)
{
    return v->n_image_l4t ? &v->image_l4t[0] : NULL;
}

bool jg_on_jetson(const jg_view *v)
{
    return v->is_jetson == JG_YES || v->l4t_major > 0;
}

bool jg_jetson_seen(const jg_view *v)
{
    return jg_on_jetson(v) || json_array_size(JG_VIEW_LIST(v, jetson_hints)) > 0 ||
           jg_view_signal(v, JG_SIG_gpus_flag_csv);
}

bool jg_on_aarch64(const jg_view *v)
{
    if (v->arch)
        return strcmp(v->arch, "aarch64") == 0 || strcmp(v->arch, "arm64") == 0;
    return jg_on_jetson(v);
}

/* The build helpers below ask the one classifier (facts/torch_build.h) about a version. */
static jg_torch_kind kind_of(const char *ver, jg_torch_build *b)
{
    jg_torch_input in = jg_torch_input_version(ver);
    jg_torch_classify(&in, b);
    return b->kind;
}

bool jg_torch_nv_build(const char *ver)
{
    jg_torch_build b;
    return kind_of(ver, &b) == JG_TORCH_NVIDIA_JETSON;
}

bool jg_torch_cu_tag(const char *ver)
{
    jg_torch_build b;
    return kind_of(ver, &b) == JG_TORCH_UPSTREAM_CUDA && strchr(ver, '+');
}

bool jg_torch_vendor_tag(const char *ver)
{
    return jg_torch_nv_build(ver) || jg_torch_cu_tag(ver) || (ver && strstr(ver, "+l4t"));
}

int jg_torch_nv_jp_major(const char *ver)
{
    return jg_torch_nv_tag_jetpack(ver);
}

int jg_host_driver_version(const jg_view *v)
{
    if (v->drv_version > 0)
        return v->drv_version;
    return jg_jp_driver_version(v->jp_major, v->l4t_major, v->l4t_version);
}

/* JetPack's wheels only where a Jetson is seen: an aarch64 host not known to be one may be an
 * ARM server (SBSA wheels), and a report that names no platform gets the general advice. */
const char *jg_fix_torch(const jg_view *v)
{
    if (!jg_on_jetson(v) && jg_on_aarch64(v) && v->is_jetson != JG_NO)
        return "on an ARM server: pip install torch --index-url "
               "https://download.pytorch.org/whl/cu<XYZ> (nvidia-smi shows the driver's CUDA); if "
               "this is a Jetson, find the JetPack first (head -1 /etc/nv_tegra_release) and "
               "install NVIDIA's build for it";
    if (!jg_on_jetson(v))
        return "install a torch built for this GPU and a CUDA the driver supports: pip "
               "uninstall torch; pip install torch --index-url "
               "https://download.pytorch.org/whl/cu<XYZ> (nvidia-smi shows the driver's CUDA)";
    const char *cc = v->gpu_cc ? v->gpu_cc : v->module_cc;
    /* Orin's compute capability names its SoC where the module part is not known */
    const char *soc = cc && strcmp(cc, "8.7") == 0 ? "tegra234" : NULL;
    const jg_torch_channel *c = jg_torch_channel_for(v->jp_major, soc);
    if (!c)
        return "find the JetPack first (head -1 /etc/nv_tegra_release), then install the "
               "matching build: JetPack 5 https://developer.download.nvidia.com/compute/redist/jp/v512/pytorch/, "
               "JetPack 6 --index-url https://pypi.jetson-ai-lab.io/jp6/cu126, "
               "JetPack 7 --index-url https://download.pytorch.org/whl/cu130";
    static _Thread_local char fix[640];
    snprintf(fix, sizeof fix, "pip uninstall torch, then install %s%s%s%s%s", c->install,
             c->extra_pip ? ", then pip install " : "", c->extra_pip ? c->extra_pip : "",
             c->extra_pip ? " (JetPack does not ship them)" : "",
             c->container ? "; or use the container " : "");
    if (c->container)
        snprintf(fix + strlen(fix), sizeof fix - strlen(fix), "%s%s%s%s", c->container,
                 c->container_note ? " (" : "", c->container_note ? c->container_note : "",
                 c->container_note ? ")" : "");
    return fix;
}

const char *jg_fix_groups(void)
{
    return "sudo usermod -aG video,render $USER, then log out and in; in a container run "
           "the non-root user with --group-add video (and render)";
}

bool jg_container_evidenced(const jg_view *v)
{
    return v->in_container == JG_YES || JG_OBS_GET(v->observed, docker) ||
           json_array_size(JG_VIEW_LIST(v, images)) > 0 ||
           jg_view_signal(v, JG_SIG_csv_mount_lists) || jg_view_signal(v, JG_SIG_container_shell);
}

bool jg_nvidia_gpu_evidenced(const jg_view *v)
{
    return v->gpu_name || v->gpu_cc || v->drv_version > 0 ||
           json_array_size(JG_VIEW_LIST(v, devices_seen)) > 0 ||
           jg_view_signal(v, JG_SIG_nvidia_gpu_named);
}

void jg_finding_add_seen(jg_finding_list *out, const jg_finding_spec *spec, const char *what,
                         const json_t *item)
{
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, what, item);
    jg_finding_add(out, spec, ev);
}
