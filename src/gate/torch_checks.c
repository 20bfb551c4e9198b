/* torch.*: from the Python probe result (docs/schema.md "Python probe result"). */
#include <stdio.h>
#include <string.h>

#include "gate/check.h"
#include "gate/gate.h"
#include "gate/gpu_class.h"
#include "schema/pyprobe.h"
#include "util/json.h"

static const char *or_text(const char *s, const char *dflt)
{
    return s ? s : dflt;
}

static json_t *check_import(const json_t *py)
{
    const char *version = JG_STR(pyprobe, py, torch_version);
    json_t *m = json_pack("{s:O?, s:O?}", "version", JG_NODE(pyprobe, py, torch_version), "python",
                          JG_NODE(pyprobe, py, python_version));
    if (JG_BOOL(pyprobe, py, torch_imported) == 1)
        return jg_check("torch.import", "pass", JG_NUM(pyprobe, py, torch_import_s), m,
                        "torch %s imported", or_text(version, "?"));
    if (JG_BOOL(pyprobe, py, torch_found) != 1)
        return jg_check("torch.import", "fail", 0, m, "torch is not installed for this "
                        "interpreter (Python %s)", or_text(JG_STR(pyprobe, py, python_version), "?"));
    return jg_check("torch.import", "fail", 0, m, "torch did not import: %s",
                    or_text(JG_STR(pyprobe, py, torch_error), "no error text"));
}

static json_t *check_cuda_build(const json_t *py)
{
    const char *cuda = JG_STR(pyprobe, py, torch_cuda);
    json_t *m = json_pack("{s:s?}", "cuda", cuda);
    if (cuda)
        return jg_check("torch.cuda_build", "pass", 0, m, "torch built for CUDA %s", cuda);
    return jg_check("torch.cuda_build", "fail", 0, m, "torch.version.cuda is None: torch %s is a "
                    "CPU-only build (on aarch64 the PyPI wheel up to 2.10 is); install NVIDIA's build for "
                    "this JetPack", or_text(JG_STR(pyprobe, py, torch_version), "?"));
}

static json_t *check_available(const json_t *py)
{
    json_t *m = json_pack("{s:O?}", "device_count", JG_NODE(pyprobe, py, torch_device_count));
    if (JG_BOOL(pyprobe, py, torch_cuda_available) == 1)
        return jg_check("torch.cuda_available", "pass", 0, m, "torch.cuda.is_available() is True "
                        "(%lld device(s))", JG_INT(pyprobe, py, torch_device_count, 0));
    const char *err = JG_STR(pyprobe, py, torch_error);
    return jg_check("torch.cuda_available", "fail", 0, m, "torch.cuda.is_available() is False%s%s",
                    err ? ": " : "", err ? err : "");
}

static json_t *check_device_name(const json_t *facts, const json_t *py)
{
    const char *name = JG_STR(pyprobe, py, torch_device_name);
    const char *cc = JG_STR(pyprobe, py, torch_capability);
    json_t *integ = JG_NODE(pyprobe, py, torch_integrated);
    json_t *m = json_pack("{s:s?, s:s?, s:O?}", "name", name, "capability", cc, "integrated", integ);
    char why[512];
    bool ok = jg_gpu_class_match(facts, name, json_is_boolean(integ) ? json_is_true(integ) : -1, cc,
                                 why, sizeof why);
    return jg_check("torch.device_name", ok ? "pass" : "fail", 0, m, "%s", why);
}

static json_t *check_bnb(const json_t *py)
{
    json_t *c = jg_check_from_step("torch.bnb_nf4", JG_NODE(pyprobe, py, bnb_nf4),
                                   "the Python probe reported no bitsandbytes result");
    json_t *m = json_object_get(c, "measurements");
    json_object_set_new(m, "installed", json_boolean(JG_BOOL(pyprobe, py, bnb_installed) == 1));
    json_object_set_new(m, "version", jg_doc_string(JG_STR(pyprobe, py, bnb_version)));
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
    const char *err = JG_STR(pyprobe, py, error);
    if (!py || err || !JG_OBJ(pyprobe, py, torch)) {
        json_array_append_new(checks, jg_check("torch.import", "error", 0, NULL, "%s",
                                               err ? err : "the Python probe did not run"));
        all_blocked(checks, rest, "skip", "not run: the Python probe failed");
        return;
    }
    json_array_append_new(checks, check_import(py));
    if (JG_BOOL(pyprobe, py, torch_imported) != 1) {
        all_blocked(checks, rest, "skip", "not run: torch did not import");
        return;
    }
    json_array_append_new(checks, check_cuda_build(py));
    json_array_append_new(checks, check_available(py));
    if (JG_BOOL(pyprobe, py, torch_cuda_available) == 1)
        json_array_append_new(checks, check_device_name(facts, py));
    else
        json_array_append_new(checks, jg_check("torch.device_name", "skip", 0, NULL,
                                               "not run: CUDA is not available to torch"));
    json_array_append_new(checks, jg_check_from_step("torch.tensor_op",
                                                     JG_NODE(pyprobe, py, tensor_op),
                                                     "the Python probe reported no tensor op"));
    json_array_append_new(checks, jg_check_from_step("torch.surgery", JG_NODE(pyprobe, py, surgery),
                                                     "the Python probe reported no surgery"));
    json_array_append_new(checks, check_bnb(py));
}

json_t *jg_gate_model_check(bool selected, const json_t *py)
{
    if (!selected)
        return jg_check("model.download", "skip", 0, NULL,
                        "not selected (run with --select model-download)");
    const char *err = JG_STR(pyprobe, py, error);
    if (!py || err)
        return jg_check("model.download", "error", 0, NULL, "%s",
                        err ? err : "the Python probe did not run");
    return jg_check_from_step("model.download", JG_NODE(pyprobe, py, model),
                              "the Python probe reported no model run");
}
