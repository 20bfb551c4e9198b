/* Step 3, libcuda: which file the loader gave the driver probe (a child
 * process: dlopen("libcuda.so.1") as any CUDA program does), whose it is
 * (the driver's, a toolkit stub, the forward-compat package, another CUDA's
 * copy, L4T's), and its release against the kernel module's: the user-space
 * driver and nvidia.ko must be the same release (the compat package aside). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/facts.h"
#include "doctor/walk/walk.h"

static const char *whose(const char *path)
{
    if (strstr(path, "/stubs/"))
        return "a CUDA toolkit's stub (link-time only, never a driver)";
    if (strstr(path, "/compat/"))
        return "the CUDA forward-compatibility package";
    if (strstr(path, "/tegra/") || strstr(path, "aarch64-linux-gnu/nvidia/"))
        return "the L4T driver";
    if (strstr(path, "/usr/local/cuda") || strstr(path, "/targets/"))
        return "a copy inside a CUDA toolkit (not the driver's)";
    return "the NVIDIA driver's user-space library";
}

/* "580.95.05" from ".../libcuda.so.580.95.05" (the file the link points at). */
static void file_release(const char *path, char *out, size_t n)
{
    char real[PATH_MAX];
    const char *p = realpath(path, real) ? real : path;
    const char *so = strstr(p, ".so.");
    out[0] = '\0';
    if (so && strchr(so + 4, '.'))
        snprintf(out, n, "%s", so + 4);
}

static void compare(jg_walk_ctx *c, json_t *s, const char *lib)
{
    char file[64], module[64];
    file_release(lib, file, sizeof file);
    bool ko = jg_walk_module_release(c->root, module, sizeof module);
    if (!file[0] || !ko || !module[0]) {
        jg_walk_measure(s, "release: library %s, kernel module %s", file[0] ? file : "unnamed",
                        ko && module[0] ? module : "not readable");
        return;
    }
    jg_walk_measure(s, "library release %s, kernel module %s", file, module);
    if (strcmp(file, module) != 0 && !strstr(lib, "/compat/")) {
        jg_walk_set(s, JG_WS_FAIL, "libcuda %s is not the loaded kernel module's release %s", file, module);
        jg_walk_finding(s, JG_FID_kernel_driver_module_library_mismatch,
                        "reboot after a driver upgrade, or remove the other driver's libcuda from "
                        "the library path (ldconfig -p | grep libcuda)");
    }
}

void jg_walk_libcuda(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("libcuda", "cuda-driver");
    json_array_append_new(steps, s);
    if (!c->live) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "not live: the loader was not asked (run doctor on the host)");
        return;
    }
    const char *lib = JG_FACT_RSTR(c->facts, cuda_driver_library_path);
    const char *st = JG_FACT_RSTR(c->facts, cuda_driver_status);
    const char *why = JG_FACT_RSTR(c->facts, cuda_driver_reason);
    if (!lib) {
        jg_walk_measure(s, "dlopen(libcuda.so.1) in a child: %s", why ? why : "no result");
        if (c->gpus_seen == 0) {
            jg_walk_set(s, JG_WS_ABSENT, "no NVIDIA GPU, and no libcuda either");
            return;
        }
        jg_walk_set(s, JG_WS_FAIL, "the loader finds no libcuda.so.1");
        jg_walk_finding(s, JG_FID_cuda_driver_libcuda_missing,
                        "install the driver's user-space part (same release as the kernel module), "
                        "or in a container start it with the NVIDIA runtime");
        return;
    }
    jg_walk_measure(s, "the loader picked %s: %s", lib, whose(lib));
    const json_t *ver = JG_FACT_RAW(c->facts, cuda_driver_version);
    if (json_is_integer(ver))
        jg_walk_measure(s, "cuDriverGetVersion = %lld (CUDA %lld.%lld)", json_integer_value(ver),
                        json_integer_value(ver) / 1000, json_integer_value(ver) % 1000 / 10);
    if (JG_FACT_RBOOL(c->facts, cuda_driver_stub) == 1 || strstr(lib, "/stubs/")) {
        jg_walk_set(s, JG_WS_FAIL, "the loader picked the toolkit's stub libcuda, which fails every call");
        jg_walk_finding(s, JG_FID_configuration_stub_library_first,
                        "remove the .../stubs entry from LD_LIBRARY_PATH");
        return;
    }
    bool pass = st && strcmp(st, "pass") == 0;
    jg_walk_set(s, pass ? JG_WS_PASS : JG_WS_FAIL, "driver probe: %s%s%s", st ? st : "no result",
                why ? ": " : "", why ? why : "");
    if (!pass) /* a passing step names no finding and no fix */
        jg_walk_finding(s, JG_FID_cuda_driver_driver_probe_failed,
                        "read the CUDA error above; `dmesg | grep -i nvrm` shows what the driver "
                        "refused");
    compare(c, s, lib);
}
