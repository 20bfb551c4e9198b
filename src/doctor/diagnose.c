#include "doctor/diagnose.h"

#include <string.h>

#include "doctor/rules.h"
#include "util/json.h"

static bool passed(const char *status)
{
    return status && strcmp(status, "pass") == 0;
}

static size_t count_severity(const json_t *findings, const char *sev)
{
    size_t i, n = 0;
    json_t *f;
    json_array_foreach(findings, i, f)
    {
        if (strcmp(json_string_value(json_object_get(f, "severity")), sev) == 0)
            n++;
    }
    return n;
}

/* Verdicts no single rule can give: they look at what the rules found. */
static void add_verdicts(const jg_view *v, json_t *findings, const char *mode, bool kernel_ran)
{
    bool errors = count_severity(findings, "error") > 0;
    bool unexplained = v->torch_available == JG_NO &&
                       (v->torch_has_cuda == JG_YES ||
                        (v->torch_has_cuda == JG_UNKNOWN && jg_on_jetson(v)));
    if (!errors && unexplained) {
        json_t *ev = jg_ev_new();
        jg_ev_raw(ev, v, "python.torch.cuda");
        jg_ev_raw(ev, v, "python.torch.cuda_available");
        jg_finding_spec s = {
            "pytorch-build.cuda-unavailable", JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_LOW,
            v->torch_has_cuda == JG_YES
                ? "torch is a CUDA build but torch.cuda.is_available() is False, and no lower "
                  "layer explains it from these facts"
                : "torch.cuda.is_available() is False on a Jetson and nothing lower explains it: "
                  "most often torch is not NVIDIA's Jetson build (torch.version.cuda tells)",
            "python3 -c 'import torch; torch.cuda.init()' prints the CUDA error code; then run "
            "jetgate doctor -v on the device itself"};
        jg_finding_add(findings, &s, ev);
        errors = true;
    }
    if (kernel_ran)
        return;
    bool live = strcmp(mode, "live") == 0;
    json_t *ev = jg_ev_new();
    jg_ev_printf(ev, "cuda_tensor_op.status = %s", v->native_tensor_op ? v->native_tensor_op : "not run");
    jg_ev_printf(ev, "python.tensor_op.status = %s", v->torch_tensor_op ? v->torch_tensor_op : "not run");
    jg_finding_spec s = {
        live ? "cuda-driver.no-kernel-ran" : "cuda-driver.not-verified", JG_L_CUDA_DRIVER,
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

static json_t *layer_summary(const json_t *findings, bool native, bool torch)
{
    json_t *layers = json_object();
    for (int l = 0; l < JG_L_COUNT; l++) {
        json_t *ids = json_array();
        const char *worst = NULL;
        size_t i;
        json_t *f;
        json_array_foreach(findings, i, f)
        {
            if (jg_layer_index(json_string_value(json_object_get(f, "layer"))) != l)
                continue;
            json_array_append(ids, json_object_get(f, "id"));
            const char *sev = json_string_value(json_object_get(f, "severity"));
            if (strcmp(sev, "error") == 0 || (strcmp(sev, "warning") == 0 && !worst))
                worst = sev;
        }
        const char *status = worst ? worst : layer_verified(l, native, torch) ? "ok" : "not_verified";
        json_t *o = json_object();
        json_object_set_new(o, "status", json_string(status));
        json_object_set_new(o, "findings", ids);
        json_object_set_new(layers, jg_layer_name(l), o);
    }
    return layers;
}

json_t *jg_diagnose(const json_t *facts, const char *mode)
{
    jg_view v;
    jg_view_init(&v, facts);
    json_t *findings = json_array();
    for (size_t i = 0; i < jg_rules_count; i++)
        jg_rules[i](&v, findings);
    bool native = passed(v.native_tensor_op), torch = passed(v.torch_tensor_op);
    add_verdicts(&v, findings, mode, native || torch);
    jg_findings_sort(findings);
    bool blocking = count_severity(findings, "error") > 0;
    json_t *d = json_object();
    json_object_set_new(d, "layers", layer_summary(findings, native, torch));
    json_object_set_new(d, "findings", findings);
    json_object_set_new(d, "blocking", json_boolean(blocking));
    json_object_set_new(d, "kernel_ran", json_boolean(native || torch));
    json_object_set_new(d, "healthy", json_boolean(!blocking && (native || torch)));
    json_object_set_new(d, "facts_mode", json_string(mode));
    json_t *ex = json_object_get(facts, "experiments");
    json_object_set_new(d, "experiments", ex ? json_deep_copy(ex) : json_array());
    return d;
}

int jg_diagnosis_exit(const json_t *d)
{
    return json_is_true(json_object_get(d, "blocking")) ? 1 : 0;
}
