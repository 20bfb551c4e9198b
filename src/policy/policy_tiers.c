/* Validation of the policy's tiers (hardware, software, PyTorch pin) and
 * waivers. */
#include <stdio.h>
#include <string.h>

#include "policy/policy.h"
#include "policy/policy_validate.h"

static int check_hardware(struct vctx *c, const json_t *tier, const char *path)
{
    const json_t *hw;
    char p[256];
    jg_pv_join(p, sizeof p, path, "hardware");
    if (jg_pv_want_obj(c, tier, path, "hardware", &hw) != 0)
        return -1;
    static const char *const known[] = {"module_parts", "memory_class", "soc",
                                        "compute_capability", NULL};
    jg_pv_warn_unknown(c, hw, p, known);
    if (jg_pv_want_strs(c, hw, p, "module_parts", 1) || jg_pv_want_str(c, hw, p, "memory_class", true) ||
        jg_pv_want_str(c, hw, p, "soc", false) || jg_pv_want_str(c, hw, p, "compute_capability", false))
        return -1;
    return 0;
}

static int check_software(struct vctx *c, const json_t *tier, const char *path)
{
    const json_t *sw;
    char p[256];
    jg_pv_join(p, sizeof p, path, "software");
    if (jg_pv_want_obj(c, tier, path, "software", &sw) != 0)
        return -1;
    static const char *const known[] = {"jetpack", "l4t", "ubuntu", "cuda", NULL};
    jg_pv_warn_unknown(c, sw, p, known);
    for (size_t i = 0; known[i]; i++) {
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

static int check_pytorch(struct vctx *c, const json_t *tier, const char *path)
{
    char p[256];
    jg_pv_join(p, sizeof p, path, "pytorch");
    const json_t *pt = json_object_get(tier, "pytorch");
    if (!pt)
        return jg_pv_fail(c, p, "missing (use null when no source is pinned)");
    if (json_is_null(pt))
        return 0;
    if (!json_is_object(pt))
        return jg_pv_fail(c, p, "expected an object or null");
    static const char *const known[] = {"kind", "pin", NULL};
    static const char *const kinds[] = {"wheel", "container", NULL};
    jg_pv_warn_unknown(c, pt, p, known);
    if (jg_pv_want_enum(c, pt, p, "kind", kinds) || jg_pv_want_str(c, pt, p, "pin", false))
        return -1;
    const char *pin = json_string_value(json_object_get(pt, "pin"));
    if (strstr(pin, "latest") != NULL) {
        char pp[300];
        jg_pv_join(pp, sizeof pp, p, "pin");
        return jg_pv_fail(c, pp, "\"%s\" is not an exact pin (never 'latest')", pin);
    }
    return 0;
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
    if (strncmp(issue, "https://", 8) != 0) {
        jg_pv_join(p, sizeof p, path, "issue");
        return jg_pv_fail(c, p, "expected an https:// issue URL");
    }
    static const char *const dates[] = {"opened", "expires", NULL};
    for (size_t i = 0; dates[i]; i++)
        if (!jg_pv_is_date(json_string_value(json_object_get(w, dates[i])))) {
            jg_pv_join(p, sizeof p, path, dates[i]);
            return jg_pv_fail(c, p, "expected a date YYYY-MM-DD");
        }
    return 0;
}

