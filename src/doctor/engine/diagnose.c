#include "doctor/diagnose.h"

#include <string.h>

#include "doctor/rules/rules.h"
#include "util/json.h"
#include "doctor/walk/walk.h"

static bool passed(const char *status)
{
    return status && strcmp(status, "pass") == 0;
}

/* Verdicts no single rule can give: they look at what the rules found. */
static void add_verdicts(const jg_view *v, jg_finding_list *findings, const char *mode,
                         bool kernel_ran)
{
    bool errors = jg_findings_of_severity(findings, JG_SEV_ERROR) > 0;
    /* is_available() False with nothing lower found: the build itself is the first thing
     * to check (a CPU build is the most common cause), never with more than low confidence */
    bool unexplained = v->torch_available == JG_NO && v->torch_has_cuda != JG_NO;
    if (!errors && unexplained) {
        json_t *ev = jg_ev_new();
        jg_ev_field(ev, v, JG_FF_python_torch_cuda);
        jg_ev_field(ev, v, JG_FF_python_torch_cuda_available);
        jg_finding_spec s = {
            JG_FID_pytorch_build_cuda_unavailable, JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_LOW,
            v->torch_has_cuda == JG_YES
                ? "torch is a CUDA build but torch.cuda.is_available() is False, and no lower "
                  "layer explains it from these facts"
                : jg_on_jetson(v)
                      ? "torch.cuda.is_available() is False on a Jetson and nothing lower "
                        "explains it: most often torch is not NVIDIA's Jetson build "
                        "(torch.version.cuda tells)"
                      : "torch.cuda.is_available() is False and nothing lower explains it: most "
                        "often torch is a build without CUDA (torch.version.cuda tells)",
            "python3 -c 'import torch; torch.cuda.init()' prints the CUDA error code; then run "
            "jetgate doctor -v on the device itself"};
        jg_finding_add(findings, &s, ev);
        errors = true;
    }
    if (kernel_ran)
        return;
    bool live = strcmp(mode, "live") == 0;
    json_t *ev = jg_ev_new();
    jg_ev_printf(ev, "%s = %s", JG_FACT_PATH(cuda_tensor_op_status),
                 v->native_tensor_op ? v->native_tensor_op : "not run");
    jg_ev_printf(ev, "%s = %s", JG_FACT_PATH(python_tensor_op_status),
                 v->torch_tensor_op ? v->torch_tensor_op : "not run");
    jg_finding_spec s = {
        live ? JG_FID_cuda_driver_no_kernel_ran : JG_FID_cuda_driver_not_verified, JG_L_CUDA_DRIVER,
        live && !errors ? JG_SEV_ERROR : JG_SEV_INFO, live ? JG_CONF_MEDIUM : JG_CONF_HIGH,
        live ? "no CUDA kernel ran on this host, so CUDA is not shown to work"
             : "no CUDA kernel ran (facts from files or a report), so CUDA is not verified: "
               "is_available() alone proves nothing",
        "run jetgate doctor on the device itself (it runs a native kernel and a torch tensor op)"};
    jg_finding_add(findings, &s, ev);
}

/* Layers a passing kernel proves: the native one proves the driver path,
 * the torch one also the libraries and the build. */
static bool layer_verified(int layer, bool native, bool torch)
{
    switch (layer) {
    case JG_L_KERNEL_DRIVER: case JG_L_CUDA_DRIVER: return native || torch;
    case JG_L_CUDA_LIBRARIES: case JG_L_PYTORCH_BUILD: return torch;
    default: return true;
    }
}

static json_t *layer_summary(const jg_finding_list *findings, bool native, bool torch)
{
    json_t *layers = json_object();
    for (int l = 0; l < JG_L_COUNT; l++) {
        json_t *ids = json_array();
        int worst = JG_SEV_INFO; /* error or warning make the layer's status */
        for (size_t i = 0; i < findings->n; i++) {
            const jg_finding_spec *f = &findings->v[i].spec;
            if ((int)f->layer != l)
                continue;
            json_array_append_new(ids, json_string(jg_fid_name(f->id)));
            if ((int)f->severity < worst)
                worst = (int)f->severity;
        }
        enum jg_layer_status status = worst == JG_SEV_ERROR     ? JG_LS_ERROR
                                      : worst == JG_SEV_WARNING ? JG_LS_WARNING
                                      : layer_verified(l, native, torch) ? JG_LS_OK
                                                                         : JG_LS_NOT_VERIFIED;
        json_t *o = json_object();
        JG_SET_STR(layer_entry, o, status, jg_layer_status_name(status));
        JG_SET_AS(layer_entry, o, findings, ARR, ids);
        json_object_set_new(layers, jg_layer_name(l), o);
    }
    return layers;
}

json_t *jg_diagnose(const json_t *facts, const char *mode)
{
    jg_view v;
    jg_view_init(&v, facts);
    jg_finding_list findings = {0};
    for (size_t i = 0; i < jg_rules_count; i++)
        jg_rules[i](&v, &findings);
    bool native = passed(v.native_tensor_op), torch = passed(v.torch_tensor_op);
    const json_t *walk = JG_FACT_RLIST(facts, walk); /* a live or sysroot doctor's (doctor/walk/) */
    bool no_gpu = walk && jg_walk_no_gpu(walk);
    if (walk)
        jg_walk_findings(walk, &findings);
    if (no_gpu)
        jg_walk_drop_driver_blame(&findings); /* no NVIDIA GPU is the answer, not the driver */
    else
        add_verdicts(&v, &findings, mode, native || torch);
    jg_findings_sort(&findings);
    bool blocking = jg_findings_of_severity(&findings, JG_SEV_ERROR) > 0;
    json_t *d = json_object();
    JG_RESULT_SET_OBJ(d, layers, layer_summary(&findings, native, torch));
    JG_RESULT_SET_LIST(d, findings, jg_findings_json(&findings));
    jg_finding_list_free(&findings);
    JG_RESULT_SET_BOOL(d, blocking, blocking);
    JG_RESULT_SET_BOOL(d, kernel_ran, native || torch);
    /* healthy: a kernel ran, nothing blocks, and every layer the walk found is verified */
    JG_RESULT_SET_BOOL(d, healthy, !blocking && (native || torch) && (!walk || jg_walk_verified(walk)));
    JG_RESULT_SET_STR(d, facts_mode, mode);
    json_t *ex = JG_FACT_RLIST(facts, experiments);
    JG_RESULT_SET_LIST(d, experiments, ex ? json_deep_copy(ex) : json_array());
    if (walk)
        JG_RESULT_SET_LIST(d, walk, json_deep_copy(walk));
    return d;
}

int jg_diagnosis_exit(const json_t *d)
{
    return JG_RESULT_BOOL(d, blocking) == 1 ? 1 : 0;
}
