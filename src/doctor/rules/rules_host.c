/* Rules that need more than one phrase and a second reading (those are the
 * signal tables' rows): several readings of one phrase, a signal together with
 * what else failed, two sessions that disagree, a missing library whose owner
 * decides the layer. Each reading is its own finding spec; the rule picks one
 * from the evidence. */
#include <string.h>

#include "doctor/rules/rules.h"

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

/* sudo python / sudo pip beside a failure sudo explains: sudo resets PATH
 * and LD_LIBRARY_PATH and runs another user's site-packages. */
static const jg_finding_spec sudo_env = {
    JG_FID_configuration_sudo_drops_environment, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
    "the command ran under sudo, which resets PATH and LD_LIBRARY_PATH and uses root's "
    "packages, not the user's: what the user installed or exported is not seen",
    "run it without sudo (fix the folder's permissions instead), or pass the environment (sudo "
    "env \"PATH=$PATH\" \"LD_LIBRARY_PATH=$LD_LIBRARY_PATH\" python3 ...) and install the "
    "packages for the interpreter that runs"};

void jg_rule_sudo_environment(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_sudo_user_program);
    bool explained = v->torch_imported == JG_NO ||
                     json_array_size(JG_VIEW_LIST(v, missing_libraries)) > 0 ||
                     jg_view_signal(v, JG_SIG_nvcc_missing);
    if (sig && explained)
        jg_finding_add_seen(out, &sudo_env, "command", sig);
}

/* pip: "No matching distribution found for torch". */
void jg_rule_no_torch_for_platform(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_torch_distribution);
    if (!sig)
        return;
    bool jetson = jg_on_jetson(v);
    jg_finding_spec s = {
        JG_FID_pytorch_build_no_torch_for_platform, JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_MEDIUM,
        jetson ? "pip finds no torch for this Jetson's Python on its index: Jetson torch comes "
                 "from NVIDIA's wheels, not from PyPI"
               : "pip finds no torch for this platform and Python (an old or too new Python, a "
                 "32-bit system, or a version pin the index does not have)",
        jetson ? jg_fix_torch(v)
               : "compare python3 --version and uname -m with pytorch.org's supported list; use "
                 "a supported Python, or the index that has this platform's builds"};
    jg_finding_add_seen(out, &s, "pip", sig);
}

/* The same check as root (sudo) and as the user, with different answers. */
static const jg_finding_spec root_only = {
    JG_FID_permissions_gpu_for_root_only, JG_L_PERMISSIONS, JG_SEV_ERROR, JG_CONF_MEDIUM,
    "CUDA works under sudo (root) and not as the user: the user may not open the GPU's device "
    "nodes",
    "ls -l /dev/nvidia* (or /dev/nvmap, /dev/nvhost-* on a Jetson) names their group; add the "
    "user to it (sudo usermod -aG video,render $USER), log out and in"};

static bool session_with(const json_t *t, const void *want)
{
    return JG_ITEM_BOOL(t, cuda_available) == *(const int *)want;
}

void jg_rule_gpu_for_root_only(const jg_view *v, jg_finding_list *out)
{
    static const int yes = 1, no = 0;
    const json_t *sig = jg_view_signal(v, JG_SIG_sudo_user_program);
    const json_t *works = jg_first_item(JG_VIEW_LIST(v, torch_sessions), session_with, &yes);
    const json_t *fails = jg_first_item(JG_VIEW_LIST(v, torch_sessions), session_with, &no);
    if (!sig || !works || !fails)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "command", sig);
    jg_ev_seen(ev, "CUDA available", works);
    jg_ev_seen(ev, "CUDA not available", fails);
    jg_finding_add(out, &root_only, ev);
}

/* A Tegra device node or driver library that is absent: not passed into a
 * container (most often), or missing on a host known not to be a container. */
static const jg_finding_spec tegra_absent[2] = {
    {JG_FID_container_runtime_tegra_driver_not_passed, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
     JG_CONF_LOW,
     "the Jetson GPU's device nodes or driver libraries are not there: most often a container "
     "started without the NVIDIA runtime, which passes them in",
     "docker run --runtime nvidia ... (or \"default-runtime\": \"nvidia\" in "
     "/etc/docker/daemon.json for docker build and compose); on the host ls -l /dev/nvhost-* "
     "/dev/nvmap and /usr/lib/aarch64-linux-gnu/tegra"},
    {JG_FID_kernel_driver_tegra_driver_missing, JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
     "the Jetson GPU's device nodes or driver libraries are missing on the host: a custom "
     "kernel or image without the L4T GPU driver",
     "reinstall the L4T packages (sudo apt install --reinstall nvidia-l4t-core nvidia-l4t-cuda) "
     "or reflash; a custom kernel must include nvgpu"},
};

/* L4T's own driver libraries (/usr/lib/aarch64-linux-gnu/tegra): a host has them
 * whenever L4T is installed; a container gets them from the host through the
 * NVIDIA runtime (CSV mounts) or, from JetPack 6, from its image. */

void jg_rule_tegra_driver_absent(const jg_view *v, jg_finding_list *out)
{
    const char *const *tegra = jg_l4t_driver_libraries;
    const json_t *node = jg_view_signal(v, JG_SIG_tegra_node_missing);
    const json_t *chip = jg_view_signal(v, JG_SIG_tegra_chip_id_unread);
    const json_t *lib = jg_missing_library(v, tegra);
    const json_t *seen = node ? node : lib ? lib : chip;
    if (!seen)
        return;
    bool container = jg_container_evidenced(v);
    bool host = !container && (node || lib) && v->in_container == JG_NO;
    jg_finding_spec s = tegra_absent[host];
    if (container)
        s.confidence = JG_CONF_MEDIUM; /* the container is seen, not inferred */
    jg_finding_add_seen(out, &s, "Tegra driver", seen);
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
