/* The policy's attestation settings: which workflow's signature a claim
 * accepts (attestation.signer_workflow, at attestation.signer_commits when
 * given) and which tiers require one (tiers[].require_attestation). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "policy/attest.h"
#include "policy/policy_validate.h"

#define WORKFLOWS "/.github/workflows/"

/* One path segment of a GitHub name: letters, digits, '-', '_', '.'. */
static size_t name_len(const char *s)
{
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '-' || s[n] == '_' || s[n] == '.')
        n++;
    return n;
}

bool jg_attest_signer_normalize(const char *s, char *out, size_t n)
{
    if (!s)
        return false;
    if (strncmp(s, "https://", 8) == 0)
        s += 8;
    const char *wf = strstr(s, WORKFLOWS);
    if (!wf)
        return false;
    const char *file = wf + strlen(WORKFLOWS);
    if (!*file || strchr(file, '@') || strchr(file, ' '))
        return false;
    /* Before the workflows folder: [host/]owner/name, each a name. */
    const char *seg[3];
    size_t len[3], k = 0;
    for (const char *p = s; p < wf; k++) {
        size_t l = name_len(p);
        if (k == 3 || l == 0 || (p[l] != '/' && p + l != wf))
            return false;
        seg[k] = p, len[k] = l;
        p += l + (p + l != wf);
    }
    if (k < 2)
        return false;
    size_t first = k == 3 ? 1 : 0;
    int w = snprintf(out, n, "%.*s/%.*s/%.*s%s", k == 3 ? (int)len[0] : 10,
                     k == 3 ? seg[0] : "github.com", (int)len[first], seg[first],
                     (int)len[first + 1], seg[first + 1], wf);
    if (w < 0 || (size_t)w >= n)
        return false;
    for (char *p = out; p < out + (w - (int)strlen(wf)); p++)
        *p = (char)tolower((unsigned char)*p);
    return true;
}

static bool is_commit(const char *s)
{
    if (!s || strlen(s) != 40)
        return false;
    for (size_t i = 0; i < 40; i++)
        if (!isdigit((unsigned char)s[i]) && !(s[i] >= 'a' && s[i] <= 'f'))
            return false;
    return true;
}

static int check_section(struct vctx *c, const json_t *root)
{
    if (jg_pv_want_section(c, root, "policy", JG_FIELD(policy, attestation), JG_ROWS(policy)) ||
        jg_pv_want_str(c, root, "policy", JG_FIELD(policy, signer_workflow), false))
        return -1;
    char norm[512], p[300]; /* p: jg_pv_join cuts a long path */
    jg_pv_join(p, sizeof p, "policy", JG_PATH(policy, signer_workflow));
    if (!jg_attest_signer_normalize(JG_STR(policy, root, signer_workflow), norm, sizeof norm))
        return jg_pv_fail(c, p, "expected OWNER/NAME/.github/workflows/FILE (the reusable "
                                "workflow that signs, as gh's --signer-workflow takes it)");
    if (!JG_NODE(policy, root, signer_commits))
        return 0;
    if (jg_pv_want_strs(c, root, "policy", JG_FIELD(policy, signer_commits), 0) != 0)
        return -1;
    const json_t *commits = JG_STRS(policy, root, signer_commits);
    for (size_t i = 0; i < json_array_size(commits); i++)
        if (!is_commit(json_string_value(json_array_get(commits, i)))) {
            char pi[340];
            jg_pv_join(p, sizeof p, "policy", JG_PATH(policy, signer_commits));
            snprintf(pi, sizeof pi, "%s[%zu]", p, i);
            return jg_pv_fail(c, pi, "expected a commit: 40 lowercase hex digits");
        }
    return 0;
}

/* require_attestation is a boolean; true needs the section naming the signer. */
int jg_pv_check_attestation(struct vctx *c, const json_t *root)
{
    if (JG_NODE(policy, root, attestation) && check_section(c, root) != 0)
        return -1;
    const json_t *tiers = JG_OBJS(policy, root, tiers);
    for (size_t i = 0; i < json_array_size(tiers); i++) {
        const json_t *t = json_array_get(tiers, i), *v = JG_NODE(tier, t, require_attestation);
        char p[300];
        snprintf(p, sizeof p, "policy.tiers[%zu].%s", i, JG_PATH(tier, require_attestation));
        if (v && !json_is_boolean(v))
            return jg_pv_fail(c, p, "expected true or false");
        if (json_is_true(v) && !JG_NODE(policy, root, attestation))
            return jg_pv_fail(c, p, "the tier requires an attestation, but the policy names no "
                                    "signer: add \"%s\": {\"signer_workflow\": "
                                    "\"OWNER/jetgate/.github/workflows/jetson-gate.yml\"}",
                              JG_PATH(policy, attestation));
    }
    return 0;
}
