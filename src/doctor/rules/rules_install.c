/* Rules that read install commands in a paste (pip, uv): where torch came
 * from says which build it is before any version is printed (facts.md 4.3:
 * PyPI's aarch64 torch is CPU-only up to 2.10 and CUDA 13.0 from 2.11, §7.1;
 * download.pytorch.org cu wheels are SBSA
 * or x86 builds, not Jetson builds before JetPack 7). */
#include <stdio.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "util/json.h"

bool jg_thor_named(const jg_view *v)
{
    size_t i;
    json_t *h;
    json_array_foreach(JG_VIEW_LIST(v, jetson_hints), i, h)
    {
        if (json_string_value(h) && strstr(json_string_value(h), "Thor"))
            return true;
    }
    return false;
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
