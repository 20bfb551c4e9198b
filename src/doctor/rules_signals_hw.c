/* Signal rules whose first reading lies in the GPU itself and the kernel driver (the row type,
 * where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_hw[] = {
    /* certain that the GPU is below the build's minimum, not whose fix it is (another build of
     * the package may still include it): medium */
    {JG_SIG_gpu_too_old, "GPU",
     {"hardware.gpu-too-old", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the GPU is older than this build supports: its compute capability is below the build's "
      "minimum",
      "use an older release or a source build that still has this GPU's arch, or a newer GPU"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* a Tesla-architecture or Fermi GPU named (facts/legacy_gpu_table.c has the names and
     * sources): no current CUDA serves it, whatever the message; medium, because the named GPU
     * may not be the one the program ran on */
    {JG_SIG_pre_kepler_gpu_named, "GPU",
     {"hardware.pre-kepler-gpu", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the report names an NVIDIA GPU older than Kepler (Tesla architecture or Fermi, compute "
      "capability 1.x / 2.x): CUDA 9 and newer and current framework builds do not support it",
      "use the project's last build for CUDA 8 (Fermi) or CUDA 6.5 (compute capability 1.x) if "
      "there is one, run on the CPU, or use a newer GPU"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* a feature, not the whole build: the fix is as often the project's setting (medium) */
    {JG_SIG_gpu_lacks_feature, "GPU",
     {"hardware.gpu-lacks-feature", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the GPU lacks a feature the program asks for (bfloat16 and FlashAttention need compute "
      "capability 8.0 or newer)",
      "use what this GPU supports (float16 instead of bfloat16, another attention "
      "implementation), or a GPU with that compute capability"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* the GPU dropped off the bus: power, heat, the slot or the card, but a driver bug
     * shows the same way (medium) */
    {JG_SIG_gpu_off_bus, "GPU",
     {"hardware.gpu-lost", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the GPU fell off the PCIe bus (Xid 79): power, heat, the slot or the card itself",
      "check the power supply and cooling, reseat the card (another slot, riser or PCIe "
      "speed setting), read dmesg for Xid errors; a reboot brings it back until it recurs"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_gpu_device_handle, "nvidia-smi",
     {"hardware.gpu-unreachable", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the driver knows the GPU but cannot talk to it: most often the card itself (heat, "
      "power, the PCIe link), not the software",
      "dmesg | grep -i -e xid -e nvrm; check cooling and power; reseat the card, then reboot"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_secure_boot, "kernel",
     {"kernel-driver.secure-boot-blocks-module", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "Secure Boot refuses the unsigned NVIDIA kernel module, so the driver never loads",
      "enroll the module's signing key (sudo mokutil --import <key.der>, reboot, confirm in "
      "the MOK manager) or disable Secure Boot in the firmware"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_driver_not_loaded, "driver",
     {"kernel-driver.driver-not-loaded", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the NVIDIA kernel driver is not running: not built for the running kernel, refused "
      "at load (Secure Boot), or another driver (nouveau) holds the GPU",
      "lsmod | grep nvidia; sudo modprobe nvidia (its error names the cause); after a kernel "
      "update install that kernel's headers and rebuild the module (sudo dkms autoinstall); "
      "then reboot"},
     "on a Jetson the GPU driver is nvgpu in the L4T kernel: lsmod | grep nvgpu; a custom "
     "kernel or Yocto image must include it and its modules; nvidia-smi is not the test on "
     "JetPack 4-6", JG_PT_ANY, JG_AT_NONE, {0}},
    /* ECC is the memory's; Xids 61/62/92/95 are as often the driver's firmware (medium) */
    {JG_SIG_gpu_hardware_error, "GPU",
     {"hardware.gpu-hardware-error", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the GPU reports a hardware fault (an uncorrectable ECC error, an Xid that points at the "
      "card, its memory or its link, or a GPU that needs a reset)",
      "nvidia-smi -q -d ECC,PAGE_RETIREMENT; dmesg | grep -i xid; reset the GPU or reboot; if "
      "it recurs, the card needs service"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_module_not_built, "modprobe",
     {"kernel-driver.module-not-built", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "there is no NVIDIA kernel module for the running kernel (modprobe finds none): the "
      "driver was built for another kernel",
      "install the running kernel's headers (linux-headers-$(uname -r)) and rebuild the module "
      "(sudo dkms autoinstall), or reinstall the driver package for this kernel; reboot"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_no_devices_found, "nvidia-smi",
     {"kernel-driver.no-devices-found", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the driver is loaded but finds no GPU: the GPU is not bound to it (another driver, "
      "passthrough), it dropped off the bus, or this driver does not support it",
      "lspci -k | grep -A3 -i nvidia shows which driver holds it; dmesg | grep -i -e nvrm -e "
      "xid; use a driver that supports this GPU; check power and the slot"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_uvm_missing, "CUDA",
     {"kernel-driver.uvm-not-loaded", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the nvidia-uvm module is not loaded or its device node is missing (or broken after a "
      "suspend): CUDA cannot start",
      "sudo modprobe nvidia-uvm (install nvidia-modprobe so it loads on demand for every "
      "user); after a suspend: sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_driver_init_failed, "torch",
     {"kernel-driver.driver-init-failed", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
      "the CUDA driver library loaded but could not initialise a GPU: no GPU present, the "
      "kernel module not loaded, or its device nodes missing",
      "nvidia-smi; lsmod | grep nvidia; ls -l /dev/nvidia*; dmesg | grep -i nvrm"},
     "ls -l /dev/nvmap /dev/nvhost-* /dev/nvgpu (JetPack 4-6) or /dev/nvidia* (Thor); in a "
     "container start it with --runtime nvidia; lsmod | grep nvgpu", JG_PT_ANY, JG_AT_NONE, {0}},
    /* the phrase proves the mismatch, not whether a host or a container holds the other
     * libraries (medium); inside one, a driver was installed in the image */
    {JG_SIG_nvml_mismatch, "NVML",
     {"kernel-driver.module-library-mismatch", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the loaded NVIDIA kernel module and the user-space driver libraries are different "
      "versions (a driver update without a reboot, or a package that pulled in another driver "
      "version)",
      "reboot; if it persists compare cat /proc/driver/nvidia/version with the libraries' "
      "version (dpkg -l | grep -i nvidia), keep one driver version and rebuild its module "
      "(sudo dkms autoinstall)"},
     NULL, JG_PT_ANY, JG_AT_INSIDE_CONTAINER,
     {"cuda-driver.driver-libraries-in-container", JG_L_CUDA_DRIVER, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the container's user-space driver libraries differ from the host's kernel module: a "
      "driver was installed inside the container",
      "remove the NVIDIA driver packages from the image (the NVIDIA runtime mounts the host's "
      "own libraries), then start the container again"}},
    /* in a container the runtime's device access was lost (cgroup device rules reset by a
     * systemd reload on the host); on a host, a driver in a bad state */
    {JG_SIG_nvml_unknown_error, "NVML",
     {"kernel-driver.nvml-unknown-error", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
      "NVML fails with an unknown error: the driver is in a bad state",
      "dmesg | grep -i -e nvrm -e xid; reboot; reinstall the driver if it persists"},
     NULL, JG_PT_ANY, JG_AT_CONTAINER_SEEN,
     {"container-runtime.device-access-lost", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "NVML fails with an unknown error in a container: the container lost its access to the "
      "GPU device nodes (device cgroup rules reset, e.g. by systemctl daemon-reload on the host)",
      "restart the container; for a lasting fix use CDI (nvidia-ctk cdi generate, --device "
      "nvidia.com/gpu=all) or the toolkit's documented cgroup settings"}},
    /* on a Jetson before JetPack 6 there is never an nvidia-smi (the NVML rule speaks) */
    {JG_SIG_nvidia_smi_missing, "shell",
     {"kernel-driver.driver-not-installed", JG_L_KERNEL_DRIVER, JG_SEV_WARNING, JG_CONF_LOW,
      "nvidia-smi is not installed: on a PC this means no NVIDIA driver is installed (on a "
      "Jetson before JetPack 6 it is normal: use tegrastats)",
      "install the NVIDIA driver for this GPU and kernel (ubuntu-drivers install, or the "
      "distribution's nvidia-driver package), then reboot"},
     NULL, JG_PT_OFF_JETSON, JG_AT_CONTAINER_SEEN,
     /* inside a container the driver's tools come from the runtime, not the image */
     {"container-runtime.no-driver-in-container", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "nvidia-smi is missing where a container runs: the NVIDIA runtime mounts it with the "
      "driver, so the container was started without the GPU",
      "start it with docker run --gpus all (a compose device reservation, or "
      "NVIDIA_VISIBLE_DEVICES=all with the nvidia runtime) and the NVIDIA Container Toolkit "
      "installed"}},
    {JG_SIG_no_nvidia_gpu, "the reporter's machine",
     /* medium: the reporter's own words, not a tool's; silent beside an NVIDIA GPU (a
      * laptop's other GPU is no cause) */
     {"hardware.no-nvidia-gpu", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the machine has no NVIDIA GPU (another vendor's GPU, or a Mac): CUDA cannot run there",
      "CUDA needs an NVIDIA GPU: on an AMD GPU use a ROCm build, on a Mac the MPS or CPU "
      "backend, or run on a machine with an NVIDIA GPU (a Jetson, a CUDA server)"},
     NULL, JG_PT_NO_NVIDIA_GPU, JG_AT_NONE, {0}},
    /* DCGM (and dcgm-exporter) does not support Jetson's integrated GPU
     * (tests/data/corpus/FACTS-FOUND.md: NVIDIA/dcgm-exporter#101) */
    {JG_SIG_dcgm_named, "DCGM",
     {"hardware.dcgm-not-on-jetson", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_HIGH,
      "DCGM (and dcgm-exporter) does not support Jetson's integrated GPU: no runtime setting "
      "makes it work",
      "monitor a Jetson with tegrastats or jtop (jetson-stats), not DCGM"},
     NULL, JG_PT_JETSON, JG_AT_NONE, {0}},
    {JG_SIG_open_module_unsupported_gpu, "the kernel",
     {"kernel-driver.open-module-unsupported-gpu", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "the NVIDIA open kernel module does not support this GPU (it needs a Turing, GTX 16xx, "
      "or newer GPU)",
      "install the proprietary kernel module flavour of the driver (the non-open package of "
      "the same branch), then reboot"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446 */
    {JG_SIG_gsp_rpc_timeout, "the kernel",
     {"kernel-driver.gsp-rpc-timeout", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the driver lost contact with the GPU's GSP firmware (Xid 119/120); the GPU hangs or "
      "disappears until reset, a known issue of GSP-enabled driver branches",
      "upgrade to a newer driver release; with the proprietary (closed) module, disabling GSP "
      "firmware (options nvidia NVreg_EnableGpuFirmware=0 in /etc/modprobe.d, rebuild "
      "initramfs, reboot) is the usual workaround; enable persistence mode; reset or reboot to "
      "recover"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/MrMEEE/ironhide/issues/41 */
    {JG_SIG_gpu_claimed_by_other_driver, "the kernel",
     {"kernel-driver.gpu-claimed-by-other-driver", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "another kernel driver (nouveau, nvidiafb, vfio-pci) already owns the GPU, so the nvidia "
      "module loaded but attached to no device",
      "blacklist nouveau/nvidiafb (blacklist nouveau and options nouveau modeset=0 in "
      "/etc/modprobe.d), remove vfio-pci binding for the card if it is not meant for "
      "passthrough, regenerate the initramfs (update-initramfs -u / dracut -f) and reboot"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/h8d13/archinstoo/issues/244 */
    {JG_SIG_pci_bar_not_assigned, "the kernel",
     {"hardware.pci-bar-not-assigned", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the firmware/kernel did not assign the GPU's PCI memory window (BAR shows 0M), so the "
      "driver cannot probe the card",
      "enable Above 4G Decoding (and Resizable BAR / large MMIO in VMs) in the BIOS, update the "
      "BIOS, or boot with pci=realloc (pci=realloc=on); reseat the card if it persists"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/Bumblebee-Project/Bumblebee/issues/925 */
    {JG_SIG_kernel_headers_missing, "nvidia-installer",
     {"kernel-driver.kernel-headers-missing", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "the .run driver/CUDA installer cannot build the nvidia module because headers "
      "(kernel-devel) for the running kernel are not installed",
      "install headers for exactly the running kernel (Debian/Ubuntu: sudo apt install "
      "linux-headers-$(uname -r); RHEL/Fedora: sudo dnf install kernel-devel-$(uname -r) "
      "kernel-headers), reboot first if a newer kernel was installed, then rerun the installer "
      "(or pass --kernel-source-path)"},
     "do not run the x86 .run driver installer on a Jetson: the GPU driver ships with "
     "L4T/JetPack", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/microsoft/pai/issues/2962 */
    {JG_SIG_nouveau_loaded, "nvidia-installer",
     {"kernel-driver.nouveau-loaded", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "the open-source nouveau driver owns the GPU, so NVIDIA's installer refuses to install "
      "its module",
      "blacklist nouveau (a file in /etc/modprobe.d with 'blacklist nouveau' and 'options "
      "nouveau modeset=0'), regenerate the initramfs (update-initramfs -u or dracut -f), reboot "
      "to a text console and rerun the installer; or install the distribution's packaged driver "
      "instead"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/open-gpu-kernel-modules/issues/526 */
    {JG_SIG_module_build_failed, "dkms",
     {"kernel-driver.module-build-failed", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "DKMS failed to compile the nvidia module for a kernel, usually a kernel newer than the "
      "driver branch supports or missing/mismatched headers; no driver will load on that kernel",
      "read /var/lib/dkms/nvidia/<ver>/build/make.log; install headers for that kernel, upgrade "
      "to a driver branch that supports the kernel (or boot the previous kernel / hold kernel "
      "upgrades), then sudo dkms autoinstall and reboot"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/siderolabs/talos/issues/8764 */
    {JG_SIG_gpu_needs_legacy_branch, "the kernel",
     {"kernel-driver.gpu-needs-legacy-branch", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "the installed driver branch dropped this (older) GPU, so the module loads but ignores "
      "the card; the dmesg text names the legacy branch that still supports it",
      "install the legacy branch the message names (e.g. nvidia-driver-470 or 580 legacy) "
      "instead of the current one, with a CUDA/torch build that this branch and the GPU's "
      "compute capability still support; otherwise replace the GPU"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/AbdBarho/stable-diffusion-webui-docker/issues/117 */
    {JG_SIG_wsl_no_gpu_adapter, "nvidia-container-toolkit",
     {"kernel-driver.wsl-no-gpu-adapter", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "Docker runs under WSL (Docker Desktop or WSL2) but Windows exposes no NVIDIA GPU to it: "
      "no NVIDIA GPU, WSL1 instead of WSL2, or a Windows driver without WSL CUDA support",
      "confirm nvidia-smi works in Windows and inside the WSL2 distro; install a current "
      "Windows NVIDIA driver (do not install a Linux driver inside WSL), run wsl --update and "
      "wsl --shutdown, convert the distro to WSL2; on machines without an NVIDIA GPU drop "
      "--gpus/GPU reservations"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/microsoft/WSL/issues/9938 */
    {JG_SIG_wsl_gpu_blocked, "nvidia-smi",
     {"kernel-driver.wsl-gpu-blocked", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "under WSL2 the Windows host does not let the Linux guest use the GPU (unsupported "
      "Windows/Server build or GPU mode such as TCC, or a Linux-side driver package shadowing "
      "the WSL libraries)",
      "update Windows, WSL (wsl --update) and the Windows NVIDIA driver; keep the GPU in WDDM "
      "mode; remove Linux nvidia-utils/driver packages inside WSL so /usr/lib/wsl/lib is used; "
      "restart with wsl --shutdown"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/Arc-Compute/LibVF.IO/issues/20 */
    {JG_SIG_module_in_use_during_install, "nvidia-installer",
     {"kernel-driver.module-in-use-during-install", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "the .run driver installer found an NVIDIA module already loaded (a previous driver in "
      "use by X, a CUDA program or nvidia-persistenced), so it will not replace it",
      "stop the display manager and GPU users (sudo systemctl isolate multi-user.target; stop "
      "nvidia-persistenced), unload nvidia_drm nvidia_modeset nvidia_uvm nvidia with modprobe "
      "-r, or uninstall the existing (package-manager) driver first and reboot, then rerun the "
      "installer; do not mix .run and distro packages"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/open-gpu-kernel-modules kernel-open/nvidia/nv.c */
    {JG_SIG_gpu_probe_failed, "the kernel",
     {"kernel-driver.gpu-probe-failed", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the nvidia kernel module failed to probe the GPU: the lines around it in dmesg say why "
      "(another driver holds it, a BIOS setting, a GPU the branch does not support)",
      "sudo dmesg | grep -i nvrm shows the reason; lspci -k shows which driver holds the GPU"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* kmod's modprobe: a module built for another kernel, or modules that do not match */
    {JG_SIG_module_built_for_other_kernel, "the kernel",
     {"kernel-driver.module-built-for-other-kernel", JG_L_KERNEL_DRIVER, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "the nvidia kernel modules do not fit the running kernel or each other (built for another "
      "kernel version, or nvidia_uvm from another driver than nvidia.ko)",
      "rebuild the driver's modules for the running kernel (sudo dkms autoinstall, or reinstall "
      "the driver package for this kernel), then reboot"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* docs.kernel.org admin-guide/tainted-kernels: taint is a mark, not a fault */
    {JG_SIG_module_taint_harmless, "the kernel",
     {"kernel-driver.module-taint-harmless", JG_L_KERNEL_DRIVER, JG_SEV_INFO, JG_CONF_HIGH,
      "the kernel notes that the nvidia module taints it (out of tree, unsigned, not GPL): a "
      "mark, not a fault; the driver loads",
      "nothing to fix; look at the other lines"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* linux drivers/thermal/thermal_core.c */
    {JG_SIG_overheating, "the kernel",
     {"hardware.overheating", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_HIGH,
      "the kernel shut the system down at a critical temperature: cooling is not enough for "
      "the load",
      "check the fan and heatsink, airflow and the power mode; watch temperatures while it runs "
      "(tegrastats on a Jetson, nvidia-smi elsewhere)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_hw_count = sizeof jg_signal_rules_hw / sizeof jg_signal_rules_hw[0];
