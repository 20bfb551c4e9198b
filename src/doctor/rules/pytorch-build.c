/* The pytorch-build layer's C rules about the build itself: CPU-only, built for a
 * newer CUDA than the driver, for SBSA or another JetPack, without the device's
 * architecture (jetson-facts.md 4.1-4.3, section 5 rows 1-4). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/torch_build.h"
#include "util/json.h"

void jg_rule_cpu_only_torch(const jg_view *v, jg_finding_list *out)
{
    const json_t *nc = jg_view_signal(v, JG_SIG_torch_not_compiled);
    const char *ver = v->torch_version;
    bool plain = ver && !strchr(ver, '+');
    bool none = v->torch_has_cuda == JG_NO || (ver && strstr(ver, "+cpu"));
    bool aarch64 = jg_on_aarch64(v);
    /* A torch that says it has no CUDA is a CPU build on any host (direct evidence);
     * a plain version that fails is PyPI's CPU wheel only on aarch64 (facts.md 4.3). */
    if (v->torch_imported == JG_NO || jg_torch_nv_build(ver) || jg_cuda13_wheel_on_jetpack_found(out))
        return;
    /* from torch 2.11 PyPI's aarch64 wheel is a CUDA 13.0 build (facts §7.1) */
    bool plain_failing = aarch64 && plain && v->torch_available == JG_NO &&
                         v->torch_has_cuda != JG_YES && jg_torch_pypi_aarch64_has_cuda(ver) == 0;
    if (!none && !nc && !plain_failing)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_version);
    if (v->torch_has_cuda != JG_UNKNOWN)
        jg_ev_field(ev, v, JG_FF_python_torch_cuda);
    if (v->torch_available != JG_UNKNOWN)
        jg_ev_field(ev, v, JG_FF_python_torch_cuda_available);
    if (nc)
        jg_ev_seen(ev, "torch", nc);
    /* a CPU build is the cause only where an NVIDIA GPU waits for it: on a machine said
     * to have none, or a paste that shows none (a Mac, another vendor's GPU), it may be
     * the right build */
    bool gpu = !jg_view_signal(v, JG_SIG_no_nvidia_gpu) &&
               (!v->observed || jg_nvidia_gpu_evidenced(v) || jg_jetson_seen(v));
    jg_finding_spec s = {
        JG_FID_pytorch_build_cpu_only_wheel, JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
        (none || nc) && gpu ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        !(none || nc) ? "torch has a plain version up to 2.10 (no nv or +cu tag) and CUDA is "
                        "unavailable: PyPI's aarch64 wheel, CPU-only up to torch 2.10, stands in "
                        "for a CUDA build"
        : jg_on_jetson(v) ? "torch is a CPU-only build (torch.version.cuda is None, no nv tag): "
                            "PyPI's aarch64 wheel (CPU-only up to 2.10) or a +cpu build replaced "
                            "or stands in for NVIDIA's Jetson build"
                          : "torch is a CPU-only build (torch.version.cuda is None or +cpu)",
        jg_on_jetson(v) || !v->arch || aarch64 ? jg_fix_torch(v)
                                               : "pip uninstall torch; pip install torch "
                                                 "--index-url https://download.pytorch.org/whl/cu<XYZ> "
                                                 "for a CUDA the driver supports (nvidia-smi shows it)"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_cuda_newer_than_driver(const jg_view *v, jg_finding_list *out)
{
    int drv = jg_host_driver_version(v);
    int need = jg_cuda_version_int(v->torch_cuda);
    bool works = v->torch_available == JG_YES ||
                 (v->torch_available != JG_NO && v->torch_tensor_op &&
                  strcmp(v->torch_tensor_op, "pass") == 0);
    if (!jg_on_jetson(v) || drv <= 0 || need <= drv || works || jg_cuda13_wheel_on_jetpack_found(out))
        return; /* available and newer: forward-compat libraries (e.g. -igpu containers) carry it */
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_version);
    jg_ev_field(ev, v, JG_FF_python_torch_cuda);
    jg_ev_printf(ev, "driver CUDA version = %d.%d (%s)", drv / 1000, (drv % 1000) / 10,
                 v->drv_version > 0 ? "reported by the driver" : "this JetPack's driver");
    if (v->l4t_version)
        jg_ev_field(ev, v, JG_FF_l4t_version);
    const json_t *e = jg_view_cuda_error(v, 35);
    if (!e)
        e = jg_view_cuda_error(v, 804);
    if (e)
        jg_ev_seen(ev, "cuda error", e);
    char summary[256];
    snprintf(summary, sizeof summary,
             "torch was built for CUDA %s but this JetPack's driver offers CUDA %d.%d: "
             "is_available() is False or CUDA fails with error 35/804%s",
             v->torch_cuda, drv / 1000, (drv % 1000) / 10,
             jg_torch_cu_tag(v->torch_version) ? " (an SBSA/x86 +cu wheel)" : "");
    jg_finding_spec s = {JG_FID_pytorch_build_cuda_newer_than_driver, JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
                         JG_CONF_HIGH, summary, jg_fix_torch(v)};
    jg_finding_add(out, &s, ev);
}

static bool arch_list_has(const json_t *list, const char *cc)
{
    char want[16];
    int maj = 0, min = 0;
    if (sscanf(cc, "%d.%d", &maj, &min) != 2)
        return true;
    snprintf(want, sizeof want, "sm_%d%d", maj, min);
    size_t i;
    json_t *a;
    json_array_foreach(list, i, a)
    {
        if (json_string_value(a) && strcmp(json_string_value(a), want) == 0)
            return true;
    }
    return false;
}

void jg_rule_sbsa_wheel_on_jetpack(const jg_view *v, jg_finding_list *out)
{
    if (!jg_torch_cu_tag(v->torch_version) || v->jp_major < 4 || v->jp_major > 6 ||
        jg_cuda13_wheel_on_jetpack_found(out))
        return;
    int drv = jg_host_driver_version(v);
    if (drv > 0 && jg_cuda_version_int(v->torch_cuda) > drv)
        return; /* cuda-newer-than-driver says it more precisely */
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_version);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    jg_finding_spec s = {
        JG_FID_pytorch_build_sbsa_wheel_on_jetpack, JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "a download.pytorch.org +cu wheel (built for server arm64 / x86 GPUs) on JetPack 4-6: "
        "it may lack Jetson kernels (sm_87 -> 'no kernel image') and Jetson's CUDA libraries",
        jg_fix_torch(v)};
    jg_finding_add(out, &s, ev);
}

/* The lowest sm_NN of an arch list (0 when none): a GPU below it is older than
 * the build supports, not left out of it. */
static int lowest_sm(const json_t *list)
{
    int low = 0, sm;
    size_t i;
    json_t *a;
    json_array_foreach(list, i, a)
    {
        const char *s = json_string_value(a);
        if (s && sscanf(s, "sm_%d", &sm) == 1 && (!low || sm < low))
            low = sm;
    }
    return low;
}

static bool gpu_below_build(const jg_view *v, const char *cc)
{
    int maj = 0, min = 0, low = lowest_sm(v->torch_arch_list);
    return low && cc && sscanf(cc, "%d.%d", &maj, &min) == 2 && maj * 10 + min < low;
}

static const jg_finding_spec gpu_too_old = {
    JG_FID_hardware_gpu_too_old, JG_L_HARDWARE, JG_SEV_ERROR, JG_CONF_HIGH,
    "the GPU is older than this build supports: its compute capability is below the lowest "
    "architecture the build has kernels for",
    "use an older release or a source build that still has this GPU's arch, or a newer GPU"};

/* On JetPack 7.2 Orin the upstream cu130 wheel runs (sm_80 code); jetson-ai-lab's sbsa/cu130
 * torch does not (facts §7.4). */
static const char *arch_summary(const jg_view *v, const char *cc)
{
    if (v->l4t_major == 39 && cc && strcmp(cc, "8.7") == 0)
        return "the CUDA build has no kernels Orin runs ('no kernel image is available', 209): "
               "on JetPack 7.2 typical of jetson-ai-lab's sbsa/cu130 torch, while the upstream "
               "cu130 wheel runs Orin through its sm_80 code";
    if (jg_on_jetson(v))
        return "the CUDA build has no kernels for this GPU ('no kernel image is available', "
               "209): typical of conda-forge torch (no sm_87) and SBSA wheels on Orin before "
               "JetPack 7.2";
    return "the CUDA build has no kernels for this GPU ('no kernel image is available', 209): it "
           "was built without this compute capability";
}

void jg_rule_missing_device_arch(const jg_view *v, jg_finding_list *out)
{
    const char *cc = v->gpu_cc ? v->gpu_cc : v->module_cc;
    const json_t *e209 = jg_view_cuda_error(v, 209);
    bool list_known = json_array_size(v->torch_arch_list) > 0;
    /* torch's own warning says so when its arch list was not pasted whole */
    const json_t *warned = list_known ? NULL : jg_view_signal(v, JG_SIG_torch_arch_warning);
    bool missing = (list_known && cc && !arch_list_has(v->torch_arch_list, cc)) || warned;
    if ((!missing && (!e209 || jg_kernel_image_from_other_package(v) ||
                      jg_kernel_image_from_native_program(v))) ||
        jg_findings_has(out, JG_FID_pytorch_build_cuda12_build_on_thor))
        return;
    const json_t *conda = jg_view_signal(v, JG_SIG_conda_forge_torch);
    json_t *ev = jg_ev_new();
    if (missing && gpu_below_build(v, cc)) {
        jg_ev_field(ev, v, JG_FF_python_torch_arch_list);
        jg_ev_printf(ev, "device compute capability = %s", cc);
        jg_finding_add(out, &gpu_too_old, ev);
        return;
    }
    if (warned) {
        jg_ev_seen(ev, "torch", warned);
    } else if (missing) {
        jg_ev_field(ev, v, JG_FF_python_torch_arch_list);
        jg_ev_printf(ev, "device compute capability = %s (%s)", cc,
                     v->gpu_cc ? "reported by the driver" : JG_FACT_PATH(module_compute_capability));
    }
    if (e209)
        jg_ev_seen(ev, "cuda error 209 (no kernel image)", e209);
    if (conda)
        jg_ev_seen(ev, "conda", conda);
    jg_finding_spec s = {
        JG_FID_pytorch_build_missing_device_arch, JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
        (missing || conda) ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        arch_summary(v, cc),
        jg_fix_torch(v)};
    jg_finding_add(out, &s, ev);
}

void jg_rule_other_jetpack_wheel(const jg_view *v, jg_finding_list *out)
{
    int built = jg_torch_nv_jp_major(v->torch_version);
    if (!built || !v->jp_major || built == v->jp_major)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_version);
    jg_ev_field(ev, v, v->jp_version ? JG_FF_jetpack_version : JG_FF_l4t_version);
    char summary[240];
    snprintf(summary, sizeof summary,
             "torch is NVIDIA's build for JetPack %d but this host runs JetPack %d%s", built,
             v->jp_major,
             v->jp_major == 7 ? " (JetPack 7 uses SBSA wheels, not Jetson builds)" : "");
    jg_finding_spec s = {JG_FID_pytorch_build_wheel_for_other_jetpack, JG_L_PYTORCH_BUILD,
                         JG_SEV_ERROR, JG_CONF_HIGH, summary, jg_fix_torch(v)};
    jg_finding_add(out, &s, ev);
}

/* libcudart.so.10.0 / .11.0 / .12: the CUDA version a binary was linked for. */
static int cudart_need(const char *so)
{
    int maj = 0, min = 0;
    int n = sscanf(so, "libcudart.so.%d.%d", &maj, &min);
    if (n < 1)
        return 0;
    return maj <= 10 ? maj * 1000 + min * 10 : maj * 1000;
}

/* The CUDA this JetPack ships (0 unknown). */
static int host_cuda(const jg_view *v)
{
    return jg_jp_driver_version(v->jp_major, v->l4t_major, v->l4t_version);
}

/* A missing libcudart of a CUDA this JetPack does not ship (the right
 * version, just not visible, is a library-path problem). */
static bool other_cuda(const json_t *m, const void *view)
{
    const char *so = JG_ITEM_STR(m, soname);
    int need = so ? cudart_need(so) : 0, have = host_cuda(view);
    bool same = have && (need / 1000 == have / 1000) && (need / 1000 > 10 || need == have);
    return need && !same;
}

/* Who was built for a CUDA this system does not ship, by what the report shows: torch (the
 * default; a JetPack's CUDA is known, elsewhere only that the runtime is not found), another
 * program (torch nowhere, not a Python import), or a Python package other than torch (the
 * traceback's installed-package frame that loaded the library). */
static const struct {
    const char *built, *rest; /* the summary, before and after the CUDA version */
    jg_fid id;
    enum jg_layer layer;
    const char *fix; /* NULL: torch's fix for this platform */
} other_cuda_readings[] = {
    {"a package (usually the torch wheel) was built for CUDA ",
     ", which this JetPack does not ship: a build for another JetPack",
     JG_FID_pytorch_build_wheel_for_other_cuda, JG_L_PYTORCH_BUILD, NULL},
    {"a package (usually the torch wheel) needs the runtime of CUDA ",
     ", which the loader does not find: a build for a CUDA this system does not have, or that "
     "runtime off the library path",
     JG_FID_pytorch_build_wheel_for_other_cuda, JG_L_PYTORCH_BUILD,
     "install the torch build for the CUDA this system has (--index-url "
     "https://download.pytorch.org/whl/cu<XYZ>; on a Jetson the wheel for its JetPack, which "
     "jetgate doctor on the device names), or put the CUDA runtime it needs on the library path"},
    {"a program or library was built for CUDA ",
     ", which this system does not ship: a build for another CUDA (on a Jetson, another "
     "JetPack)",
     JG_FID_cuda_libraries_binary_for_other_cuda, JG_L_CUDA_LIBRARIES,
     "use the release of that program built for this system's CUDA (on a Jetson: the one made "
     "for this JetPack), or install the CUDA runtime it needs beside the system's"},
    {"a Python package other than torch was built for CUDA ",
     ", which this system does not ship: its build for another CUDA",
     JG_FID_python_packages_built_for_other_cuda, JG_L_PYTHON_PACKAGES,
     "install that package's build for this system's CUDA (its name or index names the CUDA, "
     "e.g. mxnet-cu112, cupy-cuda12x), or the CUDA runtime it needs beside the system's"},
};

void jg_rule_wheel_for_other_cuda(const jg_view *v, jg_finding_list *out)
{
    const json_t *m = jg_first_item(JG_VIEW_LIST(v, missing_libraries), other_cuda, v);
    if (!m)
        return;
    int need = cudart_need(JG_ITEM_STR(m, soname)), have = host_cuda(v);
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    if (have)
        jg_ev_field(ev, v, JG_FF_l4t_version);
    bool torch = JG_OBS_GET(v->observed, torch_seen) || v->torch_version;
    const char *line = JG_ITEM_STR(m, text);
    bool python = line && (strstr(line, "ImportError") || strstr(line, "OSError"));
    const char *frame = JG_ITEM_STR(m, file);
    size_t r = have ? 0 : 1;
    if (!python && !torch && v->torch_imported == JG_UNKNOWN)
        r = 2;
    if (frame && !strstr(frame, "/torch/")) {
        r = 3;
        jg_ev_printf(ev, "raised in %s", frame);
    }
    char summary[240], version[16];
    /* from CUDA 11 libcudart's soname carries the major only (libcudart.so.11.0 for every 11.x) */
    if (need >= 11000)
        snprintf(version, sizeof version, "%d", need / 1000);
    else
        snprintf(version, sizeof version, "%d.%d", need / 1000, (need % 1000) / 10);
    snprintf(summary, sizeof summary, "%s%s%s", other_cuda_readings[r].built, version,
             other_cuda_readings[r].rest);
    jg_finding_spec s = {other_cuda_readings[r].id, other_cuda_readings[r].layer, JG_SEV_ERROR,
                         r == 0 && torch ? JG_CONF_HIGH : JG_CONF_MEDIUM, summary,
                         other_cuda_readings[r].fix ? other_cuda_readings[r].fix : jg_fix_torch(v)};
    jg_finding_add(out, &s, ev);
}

void jg_rule_jp7_sbsa_ok(const jg_view *v, jg_finding_list *out)
{
    if (v->jp_major != 7 || !jg_torch_cu_tag(v->torch_version) || !strstr(v->torch_version, "+cu13"))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_version);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    jg_finding_spec s = {JG_FID_pytorch_build_jp7_sbsa_wheel, JG_L_PYTORCH_BUILD, JG_SEV_INFO,
                         JG_CONF_HIGH,
                         "an SBSA CUDA 13 wheel on JetPack 7: the right kind of build here",
                         "none needed"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_available_but_kernel_failed(const jg_view *v, jg_finding_list *out)
{
    const char *t = v->torch_tensor_op;
    if (v->torch_available != JG_YES || !t || (strcmp(t, "fail") != 0 && strcmp(t, "error") != 0))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_cuda_available);
    jg_ev_field(ev, v, JG_FF_python_tensor_op_status);
    jg_ev_field(ev, v, JG_FF_python_tensor_op_reason);
    jg_finding_spec s = {
        JG_FID_pytorch_build_kernel_failed, JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_HIGH,
        "torch.cuda.is_available() is True but a real CUDA tensor op failed: the build does not "
        "work on this GPU", jg_fix_torch(v)};
    jg_finding_add(out, &s, ev);
}

/* Thor is sm_101 to CUDA 12.8/12.9 but sm_110 to CUDA 13 (facts.md 1.12): a
 * CUDA 12 build has no kernel for the device the JetPack 7 driver reports. */
void jg_rule_cuda12_build_on_thor(const jg_view *v, jg_finding_list *out)
{
    const char *cc = v->gpu_cc ? v->gpu_cc : v->module_cc;
    jg_torch_input in = jg_torch_input_version(v->torch_version);
    in.cuda = v->torch_cuda;
    jg_torch_build b; /* torch.version.cuda, else the +cu tag (a pasted "2.7.1+cu128") */
    jg_torch_classify(&in, &b);
    if (!cc || strcmp(cc, "11.0") != 0 || jg_cuda_version_int(b.cuda) / 1000 != 12)
        return;
    const json_t *shown = jg_view_signal(v, JG_SIG_torch_arch_warning);
    if (!shown)
        shown = jg_view_cuda_error(v, 209);
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_version);
    jg_ev_printf(ev, "torch CUDA = %s", b.cuda);
    jg_ev_printf(ev, "device compute capability = %s", cc);
    if (shown)
        jg_ev_seen(ev, "torch", shown);
    jg_finding_spec s = {
        JG_FID_pytorch_build_cuda12_build_on_thor, JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
        shown ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "a CUDA 12 torch build on Thor: CUDA 12.8/12.9 know Thor as sm_101, the JetPack 7 driver "
        "reports compute capability 11.0 (sm_110), so kernels are missing",
        "pip install torch --index-url https://download.pytorch.org/whl/cu130 (JetPack 7 uses "
        "SBSA CUDA 13 wheels)"};
    jg_finding_add(out, &s, ev);
}
