/* Signal rules whose first reading lies in the user's configuration and the project (the row
 * type, where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_project[] = {
    /* error 101: most often the project's own device id (cuda:1, --gpus 2) on a machine
     * with fewer GPUs; the configuration's when the report limits the devices */
    {JG_SIG_invalid_device_ordinal, "CUDA",
     {"project.device-index-not-present", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program asked for a GPU index this machine does not have (error 101): a device id "
      "fixed in the code, its config or its arguments (cuda:1, --gpus, device=1) counts more "
      "GPUs than there are",
      "nvidia-smi -L lists the devices (a Jetson has one, index 0); pass the device id as an "
      "option, or use cuda:0 / the project's device argument"},
     NULL, JG_PT_ANY, JG_AT_DEVICES_LIMITED,
     {"configuration.invalid-device-ordinal", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program asked for a GPU index this process does not see (error 101): "
      "CUDA_VISIBLE_DEVICES or MIG instances leave fewer devices than it expects",
      "echo $CUDA_VISIBLE_DEVICES; nvidia-smi -L; use cuda:0 for the first visible device, or "
      "give each worker its own CUDA_VISIBLE_DEVICES (one MIG device per process)"}},
    {JG_SIG_cuda_in_fork, "CUDA",
     {"project.cuda-in-forked-subprocess", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works: the project uses it in a forked child after the parent initialised it "
      "(a DataLoader worker, multiprocessing with fork)",
      "use the 'spawn' start method (torch.multiprocessing.set_start_method('spawn')), keep "
      "CUDA out of data-loader workers, or num_workers=0; the CUDA stack needs no change"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_local_torch_folder, "traceback",
     {"configuration.local-torch-folder", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "a folder named torch in the current directory (a source checkout) is imported instead "
      "of the installed package",
      "run python from another directory (cd ..) or rename the folder, then import torch"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cuda_home_unset, "build",
     {"configuration.cuda-home-not-set", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a CUDA extension build cannot find the CUDA toolkit: CUDA_HOME is not set and nvcc is "
      "not on PATH",
      "install the CUDA toolkit matching torch.version.cuda and export "
      "CUDA_HOME=/usr/local/cuda-<version> PATH=$CUDA_HOME/bin:$PATH before building"},
     "export CUDA_HOME=/usr/local/cuda PATH=/usr/local/cuda/bin:$PATH (JetPack installs the "
     "toolkit there; sudo apt install nvidia-jetpack if it is missing), then rebuild", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_devices_busy, "CUDA",
     {"configuration.gpu-exclusive-or-busy", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "every visible GPU is busy or unavailable (error 46): an exclusive-process compute mode "
      "with another process on the GPU, or another tenant holds it",
      "nvidia-smi -q -d COMPUTE shows the compute mode; sudo nvidia-smi -c DEFAULT, or stop "
      "the other process (nvidia-smi lists it)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_device_side_assert, "CUDA",
     {"project.device-side-assert", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works: an assertion in a kernel failed (an index out of range: a label not below "
      "the number of classes, an embedding index too large)",
      "run with CUDA_LAUNCH_BLOCKING=1 (or on the CPU) for the real error line; check labels "
      "and indices against the model's sizes; the CUDA stack needs no change"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_illegal_memory_access, "CUDA",
     {"project.illegal-memory-access", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_LOW,
      "a CUDA kernel accessed memory out of bounds: a bug in the project or in a package's "
      "kernel (rarely the driver)",
      "CUDA_LAUNCH_BLOCKING=1 names the kernel; compute-sanitizer python3 ... finds the access; "
      "update the package that owns the kernel"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_nvrtc_builtins, "NVRTC",
     {"configuration.nvrtc-builtins-not-on-path", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "NVRTC cannot load its builtins library: the CUDA toolkit's library folder is not on "
      "the loader path (LD_LIBRARY_PATH, which sudo also resets)",
      "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH (or add it to "
      "/etc/ld.so.conf.d and run sudo ldconfig); run without sudo"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_toolkit_differs_from_torch, "build",
     {"configuration.toolkit-differs-from-torch", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the CUDA toolkit the build uses (nvcc, CUDA_HOME) is not the CUDA torch was built with",
      "point CUDA_HOME and PATH at the toolkit of torch.version.cuda, or install the torch "
      "build for the installed toolkit"},
     "use JetPack's toolkit (/usr/local/cuda) with NVIDIA's torch for this JetPack: both are "
     "then on the same CUDA", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_libstdcxx_too_old, "loader",
     {"configuration.old-libstdcxx-loaded", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the C++ runtime loaded (libstdc++) is older than a library needs: an older copy comes "
      "first (a conda environment's, or the system's)",
      "conda install -c conda-forge libstdcxx-ng (or put the newer libstdc++'s folder first on "
      "LD_LIBRARY_PATH); strings $(the libstdc++ path) | grep GLIBCXX lists what a copy has"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cuda_headers_missing, "build",
     {"configuration.cuda-headers-not-found", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a build cannot find the CUDA headers: the toolkit is not on the build's paths (CUDA_HOME, "
      "PATH) or not installed",
      "export CUDA_HOME=/usr/local/cuda PATH=/usr/local/cuda/bin:$PATH CPATH=/usr/local/cuda/include "
      "before building; install the CUDA toolkit matching torch.version.cuda if it is missing"},
     "export CUDA_HOME=/usr/local/cuda PATH=/usr/local/cuda/bin:$PATH before building (JetPack "
     "installs the toolkit there; sudo apt install nvidia-jetpack if /usr/local/cuda is missing)",
     JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_static_tls, "loader",
     {"configuration.static-tls-preload", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a library (on aarch64 usually libgomp) cannot be loaded this late: it needs static TLS "
      "and must be loaded when the process starts",
      "export LD_PRELOAD=<the library path in the message> before starting Python (or import the "
      "package that loads it first)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* "version `GLIBC_2.NN' not found": a binary built on a newer OS release */
    {JG_SIG_glibc_too_old, "loader",
     {"project.binary-for-newer-os", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program's binary was built for a newer OS release (it needs a newer glibc than this "
      "system has)",
      "download the build made for this OS release (ldd --version shows its glibc), or build "
      "it from source here"},
     NULL, JG_PT_ANY, JG_AT_PACKAGE_FILE,
     {"python-packages.package-for-newer-os", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a Python package's compiled library was built for a newer OS release (it needs a newer "
      "glibc than this system has)",
      "install a release of the package built for this OS (an older wheel, or a manylinux tag "
      "this glibc satisfies), or build it from source here"}},
    {JG_SIG_tensorrt_api_changed, "traceback",
     {"project.tensorrt-api-changed", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "TensorRT loads, but the project's code calls a TensorRT Python API this TensorRT "
      "version does not have (TensorRT 8 and 10 removed and renamed builder and engine "
      "calls)",
      "port the call to this TensorRT's API (its migration guide names the replacement), or "
      "use the TensorRT major the code was written for"},
     "port the call to the API of this JetPack's TensorRT (JetPack 4.6/5: TensorRT 8, "
     "JetPack 6/7: TensorRT 10); JetPack fixes the TensorRT major", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_fp16_compute_unsupported, "CTranslate2",
     {"project.compute-type-unsupported", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "CUDA works: the requested float16 compute type is not efficient on this GPU (its "
      "compute capability lacks fast float16), so the library refuses it",
      "choose a compute type the GPU supports (compute_type=\"int8\" or \"float32\"; "
      "\"default\" lets the library pick)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_tensorrt_module_missing, "Python",
     {"configuration.tensorrt-bindings-not-visible", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "Python cannot import tensorrt: JetPack installs TensorRT's bindings for the system "
      "Python only, so a venv without system site packages, conda or another Python version "
      "does not see them",
      "use the system python3, or a venv made with --system-site-packages (or link "
      "/usr/lib/python3*/dist-packages/tensorrt into it); dpkg -l | grep python3-libnvinfer "
      "shows whether they are installed"},
     NULL, JG_PT_JETSON, JG_AT_NONE, {0}},
    {JG_SIG_cuda_tensor_to_numpy, "torch",
     {"project.cuda-tensor-to-numpy", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works (the tensor is on the GPU): the project's code calls .numpy() on a CUDA "
      "tensor, which needs a copy to host memory first",
      "move it to the CPU first (t.detach().cpu().numpy()); when the line is in the project's "
      "code, update the project (its fix usually adds .cpu())"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_nvidia_smi_no_memory, "nvidia-smi",
     {"project.nvidia-smi-gives-no-memory", JG_L_PROJECT, JG_SEV_WARNING, JG_CONF_MEDIUM,
      "nvidia-smi reports no memory figure ([N/A] on unified-memory GPUs such as GB10, "
      "[Insufficient Permissions] inside a MIG container); CUDA may work: code that reads "
      "capacity from nvidia-smi fails here",
      "take the capacity from CUDA instead (torch.cuda.mem_get_info() or "
      "torch.cuda.get_device_properties(0).total_memory); update the project if it reads "
      "nvidia-smi"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cmake_cublas_device, "CMake",
     {"project.cmake-too-old-for-cuda", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "CMake's FindCUDA asks for CUDA_cublas_device_LIBRARY, which CUDA 10 removed: this CMake "
      "predates the installed CUDA",
      "use a newer CMake (3.15 or later: pip install cmake, or Kitware's apt repository), or "
      "move the project to find_package(CUDAToolkit)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_host_compiler_missing, "nvcc",
     {"configuration.host-compiler-not-found", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "nvcc cannot find the host C++ compiler it needs (cl.exe on Windows, g++ elsewhere) on "
      "PATH",
      "put the compiler's folder on PATH (on Windows run from a Visual Studio developer "
      "prompt), or pass it with nvcc -ccbin / CUDAHOSTCXX"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_torch_c_missing, "Python",
     {"configuration.torch-core-not-found", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "Python imported a torch without its compiled core (torch._C): a PyTorch source tree in "
      "the current directory or on PYTHONPATH shadows the installed package, or the install "
      "is incomplete",
      "run from another directory than the PyTorch checkout; python -c 'import torch; "
      "print(torch.__file__)' shows which torch loads; if it is the installed one, reinstall "
      "torch"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_project_count = sizeof jg_signal_rules_project / sizeof jg_signal_rules_project[0];
