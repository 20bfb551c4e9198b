/* Step: a context and a kernel. The native tensor-op probe (a child process:
 * cuInit, a context on device 0, a PTX kernel, its result checked on the CPU)
 * is the proof that the layers below work together; the devices the driver
 * probe enumerated give the compute capability the torch step compares. */
#include <stdio.h>
#include <string.h>

#include "schema/facts.h"
#include "schema/probe.h"
#include "doctor/walk/walk.h"

void jg_walk_context(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("context-and-kernel", "cuda-driver");
    json_array_append_new(steps, s);
    if (!c->live) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "not live: no kernel was run");
        return;
    }
    size_t i;
    json_t *d;
    json_array_foreach(JG_FACT_RLIST(c->facts, cuda_driver_devices), i, d)
        jg_walk_measure(s, "device %zu: %s, compute capability %s, %s", i,
                        JG_STR(cudev, d, name) ? JG_STR(cudev, d, name) : "unnamed",
                        JG_STR(cudev, d, compute_capability) ? JG_STR(cudev, d, compute_capability) : "?",
                        JG_BOOL(cudev, d, integrated) == 1 ? "integrated" : "discrete");
    const char *st = JG_FACT_RSTR(c->facts, cuda_tensor_op_status);
    const char *why = JG_FACT_RSTR(c->facts, cuda_tensor_op_reason);
    jg_walk_measure(s, "native tensor op (child): %s%s%s", st ? st : "not run", why ? ": " : "",
                    why ? why : "");
    if (st && strcmp(st, "pass") == 0) {
        jg_walk_set(s, JG_WS_PASS, "a context was created and a kernel ran with the right result");
        return;
    }
    if (c->gpus_seen == 0) {
        jg_walk_set(s, JG_WS_ABSENT, "no NVIDIA GPU to run a kernel on");
        return;
    }
    const char *lib = JG_FACT_RSTR(c->facts, cuda_driver_status);
    jg_walk_set(s, JG_WS_FAIL, "no kernel ran%s", lib && strcmp(lib, "pass") == 0
                ? " although the driver initialised" : " (the driver probe failed first)");
    if (lib && strcmp(lib, "pass") == 0)
        jg_walk_finding(s, JG_FID_cuda_driver_kernel_failed,
                        "the CUDA error above names the cause; a PTX error means the driver is "
                        "older than the kernel's ISA (upgrade the driver / JetPack)");
}
