/* Rules for Python packages other than torch that carry their own CUDA
 * binaries (jax, onnxruntime, TensorFlow, torchvision, ...), and for wheels
 * whose tags do not fit the interpreter. */
#include <stdio.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "util/json.h"

/* Neither a torch line nor a torch version in the report: a 209 is someone else's build. */
static bool torch_absent(const jg_view *v)
{
    return !JG_OBS_GET(v->observed, torch_seen) && !v->torch_version;
}

/* A native program's own words around the error: its uncaught C++ exception, or its own
 * CUDA check naming a .cu file. */
static const json_t *native_program(const jg_view *v)
{
    const json_t *seen = jg_view_signal(v, JG_SIG_native_program_aborted);
    return seen ? seen : jg_view_signal(v, JG_SIG_native_cuda_check);
}

/* "no kernel image" from a package other than torch: its wheel lacks this GPU's arch. */
bool jg_kernel_image_from_other_package(const jg_view *v)
{
    return jg_view_cuda_error(v, 209) && JG_OBS_GET(v->observed, other_stack) && torch_absent(v);
}

/* "no kernel image" in a native program's uncaught exception (thrust's parallel_for in a
 * TensorRT plugin) or its own CUDA check, with no torch and no Python package in the
 * report: the program's own build left this GPU's arch out (jkjung-avt/tensorrt_demos:
 * GPU_ARCHS in its Makefile). */
bool jg_kernel_image_from_native_program(const jg_view *v)
{
    return jg_view_cuda_error(v, 209) && native_program(v) &&
           !JG_OBS_GET(v->observed, other_stack) && torch_absent(v);
}

void jg_rule_native_program_no_kernel(const jg_view *v, jg_finding_list *out)
{
    if (!jg_kernel_image_from_native_program(v))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "cuda error 209 (no kernel image)", jg_view_cuda_error(v, 209));
    jg_ev_seen(ev, "native program", native_program(v));
    jg_finding_spec s = {
        JG_FID_project_program_without_device_arch, JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "a native program's CUDA code has no kernels for this GPU ('no kernel image', 209): "
        "its build left this compute capability out",
        jg_on_jetson(v) ? "rebuild it with this board's arch in its build settings (the "
                          "Makefile's or CMake's arch list: Orin 87, Xavier 72, TX2 62, Nano 53)"
                        : "rebuild it with this GPU's compute capability in its build settings "
                          "(the Makefile's -gencode list or CMAKE_CUDA_ARCHITECTURES)"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_other_package_no_kernel(const jg_view *v, jg_finding_list *out)
{
    if (!jg_kernel_image_from_other_package(v))
        return;
    const json_t *pkg = JG_OBS_OBJ(v->observed, other_stack);
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "cuda error 209 (no kernel image)", jg_view_cuda_error(v, 209));
    jg_ev_seen(ev, "package", pkg);
    char summary[240];
    snprintf(summary, sizeof summary,
             "%s's CUDA binary has no kernels for this GPU ('no kernel image', 209): its wheel "
             "was not built for this compute capability",
             JG_ITEM_STR(pkg, package));
    jg_finding_spec s = {
        JG_FID_python_packages_no_kernel_for_device, JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM,
        summary,
        jg_on_jetson(v) ? "use the package's Jetson build for this JetPack (jetson-containers, "
                          "pypi.jetson-ai-lab.io) or build it on the device for this compute "
                          "capability (Orin 8.7, Xavier 7.2, Nano 5.3)"
                        : "install a build that includes this GPU's compute capability, or "
                          "build the package from source with it"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_unsupported_wheel(const jg_view *v, jg_finding_list *out)
{
    const json_t *w = json_array_get(JG_VIEW_LIST(v, unsupported_wheels), 0);
    if (!w)
        return;
    const char *pkg = JG_ITEM_STR(w, package);
    bool torch = pkg && strcmp(pkg, "torch") == 0;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "pip", w);
    jg_finding_spec s = {
        torch ? JG_FID_pytorch_build_wheel_tags_do_not_fit : JG_FID_python_packages_wheel_tags_do_not_fit,
        torch ? JG_L_PYTORCH_BUILD : JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
        "pip refuses the wheel: its Python (cpXY) or platform tag does not fit the interpreter "
        "running pip (another Python version, or another pip than the one you meant)",
        "python3 -m pip --version shows which Python pip belongs to; use the wheel built for "
        "that Python and this JetPack (JetPack 4: cp36, 5: cp38, 6: cp310, 7: cp312), or the "
        "matching interpreter's pip"};
    jg_finding_add(out, &s, ev);
}

static void package_finding(jg_finding_list *out, jg_fid id, const json_t *sig, const char *what,
                            const char *summary, const char *fix)
{
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, what, sig);
    jg_finding_spec s = {id, JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_MEDIUM, summary, fix};
    jg_finding_add(out, &s, ev);
}

void jg_rule_framework_without_cuda(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig;
    if ((sig = jg_view_signal(v, JG_SIG_ort_no_cuda_provider)))
        package_finding(out, JG_FID_python_packages_onnxruntime_without_cuda, sig, "onnxruntime",
                        "onnxruntime has no CUDA execution provider: the CPU package "
                        "(onnxruntime) is installed, or the GPU package's CUDA libraries do not load",
                        jg_on_jetson(v) ? "pip uninstall onnxruntime onnxruntime-gpu; install "
                                          "the onnxruntime-gpu wheel built for this JetPack "
                                          "(Jetson Zoo / pypi.jetson-ai-lab.io)"
                                        : "pip uninstall onnxruntime; pip install "
                                          "onnxruntime-gpu matching this CUDA and cuDNN");
    else if ((sig = jg_view_signal(v, JG_SIG_tf_no_gpu)) || (jg_on_jetson(v) &&
                                                        (sig = jg_view_signal(v, JG_SIG_pip_tensorflow))))
        package_finding(out, JG_FID_python_packages_tensorflow_without_cuda, sig, "TensorFlow",
                        jg_on_jetson(v)
                            ? "TensorFlow sees no GPU: the installed build has no CUDA support "
                              "for this platform (PyPI's aarch64 TensorFlow is CPU-only; newer "
                              "TensorFlow needs a newer CUDA than old JetPacks ship)"
                            : "TensorFlow sees no GPU: the installed build has no CUDA support "
                              "here (native Windows has none from TensorFlow 2.11), or the CUDA "
                              "libraries it was built for are not installed",
                        jg_on_jetson(v)
                            ? "install NVIDIA's TensorFlow for this JetPack (docs.nvidia.com "
                              "install-tf-jetson-platform), or a version the JetPack's CUDA "
                              "supports"
                            : "on Linux pip install 'tensorflow[and-cuda]' (it brings the CUDA "
                              "libraries it needs); on Windows use WSL2 or TensorFlow 2.10, "
                              "the last with native GPU support");
    else if ((sig = jg_view_signal(v, JG_SIG_torchvision_ops_missing)))
        package_finding(out, JG_FID_python_packages_torchvision_ops_missing, sig, "torchvision",
                        "torchvision's compiled operators do not load with this torch: a "
                        "torchvision from PyPI on top of NVIDIA's torch, or versions out of step",
                        "install the torchvision built for this torch (same index or source "
                        "build: pip install --no-build-isolation git+https://github.com/pytorch/"
                        "vision@<matching tag>)");
}

void jg_rule_bnb_setup_failed(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_bnb_setup_failed);
    /* runs after the bitsandbytes wheel rules (rules.c order): they say it more precisely */
    if (!sig || !jg_on_aarch64(v) ||
        jg_findings_has(out, JG_FID_python_packages_bitsandbytes_no_aarch64_binary) ||
        jg_findings_has(out, JG_FID_python_packages_bitsandbytes_sbsa_wheel))
        return;
    package_finding(out, JG_FID_python_packages_bitsandbytes_setup_failed, sig, "bitsandbytes",
                    "bitsandbytes found no CUDA binary for this aarch64 system (older releases "
                    "shipped none; newer PyPI aarch64 wheels are SBSA builds, not L4T)",
                    "build bitsandbytes from source on the device, or use a Jetson build "
                    "(jetson-containers / pypi.jetson-ai-lab.io)");
}

void jg_rule_no_wheel_for_platform(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_wheel_for_platform);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "resolver", sig);
    jg_finding_spec s = {
        JG_FID_project_no_wheel_for_platform, JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the project's pinned requirements name a build that has no wheel for this platform "
        "(e.g. an x86-only +cpu/+cu wheel on aarch64)",
        "give the project per-platform pins or index sources (PEP 508 markers on "
        "platform_machine; on a Jetson the Jetson index), then re-lock"};
    jg_finding_add(out, &s, ev);
}

