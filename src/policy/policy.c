/* Policy loading and validation. Every rule that the claim or the lint rests
 * on is checked here once, so later code can read the document without
 * re-checking types. Errors name the JSON path because jansson keeps no
 * positions for values; syntax errors carry line and column. */
#include "policy/policy.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "embedded.h"
#include "policy/accept.h"
#include "policy/policy_validate.h"
#include "policy/project.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/strs.h"

static const char *const check_ids[] = {
    "host.arm64",      "host.jetson",         "host.module",       "native.libcuda",
    "native.device",   "native.tensor_op",    "native.surgery",    "native.nf4",
    "torch.import",    "torch.cuda_build",    "torch.cuda_available", "torch.device_name",
    "torch.tensor_op", "torch.surgery",       "torch.bnb_nf4",     "project.device_auto",
    "project.tests",   "model.download",      NULL,
};

bool jg_policy_known_check(const char *check_id)
{
    return jg_str_in(check_ids, check_id);
}

static int check_evidence(struct vctx *c, const json_t *root)
{
    if (jg_pv_want_section(c, root, "policy", JG_FIELD(policy, evidence), JG_ROWS(policy)) != 0 ||
        jg_pv_want_days(c, root, "policy", JG_FIELD(policy, retention_days)) != 0)
        return -1;
    return jg_pv_want_days(c, root, "policy", JG_FIELD(policy, max_age_days));
}

/* hook (device_auto or tests) of gate g: null, or an object with a command;
 * junit is declared after command, and only tests may have it. */
static int check_hook(struct vctx *c, const json_t *g, const char *path, const jg_field *hook,
                      bool junit)
{
    char p[256];
    jg_pv_join(p, sizeof p, path, hook->path);
    const json_t *h = jg_doc_node(g, hook);
    if (!h || json_is_null(h))
        return 0;
    if (!json_is_object(h))
        return jg_pv_fail(c, p, "expected an object or null");
    jg_pv_warn_unknown(c, h, p, jg_fields_hook, junit ? JGF_hook__COUNT : JGF_hook_junit, NULL);
    if (jg_pv_want_str(c, h, p, JG_FIELD(hook, command), false) != 0)
        return -1;
    /* No "junit": the run gives the hook a temporary $JETGATE_JUNIT. */
    return junit && JG_NODE(hook, h, junit) ? jg_pv_want_str(c, h, p, JG_FIELD(hook, junit), false)
                                            : 0;
}

static int check_id_list(struct vctx *c, const json_t *gate, const char *path, const jg_field *f)
{
    const json_t *a = jg_doc_node(gate, f);
    for (size_t i = 0; i < json_array_size(a); i++) {
        const char *id = json_string_value(json_array_get(a, i));
        if (!jg_policy_known_check(id)) {
            char p[300];
            snprintf(p, sizeof p, "%s.%s[%zu]", path, f->path, i);
            return jg_pv_fail(c, p, "unknown check id \"%s\" (docs/schema.md lists them)", id);
        }
    }
    return 0;
}

/* not_required: {check id: why the project does not need it}, each a known
 * check left out of required_checks, with a reason a reader can judge. */
static int check_not_required(struct vctx *c, const json_t *g, const char *path)
{
    const json_t *nr = JG_NODE(gate, g, not_required);
    if (!nr)
        return 0;
    char p[300];
    jg_pv_join(p, sizeof p, path, JG_PATH(gate, not_required));
    if (!json_is_object(nr))
        return jg_pv_fail(c, p, "expected an object {check id: reason}");
    const char *id;
    const json_t *why;
    json_object_foreach((json_t *)nr, id, why) {
        char pi[400];
        snprintf(pi, sizeof pi, "%s.%s", p, id);
        if (!jg_policy_known_check(id))
            return jg_pv_fail(c, pi, "unknown check id (docs/schema.md lists them)");
        if (jg_json_list_has(JG_NODE(gate, g, required_checks), id))
            return jg_pv_fail(c, pi, "is also in required_checks: a check is required or not");
        if (!json_is_string(why) || strlen(json_string_value(why)) < 8)
            return jg_pv_fail(c, pi, "expected the reason the project does not need it (a "
                                     "sentence)");
    }
    return 0;
}

static int check_hooks(struct vctx *c, const json_t *g, const char *path)
{
    const json_t *hooks = JG_NODE(gate, g, hooks);
    if (!hooks || json_is_null(hooks))
        return 0;
    char p[256];
    jg_pv_join(p, sizeof p, path, JG_PATH(gate, hooks));
    if (!json_is_object(hooks))
        return jg_pv_fail(c, p, "expected an object or null");
    jg_pv_warn_unknown(c, hooks, p, JG_ROWS(gate), JG_PATH(gate, hooks));
    if (check_hook(c, g, path, JG_FIELD(gate, device_auto), false) != 0)
        return -1;
    return check_hook(c, g, path, JG_FIELD(gate, tests), true);
}

static int check_gate(struct vctx *c, const json_t *g, const char *path)
{
    if (!json_is_object(g))
        return jg_pv_fail(c, path, "expected an object");
    jg_pv_warn_unknown(c, g, path, JG_ROWS(gate), NULL);
    if (jg_pv_want_id(c, g, path, JG_FIELD(gate, id)) ||
        jg_pv_want_strs(c, g, path, JG_FIELD(gate, runner_labels), 1) ||
        jg_pv_want_strs(c, g, path, JG_FIELD(gate, triggers), 1) ||
        jg_pv_want_strs(c, g, path, JG_FIELD(gate, required_checks), 1) ||
        check_id_list(c, g, path, JG_FIELD(gate, required_checks)))
        return -1;
    if (JG_NODE(gate, g, project_checks_opt_out) &&
        jg_pv_want_str(c, g, path, JG_FIELD(gate, project_checks_opt_out), false))
        return -1;
    if (JG_NODE(gate, g, allow_unsupported) &&
        (jg_pv_want_strs(c, g, path, JG_FIELD(gate, allow_unsupported), 0) ||
         check_id_list(c, g, path, JG_FIELD(gate, allow_unsupported))))
        return -1;
    if (check_not_required(c, g, path) != 0)
        return -1;
    return check_hooks(c, g, path);
}

/* The array of objects at list, each checked by fn; their ids (when id) unique. */
static int check_list(struct vctx *c, const json_t *root, const jg_field *list, bool required,
                      const jg_field *id, int (*fn)(struct vctx *, const json_t *, const char *))
{
    char p[256];
    jg_pv_join(p, sizeof p, "policy", list->path);
    const json_t *a = jg_doc_node(root, list);
    if (!a && !required)
        return 0;
    if (!a)
        return jg_pv_fail(c, p, "missing");
    if (!json_is_array(a))
        return jg_pv_fail(c, p, "expected an array");
    for (size_t i = 0; i < json_array_size(a); i++) {
        char pi[300];
        snprintf(pi, sizeof pi, "%s[%zu]", list->path, i);
        if (fn(c, json_array_get(a, i), pi) != 0)
            return -1;
        const json_t *v = id ? jg_doc_node(json_array_get(a, i), id) : NULL;
        for (size_t j = 0; v && j < i; j++)
            if (json_equal(v, jg_doc_node(json_array_get(a, j), id)))
                return jg_pv_fail(c, pi, "duplicate id \"%s\"", json_string_value(v));
    }
    return 0;
}

static int check_schema_version(struct vctx *c, const json_t *root)
{
    const char *p = JG_PATH(policy, schema_version);
    const json_t *v = JG_NODE(policy, root, schema_version);
    if (!v)
        return jg_pv_fail(c, p, "missing");
    if (!json_is_integer(v))
        return jg_pv_fail(c, p, "expected an integer");
    if (json_integer_value(v) != JG_POLICY_SCHEMA_VERSION)
        return jg_pv_fail(c, p, "unsupported major %lld (this jetgate reads %d)",
                    (long long)json_integer_value(v), JG_POLICY_SCHEMA_VERSION);
    return 0;
}

/* A waiver must name a gate and (when given) a tier of this policy: a typo
 * would otherwise be a waiver that silently never applies. */
static int check_waiver_targets(struct vctx *c, const json_t *policy)
{
    const json_t *ws = JG_OBJS(policy, policy, waivers);
    for (size_t i = 0; i < json_array_size(ws); i++) {
        const json_t *w = json_array_get(ws, i);
        const char *gate = JG_STR(waiver, w, gate);
        const char *tier = JG_STR(waiver, w, tier);
        char p[64];
        if (!jg_policy_gate(policy, gate)) {
            snprintf(p, sizeof p, "%s[%zu].%s", JG_PATH(policy, waivers), i, JG_PATH(waiver, gate));
            return jg_pv_fail(c, p, "no gate \"%s\" in the policy", gate);
        }
        if (tier && !jg_policy_tier(policy, tier)) {
            snprintf(p, sizeof p, "%s[%zu].%s", JG_PATH(policy, waivers), i, JG_PATH(waiver, tier));
            return jg_pv_fail(c, p, "no tier \"%s\" in the policy", tier);
        }
    }
    return 0;
}

int jg_policy_validate(const json_t *policy, const char *name, jg_jerr *err)
{
    struct vctx c = {name, err};
    if (!json_is_object(policy))
        return jg_pv_fail(&c, "policy", "expected a JSON object");
    if (check_schema_version(&c, policy) != 0)
        return -1;
    jg_pv_warn_unknown(&c, policy, "policy", JG_ROWS(policy), NULL);
    /* Waivers have no id. */
    if (check_evidence(&c, policy) ||
        check_list(&c, policy, JG_FIELD(policy, gates), true, JG_FIELD(gate, id), check_gate) ||
        check_list(&c, policy, JG_FIELD(policy, tiers), true, JG_FIELD(tier, id), jg_pv_check_tier) ||
        check_list(&c, policy, JG_FIELD(policy, waivers), false, NULL, jg_pv_check_waiver))
        return -1;
    /* Untrusted triggers and a missing jetson-runtime gate are 'jetgate lint'
     * findings, not load errors; claims enforce both on their own. */
    if (check_waiver_targets(&c, policy) != 0 || jg_pv_check_attestation(&c, policy) != 0)
        return -1;
    return jg_policy_project_check(policy, name, err);
}

json_t *jg_policy_parse(const char *text, size_t len, const char *name, jg_jerr *err)
{
    json_t *doc = jg_json_parse(text, len, name, err);
    if (doc && jg_policy_validate(doc, name, err) != 0) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

json_t *jg_policy_load(const char *path, jg_jerr *err)
{
    if (!path)
        return jg_policy_parse(jg_embed_default_policy_json, jg_embed_default_policy_json_len,
                               JG_POLICY_EMBEDDED_NAME, err);
    json_t *doc = jg_json_load(path, JG_POLICY_MAX_BYTES, err);
    if (doc && jg_policy_validate(doc, path, err) != 0) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

const json_t *jg_policy_gate(const json_t *policy, const char *gate_id)
{
    return jg_json_find_id(JG_OBJS(policy, policy, gates), gate_id);
}

const json_t *jg_policy_tier(const json_t *policy, const char *tier_id)
{
    return jg_json_find_id(JG_OBJS(policy, policy, tiers), tier_id);
}

int jg_policy_max_age_days(const json_t *policy)
{
    return (int)JG_INT(policy, policy, max_age_days, 0);
}

int jg_policy_retention_days(const json_t *policy)
{
    return (int)JG_INT(policy, policy, retention_days, 0);
}
