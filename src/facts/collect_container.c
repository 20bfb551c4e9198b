/* The container section: are we inside one, does it carry the NVIDIA
 * runtime's mounts, and is the device tree masked (Docker masks
 * /sys/firmware in every case: jetson-facts.md §1.3, §1.13). */
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/sections.h"

static bool exists(const jg_root *r, const char *rel)
{
    struct stat st;
    return jg_stat(r, rel, &st) == 0;
}

static bool contains(const char *hay, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(hay + i, needle, k) == 0)
            return true;
    return false;
}

/* Container engines named in proc/1/cgroup (cgroup v1; v2 shows "0::/"). */
static void cgroup_signs(const jg_root *r, json_t *signs)
{
    static const char *const words[] = {"docker", "kubepods", "containerd", "libpod", "lxc"};
    jg_blob b;
    json_t *fail = jg_fact_read(r, "proc/1/cgroup", JG_CAP_SMALL, &b);
    if (fail) {
        json_decref(fail);
        return;
    }
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (contains(b.data, b.len, words[i])) {
            char s[32];
            snprintf(s, sizeof s, "cgroup:%s", words[i]);
            json_array_append_new(signs, json_string(s));
        }
    }
    jg_blob_free(&b);
}

static bool any_gpu_node(const json_t *gpu)
{
    size_t i;
    json_t *n;
    json_array_foreach(jg_fact_value(json_object_get(gpu, "nodes")), i, n)
        if (json_is_true(json_object_get(n, "present")))
            return true;
    return false;
}

/* The runtime injects the release file, the GPU nodes and the host's libcuda;
 * an image may carry a release file of its own, so only the last two decide. */
static bool runtime_signs(const jg_root *r, const json_t *gpu, json_t *signs)
{
    bool nodes = any_gpu_node(gpu);
    bool lib = exists(r, "usr/lib/aarch64-linux-gnu/nvidia/libcuda.so.1") ||
               exists(r, "usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1");
    if (exists(r, "etc/nv_tegra_release"))
        json_array_append_new(signs, json_string("nvidia-runtime:nv_tegra_release"));
    if (nodes)
        json_array_append_new(signs, json_string("nvidia-runtime:gpu-nodes"));
    if (lib)
        json_array_append_new(signs, json_string("nvidia-runtime:libcuda"));
    return nodes || lib;
}

json_t *jg_facts_container(const jg_root *r, const json_t *gpu, const char *arch)
{
    json_t *signs = json_array();
    if (exists(r, ".dockerenv"))
        json_array_append_new(signs, json_string("dockerenv"));
    if (exists(r, "run/.containerenv"))
        json_array_append_new(signs, json_string("containerenv"));
    cgroup_signs(r, signs);
    bool inside = json_array_size(signs) > 0;
    json_t *c = json_object();
    if (inside) {
        bool rt = runtime_signs(r, gpu, signs);
        json_object_set_new(c, "nvidia_runtime", jg_fact_ok(json_boolean(rt), NULL));
    } else {
        json_object_set_new(c, "nvidia_runtime", jg_fact_unknown(NULL, "not inside a container"));
    }
    bool dt = exists(r, "proc/device-tree/model") ||
              exists(r, "sys/firmware/devicetree/base/model");
    json_object_set_new(c, "inside", jg_fact_ok(json_boolean(inside), NULL));
    json_object_set_new(c, "signs", jg_fact_ok(signs, NULL));
    /* Only an aarch64 host is expected to have a device tree to mask. */
    bool dt_host = !arch || strcmp(arch, "aarch64") == 0;
    json_object_set_new(c, "device_tree_masked",
                        jg_fact_ok(json_boolean(inside && !dt && dt_host), NULL));
    return c;
}
