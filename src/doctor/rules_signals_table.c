/* The signal rules (the row type: signal_rules.h), from the hardware up to the
 * project. Each row: the signal, the evidence label, the finding, and the fix
 * on a Jetson where it differs. */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules[] = {
    {JG_SIG_gpu_too_old, "GPU",
     {"hardware.gpu-too-old", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_HIGH,
      "the GPU is older than what the program asks of it: its compute capability is below "
      "the minimum of this build or feature (bfloat16 and FlashAttention need 8.0 or newer)",
      "use what this GPU supports (float16 instead of bfloat16, another attention "
      "implementation, an older release or a source build that still has its arch), or a "
      "newer GPU"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_gpu_off_bus, "GPU",
     {"hardware.gpu-lost", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_HIGH,
      "the GPU fell off the PCIe bus (Xid 79): power, heat, the slot or the card itself",
      "check the power supply and cooling, reseat the card (another slot, riser or PCIe "
      "speed setting), read dmesg for Xid errors; a reboot brings it back until it recurs"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_gpu_device_handle, "nvidia-smi",
     {"hardware.gpu-unreachable", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the driver knows the GPU but cannot talk to it: most often the card itself (heat, "
      "power, the PCIe link), not the software",
      "dmesg | grep -i -e xid -e nvrm; check cooling and power; reseat the card, then reboot"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_secure_boot, "kernel",
     {"kernel-driver.secure-boot-blocks-module", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "Secure Boot refuses the unsigned NVIDIA kernel module, so the driver never loads",
      "enroll the module's signing key (sudo mokutil --import <key.der>, reboot, confirm in "
      "the MOK manager) or disable Secure Boot in the firmware"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_driver_not_loaded, "driver",
     {"kernel-driver.driver-not-loaded", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the NVIDIA kernel driver is not running: not built for the running kernel, refused "
      "at load (Secure Boot), or another driver (nouveau) holds the GPU",
      "lsmod | grep nvidia; sudo modprobe nvidia (its error names the cause); after a kernel "
      "update install that kernel's headers and rebuild the module (sudo dkms autoinstall); "
      "then reboot"},
     "on a Jetson the GPU driver is nvgpu in the L4T kernel: lsmod | grep nvgpu; a custom "
     "kernel or Yocto image must include it and its modules; nvidia-smi is not the test on "
     "JetPack 4-6", false, JG_CT_NONE, {0}},
    {JG_SIG_runtime_not_registered, "docker",
     {"container-runtime.nvidia-runtime-not-registered", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "docker has no runtime named nvidia: the NVIDIA Container Toolkit is not installed or "
      "not configured for this docker",
      "install the NVIDIA Container Toolkit (JetPack: sudo apt install nvidia-container), "
      "then sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart "
      "docker; docker info | grep -i runtime must list nvidia"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_gpus_flag_csv, "docker",
     {"container-runtime.gpus-flag-csv-mode", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "--gpus invokes the NVIDIA runtime hook directly, which CSV mode (Jetson) does not "
      "support",
      "start the container with --runtime nvidia instead of --gpus all (or use CDI: "
      "nvidia-ctk cdi generate, then --device nvidia.com/gpu=all)"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_no_gpu_at_build, "torch",
     {"container-runtime.no-gpu-while-building", JG_L_CONTAINER_RUNTIME, JG_SEV_WARNING,
      JG_CONF_LOW,
      "torch saw no CUDA while building an extension (\"No CUDA runtime is found\"): most "
      "often a docker build, which runs without the GPU unless docker's default runtime is "
      "nvidia",
      "set \"default-runtime\": \"nvidia\" in /etc/docker/daemon.json and restart docker, or "
      "build in a container started with the GPU; set TORCH_CUDA_ARCH_LIST (and FORCE_CUDA=1 "
      "where the project reads it) so the build does not need one"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_driver_older_than_image, "nvidia-container-cli",
     {"cuda-driver.driver-older-than-image", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "the host's driver is older than the CUDA the image requires (the runtime checks the "
      "image's cuda>= requirement before starting it)",
      "upgrade the host's NVIDIA driver to one that supports that CUDA, or use an image for "
      "the CUDA the driver supports (nvidia-smi shows it)"},
     "use the image made for this host's L4T release (head -1 /etc/nv_tegra_release): the "
     "driver comes with the BSP", false, JG_CT_NONE, {0}},
    {JG_SIG_gpu_hardware_error, "GPU",
     {"hardware.gpu-hardware-error", JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_HIGH,
      "the GPU reports a hardware fault (an uncorrectable ECC error, an Xid that points at the "
      "card, its memory or its link, or a GPU that needs a reset)",
      "nvidia-smi -q -d ECC,PAGE_RETIREMENT; dmesg | grep -i xid; reset the GPU or reboot; if "
      "it recurs, the card needs service"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_module_not_built, "modprobe",
     {"kernel-driver.module-not-built", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_HIGH,
      "there is no NVIDIA kernel module for the running kernel (modprobe finds none): the "
      "driver was built for another kernel",
      "install the running kernel's headers (linux-headers-$(uname -r)) and rebuild the module "
      "(sudo dkms autoinstall), or reinstall the driver package for this kernel; reboot"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_no_devices_found, "nvidia-smi",
     {"kernel-driver.no-devices-found", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the driver is loaded but finds no GPU: the GPU is not bound to it (another driver, "
      "passthrough), it dropped off the bus, or this driver does not support it",
      "lspci -k | grep -A3 -i nvidia shows which driver holds it; dmesg | grep -i -e nvrm -e "
      "xid; use a driver that supports this GPU; check power and the slot"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_uvm_missing, "CUDA",
     {"kernel-driver.uvm-not-loaded", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the nvidia-uvm module is not loaded or its device node is missing (or broken after a "
      "suspend): CUDA cannot start",
      "sudo modprobe nvidia-uvm (install nvidia-modprobe so it loads on demand for every "
      "user); after a suspend: sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_cli_driver_libraries, "nvidia-container-cli",
     {"cuda-driver.host-driver-libraries", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the NVIDIA container runtime cannot load the host's driver libraries (libnvidia-ml, "
      "libcuda): the host driver's user-space part is missing or broken",
      "on the host: nvidia-smi must work; reinstall the driver's user-space packages, then "
      "sudo ldconfig"},
     "on the host: ls -l /usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1; reinstall "
     "nvidia-l4t-cuda (or, on Yocto, the tegra CUDA driver libraries), then sudo ldconfig", false, JG_CT_NONE, {0}},
    /* 802 says the system is not initialised, not which part failed (the Fabric
     * Manager service or the NVSwitch kernel driver beneath it): medium */
    {JG_SIG_fabric_manager, "CUDA",
     {"cuda-driver.fabric-manager", JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the system is not yet initialised (802): on NVSwitch systems the Fabric Manager "
      "service is not running or does not match the driver",
      "sudo systemctl enable --now nvidia-fabricmanager, of the same version as the driver; "
      "nvidia-smi -q | grep -i -A2 fabric"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_toolkit_hook_missing, "docker",
     {"container-runtime.toolkit-not-installed", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "docker is set up for the NVIDIA runtime but its hook is missing: the NVIDIA Container "
      "Toolkit was removed or only partly installed",
      "sudo apt install --reinstall nvidia-container-toolkit (JetPack: nvidia-container), then "
      "sudo nvidia-ctk runtime configure --runtime=docker and restart docker"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_cdi_unresolved, "container engine",
     {"container-runtime.cdi-spec-missing", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "the container asked for a CDI device (nvidia.com/gpu) that no CDI spec names",
      "sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml (again after every driver or "
      "JetPack upgrade); nvidia-ctk cdi list shows the names"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_ngc_no_driver, "container",
     {"container-runtime.no-gpu-in-container", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "the image's start-up check found no NVIDIA driver: the container was started without "
      "the GPU",
      "docker run --gpus all ... with the NVIDIA Container Toolkit installed (docker info | "
      "grep -i runtime)"},
     "docker run --runtime nvidia ... on a Jetson (with nvidia-container installed), and an "
     "image for this host's L4T release", false, JG_CT_NONE, {0}},
    {JG_SIG_driver_init_failed, "torch",
     {"kernel-driver.driver-init-failed", JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
      "the CUDA driver library loaded but could not initialise a GPU: no GPU present, the "
      "kernel module not loaded, or its device nodes missing",
      "nvidia-smi; lsmod | grep nvidia; ls -l /dev/nvidia*; dmesg | grep -i nvrm"},
     "ls -l /dev/nvmap /dev/nvhost-* /dev/nvgpu (JetPack 4-6) or /dev/nvidia* (Thor); in a "
     "container start it with --runtime nvidia; lsmod | grep nvgpu", false, JG_CT_NONE, {0}},
    {JG_SIG_cudnn_version_mismatch, "cuDNN",
     {"cuda-libraries.cudnn-version-mismatch", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_HIGH,
      "torch loaded a cuDNN other than the one it was built against (another copy comes "
      "first on the library path)",
      "let torch use its own cuDNN: remove the other libcudnn from LD_LIBRARY_PATH or the "
      "environment (a conda cudnn package), or install the torch build for the installed "
      "cuDNN"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_invalid_device_ordinal, "CUDA",
     {"configuration.invalid-device-ordinal", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program asked for a GPU index this process does not see (error 101): "
      "CUDA_VISIBLE_DEVICES, MIG instances or a fixed device id leave fewer devices than it "
      "expects",
      "echo $CUDA_VISIBLE_DEVICES; nvidia-smi -L; use cuda:0 for the first visible device, or "
      "give each worker its own CUDA_VISIBLE_DEVICES (one MIG device per process)"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_cuda_in_fork, "CUDA",
     {"project.cuda-in-forked-subprocess", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works: the project uses it in a forked child after the parent initialised it "
      "(a DataLoader worker, multiprocessing with fork)",
      "use the 'spawn' start method (torch.multiprocessing.set_start_method('spawn')), keep "
      "CUDA out of data-loader workers, or num_workers=0; the CUDA stack needs no change"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_package_without_cuda, "package",
     {"python-packages.package-built-without-cuda", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "a package other than torch is a build without CUDA: its wheel for this platform is "
      "CPU-only",
      "install that package's CUDA build for this platform and CUDA (its install page names "
      "the index), or build it from source with CUDA"},
     "build that package from source on the device with CUDA (or take a Jetson build from "
     "jetson-containers / https://pypi.jetson-ai-lab.io): PyPI's aarch64 wheels are usually "
     "CPU-only", false, JG_CT_NONE, {0}},
    {JG_SIG_no_package_distribution, "pip",
     {"python-packages.no-package-for-platform", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "pip finds no release of a package for this platform and Python (no wheel for this "
      "architecture or Python version, or a name that exists for x86 only)",
      "check the package's install page for this architecture and Python; pick a version "
      "that publishes wheels for them, or build it from source"},
     "on a Jetson build it from source on the device or use a Jetson index "
     "(https://pypi.jetson-ai-lab.io): many CUDA packages publish x86 wheels only", false, JG_CT_NONE, {0}},
    {JG_SIG_local_torch_folder, "traceback",
     {"configuration.local-torch-folder", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "a folder named torch in the current directory (a source checkout) is imported instead "
      "of the installed package",
      "run python from another directory (cd ..) or rename the folder, then import torch"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_library_symbol_mismatch, "loader",
     {"cuda-libraries.library-version-mismatch", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a CUDA library lacks a symbol the program needs: two versions of a CUDA library are "
      "mixed (an older copy comes first on the library path)",
      "ldd on the failing module shows which copies load; remove the older copy from "
      "LD_LIBRARY_PATH or the environment, or install matching versions"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_tf_gpu_libraries, "TensorFlow",
     {"cuda-libraries.tensorflow-gpu-libraries", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "TensorFlow cannot load its CUDA libraries: the CUDA / cuDNN versions it was built for "
      "are not installed or not on the library path",
      "the lines above name the library; install the CUDA and cuDNN this TensorFlow release "
      "was built for (its tested-build table), or the TensorFlow build for the installed CUDA"},
     "use NVIDIA's TensorFlow build for this JetPack (docs.nvidia.com: installing TensorFlow "
     "for Jetson); a PyPI TensorFlow does not match JetPack's CUDA", false, JG_CT_NONE, {0}},
    {JG_SIG_built_for_other_torch, "extension",
     {"python-packages.built-for-other-torch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "a package's compiled extension was built against another torch (or CUDA) than the one "
      "installed: its symbols do not match",
      "install the package version built for this torch (torchvision / torchaudio: the pair "
      "from the same release and index), or rebuild it against this torch (pip install "
      "--no-build-isolation <package>)"},
     "build it from source against NVIDIA's torch on the device (pip install "
     "--no-build-isolation <package>) or take the pair from the same Jetson index", false, JG_CT_NONE, {0}},
    {JG_SIG_cuda_home_unset, "build",
     {"configuration.cuda-home-not-set", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a CUDA extension build cannot find the CUDA toolkit: CUDA_HOME is not set and nvcc is "
      "not on PATH",
      "install the CUDA toolkit matching torch.version.cuda and export "
      "CUDA_HOME=/usr/local/cuda-<version> PATH=$CUDA_HOME/bin:$PATH before building"},
     "export CUDA_HOME=/usr/local/cuda PATH=/usr/local/cuda/bin:$PATH (JetPack installs the "
     "toolkit there; sudo apt install nvidia-jetpack if it is missing), then rebuild", false, JG_CT_NONE, {0}},
    {JG_SIG_devices_busy, "CUDA",
     {"configuration.gpu-exclusive-or-busy", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "every visible GPU is busy or unavailable (error 46): an exclusive-process compute mode "
      "with another process on the GPU, or another tenant holds it",
      "nvidia-smi -q -d COMPUTE shows the compute mode; sudo nvidia-smi -c DEFAULT, or stop "
      "the other process (nvidia-smi lists it)"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_device_side_assert, "CUDA",
     {"project.device-side-assert", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works: an assertion in a kernel failed (an index out of range: a label not below "
      "the number of classes, an embedding index too large)",
      "run with CUDA_LAUNCH_BLOCKING=1 (or on the CPU) for the real error line; check labels "
      "and indices against the model's sizes; the CUDA stack needs no change"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_illegal_memory_access, "CUDA",
     {"project.illegal-memory-access", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_LOW,
      "a CUDA kernel accessed memory out of bounds: a bug in the project or in a package's "
      "kernel (rarely the driver)",
      "CUDA_LAUNCH_BLOCKING=1 names the kernel; compute-sanitizer python3 ... finds the access; "
      "update the package that owns the kernel"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_nvrtc_builtins, "NVRTC",
     {"configuration.nvrtc-builtins-not-on-path", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "NVRTC cannot load its builtins library: the CUDA toolkit's library folder is not on "
      "the loader path (LD_LIBRARY_PATH, which sudo also resets)",
      "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH (or add it to "
      "/etc/ld.so.conf.d and run sudo ldconfig); run without sudo"},
     NULL, false, JG_CT_NONE, {0}},
    {JG_SIG_cudnn_stated_missing, "cuDNN",
     {"cuda-libraries.cudnn-missing", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "cuDNN is not installed where the program looks (a runtime image without it, or a "
      "system without the cuDNN package)",
      "install cuDNN for this CUDA (the libcudnn package, or nvidia-cudnn-cu<XY> for pip "
      "builds); in an image, copy what the devel image installs"},
     "install cuDNN from JetPack (sudo apt install nvidia-cudnn, or nvidia-jetpack); in an "
     "L4T image, install it as the l4t-jetpack image does", false, JG_CT_NONE, {0}},
    {JG_SIG_toolkit_differs_from_torch, "build",
     {"configuration.toolkit-differs-from-torch", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the CUDA toolkit the build uses (nvcc, CUDA_HOME) is not the CUDA torch was built with",
      "point CUDA_HOME and PATH at the toolkit of torch.version.cuda, or install the torch "
      "build for the installed toolkit"},
     "use JetPack's toolkit (/usr/local/cuda) with NVIDIA's torch for this JetPack: both are "
     "then on the same CUDA", false, JG_CT_NONE, {0}},
    {JG_SIG_cudnn_not_initialized, "cuDNN",
     {"cuda-libraries.cudnn-not-initialized", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_LOW,
      "cuDNN could not initialise: a cuDNN that does not match torch's CUDA, or no GPU memory "
      "left for its workspace",
      "python3 -c 'import torch; print(torch.backends.cudnn.version())'; remove other libcudnn "
      "copies from the library path; retry with a smaller batch"},
     NULL, false, JG_CT_NONE, {0}},
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
     NULL, false, JG_CT_INSIDE,
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
     NULL, false, JG_CT_SEEN,
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
     NULL, true, JG_CT_NONE, {0}},
};
const size_t jg_signal_rules_count = sizeof jg_signal_rules / sizeof jg_signal_rules[0];
