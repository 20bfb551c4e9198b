/* Jetson steps (issue 27 point 4), one walk entry each; a host that is no
 * Jetson gets one "jetson: absent" entry. The L4T driver's libraries live in
 * usr/lib/aarch64-linux-gnu/tegra (R32-R35) or .../nvidia (R36 on); the GPU
 * nodes belong to the video and render groups; a container's L4T must be the
 * host's (--host-facts gives the host's); the GPU shares the system memory
 * (MemAvailable is what a model can get); the power mode is nvpmodel's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "schema/facts.h"
#include "schema/observed.h"
#include "doctor/walk/walk.h"

static void driver_folder(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("l4t-driver-folder", "cuda-driver");
    json_array_append_new(steps, s);
    static const char *const dirs[] = {"usr/lib/aarch64-linux-gnu/nvidia",
                                       "usr/lib/aarch64-linux-gnu/tegra"};
    const char *found = NULL;
    struct stat lib;
    if (!c->live && jg_stat(c->root, "usr/lib", &lib) != 0) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "the root has no usr/lib (libraries not captured)");
        return;
    }
    for (size_t i = 0; i < 2; i++) {
        char rel[128];
        struct stat st;
        snprintf(rel, sizeof rel, "%s/libcuda.so.1", dirs[i]);
        bool here = jg_stat(c->root, rel, &st) == 0;
        jg_walk_measure(s, "%s: %s", rel, here ? "present" : "missing");
        found = found ? found : here ? dirs[i] : NULL;
    }
    long major = JG_FACT_INT(c->facts, l4t_major, -1);
    if (major > 0)
        jg_walk_measure(s, "L4T R%ld expects the driver in %s/", major,
                        major >= 36 ? dirs[0] : dirs[1]);
    if (found) {
        jg_walk_set(s, JG_WS_PASS, "the L4T CUDA driver library is in %s/", found);
        return;
    }
    bool container = JG_FACT_BOOL(c->facts, container_inside) == 1;
    jg_walk_set(s, JG_WS_FAIL, "no L4T libcuda in tegra/ or nvidia/%s",
                container ? ": this container did not get the host's driver mounted" : "");
    if (container)
        JG_SET_STR(walkstep, s, layer, "container-runtime");
    jg_walk_finding(s, container ? JG_FID_container_runtime_l4t_driver_not_mounted : JG_FID_cuda_driver_libcuda_missing,
                    container ? "start the container with --runtime nvidia (the runtime mounts the "
                                "L4T driver from the host)"
                              : "sudo apt install nvidia-l4t-cuda (or reflash with SDK Manager)");
}

static void groups(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("jetson-groups", "permissions");
    json_array_append_new(steps, s);
    jg_blob b;
    int found = 0;
    bool readable = jg_read(c->root, "etc/group", JG_CAP_SMALL, &b) == JG_R_OK;
    if (readable)
        for (char *line = b.data; line && *line;) {
            size_t n = strcspn(line, "\n");
            if (strncmp(line, "video:", 6) == 0 || strncmp(line, "render:", 7) == 0) {
                jg_walk_measure(s, "etc/group: %.*s", (int)n, line);
                found++;
            }
            line = line[n] ? line + n + 1 : NULL;
        }
    jg_blob_free(&b);
    if (c->live)
        jg_walk_measure(s, "this user: uid %u (%s)", (unsigned)geteuid(),
                        geteuid() == 0 ? "root" : "see the node access in kernel-driver");
    if (!readable)
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "etc/group not readable");
    else if (found)
        jg_walk_set(s, JG_WS_PASS, "the video/render groups exist (node access: kernel-driver step)");
    else
        jg_walk_set(s, JG_WS_WARN, "neither a video nor a render group in etc/group: the GPU nodes "
                    "are reachable only by root or their mode bits");
    jg_walk_finding(s, JG_FID_permissions_no_video_group, "sudo groupadd -f video && sudo usermod -aG video $USER");
}

static void container_l4t(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("l4t-container", "container-runtime");
    json_array_append_new(steps, s);
    if (JG_FACT_BOOL(c->facts, container_inside) != 1) {
        jg_walk_set(s, JG_WS_ABSENT, "not in a container");
        return;
    }
    const char *mine = JG_FACT_STR(c->facts, l4t_version);
    const json_t *obs = JG_FACT_ROBJ(c->facts, observed);
    const char *host = JG_ITEM_STR(JG_OBS_OBJ(obs, host_l4t), version);
    jg_walk_measure(s, "container L4T %s; host L4T %s", mine ? mine : "unknown",
                    host ? host : "not given (--host-facts)");
    if (!mine || !host) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "the container's L4T was not compared with the host's "
                    "(run `jetgate facts --json` on the host and pass it with --host-facts)");
        return;
    }
    if (strncmp(mine, host, strcspn(host, ".")) == 0 && mine[strcspn(host, ".")] == '.') {
        jg_walk_set(s, JG_WS_PASS, "the container's L4T major release is the host's");
        return;
    }
    jg_walk_set(s, JG_WS_FAIL, "the container is built for L4T %s but the host runs %s", mine, host);
    jg_walk_finding(s, JG_FID_cuda_driver_l4t_major_mismatch,
                    "use an image tagged for the host's L4T (e.g. dustynv/... or nvcr.io/nvidia/"
                    "l4t-jetpack with the host's rXX.Y tag)");
}

static void memory(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("unified-memory", "hardware");
    json_array_append_new(steps, s);
    long long total = JG_FACT_INT(c->facts, host_memory_total_bytes, -1);
    long long avail = JG_FACT_INT(c->facts, host_memory_available_bytes, -1);
    if (total > 0 && avail >= 0) {
        jg_walk_measure(s, "MemTotal %.1f GiB, MemAvailable %.1f GiB (shared by CPU and GPU)",
                        total / 1073741824.0, avail / 1073741824.0);
        if (avail * 10 < total) {
            jg_walk_set(s, JG_WS_WARN, "less than a tenth of the memory is available: a model that "
                        "fit yesterday may not load now");
            jg_walk_finding(s, JG_FID_hardware_low_unified_memory, "stop other GPU or memory users, "
                            "or use a smaller or quantized model");
        } else {
            jg_walk_set(s, JG_WS_PASS, "%.1f GiB available to the GPU and CPU together",
                        avail / 1073741824.0);
        }
    } else
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "proc/meminfo not readable");
}

/* nvpmodel.conf: "< POWER_MODEL ID=0 NAME=MAXN >" per mode and "< PM_CONFIG
 * DEFAULT=0 >" (NVIDIA's conf format). The mode changes speed, not whether CUDA works. */
static void power_mode(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("power-mode", "hardware");
    json_array_append_new(steps, s);
    char *status = jg_walk_read_line(c->root, "var/lib/nvpmodel/status");
    if (status)
        jg_walk_measure(s, "var/lib/nvpmodel/status: %s", status);
    jg_blob b;
    char modes[512] = "";
    int deflt = -1;
    size_t n = 0;
    bool conf = jg_read(c->root, "etc/nvpmodel.conf", JG_CAP_LARGE, &b) == JG_R_OK;
    for (char *line = conf ? b.data : NULL; line && *line;) {
        int id;
        char name[64];
        if (sscanf(line, "< POWER_MODEL ID=%d NAME=%63[^ >]", &id, name) == 2 && n < sizeof modes)
            n += (size_t)snprintf(modes + n, sizeof modes - n, "%s%d %s", n ? ", " : "", id, name);
        sscanf(line, "< PM_CONFIG DEFAULT=%d", &deflt);
        line = strchr(line, '\n');
        line = line ? line + 1 : NULL;
    }
    jg_blob_free(&b);
    if (conf)
        jg_walk_measure(s, "etc/nvpmodel.conf: modes %s; default %d", *modes ? modes : "none listed", deflt);
    else
        jg_walk_measure(s, "etc/nvpmodel.conf: missing");
    if (status || conf)
        jg_walk_set(s, JG_WS_PASS, "nvpmodel is set up (the mode changes speed, not whether CUDA works)");
    else
        jg_walk_set(s, JG_WS_ABSENT, "no nvpmodel here (a container, or L4T without it)");
    free(status);
}

void jg_walk_jetson(jg_walk_ctx *c, json_t *steps)
{
    if (JG_FACT_BOOL(c->facts, jetson_is_jetson) != 1) {
        json_t *s = jg_walk_step("jetson", "hardware");
        json_array_append_new(steps, s);
        jg_walk_measure(s, "no Jetson device tree (jetson.is_jetson false)");
        jg_walk_set(s, JG_WS_ABSENT, "not a Jetson: the L4T steps do not apply");
        return;
    }
    driver_folder(c, steps);
    groups(c, steps);
    container_l4t(c, steps);
    memory(c, steps);
    power_mode(c, steps);
}
