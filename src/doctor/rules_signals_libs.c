/* Signal rules whose first reading lies in the CUDA libraries and the torch build (the row
 * type, where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_libs[] = {
    {JG_SIG_trt_engine_version, "TensorRT",
     {"cuda-libraries.tensorrt-engine-version", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_HIGH,
      "a serialized TensorRT engine was built by another TensorRT version (or on another "
      "machine) than the one loading it: engines are not portable",
      "rebuild the engine on this device with the TensorRT that runs it (trtexec --onnx=... "
      "--saveEngine=...); keep the ONNX model, not the engine, as the portable artifact"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cudnn_version_mismatch, "cuDNN",
     {"cuda-libraries.cudnn-version-mismatch", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program (torch, TensorFlow, JAX) loaded a cuDNN other than the one it was built "
      "against: another copy comes first on the library path, or the installed one is older",
      "let it use the cuDNN it was built for: remove the other libcudnn from LD_LIBRARY_PATH "
      "or the environment (a conda cudnn package), install that cuDNN, or install the build "
      "made for the installed cuDNN"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_library_symbol_mismatch, "loader",
     {"cuda-libraries.library-version-mismatch", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a CUDA library lacks a symbol the program needs: two versions of a CUDA library are "
      "mixed (an older copy comes first on the library path)",
      "ldd on the failing module shows which copies load; remove the older copy from "
      "LD_LIBRARY_PATH or the environment, or install matching versions"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_tf_gpu_libraries, "TensorFlow",
     {"cuda-libraries.tensorflow-gpu-libraries", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "TensorFlow cannot load its CUDA libraries: the CUDA / cuDNN versions it was built for "
      "are not installed or not on the library path",
      "the lines above name the library; install the CUDA and cuDNN this TensorFlow release "
      "was built for (its tested-build table), or the TensorFlow build for the installed CUDA"},
     "use NVIDIA's TensorFlow build for this JetPack (docs.nvidia.com: installing TensorFlow "
     "for Jetson); a PyPI TensorFlow does not match JetPack's CUDA", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cudnn_stated_missing, "cuDNN",
     {"cuda-libraries.cudnn-missing", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "cuDNN is not installed where the program looks (a runtime image without it, or a "
      "system without the cuDNN package)",
      "install cuDNN for this CUDA (the libcudnn package, or nvidia-cudnn-cu<XY> for pip "
      "builds); in an image, copy what the devel image installs"},
     "install cuDNN from JetPack (sudo apt install nvidia-cudnn, or nvidia-jetpack); in an "
     "L4T image, install it as the l4t-jetpack image does", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cudnn_not_initialized, "cuDNN",
     {"cuda-libraries.cudnn-not-initialized", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_LOW,
      "cuDNN could not initialise: a cuDNN that does not match torch's CUDA, or no GPU memory "
      "left for its workspace",
      "python3 -c 'import torch; print(torch.backends.cudnn.version())'; remove other libcudnn "
      "copies from the library path; retry with a smaller batch"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_running_on_cpu, "program",
     {"pytorch-build.running-on-cpu", JG_L_PYTORCH_BUILD, JG_SEV_WARNING, JG_CONF_LOW,
      "the program fell back to the CPU: torch sees no GPU (most often a torch build without "
      "CUDA)",
      "python3 -c 'import torch; print(torch.__version__, torch.version.cuda, "
      "torch.cuda.is_available())'; if torch.version.cuda is None install a CUDA build for this "
      "driver (download.pytorch.org/whl/cu<XYZ>)"},
     "python3 -c 'import torch; print(torch.__version__, torch.version.cuda)'; if it is not "
     "NVIDIA's JetPack build, install the wheel for this JetPack (jetgate doctor names it)",
     JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_pypi_pytorch_placeholder, "pip",
     {"pytorch-build.pypi-pytorch-placeholder", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_HIGH,
      "pip installed the PyPI package named 'pytorch', a placeholder that only raises this "
      "error, instead of torch",
      "pip uninstall pytorch; install torch (the real package name) from the index for this "
      "platform"},
     "pip uninstall pytorch; install NVIDIA's torch wheel for this JetPack (and keep pip from "
     "resolving torch from PyPI: jetgate constraints)",
     JG_PT_ANY, JG_AT_NONE, {0}},
    /* nvcc "Unsupported gpu architecture" / ptxas "Value 'sm_NN' is not defined": the
     * compiler is older than the GPU (the toolkit's, or a package's bundled one) */
    {JG_SIG_toolchain_too_old_for_arch, "compiler",
     {"cuda-libraries.toolkit-too-old-for-gpu", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the CUDA compiler is older than this GPU: it does not know the GPU's architecture",
      "install a CUDA toolkit that knows this GPU (nvcc --list-gpu-arch), or build for an "
      "architecture it knows (TORCH_CUDA_ARCH_LIST / CMAKE_CUDA_ARCHITECTURES)"},
     NULL, JG_PT_ANY, JG_AT_PACKAGE_FILE,
     {"python-packages.bundled-toolchain-too-old", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a package's bundled CUDA compiler (e.g. Triton's ptxas) is older than this GPU",
      "point the package at the system toolkit's compiler (TRITON_PTXAS_PATH=/usr/local/cuda/"
      "bin/ptxas), or install a release of the package that knows this GPU"}},
    {JG_SIG_torch_system_library_missing, "missing library",
     {"pytorch-build.system-dependency-missing", JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a system library the torch build needs is not installed (BLAS, OpenMP or MPI): the "
      "install skipped the wheel's system prerequisites",
      "sudo apt-get install libopenblas-dev libopenmpi-dev libomp-dev (the prerequisites in "
      "NVIDIA's guide for the Jetson wheels), then import torch again"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cicc_missing, "nvcc",
     {"cuda-libraries.toolkit-incomplete", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "nvcc cannot run its device compiler (cicc, in the toolkit's nvvm folder): the CUDA "
      "toolkit is incomplete",
      "install the full CUDA toolkit (cuda-nvcc and cuda-nvvm packages of the same version); "
      "ls /usr/local/cuda/nvvm/bin/cicc"},
     "sudo apt install nvidia-jetpack (or cuda-toolkit-<version>) on the device",
     JG_PT_ANY, JG_AT_CONTAINER_SEEN,
     {"container-runtime.image-without-toolkit", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the container image has an incomplete CUDA toolkit (no nvvm/cicc): a runtime image, "
      "not a development one",
      "build from an image with the full toolkit (a -devel image; on a Jetson l4t-jetpack or "
      "l4t-cuda of the host's L4T) or install the toolkit in the image"}},
    {JG_SIG_extension_arch_unknown, "torch.utils.cpp_extension",
     {"pytorch-build.torch-older-than-gpu", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_HIGH,
      "torch's extension builder does not know this GPU architecture: the torch release "
      "predates the GPU (or TORCH_CUDA_ARCH_LIST names an arch it does not know)",
      "build against a torch release newer than the GPU (with a CUDA that supports it), or set "
      "TORCH_CUDA_ARCH_LIST to architectures this torch knows"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://pytorch.org/docs/stable/distributed */
    {JG_SIG_torch_without_nccl, "torch",
     {"pytorch-build.torch-without-nccl", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_HIGH,
      "the installed torch has no NCCL backend (Windows and macOS wheels, Jetson wheels and "
      "source builds without USE_NCCL) but the code asked for backend='nccl'",
      "use backend='gloo' (or skip init_process_group for one GPU), or on a multi-GPU Linux box "
      "install an official CUDA wheel from download.pytorch.org, which ships NCCL"},
     "a Jetson has one integrated GPU: run single-process without DDP, or use "
     "backend='gloo' when a script insists on init_process_group", JG_PT_ANY, JG_AT_NONE, {0}},
    /* torch's CUDA wheels from PyPI load cuBLAS, cuDNN, NVRTC, ... from the nvidia-* pip
     * packages they depend on; an installer that skipped those (garden-ai/garden#213: poetry
     * and torch 2.0.1's metadata; pip --no-deps) leaves torch's preload failing */
    {JG_SIG_torch_cuda_deps_missing, "torch",
     {"pytorch-build.cuda-deps-not-installed", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "torch's CUDA wheel cannot find a CUDA library it loads from its nvidia-* pip "
      "dependencies: they were not installed with it",
      "reinstall torch with its dependencies (pip install --force-reinstall torch==<version>); "
      "with poetry or uv, pick a torch release whose metadata lists the nvidia-* packages"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* "/usr/bin/ld: cannot find -lcudnn" (-lnvinfer, -lnvcaffe_parser, -lcublas, ...) */
    {JG_SIG_cuda_lib_link_missing, "linker",
     {"cuda-libraries.cuda-lib-not-linkable", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the linker cannot find a CUDA library the build links (cuDNN, TensorRT, cuBLAS, ...): "
      "it is not installed, or not on the link path",
      "install the library's development package for this CUDA, or add its folder to the link "
      "path (-L, LIBRARY_PATH)"},
     "JetPack ships them (sudo apt install nvidia-jetpack); in a docker build the NVIDIA runtime "
     "must be docker's default runtime for JetPack 4's mounted libraries", JG_PT_ANY, JG_AT_NONE,
     {0}},
    /* https://github.com/pytorch/pytorch/issues/152285 */
    {JG_SIG_torch_without_distributed, "torch",
     {"pytorch-build.torch-without-distributed", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_HIGH,
      "this torch was built with USE_DISTRIBUTED=0 (some Jetson, macOS, Termux and custom "
      "builds), so anything importing torch.distributed fails",
      "install a torch build with distributed support (the official wheels for the platform), "
      "or rebuild with USE_DISTRIBUTED=1; otherwise avoid code paths and package versions that "
      "import torch.distributed"},
     "use a JetPack torch wheel from NVIDIA's Jetson index / jetson-containers that has "
     "distributed enabled, or rebuild with USE_DISTRIBUTED=1; "
     "for single-device inference remove the DDP / torch.distributed imports", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/pytorch/pytorch/issues/185512 */
    {JG_SIG_cudnn_sublibraries_mixed, "cuDNN",
     {"cuda-libraries.cudnn-sublibraries-mixed", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_HIGH,
      "cuDNN 9 loaded its sub-libraries (libcudnn_engines_*, libcudnn_graph ...) from two "
      "different cuDNN versions, typically a system cuDNN on the loader path mixing with the "
      "one bundled by torch/onnxruntime",
      "make one cuDNN visible: drop the system cuDNN directory from LD_LIBRARY_PATH / "
      "ld.so.conf for this app (or remove the extra libcudnn9 package), or align the system "
      "cuDNN with the bundled version; LD_DEBUG=libs shows which files were mixed"},
     "on JetPack 6 the system cuDNN 9 lives in /usr/lib/aarch64-linux-gnu: use the "
     "torch/onnxruntime builds made for that JetPack and do not add pip nvidia-cudnn-cu12 "
     "wheels beside it", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/CMU-Perceptual-Computing-Lab/openpose/issues/50 */
    {JG_SIG_cudnn_headers_missing, "gcc",
     {"cuda-libraries.cudnn-headers-missing", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_HIGH,
      "a build wants the cuDNN development headers and they are not installed (runtime-only "
      "cuDNN, pip wheels) or not on the include path",
      "install the cuDNN dev package for the CUDA version (apt install libcudnn9-dev-cuda-12 / "
      "libcudnn8-dev, or the tarball's include/*.h into the CUDA include dir) or pass "
      "-I<cudnn>/include / CUDNN_INCLUDE_DIR; or build without cuDNN"},
     "on Jetson install the JetPack package (sudo apt install nvidia-jetpack, or "
     "libcudnn*-dev); dpkg -L on that package shows where the headers went", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/TensorRT/issues/3589 */
    {JG_SIG_tensorrt_gpu_unsupported, "TensorRT",
     {"cuda-libraries.tensorrt-gpu-unsupported", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_HIGH,
      "this TensorRT release does not support the GPU's architecture (the GPU is older than its "
      "oldest or newer than its newest supported SM)",
      "use a TensorRT release whose support matrix lists this GPU"},
     "on a Jetson TensorRT comes with JetPack: use the TensorRT of the JetPack on the device "
     "(and build the engine there)", JG_PT_ANY, JG_AT_NONE, {0}},
    /* onnxruntime's provider bridge, Paddle's dynamic_loader.cc */
    {JG_SIG_framework_cannot_load_cuda_libs, "framework",
     {"cuda-libraries.framework-cannot-load-cuda-libs", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the framework's CUDA part could not load a CUDA library it depends on (cuDNN, cuBLAS, "
      "cudart): not installed, another major version, or not on the loader path",
      "the lines around it name the library: install the version the framework release was "
      "built for, or put its folder on LD_LIBRARY_PATH"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* torch/__init__.py on Windows; pytorch/pytorch#54233 */
    {JG_SIG_windows_torch_dll_failed, "torch (Windows)",
     {"pytorch-build.windows-dll-load-failed", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "torch's Windows DLLs did not load: the Microsoft Visual C++ runtime is missing, or a "
      "DLL the CUDA build needs",
      "install the current Microsoft Visual C++ Redistributable (x64); if it persists "
      "reinstall torch's CUDA build for a CUDA the driver supports"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* PaddlePaddle/FastDeploy#362 */
    {JG_SIG_cudnn_zlib_missing, "cuDNN (Windows)",
     {"cuda-libraries.cudnn-zlib-missing", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_HIGH,
      "cuDNN 8 on Windows loads zlibwapi.dll, which is not installed",
      "install zlibwapi.dll into a folder on PATH, as cuDNN 8's Windows install steps say"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* a call newer TensorRT releases added (the list: report_match_errors.c): the installed
     * TensorRT is older than the code; medium, because the project may offer an older branch */
    {JG_SIG_tensorrt_api_differs, "TensorRT",
     {"cuda-libraries.tensorrt-api-differs", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the code calls a TensorRT member that newer TensorRT releases added: it was written for "
      "a newer TensorRT than the one installed",
      "use the TensorRT version the project targets, or the project's release or branch for "
      "the installed TensorRT"},
     "TensorRT comes with JetPack: use the JetPack whose TensorRT the project targets, or the "
     "project's branch for this JetPack's TensorRT", JG_PT_ANY, JG_AT_NONE, {0}},
    /* the build names the toolkit's own nvcc and it does not exist: no toolkit there (a
     * runtime-only image, pip's CUDA runtime wheels without nvcc) */
    {JG_SIG_toolkit_absent, "build",
     {"cuda-libraries.toolkit-not-installed", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the CUDA toolkit is not installed where the build looks (/usr/local/cuda/bin/nvcc does "
      "not exist): a runtime-only image or install has the libraries but no compiler",
      "install the CUDA toolkit (not the driver) of torch.version.cuda's version, or a -devel "
      "image, or point CUDA_HOME at an installed toolkit"},
     "install JetPack's CUDA toolkit (sudo apt install nvidia-jetpack includes it) or use an "
     "L4T image that has it", JG_PT_ANY, JG_AT_NONE, {0}},
    /* "Found CUDA 9.0 but the ZED SDK requires 8.0" (an SDK's own check), CMake's FindCUDA
     * "Found unsuitable version": the toolkit is not the version the software was made for */
    {JG_SIG_toolkit_version_required, "the build",
     {"cuda-libraries.toolkit-version-required", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the software asks for another CUDA toolkit version than the one found",
      "install the CUDA version it names beside the current one and point the build at it "
      "(CUDA_HOME, PATH), or use the software's release made for the installed CUDA"},
     "on a Jetson the CUDA version comes with JetPack: use the software's release for this "
     "JetPack, or the JetPack whose CUDA it names", JG_PT_ANY, JG_AT_NONE, {0}},
    /* onnx/onnx-tensorrt ModelImporter.cpp; onnx/onnx-tensorrt#199 */
    {JG_SIG_tensorrt_too_old_for_model, "TensorRT",
     {"cuda-libraries.tensorrt-too-old-for-model", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "this TensorRT does not know an operator, plugin or ONNX IR version the model uses: the "
      "model was exported for a newer TensorRT",
      "export the model with an older opset / IR version, replace the operator, or use a newer "
      "TensorRT"},
     "TensorRT comes with JetPack: export the model for the TensorRT of the JetPack on the "
     "device (a lower opset), or move to a newer JetPack", JG_PT_ANY, JG_AT_NONE, {0}},
    /* pytorch torch/backends/cudnn/__init__.py */
    {JG_SIG_torch_without_cudnn, "torch",
     {"pytorch-build.torch-without-cudnn", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_HIGH,
      "this torch was built without cuDNN, so cuDNN-backed operations fail",
      "install a torch build with cuDNN for this platform"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* pytorch torch/_dynamo/eval_frame.py (2.1) */
    {JG_SIG_compile_unsupported_on_platform, "torch",
     {"pytorch-build.compile-unsupported-on-platform", JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "this torch release does not support torch.compile on this platform (Windows)",
      "run without torch.compile (or the project's compile option), or use a torch release "
      "that supports it there"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* tensorflow/tensorflow#54409; Dao-AILab/flash-attention setup.py */
    {JG_SIG_toolkit_too_old_for_build, "nvcc",
     {"cuda-libraries.toolkit-too-old-for-build", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the package's build needs a newer CUDA toolkit than the one found (a C++ standard or a "
      "minimum CUDA version this nvcc does not meet)",
      "build with a newer CUDA toolkit (CUDA_HOME and PATH pointing at it), or a release of the "
      "package made for this CUDA"},
     "JetPack 4 ships CUDA 10.2, whose nvcc has no C++17: use JetPack 5 or later, or a release "
     "of the package that builds with this CUDA", JG_PT_ANY, JG_AT_NONE, {0}},
    /* uw-ipd/tmol#108: PTX newer than this toolkit's assembler */
    {JG_SIG_ptx_newer_than_assembler, "ptxas",
     {"cuda-libraries.ptx-newer-than-assembler", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the PTX was made by a newer compiler than this ptxas reads (a package such as Triton "
      "bundles a newer one; when the driver assembles it, the driver is older)",
      "use the ptxas / toolkit that matches the PTX (TRITON_PTXAS_PATH for Triton), or a "
      "package build made for this CUDA; nvidia-smi shows the driver's CUDA"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* opencv/opencv#27111: glibc 2.41's math declarations clash with older CUDA headers */
    {JG_SIG_toolkit_too_old_for_host, "nvcc",
     {"cuda-libraries.toolkit-too-old-for-host", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "the CUDA toolkit's headers clash with this OS's newer glibc (cospi, rsqrt): the toolkit "
      "is older than the OS",
      "use a CUDA release whose headers match this glibc, or build in a container of an OS "
      "release that CUDA supports"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* dusty-nv/jetson-inference#63: TensorRT's C++ headers come with its development package */
    {JG_SIG_tensorrt_headers_missing, "the build",
     {"cuda-libraries.tensorrt-headers-missing", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a build cannot find TensorRT's headers (NvInfer.h): TensorRT's development files are "
      "not installed, or not on the build's include path",
      "install TensorRT with its development package (libnvinfer-dev from NVIDIA's repository, "
      "or the TensorRT archive's include folder on CPATH)"},
     "TensorRT comes with JetPack: sudo apt install nvidia-jetpack (or libnvinfer-dev), and "
     "build on the Jetson, not on the host", JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_libs_count = sizeof jg_signal_rules_libs / sizeof jg_signal_rules_libs[0];
