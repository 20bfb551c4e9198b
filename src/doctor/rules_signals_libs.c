/* Signal rules whose first reading lies in the CUDA libraries, the torch build and the Python
 * packages (the row type, where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_libs[] = {
    {JG_SIG_cudnn_version_mismatch, "cuDNN",
     {"cuda-libraries.cudnn-version-mismatch", JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program (torch, TensorFlow, JAX) loaded a cuDNN other than the one it was built "
      "against: another copy comes first on the library path, or the installed one is older",
      "let it use the cuDNN it was built for: remove the other libcudnn from LD_LIBRARY_PATH "
      "or the environment (a conda cudnn package), install that cuDNN, or install the build "
      "made for the installed cuDNN"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_package_without_cuda, "package",
     {"python-packages.package-built-without-cuda", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a package other than torch is a build without CUDA: its wheel for this platform is "
      "CPU-only",
      "install that package's CUDA build for this platform and CUDA (its install page names "
      "the index), or build it from source with CUDA"},
     "build that package from source on the device with CUDA (or take a Jetson build from "
     "jetson-containers / https://pypi.jetson-ai-lab.io): PyPI's aarch64 wheels are usually "
     "CPU-only", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_no_package_distribution, "pip",
     {"python-packages.no-package-for-platform", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "pip finds no release of a package for this platform and Python (no wheel for this "
      "architecture or Python version, or a name that exists for x86 only)",
      "check the package's install page for this architecture and Python; pick a version "
      "that publishes wheels for them, or build it from source"},
     "on a Jetson build it from source on the device or use a Jetson index "
     "(https://pypi.jetson-ai-lab.io): many CUDA packages publish x86 wheels only", JG_PT_ANY, JG_AT_NONE, {0}},
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
    {JG_SIG_built_for_other_torch, "extension",
     {"python-packages.built-for-other-torch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a package's compiled extension was built against another torch (or CUDA) than the one "
      "installed: its symbols do not match",
      "install the package version built for this torch (torchvision / torchaudio: the pair "
      "from the same release and index), or rebuild it against this torch (pip install "
      "--no-build-isolation <package>)"},
     "build it from source against NVIDIA's torch on the device (pip install "
     "--no-build-isolation <package>) or take the pair from the same Jetson index", JG_PT_ANY, JG_AT_NONE, {0}},
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
    {JG_SIG_built_for_other_python, "import",
     {"python-packages.built-for-other-python", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a compiled module was built for another Python version than the interpreter running it",
      "run it with the Python it was built for, or rebuild / reinstall it for this interpreter "
      "(python3 -m pip install --force-reinstall <package>)"},
     "JetPack's Python bindings (DeepStream's pyds, jetson-inference, TensorRT) are built for the "
     "system Python: run them with /usr/bin/python3, or rebuild them for this interpreter",
     JG_PT_ANY, JG_AT_NONE, {0}},
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
    /* a resolver that found no solution: about torch when the report names torch (low:
     * the conflict's own lines say which package) */
    {JG_SIG_resolver_failed, "resolver",
     {"python-packages.resolver-conflict", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_LOW,
      "the installer found no set of packages that satisfies every requirement",
      "read the resolver's lines for the package it cannot place; relax that pin or add the "
      "index that has it"},
     NULL, JG_PT_ANY, JG_AT_TORCH_SEEN,
     {"pytorch-build.resolver-cannot-place-torch", JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
      JG_CONF_LOW,
      "the installer cannot place torch: the pinned build is not on the indexes it searches (a "
      "+cuXYZ or Jetson build needs its own index)",
      "add the index that has that torch build (for uv: [tool.uv] index / sources, not "
      "[tool.uv.pip]), or pin a torch the configured index has"}},
    {JG_SIG_torch_system_library_missing, "missing library",
     {"pytorch-build.system-dependency-missing", JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a system library the torch build needs is not installed (BLAS, OpenMP or MPI): the "
      "install skipped the wheel's system prerequisites",
      "sudo apt-get install libopenblas-dev libopenmpi-dev libomp-dev (the prerequisites in "
      "NVIDIA's guide for the Jetson wheels), then import torch again"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_packages_do_not_fit, "traceback",
     {"python-packages.versions-do-not-fit", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "an installed package needs a module or a name the other installed packages do not "
      "provide: a dependency is missing, or its version does not fit (removed or not yet "
      "added there)",
      "the traceback's last file names the package; pip check lists broken requirements; "
      "install the missing dependency, or the versions the two packages' release notes pair; "
      "CUDA is not involved"},
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
    {JG_SIG_tensorrt_module_missing, "Python",
     {"python-packages.tensorrt-not-installed", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "Python cannot import tensorrt: TensorRT's Python package is not installed for this "
      "interpreter",
      "pip install tensorrt (the version matching the installed TensorRT and CUDA), or the "
      "distribution's python3-libnvinfer package for the system Python"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    {JG_SIG_extension_arch_unknown, "torch.utils.cpp_extension",
     {"pytorch-build.torch-older-than-gpu", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_HIGH,
      "torch's extension builder does not know this GPU architecture: the torch release "
      "predates the GPU (or TORCH_CUDA_ARCH_LIST names an arch it does not know)",
      "build against a torch release newer than the GPU (with a CUDA that supports it), or set "
      "TORCH_CUDA_ARCH_LIST to architectures this torch knows"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_module_missing, "Python",
     {"python-packages.module-not-installed", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the Python that ran cannot import a module the code needs: it is not installed for "
      "this interpreter (or was installed for another one)",
      "python -m pip install <module's package> with the same python that runs the code; "
      "python -c 'import sys; print(sys.executable)' shows which one that is"},
     NULL, JG_PT_ANY, JG_AT_INTERPRETER_SEEN,
     {"configuration.module-for-another-python", JG_L_CONFIGURATION, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the module is missing for the interpreter that ran (a notebook kernel, a venv or sudo "
      "runs another Python than the one it was installed into)",
      "run the code with the Python the module was installed into (point the notebook "
      "kernel's kernel.json, the service or the venv at it), or install it for this one: "
      "python -m pip install <package>"}},
    {JG_SIG_sdist_build_failed, "pip",
     {"python-packages.source-build-failed", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "pip had no wheel of a package for this platform and Python, and building it from "
      "source failed (the build lacks a compiler, a header or a library)",
      "the build's first error above names what is missing (a -dev package, nvcc, a newer "
      "compiler); or pick a version that has a wheel for this platform"},
     "on a Jetson many packages have no aarch64 wheel: install the -dev packages the build "
     "names, or take a Jetson build (jetson-containers, https://pypi.jetson-ai-lab.io)",
     JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_python_version_unsupported, "pip",
     {"python-packages.python-version-unsupported", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "the package does not support this Python version (its Requires-Python excludes it)",
      "use an older release of the package that supports this Python, or a newer Python "
      "(a venv, a container)"},
     "JetPack fixes the system Python (JetPack 4: 3.6, 5: 3.8, 6: 3.10): use a release that "
     "supports it, a container with a newer Python, or a newer JetPack",
     JG_PT_ANY, JG_AT_NONE, {0}},
    /* the Jetson index moved (tests/data/corpus/FACTS-FOUND.md, jetson-containers) */
    {JG_SIG_jetson_index_dead, "pip",
     {"python-packages.jetson-index-moved", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "pip uses jetson.webredirect.org, the Jetson package index's old address, which no "
      "longer answers: the index moved to pypi.jetson-ai-lab.io",
      "point pip at the index's current address (--index-url "
      "https://pypi.jetson-ai-lab.io/jp6/cu126, or the path for your JetPack and CUDA), and "
      "set PIP_INDEX_URL / the image's pip.conf to it"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_libs_count = sizeof jg_signal_rules_libs / sizeof jg_signal_rules_libs[0];
