/* Rules whose layer depends on what else the report shows: the same phrase
 * means "no NVIDIA GPU" on a laptop and "driver not loaded" beside an
 * nvidia-smi table, "driver libraries installed in the image" in a container
 * and "module not reloaded" on a host. */
#include <string.h>

#include "doctor/rules.h"

void jg_rule_no_nvidia_gpu(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_nvidia_gpu);
    if (!sig || jg_nvidia_gpu_evidenced(v))
        return; /* another GPU beside an NVIDIA one (a laptop's iGPU) is no cause */
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "the reporter's machine", sig);
    jg_finding_spec s = {
        "hardware.no-nvidia-gpu", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_HIGH,
        "the machine has no NVIDIA GPU (another vendor's GPU, or a Mac): CUDA cannot run there",
        "CUDA needs an NVIDIA GPU: on an AMD GPU use a ROCm build, on a Mac the MPS or CPU "
        "backend, or run on a machine with an NVIDIA GPU (a Jetson, a CUDA server)"};
    jg_finding_add(out, &s, ev);
}

/* torch's "Found no NVIDIA driver on your system": no libcuda at all. */
void jg_rule_no_nvidia_driver(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_nvidia_driver);
    if (!sig || jg_view_signal(v, JG_SIG_no_nvidia_gpu) ||
        jg_findings_has(out, "container-runtime.no-nvidia-runtime"))
        return; /* that rule (run before this one) names how the container was started */
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "torch", sig);
    jg_finding_spec s = {
        "hardware.no-nvidia-driver-found", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_LOW,
        "torch found no NVIDIA driver: most often the machine has no NVIDIA GPU (a cloud VM, "
        "a laptop's other GPU, a CI runner); else the driver is not installed",
        "nvidia-smi (or lspci | grep -i nvidia) shows whether there is an NVIDIA GPU; without "
        "one run on the CPU or on a GPU machine, with one install its driver"};
    if (jg_container_evidenced(v)) {
        s.id = "container-runtime.no-driver-in-container";
        s.layer = JG_L_CONTAINER_RUNTIME;
        s.confidence = JG_CONF_MEDIUM;
        s.summary = "the container has no NVIDIA driver: it was started without the GPU";
        s.fix = "docker run --gpus all (or --runtime nvidia on a Jetson) with the NVIDIA "
                "Container Toolkit installed; docker info | grep -i runtime";
    } else if (jg_nvidia_gpu_evidenced(v)) {
        s.id = "kernel-driver.no-driver-found";
        s.layer = JG_L_KERNEL_DRIVER;
        s.confidence = JG_CONF_MEDIUM;
        s.summary = "there is an NVIDIA GPU but no working NVIDIA driver for this process";
        s.fix = "install the NVIDIA driver for this kernel (or repair it: lsmod | grep nvidia; "
                "sudo modprobe nvidia), then reboot; nvidia-smi must list the GPU";
    }
    jg_finding_add(out, &s, ev);
}

/* NVML's "Driver/library version mismatch": the phrase proves the mismatch but
 * not whether a host or a container holds the other libraries (medium). */
void jg_rule_nvml_mismatch(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_nvml_mismatch);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "NVML", sig);
    jg_finding_spec s = {
        "kernel-driver.module-library-mismatch", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the loaded NVIDIA kernel module and the user-space driver libraries are different "
        "versions (a driver update without a reboot, or a package that pulled in another "
        "driver version)",
        "reboot; if it persists compare cat /proc/driver/nvidia/version with the libraries' "
        "version (dpkg -l | grep -i nvidia), keep one driver version and rebuild its module "
        "(sudo dkms autoinstall)"};
    if (v->in_container == JG_YES) { /* inside one, not a host tool such as nvidia-docker */
        s.id = "cuda-driver.driver-libraries-in-container";
        s.layer = JG_L_CUDA_DRIVER;
        s.confidence = JG_CONF_MEDIUM;
        s.summary = "the container's user-space driver libraries differ from the host's "
                    "kernel module: a driver was installed inside the container";
        s.fix = "remove the NVIDIA driver packages from the image (the NVIDIA runtime mounts "
                "the host's own libraries), then start the container again";
    }
    jg_finding_add(out, &s, ev);
}

/* sudo python / sudo pip beside a failure sudo explains: sudo resets PATH
 * and LD_LIBRARY_PATH and runs another user's site-packages. */
void jg_rule_sudo_environment(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_sudo_python);
    bool explained = v->torch_imported == JG_NO ||
                     json_array_size(JG_VIEW_LIST(v, missing_libraries)) > 0 ||
                     jg_view_signal(v, JG_SIG_nvcc_missing);
    if (!sig || !explained)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "command", sig);
    jg_finding_spec s = {
        "configuration.sudo-drops-environment", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the command ran under sudo, which resets PATH and LD_LIBRARY_PATH and uses root's "
        "packages, not the user's: what the user installed or exported is not seen",
        "run it without sudo (fix the folder's permissions instead), or pass the environment "
        "(sudo env \"PATH=$PATH\" \"LD_LIBRARY_PATH=$LD_LIBRARY_PATH\" python3 ...) and install "
        "the packages for the interpreter that runs"};
    jg_finding_add(out, &s, ev);
}

/* pip: "No matching distribution found for torch". */
void jg_rule_no_torch_for_platform(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_torch_distribution);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "pip", sig);
    bool jetson = jg_on_jetson(v);
    jg_finding_spec s = {
        "pytorch-build.no-torch-for-platform", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_MEDIUM,
        jetson ? "pip finds no torch for this Jetson's Python on its index: Jetson torch comes "
                 "from NVIDIA's wheels, not from PyPI"
               : "pip finds no torch for this platform and Python (an old or too new Python, a "
                 "32-bit system, or a version pin the index does not have)",
        jetson ? jg_fix_torch(v)
               : "compare python3 --version and uname -m with pytorch.org's supported list; use "
                 "a supported Python, or the index that has this platform's builds"};
    jg_finding_add(out, &s, ev);
}

/* The same check as root (sudo) and as the user, with different answers. */
void jg_rule_gpu_for_root_only(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_sudo_python);
    const json_t *yes = NULL, *no = NULL;
    size_t i;
    json_t *t;
    json_array_foreach(JG_VIEW_LIST(v, torch_sessions), i, t)
    {
        int avail = JG_ITEM_BOOL(t, cuda_available);
        if (avail == 1 && !yes)
            yes = t;
        if (avail == 0 && !no)
            no = t;
    }
    if (!sig || !yes || !no)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "command", sig);
    jg_ev_seen(ev, "CUDA available", yes);
    jg_ev_seen(ev, "CUDA not available", no);
    jg_finding_spec s = {
        "permissions.gpu-for-root-only", JG_L_PERMISSIONS, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "CUDA works under sudo (root) and not as the user: the user may not open the GPU's "
        "device nodes",
        "ls -l /dev/nvidia* (or /dev/nvmap, /dev/nvhost-* on a Jetson) names their group; add "
        "the user to it (sudo usermod -aG video,render $USER), log out and in"};
    jg_finding_add(out, &s, ev);
}

/* NVML's "Unknown Error": inside a container, the runtime's device access was
 * lost (cgroup device rules reset by a systemd reload on the host); on a host,
 * a driver in a bad state. */
void jg_rule_nvml_unknown_error(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_nvml_unknown_error);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "NVML", sig);
    jg_finding_spec s = {
        "kernel-driver.nvml-unknown-error", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
        "NVML fails with an unknown error: the driver is in a bad state",
        "dmesg | grep -i -e nvrm -e xid; reboot; reinstall the driver if it persists"};
    if (jg_container_evidenced(v)) {
        s.id = "container-runtime.device-access-lost";
        s.layer = JG_L_CONTAINER_RUNTIME;
        s.confidence = JG_CONF_MEDIUM;
        s.summary = "NVML fails with an unknown error in a container: the container lost its "
                    "access to the GPU device nodes (device cgroup rules reset, e.g. by "
                    "systemctl daemon-reload on the host)";
        s.fix = "restart the container; for a lasting fix use CDI (nvidia-ctk cdi generate, "
                "--device nvidia.com/gpu=all) or the toolkit's documented cgroup settings";
    }
    jg_finding_add(out, &s, ev);
}

/* A Tegra device node or driver library that is absent: not passed into a
 * container, or missing on the host (a custom kernel or image). */
void jg_rule_tegra_driver_absent(const jg_view *v, json_t *out)
{
    static const char *const tegra[] = {"libnvrm", "libnvos.so", "libnvrm_gpu", NULL};
    const json_t *node = jg_view_signal(v, JG_SIG_tegra_node_missing);
    const json_t *chip = jg_view_signal(v, JG_SIG_tegra_chip_id);
    const json_t *lib = jg_missing_library(v, tegra);
    if (!node && !chip && !lib)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "Tegra driver", node ? node : lib ? lib : chip);
    bool container = jg_container_evidenced(v);
    jg_finding_spec s = {
        "container-runtime.tegra-driver-not-passed", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        container ? JG_CONF_MEDIUM : JG_CONF_LOW,
        "the Jetson GPU's device nodes or driver libraries are not there: most often a "
        "container started without the NVIDIA runtime, which passes them in",
        "docker run --runtime nvidia ... (or \"default-runtime\": \"nvidia\" in "
        "/etc/docker/daemon.json); on the host ls -l /dev/nvhost-* /dev/nvmap and "
        "/usr/lib/aarch64-linux-gnu/tegra"};
    if (!container && (node || lib) && v->in_container == JG_NO) {
        s.id = "kernel-driver.tegra-driver-missing";
        s.layer = JG_L_KERNEL_DRIVER;
        s.summary = "the Jetson GPU's device nodes or driver libraries are missing on the host: "
                    "a custom kernel or image without the L4T GPU driver";
        s.fix = "reinstall the L4T packages (sudo apt install --reinstall nvidia-l4t-core "
                "nvidia-l4t-cuda) or reflash; a custom kernel must include nvgpu";
    }
    jg_finding_add(out, &s, ev);
}

/* nvidia-smi is not installed: on a PC, no NVIDIA driver; on a Jetson before
 * JetPack 6 it never is (the NVML rule speaks there). */
void jg_rule_nvidia_smi_missing(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_nvidia_smi_missing);
    if (!sig || jg_on_jetson(v) || json_array_size(JG_VIEW_LIST(v, jetson_hints)) > 0)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "shell", sig);
    jg_finding_spec s = {
        "kernel-driver.driver-not-installed", JG_L_KERNEL_DRIVER, JG_SEV_WARNING, JG_CONF_LOW,
        "nvidia-smi is not installed: on a PC this means no NVIDIA driver is installed (on a "
        "Jetson before JetPack 6 it is normal: use tegrastats)",
        "install the NVIDIA driver for this GPU and kernel (ubuntu-drivers install, or the "
        "distribution's nvidia-driver package), then reboot"};
    jg_finding_add(out, &s, ev);
}

/* Libraries NVIDIA's Jetson torch wheels need from the system (its install
 * guide: libopenblas, OpenMPI, libomp). */
void jg_rule_torch_system_dependency(const jg_view *v, json_t *out)
{
    static const char *const deps[] = {"libopenblas.so", "libmpi_cxx.so", "libmpi.so",
                                       "libomp.so", "libgomp.so", NULL};
    const json_t *m = jg_missing_library(v, deps);
    if (!m)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    jg_finding_spec s = {
        "pytorch-build.system-dependency-missing", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "a system library the torch build needs is not installed (BLAS, OpenMP or MPI): the "
        "install skipped the wheel's system prerequisites",
        "sudo apt-get install libopenblas-dev libopenmpi-dev libomp-dev (the prerequisites in "
        "NVIDIA's guide for the Jetson wheels), then import torch again"};
    jg_finding_add(out, &s, ev);
}
