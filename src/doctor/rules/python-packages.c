/* The python-packages layer's C rules: packages other than torch (numpy's ABI,
 * OpenBLAS, bitsandbytes, frameworks with their own CUDA binaries, wheels whose
 * tags do not fit the interpreter; jetson-facts.md 4.4). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "util/json.h"

void jg_rule_openblas_illegal(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_illegal_instruction);
    bool bad_numpy = v->numpy && strcmp(v->numpy, "1.19.5") == 0 && jg_on_aarch64(v);
    if (!sig && !bad_numpy)
        return;
    if (sig && v->arch && strcmp(v->arch, "x86_64") == 0)
        return;
    json_t *ev = jg_ev_new();
    if (sig)
        jg_ev_seen(ev, "crash", sig);
    if (v->numpy)
        jg_ev_field(ev, v, JG_FF_python_packages_numpy);
    /* a crash seen is an error; the known-bad numpy alone, a warning */
    enum jg_severity sev = sig ? JG_SEV_ERROR : JG_SEV_WARNING;
    jg_finding_spec s = {
        JG_FID_python_packages_openblas_illegal_instruction, JG_L_PYTHON_PACKAGES, sev,
        bad_numpy ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "numpy 1.19.5's bundled OpenBLAS mis-detects the Jetson CPU and dies with "
        "'Illegal instruction' on import (of numpy, or torch which imports it)",
        "export OPENBLAS_CORETYPE=ARMV8 before starting Python, or pip3 install numpy==1.19.4 "
        "(or 1.18.5) for the affected user"};
    jg_finding_add(out, &s, ev);
}

static bool bnb_none_any(const json_t *w, const void *unused)
{
    (void)unused;
    const char *f = JG_ITEM_STR(w, file);
    return f && strncmp(f, "bitsandbytes-", 13) == 0 && strstr(f, "py3-none-any");
}

static const json_t *bnb_none_any_wheel(const jg_view *v)
{
    return jg_first_item(JG_VIEW_LIST(v, wheels), bnb_none_any, NULL);
}

void jg_rule_bnb_none_any(const jg_view *v, jg_finding_list *out)
{
    const json_t *w = bnb_none_any_wheel(v);
    if (!w || (v->arch && strcmp(v->arch, "x86_64") == 0))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "wheel", w);
    const json_t *fail = jg_view_signal(v, JG_SIG_bnb_setup_failed);
    if (fail)
        jg_ev_seen(ev, "bitsandbytes", fail);
    jg_finding_spec s = {
        JG_FID_python_packages_bitsandbytes_no_aarch64_binary, JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
        jg_on_aarch64(v) || fail ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "the bitsandbytes py3-none-any wheel carries no aarch64 CUDA library: its CUDA setup "
        "fails on a Jetson",
        "build bitsandbytes from source on the device (cmake -DCOMPUTE_BACKEND=cuda "
        "-DCOMPUTE_CAPABILITY=87 for Orin), or use a Jetson build (jetson-containers: 0.49.3 for "
        "CUDA >= 12.6, 0.45.4 below)"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_bnb_sbsa_on_l4t(const jg_view *v, jg_finding_list *out)
{
    const json_t *kf = jg_view_signal(v, JG_SIG_bnb_kernel_failed);
    bool installed = v->bnb_installed == JG_YES;
    if ((!installed && !kf) || bnb_none_any_wheel(v) || v->jp_major < 4 || v->jp_major > 6)
        return;
    bool failed = kf || (v->bnb_nf4 && (strcmp(v->bnb_nf4, "fail") == 0 ||
                                        strcmp(v->bnb_nf4, "error") == 0));
    bool passed = v->bnb_nf4 && strcmp(v->bnb_nf4, "pass") == 0;
    if (passed)
        return; /* a build that works here (e.g. built from source) */
    json_t *ev = jg_ev_new();
    if (installed)
        jg_ev_field(ev, v, JG_FF_python_bitsandbytes_version);
    if (v->bnb_nf4)
        jg_ev_field(ev, v, JG_FF_python_bitsandbytes_nf4_status);
    if (kf)
        jg_ev_seen(ev, "bitsandbytes", kf);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    jg_finding_spec s = {
        JG_FID_python_packages_bitsandbytes_sbsa_wheel, JG_L_PYTHON_PACKAGES,
        failed ? JG_SEV_ERROR : JG_SEV_WARNING, failed ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "upstream bitsandbytes aarch64 wheels are built for server ARM (SBSA) and do not work "
        "on L4T (first kernel: 'named symbol not found')",
        "build bitsandbytes from source on the device (cmake -DCOMPUTE_BACKEND=cuda "
        "-DCOMPUTE_CAPABILITY=87 for Orin), or use the jetson-containers build (0.49.3 for "
        "CUDA >= 12.6, 0.45.4 below)"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_numpy_abi(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_numpy_abi);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "numpy", sig);
    if (v->numpy)
        jg_ev_field(ev, v, JG_FF_python_packages_numpy);
    jg_finding_spec s = {
        JG_FID_python_packages_numpy_abi, JG_L_PYTHON_PACKAGES, JG_SEV_ERROR, JG_CONF_HIGH,
        "a module compiled against NumPy 1.x is loaded with NumPy 2 (binary ABI mismatch)",
        "pip install \"numpy<2\" (keep the vendor torch), or install builds of the extension "
        "made against NumPy 2"};
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
