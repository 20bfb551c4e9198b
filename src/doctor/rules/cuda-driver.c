/* The cuda-driver layer's C rules: libcuda and NVML against the JetPack's driver
 * (too old for the CUDA a build needs, forward compatibility, a driver from
 * another L4T, a libcuda that is not found; jetson-facts.md sections 3, 5, 6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doctor/rules/rules.h"
#include "facts/fact.h"
#include "util/json.h"

void jg_rule_libcuda_missing(const jg_view *v, jg_finding_list *out)
{
    if (!v->drv_status || strcmp(v->drv_status, "pass") == 0 || v->drv_code >= 0)
        return;
    if (v->in_container == JG_YES && v->nvidia_runtime != JG_YES)
        return; /* a container without the NVIDIA runtime: the runtime rule */
    if (JG_FACT_RSTR(v->facts, cuda_driver_library_path))
        return; /* it loaded; something else failed */
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_cuda_driver_status);
    jg_ev_field(ev, v, JG_FF_cuda_driver_reason);
    jg_finding_spec s = {
        JG_FID_cuda_driver_libcuda_missing, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
        jg_on_jetson(v) ? "libcuda.so.1 could not be loaded on this Jetson host"
                        : "libcuda.so.1 (the NVIDIA driver's user-space library) could not be loaded",
        jg_on_jetson(v) ? "sudo apt install --reinstall nvidia-l4t-cuda (it ships libcuda on L4T); "
                          "check dpkg -l 'nvidia-l4t-*' shows one release"
                        : "ldconfig -p | grep libcuda.so.1 should list the driver's copy; install "
                          "or repair the NVIDIA driver (its user-space part), or make its folder "
                          "visible to this process"};
    jg_finding_add(out, &s, ev);
}

/* A torch CUDA newer than the driver explains 35/804 better (pytorch-build). */
static bool torch_newer_than_driver(const jg_view *v)
{
    int drv = jg_host_driver_version(v);
    return drv > 0 && v->torch_cuda && jg_cuda_version_int(v->torch_cuda) > drv;
}

/* Inside a container started without the GPU there is no libcuda, and the
 * CUDA runtime reports that as an insufficient driver (35). */
static const jg_finding_spec no_driver_in_container = {
    JG_FID_container_runtime_no_driver_in_container, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
    JG_CONF_MEDIUM,
    "CUDA reports an insufficient driver (35) in a container started without the GPU: with no "
    "driver mounted, the CUDA runtime says 35",
    "start the container with the GPU (docker run --gpus all, --runtime nvidia on a Jetson, a "
    "compose device reservation) and the NVIDIA Container Toolkit installed"};

static bool container_without_gpu(const jg_view *v)
{
    const json_t *dk = JG_OBS_OBJ(v->observed, docker);
    return jg_container_evidenced(v) && JG_DOCKER_BOOL(dk, gpus) != 1 &&
           JG_DOCKER_BOOL(dk, runtime_nvidia) != 1 && v->nvidia_runtime != JG_YES;
}

void jg_rule_insufficient_driver(const jg_view *v, jg_finding_list *out)
{
    const json_t *e = jg_view_cuda_error(v, 35);
    if (!e || torch_newer_than_driver(v) || jg_cuda13_wheel_on_jetpack_found(out))
        return;
    if (container_without_gpu(v)) {
        jg_finding_add_seen(out, &no_driver_in_container, "cuda error 35 (insufficient driver)", e);
        return;
    }
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "cuda error 35 (insufficient driver)", e);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    char fix[400]; /* the JetPack -> CUDA pairs come from the facts table's CUDA column */
    const char *cuda = jg_cuda_for_l4t(v->l4t_version);
    if (cuda)
        snprintf(fix, sizeof fix, "use a build or container for CUDA %s, the CUDA L4T %s ships "
                 "(a newer CUDA needs a newer JetPack: upgrade the whole BSP); find the driver "
                 "with the deviceQuery 'CUDA Driver Version' line", cuda, v->l4t_version);
    else
        snprintf(fix, sizeof fix, "use a build or container for this JetPack's CUDA (%s), or "
                 "upgrade the whole BSP; find the driver with the deviceQuery 'CUDA Driver "
                 "Version' line", jg_cuda_by_jetpack());
    jg_finding_spec s = {
        JG_FID_cuda_driver_insufficient_driver, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
        jg_on_jetson(v) ? "the CUDA driver is older than the CUDA runtime the program uses (error "
                          "35); on a Jetson the driver comes with the L4T release, so the runtime "
                          "(wheel, container) is too new"
                        : "the CUDA driver is older than the CUDA runtime the program uses (error 35)",
        jg_on_jetson(v) ? fix
                        : "upgrade the NVIDIA driver (nvidia-smi shows the CUDA version it "
                          "supports), or use a build/image for a CUDA not newer than it"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_forward_compat(const jg_view *v, jg_finding_list *out)
{
    const json_t *e804 = jg_view_cuda_error(v, 804), *e803 = jg_view_cuda_error(v, 803);
    if ((!e804 && !e803) || torch_newer_than_driver(v))
        return;
    json_t *ev = jg_ev_new();
    if (e804)
        jg_ev_seen(ev, "cuda error 804 (forward compatibility not supported)", e804);
    if (e803)
        jg_ev_seen(ev, "cuda error 803 (system driver mismatch)", e803);
    jg_finding_spec s = {
        /* 804 proves compat libraries were loaded, not why (image, toolkit mount, driver) */
        JG_FID_cuda_driver_forward_compat, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
        e804 ? "CUDA forward compatibility was attempted on hardware that does not support it (804)"
             : "the CUDA compat library does not match the driver (803)",
        jg_on_jetson(v)
            ? "remove cuda-compat libraries from LD_LIBRARY_PATH and the image (on Orin the compat "
              "root is /usr/local/cuda/compat_orin) and use a CUDA runtime not newer than this "
              "JetPack's driver"
            : "after a driver update reboot, so the loaded kernel module matches libcuda (cat "
              "/proc/driver/nvidia/version against nvidia-smi); remove cuda-compat libraries from "
              "LD_LIBRARY_PATH and the image (GeForce / RTX GPUs cannot use them) and update the "
              "driver to one that supports the program's CUDA"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_init_error(const jg_view *v, jg_finding_list *out)
{
    const json_t *e = jg_view_cuda_error(v, 3);
    if (!e)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "cuda error 3 (initialization error)", e);
    jg_finding_spec s = {
        JG_FID_cuda_driver_init_error, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "CUDA initialization error (3): on a Jetson the usual cause is container user space "
        "(L4T / CUDA) newer than the host's L4T driver",
        "compare the image tag's rNN with the host's head -1 /etc/nv_tegra_release and use an "
        "image for the host's L4T major (e.g. an r32.x image on an R32 host), or upgrade the host"};
    if (!jg_on_jetson(v)) { /* the container-vs-host cause is a Jetson's */
        s.confidence = JG_CONF_LOW;
        s.summary = "CUDA initialization error (3): the driver could not start CUDA in this "
                    "process (a driver problem, or CUDA first used in a parent before fork)";
        s.fix = "nvidia-smi; python3 -c 'import torch; torch.cuda.init()'; if it fails only in "
                "worker processes use the 'spawn' start method";
    }
    jg_finding_add(out, &s, ev);
}

/* Container L4T (its own release file or the image tag) vs the host's. */
void jg_rule_l4t_mismatch(const jg_view *v, jg_finding_list *out)
{
    const json_t *host = JG_OBS_OBJ(v->observed, host_l4t);
    const jg_image_l4t *img = jg_image_with_l4t(v);
    int cmaj = img ? img->major : 0;
    if (!cmaj && v->in_container == JG_YES)
        cmaj = v->l4t_major;
    int hmaj = host ? atoi(JG_ITEM_STR(host, version) ? JG_ITEM_STR(host, version) : "0")
                    : (v->in_container == JG_YES ? 0 : v->l4t_major);
    if (!cmaj || !hmaj || cmaj == hmaj)
        return;
    json_t *ev = jg_ev_new();
    if (img)
        jg_ev_seen(ev, "container image", img->item);
    else
        jg_ev_field(ev, v, JG_FF_l4t_version);
    if (host)
        jg_ev_seen(ev, "host L4T", host);
    else
        jg_ev_field(ev, v, JG_FF_l4t_version);
    char summary[200];
    snprintf(summary, sizeof summary,
             "container built for L4T R%d runs on an L4T R%d host: images do not work across "
             "L4T majors", cmaj, hmaj);
    jg_finding_spec s = {JG_FID_cuda_driver_l4t_major_mismatch, JG_L_CUDA_DRIVER, JG_SEV_ERROR,
                         JG_CONF_HIGH, summary,
                         "use an image tagged for the host's L4T (rNN.x matching head -1 "
                         "/etc/nv_tegra_release), or reflash the host to the image's L4T"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_nvml_before_jp6(const jg_view *v, jg_finding_list *out)
{
    /* the toolkit's stub is JetPack's sign; a missing NVML reads as JetPack's only where a
     * Jetson is seen (elsewhere: jg_rule_nvml_missing) */
    const json_t *sig = jg_view_signal(v, JG_SIG_nvml_stub);
    if (!sig && jg_jetson_seen(v))
        sig = jg_view_signal(v, JG_SIG_nvml_missing);
    bool old_jp = v->jp_major > 0 && v->jp_major < 6;
    if (!old_jp && !(sig && v->jp_major == 0))
        return;
    bool orin_or_unknown = !v->module_cc || strcmp(v->module_cc, "8.7") == 0;
    json_t *ev = jg_ev_new();
    if (sig)
        jg_ev_seen(ev, "NVML", sig);
    if (!orin_or_unknown)
        jg_ev_field(ev, v, JG_FF_module_compute_capability);
    if (v->l4t_version)
        jg_ev_field(ev, v, JG_FF_l4t_version);
    else if (v->jp_version)
        jg_ev_field(ev, v, JG_FF_jetpack_version);
    else if (v->toolkit)
        jg_ev_field(ev, v, JG_FF_cuda_toolkit);
    if (!json_array_size(ev))
        jg_ev_printf(ev, "JetPack major = %d", v->jp_major);
    jg_finding_spec s = {
        JG_FID_cuda_driver_no_nvml_before_jp6, JG_L_CUDA_DRIVER, sig ? JG_SEV_ERROR : JG_SEV_INFO,
        old_jp ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "JetPack before 6 has no NVML (only the toolkit's stub libnvidia-ml.so): tools that find "
        "the GPU through NVML (nvidia-smi, nvtop, ollama) see no GPU",
        orin_or_unknown
            ? "upgrade to JetPack 6 (L4T 36.x), or use a build that detects Jetson GPUs without NVML"
            : "this module has no JetPack 6 (JetPack 6 is for Orin): use tools that read the GPU "
              "without NVML (tegrastats, jtop) and builds that do not need NVML"};
    jg_finding_add(out, &s, ev);
}

/* 222/218: PTX from a newer CUDA than the driver can JIT. */
void jg_rule_ptx_newer_than_driver(const jg_view *v, jg_finding_list *out)
{
    const json_t *e = jg_view_cuda_error(v, 222);
    if (!e)
        e = jg_view_cuda_error(v, 218);
    if (!e)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "cuda error (PTX)", e);
    bool jetson = jg_on_jetson(v);
    jg_finding_spec s = {
        JG_FID_cuda_driver_ptx_newer_than_driver, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the CUDA driver is older than the toolkit that compiled the program's PTX (222/218): "
        "the driver cannot JIT it",
        jetson ? "on a Jetson the driver comes with the L4T release: build with this JetPack's "
                 "CUDA (nvcc --version on the device), or upgrade the whole BSP"
               : "upgrade the NVIDIA driver to one that supports the toolkit's CUDA version, or "
                 "build with a toolkit not newer than the driver (nvidia-smi shows its CUDA)"};
    jg_finding_add(out, &s, ev);
}

/* libcuda.so.1 missing: the driver's own library, not the toolkit's; in a
 * container the runtime mounts it from the host. [container][jetson] */
static const jg_finding_spec libcuda_missing[2][2] = {
    {{JG_FID_cuda_driver_libcuda_not_found, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "libcuda.so.1, the NVIDIA driver's user-space library, is not found: the driver is not "
      "installed for this system (or not visible to this process)",
      "install the NVIDIA driver (nvidia-smi must work); in a container start it with --gpus all "
      "and the NVIDIA Container Toolkit"},
     {JG_FID_cuda_driver_libcuda_not_found, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "libcuda.so.1, the L4T driver's user-space library, is not found on this Jetson",
      "sudo apt install --reinstall nvidia-l4t-cuda (it ships libcuda on L4T); in a container "
      "start it with --runtime nvidia"}},
    {{JG_FID_container_runtime_driver_not_mounted, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "libcuda.so.1 is missing inside the container: it was started without the GPU, so the "
      "NVIDIA runtime did not mount the host's driver",
      "docker run --gpus all ... with the NVIDIA Container Toolkit installed (compose: "
      "deploy.resources.reservations.devices)"},
     {JG_FID_container_runtime_driver_not_mounted, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "libcuda.so.1 is missing inside the container: it was started without the NVIDIA runtime, "
      "which mounts the host's L4T driver",
      "docker run --runtime nvidia ... (or \"default-runtime\": \"nvidia\" in "
      "/etc/docker/daemon.json for docker build and compose)"}},
};

void jg_rule_libcuda_not_found(const jg_view *v, jg_finding_list *out)
{
    static const char *const libcuda[] = {"libcuda.so", NULL};
    const json_t *m = jg_missing_library(v, libcuda);
    /* Triton's "libcuda.so cannot found" is the unversioned link, not the driver */
    if (!m || jg_missing_but_listed(v) || jg_view_signal(v, JG_SIG_libcuda_so_link_missing))
        return;
    bool jetson = jg_jetson_seen(v);
    /* libcuda and an L4T driver library missing together: the host's driver was not
     * passed in, which is what a Jetson container without the NVIDIA runtime shows */
    bool l4t_too = jetson && v->in_container != JG_NO && jg_missing_library(v, jg_l4t_driver_libraries);
    bool container = v->in_container == JG_YES || jg_container_evidenced(v) || l4t_too;
    jg_finding_add_seen(out, &libcuda_missing[container][jetson], "missing library", m);
}

/* NVML not found off a Jetson ("couldn't find libnvidia-ml.so", pynvml's "NVML Shared Library
 * Not Found"): in a container the NVIDIA runtime did not inject the host driver's libraries;
 * on a host the driver's user-space part is missing. [container] */
static const jg_finding_spec nvml_absent[2] = {
    {JG_FID_cuda_driver_nvml_missing, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
     "libnvidia-ml, the driver's management library, is not found: the NVIDIA driver's "
     "user-space part is not installed (or not on the loader path)",
     "nvidia-smi on the host must work: install or repair the driver's user-space package of "
     "the running branch, then sudo ldconfig"},
    {JG_FID_container_runtime_nvml_not_injected, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_MEDIUM,
     "the container has no libnvidia-ml: the NVIDIA runtime did not inject the host driver's "
     "libraries (no --gpus / --runtime nvidia, NVIDIA_VISIBLE_DEVICES missing from the image, "
     "or a runtime hook that failed)",
     "run with --gpus all (or --runtime nvidia and NVIDIA_VISIBLE_DEVICES=all); an image "
     "flattened with docker export loses its NVIDIA_* variables: set them again; the hook's "
     "own log names its failure"},
};

void jg_rule_nvml_missing(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_nvml_missing);
    if (!sig || jg_jetson_seen(v) || v->jp_major > 0)
        return;
    jg_finding_add_seen(out, &nvml_absent[jg_container_evidenced(v)], "NVML", sig);
}
