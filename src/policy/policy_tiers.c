/* Validation of the policy's tiers (hardware, software, PyTorch pin) and
 * waivers. */
#include <stdio.h>
#include <string.h>

#include "policy/policy.h"
#include "policy/policy_validate.h"
#include "policy/repo.h"
#include "util/json.h"

static int check_hardware(struct vctx *c, const json_t *tier, const char *path)
{
    static const char *const known[] = {"module_parts", "memory_class", "soc",
                                        "compute_capability", NULL};
    const json_t *hw;
    char p[256];
    if (jg_pv_want_section(c, tier, path, "hardware", known, &hw, p, sizeof p) != 0)
        return -1;
    if (jg_pv_want_strs(c, hw, p, "module_parts", 1) || jg_pv_want_str(c, hw, p, "memory_class", true) ||
        jg_pv_want_str(c, hw, p, "soc", false) || jg_pv_want_str(c, hw, p, "compute_capability", false))
        return -1;
    return 0;
}

static int check_software(struct vctx *c, const json_t *tier, const char *path)
{
    /* cudnn and tensorrt are optional: compared only where the tier names them. */
    static const char *const known[] = {"jetpack", "l4t", "ubuntu", "cuda", "cudnn", "tensorrt",
                                        NULL};
    const json_t *sw;
    char p[256];
    if (jg_pv_want_section(c, tier, path, "software", known, &sw, p, sizeof p) != 0)
        return -1;
    for (size_t i = 0; known[i]; i++) {
        if (i >= 4 && !json_object_get(sw, known[i]))
            continue;
        if (jg_pv_want_str(c, sw, p, known[i], false) != 0)
            return -1;
        const char *v = json_string_value(json_object_get(sw, known[i]));
        if (!jg_version_pattern_ok(v)) {
            char pk[300];
            jg_pv_join(pk, sizeof pk, p, known[i]);
            return jg_pv_fail(c, pk, "\"%s\" is not a version pattern (36.4.3, 7.x, 38+)", v);
        }
    }
    return 0;
}

/* hex digits only, exactly n of them, lowercase. */
static bool is_hex(const char *s, size_t n)
{
    if (!s || strlen(s) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
    return true;
}

/* sha256 (wheel: 64 hex) or digest (container: "sha256:" + 64 hex), each
 * null when no public source gives it: never an invented value. */
static int check_hash(struct vctx *c, const json_t *pt, const char *p, bool container)
{
    const char *key = container ? "digest" : "sha256";
    const char *other = container ? "sha256" : "digest";
    char pk[300];
    jg_pv_join(pk, sizeof pk, p, other);
    if (json_object_get(pt, other))
        return jg_pv_fail(c, pk, "a %s pin carries \"%s\", not \"%s\"",
                          container ? "container" : "wheel", key, other);
    const json_t *v = json_object_get(pt, key);
    jg_pv_join(pk, sizeof pk, p, key);
    if (!v || json_is_null(v))
        return 0;
    const char *h = json_string_value(v);
    bool ok = container ? h && strncmp(h, "sha256:", 7) == 0 && is_hex(h + 7, 64) : is_hex(h, 64);
    if (!ok)
        return jg_pv_fail(c, pk, "expected %s or null", container ? "\"sha256:\" and 64 lowercase "
                                                                   "hex digits"
                                                                 : "64 lowercase hex digits");
    return 0;
}

/* {kind, pin, torch, sha256|digest[, fallback]}: fallback (a wheel) only under a container. */
static int check_pin(struct vctx *c, const json_t *pt, const char *p, bool nested)
{
    if (!json_is_object(pt))
        return jg_pv_fail(c, p, "expected an object%s", nested ? "" : " or null");
    static const char *const known[] = {"kind", "pin", "torch", "sha256", "digest", "fallback",
                                        NULL};
    static const char *const kinds[] = {"wheel", "container", NULL};
    jg_pv_warn_unknown(c, pt, p, known);
    if (jg_pv_want_enum(c, pt, p, "kind", kinds) || jg_pv_want_str(c, pt, p, "pin", false) ||
        (json_object_get(pt, "torch") && jg_pv_want_str(c, pt, p, "torch", false)))
        return -1;
    const char *pin = json_string_value(json_object_get(pt, "pin"));
    char pp[300];
    jg_pv_join(pp, sizeof pp, p, "pin");
    if (strstr(pin, "latest") != NULL)
        return jg_pv_fail(c, pp, "\"%s\" is not an exact pin (never 'latest')", pin);
    bool container = strcmp(jg_json_str(pt, "kind"), "container") == 0;
    if (check_hash(c, pt, p, container) != 0)
        return -1;
    const json_t *fb = json_object_get(pt, "fallback");
    jg_pv_join(pp, sizeof pp, p, "fallback");
    if (fb && (nested || !container))
        return jg_pv_fail(c, pp, "only a container pin has a fallback (the native wheel)");
    if (fb && check_pin(c, fb, pp, true) != 0)
        return -1;
    if (fb && strcmp(jg_json_str(fb, "kind"), "wheel") != 0)
        return jg_pv_fail(c, pp, "the fallback of a container pin is a wheel");
    return 0;
}

static int check_pytorch(struct vctx *c, const json_t *tier, const char *path)
{
    char p[256];
    jg_pv_join(p, sizeof p, path, "pytorch");
    const json_t *pt = json_object_get(tier, "pytorch");
    if (!pt)
        return jg_pv_fail(c, p, "missing (use null when no source is pinned)");
    return json_is_null(pt) ? 0 : check_pin(c, pt, p, false);
}

int jg_pv_check_tier(struct vctx *c, const json_t *t, const char *path)
{
    if (!json_is_object(t))
        return jg_pv_fail(c, path, "expected an object");
    static const char *const known[] = {"id",       "level",        "name",     "runner_labels",
                                        "hardware", "software",     "pytorch",  "bitsandbytes",
                                        "evidence", "memory_notes", NULL};
    static const char *const levels[] = {"target", "evaluate", "legacy", NULL};
    static const char *const bnb[] = {"unsupported", "supported", NULL};
    jg_pv_warn_unknown(c, t, path, known);
    if (jg_pv_want_str(c, t, path, "id", false) || jg_pv_want_enum(c, t, path, "level", levels) ||
        jg_pv_want_str(c, t, path, "name", false) || jg_pv_want_strs(c, t, path, "runner_labels", 0) ||
        check_hardware(c, t, path) || check_software(c, t, path) || check_pytorch(c, t, path) ||
        jg_pv_want_enum(c, t, path, "bitsandbytes", bnb) || jg_pv_want_str(c, t, path, "evidence", false) ||
        jg_pv_want_str(c, t, path, "memory_notes", false))
        return -1;
    return 0;
}

int jg_pv_check_waiver(struct vctx *c, const json_t *w, const char *path)
{
    if (!json_is_object(w))
        return jg_pv_fail(c, path, "expected an object");
    static const char *const known[] = {"gate", "tier", "reason", "issue", "opened", "expires",
                                        NULL};
    jg_pv_warn_unknown(c, w, path, known);
    if (jg_pv_want_str(c, w, path, "gate", false) || jg_pv_want_str(c, w, path, "reason", false) ||
        jg_pv_want_str(c, w, path, "issue", false) || jg_pv_want_str(c, w, path, "opened", false) ||
        jg_pv_want_str(c, w, path, "expires", false))
        return -1;
    if (json_object_get(w, "tier") && jg_pv_want_str(c, w, path, "tier", false))
        return -1;
    char p[256];
    const char *issue = json_string_value(json_object_get(w, "issue"));
    char repo[JG_REPO_MAX];
    if (!jg_repo_of_issue(issue, repo, sizeof repo)) {
        jg_pv_join(p, sizeof p, path, "issue");
        return jg_pv_fail(c, p, "expected the project's issue URL https://HOST/OWNER/NAME/issues/N, "
                                "got \"%.120s\"", issue);
    }
    static const char *const dates[] = {"opened", "expires", NULL};
    for (size_t i = 0; dates[i]; i++)
        if (!jg_pv_is_date(json_string_value(json_object_get(w, dates[i])))) {
            jg_pv_join(p, sizeof p, path, dates[i]);
            return jg_pv_fail(c, p, "expected a date YYYY-MM-DD");
        }
    return 0;
}

