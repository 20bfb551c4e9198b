/* torch.*: from the Python probe result (docs/schema.md "Python probe result"). */
#include <stdio.h>
#include <string.h>

#include "gate/check.h"
#include "gate/gate.h"
#include "gate/gpu_class.h"
#include "util/json.h"

static const char *str_or(const json_t *doc, const char *dotted, const char *dflt)
{
    const char *s = jg_json_str(doc, dotted);
    return s ? s : dflt;
}

static json_t *check_import(const json_t *py)
{
    const json_t *t = json_object_get(py, "torch");
    json_t *m = json_pack("{s:O?, s:O?}", "version", json_object_get(t, "version"), "python",
                          jg_json_at(py, "python.version"));
    if (json_is_true(json_object_get(t, "imported")))
        return jg_check("torch.import", "pass", json_number_value(json_object_get(t, "import_s")),
                        m, "torch %s imported", str_or(t, "version", "?"));
    if (!json_is_true(json_object_get(t, "found")))
        return jg_check("torch.import", "fail", 0, m, "torch is not installed for this "
                        "interpreter (Python %s)", str_or(py, "python.version", "?"));
    return jg_check("torch.import", "fail", 0, m, "torch did not import: %s",
                    str_or(t, "error", "no error text"));
}

static json_t *check_cuda_build(const json_t *t)
{
    const char *cuda = json_string_value(json_object_get(t, "cuda"));
    json_t *m = json_pack("{s:s?}", "cuda", cuda);
    if (cuda)
        return jg_check("torch.cuda_build", "pass", 0, m, "torch built for CUDA %s", cuda);
    return jg_check("torch.cuda_build", "fail", 0, m, "torch.version.cuda is None: torch %s is a "
                    "CPU-only build (on aarch64 the PyPI wheel is); install NVIDIA's build for "
                    "this JetPack", str_or(t, "version", "?"));
}

static json_t *check_available(const json_t *t)
{
    json_t *m = json_pack("{s:O?}", "device_count", json_object_get(t, "device_count"));
    if (json_is_true(json_object_get(t, "cuda_available")))
        return jg_check("torch.cuda_available", "pass", 0, m, "torch.cuda.is_available() is True "
                        "(%lld device(s))", (long long)json_integer_value(
                            json_object_get(t, "device_count")));
    const char *err = json_string_value(json_object_get(t, "error"));
    return jg_check("torch.cuda_available", "fail", 0, m, "torch.cuda.is_available() is False%s%s",
                    err ? ": " : "", err ? err : "");
}

static json_t *check_device_name(const json_t *facts, const json_t *t)
{
    const char *name = json_string_value(json_object_get(t, "device_name"));
    const char *cc = json_string_value(json_object_get(t, "capability"));
    json_t *integ = json_object_get(t, "integrated");
    json_t *m = json_pack("{s:s?, s:s?, s:O?}", "name", name, "capability", cc, "integrated", integ);
    char why[512];
    bool ok = jg_gpu_class_match(facts, name, json_is_boolean(integ) ? json_is_true(integ) : -1, cc,
                                 why, sizeof why);
    return jg_check("torch.device_name", ok ? "pass" : "fail", 0, m, "%s", why);
}

static json_t *check_bnb(const json_t *py)
{
    const json_t *b = json_object_get(py, "bitsandbytes");
    json_t *c = jg_check_from_step("torch.bnb_nf4", json_object_get(b, "nf4"),
                                   "the Python probe reported no bitsandbytes result");
    json_t *m = json_object_get(c, "measurements");
    json_object_set(m, "installed", json_is_true(json_object_get(b, "installed")) ? json_true()
                                                                                 : json_false());
    json_object_set(m, "version", json_is_string(json_object_get(b, "version"))
                                      ? json_object_get(b, "version") : json_null());
    return c;
}

static void all_blocked(json_t *checks, const char *const *ids, const char *status,
                        const char *why)
{
    for (size_t i = 0; ids[i]; i++)
        json_array_append_new(checks, jg_check(ids[i], status, 0, NULL, "%s", why));
}

void jg_gate_torch_checks(const json_t *facts, const json_t *py, json_t *checks)
{
    static const char *const rest[] = {"torch.cuda_build", "torch.cuda_available",
                                       "torch.device_name", "torch.tensor_op", "torch.surgery",
                                       "torch.bnb_nf4", NULL};
    const char *err = json_string_value(json_object_get(py, "error"));
    if (!py || err || !json_is_object(json_object_get(py, "torch"))) {
        json_array_append_new(checks, jg_check("torch.import", "error", 0, NULL, "%s",
                                               err ? err : "the Python probe did not run"));
        all_blocked(checks, rest, "skip", "not run: the Python probe failed");
        return;
    }
    const json_t *t = json_object_get(py, "torch");
    json_array_append_new(checks, check_import(py));
    if (!json_is_true(json_object_get(t, "imported"))) {
        all_blocked(checks, rest, "skip", "not run: torch did not import");
        return;
    }
    json_array_append_new(checks, check_cuda_build(t));
    json_array_append_new(checks, check_available(t));
    if (json_is_true(json_object_get(t, "cuda_available")))
        json_array_append_new(checks, check_device_name(facts, t));
    else
        json_array_append_new(checks, jg_check("torch.device_name", "skip", 0, NULL,
                                               "not run: CUDA is not available to torch"));
    json_array_append_new(checks, jg_check_from_step("torch.tensor_op",
                                                     json_object_get(py, "tensor_op"),
                                                     "the Python probe reported no tensor op"));
    json_array_append_new(checks, jg_check_from_step("torch.surgery", json_object_get(py, "surgery"),
                                                     "the Python probe reported no surgery"));
    json_array_append_new(checks, check_bnb(py));
}

json_t *jg_gate_model_check(bool selected, const json_t *py)
{
    if (!selected)
        return jg_check("model.download", "skip", 0, NULL,
                        "not selected (run with --select model-download)");
    const char *err = json_string_value(json_object_get(py, "error"));
    if (!py || err)
        return jg_check("model.download", "error", 0, NULL, "%s",
                        err ? err : "the Python probe did not run");
    return jg_check_from_step("model.download", json_object_get(py, "model"),
                              "the Python probe reported no model run");
}
