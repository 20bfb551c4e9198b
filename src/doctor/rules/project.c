/* The project layer's C rules: the failure is the project's own (out of memory,
 * an exception in its code, a program without the device's architecture, a
 * pinned torch) or lies outside the CUDA stack; and the shared predicates on
 * kernel images from other packages and native programs. A maintainer's first
 * question is "did a kernel run at all?": an out-of-memory error answers yes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "util/json.h"

static bool vendor_torch(const char *ver)
{
    return ver && (jg_torch_nv_build(ver) || strstr(ver, "a0+"));
}

static bool about_torch(const json_t *c, const void *unused)
{
    (void)unused;
    const char *pkg = JG_ITEM_STR(c, package);
    return pkg && strcmp(pkg, "torch") == 0;
}

void jg_rule_project_pins_torch(const jg_view *v, jg_finding_list *out)
{
    const json_t *c = jg_first_item(JG_VIEW_LIST(v, conflicts), about_torch, NULL);
    if (!c)
        return;
    bool vendor = vendor_torch(JG_ITEM_STR(c, installed));
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "pip", c);
    jg_finding_spec s = {
        JG_FID_project_pins_torch, JG_L_PROJECT, JG_SEV_WARNING, vendor ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "a package pins a different torch version than the installed (vendor) build: the "
        "next pip resolve can replace it with PyPI's aarch64 wheel (CPU-only up to torch 2.10, "
        "CUDA 13.0 from 2.11: neither runs on a JetPack 5/6 driver)",
        "relax the torch pin in the project's requirements, and install with a constraints "
        "file that keeps the vendor torch (jetgate constraints)"};
    jg_finding_add(out, &s, ev);
}

/* Neither a torch line nor a torch version in the report: a 209 is someone else's build. */
static bool torch_absent(const jg_view *v)
{
    return !JG_OBS_GET(v->observed, torch_seen) && !v->torch_version;
}

/* A native program's own words around the error: its uncaught C++ exception, or its own
 * CUDA check naming a .cu file. */
static const json_t *native_program(const jg_view *v)
{
    const json_t *seen = jg_view_signal(v, JG_SIG_native_program_aborted);
    return seen ? seen : jg_view_signal(v, JG_SIG_native_cuda_check);
}

/* "no kernel image" from a package other than torch: its wheel lacks this GPU's arch. */
bool jg_kernel_image_from_other_package(const jg_view *v)
{
    return jg_view_cuda_error(v, 209) && JG_OBS_GET(v->observed, other_stack) && torch_absent(v);
}

/* "no kernel image" in a native program's uncaught exception (thrust's parallel_for in a
 * TensorRT plugin) or its own CUDA check, with no torch and no Python package in the
 * report: the program's own build left this GPU's arch out (jkjung-avt/tensorrt_demos:
 * GPU_ARCHS in its Makefile). */
bool jg_kernel_image_from_native_program(const jg_view *v)
{
    return jg_view_cuda_error(v, 209) && native_program(v) &&
           !JG_OBS_GET(v->observed, other_stack) && torch_absent(v);
}

void jg_rule_native_program_no_kernel(const jg_view *v, jg_finding_list *out)
{
    if (!jg_kernel_image_from_native_program(v))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "cuda error 209 (no kernel image)", jg_view_cuda_error(v, 209));
    jg_ev_seen(ev, "native program", native_program(v));
    jg_finding_spec s = {
        JG_FID_project_program_without_device_arch, JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "a native program's CUDA code has no kernels for this GPU ('no kernel image', 209): "
        "its build left this compute capability out",
        jg_on_jetson(v) ? "rebuild it with this board's arch in its build settings (the "
                          "Makefile's or CMake's arch list: Orin 87, Xavier 72, TX2 62, Nano 53)"
                        : "rebuild it with this GPU's compute capability in its build settings "
                          "(the Makefile's -gencode list or CMAKE_CUDA_ARCHITECTURES)"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_no_wheel_for_platform(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_wheel_for_platform);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "resolver", sig);
    jg_finding_spec s = {
        JG_FID_project_no_wheel_for_platform, JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the project's pinned requirements name a build that has no wheel for this platform "
        "(e.g. an x86-only +cpu/+cu wheel on aarch64)",
        "give the project per-platform pins or index sources (PEP 508 markers on "
        "platform_machine; on a Jetson the Jetson index), then re-lock"};
    jg_finding_add(out, &s, ev);
}

/* Readings that only suggest memory ran out (low): the shell's bare "Killed"
 * (SIGKILL, on a Jetson almost always the OOM killer), ENOMEM, and cuBLAS or cuDNN
 * failing to start (most often no GPU memory was left for their handle or workspace). */
static const struct {
    jg_signal signal;
    const char *what, *summary, *fix; /* fix NULL: the GPU memory fix */
} oom_hints[] = {
    {JG_SIG_process_killed, "the process was killed (SIGKILL)",
     "the process was killed (SIGKILL): most often the kernel's OOM killer, when RAM (on a "
     "Jetson shared with the GPU) runs out; CUDA itself is not shown to be at fault",
     NULL},
    /* EleutherAI/lm-evaluation-harness#1689 */
    {JG_SIG_cublas_not_initialized, "cuBLAS did not initialise",
     "cuBLAS could not initialise: most often no GPU memory was left for its handle (CUDA "
     "works); less often a cuBLAS that does not fit the build",
     NULL},
    /* ENOMEM: the host's memory, e.g. forking DataLoader workers (pytorch/pytorch#4387) */
    {JG_SIG_host_memory_exhausted, "the system could not allocate memory",
     "the system could not allocate memory (ENOMEM): the host's RAM (or its overcommit limit) "
     "ran out, most often with several DataLoader workers; CUDA itself is not shown to be at "
     "fault",
     "free or add RAM (swap), use fewer DataLoader workers (num_workers), or check the "
     "overcommit limit (sysctl vm.overcommit_memory)"},
    {JG_SIG_cudnn_no_algorithm, "cuDNN found no algorithm",
     "cuDNN found no algorithm for a convolution: most often no GPU memory was left for its "
     "workspace (CUDA works); less often a cuDNN that does not fit the build",
     NULL},
};

void jg_rule_out_of_memory(const jg_view *v, jg_finding_list *out)
{
    const json_t *oom = jg_view_signal(v, JG_SIG_out_of_memory);
    const json_t *killer = jg_view_signal(v, JG_SIG_oom_killer);
    const json_t *hint = NULL;
    size_t h = 0;
    for (; !hint && h < sizeof oom_hints / sizeof oom_hints[0]; h++)
        hint = jg_view_signal(v, oom_hints[h].signal);
    if (!oom && !killer && !hint)
        return;
    json_t *ev = jg_ev_new();
    if (oom)
        jg_ev_seen(ev, "out of memory", oom);
    if (killer)
        jg_ev_seen(ev, "OOM killer", killer);
    bool direct = oom || killer;
    if (!direct)
        jg_ev_seen(ev, oom_hints[h - 1].what, hint);
    bool jetson = jg_on_jetson(v);
    jg_finding_spec s = {
        JG_FID_project_out_of_memory, JG_L_PROJECT, JG_SEV_WARNING, direct ? JG_CONF_MEDIUM : JG_CONF_LOW,
        jetson ? "CUDA works: the workload ran out of memory (a Jetson's GPU shares the system "
                 "RAM, so the CPU side, other processes and the page cache count too)"
               : "CUDA works: the workload ran out of GPU memory",
        jetson ? "watch tegrastats (RAM line) while it runs; lower the batch size, context or "
                 "model size, keep parts on the CPU, close other GPU users; a reboot clears "
                 "fragmented NvMap memory"
               : "lower the batch size or model size, free the GPU (nvidia-smi shows other "
                 "processes), or use a GPU with more memory"};
    if (!direct) {
        s.summary = oom_hints[h - 1].summary;
        s.fix = oom_hints[h - 1].fix ? oom_hints[h - 1].fix : s.fix;
    }
    jg_finding_add(out, &s, ev);
}

/* An exception the project's own file raised that names nothing of the CUDA
 * stack. With CUDA shown to work that is the project's; with CUDA's state not
 * shown it is only the likeliest reading, so the confidence stays low. */
void jg_rule_project_exception(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_project_exception);
    bool works = v->torch_available == JG_YES ||
                 (v->torch_tensor_op && strcmp(v->torch_tensor_op, "pass") == 0) ||
                 (v->native_tensor_op && strcmp(v->native_tensor_op, "pass") == 0);
    if (!sig || v->torch_available == JG_NO)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "exception in the project's file", sig);
    if (works)
        jg_ev_field(ev, v, JG_FF_python_torch_cuda_available);
    jg_finding_spec s = {
        JG_FID_project_exception_in_project_code, JG_L_PROJECT, JG_SEV_WARNING,
        works ? JG_CONF_MEDIUM : JG_CONF_LOW,
        works ? "CUDA works: the error is an exception the project's own code raised, and it "
                "names nothing of the CUDA stack"
              : "the error is an exception the project's own code raised and names nothing of "
                "the CUDA stack; this input does not show whether CUDA works",
        "read the traceback's last frame in the project (its inputs, options, versions of the "
        "files it loads); run jetgate doctor -v on the device to confirm the CUDA stack"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_jetson_stats_table(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_jtop_jetpack_unknown);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "jetson-stats", sig);
    if (v->l4t_version)
        jg_ev_field(ev, v, JG_FF_l4t_version);
    jg_finding_spec s = {
        JG_FID_project_jetson_stats_unknown_release, JG_L_PROJECT, JG_SEV_WARNING, JG_CONF_MEDIUM,
        "jetson-stats does not know this L4T release (its table is older than the BSP): this "
        "says nothing about the CUDA stack",
        "sudo -H pip3 install -U jetson-stats, then reboot; judge CUDA by a kernel run "
        "(jetgate doctor -v), not by jtop's JetPack line"};
    jg_finding_add(out, &s, ev);
}

/* Runs last. A pasted failure in words of the project's own (a segfault, a build
 * step that stopped, a file its program could not open), no line failing in the
 * CUDA stack's words and no rule that found an error or warning: CUDA is not
 * shown to be at fault, and a maintainer looks at the project first. Only the
 * likeliest reading, so low confidence; doctor on the device tells. */
void jg_rule_failure_outside_stack(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_failure_outside_stack);
    if (!sig || jg_view_signal(v, JG_SIG_failure_in_stack) ||
        jg_findings_of_severity(out, JG_SEV_ERROR) || jg_findings_of_severity(out, JG_SEV_WARNING))
        return;
    jg_finding_spec s = {
        JG_FID_project_failure_outside_cuda_stack, JG_L_PROJECT, JG_SEV_WARNING, JG_CONF_LOW,
        "the failing line names nothing of the CUDA stack (no CUDA error, library, driver or "
        "container) and no lower layer shows a fault: the project's own run or build is the "
        "likeliest place; this input does not show whether CUDA works",
        "read the failing step (its command, inputs, build options, memory); run jetgate "
        "doctor -v on the device to confirm the CUDA stack"};
    jg_finding_add_seen(out, &s, "failing line", sig);
}
