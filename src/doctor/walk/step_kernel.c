/* Step 2, kernel driver: which driver is loaded (nvidia.ko with its version
 * from /proc/driver/nvidia/version or sys/module/nvidia/version; nvgpu on a
 * Jetson before Thor), its device nodes present as character devices whose
 * major is the one the driver registered in /proc/devices, and whether this
 * user can read and write them, through which owner, group or mode bits. */
#include <ctype.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "schema/facts.h"
#include "doctor/walk/walk.h"

/* The major /proc/devices gives a character driver name, or -1. */
static int proc_major(const jg_root *r, const char *name)
{
    jg_blob b;
    int major = -1;
    if (jg_read(r, "proc/devices", JG_CAP_SMALL, &b) == JG_R_OK) {
        char *blk = strstr(b.data, "Block devices:");
        for (char *line = b.data; line && *line && (!blk || line < blk);) {
            int m;
            char n[64];
            if (sscanf(line, "%d %63s", &m, n) == 2 && strcmp(n, name) == 0)
                major = m;
            line = strchr(line, '\n');
            line = line ? line + 1 : NULL;
        }
    }
    jg_blob_free(&b);
    return major;
}

bool jg_walk_module_release(const jg_root *r, char *out, size_t n)
{
    char *line = jg_walk_read_line(r, "proc/driver/nvidia/version");
    if (!line)
        line = jg_walk_read_line(r, "sys/module/nvidia/version");
    out[0] = '\0';
    for (char *p = line; p && *p && !out[0]; p++)
        if (isdigit((unsigned char)p[0]) && (p == line || p[-1] == ' ') &&
            strspn(p, "0123456789.") > 4 && memchr(p, '.', strspn(p, "0123456789.")))
            snprintf(out, n, "%.*s", (int)strspn(p, "0123456789."), p);
    bool found = line != NULL;
    free(line);
    return found;
}

static bool module_version(const jg_root *r, json_t *s, char *out, size_t n)
{
    bool found = jg_walk_module_release(r, out, n);
    if (found)
        jg_walk_measure(s, "nvidia kernel module %s (proc/driver/nvidia/version or "
                        "sys/module/nvidia/version)", out[0] ? out : "loaded, release unread");
    return found;
}

static void group_name(const jg_root *r, gid_t gid, char *out, size_t n)
{
    snprintf(out, n, "gid %u", (unsigned)gid);
    jg_blob b;
    if (jg_read(r, "etc/group", JG_CAP_SMALL, &b) == JG_R_OK)
        for (char *line = b.data; line && *line;) {
            char name[64];
            unsigned g;
            if (sscanf(line, "%63[^:]:%*[^:]:%u", name, &g) == 2 && g == gid)
                snprintf(out, n, "%s", name);
            line = strchr(line, '\n');
            line = line ? line + 1 : NULL;
        }
    jg_blob_free(&b);
}

/* Through what this user reaches a node: root, the owner, a group it is in, others. */
static const char *reached_by(const struct stat *st)
{
    if (geteuid() == 0)
        return "root";
    if (st->st_uid == geteuid())
        return "the owner";
    gid_t groups[256];
    int n = getgroups(256, groups);
    for (int i = 0; i < n; i++)
        if (groups[i] == st->st_gid)
            return "its group";
    return st->st_gid == getegid() ? "its group" : "the mode bits for others";
}

/* One node: 0 fine, 1 missing, 2 wrong major, 3 no access. */
static int check_node(jg_walk_ctx *c, json_t *s, const char *rel, const char *driver)
{
    struct stat st;
    if (jg_stat(c->root, rel, &st) != 0) {
        jg_walk_measure(s, "%s: missing", rel);
        return 1;
    }
    char grp[64];
    group_name(c->root, st.st_gid, grp, sizeof grp);
    if (!S_ISCHR(st.st_mode)) {
        jg_walk_measure(s, "%s: present, not a character device%s", rel,
                        c->live ? "" : " (a fixture file; access not tried)");
        return c->live ? 2 : 0;
    }
    int want = driver ? proc_major(c->root, driver) : -1;
    if (want < 0 && driver && strcmp(driver, "nvidia-frontend") == 0)
        want = proc_major(c->root, driver = "nvidia");
    int major = (int)major(st.st_rdev);
    char *host = jg_root_path(c->root, rel, true);
    bool rw = host && access(host, R_OK | W_OK) == 0;
    free(host);
    char reg[128] = "";
    if (driver)
        snprintf(reg, sizeof reg, want < 0 ? " (/proc/devices lists no %s)"
                                 : major == want ? " (= /proc/devices %s)" : " (/proc/devices %s: %d)",
                 driver, want);
    jg_walk_measure(s, "%s: char %d:%u%s, mode %03o group %s, %s by this user%s%s", rel, major,
                    minor(st.st_rdev), reg, (unsigned)(st.st_mode & 0777), grp,
                    rw ? "read+write" : "NOT read+write", rw ? " through " : "",
                    rw ? reached_by(&st) : "");
    return want >= 0 && major != want ? 2 : !rw ? 3 : 0;
}

static const char *const openrm[] = {"dev/nvidiactl", "dev/nvidia0", "dev/nvidia-uvm", NULL};
static const char *const openrm_drv[] = {"nvidia-frontend", "nvidia-frontend", "nvidia-uvm", NULL};
static const char *const nvgpu[] = {"dev/nvhost-ctrl-gpu", "dev/nvmap", NULL};

static void verdict(jg_walk_ctx *c, json_t *s, int worst, const char *family)
{
    bool container = JG_FACT_BOOL(c->facts, container_inside) == 1;
    if (worst == 0) {
        jg_walk_set(s, JG_WS_PASS, "the %s driver is loaded and its device nodes are usable", family);
    } else if (worst == 1) {
        jg_walk_set(s, JG_WS_FAIL, "a device node of the %s driver is missing%s", family,
                    container ? " in this container" : "");
        jg_walk_finding(s, JG_FID_kernel_driver_gpu_nodes_missing,
                        container ? "start the container with --runtime nvidia (Jetson) or --gpus all, "
                                    "which bind the GPU's device nodes (the host must have them)"
                                  : "load the driver (sudo modprobe nvidia nvidia-uvm; nvidia-modprobe "
                                    "-u -c=0 makes the uvm node; on a Jetson reboot) and check "
                                    "`dmesg | grep -i nv` for why it failed");
    } else if (worst == 2) {
        jg_walk_set(s, JG_WS_FAIL, "a device node is not the character device the %s driver "
                    "registered (major differs from /proc/devices)", family);
        jg_walk_finding(s, JG_FID_kernel_driver_gpu_node_stale,
                        "remove the stale node and let the driver recreate it (nvidia-modprobe, "
                        "or reboot)");
    } else {
        jg_walk_set(s, JG_WS_FAIL, "this user cannot read and write a device node of the %s driver",
                    family);
        JG_SET_STR(walkstep, s, layer, "permissions");
        jg_walk_finding(s, JG_FID_permissions_gpu_node_access,
                        "add the user to the node's group (sudo usermod -aG video,render $USER; log "
                        "in again), or in a container pass the nodes with the NVIDIA runtime");
    }
}

void jg_walk_kernel_driver(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("kernel-driver", "kernel-driver");
    json_array_append_new(steps, s);
    if (c->gpus_seen == 0) {
        jg_walk_set(s, JG_WS_ABSENT, "no NVIDIA GPU, so no driver to check");
        return;
    }
    struct stat st;
    if (!c->live && jg_stat(c->root, "dev", &st) != 0) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "the root has no dev/ (device nodes not captured)");
        return;
    }
    const char *family = JG_FACT_STR(c->facts, gpu_driver_family);
    bool is_nvgpu = family && strcmp(family, "nvgpu") == 0;
    char ver[64];
    bool nvidia_ko = module_version(c->root, s, ver, sizeof ver);
    if (jg_stat(c->root, "sys/module/nvgpu", &st) == 0)
        jg_walk_measure(s, "nvgpu driver loaded (sys/module/nvgpu)");
    const char *const *nodes = is_nvgpu ? nvgpu : openrm;
    int worst = 0;
    for (int i = 0; nodes[i]; i++) {
        int r = check_node(c, s, nodes[i], is_nvgpu ? NULL : openrm_drv[i]);
        worst = r > worst ? r : worst;
    }
    if (!nvidia_ko && !is_nvgpu)
        jg_walk_measure(s, "no nvidia module version readable (proc/driver/nvidia/version, "
                        "sys/module/nvidia/version)");
    const char *op = JG_FACT_RSTR(c->facts, cuda_tensor_op_status);
    if (worst && c->live && op && strcmp(op, "pass") == 0) { /* a kernel ran through this driver */
        jg_walk_set(s, JG_WS_PASS, "a CUDA kernel ran through the %s driver, although the node check "
                    "above differs (a sandbox's view of /dev)", is_nvgpu ? "nvgpu" : "nvidia");
        return;
    }
    verdict(c, s, worst, is_nvgpu ? "nvgpu" : "nvidia");
}
