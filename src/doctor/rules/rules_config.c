/* Rules for the configuration layer: the environment the program runs in
 * (facts.env from a live host, observed.env from a pasted report) and the
 * counter-experiments that re-ran a failing probe with one thing changed
 * (facts.experiments). An experiment that made CUDA work is direct evidence:
 * confidence high, "proven by experiment" in the summary. */
#include <stdio.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/fact.h"
#include "util/json.h"

/* env.vars.<name> (a fact, live) or observed.env.<name> (a paste): the keys
 * are the variables' own names (facts/collect_env.c lists them). */
const char *jg_env_var(const jg_view *v, const char *name)
{
    const json_t *f = json_object_get(JG_FACT_ROBJ(v->facts, env_vars), name);
    if (f)
        return json_string_value(jg_fact_value(f));
    return json_string_value(json_object_get(JG_OBS_OBJ(v->observed, env), name));
}

const json_t *jg_experiment(const jg_view *v, enum jg_experiment_id id)
{
    const char *want = jg_experiment_id_name(id);
    size_t i;
    json_t *e;
    json_array_foreach(JG_FACT_RLIST(v->facts, experiments), i, e)
    {
        const char *eid = JG_EXPERIMENT_STR(e, id);
        if (eid && strcmp(eid, want) == 0)
            return e;
    }
    return NULL;
}

bool jg_experiment_worked(const jg_view *v, enum jg_experiment_id id)
{
    return jg_experiment_result_index(JG_EXPERIMENT_STR(jg_experiment(v, id), result)) == JG_XR_WORKS;
}

static void ev_experiment(json_t *ev, const jg_view *v, enum jg_experiment_id id)
{
    const json_t *e = jg_experiment(v, id);
    if (e)
        jg_ev_printf(ev, "experiment %s: %s -> %s", jg_experiment_id_name(id),
                     JG_EXPERIMENT_STR(e, change), JG_EXPERIMENT_STR(e, result));
}

/* CUDA visibly failed: no device, torch unavailable, or the native probe failed. */
bool jg_cuda_failed(const jg_view *v)
{
    return v->torch_available == JG_NO || jg_view_cuda_error(v, 100) ||
           jg_view_signal(v, JG_SIG_no_cuda_gpus) ||
           (v->drv_status && strcmp(v->drv_status, "pass") != 0);
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

