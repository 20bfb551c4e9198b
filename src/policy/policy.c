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
    static const char *const known[] = {"retention_days", "max_age_days", NULL};
    const json_t *ev;
    char p[64];
    if (jg_pv_want_section(c, root, "policy", "evidence", known, &ev, p, sizeof p) != 0)
        return -1;
    if (jg_pv_want_days(c, ev, p, "retention_days") != 0)
        return -1;
    return jg_pv_want_days(c, ev, p, "max_age_days");
}

static int check_hook(struct vctx *c, const json_t *hooks, const char *path, const char *key,
                      bool junit)
{
    char p[256];
    jg_pv_join(p, sizeof p, path, key);
    const json_t *h = json_object_get(hooks, key);
    if (!h || json_is_null(h))
        return 0;
    if (!json_is_object(h))
        return jg_pv_fail(c, p, "expected an object or null");
    static const char *const known_cmd[] = {"command", NULL};
    static const char *const known_junit[] = {"command", "junit", NULL};
    jg_pv_warn_unknown(c, h, p, junit ? known_junit : known_cmd);
    if (jg_pv_want_str(c, h, p, "command", false) != 0)
        return -1;
    /* No "junit": the run gives the hook a temporary $JETGATE_JUNIT. */
    return junit && json_object_get(h, "junit") ? jg_pv_want_str(c, h, p, "junit", false) : 0;
}

static int check_id_list(struct vctx *c, const json_t *gate, const char *path, const char *key)
{
    const json_t *a = json_object_get(gate, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        const char *id = json_string_value(json_array_get(a, i));
        if (!jg_policy_known_check(id)) {
            char p[300];
            snprintf(p, sizeof p, "%s.%s[%zu]", path, key, i);
            return jg_pv_fail(c, p, "unknown check id \"%s\" (docs/schema.md lists them)", id);
        }
    }
    return 0;
}

static int check_gate(struct vctx *c, const json_t *g, const char *path)
{
    if (!json_is_object(g))
        return jg_pv_fail(c, path, "expected an object");
    static const char *const known[] = {"id", "runner_labels", "triggers", "required_checks",
                                        "allow_unsupported", "hooks", JG_PROJECT_OPT_OUT_KEY, NULL};
    jg_pv_warn_unknown(c, g, path, known);
    if (jg_pv_want_str(c, g, path, "id", false) || jg_pv_want_strs(c, g, path, "runner_labels", 1) ||
        jg_pv_want_strs(c, g, path, "triggers", 1) || jg_pv_want_strs(c, g, path, "required_checks", 1) ||
        check_id_list(c, g, path, "required_checks"))
        return -1;
    if (json_object_get(g, JG_PROJECT_OPT_OUT_KEY) &&
        jg_pv_want_str(c, g, path, JG_PROJECT_OPT_OUT_KEY, false))
        return -1;
    if (json_object_get(g, "allow_unsupported") &&
        (jg_pv_want_strs(c, g, path, "allow_unsupported", 0) ||
         check_id_list(c, g, path, "allow_unsupported")))
        return -1;
    const json_t *hooks = json_object_get(g, "hooks");
    if (!hooks || json_is_null(hooks))
        return 0;
    char p[256];
    jg_pv_join(p, sizeof p, path, "hooks");
    if (!json_is_object(hooks))
        return jg_pv_fail(c, p, "expected an object or null");
    static const char *const known_hooks[] = {"device_auto", "tests", NULL};
    jg_pv_warn_unknown(c, hooks, p, known_hooks);
    if (check_hook(c, hooks, p, "device_auto", false) != 0)
        return -1;
    return check_hook(c, hooks, p, "tests", true);
}

/* Array of objects under key, each checked by fn; ids (when id_key) unique. */
static int check_list(struct vctx *c, const json_t *root, const char *key, bool required,
                      int (*fn)(struct vctx *, const json_t *, const char *))
{
    char p[256];
    jg_pv_join(p, sizeof p, "policy", key);
    const json_t *a = json_object_get(root, key);
    if (!a && !required)
        return 0;
    if (!a)
        return jg_pv_fail(c, p, "missing");
    if (!json_is_array(a))
        return jg_pv_fail(c, p, "expected an array");
    for (size_t i = 0; i < json_array_size(a); i++) {
        char pi[300];
        snprintf(pi, sizeof pi, "%s[%zu]", key, i);
        if (fn(c, json_array_get(a, i), pi) != 0)
            return -1;
        const json_t *id = json_object_get(json_array_get(a, i), "id");
        for (size_t j = 0; id && j < i; j++)
            if (json_equal(id, json_object_get(json_array_get(a, j), "id")))
                return jg_pv_fail(c, pi, "duplicate id \"%s\"", json_string_value(id));
    }
    return 0;
}

static int check_schema_version(struct vctx *c, const json_t *root)
{
    const json_t *v = json_object_get(root, "schema_version");
    if (!v)
        return jg_pv_fail(c, "schema_version", "missing");
    if (!json_is_integer(v))
        return jg_pv_fail(c, "schema_version", "expected an integer");
    if (json_integer_value(v) != JG_POLICY_SCHEMA_VERSION)
        return jg_pv_fail(c, "schema_version", "unsupported major %lld (this jetgate reads %d)",
                    (long long)json_integer_value(v), JG_POLICY_SCHEMA_VERSION);
    return 0;
}

/* A waiver must name a gate and (when given) a tier of this policy: a typo
 * would otherwise be a waiver that silently never applies. */
static int check_waiver_targets(struct vctx *c, const json_t *policy)
{
    const json_t *ws = json_object_get(policy, "waivers");
    for (size_t i = 0; i < json_array_size(ws); i++) {
        const json_t *w = json_array_get(ws, i);
        const char *gate = json_string_value(json_object_get(w, "gate"));
        const char *tier = json_string_value(json_object_get(w, "tier"));
        char p[64];
        if (!jg_policy_gate(policy, gate)) {
            snprintf(p, sizeof p, "waivers[%zu].gate", i);
            return jg_pv_fail(c, p, "no gate \"%s\" in the policy", gate);
        }
        if (tier && !jg_policy_tier(policy, tier)) {
            snprintf(p, sizeof p, "waivers[%zu].tier", i);
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
    static const char *const known[] = {"schema_version", "evidence", "gates", "tiers", "waivers",
                                        "project", NULL};
    if (check_schema_version(&c, policy) != 0)
        return -1;
    jg_pv_warn_unknown(&c, policy, "policy", known);
    if (check_evidence(&c, policy) || check_list(&c, policy, "gates", true, check_gate) ||
        check_list(&c, policy, "tiers", true, jg_pv_check_tier) ||
        check_list(&c, policy, "waivers", false, jg_pv_check_waiver))
        return -1;
    /* Untrusted triggers and a missing jetson-runtime gate are 'jetgate lint'
     * findings, not load errors; claims enforce both on their own. */
    if (check_waiver_targets(&c, policy) != 0)
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

static const json_t *find_by_id(const json_t *policy, const char *list, const char *id)
{
    return jg_json_find_id(json_object_get(policy, list), id);
}

const json_t *jg_policy_gate(const json_t *policy, const char *gate_id)
{
    return find_by_id(policy, "gates", gate_id);
}

const json_t *jg_policy_tier(const json_t *policy, const char *tier_id)
{
    return find_by_id(policy, "tiers", tier_id);
}

int jg_policy_max_age_days(const json_t *policy)
{
    return (int)json_integer_value(jg_json_at(policy, "evidence.max_age_days"));
}

int jg_policy_retention_days(const json_t *policy)
{
    return (int)json_integer_value(jg_json_at(policy, "evidence.retention_days"));
}
