/* Validation of the policy's tiers (hardware, software, PyTorch pin) and
 * waivers. */
#include <stdio.h>
#include <string.h>

#include "install/pep440.h"
#include "install/reqfile.h"
#include "policy/policy.h"
#include "policy/policy_validate.h"
#include "policy/repo.h"

static int check_hardware(struct vctx *c, const json_t *tier, const char *path)
{
    if (jg_pv_want_section(c, tier, path, JG_FIELD(tier, hardware), JG_ROWS(tier)) != 0)
        return -1;
    if (jg_pv_want_strs(c, tier, path, JG_FIELD(tier, module_parts), 1) ||
        jg_pv_want_str(c, tier, path, JG_FIELD(tier, memory_class), true) ||
        jg_pv_want_str(c, tier, path, JG_FIELD(tier, soc), false) ||
        jg_pv_want_str(c, tier, path, JG_FIELD(tier, compute_capability), false))
        return -1;
    return 0;
}

/* The software rows, jetpack through tensorrt, are version patterns; those
 * after cuda (cudnn, tensorrt) are optional: compared only where the tier
 * names them. */
static int check_software(struct vctx *c, const json_t *tier, const char *path)
{
    if (jg_pv_want_section(c, tier, path, JG_FIELD(tier, software), JG_ROWS(tier)) != 0)
        return -1;
    for (size_t i = JGF_tier_jetpack; i <= JGF_tier_tensorrt; i++) {
        const jg_field *f = &jg_fields_tier[i];
        if (i > JGF_tier_cuda && !jg_doc_node(tier, f))
            continue;
        if (jg_pv_want_str(c, tier, path, f, false) != 0)
            return -1;
        const char *v = jg_doc_str(tier, f);
        if (!jg_version_pattern_ok(v)) {
            char pk[300];
            jg_pv_join(pk, sizeof pk, path, f->path);
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
    const jg_field *key = container ? JG_FIELD(pin, digest) : JG_FIELD(pin, sha256);
    const jg_field *other = container ? JG_FIELD(pin, sha256) : JG_FIELD(pin, digest);
    char pk[300];
    jg_pv_join(pk, sizeof pk, p, other->path);
    if (jg_doc_node(pt, other))
        return jg_pv_fail(c, pk, "a %s pin carries \"%s\", not \"%s\"",
                          container ? "container" : "wheel", key->path, other->path);
    const json_t *v = jg_doc_node(pt, key);
    jg_pv_join(pk, sizeof pk, p, key->path);
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

/* torchvision / torchaudio beside torch: {version, pin, sha256}, version a
 * PEP 440 version, a wheel pin named for that package and version. */
static int check_companion(struct vctx *c, const json_t *pt, const char *p, const jg_field *f)
{
    char cp[300], pk[340], name[64], ver[128];
    const json_t *co = jg_doc_node(pt, f);
    jg_pv_join(cp, sizeof cp, p, f->path);
    if (!co || json_is_null(co))
        return 0;
    if (!json_is_object(co))
        return jg_pv_fail(c, cp, "expected an object {version, pin, sha256} or null");
    jg_pv_warn_unknown(c, co, cp, JG_ROWS(companion), NULL);
    if (jg_pv_want_str(c, co, cp, JG_FIELD(companion, version), false) ||
        (JG_NODE(companion, co, pin) &&
         jg_pv_want_str(c, co, cp, JG_FIELD(companion, pin), true)) ||
        (JG_NODE(companion, co, sha256) &&
         jg_pv_want_str(c, co, cp, JG_FIELD(companion, sha256), true)))
        return -1;
    const char *v = JG_STR(companion, co, version), *pin = JG_STR(companion, co, pin);
    const char *sha = JG_STR(companion, co, sha256);
    jg_version parsed;
    jg_pv_join(pk, sizeof pk, cp, JG_PATH(companion, version));
    if (!jg_version_parse(v, &parsed))
        return jg_pv_fail(c, pk, "\"%s\" is not a PEP 440 version", v);
    jg_pv_join(pk, sizeof pk, cp, JG_PATH(companion, pin));
    if (pin && (!jg_wheel_version(pin, name, sizeof name, ver, sizeof ver) ||
                strcmp(name, f->path) != 0 || strcmp(ver, v) != 0))
        return jg_pv_fail(c, pk, "\"%s\" is not a %s-%s wheel", pin, f->path, v);
    jg_pv_join(pk, sizeof pk, cp, JG_PATH(companion, sha256));
    if (sha && !is_hex(sha, 64))
        return jg_pv_fail(c, pk, "expected 64 lowercase hex digits or null");
    return 0;
}

/* {kind, pin, torch, sha256|digest[, fallback][, torchvision][, torchaudio]}:
 * fallback (a wheel) only under a container. */
static int check_pin(struct vctx *c, const json_t *pt, const char *p, bool nested)
{
    if (!json_is_object(pt))
        return jg_pv_fail(c, p, "expected an object%s", nested ? "" : " or null");
    static const char *const kinds[] = {"wheel", "container", NULL};
    jg_pv_warn_unknown(c, pt, p, JG_ROWS(pin), NULL);
    if (jg_pv_want_enum(c, pt, p, JG_FIELD(pin, kind), kinds) ||
        jg_pv_want_str(c, pt, p, JG_FIELD(pin, pin), false) ||
        (JG_NODE(pin, pt, torch) && jg_pv_want_str(c, pt, p, JG_FIELD(pin, torch), false)))
        return -1;
    const char *ref = JG_STR(pin, pt, pin);
    char pp[300];
    jg_pv_join(pp, sizeof pp, p, JG_PATH(pin, pin));
    if (strstr(ref, "latest") != NULL)
        return jg_pv_fail(c, pp, "\"%s\" is not an exact pin (never 'latest')", ref);
    bool container = strcmp(JG_STR(pin, pt, kind), "container") == 0;
    if (check_hash(c, pt, p, container) != 0 ||
        check_companion(c, pt, p, JG_FIELD(pin, torchvision)) != 0 ||
        check_companion(c, pt, p, JG_FIELD(pin, torchaudio)) != 0)
        return -1;
    const json_t *fb = JG_NODE(pin, pt, fallback);
    jg_pv_join(pp, sizeof pp, p, JG_PATH(pin, fallback));
    if (fb && (nested || !container))
        return jg_pv_fail(c, pp, "only a container pin has a fallback (the native wheel)");
    if (fb && check_pin(c, fb, pp, true) != 0)
        return -1;
    if (fb && strcmp(JG_STR(pin, fb, kind), "wheel") != 0)
        return jg_pv_fail(c, pp, "the fallback of a container pin is a wheel");
    return 0;
}

static int check_pytorch(struct vctx *c, const json_t *tier, const char *path)
{
    char p[256];
    jg_pv_join(p, sizeof p, path, JG_PATH(tier, pytorch));
    const json_t *pt = JG_NODE(tier, tier, pytorch);
    if (!pt)
        return jg_pv_fail(c, p, "missing (use null when no source is pinned)");
    return json_is_null(pt) ? 0 : check_pin(c, pt, p, false);
}

int jg_pv_check_tier(struct vctx *c, const json_t *t, const char *path)
{
    if (!json_is_object(t))
        return jg_pv_fail(c, path, "expected an object");
    static const char *const levels[] = {"target", "evaluate", "legacy", NULL};
    static const char *const bnb[] = {"unsupported", "supported", NULL};
    jg_pv_warn_unknown(c, t, path, JG_ROWS(tier), NULL);
    if (jg_pv_want_id(c, t, path, JG_FIELD(tier, id)) ||
        jg_pv_want_enum(c, t, path, JG_FIELD(tier, level), levels) ||
        jg_pv_want_str(c, t, path, JG_FIELD(tier, name), false) ||
        jg_pv_want_strs(c, t, path, JG_FIELD(tier, runner_labels), 0) ||
        check_hardware(c, t, path) || check_software(c, t, path) || check_pytorch(c, t, path) ||
        jg_pv_want_enum(c, t, path, JG_FIELD(tier, bitsandbytes), bnb) ||
        jg_pv_want_str(c, t, path, JG_FIELD(tier, evidence), false) ||
        jg_pv_want_str(c, t, path, JG_FIELD(tier, memory_notes), false))
        return -1;
    return 0;
}

int jg_pv_check_waiver(struct vctx *c, const json_t *w, const char *path)
{
    if (!json_is_object(w))
        return jg_pv_fail(c, path, "expected an object");
    jg_pv_warn_unknown(c, w, path, JG_ROWS(waiver), NULL);
    if (jg_pv_want_str(c, w, path, JG_FIELD(waiver, gate), false) ||
        jg_pv_want_str(c, w, path, JG_FIELD(waiver, reason), false) ||
        jg_pv_want_str(c, w, path, JG_FIELD(waiver, issue), false) ||
        jg_pv_want_str(c, w, path, JG_FIELD(waiver, opened), false) ||
        jg_pv_want_str(c, w, path, JG_FIELD(waiver, expires), false))
        return -1;
    if (JG_NODE(waiver, w, tier) && jg_pv_want_str(c, w, path, JG_FIELD(waiver, tier), false))
        return -1;
    char p[256];
    const char *issue = JG_STR(waiver, w, issue);
    char repo[JG_REPO_MAX];
    if (!jg_repo_of_issue(issue, repo, sizeof repo)) {
        jg_pv_join(p, sizeof p, path, JG_PATH(waiver, issue));
        return jg_pv_fail(c, p, "expected the project's issue URL https://HOST/OWNER/NAME/issues/N, "
                                "got \"%.120s\"", issue);
    }
    const jg_field *dates[] = {JG_FIELD(waiver, opened), JG_FIELD(waiver, expires)};
    for (size_t i = 0; i < 2; i++)
        if (!jg_pv_is_date(jg_doc_str(w, dates[i]))) {
            jg_pv_join(p, sizeof p, path, dates[i]->path);
            return jg_pv_fail(c, p, "expected a date YYYY-MM-DD");
        }
    return 0;
}
