/* policy.project: validated here rather than in policy.c so the project
 * defaults that `jetgate init` writes have one home. */
#include "policy/project.h"

#include <stdio.h>
#include <string.h>

#include "policy/policy.h"
#include "util/msg.h"

static int fail(jg_jerr *err, const char *file, const char *key, const char *why)
{
    snprintf(err->text, sizeof err->text, "%s: project.%s: %s", file, key, why);
    return -1;
}

/* A non-empty string or null; 1 when a string, 0 null/absent, -1 bad. */
static int opt_string(const json_t *project, const char *key, const char *file, jg_jerr *err)
{
    const json_t *v = json_object_get(project, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v) || json_string_length(v) == 0)
        return fail(err, file, key, "expected a non-empty string or null");
    return 1;
}

int jg_policy_project_check(const json_t *policy, const char *file, jg_jerr *err)
{
    const json_t *p = json_object_get(policy, "project");
    if (!p || json_is_null(p))
        return 0;
    if (!json_is_object(p)) {
        snprintf(err->text, sizeof err->text, "%s: project: expected an object or null", file);
        return -1;
    }
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)p, key, v) {
        if (strcmp(key, "python") && strcmp(key, "tier") && strcmp(key, JG_POLICY_COMMENT_KEY))
            jg_warn("%s: project.%s: unknown field, ignored", file, key);
    }
    if (opt_string(p, "python", file, err) < 0)
        return -1;
    int tier = opt_string(p, "tier", file, err);
    if (tier < 0)
        return -1;
    const char *id = json_string_value(json_object_get(p, "tier"));
    if (tier == 1 && !jg_policy_tier(policy, id)) {
        char why[200];
        snprintf(why, sizeof why, "no tier \"%.100s\" in the policy", id);
        return fail(err, file, "tier", why);
    }
    return 0;
}

const char *jg_policy_python(const json_t *policy)
{
    return json_string_value(json_object_get(json_object_get(policy, "project"), "python"));
}

const char *jg_policy_project_tier(const json_t *policy)
{
    return json_string_value(json_object_get(json_object_get(policy, "project"), "tier"));
}
