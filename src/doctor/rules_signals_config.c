/* Signal rules whose first reading lies in the user's configuration (the row type, where rows
 * speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_config[] = {
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
      "every visible GPU is busy or unavailable (error 46), or its context is in use by another "
      "thread (216): an exclusive compute mode (EXCLUSIVE_PROCESS with another process on the "
      "GPU; EXCLUSIVE_THREAD, which frameworks cannot use), or another tenant holds it",
      "nvidia-smi -q -d COMPUTE shows the compute mode; sudo nvidia-smi -c DEFAULT, or stop "
      "the other process (nvidia-smi lists it)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* Python 3 quotes the module name; Python 2's ImportError does not (a script calling
     * `python`, which is Python 2 on older systems) */
    {JG_SIG_python2_ran, "Python",
     {"configuration.python2-interpreter", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the import error is Python 2's (No module named torch, without quotes): the script ran "
      "under Python 2, not the Python 3 that torch is installed for",
      "run it with python3 (or the venv's python); where a script calls `python`, call "
      "sys.executable or python3 instead"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* JetPack and TensorRT's deb packages put trtexec in /usr/src/tensorrt/bin, which is not on
     * PATH (tests/data/corpus/FACTS-FOUND.md: l-sf/Track-trt#4) */
    {JG_SIG_trtexec_not_on_path, "shell",
     {"configuration.trtexec-not-on-path", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "trtexec is not on PATH: TensorRT's packages install it in /usr/src/tensorrt/bin",
      "run /usr/src/tensorrt/bin/trtexec or export PATH=$PATH:/usr/src/tensorrt/bin (a "
      "TensorRT tar install has it in its bin/ folder)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* Ubuntu's nvidia-cuda-toolkit puts an nvcc in /usr/bin that does not find libdevice in
     * the /usr/local/cuda layout builds expect */
    {JG_SIG_distro_nvcc_first, "nvcc",
     {"configuration.distro-nvcc-first", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the build ran the distribution's nvcc (/usr/bin/nvcc), which cannot find libdevice: "
      "another CUDA toolkit comes first on PATH than the one the build needs",
      "export PATH=/usr/local/cuda/bin:$PATH (and CUDA_HOME=/usr/local/cuda), or remove the "
      "distribution's nvidia-cuda-toolkit; which -a nvcc lists the candidates"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* Triton skips GPUs below its minimum compute capability (6.0 by default, set at build
     * time; tests/data/corpus/FACTS-FOUND.md: triton-inference-server#1925, #2095, PR 474) */
    {JG_SIG_triton_no_gpus, "Triton",
     {"configuration.triton-no-usable-gpu", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "Triton sees no GPU it may use: the GPU is below its minimum compute capability (6.0 by "
      "default), or no GPU is visible to the server",
      "start tritonserver with --min-supported-compute-capability=<the GPU's> if the GPU is "
      "older than 6.0; else give its container the GPU (--gpus all) and check nvidia-smi in it"},
     "start tritonserver with --min-supported-compute-capability=5.3 on a Nano or TX1 (their "
     "GPU is 5.3, below Triton's default 6.0)", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_python2_module_on_path, "loader",
     {"configuration.python2-module-on-path", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "Python 3 loaded an extension module built for Python 2 (it needs Python 2's C API): a "
      "Python 2 folder is on the module path (ROS's /opt/ros/<distro>/lib/python2.7, an old "
      "PYTHONPATH)",
      "remove the Python 2 folder from PYTHONPATH (or do not source the Python 2 ROS setup in "
      "this shell), and install the module for Python 3"},
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
    /* https://github.com/triton-lang/triton/pull/2019 */
    {JG_SIG_libcuda_so_link_missing, "triton",
     {"configuration.libcuda-so-link-missing", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "Triton (used by torch.compile, flash/mamba kernels) could not find libcuda.so through "
      "the ldconfig cache: only libcuda.so.1 exists, the cache is stale, or the driver library "
      "sits outside the cache (WSL, some containers)",
      "run sudo ldconfig to refresh the cache; if only libcuda.so.1 exists create a libcuda.so "
      "symlink next to it, or set TRITON_LIBCUDA_PATH to the directory holding libcuda (WSL: "
      "/usr/lib/wsl/lib); do not point it at the toolkit's stubs directory"},
     "on Jetson libcuda lives in /usr/lib/aarch64-linux-gnu/tegra (nvidia-l4t-cuda); point "
     "TRITON_LIBCUDA_PATH there if ldconfig lacks it", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/numba/numba/issues/9381 */
    {JG_SIG_display_watchdog, "CUDA runtime (torch, numba, llama.cpp)",
     {"configuration.display-watchdog", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a kernel ran longer than the display watchdog allows (the GPU also drives a desktop: X "
      "on Linux, WDDM TDR on Windows/WSL), so the driver killed it; CUDA itself works",
      "run compute on a GPU that drives no display or stop the desktop (systemctl isolate "
      "multi-user.target); on Windows raise TdrDelay (or use TCC on datacenter cards); "
      "otherwise split work into shorter kernels (smaller batches)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/nvidia-container-toolkit/issues/203 */
    {JG_SIG_container_gpu_id_unknown, "nvidia-container-toolkit",
     {"configuration.container-gpu-id-unknown", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the container was asked for a GPU index/UUID (via --gpus, NVIDIA_VISIBLE_DEVICES or a "
      "scheduler) that does not exist on this host, e.g. '--gpus 2' on a one-GPU machine or an "
      "old MIG UUID format",
      "list real devices with nvidia-smi -L and pass a valid index/UUID (--gpus '\"device=0\"' "
      "or --gpus all); for MIG use the MIG-<uuid> form; check that the scheduler sets "
      "NVIDIA_VISIBLE_DEVICES to ids that exist on the node"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/apple/ml-cross-entropy/issues/5 */
    {JG_SIG_c_compiler_missing, "triton",
     {"configuration.c-compiler-missing", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "Triton compiles a small C launcher at run time and no C compiler (gcc/cc, or MSVC/cl.exe "
      "on Windows) was found; CUDA works",
      "install a compiler (sudo apt install build-essential, or conda install -c conda-forge "
      "gxx) or set CC to the full path of an existing gcc / cl.exe"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/python/cpython/issues/102134 */
    {JG_SIG_system_python_externally_managed, "pip",
     {"configuration.system-python-externally-managed", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "pip refused to install into the distribution's system Python (PEP 668, Ubuntu "
      "23.04+/Debian 12+); nothing was installed",
      "create a virtual environment (python3 -m venv ~/venv, add --system-site-packages to keep "
      "apt-installed packages visible) and install with its pip, or use the python3-<name> apt "
      "package; --break-system-packages only as a last resort"},
     "JetPack 7 (Ubuntu 24.04) marks its Python as externally managed: create the venv with "
     "--system-site-packages so the apt-installed TensorRT / OpenCV bindings remain "
     "importable, then pip install the Jetson torch wheels into it", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVlabs/tiny-cuda-nn/issues/109 */
    {JG_SIG_host_compiler_too_new, "nvcc",
     {"configuration.host-compiler-too-new", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "the host gcc is newer than the installed CUDA toolkit's nvcc accepts, so every CUDA "
      "compile (extension builds, CMake projects) stops in host_config.h",
      "install a gcc the toolkit supports (e.g. sudo apt install gcc-12 g++-12) and point nvcc "
      "at it with CC/CXX=gcc-12 / g++-12, NVCC_CCBIN or -ccbin /usr/bin/g++-12 (CMake: "
      "-DCMAKE_CUDA_HOST_COMPILER); or upgrade the CUDA toolkit. -allow-unsupported-compiler is "
      "only a gamble"},
     "JetPack pairs its CUDA with the Ubuntu gcc it ships; this appears after installing a "
     "newer gcc by hand or using a conda compiler: go back to the system gcc (/usr/bin/gcc)", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/tensorflow/tensorflow/issues/58681 */
    {JG_SIG_xla_libdevice_not_found, "TensorFlow",
     {"configuration.xla-libdevice-not-found", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "XLA (TensorFlow/JAX) JIT-compiles GPU kernels and cannot find the CUDA toolkit's "
      "nvvm/libdevice directory; the GPU is visible but compiled ops fail",
      "install the CUDA nvcc component that provides nvvm/libdevice (pip install "
      "nvidia-cuda-nvcc-cu12, or the toolkit) and point XLA at it: export "
      "XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda (the directory that contains "
      "nvvm/libdevice)"},
     "on Jetson the toolkit is /usr/local/cuda: export "
     "XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda (install cuda-nvcc / nvidia-jetpack if "
     "nvvm/libdevice is missing)", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/pytorch/pytorch/pull/41377 */
    {JG_SIG_cublas_workspace_config_unset, "torch",
     {"configuration.cublas-workspace-config-unset", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "torch.use_deterministic_algorithms(True) is on, and cuBLAS needs CUBLAS_WORKSPACE_CONFIG "
      "set before the process starts to give reproducible results; CUDA works",
      "set CUBLAS_WORKSPACE_CONFIG=:4096:8 (or :16:8) in the environment before launching "
      "Python, or turn deterministic mode off / use warn_only=True"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* numba's driver loader: NUMBA_CUDA_DRIVER names a file that is not the driver */
    {JG_SIG_wrong_cuda_driver_path, "numba",
     {"configuration.wrong-cuda-driver-path", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the library loaded as the CUDA driver is not the driver (a variable such as "
      "NUMBA_CUDA_DRIVER names another file: the toolkit's stub, libcudart)",
      "unset the variable or point it at the driver's libcuda.so.1 (ldconfig -p | grep "
      "libcuda)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* jetson_containers/l4t_version.py */
    {JG_SIG_nv_tegra_release_unreadable, "jetson-containers",
     {"configuration.nv-tegra-release-unreadable", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "/etc/nv_tegra_release cannot be parsed (edited, truncated, or a custom image), so the "
      "L4T release is unknown to the tools that read it",
      "restore it (sudo apt install --reinstall nvidia-l4t-core) or set L4T_VERSION for "
      "jetson-containers"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA-AI-IOT/deepstream_tao_apps#10, fan-chao/nvjmi#2 */
    {JG_SIG_egl_display_unavailable, "EGL",
     {"configuration.egl-display-unavailable", JG_L_CONFIGURATION, JG_SEV_WARNING,
      JG_CONF_MEDIUM,
      "the multimedia library cannot open an EGL display: DISPLAY names an X server that is "
      "not reachable (an ssh session, a container); often only a warning",
      "unset DISPLAY for headless runs, or point it at a reachable X server (export DISPLAY=:0 "
      "on the device's desktop; in a container pass DISPLAY and mount /tmp/.X11-unix)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* rbonghi/jetson_stats jtop/jtop.py */
    {JG_SIG_jtop_service_inactive, "jtop",
     {"configuration.jtop-service-problem", JG_L_CONFIGURATION, JG_SEV_WARNING, JG_CONF_MEDIUM,
      "jtop's service is not running, or is another jetson-stats (or Python) version than the "
      "client: a monitoring problem, CUDA is not involved",
      "sudo pip3 install -U jetson-stats (one version for service and client), then sudo "
      "systemctl restart jtop.service; journalctl -u jtop.service says why it stopped"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* mdegans/tegrity#1, pythops/jetson-image#36 */
    {JG_SIG_l4t_package_not_installable, "apt",
     {"configuration.l4t-packages-do-not-fit", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the L4T / JetPack packages refuse to install here: the system is not the L4T release "
      "(or board) they were made for, or its apt sources name another release",
      "check head -1 /etc/nv_tegra_release and /etc/apt/sources.list.d/nvidia-l4t-apt-source.list "
      "name the same release; JetPack majors change only by reflashing"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* OE4T/meta-tegra#1864, anduril/jetpack-nixos#202, NVIDIA-AI-IOT/jetbot#49 */
    {JG_SIG_nvpmodel_not_applied, "nvpmodel",
     {"configuration.nvpmodel-not-applied", JG_L_CONFIGURATION, JG_SEV_WARNING, JG_CONF_MEDIUM,
      "nvpmodel could not set or read the power mode (not run as root, a mode this module's "
      "configuration lacks, or no nvpmodel for this board); clocks stay as they were",
      "sudo nvpmodel -q lists the modes; set one the module has (sudo nvpmodel -m N); a custom "
      "image needs the board's nvpmodel.conf"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA's jetson_clocks script; rbonghi/jetson_stats jtop/jtop.py */
    {JG_SIG_jetson_clocks_failed, "jetson_clocks",
     {"configuration.jetson-clocks-failed", JG_L_CONFIGURATION, JG_SEV_WARNING, JG_CONF_MEDIUM,
      "jetson_clocks did not run: not as root, or not available on this board or image; clocks "
      "stay dynamic",
      "sudo jetson_clocks (it must run as root); on a custom image install the L4T package "
      "that ships it (dpkg -S jetson_clocks on a stock image names it)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* astral-sh/uv crates/uv/src/commands/project/mod.rs */
    {JG_SIG_interpreter_outside_requires_python, "uv",
     {"configuration.interpreter-outside-requires-python", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "the Python interpreter chosen for the project is outside its requires-python",
      "pick an interpreter the project allows (uv python pin, --python), or widen "
      "requires-python if the project supports that Python"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* astral-sh/uv crates/uv-resolver/src/error.rs: torch from two indexes (cpu and cu extras) */
    {JG_SIG_conflicting_package_sources, "uv",
     {"configuration.conflicting-package-sources", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the requirements name two sources (indexes or URLs) for one package, e.g. torch from "
      "both a CPU and a CUDA index, and uv cannot pick one",
      "give the package one source per platform or extra ([tool.uv.sources] with markers or "
      "conflicting extras declared in [tool.uv] conflicts)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* llama.cpp CMakeLists.txt: the CUDA backend's option was renamed */
    {JG_SIG_build_flag_retired, "CMake",
     {"configuration.build-flag-retired", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the build asks for CUDA with an option the project retired (LLAMA_CUBLAS), so the CUDA "
      "backend is not built as asked",
      "use the current option (CMAKE_ARGS=\"-DGGML_CUDA=on\" for llama.cpp and "
      "llama-cpp-python), then rebuild without the cache"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* triton-inference-server/server#7445 */
    {JG_SIG_triton_backend_missing, "Triton",
     {"configuration.triton-backend-missing", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "Triton Inference Server cannot find the backend library the model names (the backend "
      "is not installed, or --backend-directory points elsewhere)",
      "install the backend or point --backend-directory at the folder that holds it; check the "
      "model's config.pbtxt backend / platform"},
     "with the Jetson release of Triton point --backend-directory at the backends folder of "
     "the unpacked release", JG_PT_ANY, JG_AT_NONE, {0}},
    /* pytorch torch/utils/cpp_extension.py */
    {JG_SIG_host_compiler_too_old, "torch.utils.cpp_extension",
     {"configuration.host-compiler-too-old", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "the host C++ compiler is older than this CUDA accepts",
      "install a newer gcc / g++ within CUDA's supported range and point CC / CXX (or "
      "CUDAHOSTCXX) at it"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* sgl-project/sglang#18644: Triton and extensions compile against Python's headers */
    {JG_SIG_python_headers_missing, "compiler",
     {"configuration.python-headers-missing", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "Python's development headers (Python.h) are not installed, so a C / CUDA extension "
      "(or Triton's launcher) cannot be compiled",
      "install them for the Python that runs (sudo apt install python3-dev, or "
      "python3.X-dev for that version)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* pytorch c10/cuda/CUDAAllocatorConfig.h */
    {JG_SIG_alloc_conf_unsupported, "torch",
     {"configuration.alloc-conf-unsupported", JG_L_CONFIGURATION, JG_SEV_WARNING, JG_CONF_HIGH,
      "PYTORCH_CUDA_ALLOC_CONF names an option this torch or platform does not support "
      "(expandable_segments where it is not available, or an unknown option)",
      "remove that option from PYTORCH_CUDA_ALLOC_CONF (or the script that sets it)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* openhackathons-org/gpubootcamp#55: objects built by two CUDA toolkits */
    {JG_SIG_mixed_cuda_toolkits, "nvlink",
     {"configuration.mixed-cuda-toolkits", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "objects built by two CUDA toolkits are linked together: PATH, CUDA_HOME or the build "
      "cache mixes versions",
      "clean the build and point PATH, CUDA_HOME and LD_LIBRARY_PATH at one toolkit (which "
      "nvcc; nvcc --version)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* ivan-chai/torch-linear-assignment#2 */
    {JG_SIG_cuda_libs_not_on_link_path, "linker",
     {"configuration.cuda-libs-not-on-link-path", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the linker cannot find the CUDA runtime library: the toolkit's lib64 is not on the "
      "link path",
      "point the build at the toolkit (CUDA_HOME, or -L$CUDA_HOME/lib64; LIBRARY_PATH)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVlabs/instant-ngp#1044 */
    {JG_SIG_cuda_arch_list_invalid, "CMake",
     {"configuration.cuda-arch-list-invalid", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "CMAKE_CUDA_ARCHITECTURES is set but empty or not valid (often because no GPU was "
      "visible to detect it)",
      "set it to the GPU's compute capability without the dot (-DCMAKE_CUDA_ARCHITECTURES=86)"},
     "on a Jetson give the module's architecture (Orin 87, Xavier 72)", JG_PT_ANY, JG_AT_NONE,
     {0}},
};
const size_t jg_signal_rules_config_count = sizeof jg_signal_rules_config / sizeof jg_signal_rules_config[0];
