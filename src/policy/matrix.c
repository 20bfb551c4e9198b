/* Matrix rows from the policy: a view, no rule of its own beyond the
 * claim blockers it borrows from claim.c (the same that refuse a claim). */
#include "policy/matrix.h"

#include <stdio.h>
#include <string.h>

#include "facts/tables.h"
#include "policy/claim.h"
#include "policy/policy.h"
#include "schema/matrix.h"
#include "schema/policy.h"

/* "wheel URL (torch VERSION, sha256 H)": a null hash says so, never a guess. */
static json_t *pytorch_text(const json_t *tier)
{
    const json_t *pt = JG_OBJ(tier, tier, pytorch);
    if (!pt)
        return json_null();
    const char *kind = JG_STR(pin, pt, kind), *torch = JG_STR(pin, pt, torch);
    bool container = strcmp(kind, "container") == 0;
    const char *hash = container ? JG_STR(pin, pt, digest) : JG_STR(pin, pt, sha256);
    const char *fb = JG_STR(pin, JG_OBJ(pin, pt, fallback), pin);
    char buf[2400];
    snprintf(buf, sizeof buf, "%s %s (torch %s, %s %s)%s%s", kind, JG_STR(pin, pt, pin),
             torch ? torch : "version not pinned", container ? "digest" : "sha256",
             hash ? hash : "unknown: no public source gives it", fb ? "; fallback wheel " : "",
             fb ? fb : "");
    return json_string(buf);
}

/* The JetPacks the facts table says support the tier's SoC (facts/tables.h). */
static json_t *module_jetpacks(const json_t *tier)
{
    const char *jps[64];
    size_t n = jg_jetpacks_for_soc(JG_STR(tier, tier, soc), jps, 64);
    json_t *list = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(list, json_string(jps[i]));
    return list;
}

/* A member of the tier, shared with the row (the policy outlives it). */
static json_t *shared(const json_t *t, const jg_field *f)
{
    return json_incref(jg_doc_node(t, f));
}

/* Required runner labels: the gate's (the plan's base four); recommended: the tier's. */
static json_t *row(const json_t *policy, const json_t *gate, const json_t *t)
{
    json_t *r = json_object();
    JG_SET_STR(mrow, r, id, JG_STR(tier, t, id));
    JG_SET_STR(mrow, r, level, JG_STR(tier, t, level));
    JG_SET_STR(mrow, r, name, JG_STR(tier, t, name));
    JG_SET_AS(mrow, r, module_parts, STRS, shared(t, JG_FIELD(tier, module_parts)));
    JG_SET_STR(mrow, r, memory_class, JG_STR(tier, t, memory_class));
    JG_SET_STR(mrow, r, soc, JG_STR(tier, t, soc));
    JG_SET_STR(mrow, r, compute_capability, JG_STR(tier, t, compute_capability));
    JG_SET_AS(mrow, r, module_jetpacks, STRS, module_jetpacks(t));
    JG_SET_STR(mrow, r, jetpack, JG_STR(tier, t, jetpack));
    JG_SET_STR(mrow, r, l4t, JG_STR(tier, t, l4t));
    JG_SET_STR(mrow, r, ubuntu, JG_STR(tier, t, ubuntu));
    JG_SET_STR(mrow, r, cuda, JG_STR(tier, t, cuda));
    JG_SET_AS(mrow, r, pytorch, STR, pytorch_text(t));
    JG_SET_AS(mrow, r, pytorch_source, OBJ, shared(t, JG_FIELD(tier, pytorch)));
    json_t *labels = json_array(); /* empty when the policy has no such gate (lint says so) */
    json_array_extend(labels, JG_NODE(gate, gate, runner_labels));
    JG_SET_AS(mrow, r, runner_labels, STRS, labels);
    JG_SET_AS(mrow, r, recommended_labels, STRS, shared(t, JG_FIELD(tier, runner_labels)));
    JG_SET_STR(mrow, r, bitsandbytes, JG_STR(tier, t, bitsandbytes));
    JG_SET_STR(mrow, r, evidence, JG_STR(tier, t, evidence));
    JG_SET_STR(mrow, r, memory_notes, JG_STR(tier, t, memory_notes));
    /* now = 0: the matrix is the policy as written, waivers aside. */
    json_t *blockers = jg_claim_blockers(policy, gate, t, NULL, 0);
    JG_SET_BOOL(mrow, r, claimable_in_principle, json_array_size(blockers) == 0);
    JG_SET_AS(mrow, r, claim_blockers, OBJS, blockers);
    return r;
}

json_t *jg_matrix_build(const json_t *policy, const char *policy_name)
{
    const json_t *gate = jg_policy_gate(policy, JG_CLAIM_GATE);
    json_t *rows = json_array();
    const json_t *tiers = JG_OBJS(policy, policy, tiers);
    for (size_t i = 0; i < json_array_size(tiers); i++)
        json_array_append_new(rows, row(policy, gate, json_array_get(tiers, i)));
    json_t *m = json_object();
    JG_SET_STR(matrix, m, schema, "jetgate.matrix/1");
    JG_SET_STR(matrix, m, policy, policy_name);
    JG_SET_AS(matrix, m, evidence, OBJ, json_incref(JG_NODE(policy, policy, evidence)));
    JG_SET_AS(matrix, m, tiers, OBJS, rows);
    return m;
}
