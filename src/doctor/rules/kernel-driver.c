/* The kernel-driver layer's C rules: the GPU's device nodes and the kernel
 * driver behind them (missing nodes, no device, CUDA's unknown error 999;
 * jetson-facts.md sections 3, 5, 6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doctor/rules/rules.h"
#include "facts/fact.h"
#include "util/json.h"

static bool any_gpu_node_present(const jg_view *v, bool *known)
{
    json_t *nodes = JG_FACT_LIST(v->facts, gpu_nodes);
    size_t i;
    json_t *n;
    *known = json_is_array(nodes) && json_array_size(nodes) > 0;
    json_array_foreach(nodes, i, n)
    {
        if (JG_GPU_NODE_BOOL(n, present) == 1)
            return true;
    }
    return false;
}

void jg_rule_gpu_nodes_missing(const jg_view *v, jg_finding_list *out)
{
    bool known;
    /* a loaded libcuda shows an NVIDIA driver is installed on a non-Jetson host */
    bool driver = jg_on_jetson(v) ||
                  JG_FACT_RSTR(v->facts, cuda_driver_library_path) != NULL;
    if (!driver || any_gpu_node_present(v, &known) || !known)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_gpu_driver_family);
    jg_ev_printf(ev, "%s = none present", JG_FACT_PATH(gpu_nodes));
    jg_finding_spec s = {
        JG_FID_kernel_driver_gpu_nodes_missing, JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
        jg_on_jetson(v) ? "no GPU device node exists on this Jetson: the GPU driver (nvgpu / "
                          "OpenRM) did not probe"
                        : "the NVIDIA driver library is installed but no /dev/nvidia* device node "
                          "exists for this process: the kernel module is not loaded or the nodes "
                          "are not visible here",
        jg_on_jetson(v) ? "dmesg | grep -i nvgpu (look for [ERR] lines, e.g. a device tree for "
                          "the wrong module memory size); ls /sys/class/devfreq/; reflash the BSP "
                          "for this exact module"
                        : "lsmod | grep nvidia; sudo modprobe nvidia (nvidia-modprobe creates the "
                          "nodes); ls -l /dev/nvidia*; in a container pass the devices in"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_unknown_999(const jg_view *v, jg_finding_list *out)
{
    const json_t *e = jg_view_cuda_error(v, 999);
    if (!e) /* CUDA 10.0's runtime and older numbered cudaErrorUnknown 30 */
        e = jg_view_cuda_error(v, 30);
    if (!e)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "cuda error: unknown (999; 30 before CUDA 10.1)", e);
    jg_finding_spec s = {
        JG_FID_kernel_driver_unknown_error, JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
        "CUDA reported an unknown error (999): a generic driver failure, e.g. a module not "
        "loaded after a partial upgrade",
        jg_on_jetson(v) ? "dpkg -l 'nvidia-l4t-*' should show one release for all packages; "
                          "reboot; dmesg | grep -i -e nvgpu -e nvidia"
                        : "reboot after a driver upgrade (or sudo modprobe nvidia_uvm); "
                          "dmesg | grep -i nvidia; nvidia-smi"};
    jg_finding_add(out, &s, ev);
}

/* 100 with no better explanation: say what to run to find out. */
void jg_rule_no_device(const jg_view *v, jg_finding_list *out)
{
    const json_t *e = jg_view_cuda_error(v, 100);
    if (!e || json_array_size(JG_VIEW_LIST(v, devices_seen)) > 0)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "cuda error 100 (no device)", e);
    jg_finding_spec s = {
        JG_FID_kernel_driver_no_device, JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
        jg_on_jetson(v) ? "CUDA found no device (100); on a Jetson this is a symptom of a missing "
                          "device node, group permission or container runtime, not of missing "
                          "hardware"
                        : "CUDA found no device (100): hidden by CUDA_VISIBLE_DEVICES, no device "
                          "nodes or permission, or a container started without the GPU",
        jg_on_jetson(v) ? "as the failing user run: id -nG; ls -l /dev/nvmap /dev/nvgpu/igpu0/ctrl "
                          "(Orin) or /dev/nvidia0 (Thor); in a container check --runtime nvidia; "
                          "then jetgate doctor -v"
                        : "echo $CUDA_VISIBLE_DEVICES; ls -l /dev/nvidia*; nvidia-smi -L; in a "
                          "container check --gpus all; then jetgate doctor -v"};
    jg_finding_add(out, &s, ev);
}
