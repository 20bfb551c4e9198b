/* Rules for Python packages and the project's own requirements
 * (jetson-facts.md 4.4; section 5; examples/reports 21, 23). */
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

static bool vendor_torch(const char *ver)
{
    return ver && (jg_torch_nv_build(ver) || strstr(ver, "a0+"));
}

static bool about_torch(const json_t *c, const void *unused)
{
    (void)unused;
    const char *pkg = JG_ITEM_STR(c, package);
    return pkg && strcmp(pkg, "torch") == 0;
}

void jg_rule_project_pins_torch(const jg_view *v, jg_finding_list *out)
{
    const json_t *c = jg_first_item(JG_VIEW_LIST(v, conflicts), about_torch, NULL);
    if (!c)
        return;
    bool vendor = vendor_torch(JG_ITEM_STR(c, installed));
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "pip", c);
    jg_finding_spec s = {
        JG_FID_project_pins_torch, JG_L_PROJECT, JG_SEV_WARNING, vendor ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "a package pins a different torch version than the installed (vendor) build: the "
        "next pip resolve can replace it with PyPI's aarch64 wheel (CPU-only up to torch 2.10, "
        "CUDA 13.0 from 2.11: neither runs on a JetPack 5/6 driver)",
        "relax the torch pin in the project's requirements, and install with a constraints "
        "file that keeps the vendor torch (jetgate constraints)"};
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
