/* Rules whose layer depends on what else the report shows: the same phrase
 * means "no NVIDIA GPU" on a laptop and "driver not loaded" beside an
 * nvidia-smi table, "driver libraries installed in the image" in a container
 * and "module not reloaded" on a host. Each reading is its own finding spec;
 * the rule picks one from the evidence. */
#include <string.h>

#include "doctor/rules.h"

static const jg_finding_spec no_nvidia_gpu = {
    "hardware.no-nvidia-gpu", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_HIGH,
    "the machine has no NVIDIA GPU (another vendor's GPU, or a Mac): CUDA cannot run there",
    "CUDA needs an NVIDIA GPU: on an AMD GPU use a ROCm build, on a Mac the MPS or CPU backend, "
    "or run on a machine with an NVIDIA GPU (a Jetson, a CUDA server)"};

void jg_rule_no_nvidia_gpu(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_nvidia_gpu);
    if (sig && !jg_nvidia_gpu_evidenced(v)) /* a laptop's iGPU beside an NVIDIA one is no cause */
        jg_finding_add_seen(out, &no_nvidia_gpu, "the reporter's machine", sig);
}

/* torch's "Found no NVIDIA driver on your system": no libcuda at all. */
static const jg_finding_spec no_driver[3] = {
    {"hardware.no-nvidia-driver-found", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_LOW,
     "torch found no NVIDIA driver: most often the machine has no NVIDIA GPU (a cloud VM, a "
     "laptop's other GPU, a CI runner); else the driver is not installed",
     "nvidia-smi (or lspci | grep -i nvidia) shows whether there is an NVIDIA GPU; without one "
     "run on the CPU or on a GPU machine, with one install its driver"},
    {"container-runtime.no-driver-in-container", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
     JG_CONF_MEDIUM, "the container has no NVIDIA driver: it was started without the GPU",
     "docker run --gpus all (or --runtime nvidia on a Jetson) with the NVIDIA Container Toolkit "
     "installed; docker info | grep -i runtime"},
    {"kernel-driver.no-driver-found", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
     "there is an NVIDIA GPU but no working NVIDIA driver for this process",
     "install the NVIDIA driver for this kernel (or repair it: lsmod | grep nvidia; sudo "
     "modprobe nvidia), then reboot; nvidia-smi must list the GPU"},
};

void jg_rule_no_nvidia_driver(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_nvidia_driver);
    if (!sig || jg_view_signal(v, JG_SIG_no_nvidia_gpu) ||
        jg_findings_has(out, "container-runtime.no-nvidia-runtime"))
        return; /* that rule (run before this one) names how the container was started */
    int which = jg_container_evidenced(v) ? 1 : jg_nvidia_gpu_evidenced(v) ? 2 : 0;
    jg_finding_add_seen(out, &no_driver[which], "torch", sig);
}

/* sudo python / sudo pip beside a failure sudo explains: sudo resets PATH
 * and LD_LIBRARY_PATH and runs another user's site-packages. */
static const jg_finding_spec sudo_env = {
    "configuration.sudo-drops-environment", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
    "the command ran under sudo, which resets PATH and LD_LIBRARY_PATH and uses root's "
    "packages, not the user's: what the user installed or exported is not seen",
    "run it without sudo (fix the folder's permissions instead), or pass the environment (sudo "
    "env \"PATH=$PATH\" \"LD_LIBRARY_PATH=$LD_LIBRARY_PATH\" python3 ...) and install the "
    "packages for the interpreter that runs"};

void jg_rule_sudo_environment(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_sudo_python);
    bool explained = v->torch_imported == JG_NO ||
                     json_array_size(JG_VIEW_LIST(v, missing_libraries)) > 0 ||
                     jg_view_signal(v, JG_SIG_nvcc_missing);
    if (sig && explained)
        jg_finding_add_seen(out, &sudo_env, "command", sig);
}

/* pip: "No matching distribution found for torch". */
void jg_rule_no_torch_for_platform(const jg_view *v, json_t *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_torch_distribution);
    if (!sig)
        return;
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
    jg_finding_add_seen(out, &s, "pip", sig);
}
