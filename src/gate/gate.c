/* Assembles the checks of a gate run in table order and marks the required ones. */
#include "gate/gate.h"

#include <string.h>

#include "gate/check.h"
#include "policy/accept.h"
#include "schema/check.h"
#include "schema/policy.h"
#include "util/json.h"

const char *const jg_gate_check_ids[] = {
    "host.arm64",      "host.jetson",          "host.module",       "native.libcuda",
    "native.device",   "native.tensor_op",     "native.surgery",    "native.nf4",
    "torch.import",    "torch.cuda_build",     "torch.cuda_available", "torch.device_name",
    "torch.tensor_op", "torch.surgery",        "torch.bnb_nf4",     "project.device_auto",
    "project.tests",   "model.download",       NULL,
};

static void project_checks(const json_t *project, json_t *checks)
{
    static const char *const ids[] = {"project.device_auto", "project.tests"};
    for (size_t i = 0; i < 2; i++) {
        const json_t *c = jg_json_find_id(project, ids[i]);
        json_array_append_new(checks, c ? json_deep_copy(c)
                                        : jg_check(ids[i], "skip", 0, NULL, "not configured"));
    }
}

json_t *jg_gate_checks(const jg_gate_in *in)
{
    json_t *checks = json_array();
    jg_gate_host_checks(in->facts, checks);
    jg_gate_native_checks(in->facts, in->native, checks);
    jg_gate_torch_checks(in->facts, in->python, checks);
    project_checks(in->project, checks);
    json_array_append_new(checks, jg_gate_model_check(in->model_selected, in->python));
    /* The policy's one rule: required_checks plus every configured hook. */
    json_t *req = jg_accept_required_ids(in->gate);
    size_t i;
    json_t *c;
    json_array_foreach(checks, i, c) {
        JG_SET_BOOL(check, c, required, jg_json_list_has(req, JG_STR(check, c, id)));
    }
    json_decref(req);
    return checks;
}

const json_t *jg_gate_find(const json_t *policy, const char *gate_id)
{
    return jg_json_find_id(JG_NODE(policy, policy, gates), gate_id);
}
