/* The gpu section: which GPU device nodes exist (jetson-facts.md §6.2), the
 * driver family they imply, and, live only, whether this process can open
 * each one. Under --root nodes are fixture files: openable is null. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "facts/fact.h"
#include "facts/sections.h"

static const char *const nvgpu_nodes[] = {
    "dev/nvhost-ctrl-gpu", "dev/nvhost-gpu", "dev/nvgpu/igpu0/ctrl", "dev/nvmap",
};
/* nvidia.ko node set: OpenRM on Thor, and the same names for a discrete GPU. */
static const char *const openrm_nodes[] = {"dev/nvidia0", "dev/nvidiactl", "dev/nvidia-uvm"};

/* Open read-only and non-blocking, then close at once: a permission check
 * that has no effect on the device. */
static void try_open(const jg_root *r, const char *rel, json_t *node)
{
    char *path = jg_root_path(r, rel, true);
    int fd = path ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) : -1;
    int e = path ? errno : ENOMEM;
    free(path);
    json_object_set_new(node, "openable", json_boolean(fd >= 0));
    if (fd >= 0)
        close(fd);
    else
        json_object_set_new(node, "error", json_string(strerror(e)));
}

static json_t *node(const jg_root *r, const char *rel, bool *present)
{
    json_t *n = json_object();
    struct stat st;
    int rc = jg_stat(r, rel, &st);
    *present = rc == 0;
    json_object_set_new(n, "path", json_string(rel));
    json_object_set_new(n, "present", json_boolean(*present));
    json_object_set_new(n, "char_device", json_boolean(*present && S_ISCHR(st.st_mode)));
    if (rc != 0 && rc != -ENOENT && rc != -ENOTDIR)
        json_object_set_new(n, "error", json_string(strerror(-rc)));
    if (r->live && *present && S_ISCHR(st.st_mode))
        try_open(r, rel, n);
    else
        json_object_set_new(n, "openable", json_null());
    return n;
}

json_t *jg_facts_gpu(const jg_root *r)
{
    json_t *nodes = json_array();
    bool p, nvgpu = false, nvidia0 = false, ctl = false;
    for (size_t i = 0; i < sizeof nvgpu_nodes / sizeof nvgpu_nodes[0]; i++) {
        json_array_append_new(nodes, node(r, nvgpu_nodes[i], &p));
        /* nvmap alone is not the GPU: it also serves display and multimedia. */
        nvgpu = nvgpu || (p && strcmp(nvgpu_nodes[i], "dev/nvmap") != 0);
    }
    for (size_t i = 0; i < sizeof openrm_nodes / sizeof openrm_nodes[0]; i++) {
        json_array_append_new(nodes, node(r, openrm_nodes[i], &p));
        if (i == 0)
            nvidia0 = p;
        if (i == 1)
            ctl = p;
    }
    /* R36 Orin also has dev/nvidia0 for its display driver: nvgpu nodes win. */
    const char *family = nvgpu ? "nvgpu" : (nvidia0 && ctl) ? "openrm" : "none";
    json_t *gpu = json_object();
    json_object_set_new(gpu, "driver_family", jg_fact_ok(json_string(family), "dev"));
    json_object_set_new(gpu, "nodes", jg_fact_ok(nodes, "dev"));
    return gpu;
}
