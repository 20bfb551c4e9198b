/* Steps: the CUDA libraries the interpreter loads, and torch itself. After
 * the Python probe imported torch and ran its tensor op, it read
 * /proc/self/maps: the libraries listed are the files the loader resolved for
 * that process, not a guess from the search path. torch: where it was
 * imported from, which build (CUDA wheel, NVIDIA's Jetson build, CPU, ROCm),
 * its CUDA and arch list against the device's compute capability, and its own
 * tensor op. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/facts.h"
#include "schema/probe.h"
#include "doctor/walk/walk.h"

static const char *lib_owner(const char *p)
{
    if (strstr(p, "/site-packages/nvidia/") || strstr(p, "/dist-packages/nvidia/"))
        return "a pip nvidia-* wheel";
    if (strstr(p, "/torch/lib/"))
        return "bundled with torch";
    if (strstr(p, "/usr/local/cuda") || strstr(p, "/targets/"))
        return "a CUDA toolkit";
    if (strstr(p, "/compat/"))
        return "the forward-compat package";
    return "the system library path";
}

void jg_walk_cuda_libraries(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("cuda-libraries", "cuda-libraries");
    json_array_append_new(steps, s);
    const json_t *libs = JG_FACT_RLIST(c->facts, python_libraries);
    const char *err = JG_FACT_RSTR(c->facts, python_torch_error);
    if (c->live && JG_FACT_RBOOL(c->facts, python_torch_found) == 0) {
        jg_walk_set(s, JG_WS_ABSENT, "no torch, so the interpreter loads no CUDA library");
        return;
    }
    if (!c->live || (!libs && !err)) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "the interpreter did not import torch, so no CUDA library "
                    "was loaded%s", c->live ? "" : " (not live)");
        return;
    }
    size_t i;
    json_t *l;
    json_array_foreach(libs, i, l)
        if (json_is_string(l))
            jg_walk_measure(s, "%s (%s)", json_string_value(l), lib_owner(json_string_value(l)));
    if (err && strstr(err, ".so")) {
        jg_walk_measure(s, "import torch: %s", err);
        jg_walk_set(s, JG_WS_FAIL, "a CUDA library torch needs does not load");
        jg_walk_finding(s, JG_FID_cuda_libraries_nvidia_library_missing,
                        "install the library torch was built against (the matching nvidia-* wheel "
                        "or JetPack's package), or fix LD_LIBRARY_PATH");
    } else if (json_array_size(libs) > 0)
        jg_walk_set(s, JG_WS_PASS, "%zu CUDA librar%s loaded by the interpreter", json_array_size(libs),
                    json_array_size(libs) == 1 ? "y" : "ies");
    else
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "torch loaded no CUDA library (see the torch step)");
}

static const char *build_kind(const char *ver, const char *cuda)
{
    if (ver && strstr(ver, "rocm"))
        return "a ROCm build (AMD), not CUDA";
    if (!cuda)
        return "a CPU-only build (torch.version.cuda is None)";
    if (ver && (strstr(ver, "nv") || strstr(ver, "l4t")))
        return "NVIDIA's build";
    return "a CUDA build";
}

/* "sm_90" in the list, or a compute_XX the driver can JIT (XX <= the device's). */
static bool arch_fits(const json_t *list, const char *cc)
{
    int maj, min;
    if (!cc || sscanf(cc, "%d.%d", &maj, &min) != 2)
        return true;
    int want = maj * 10 + min;
    size_t i;
    json_t *a;
    json_array_foreach(list, i, a)
    {
        int v;
        const char *t = json_string_value(a);
        if (t && sscanf(t, "sm_%d", &v) == 1 && v == want)
            return true;
        if (t && sscanf(t, "compute_%d", &v) == 1 && v <= want)
            return true;
    }
    return json_array_size(list) == 0;
}

static void arch_list(jg_walk_ctx *c, json_t *s)
{
    const json_t *list = JG_FACT_RLIST(c->facts, python_torch_arch_list);
    const json_t *dev = json_array_get(JG_FACT_RLIST(c->facts, cuda_driver_devices), 0);
    const char *cc = dev ? JG_STR(cudev, dev, compute_capability) : JG_FACT_RSTR(c->facts, python_torch_capability);
    char *txt = list ? json_dumps(list, JSON_COMPACT) : NULL;
    jg_walk_measure(s, "arch list %s; device compute capability %s", txt ? txt : "not read", cc ? cc : "unknown");
    free(txt);
    if (list && !arch_fits(list, cc)) {
        jg_walk_set(s, JG_WS_FAIL, "torch has no kernels for compute capability %s", cc);
        jg_walk_finding(s, JG_FID_pytorch_build_missing_device_arch,
                        "install a torch build whose arch list has this GPU (on a Jetson: NVIDIA's "
                        "wheel for this JetPack)");
    }
}

void jg_walk_torch(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("torch", "pytorch-build");
    json_array_append_new(steps, s);
    const char *err = JG_FACT_RSTR(c->facts, python_torch_error);
    if (!c->live || JG_FACT_RBOOL(c->facts, python_torch_found) == -1) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "torch was not probed%s", c->live ? " (the interpreter did "
                    "not run)" : " (not live)");
        return;
    }
    if (JG_FACT_RBOOL(c->facts, python_torch_found) == 0) {
        jg_walk_set(s, JG_WS_ABSENT, "torch is not installed for this interpreter");
        return;
    }
    if (JG_FACT_RBOOL(c->facts, python_torch_imported) != 1) {
        jg_walk_measure(s, "import torch: %s", err ? err : "failed");
        jg_walk_set(s, JG_WS_FAIL, "torch does not import");
        return;
    }
    const char *ver = JG_FACT_RSTR(c->facts, python_torch_version), *cuda = JG_FACT_RSTR(c->facts, python_torch_cuda);
    jg_walk_measure(s, "torch %s from %s: %s, CUDA %s", ver ? ver : "?",
                    JG_FACT_RSTR(c->facts, python_torch_file) ? JG_FACT_RSTR(c->facts, python_torch_file) : "?",
                    build_kind(ver, cuda), cuda ? cuda : "none");
    if (!cuda || (ver && strstr(ver, "rocm"))) {
        jg_walk_set(s, JG_WS_FAIL, "torch %s is %s", ver ? ver : "", build_kind(ver, cuda));
        jg_walk_finding(s, JG_FID_pytorch_build_cpu_only_wheel,
                        "install a CUDA build of torch (on a Jetson: NVIDIA's wheel for this JetPack)");
        return;
    }
    arch_list(c, s);
    const char *op = JG_FACT_RSTR(c->facts, python_tensor_op_status);
    const char *why = JG_FACT_RSTR(c->facts, python_tensor_op_reason);
    jg_walk_measure(s, "torch.cuda.is_available() %s; torch tensor op: %s%s%s",
                    JG_FACT_RBOOL(c->facts, python_torch_cuda_available) == 1 ? "True" : "False",
                    op ? op : "not run", why ? ": " : "", why ? why : "");
    if (jg_walk_step_status(s) == JG_WS_FAIL)
        return;
    if (op && strcmp(op, "pass") == 0)
        jg_walk_set(s, JG_WS_PASS, "torch's own CUDA tensor op ran and matched the CPU");
    else
        jg_walk_set(s, JG_WS_FAIL, "torch is a CUDA build but its tensor op did not run");
}
