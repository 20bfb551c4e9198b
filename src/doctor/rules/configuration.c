/* The configuration layer's C rules: one setting of this environment (visible
 * devices, a stub library first, the loader path, sudo, a Python setting)
 * hides a GPU stack that works (facts.env from a live host, observed.env from a
 * pasted report). A counter-experiment that re-ran a failing probe with one
 * thing changed and made it work is direct evidence: confidence high. */
#include <stdio.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/fact.h"
#include "util/json.h"

/* sudo python / sudo pip beside a failure sudo explains: sudo resets PATH
 * and LD_LIBRARY_PATH and runs another user's site-packages. */
static const jg_finding_spec sudo_env = {
    JG_FID_configuration_sudo_drops_environment, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
    "the command ran under sudo, which resets PATH and LD_LIBRARY_PATH and uses root's "
    "packages, not the user's: what the user installed or exported is not seen",
    "run it without sudo (fix the folder's permissions instead), or pass the environment (sudo "
    "env \"PATH=$PATH\" \"LD_LIBRARY_PATH=$LD_LIBRARY_PATH\" python3 ...) and install the "
    "packages for the interpreter that runs"};

void jg_rule_sudo_environment(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_sudo_user_program);
    bool explained = v->torch_imported == JG_NO ||
                     json_array_size(JG_VIEW_LIST(v, missing_libraries)) > 0 ||
                     jg_view_signal(v, JG_SIG_nvcc_missing);
    if (sig && explained)
        jg_finding_add_seen(out, &sudo_env, "command", sig);
}

void jg_rule_jetpack_disagrees(const jg_view *v, jg_finding_list *out)
{
    if (JG_FACT_BOOL(v->facts, jetpack_agrees) != 0)
        return;
    static const jg_ff ev[] = {JG_FF_l4t_version, JG_FF_jetpack_package, JG_FF_COUNT};
    jg_finding_spec s = {
        JG_FID_configuration_jetpack_package_mismatch, JG_L_CONFIGURATION, JG_SEV_WARNING,
        JG_CONF_MEDIUM,
        "the nvidia-jetpack package does not belong to this L4T release: a partial upgrade",
        "sudo apt update && sudo apt dist-upgrade, so nvidia-l4t-* and nvidia-jetpack come from "
        "one release; check /etc/apt/sources.list.d/nvidia-l4t-apt-source.list"};
    jg_finding_add(out, &s, jg_ev_of(v, ev));
}

static void ev_experiment(json_t *ev, const jg_view *v, enum jg_experiment_id id)
{
    const json_t *e = jg_experiment(v, id);
    if (e)
        jg_ev_printf(ev, "experiment %s: %s -> %s", jg_experiment_id_name(id),
                     JG_EXPERIMENT_STR(e, change), JG_EXPERIMENT_STR(e, result));
}

static bool hides_all(const char *val)
{
    return !*val || strcmp(val, "-1") == 0 || strcmp(val, "none") == 0 ||
           strcmp(val, "void") == 0 || strcmp(val, "NoDevFiles") == 0;
}

/* Hiding every GPU is the cause only where a GPU is there to hide. */
static bool gpu_to_hide(const jg_view *v)
{
    return !v->observed || jg_nvidia_gpu_evidenced(v) || jg_jetson_seen(v);
}

void jg_rule_visible_devices(const jg_view *v, jg_finding_list *out)
{
    const char *cvd = jg_env_var(v, "CUDA_VISIBLE_DEVICES");
    const char *nvd = jg_env_var(v, "NVIDIA_VISIBLE_DEVICES");
    bool nv_hides = nvd && (strcmp(nvd, "void") == 0 || strcmp(nvd, "none") == 0);
    if (!cvd && !nv_hides)
        return;
    if (!jg_cuda_failed(v)) {
        if (cvd && *cvd && v->observed) {
            /* a paste that sets it: worth saying, not a diagnosis of failure */
            json_t *ev = jg_ev_new();
            jg_ev_printf(ev, "CUDA_VISIBLE_DEVICES = \"%s\" (in the report)", cvd);
            jg_finding_spec s = {JG_FID_configuration_visible_devices_set, JG_L_CONFIGURATION,
                                 JG_SEV_WARNING, JG_CONF_LOW,
                                 "CUDA_VISIBLE_DEVICES is set: the program sees only the listed "
                                 "devices (renumbered from cuda:0), none if the index does not exist",
                                 "check it names a device nvidia-smi -L lists; unset it to see all"};
            jg_finding_add(out, &s, ev);
        }
        return;
    }
    bool proven = jg_experiment_worked(v, JG_X_UNSET_CUDA_VISIBLE_DEVICES);
    const json_t *tried = jg_experiment(v, JG_X_UNSET_CUDA_VISIBLE_DEVICES);
    /* unset and still failing: the variable is not what breaks CUDA here */
    bool refuted = tried && !proven;
    /* a live driver that never loaded fails below the variable */
    bool loaded = !v->drv_status || JG_FACT_RSTR(v->facts, cuda_driver_library_path) != NULL;
    json_t *ev = jg_ev_new();
    if (cvd)
        jg_ev_printf(ev, "CUDA_VISIBLE_DEVICES = \"%s\"", cvd);
    if (nv_hides)
        jg_ev_printf(ev, "NVIDIA_VISIBLE_DEVICES = \"%s\"", nvd);
    ev_experiment(ev, v, JG_X_UNSET_CUDA_VISIBLE_DEVICES);
    const json_t *ngpu = jg_view_signal(v, JG_SIG_no_cuda_gpus);
    if (ngpu)
        jg_ev_seen(ev, "torch", ngpu);
    char summary[256];
    snprintf(summary, sizeof summary, "%s%s",
             cvd && hides_all(cvd) ? "CUDA_VISIBLE_DEVICES is empty or names no device: it hides "
                                     "every GPU from CUDA"
             : cvd ? "CUDA_VISIBLE_DEVICES names a device index or UUID that this machine does "
                     "not have, so CUDA sees no GPU"
                   : "NVIDIA_VISIBLE_DEVICES=void/none: the container was given no GPU",
             proven ? " (proven by experiment: unset, CUDA works)" : "");
    if (refuted)
        snprintf(summary, sizeof summary, "CUDA_VISIBLE_DEVICES is set, but unsetting it did not "
                                          "make CUDA work: something else fails as well");
    jg_finding_spec s = {
        JG_FID_configuration_visible_devices, JG_L_CONFIGURATION,
        refuted || !loaded ? JG_SEV_WARNING : JG_SEV_ERROR,
        refuted || !loaded ? JG_CONF_LOW
        : proven || (((cvd && hides_all(cvd)) || nv_hides) && gpu_to_hide(v)) ? JG_CONF_HIGH
                                                                           : JG_CONF_MEDIUM,
        summary,
        "unset CUDA_VISIBLE_DEVICES (or set it to indices that exist: nvidia-smi -L lists them; "
        "a Jetson has one GPU, index 0); look for it in the run script, ~/.bashrc and the "
        "service unit"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_stub_library(const jg_view *v, jg_finding_list *out)
{
    const json_t *e = jg_view_cuda_error(v, 34);
    const json_t *loaded = jg_view_signal(v, JG_SIG_stub_libcuda_loaded);
    const json_t *on_path = jg_view_signal(v, JG_SIG_stubs_on_library_path);
    bool live_path = JG_FACT_RBOOL(v->facts, env_library_path_has_stubs) == 1;
    if (v->drv_stub != JG_YES && !e && !loaded)
        return;
    bool proven = jg_experiment_worked(v, JG_X_DROP_STUBS);
    json_t *ev = jg_ev_new();
    if (v->drv_stub == JG_YES)
        jg_ev_field(ev, v, JG_FF_cuda_driver_library_path);
    if (e)
        jg_ev_seen(ev, "cuda error 34 (stub library)", e);
    if (loaded)
        jg_ev_seen(ev, "stub", loaded);
    if (on_path)
        jg_ev_seen(ev, "LD_LIBRARY_PATH", on_path);
    if (live_path)
        jg_ev_field(ev, v, JG_FF_env_library_path);
    ev_experiment(ev, v, JG_X_DROP_STUBS);
    jg_finding_spec s = {
        JG_FID_configuration_stub_library_first, JG_L_CONFIGURATION, JG_SEV_ERROR,
        proven || v->drv_stub == JG_YES || on_path || live_path ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        proven ? "the CUDA toolkit's stub libcuda (lib64/stubs) is found before the driver's "
                 "(proven by experiment: without the stubs entry CUDA works)"
               : "the CUDA toolkit's stub libcuda (lib64/stubs, for linking only) is loaded "
                 "instead of the driver's libcuda",
        "remove .../lib64/stubs from LD_LIBRARY_PATH (and from /etc/ld.so.conf.d); the "
        "driver's libcuda.so.1 must come first (Jetson: /usr/lib/aarch64-linux-gnu/nvidia on "
        "JetPack 6/7, .../tegra on JetPack 4/5)"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_nvcc_not_on_path(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_nvcc_missing);
    if (!sig || v->toolkit_present == JG_NO)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "nvcc", sig);
    enum jg_confidence conf = jg_ev_corroborate(ev, v, JG_FF_cuda_toolkit, v->toolkit_present == JG_YES);
    jg_finding_spec s = {
        JG_FID_configuration_nvcc_not_on_path, JG_L_CONFIGURATION, JG_SEV_ERROR, conf,
        "nvcc is not on PATH: the CUDA toolkit installs it in /usr/local/cuda/bin, which the "
        "default PATH does not include (and sudo resets PATH)",
        "export PATH=/usr/local/cuda/bin:$PATH and LD_LIBRARY_PATH=/usr/local/cuda/lib64:"
        "$LD_LIBRARY_PATH in ~/.bashrc; under sudo pass the full path or sudo env PATH=$PATH; "
        "if /usr/local/cuda/bin/nvcc is absent install the toolkit (Jetson: sudo apt install "
        "nvidia-jetpack)"};
    jg_finding_add(out, &s, ev);
}

/* A missing library that the same paste lists on disk (ls/find output). */
static bool listed(const jg_view *v, const json_t **missing, const json_t **present)
{
    size_t i, k;
    json_t *m, *p;
    json_array_foreach(JG_VIEW_LIST(v, missing_libraries), i, m)
    {
        const char *so = JG_ITEM_STR(m, soname);
        json_array_foreach(JG_VIEW_LIST(v, present_libraries), k, p)
        {
            const char *have = JG_ITEM_STR(p, soname);
            if (so && have && strncmp(have, so, strlen(so)) == 0) {
                *missing = m;
                *present = p;
                return true;
            }
        }
    }
    return false;
}

bool jg_missing_but_listed(const jg_view *v)
{
    const json_t *m, *p;
    return listed(v, &m, &p);
}

/* The loader is not looking where the library is. */
void jg_rule_library_not_on_path(const jg_view *v, jg_finding_list *out)
{
    const json_t *m, *p;
    if (!listed(v, &m, &p))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    jg_ev_seen(ev, "present on disk", p);
    jg_finding_spec s = {
        JG_FID_configuration_library_not_on_loader_path, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the library exists on disk but the loader does not search its folder",
        "add its folder to LD_LIBRARY_PATH (or /etc/ld.so.conf.d/*.conf and sudo ldconfig); in a "
        "conda env or venv check the environment's own lib folder"};
    jg_finding_add(out, &s, ev);
}

/* torch's "No CUDA GPUs are available": the driver answered and counted zero
 * devices (a CPU-only torch or a missing driver say other things). */
void jg_rule_zero_visible_devices(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_no_cuda_gpus);
    if (!sig || jg_env_var(v, "CUDA_VISIBLE_DEVICES"))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "torch", sig);
    jg_finding_spec s = {
        JG_FID_configuration_zero_visible_devices, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the CUDA driver answers but counts zero devices: most often CUDA_VISIBLE_DEVICES (in a "
        "run script or os.environ) names an index that does not exist, or the container got no GPU",
        "print os.environ.get('CUDA_VISIBLE_DEVICES') where the program starts; set it to an "
        "existing index (nvidia-smi -L) or unset it; in a container pass the GPU in"};
    jg_finding_add(out, &s, ev);
}

/* What an experiment that worked proves: a configuration error. */
typedef struct proof {
    enum jg_experiment_id exp;
    jg_fid id;
    const char *summary, *fix;
} proof;

/* The first proof whose experiment worked, with the evidence: the experiment
 * and the facts the failing probe left (fields ends with JG_FF_COUNT). */
static void first_proven(const jg_view *v, jg_finding_list *out, const proof *t, size_t n,
                         const jg_ff *fields)
{
    for (size_t i = 0; i < n; i++) {
        if (!jg_experiment_worked(v, t[i].exp))
            continue;
        const json_t *e = jg_experiment(v, t[i].exp);
        json_t *ev = jg_ev_new();
        jg_ev_printf(ev, "experiment %s: %s -> works (%s)", jg_experiment_id_name(t[i].exp),
                     JG_EXPERIMENT_STR(e, change), JG_EXPERIMENT_STR(e, detail));
        jg_ev_fields(ev, v, fields);
        jg_finding_spec s = {t[i].id, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
                             t[i].summary, t[i].fix};
        jg_finding_add(out, &s, ev);
        return;
    }
}

/* The most specific first: one flag, then another interpreter. */
static const proof python_proofs[] = {
    {JG_X_PYTHON_ISOLATED, JG_FID_configuration_pythonpath_shadows_torch,
     "PYTHONPATH (or PYTHONHOME) puts something before the working torch (proven by "
     "experiment: python -I imports torch with CUDA)",
     "remove the entry from PYTHONPATH (echo $PYTHONPATH; python3 -c 'import torch; "
     "print(torch.__file__)' shows which torch wins)"},
    {JG_X_PYTHON_NO_USER_SITE, JG_FID_configuration_user_site_shadows_torch,
     "a torch in the user site-packages (~/.local) shadows the working one (proven by "
     "experiment: python -s imports torch with CUDA)",
     "pip uninstall --user torch (or export PYTHONNOUSERSITE=1)"},
    {JG_X_SYSTEM_INTERPRETER, JG_FID_configuration_environment_hides_system_torch,
     "the virtual environment or conda env hides the system's torch, which works "
     "(proven by experiment: /usr/bin/python3 imports torch with CUDA)",
     "recreate the venv with --system-site-packages (python3 -m venv "
     "--system-site-packages .venv), or install the same CUDA build into it"},
    {JG_X_PATH_PYTHON3, JG_FID_configuration_interpreter_without_torch,
     "the configured interpreter does not see a working torch that python3 on PATH "
     "sees (proven by experiment)",
     "run the project with that python3, or install torch for the configured "
     "interpreter; check interpreter flags (-I, -S) and its sys.path"},
    {JG_X_VENDOR_TORCH_FIRST, JG_FID_configuration_torch_shadows_vendor_torch,
     "another torch comes first on this interpreter's sys.path and hides a CUDA build installed "
     "for the system interpreter, which works (proven by experiment: with its folder first on "
     "PYTHONPATH torch imports with CUDA)",
     "python3 -c 'import torch; print(torch.__file__)' shows which torch wins: pip uninstall "
     "that one (in a venv, recreate it with --system-site-packages), so the CUDA build is found"},
};

static const proof loader_proofs[] = {
    {JG_X_UNSET_LD_PRELOAD, JG_FID_configuration_ld_preload_breaks_cuda,
     "a library in LD_PRELOAD breaks CUDA (proven by experiment: without it the driver works)",
     "unset LD_PRELOAD for the program, or preload a build that matches this CUDA"},
    {JG_X_DROP_COMPAT, JG_FID_configuration_compat_libraries_break_cuda,
     "CUDA forward-compatibility libraries on LD_LIBRARY_PATH break the driver "
     "(proven by experiment: without the compat entries it works)",
     "remove .../compat from LD_LIBRARY_PATH: forward compatibility is only for "
     "driver/GPU pairs that support it"},
};

void jg_rule_python_environment_hides_torch(const jg_view *v, jg_finding_list *out)
{
    static const jg_ff fields[] = {JG_FF_python_torch_imported, JG_FF_python_torch_error,
                                   JG_FF_COUNT};
    first_proven(v, out, python_proofs, sizeof python_proofs / sizeof python_proofs[0], fields);
}

void jg_rule_loader_setting_hides_driver(const jg_view *v, jg_finding_list *out)
{
    static const jg_ff fields[] = {JG_FF_cuda_driver_reason, JG_FF_COUNT};
    first_proven(v, out, loader_proofs, sizeof loader_proofs / sizeof loader_proofs[0], fields);
}

/* A venv that cannot see the system site-packages, on a Jetson whose torch
 * lives there (NVIDIA's wheels and jetson-containers install system-wide). */
void jg_rule_venv_without_system_site(const jg_view *v, jg_finding_list *out)
{
    if (JG_FACT_RBOOL(v->facts, env_venv_system_site_packages) != 0 || !jg_on_jetson(v) ||
        (v->torch_imported != JG_NO && v->torch_has_cuda != JG_NO) ||
        jg_findings_has(out, JG_FID_configuration_environment_hides_system_torch))
        return;
    static const jg_ff ev[] = {JG_FF_env_venv, JG_FF_python_torch_version, JG_FF_COUNT};
    jg_finding_spec s = {
        JG_FID_configuration_venv_without_system_site_packages, JG_L_CONFIGURATION, JG_SEV_WARNING,
        JG_CONF_MEDIUM,
        "this virtual environment does not see the system site-packages, where a Jetson's CUDA "
        "torch is usually installed, and its own torch is missing or CPU-only",
        "python3 -m venv --system-site-packages .venv, or install the Jetson build into the venv"};
    jg_finding_add(out, &s, jg_ev_of(v, ev));
}
