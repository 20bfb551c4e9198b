/* The permissions layer's C rules: a GPU node or device this user may not open
 * while another user (often root) may (jetson-facts.md 6.3). */
#include <stdio.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/fact.h"
#include "util/json.h"

/* The same check as root (sudo) and as the user, with different answers. */
static const jg_finding_spec root_only = {
    JG_FID_permissions_gpu_for_root_only, JG_L_PERMISSIONS, JG_SEV_ERROR, JG_CONF_MEDIUM,
    "CUDA works under sudo (root) and not as the user: the user may not open the GPU's device "
    "nodes",
    "ls -l /dev/nvidia* (or /dev/nvmap, /dev/nvhost-* on a Jetson) names their group; add the "
    "user to it (sudo usermod -aG video,render $USER), log out and in"};

static bool session_with(const json_t *t, const void *want)
{
    return JG_ITEM_BOOL(t, cuda_available) == *(const int *)want;
}

void jg_rule_gpu_for_root_only(const jg_view *v, jg_finding_list *out)
{
    static const int yes = 1, no = 0;
    const json_t *sig = jg_view_signal(v, JG_SIG_sudo_user_program);
    const json_t *works = jg_first_item(JG_VIEW_LIST(v, torch_sessions), session_with, &yes);
    const json_t *fails = jg_first_item(JG_VIEW_LIST(v, torch_sessions), session_with, &no);
    if (!sig || !works || !fails)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "command", sig);
    jg_ev_seen(ev, "CUDA available", works);
    jg_ev_seen(ev, "CUDA not available", fails);
    jg_finding_add(out, &root_only, ev);
}

static const json_t *eacces_node(const jg_view *v)
{
    size_t i;
    json_t *n;
    json_array_foreach(JG_FACT_LIST(v->facts, gpu_nodes), i, n)
    {
        const char *err = JG_GPU_NODE_STR(n, error);
        if (JG_GPU_NODE_BOOL(n, openable) == 0 && err && strstr(err, "ermission"))
            return n;
    }
    return NULL;
}

void jg_rule_gpu_node_eacces(const jg_view *v, jg_finding_list *out)
{
    const json_t *n = eacces_node(v), *sig = jg_view_signal(v, JG_SIG_gpu_eacces);
    if (!n && !sig)
        return;
    json_t *ev = jg_ev_new();
    if (n)
        jg_ev_printf(ev, "%s[%s].%s = false (%s)", JG_FACT_PATH(gpu_nodes),
                     JG_GPU_NODE_STR(n, path), JG_PATH(gpunode, openable), JG_GPU_NODE_STR(n, error));
    if (sig)
        jg_ev_seen(ev, "report", sig);
    jg_finding_spec s = {JG_FID_permissions_gpu_node_access, JG_L_PERMISSIONS, JG_SEV_ERROR,
                         JG_CONF_HIGH,
                         "this user may not open the GPU device nodes (owned by root:video, "
                         "/dev/dri/renderD* by render): CUDA then reports no device (100/801)",
                         jg_fix_groups()};
    jg_finding_add(out, &s, ev);
}

void jg_rule_device_works_for_other_user(const jg_view *v, jg_finding_list *out)
{
    const json_t *e = jg_view_cuda_error(v, 100);
    const json_t *seen = json_array_get(JG_VIEW_LIST(v, devices_seen), 0);
    if (!e || !seen || eacces_node(v) || jg_view_signal(v, JG_SIG_gpu_eacces))
        return;
    const json_t *sw = jg_view_signal(v, JG_SIG_user_switch);
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "device seen", seen);
    jg_ev_seen(ev, "cuda error 100 (no device)", e);
    if (sw)
        jg_ev_seen(ev, "user switch", sw);
    jg_finding_spec s = {
        JG_FID_permissions_device_for_other_user, JG_L_PERMISSIONS, JG_SEV_ERROR,
        sw ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "the GPU works in one context (e.g. as root) and reports no device (100) in another: "
        "the failing user is not in the video group that owns the Tegra device nodes",
        jg_fix_groups()};
    jg_finding_add(out, &s, ev);
}

void jg_rule_device_access_denied(const jg_view *v, jg_finding_list *out)
{
    const json_t *tegra = jg_view_signal(v, JG_SIG_tegra_nodes_denied);
    const json_t *nvml = jg_view_signal(v, JG_SIG_nvml_permissions);
    if (!tegra && !nvml)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, tegra ? "Tegra driver" : "NVML", tegra ? tegra : nvml);
    jg_finding_spec s = {
        JG_FID_permissions_device_access_denied, JG_L_PERMISSIONS, JG_SEV_ERROR, JG_CONF_MEDIUM,
        tegra ? "the user may not open the Tegra GPU/multimedia device nodes (nvmap, nvhost): "
                "it is not in the video group that owns them"
              : "NVML refuses this user (insufficient permissions on the NVIDIA device nodes)",
        jg_fix_groups()};
    jg_finding_add(out, &s, ev);
}
