/* Matrix rows from the policy: a view, no rule of its own beyond the
 * claim blockers it borrows from claim.c (the same that refuse a claim). */
#include "policy/matrix.h"

#include <stdio.h>
#include <string.h>

#include "policy/claim.h"
#include "policy/policy.h"
#include "util/json.h"

/* Required: the gate's labels (the plan's base four); recommended: the tier's. */
static json_t *labels_for(const json_t *gate, const json_t *tier)
{
    json_t *out = json_array();
    json_array_extend(out, json_object_get(gate, "runner_labels"));
    (void)tier;
    return out;
}

/* "wheel URL (torch VERSION, sha256 H)": a null hash says so, never a guess. */
static json_t *pytorch_text(const json_t *tier)
{
    const json_t *pt = json_object_get(tier, "pytorch");
    if (!json_is_object(pt))
        return json_null();
    bool container = strcmp(jg_json_str(pt, "kind"), "container") == 0;
    const char *hash = jg_json_str(pt, container ? "digest" : "sha256");
    const char *fb = jg_json_str(pt, "fallback.pin");
    char buf[2400];
    snprintf(buf, sizeof buf, "%s %s (torch %s, %s %s)%s%s", jg_json_str(pt, "kind"),
             jg_json_str(pt, "pin"),
             jg_json_str(pt, "torch") ? jg_json_str(pt, "torch") : "version not pinned",
             container ? "digest" : "sha256", hash ? hash : "unknown: no public source gives it",
             fb ? "; fallback wheel " : "", fb ? fb : "");
    return json_string(buf);
}

static json_t *row(const json_t *policy, const json_t *gate, const json_t *t)
{
    /* now = 0: the matrix is the policy as written, waivers aside. */
    json_t *blockers = jg_claim_blockers(policy, gate, t, NULL, 0);
    json_t *r = json_pack(
        "{s:s, s:s, s:s, s:O, s:O, s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:O, s:o, s:s, s:s, s:s,"
        " s:b, s:o}",
        "id", jg_json_str(t, "id"), "level", jg_json_str(t, "level"), "name",
        jg_json_str(t, "name"), "module_parts", jg_json_at(t, "hardware.module_parts"),
        "memory_class", jg_json_at(t, "hardware.memory_class"), "soc",
        jg_json_str(t, "hardware.soc"), "compute_capability",
        jg_json_str(t, "hardware.compute_capability"), "jetpack",
        jg_json_str(t, "software.jetpack"), "l4t", jg_json_str(t, "software.l4t"), "ubuntu",
        jg_json_str(t, "software.ubuntu"), "cuda", jg_json_str(t, "software.cuda"), "pytorch",
        pytorch_text(t), "pytorch_source", json_object_get(t, "pytorch"), "runner_labels",
        labels_for(gate, t), "bitsandbytes", jg_json_str(t, "bitsandbytes"), "evidence",
        jg_json_str(t, "evidence"), "memory_notes", jg_json_str(t, "memory_notes"),
        "claimable_in_principle", json_array_size(blockers) == 0, "claim_blockers", blockers);
    json_object_set(r, "recommended_labels", json_object_get(t, "runner_labels"));
    return r;
}

json_t *jg_matrix_build(const json_t *policy, const char *policy_name)
{
    const json_t *gate = jg_policy_gate(policy, JG_CLAIM_GATE);
    json_t *rows = json_array();
    const json_t *tiers = json_object_get(policy, "tiers");
    for (size_t i = 0; i < json_array_size(tiers); i++)
        json_array_append_new(rows, row(policy, gate, json_array_get(tiers, i)));
    return json_pack("{s:s, s:s, s:O, s:o}", "schema", "jetgate.matrix/1", "policy", policy_name,
                     "evidence", json_object_get(policy, "evidence"), "tiers", rows);
}
