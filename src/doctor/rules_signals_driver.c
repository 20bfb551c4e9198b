/* Signal rules whose first reading lies in the CUDA driver (libcuda and its kin) (the row type,
 * where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_driver[] = {
    {JG_SIG_driver_older_than_image, "nvidia-container-cli",
     {"cuda-driver.driver-older-than-image", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the host's driver is older than the CUDA the image requires (the runtime checks the "
      "image's cuda>= requirement before starting it)",
      "upgrade the host's NVIDIA driver to one that supports that CUDA, or use an image for "
      "the CUDA the driver supports (nvidia-smi shows it)"},
     "use the image made for this host's L4T release (head -1 /etc/nv_tegra_release): the "
     "driver comes with the BSP", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cli_driver_libraries, "nvidia-container-cli",
     {"cuda-driver.host-driver-libraries", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the NVIDIA container runtime cannot load the host's driver libraries (libnvidia-ml, "
      "libcuda): the host driver's user-space part is missing or broken",
      "on the host: nvidia-smi must work; reinstall the driver's user-space packages, then "
      "sudo ldconfig"},
     "on the host: ls -l /usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1; reinstall "
     "nvidia-l4t-cuda (or, on Yocto, the tegra CUDA driver libraries), then sudo ldconfig", JG_PT_ANY, JG_AT_NONE, {0}},
    /* The NVIDIA runtime's default capabilities (compute,utility) leave the video libraries
     * out, and the programs that need them (Plex, Jellyfin, Emby, Tdarr, FFmpeg images) mostly
     * run in containers; a host driver install ships them. So, with no context, the container
     * is the likelier place (low); with a container seen, medium. */
    {JG_SIG_nvenc_library_missing, "ffmpeg",
     {"container-runtime.driver-capabilities", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_LOW,
      "the driver's video library (libnvidia-encode for NVENC, libnvcuvid for NVDEC) is not "
      "there: in a container the NVIDIA runtime mounts it only when NVIDIA_DRIVER_CAPABILITIES "
      "includes video; on a host the driver's encode / decode package is missing",
      "in a container set NVIDIA_DRIVER_CAPABILITIES=all (or compute,video,utility); on a host "
      "install the driver's encode / decode libraries (Ubuntu: libnvidia-encode-<branch>, "
      "libnvidia-decode-<branch>) of the driver's version"},
     NULL, JG_PT_OFF_JETSON, JG_AT_CONTAINER_SEEN,
     {"container-runtime.driver-capabilities", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the container has no video driver library: the NVIDIA runtime mounts libnvidia-encode "
      "and libnvcuvid only when NVIDIA_DRIVER_CAPABILITIES includes video",
      "set NVIDIA_DRIVER_CAPABILITIES=all (or compute,video,utility) for the container (its "
      "final image stage, the compose file or the template)"}},
    /* https://github.com/microsoft/WSL/issues/5548 */
    {JG_SIG_wsl_libcuda_not_symlink, "ldconfig",
     {"cuda-driver.wsl-libcuda-not-symlink", JG_L_CUDA_DRIVER, JG_SEV_INFO, JG_CONF_HIGH,
      "harmless ldconfig warning on WSL2: the Windows driver ships libcuda.so.1 as a regular "
      "file in /usr/lib/wsl/lib; CUDA works",
      "ignore it; to silence it replace libcuda.so and libcuda.so.1 with symlinks to "
      "libcuda.so.1.1 (the directory is a mount of the Windows driver store, so this may need "
      "redoing after driver updates)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/ollama/ollama/blob/main/discover/cuda_compat.go */
    /* The words are certain; whether the driver can move is not: a legacy GPU's last branch
     * (Kepler: 470) may be older than the build needs, and then the GPU is the limit. */
    {JG_SIG_driver_too_old_for_build, "driver",
     {"cuda-driver.driver-too-old-for-build", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program's bundled CUDA (or NVENC API) needs a newer NVIDIA driver than the installed "
      "one, so it leaves the GPU out",
      "update the NVIDIA driver to the branch the message names; if the GPU's last driver "
      "branch is older (Kepler ends at 470), use a build of the program for an older CUDA or "
      "NVENC API"},
     "on a Jetson the driver comes with JetPack: use a build of the program made for this "
     "JetPack's CUDA", JG_PT_ANY, JG_AT_NONE, {0}},
    /* numba's driver loader (numba/cuda/cudadrv/driver.py) */
    {JG_SIG_driver_library_not_found, "driver",
     {"cuda-driver.driver-library-not-found", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program found no NVIDIA driver library (libcuda.so): the driver is not installed, "
      "or not visible to this process (a container started without the GPU)",
      "nvidia-smi must work on the host; ldconfig -p | grep libcuda; in a container start it "
      "with --gpus all and the NVIDIA Container Toolkit"},
     "libcuda comes with L4T (nvidia-l4t-cuda, in /usr/lib/aarch64-linux-gnu/tegra); in a "
     "container start it with --runtime nvidia", JG_PT_ANY, JG_AT_NONE, {0}},
    /* anduril/jetpack-nixos#184: on L4T the library ships in nvidia-l4t-3d-core */
    {JG_SIG_ptx_jit_library_missing, "CUDA",
     {"cuda-driver.ptx-jit-library-missing", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the driver's PTX JIT compiler library (libnvidia-ptxjitcompiler) is missing: an "
      "incomplete driver install, or a container that was not given it",
      "reinstall the driver's user-space packages (of the kernel module's version); in a "
      "container start it with --gpus all and NVIDIA_DRIVER_CAPABILITIES including compute"},
     "on L4T the library ships in nvidia-l4t-3d-core (not nvidia-l4t-cuda): install it",
     JG_PT_ANY, JG_AT_NONE, {0}},
    /* an NVIDIA engineer in a Video Codec SDK thread: GeForce drivers cap encode sessions */
    {JG_SIG_nvenc_session_limit, "NVENC",
     {"cuda-driver.nvenc-session-limit", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the GPU refused another NVENC encode session: consumer GeForce drivers cap concurrent "
      "sessions (or GPU memory is short)",
      "close other encoders (nvidia-smi shows the processes), encode fewer streams at once, "
      "or use a GPU / driver without the cap"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* AbdBarho/stable-diffusion-webui-docker#694: the runtime's first call finds a driver
     * library without an entry point it needs (error 500 at cudaGetDeviceCount) */
    {JG_SIG_driver_symbol_missing, "CUDA",
     {"cuda-driver.driver-lacks-symbol", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the CUDA driver library lacks an entry point the CUDA runtime looks up when it starts "
      "(error 500): the driver is older than the runtime, or a broken driver release",
      "install a driver release that supports the runtime's CUDA (nvidia-smi shows the "
      "driver's CUDA); if a driver update started it, go back to the previous driver"},
     "on a Jetson libcuda comes with L4T: use a CUDA runtime of this JetPack (a container "
     "for this L4T release), or reinstall nvidia-l4t-cuda", JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_driver_count = sizeof jg_signal_rules_driver / sizeof jg_signal_rules_driver[0];
