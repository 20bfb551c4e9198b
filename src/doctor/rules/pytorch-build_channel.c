/* The pytorch-build layer's C rules about where torch came from: its channel
 * against the JetPack (facts §7: CUDA 13 wheels, JetPack 7), the install
 * commands in a paste (PyPI, download.pytorch.org), a torch that does not import.
 * (pytorch-build.c holds the rules about the build itself.) */
#include <stdio.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/tables.h"
#include "facts/torch_build.h"
#include "util/json.h"

/* pip: "No matching distribution found for torch". */
void jg_rule_no_torch_for_platform(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_torch_distribution);
    if (!sig)
        return;
    bool jetson = jg_on_jetson(v);
    jg_finding_spec s = {
        JG_FID_pytorch_build_no_torch_for_platform, JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_MEDIUM,
        jetson ? "pip finds no torch for this Jetson's Python on its index: Jetson torch comes "
                 "from NVIDIA's wheels, not from PyPI"
               : "pip finds no torch for this platform and Python (an old or too new Python, a "
                 "32-bit system, or a version pin the index does not have)",
        jetson ? jg_fix_torch(v)
               : "compare python3 --version and uname -m with pytorch.org's supported list; use "
                 "a supported Python, or the index that has this platform's builds"};
    jg_finding_add_seen(out, &s, "pip", sig);
}

#define ID_CUDA13_ON_JP JG_FID_pytorch_build_cuda13_wheel_on_jetpack

/* The view's torch through the classifier; on a Jetson the machine is aarch64. */
static void classify(const jg_view *v, jg_torch_build *b)
{
    jg_torch_input in = jg_torch_input_version(v->torch_version);
    in.cuda = v->torch_cuda;
    in.has_cuda = v->torch_has_cuda == JG_YES ? 1 : v->torch_has_cuda == JG_NO ? 0 : -1;
    in.machine = "aarch64";
    jg_torch_classify(&in, b);
}

/* An upstream CUDA 13 torch, from its tag or torch.version.cuda; or a plain torch >= 2.11
 * that the driver calls too new (error 35) or that pip took from PyPI's default index:
 * PyPI's aarch64 CUDA 13.0 build (§7.1). *direct: the CUDA itself was seen. */
static bool cuda13_torch(const jg_view *v, jg_torch_build *b, bool *direct)
{
    classify(v, b);
    *direct = b->kind == JG_TORCH_UPSTREAM_CUDA && strncmp(b->cuda, "13.", 3) == 0;
    if (*direct)
        return true;
    bool plain = v->torch_version && !strchr(v->torch_version, '+');
    bool evidenced = jg_view_cuda_error(v, 35) || jg_view_signal(v, JG_SIG_pip_torch_default_index);
    if (b->kind != JG_TORCH_UNKNOWN || !plain || !evidenced ||
        jg_torch_pypi_aarch64_has_cuda(v->torch_version) != 1)
        return false;
    b->kind = JG_TORCH_UPSTREAM_CUDA;
    b->from_pypi = true;
    snprintf(b->cuda, sizeof b->cuda, "13.0");
    *direct = jg_view_cuda_error(v, 35) != NULL;
    return true;
}

void jg_rule_cuda13_wheel_on_jetpack(const jg_view *v, jg_finding_list *out)
{
    jg_torch_build b;
    bool direct = false;
    int drv = jg_host_driver_version(v);
    if (!jg_on_jetson(v) || v->jp_major < 4 || v->jp_major > 6 || v->torch_available == JG_YES ||
        !cuda13_torch(v, &b, &direct))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_version);
    if (v->torch_cuda)
        jg_ev_field(ev, v, JG_FF_python_torch_cuda);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    const json_t *e = jg_view_cuda_error(v, 35);
    if (e)
        jg_ev_seen(ev, "cuda error 35 (driver too old)", e);
    const json_t *pip = jg_view_signal(v, JG_SIG_pip_torch_default_index);
    if (pip)
        jg_ev_seen(ev, "install", pip);
    char summary[400], fix[600];
    snprintf(summary, sizeof summary,
             "torch %s is %s CUDA %s build (PyPI's aarch64 torch is a CUDA 13.0 build from 2.11, "
             "not CPU-only), not NVIDIA's build for JetPack %d: it needs a CUDA 13 driver (JetPack "
             "7), and this JetPack's driver offers CUDA %d.%d, so CUDA is unavailable. pip "
             "replaced or stood in for the JetPack's torch",
             v->torch_version, b.from_pypi ? "PyPI's" : "download.pytorch.org's", b.cuda,
             v->jp_major, drv / 1000, (drv % 1000) / 10);
    snprintf(fix, sizeof fix, "%s; then pin it so pip cannot swap it again: jetgate setup "
             "installs the project under constraints that keep it (or jetgate constraints > "
             "constraints.txt, then pip install -c constraints.txt ...)", jg_fix_torch(v));
    jg_finding_spec s = {ID_CUDA13_ON_JP, JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
                         direct ? JG_CONF_HIGH : JG_CONF_MEDIUM, summary, fix};
    jg_finding_add(out, &s, ev);
}

bool jg_cuda13_wheel_on_jetpack_found(const jg_finding_list *out)
{
    return jg_findings_has(out, ID_CUDA13_ON_JP);
}

/* torch >= 2.13 on Orin with a cu130 wheel: "Found GPU0 Orin which is of compute capability
 * (CC) 8.7 ... No published PyTorch CUDA builds for release 2.13.0+cu130 support this GPU"
 * (LibreYOLO's JetPack 7.2 page). On JetPack 7.2 the wheel runs Orin through its sm_80 code. */
void jg_rule_orin_cuda13_warning(const jg_view *v, jg_finding_list *out)
{
    const json_t *w = jg_view_signal(v, JG_SIG_torch_no_published_build);
    const char *cc = v->gpu_cc ? v->gpu_cc : v->module_cc;
    bool jp72 = v->l4t_major == 39 || (v->jp_major == 7 && v->l4t_major != 38);
    if (!w || !cc || strcmp(cc, "8.7") != 0 || (v->jp_major && !jp72))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "torch", w);
    if (v->l4t_version)
        jg_ev_field(ev, v, JG_FF_l4t_version);
    jg_finding_spec s = {
        JG_FID_pytorch_build_orin_cuda13_warning, JG_L_PYTORCH_BUILD, JG_SEV_INFO,
        jp72 ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "torch's 'no published PyTorch CUDA builds support this GPU' warning on Orin (8.7) with an "
        "upstream CUDA 13 wheel: on JetPack 7.2 that wheel runs Orin through its sm_80 code, so "
        "the warning is harmless (a real CUDA tensor op proves it)",
        "none needed on JetPack 7.2; the wheel also needs nvidia-cudnn-cu13, nvidia-nccl-cu13, "
        "nvidia-cusparselt-cu13 and nvidia-nvshmem-cu13 from pip (JetPack does not ship them)"};
    jg_finding_add(out, &s, ev);
}

/* JetPack 7.2's upstream CUDA 13 torch loads cuDNN, NCCL, cuSPARSELt and NVSHMEM from the
 * nvidia-*-cu13 pip wheels, which JetPack does not ship (§7.4; LibreYOLO's Jetson page maps
 * each missing library to one wheel). */
void jg_rule_cu13_wheels_missing(const jg_view *v, jg_finding_list *out)
{
    static const char *const libs[] = {"libcudnn.so.9", "libcudnn", "libnccl.so.2",
                                       "libcusparseLt.so.0", "libnvshmem", NULL};
    const json_t *m = jg_missing_library(v, libs);
    jg_torch_build b;
    classify(v, &b);
    bool cu13 = b.kind == JG_TORCH_UPSTREAM_CUDA && strncmp(b.cuda, "13.", 3) == 0;
    if (!m || v->l4t_major != 39 || !cu13)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    jg_ev_field(ev, v, JG_FF_python_torch_version);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    char summary[300], fix[300];
    snprintf(summary, sizeof summary, "torch %s, JetPack 7.2's upstream CUDA 13 build, loads %s "
             "from the nvidia-*-cu13 pip wheels, which JetPack does not ship", v->torch_version,
             JG_ITEM_STR(m, soname));
    snprintf(fix, sizeof fix, "pip install %s", jg_cu13_pip_wheels);
    jg_finding_spec s = {JG_FID_pytorch_build_cu13_wheels_missing, JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
                         JG_CONF_HIGH, summary, fix};
    jg_finding_add(out, &s, ev);
}

void jg_rule_torch_from_pypi(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_pip_torch_default_index);
    if (!sig || !jg_on_aarch64(v) || v->torch_available == JG_YES || jg_torch_nv_build(v->torch_version) ||
        jg_findings_has(out, JG_FID_pytorch_build_cpu_only_wheel) ||
        jg_findings_has(out, JG_FID_pytorch_build_cuda13_wheel_on_jetpack))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "install", sig);
    enum jg_confidence conf =
        jg_ev_corroborate(ev, v, JG_FF_python_torch_cuda_available, v->torch_available == JG_NO);
    jg_finding_spec s = {
        JG_FID_pytorch_build_torch_from_pypi, JG_L_PYTORCH_BUILD, JG_SEV_ERROR, conf,
        "torch was installed from PyPI's default index: its aarch64 wheel is CPU-only up to torch "
        "2.10 and a CUDA 13.0 build from 2.11 (which needs JetPack 7's driver); neither is "
        "NVIDIA's build for a JetPack 5/6 Jetson",
        jg_fix_torch(v)};
    jg_finding_add(out, &s, ev);
}

void jg_rule_torch_index_for_other_platform(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_torch_from_pytorch_index);
    const char *cu = JG_OBS_STR(v->observed, torch_index_cuda);
    const char *cc = v->gpu_cc ? v->gpu_cc : v->module_cc;
    bool thor = (cc && strcmp(cc, "11.0") == 0) || jg_thor_named(v);
    if (!sig || !cu || !jg_on_jetson(v) || v->torch_available == JG_YES)
        return;
    if (thor && jg_cuda_version_int(cu) >= 13000)
        return; /* cu130 on JetPack 7: the right kind of build */
    if (jg_findings_has(out, JG_FID_pytorch_build_sbsa_wheel_on_jetpack) ||
        jg_findings_has(out, JG_FID_pytorch_build_cuda12_build_on_thor))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "index", sig);
    if (v->l4t_version)
        jg_ev_field(ev, v, JG_FF_l4t_version);
    char summary[256];
    snprintf(summary, sizeof summary,
             thor ? "torch comes from download.pytorch.org's CUDA %s index: CUDA 12 builds know "
                    "Thor only as sm_101, its JetPack 7 driver reports sm_110, so kernels are missing"
                  : "torch comes from download.pytorch.org's CUDA %s index: those are server-arm64 "
                    "(SBSA) or x86 builds, not Jetson builds, before JetPack 7",
             cu);
    jg_finding_spec s = {JG_FID_pytorch_build_index_for_other_platform, JG_L_PYTORCH_BUILD,
                         JG_SEV_ERROR, JG_CONF_MEDIUM, summary, jg_fix_torch(v)};
    jg_finding_add(out, &s, ev);
}

/* A report's "No module named 'torch'" comes from someone who installed torch: the
 * interpreter that ran is not the one that has it (a venv, a conda env, a Jupyter kernel,
 * sudo, pip's isolated build environment) far more often than torch is absent. */
static const jg_finding_spec torch_not_on_interpreter = {
    JG_FID_configuration_torch_not_on_interpreter, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
    "the Python that ran has no torch: most often torch is installed for another interpreter "
    "or environment (a venv, a conda env, a notebook kernel, sudo's Python, pip's isolated "
    "build environment), less often not at all",
    "in the same shell run: which python3; python3 -m pip show torch. Run the interpreter that "
    "has torch (or install torch into this one); for a package build that imports torch, pip "
    "install --no-build-isolation"};

static void torch_not_installed(const jg_view *v, jg_finding_list *out)
{
    const json_t *pasted = jg_view_signal(v, JG_SIG_torch_module_missing);
    if (pasted) {
        jg_finding_add_seen(out, &torch_not_on_interpreter, "Python", pasted);
        return;
    }
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_found);
    /* medium: it shows this interpreter lacks torch, not whether torch is missing or
     * another interpreter (the one that has it) should have run */
    jg_finding_spec s = {JG_FID_pytorch_build_torch_not_installed, JG_L_PYTORCH_BUILD, JG_SEV_WARNING,
                         JG_CONF_MEDIUM,
                         "torch is not installed for this interpreter (only the native CUDA "
                         "layers were checked)",
                         jg_on_jetson(v) ? jg_fix_torch(v)
                                         : "install a CUDA build of torch if the project needs "
                                           "it, or pass --python with its interpreter"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_torch_import_failed(const jg_view *v, jg_finding_list *out)
{
    if (v->torch_imported != JG_NO)
        return;
    if (jg_experiment_worked(v, JG_X_PYTHON_ISOLATED) || jg_experiment_worked(v, JG_X_PYTHON_NO_USER_SITE) ||
        jg_experiment_worked(v, JG_X_SYSTEM_INTERPRETER) || jg_experiment_worked(v, JG_X_PATH_PYTHON3) ||
        jg_experiment_worked(v, JG_X_VENDOR_TORCH_FIRST))
        return; /* the configuration rule names what hides the working torch */
    if (JG_FACT_RBOOL(v->facts, python_torch_found) == 0) {
        torch_not_installed(v, out);
        return;
    }
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_imported);
    jg_ev_field(ev, v, JG_FF_python_torch_error);
    jg_finding_spec s = {JG_FID_pytorch_build_torch_not_importable, JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
                         JG_CONF_MEDIUM, "torch does not import with this interpreter",
                         jg_on_jetson(v) ? jg_fix_torch(v)
                                         : "python3 -c 'import torch' shows the failing module; "
                                           "reinstall torch with its nvidia-* dependencies for "
                                           "this CUDA"};
    jg_finding_add(out, &s, ev);
}
