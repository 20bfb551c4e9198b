/* The hardware layer's C rules: the machine is not a Jetson (an x86 host, another
 * aarch64 board) or has no NVIDIA GPU driver to find at all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doctor/rules/rules.h"
#include "facts/fact.h"
#include "util/json.h"

void jg_rule_not_jetson_aarch64(const jg_view *v, jg_finding_list *out)
{
    if (!v->arch || strcmp(v->arch, "aarch64") != 0 || jg_on_jetson(v) || v->in_container == JG_YES)
        return; /* a container hides the Jetson's files: no hardware claim from inside one */
    bool gb10 = (v->gpu_cc && strcmp(v->gpu_cc, "12.1") == 0) ||
                (v->gpu_name && strstr(v->gpu_name, "GB10")) || jg_view_signal(v, JG_SIG_dgx_spark);
    const char *family = JG_FACT_STR(v->facts, gpu_driver_family);
    bool nvidia_gpu = gb10 || (family && strcmp(family, "openrm") == 0) || v->drv_version > 0;
    if (v->is_jetson != JG_NO && !gb10)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_host_arch);
    jg_ev_field(ev, v, JG_FF_jetson_is_jetson);
    if (gb10)
        jg_ev_printf(ev, "gpu = %s (compute capability %s)", v->gpu_name ? v->gpu_name : "GB10",
                     v->gpu_cc ? v->gpu_cc : "12.1");
    else if (nvidia_gpu)
        jg_ev_field(ev, v, JG_FF_gpu_driver_family);
    if (v->soc0_family)
        jg_ev_field(ev, v, JG_FF_module_soc0_family);
    jg_finding_spec s = {
        JG_FID_hardware_not_a_jetson, JG_L_HARDWARE, nvidia_gpu ? JG_SEV_WARNING : JG_SEV_INFO,
        gb10 ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        nvidia_gpu ? "aarch64 with an NVIDIA GPU but no Jetson Linux (no /etc/nv_tegra_release): "
                     "a DGX Spark / Grace-class (SBSA) system, not a Jetson; Jetson tiers, L4T "
                     "wheels and L4T containers do not apply"
                   : "aarch64 without Jetson Linux: a generic ARM64 host, not a Jetson; it proves "
                     "only that code imports",
        nvidia_gpu ? "use the standard SBSA (server arm64) CUDA builds here, and never count this "
                     "host as Jetson evidence"
                   : "run the Jetson gate on a Jetson; treat this host as CPU-only ARM64 CI"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_x86_host(const jg_view *v, jg_finding_list *out)
{
    if (!v->arch || strcmp(v->arch, "x86_64") != 0)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_host_arch);
    jg_finding_spec s = {JG_FID_hardware_x86_host, JG_L_HARDWARE, JG_SEV_INFO, JG_CONF_HIGH,
                         "x86_64 host: CUDA results here prove nothing about a Jetson",
                         "run jetgate on the Jetson itself (a self-hosted ARM64 runner)"};
    jg_finding_add(out, &s, ev);
}

/* torch's "Found no NVIDIA driver on your system": no libcuda at all. */
static const jg_finding_spec no_driver[3] = {
    {JG_FID_hardware_no_nvidia_driver_found, JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_LOW,
     "torch found no NVIDIA driver: most often the machine has no NVIDIA GPU (a cloud VM, a "
     "laptop's other GPU, a CI runner); else the driver is not installed",
     "nvidia-smi (or lspci | grep -i nvidia) shows whether there is an NVIDIA GPU; without one "
     "run on the CPU or on a GPU machine, with one install its driver"},
    {JG_FID_container_runtime_no_driver_in_container, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
     JG_CONF_MEDIUM, "the container has no NVIDIA driver: it was started without the GPU",
     "docker run --gpus all (or --runtime nvidia on a Jetson) with the NVIDIA Container Toolkit "
     "installed; docker info | grep -i runtime"},
    {JG_FID_kernel_driver_no_driver_found, JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
     "there is an NVIDIA GPU but no working NVIDIA driver for this process",
     "install the NVIDIA driver for this kernel (or repair it: lsmod | grep nvidia; sudo "
     "modprobe nvidia), then reboot; nvidia-smi must list the GPU"},
};

void jg_rule_no_nvidia_driver(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_nvidia_driver);
    if (!sig || jg_view_signal(v, JG_SIG_no_nvidia_gpu) ||
        jg_findings_has(out, JG_FID_container_runtime_no_nvidia_runtime))
        return; /* that rule (run before this one) names how the container was started */
    int which = jg_container_evidenced(v) ? 1 : jg_nvidia_gpu_evidenced(v) ? 2 : 0;
    jg_finding_add_seen(out, &no_driver[which], "torch", sig);
}
