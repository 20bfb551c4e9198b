/* Signal rules whose first reading lies in the Python packages (the row type, where rows speak
 * and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_packages[] = {
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
    {JG_SIG_built_for_other_torch, "extension",
     {"python-packages.built-for-other-torch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a package's compiled extension was built against another torch (or CUDA) than the one "
      "installed: its symbols do not match",
      "install the package version built for this torch (torchvision / torchaudio: the pair "
      "from the same release and index), or rebuild it against this torch (pip install "
      "--no-build-isolation <package>)"},
     "build it from source against NVIDIA's torch on the device (pip install "
     "--no-build-isolation <package>) or take the pair from the same Jetson index", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_built_for_other_python, "import",
     {"python-packages.built-for-other-python", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a compiled module was built for another Python version than the interpreter running it",
      "run it with the Python it was built for, or rebuild / reinstall it for this interpreter "
      "(python3 -m pip install --force-reinstall <package>)"},
     "JetPack's Python bindings (DeepStream's pyds, jetson-inference, TensorRT) are built for the "
     "system Python: run them with /usr/bin/python3, or rebuild them for this interpreter",
     JG_PT_ANY, JG_AT_NONE, {0}},
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
    {JG_SIG_packages_do_not_fit, "traceback",
     {"python-packages.versions-do-not-fit", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "an installed package needs a module or a name the other installed packages do not "
      "provide: a dependency is missing, or its version does not fit (removed or not yet "
      "added there)",
      "the traceback's last file names the package; pip check lists broken requirements; "
      "install the missing dependency, or the versions the two packages' release notes pair; "
      "CUDA is not involved"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_tensorrt_module_missing, "Python",
     {"python-packages.tensorrt-not-installed", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "Python cannot import tensorrt: TensorRT's Python package is not installed for this "
      "interpreter",
      "pip install tensorrt (the version matching the installed TensorRT and CUDA), or the "
      "distribution's python3-libnvinfer package for the system Python"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
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
    /* https://github.com/triton-lang/triton/issues/5498 */
    {JG_SIG_triton_missing, "torch",
     {"python-packages.triton-missing", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "torch.compile (Inductor) needs the triton package for GPU code, and it is not installed "
      "or too old for this torch; CUDA itself works",
      "pip install the triton version pinned by the installed torch (pip show torch lists it; "
      "wheels from download.pytorch.org pull it in), or run without torch.compile / set "
      "torch._dynamo.config.suppress_errors=True to fall back to eager; on Windows use the "
      "triton-windows fork"},
     "there is no triton wheel on PyPI for Jetson's aarch64 + JetPack CUDA: use "
     "jetson-containers' triton build or build triton from source against JetPack CUDA, or run "
     "the model without torch.compile", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/astral-sh/uv/blob/main/crates/uv-build-frontend/src/error.rs */
    {JG_SIG_build_isolation_hides_torch, "uv",
     {"python-packages.build-isolation-hides-torch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "a source build (flash-attn, xformers, deepspeed, mamba-ssm, ...) imports torch or "
      "another module in its setup.py without declaring it, so uv's isolated build environment "
      "lacks it; the installed torch is not the problem",
      "install torch first, then build the package with --no-build-isolation (uv: "
      "no-build-isolation-package = [\"flash-attn\"] or [tool.uv.extra-build-dependencies] "
      "flash-attn = [\"torch\"]); prefer a prebuilt wheel matching torch, CUDA and Python when "
      "one exists"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://docs.astral.sh/uv/concepts/indexes */
    {JG_SIG_first_index_strategy, "uv",
     {"python-packages.first-index-strategy", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "uv takes each package only from the first index that has it; the PyTorch index lists the "
      "package (torch, numpy, jinja2, ...) but not the requested version, so resolution fails "
      "although PyPI has it",
      "pin only torch-family packages to the PyTorch index ([tool.uv.sources] torch = { index = "
      "\"pytorch\" } with explicit = true), or pass --index-strategy unsafe-best-match when all "
      "indexes are trusted"},
     "with a Jetson index (pypi.jetson-ai-lab.io / jp6/cu126) mark it explicit = true and "
     "source only torch, torchvision, torchaudio and the other Jetson-built wheels from it", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/intel/intel-extension-for-pytorch/issues/662 */
    {JG_SIG_setuptools_too_new_for_torch, "torch",
     {"python-packages.setuptools-too-new-for-torch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "an older torch (before about 2.3) imports pkg_resources.packaging in "
      "torch.utils.cpp_extension, which setuptools 70 removed; extension builds and imports of "
      "that module fail",
      "pip install 'setuptools<70' (e.g. 69.5.1) in the environment, or upgrade torch to a "
      "release that no longer uses pkg_resources.packaging"},
     "pin setuptools<70 rather than replacing the Jetson torch", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NX-AI/xlstm/issues/76 */
    {JG_SIG_ninja_missing, "torch",
     {"python-packages.ninja-missing", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "torch.utils.cpp_extension.load() JIT-builds an extension and the ninja build tool is not "
      "installed or not on PATH of this environment",
      "pip install ninja (in the same environment as torch) or apt install ninja-build, and "
      "check that 'ninja --version' runs from that shell"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/opencv/opencv/issues/5576 */
    {JG_SIG_opencv_without_cuda, "OpenCV",
     {"python-packages.opencv-without-cuda", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "the cv2 that was imported is an OpenCV build without CUDA (pip opencv-python wheels, "
      "distro packages, JetPack's default OpenCV), so cv2.cuda calls fail; CUDA itself is not "
      "shown broken",
      "check cv2.getBuildInformation() for 'NVIDIA CUDA: YES'; build OpenCV with -DWITH_CUDA=ON "
      "(and opencv_contrib) for the installed CUDA, and remove pip opencv-python* wheels that "
      "shadow it"},
     "jetPack's OpenCV (nvidia-opencv / libopencv) is built without CUDA: build OpenCV with "
     "CUDA on the device (CUDA_ARCH_BIN set for the module, e.g. 8.7 for Orin) or use a "
     "jetson-containers image that has it, and uninstall pip opencv-python so the CUDA build "
     "is imported", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://mmcv.readthedocs.io/en/latest/get_started/installation.html */
    {JG_SIG_mmcv_without_ops, "mmcv",
     {"python-packages.mmcv-without-ops", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "the installed mmcv has no compiled ops: mmcv-lite (or the 1.x lite 'mmcv') was "
      "installed, both variants are mixed, or no prebuilt wheel matched torch/CUDA and the "
      "source build skipped the ops",
      "pip uninstall -y mmcv mmcv-lite mmcv-full, then mim install mmcv (2.x) / mmcv-full (1.x) "
      "from the OpenMMLab index matching torch and CUDA, or build from source with "
      "MMCV_WITH_OPS=1"},
     "no prebuilt mmcv wheels exist for Jetson: build it on the device with MMCV_WITH_OPS=1 "
     "FORCE_CUDA=1 against the JetPack torch", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/bitsandbytes-foundation/bitsandbytes/pull/1615 */
    {JG_SIG_bitsandbytes_no_binary_for_cuda, "bitsandbytes",
     {"python-packages.bitsandbytes-no-binary-for-cuda", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "bitsandbytes looked for its native library for a specific CUDA version (taken from torch "
      "or from BNB_CUDA_VERSION) and that file is not in the package, so it falls back to no "
      "GPU support",
      "unset a stray BNB_CUDA_VERSION (export BNB_CUDA_VERSION=), upgrade to a bitsandbytes "
      "release that ships a binary for torch's CUDA version, or build it from source with "
      "-DCOMPUTE_BACKEND=cuda for the installed toolkit"},
     "for Jetson build bitsandbytes from source on the device against JetPack CUDA (cmake "
     "-DCOMPUTE_BACKEND=cuda -DCOMPUTE_CAPABILITY=87 for Orin) or use jetson-containers' "
     "build; the PyPI aarch64 wheels target SBSA servers", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/wolph/portalocker/issues/86 */
    {JG_SIG_distutils_removed, "python",
     {"python-packages.distutils-removed", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "Python 3.12 removed distutils and the package (or its build, e.g. an old "
      "setuptools/numpy pin) still imports it; the interpreter is newer than the package "
      "supports",
      "pip install -U setuptools (it provides a distutils shim) and upgrade the package/pins "
      "that import distutils, or use Python 3.11 for that project"},
     "JetPack 7 / Ubuntu 24.04 uses Python 3.12: upgrade old pinned build tools (numpy<1.26, "
     "setuptools<60) in Jetson build scripts", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/ggml-cuda/common.cuh,
     * TensorFlow's gpu_device.cc */
    {JG_SIG_package_lacks_gpu_arch, "package",
     {"python-packages.build-lacks-gpu-arch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a CUDA build of a package other than torch (llama.cpp / ggml, TensorFlow, ...) has no "
      "kernels for this GPU's architecture",
      "install a build made for this GPU's compute capability, or build it from source with "
      "that architecture (CMAKE_CUDA_ARCHITECTURES, TF_CUDA_COMPUTE_CAPABILITIES)"},
     "build it on the device for the module's compute capability (Orin 8.7, Xavier 7.2, TX2 "
     "6.2, Nano 5.3)", JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/TensorRT python/packaging/frontend_sdist/setup.py */
    {JG_SIG_tensorrt_pip_on_jetson, "pip",
     {"python-packages.tensorrt-pip-on-jetson", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "pip install tensorrt refuses on a Jetson: NVIDIA's PyPI package is not built for Tegra; "
      "JetPack's own TensorRT Python bindings are the ones to use",
      "sudo apt install python3-libnvinfer (JetPack ships it), and use the system python3 or a "
      "venv made with --system-site-packages"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* pip's exceptions/hashes.py, poetry's executor.py, conda's checksum check */
    {JG_SIG_download_hash_mismatch, "installer",
     {"python-packages.download-hash-mismatch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a downloaded package does not match the hash the requirements or lock file pins: the "
      "file changed on the index, a download was cut or altered (a proxy), or the lock is stale",
      "download again (pip cache purge / uv cache clean); if the index really changed the file, "
      "regenerate the lock or the hashes from a trusted index"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* conda's virtual packages (docs.conda.io ... manage-virtual.html) */
    {JG_SIG_conda_cuda_not_detected, "conda",
     {"python-packages.conda-sees-no-cuda", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "conda sees no __cuda virtual package, so it refuses CUDA builds: no NVIDIA driver was "
      "visible to conda (or the environment is solved on a machine without one)",
      "check nvidia-smi and conda info (its virtual packages list __cuda); on a build host "
      "without a GPU set CONDA_OVERRIDE_CUDA to the target's CUDA version"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* microsoft/onnxruntime#14932 */
    {JG_SIG_onnxruntime_too_old_for_model, "onnxruntime",
     {"python-packages.onnxruntime-too-old-for-model", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "the installed onnxruntime is older than the model's ONNX IR version",
      "install an onnxruntime release that supports the model's IR version, or export the "
      "model with an older onnx / opset"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* the onnx package's checker: the model was saved by a newer onnx */
    {JG_SIG_onnx_too_old, "onnx",
     {"python-packages.onnx-too-old-for-model", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "the installed onnx package is older than the model's IR version (the model was "
      "exported with a newer onnx)",
      "install a newer onnx, or export the model with the onnx installed here; where no newer "
      "onnx installs (an old Python), export on another machine and copy the model"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* OpenCV's highgui stubs: a headless build */
    {JG_SIG_opencv_without_gui, "OpenCV",
     {"python-packages.opencv-without-gui", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
      "the OpenCV in use has no GUI support (a headless build), so imshow and windows fail; "
      "CUDA is not involved",
      "pip uninstall opencv-python-headless and install opencv-python (or use the system "
      "OpenCV), or write frames to files instead of showing them"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* pytorch/vision torchvision/io: a build without the requested video backend */
    {JG_SIG_torchvision_video_backend_missing, "torchvision",
     {"python-packages.torchvision-video-backend-missing", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "this torchvision was built without the requested video backend (video_reader, or the "
      "GPU decoder)",
      "use the pyav backend (torchvision.set_video_backend(\"pyav\")), or build torchvision "
      "from source with FFmpeg (and NVDEC for the GPU decoder)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* OpenNMT/CTranslate2 src/cuda/cublas_stub.cc loads cublas64_<CUDA major>.dll;
     * jhj0517/Whisper-WebUI#102, SYSTRAN/faster-whisper (cuDNN 9 from ctranslate2 4.5) */
    {JG_SIG_cuda_dll_missing_windows, "Windows",
     {"python-packages.built-for-missing-cuda-dll", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a package (CTranslate2, under faster-whisper, most often) loads a CUDA or cuDNN DLL of a "
      "major version this Windows install does not have: it was built for another CUDA or "
      "cuDNN than the one installed",
      "install the package release built for the installed CUDA and cuDNN (the package's "
      "release notes name them), or pip install nvidia-cublas-cu12 nvidia-cudnn-cu12 and put "
      "their bin folders on PATH"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* cupy-cuda12x beside cupy-cuda13x, or a wheel from two sources: each overwrites the
     * other's files in one folder */
    {JG_SIG_package_installed_twice, "package",
     {"python-packages.package-installed-twice", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "two builds of one package are installed side by side (for CuPy one per CUDA major, or "
      "from two sources): they share one folder and overwrite each other's files",
      "pip uninstall every variant the message names, then install only the one for this "
      "CUDA; check which dependency pulls the second one in"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* CPython's ctypes on Windows names the DLL it could not load "or one of its dependencies"
     * (dmlc/dgl: dgl.dll of a wheel for another torch or CUDA) */
    {JG_SIG_package_library_unloadable, "Windows",
     {"python-packages.package-library-unloadable", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a package's own native library (a DLL in its site-packages folder) does not load, or "
      "one it depends on is missing: the package's build does not fit this torch, CUDA or "
      "Python",
      "install the package's build for this torch, CUDA and Python (its install page names "
      "the index per version); pip show the package and torch to compare"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_packages_count = sizeof jg_signal_rules_packages / sizeof jg_signal_rules_packages[0];
