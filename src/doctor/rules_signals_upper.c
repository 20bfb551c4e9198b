/* Signal rules for the CUDA libraries, Python packages, the user's
 * configuration and the project itself (the row type: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_upper[] = {
    {JG_SIG_cudnn_version_mismatch, "cuDNN",
     {"cuda-libraries.cudnn-version-mismatch", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_HIGH,
      "torch loaded a cuDNN other than the one it was built against (another copy comes "
      "first on the library path)",
      "let torch use its own cuDNN: remove the other libcudnn from LD_LIBRARY_PATH or the "
      "environment (a conda cudnn package), or install the torch build for the installed "
      "cuDNN"},
     NULL},
    {JG_SIG_invalid_device_ordinal, "CUDA",
     {"configuration.invalid-device-ordinal", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program asked for a GPU index this process does not see (error 101): "
      "CUDA_VISIBLE_DEVICES, MIG instances or a fixed device id leave fewer devices than it "
      "expects",
      "echo $CUDA_VISIBLE_DEVICES; nvidia-smi -L; use cuda:0 for the first visible device, or "
      "give each worker its own CUDA_VISIBLE_DEVICES (one MIG device per process)"},
     NULL},
    {JG_SIG_cuda_in_fork, "CUDA",
     {"project.cuda-in-forked-subprocess", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works: the project uses it in a forked child after the parent initialised it "
      "(a DataLoader worker, multiprocessing with fork)",
      "use the 'spawn' start method (torch.multiprocessing.set_start_method('spawn')), keep "
      "CUDA out of data-loader workers, or num_workers=0; the CUDA stack needs no change"},
     NULL},
    {JG_SIG_package_without_cuda, "package",
     {"python-packages.package-built-without-cuda", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "a package other than torch is a build without CUDA: its wheel for this platform is "
      "CPU-only",
      "install that package's CUDA build for this platform and CUDA (its install page names "
      "the index), or build it from source with CUDA"},
     "build that package from source on the device with CUDA (or take a Jetson build from "
     "jetson-containers / https://pypi.jetson-ai-lab.io): PyPI's aarch64 wheels are usually "
     "CPU-only"},
    {JG_SIG_no_package_distribution, "pip",
     {"python-packages.no-package-for-platform", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "pip finds no release of a package for this platform and Python (no wheel for this "
      "architecture or Python version, or a name that exists for x86 only)",
      "check the package's install page for this architecture and Python; pick a version "
      "that publishes wheels for them, or build it from source"},
     "on a Jetson build it from source on the device or use a Jetson index "
     "(https://pypi.jetson-ai-lab.io): many CUDA packages publish x86 wheels only"},
    {JG_SIG_local_torch_folder, "traceback",
     {"configuration.local-torch-folder", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "a folder named torch in the current directory (a source checkout) is imported instead "
      "of the installed package",
      "run python from another directory (cd ..) or rename the folder, then import torch"},
     NULL},
    {JG_SIG_library_symbol_mismatch, "loader",
     {"cuda-libraries.library-version-mismatch", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a CUDA library lacks a symbol the program needs: two versions of a CUDA library are "
      "mixed (an older copy comes first on the library path)",
      "ldd on the failing module shows which copies load; remove the older copy from "
      "LD_LIBRARY_PATH or the environment, or install matching versions"},
     NULL},
    {JG_SIG_tf_gpu_libraries, "TensorFlow",
     {"cuda-libraries.tensorflow-gpu-libraries", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "TensorFlow cannot load its CUDA libraries: the CUDA / cuDNN versions it was built for "
      "are not installed or not on the library path",
      "the lines above name the library; install the CUDA and cuDNN this TensorFlow release "
      "was built for (its tested-build table), or the TensorFlow build for the installed CUDA"},
     "use NVIDIA's TensorFlow build for this JetPack (docs.nvidia.com: installing TensorFlow "
     "for Jetson); a PyPI TensorFlow does not match JetPack's CUDA"},
    {JG_SIG_built_for_other_torch, "extension",
     {"python-packages.built-for-other-torch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "a package's compiled extension was built against another torch (or CUDA) than the one "
      "installed: its symbols do not match",
      "install the package version built for this torch (torchvision / torchaudio: the pair "
      "from the same release and index), or rebuild it against this torch (pip install "
      "--no-build-isolation <package>)"},
     "build it from source against NVIDIA's torch on the device (pip install "
     "--no-build-isolation <package>) or take the pair from the same Jetson index"},
    {JG_SIG_cuda_home_unset, "build",
     {"configuration.cuda-home-not-set", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a CUDA extension build cannot find the CUDA toolkit: CUDA_HOME is not set and nvcc is "
      "not on PATH",
      "install the CUDA toolkit matching torch.version.cuda and export "
      "CUDA_HOME=/usr/local/cuda-<version> PATH=$CUDA_HOME/bin:$PATH before building"},
     "export CUDA_HOME=/usr/local/cuda PATH=/usr/local/cuda/bin:$PATH (JetPack installs the "
     "toolkit there; sudo apt install nvidia-jetpack if it is missing), then rebuild"},
    {JG_SIG_devices_busy, "CUDA",
     {"configuration.gpu-exclusive-or-busy", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "every visible GPU is busy or unavailable (error 46): an exclusive-process compute mode "
      "with another process on the GPU, or another tenant holds it",
      "nvidia-smi -q -d COMPUTE shows the compute mode; sudo nvidia-smi -c DEFAULT, or stop "
      "the other process (nvidia-smi lists it)"},
     NULL},
    {JG_SIG_device_side_assert, "CUDA",
     {"project.device-side-assert", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works: an assertion in a kernel failed (an index out of range: a label not below "
      "the number of classes, an embedding index too large)",
      "run with CUDA_LAUNCH_BLOCKING=1 (or on the CPU) for the real error line; check labels "
      "and indices against the model's sizes; the CUDA stack needs no change"},
     NULL},
    {JG_SIG_illegal_memory_access, "CUDA",
     {"project.illegal-memory-access", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_LOW,
      "a CUDA kernel accessed memory out of bounds: a bug in the project or in a package's "
      "kernel (rarely the driver)",
      "CUDA_LAUNCH_BLOCKING=1 names the kernel; compute-sanitizer python3 ... finds the access; "
      "update the package that owns the kernel"},
     NULL},
    {JG_SIG_nvrtc_builtins, "NVRTC",
     {"configuration.nvrtc-builtins-not-on-path", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "NVRTC cannot load its builtins library: the CUDA toolkit's library folder is not on "
      "the loader path (LD_LIBRARY_PATH, which sudo also resets)",
      "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH (or add it to "
      "/etc/ld.so.conf.d and run sudo ldconfig); run without sudo"},
     NULL},
    {JG_SIG_cudnn_stated_missing, "cuDNN",
     {"cuda-libraries.cudnn-missing", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "cuDNN is not installed where the program looks (a runtime image without it, or a "
      "system without the cuDNN package)",
      "install cuDNN for this CUDA (the libcudnn package, or nvidia-cudnn-cu<XY> for pip "
      "builds); in an image, copy what the devel image installs"},
     "install cuDNN from JetPack (sudo apt install nvidia-cudnn, or nvidia-jetpack); in an "
     "L4T image, install it as the l4t-jetpack image does"},
    {JG_SIG_toolkit_differs_from_torch, "build",
     {"configuration.toolkit-differs-from-torch", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the CUDA toolkit the build uses (nvcc, CUDA_HOME) is not the CUDA torch was built with",
      "point CUDA_HOME and PATH at the toolkit of torch.version.cuda, or install the torch "
      "build for the installed toolkit"},
     "use JetPack's toolkit (/usr/local/cuda) with NVIDIA's torch for this JetPack: both are "
     "then on the same CUDA"},
    {JG_SIG_cudnn_not_initialized, "cuDNN",
     {"cuda-libraries.cudnn-not-initialized", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_LOW,
      "cuDNN could not initialise: a cuDNN that does not match torch's CUDA, or no GPU memory "
      "left for its workspace",
      "python3 -c 'import torch; print(torch.backends.cudnn.version())'; remove other libcudnn "
      "copies from the library path; retry with a smaller batch"},
     NULL},
};
const size_t jg_signal_rules_upper_count = sizeof jg_signal_rules_upper / sizeof jg_signal_rules_upper[0];
