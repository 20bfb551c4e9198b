/* Step: the limits a CUDA process inherits. RLIMIT_AS (CUDA reserves a very
 * large virtual range at cuInit; a finite address-space limit, as clusters
 * and services set with `ulimit -v`, makes cuInit or torch fail), RLIMIT_MEMLOCK
 * (shown: pinned memory), the cgroup's memory limit and (v1) device rules,
 * and the size of /dev/shm (DataLoader workers pass tensors through it; Docker
 * gives 64 MiB). Read from proc/self/limits, proc/self/cgroup, sys/fs/cgroup
 * and proc/self/mounts under the root: live, they are this process's, which
 * the probes and the user's program inherit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "schema/facts.h"
#include "doctor/walk/walk.h"

#define GIB 1073741824.0

/* soft and hard of one "Max ..." row (-1 = unlimited); false when absent. */
static bool limit_row(const char *text, const char *row, long long *soft, long long *hard)
{
    const char *p = text ? strstr(text, row) : NULL;
    char a[32], b[32];
    if (!p || sscanf(p + strlen(row), "%31s %31s", a, b) != 2)
        return false;
    *soft = strcmp(a, "unlimited") == 0 ? -1 : atoll(a);
    *hard = strcmp(b, "unlimited") == 0 ? -1 : atoll(b);
    return true;
}

static void show_bytes(char *buf, size_t n, long long v)
{
    if (v < 0)
        snprintf(buf, n, "unlimited");
    else if (v < GIB)
        snprintf(buf, n, "%.1f MiB", v / 1048576.0);
    else
        snprintf(buf, n, "%.2f GiB", v / GIB);
}

static bool kernels_failed(const jg_walk_ctx *c)
{
    const char *nat = JG_FACT_RSTR(c->facts, cuda_tensor_op_status);
    const char *py = JG_FACT_RSTR(c->facts, python_tensor_op_status);
    bool torch_cuda_off = JG_FACT_RBOOL(c->facts, python_torch_cuda_available) == 0 &&
                          JG_FACT_RSTR(c->facts, python_torch_cuda) != NULL;
    return c->live && ((nat && strcmp(nat, "pass") != 0) || (py && strcmp(py, "error") == 0) ||
                       torch_cuda_off);
}

static void address_space(jg_walk_ctx *c, json_t *s, const char *limits)
{
    long long soft, hard;
    char a[32], b[32];
    if (!limit_row(limits, "Max address space", &soft, &hard)) {
        jg_walk_measure(s, "proc/self/limits: not readable");
        return;
    }
    show_bytes(a, sizeof a, soft);
    show_bytes(b, sizeof b, hard);
    jg_walk_measure(s, "RLIMIT_AS soft %s, hard %s", a, b);
    if (limit_row(limits, "Max locked memory", &soft, &hard)) {
        show_bytes(a, sizeof a, soft);
        jg_walk_measure(s, "RLIMIT_MEMLOCK soft %s", a);
    }
    limit_row(limits, "Max address space", &soft, &hard);
    if (soft >= 0 && kernels_failed(c)) {
        jg_walk_set(s, JG_WS_FAIL, "an address-space limit (ulimit -v, RLIMIT_AS %.2f GiB) is set and "
                    "CUDA failed under it: CUDA reserves far more virtual memory than it uses",
                    soft / GIB);
        jg_walk_finding(s, JG_FID_configuration_address_space_limit,
                        "ulimit -v unlimited before starting the program (or remove the limit from "
                        "the job script, limits.conf or the service unit)");
    }
}

/* The cgroup path of this process ("0::/x" or "N:memory:/x"), v2 first. */
static void cgroup_rules(jg_walk_ctx *c, json_t *s)
{
    jg_blob b;
    if (jg_read(c->root, "proc/self/cgroup", JG_CAP_SMALL, &b) != JG_R_OK) {
        jg_walk_measure(s, "proc/self/cgroup: not readable");
        jg_blob_free(&b);
        return;
    }
    char path[512] = "", rel[700];
    const char *v2 = strstr(b.data, "0::");
    const char *dev = strstr(b.data, ":devices:");
    if (v2 && sscanf(v2 + 3, "%511s", path) == 1) {
        snprintf(rel, sizeof rel, "sys/fs/cgroup%s/memory.max", strcmp(path, "/") ? path : "");
        char *max = jg_walk_read_line(c->root, rel);
        jg_walk_measure(s, "cgroup v2 memory.max: %s; device rules: a BPF program (not readable "
                        "from files; the node access is measured in kernel-driver)", max ? max : "not readable");
        free(max);
    }
    if (dev && sscanf(dev + 9, "%511s", path) == 1) {
        snprintf(rel, sizeof rel, "sys/fs/cgroup/devices%s/devices.list", strcmp(path, "/") ? path : "");
        jg_blob d;
        if (jg_read(c->root, rel, JG_CAP_SMALL, &d) == JG_R_OK) {
            bool all = strstr(d.data, "a *:* rwm") != NULL, nv = strstr(d.data, "c 195:") != NULL;
            jg_walk_measure(s, "cgroup v1 devices.list: %s", all ? "a *:* rwm (all devices)"
                            : nv ? "allows the nvidia major 195" : "does NOT allow the nvidia major 195");
            if (!all && !nv && c->gpus_seen > 0) {
                jg_walk_set(s, JG_WS_FAIL, "the device cgroup does not allow the NVIDIA devices");
                JG_SET_STR(walkstep, s, layer, "container-runtime");
                jg_walk_finding(s, JG_FID_container_runtime_device_cgroup_denies_gpu,
                                "start the container with the NVIDIA runtime (--gpus all / --runtime nvidia)");
            }
        }
        jg_blob_free(&d);
    }
    jg_blob_free(&b);
}

static void dev_shm(jg_walk_ctx *c, json_t *s)
{
    char *host = jg_root_path(c->root, "dev/shm", true);
    struct statvfs v;
    if (c->live && host && statvfs(host, &v) == 0) {
        double size = (double)v.f_blocks * v.f_frsize;
        jg_walk_measure(s, "/dev/shm %.2f GiB", size / GIB);
        if (size < 1.0 * GIB && jg_walk_step_status(s) == JG_WS_NOT_VERIFIED) {
            jg_walk_set(s, JG_WS_WARN, "/dev/shm is %.0f MiB: DataLoader workers fail with a bus error "
                        "on batches larger than that", size / 1048576.0);
            jg_walk_finding(s, JG_FID_container_runtime_shm_too_small,
                            "docker run --shm-size=8g (or --ipc=host), or DataLoader(num_workers=0)");
        }
    } else
        jg_walk_measure(s, "/dev/shm: %s", c->live ? "not mounted" : "not measured (not live)");
    free(host);
}

void jg_walk_limits(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("limits", "configuration");
    json_array_append_new(steps, s);
    jg_blob b;
    enum jg_rstatus rs = jg_read(c->root, "proc/self/limits", JG_CAP_SMALL, &b);
    address_space(c, s, rs == JG_R_OK ? b.data : NULL);
    jg_blob_free(&b);
    if (jg_walk_step_status(s) == JG_WS_NOT_VERIFIED)
        cgroup_rules(c, s);
    dev_shm(c, s);
    if (jg_walk_step_status(s) != JG_WS_NOT_VERIFIED)
        return;
    if (rs == JG_R_OK)
        jg_walk_set(s, JG_WS_PASS, "no limit here stops CUDA");
    else
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "proc/self/limits not readable%s", c->live ? "" : " (not live)");
}
