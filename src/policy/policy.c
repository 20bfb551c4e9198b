/* Policy loading and validation. Every rule that the claim or the lint rests
 * on is checked here once, so later code can read the document without
 * re-checking types. Errors name the JSON path because jansson keeps no
 * positions for values; syntax errors carry line and column. */
#include "policy/policy.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "embedded.h"
#include "policy/project.h"
#include "util/msg.h"
#include "util/strs.h"

struct vctx {
    const char *file;
    jg_jerr *err;
};

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

__attribute__((format(printf, 3, 4))) static int fail(struct vctx *c, const char *path,
                                                       const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(c->err->text, sizeof c->err->text, "%s: %s: %s", c->file, path, why);
    return -1;
}

static void warn_unknown(struct vctx *c, const json_t *obj, const char *path,
                         const char *const known[])
{
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        bool found = strcmp(key, JG_POLICY_COMMENT_KEY) == 0; /* documentation only */
        for (size_t i = 0; known[i] && !found; i++)
            found = strcmp(known[i], key) == 0;
        if (!found)
            jg_warn("%s: %s.%s: unknown field, ignored", c->file, path, key);
    }
}

static void join(char *out, size_t n, const char *path, const char *key)
{
    /* Paths come from the policy's own keys; a pathologically long one is cut, never overrun. */
    if (snprintf(out, n, "%s.%s", path, key) >= (int)n && n > 4)
        memcpy(out + n - 4, "...", 4);
}

/* A required non-empty string (or null when nullable). */
static int want_str(struct vctx *c, const json_t *obj, const char *path, const char *key,
                    bool nullable)
{
    char p[256];
    join(p, sizeof p, path, key);
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return fail(c, p, "missing");
    if (nullable && json_is_null(v))
        return 0;
    if (!json_is_string(v))
        return fail(c, p, "expected a string%s", nullable ? " or null" : "");
    if (json_string_length(v) == 0)
        return fail(c, p, "must not be empty");
    return 0;
}

static int want_enum(struct vctx *c, const json_t *obj, const char *path, const char *key,
                     const char *const allowed[])
{
    if (want_str(c, obj, path, key, false) != 0)
        return -1;
    const char *s = json_string_value(json_object_get(obj, key));
    if (jg_str_in(allowed, s))
        return 0;
    char p[256];
    join(p, sizeof p, path, key);
    return fail(c, p, "unknown value \"%s\"", s);
}

/* A required array of non-empty, distinct strings (min_len entries or more). */
static int want_strs(struct vctx *c, const json_t *obj, const char *path, const char *key,
                     size_t min_len)
{
    char p[256];
    join(p, sizeof p, path, key);
    const json_t *a = json_object_get(obj, key);
    if (!a)
        return fail(c, p, "missing");
    if (!json_is_array(a))
        return fail(c, p, "expected an array of strings");
    if (json_array_size(a) < min_len)
        return fail(c, p, "needs at least %zu entr%s", min_len, min_len == 1 ? "y" : "ies");
    for (size_t i = 0; i < json_array_size(a); i++) {
        const json_t *s = json_array_get(a, i);
        char pi[300];
        snprintf(pi, sizeof pi, "%s[%zu]", p, i);
        if (!json_is_string(s) || json_string_length(s) == 0)
            return fail(c, pi, "expected a non-empty string");
        for (size_t j = 0; j < i; j++)
            if (json_equal(s, json_array_get(a, j)))
                return fail(c, pi, "duplicate \"%s\"", json_string_value(s));
    }
    return 0;
}

static int want_obj(struct vctx *c, const json_t *obj, const char *path, const char *key,
                    const json_t **out)
{
    char p[256];
    join(p, sizeof p, path, key);
    *out = json_object_get(obj, key);
    if (!*out)
        return fail(c, p, "missing");
    if (!json_is_object(*out))
        return fail(c, p, "expected an object");
    return 0;
}

static int want_days(struct vctx *c, const json_t *obj, const char *path, const char *key)
{
    char p[256];
    join(p, sizeof p, path, key);
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return fail(c, p, "missing");
    if (!json_is_integer(v))
        return fail(c, p, "expected an integer number of days");
    json_int_t d = json_integer_value(v);
    if (d < 1 || d > 3650)
        return fail(c, p, "%lld days is out of range (1..3650)", (long long)d);
    return 0;
}

/* "YYYY-MM-DD" with a plausible month and day. */
static bool is_date(const char *s)
{
    int y, m, d;
    char tail;
    return strlen(s) == 10 && sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &tail) == 3 && s[4] == '-' &&
           s[7] == '-' && y >= 2000 && m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

static int check_evidence(struct vctx *c, const json_t *root)
{
    const json_t *ev;
    if (want_obj(c, root, "policy", "evidence", &ev) != 0)
        return -1;
    static const char *const known[] = {"retention_days", "max_age_days", NULL};
    warn_unknown(c, ev, "policy.evidence", known);
    if (want_days(c, ev, "policy.evidence", "retention_days") != 0)
        return -1;
    return want_days(c, ev, "policy.evidence", "max_age_days");
}

static int check_hook(struct vctx *c, const json_t *hooks, const char *path, const char *key,
                      bool junit)
{
    char p[256];
    join(p, sizeof p, path, key);
    const json_t *h = json_object_get(hooks, key);
    if (!h || json_is_null(h))
        return 0;
    if (!json_is_object(h))
        return fail(c, p, "expected an object or null");
    static const char *const known_cmd[] = {"command", NULL};
    static const char *const known_junit[] = {"command", "junit", NULL};
    warn_unknown(c, h, p, junit ? known_junit : known_cmd);
    if (want_str(c, h, p, "command", false) != 0)
        return -1;
    return junit ? want_str(c, h, p, "junit", false) : 0;
}

static int check_id_list(struct vctx *c, const json_t *gate, const char *path, const char *key)
{
    const json_t *a = json_object_get(gate, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        const char *id = json_string_value(json_array_get(a, i));
        if (!jg_policy_known_check(id)) {
            char p[300];
            snprintf(p, sizeof p, "%s.%s[%zu]", path, key, i);
            return fail(c, p, "unknown check id \"%s\" (docs/schema.md lists them)", id);
        }
    }
    return 0;
}

static int check_gate(struct vctx *c, const json_t *g, const char *path)
{
    if (!json_is_object(g))
        return fail(c, path, "expected an object");
    static const char *const known[] = {"id", "runner_labels", "triggers", "required_checks",
                                        "allow_unsupported", "hooks", NULL};
    warn_unknown(c, g, path, known);
    if (want_str(c, g, path, "id", false) || want_strs(c, g, path, "runner_labels", 1) ||
        want_strs(c, g, path, "triggers", 1) || want_strs(c, g, path, "required_checks", 1) ||
        check_id_list(c, g, path, "required_checks"))
        return -1;
    if (json_object_get(g, "allow_unsupported") &&
        (want_strs(c, g, path, "allow_unsupported", 0) ||
         check_id_list(c, g, path, "allow_unsupported")))
        return -1;
    const json_t *hooks = json_object_get(g, "hooks");
    if (!hooks || json_is_null(hooks))
        return 0;
    char p[256];
    join(p, sizeof p, path, "hooks");
    if (!json_is_object(hooks))
        return fail(c, p, "expected an object or null");
    static const char *const known_hooks[] = {"device_auto", "tests", NULL};
    warn_unknown(c, hooks, p, known_hooks);
    if (check_hook(c, hooks, p, "device_auto", false) != 0)
        return -1;
    return check_hook(c, hooks, p, "tests", true);
}

static int check_hardware(struct vctx *c, const json_t *tier, const char *path)
{
    const json_t *hw;
    char p[256];
    join(p, sizeof p, path, "hardware");
    if (want_obj(c, tier, path, "hardware", &hw) != 0)
        return -1;
    static const char *const known[] = {"module_parts", "memory_class", "soc",
                                        "compute_capability", NULL};
    warn_unknown(c, hw, p, known);
    if (want_strs(c, hw, p, "module_parts", 1) || want_str(c, hw, p, "memory_class", true) ||
        want_str(c, hw, p, "soc", false) || want_str(c, hw, p, "compute_capability", false))
        return -1;
    return 0;
}

static int check_software(struct vctx *c, const json_t *tier, const char *path)
{
    const json_t *sw;
    char p[256];
    join(p, sizeof p, path, "software");
    if (want_obj(c, tier, path, "software", &sw) != 0)
        return -1;
    static const char *const known[] = {"jetpack", "l4t", "ubuntu", "cuda", NULL};
    warn_unknown(c, sw, p, known);
    for (size_t i = 0; known[i]; i++) {
        if (want_str(c, sw, p, known[i], false) != 0)
            return -1;
        const char *v = json_string_value(json_object_get(sw, known[i]));
        if (!jg_version_pattern_ok(v)) {
            char pk[300];
            join(pk, sizeof pk, p, known[i]);
            return fail(c, pk, "\"%s\" is not a version pattern (36.4.3, 7.x, 38+)", v);
        }
    }
    return 0;
}

static int check_pytorch(struct vctx *c, const json_t *tier, const char *path)
{
    char p[256];
    join(p, sizeof p, path, "pytorch");
    const json_t *pt = json_object_get(tier, "pytorch");
    if (!pt)
        return fail(c, p, "missing (use null when no source is pinned)");
    if (json_is_null(pt))
        return 0;
    if (!json_is_object(pt))
        return fail(c, p, "expected an object or null");
    static const char *const known[] = {"kind", "pin", "sha256", "digest", "torch", NULL};
    static const char *const kinds[] = {"wheel", "container", NULL};
    warn_unknown(c, pt, p, known);
    if (want_enum(c, pt, p, "kind", kinds) || want_str(c, pt, p, "pin", false))
        return -1;
    const char *pin = json_string_value(json_object_get(pt, "pin"));
    if (strstr(pin, "latest") != NULL) {
        char pp[300];
        join(pp, sizeof pp, p, "pin");
        return fail(c, pp, "\"%s\" is not an exact pin (never 'latest')", pin);
    }
    return 0;
}

static int check_tier(struct vctx *c, const json_t *t, const char *path)
{
    if (!json_is_object(t))
        return fail(c, path, "expected an object");
    static const char *const known[] = {"id",       "level",        "name",     "runner_labels",
                                        "hardware", "software",     "pytorch",  "bitsandbytes",
                                        "evidence", "memory_notes", NULL};
    static const char *const levels[] = {"target", "evaluate", "legacy", NULL};
    static const char *const bnb[] = {"unsupported", "supported", NULL};
    warn_unknown(c, t, path, known);
    if (want_str(c, t, path, "id", false) || want_enum(c, t, path, "level", levels) ||
        want_str(c, t, path, "name", false) || want_strs(c, t, path, "runner_labels", 0) ||
        check_hardware(c, t, path) || check_software(c, t, path) || check_pytorch(c, t, path) ||
        want_enum(c, t, path, "bitsandbytes", bnb) || want_str(c, t, path, "evidence", false) ||
        want_str(c, t, path, "memory_notes", false))
        return -1;
    return 0;
}

static int check_waiver(struct vctx *c, const json_t *w, const char *path)
{
    if (!json_is_object(w))
        return fail(c, path, "expected an object");
    static const char *const known[] = {"gate", "tier", "reason", "issue", "opened", "expires",
                                        NULL};
    warn_unknown(c, w, path, known);
    if (want_str(c, w, path, "gate", false) || want_str(c, w, path, "reason", false) ||
        want_str(c, w, path, "issue", false) || want_str(c, w, path, "opened", false) ||
        want_str(c, w, path, "expires", false))
        return -1;
    if (json_object_get(w, "tier") && want_str(c, w, path, "tier", false))
        return -1;
    char p[256];
    const char *issue = json_string_value(json_object_get(w, "issue"));
    if (strncmp(issue, "https://", 8) != 0) {
        join(p, sizeof p, path, "issue");
        return fail(c, p, "expected an https:// issue URL");
    }
    static const char *const dates[] = {"opened", "expires", NULL};
    for (size_t i = 0; dates[i]; i++)
        if (!is_date(json_string_value(json_object_get(w, dates[i])))) {
            join(p, sizeof p, path, dates[i]);
            return fail(c, p, "expected a date YYYY-MM-DD");
        }
    return 0;
}

/* Array of objects under key, each checked by fn; ids (when id_key) unique. */
static int check_list(struct vctx *c, const json_t *root, const char *key, bool required,
                      int (*fn)(struct vctx *, const json_t *, const char *))
{
    char p[256];
    join(p, sizeof p, "policy", key);
    const json_t *a = json_object_get(root, key);
    if (!a && !required)
        return 0;
    if (!a)
        return fail(c, p, "missing");
    if (!json_is_array(a))
        return fail(c, p, "expected an array");
    for (size_t i = 0; i < json_array_size(a); i++) {
        char pi[300];
        snprintf(pi, sizeof pi, "%s[%zu]", key, i);
        if (fn(c, json_array_get(a, i), pi) != 0)
            return -1;
        const json_t *id = json_object_get(json_array_get(a, i), "id");
        for (size_t j = 0; id && j < i; j++)
            if (json_equal(id, json_object_get(json_array_get(a, j), "id")))
                return fail(c, pi, "duplicate id \"%s\"", json_string_value(id));
    }
    return 0;
}

static int check_schema_version(struct vctx *c, const json_t *root)
{
    const json_t *v = json_object_get(root, "schema_version");
    if (!v)
        return fail(c, "schema_version", "missing");
    if (!json_is_integer(v))
        return fail(c, "schema_version", "expected an integer");
    if (json_integer_value(v) != JG_POLICY_SCHEMA_VERSION)
        return fail(c, "schema_version", "unsupported major %lld (this jetgate reads %d)",
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
            return fail(c, p, "no gate \"%s\" in the policy", gate);
        }
        if (tier && !jg_policy_tier(policy, tier)) {
            snprintf(p, sizeof p, "waivers[%zu].tier", i);
            return fail(c, p, "no tier \"%s\" in the policy", tier);
        }
    }
    return 0;
}

int jg_policy_validate(const json_t *policy, const char *name, jg_jerr *err)
{
    struct vctx c = {name, err};
    if (!json_is_object(policy))
        return fail(&c, "policy", "expected a JSON object");
    static const char *const known[] = {"schema_version", "evidence", "gates", "tiers", "waivers",
                                        "project", NULL};
    if (check_schema_version(&c, policy) != 0)
        return -1;
    warn_unknown(&c, policy, "policy", known);
    if (check_evidence(&c, policy) || check_list(&c, policy, "gates", true, check_gate) ||
        check_list(&c, policy, "tiers", true, check_tier) ||
        check_list(&c, policy, "waivers", false, check_waiver))
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
