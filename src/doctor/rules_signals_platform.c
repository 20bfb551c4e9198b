/* Signal rules of a platform's own units and services: a Jetson board's (L4T packages, nvgpu,
 * power, DLA, cameras, video encoders) and a data-centre system's (NVLink, fabric manager,
 * persistence) (the row type, where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_platform[] = {
    /* Xid 78 is the vGPU host refusing the guest's driver (NVIDIA's Xid catalogue) */
    {JG_SIG_vgpu_guest_mismatch, "the kernel",
     {"kernel-driver.vgpu-guest-driver-mismatch", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "the virtual GPU's host rejects this guest driver (Xid 78): the guest's vGPU / GRID "
      "driver branch does not match the host's",
      "install the guest driver the cloud or vGPU host supports now (its documentation lists "
      "the branch), then reboot the VM"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* 802 says the system is not initialised, not which part failed (the Fabric Manager
     * service or the NVSwitch kernel driver beneath it): medium; both belong to the host's
     * driver installation, like the Fabric Manager's own messages below (kernel-driver) */
    {JG_SIG_fabric_manager, "CUDA",
     {"kernel-driver.fabric-manager-not-ready", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the system is not yet initialised (802): on NVSwitch systems the Fabric Manager "
      "service is not running or does not match the driver",
      "sudo systemctl enable --now nvidia-fabricmanager, of the same version as the driver; "
      "nvidia-smi -q | grep -i -A2 fabric"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/TensorRT/issues/3663 */
    {JG_SIG_jetson_over_current, "L4T (Jetson)",
     {"hardware.jetson-over-current", JG_L_HARDWARE, JG_SEV_WARNING, JG_CONF_MEDIUM,
      "the Jetson module's input-current monitor tripped under heavy load and the clocks were "
      "throttled; CUDA works, only slower",
      "expected under heavy load in high power modes: use a stronger power supply/carrier rated "
      "for the mode, pick a lower nvpmodel power mode, or reduce the workload (lower "
      "resolution, INT8/FP16 engines)"},
     "check the mode with sudo nvpmodel -q and the rails with tegrastats/jtop; ensure the "
     "carrier board and supply meet the module's VDD_IN requirements", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA-AI-IOT/jetcard/issues/46 */
    {JG_SIG_l4t_bootloader_update_failed, "dpkg/apt",
     {"kernel-driver.l4t-bootloader-update-failed", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
      "an apt upgrade of the Jetson BSP could not apply the bootloader update (unsupported "
      "upgrade path, third-party carrier-board BSP, or running inside a container/chroot), "
      "leaving L4T packages half-configured",
      "do not run apt upgrade of nvidia-l4t-* inside containers; on the device check the "
      "board's BSP vendor instructions, run sudo apt --fix-broken install, and if the "
      "bootloader still fails reflash with SDK Manager/the vendor's Linux_for_Tegra for the "
      "target JetPack"},
     "only upgrade JetPack across minor releases via apt (same L4T major); major upgrades need "
     "a reflash", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/nvidia-container-toolkit/issues/202 */
    {JG_SIG_persistence_not_enabled, "nvidia-container-toolkit",
     {"kernel-driver.persistence-not-enabled", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the container hook timed out waiting for the driver to initialise the GPUs, usually "
      "because persistence mode/nvidia-persistenced is off so each query re-initialises the "
      "GPUs (slow on multi-GPU or cloud VMs)",
      "enable nvidia-persistenced (sudo systemctl enable --now nvidia-persistenced) or "
      "persistence mode (sudo nvidia-smi -pm 1); check that nvidia-smi on the host answers "
      "quickly; upgrade the toolkit (newer releases allow longer timeouts); check dmesg for Xid "
      "errors if the GPU itself hangs"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/pytorch/pytorch/issues/58155 */
    {JG_SIG_nvlink_uncorrectable, "CUDA runtime (torch, NCCL)",
     {"hardware.nvlink-uncorrectable", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "an NVLink link between GPUs reported an uncorrectable error; the CUDA context is "
      "poisoned and the job dies. The cause is the link/GPU/NVSwitch hardware or its fabric "
      "state, not the program",
      "check nvidia-smi nvlink -e / -s and dmesg for NVLink Xids (74 etc.); reset the GPUs or "
      "reboot the node; verify nvidia-fabricmanager runs on NVSwitch systems; if errors recur "
      "on the same link, drain the node and have the GPU/baseboard serviced"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/gpu-operator/issues/610 */
    {JG_SIG_fabric_manager_no_nvswitch, "nvidia-fabricmanager",
     {"kernel-driver.fabric-manager-no-nvswitch", JG_L_KERNEL_DRIVER, JG_SEV_WARNING, JG_CONF_MEDIUM,
      "Fabric manager found no NVSwitch to manage: on PCIe/NVLink-bridge GPUs it is simply not "
      "needed (CUDA works without it); on Blackwell HGX/DGX it means the NVLink subnet manager "
      "(NVLSM) dependency is missing, leaving GPUs unregistered",
      "on machines without NVSwitch disable the service (systemctl disable --now "
      "nvidia-fabricmanager); on HGX/DGX B-series install the NVLSM package and use "
      "nvidia-fabricmanager-start.sh, then check 'nvidia-smi -q | grep -A2 Fabric' shows "
      "Completed"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/gpu-operator/issues/544 */
    {JG_SIG_fabric_manager_version_mismatch, "nvidia-fabricmanager",
     {"kernel-driver.fabric-manager-version-mismatch", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "the nvidia-fabricmanager package is not the exact same version as the installed driver, "
      "so it refuses to start; on NVSwitch systems (HGX/DGX) CUDA then fails with 'system not "
      "yet initialized'",
      "install the fabricmanager package whose version equals the driver version exactly (e.g. "
      "nvidia-fabricmanager-<branch>=<driver-version> from the same repository), hold both "
      "packages together, then systemctl restart nvidia-fabricmanager"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* Orin Nano has no NVENC (insight-platform/Savant#450,
     * NVIDIA-ISAAC-ROS/isaac_ros_compression#5) */
    {JG_SIG_no_hw_video_encoder, "multimedia",
     {"hardware.no-hw-video-encoder", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the hardware video encoder is absent (the Jetson Orin Nano has no NVENC block), so the "
      "nvv4l2 encoders cannot run; CUDA works",
      "use a software encoder (x264enc, x265enc) or a module with a hardware encoder"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA-ISAAC-ROS/isaac_ros_depth_segmentation#12, marcoslucianops/DeepStream-Yolo#27 */
    {JG_SIG_no_dla_core, "TensorRT",
     {"hardware.no-dla-core", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "TensorRT was asked for a DLA core this device does not have (Nano, Orin Nano and TX2 "
      "have none), or the DLA is not visible to this process",
      "drop --useDLACore / the DLA setting or pick a core that exists (allow GPU fallback); in "
      "a container start it with --runtime nvidia"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* ArduCAM/MIPI_Camera#68: a vendor kernel package pinned to another L4T kernel build */
    {JG_SIG_l4t_kernel_package_mismatch, "apt",
     {"kernel-driver.l4t-kernel-package-mismatch", JG_L_KERNEL_DRIVER, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a kernel package (a camera or carrier vendor's) requires another nvidia-l4t-kernel build "
      "than the one installed: it was made for another L4T release",
      "install the vendor's package built for this L4T release (head -1 /etc/nv_tegra_release), "
      "or the L4T release it was built for"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* dusty-nv/jetson-utils cpp/camera/gstCamera.cpp */
    {JG_SIG_no_camera_found, "camera",
     {"hardware.no-camera-found", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "no camera device was found (no /dev/video* node): the camera is not connected or not "
      "detected, or a container was not given it; CUDA is not involved",
      "ls /dev/video*; v4l2-ctl --list-devices; reconnect the camera; in a container pass it "
      "(--device /dev/video0)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/nvidia-persistenced nvidia-persistenced.c */
    {JG_SIG_persistenced_failed, "nvidia-persistenced",
     {"kernel-driver.persistenced-failed", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "nvidia-persistenced could not start: the driver is not loaded or its device files are "
      "missing",
      "nvidia-smi must work first (the kernel module loaded); then sudo systemctl restart "
      "nvidia-persistenced"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* NVIDIA/nvidia-docker#628: without persistence the driver initialises every GPU when a
     * process opens them, which on many GPUs takes longer than a caller waits */
    {JG_SIG_driver_init_timed_out, "driver",
     {"kernel-driver.driver-init-timed-out", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the driver did not bring the GPUs up in time: without the persistence daemon it "
      "initialises every GPU when a process opens them, which on many GPUs takes too long",
      "run the persistence daemon (sudo systemctl enable --now nvidia-persistenced) so the "
      "GPUs stay initialised; dmesg | grep -i nvrm if it still times out"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* nvidia-mirror/linux-nvgpu common/pmu/fw/fw.c */
    {JG_SIG_nvgpu_firmware_missing, "nvgpu",
     {"kernel-driver.nvgpu-firmware-missing", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the Jetson GPU driver (nvgpu) could not load its firmware: the L4T firmware files are "
      "missing from the root file system (a custom image)",
      "install the L4T firmware package of this release (nvidia-l4t-firmware) or add the "
      "firmware to the image (Yocto: the tegra firmware recipes)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* OE4T/meta-tegra#1613 */
    {JG_SIG_nvgpu_poweron_failed, "nvgpu",
     {"kernel-driver.nvgpu-poweron-failed", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the Jetson GPU driver (nvgpu) could not power on or initialise the GPU: the kernel, "
      "its device tree or memory reservations (CMA) do not match the L4T release",
      "boot the L4T kernel and device tree of this release; on a custom image compare the CMA "
      "and the GPU nodes with the stock device tree"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_platform_count =
    sizeof jg_signal_rules_platform / sizeof jg_signal_rules_platform[0];
