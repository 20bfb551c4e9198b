/* Rules that read which channel torch came from (the one classifier,
 * facts/torch_build.h) against what the JetPack supports (jetson-facts.md §7):
 * PyPI's aarch64 torch is a CUDA 13.0 build from 2.11, which a JetPack 5/6
 * driver cannot run; on JetPack 7.2 an upstream cu130 build is Orin's
 * supported torch and its "no published builds support this GPU" warning is
 * harmless. */
#include <stdio.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/tables.h"
#include "facts/torch_build.h"
#include "util/json.h"

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

/* A JetPack 6 image (an NGC -igpu tag, or l4t r36) on a JetPack 7 host: CUDA error 801
 * (wyoming-whisper-trt #1047); -igpu images ended at 26.02 (jetson-facts.md §7.4). */
static bool jp6_image(const json_t *im, const void *unused)
{
    (void)unused;
    const char *ref = JG_ITEM_STR(im, ref), *l4t = JG_ITEM_STR(im, l4t);
    return (ref && strstr(ref, "-igpu")) || (l4t && strncmp(l4t, "36", 2) == 0);
}

void jg_rule_jp6_image_on_jp7(const jg_view *v, jg_finding_list *out)
{
    const json_t *im = jg_first_item(JG_VIEW_LIST(v, images), jp6_image, NULL);
    if (!im || v->jp_major != 7)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "image", im);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    const json_t *e = jg_view_cuda_error(v, 801);
    if (e)
        jg_ev_seen(ev, "cuda error 801", e);
    jg_finding_spec s = {
        JG_FID_container_runtime_jp6_image_on_jp7, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        e ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "a JetPack 6 image (an -igpu NGC tag or l4t r36) on a JetPack 7 host: CUDA fails with "
        "error 801 (JetPack 7 dropped libnvdla_compiler.so, which the -igpu images' TensorRT "
        "links); -igpu images ended at 26.02",
        "use a JetPack 7 image: the multi-arch nvcr.io/nvidia/pytorch:<YY.MM>-py3 (no -igpu "
        "suffix) or an r38/r39 l4t image"};
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
