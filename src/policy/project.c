/* policy.project: validated here rather than in policy.c so the project
 * defaults that `jetgate init` writes have one home. */
#include "policy/project.h"

#include "policy/policy.h"
#include "policy/policy_validate.h"

/* A non-empty string or null; 1 when a string, 0 null/absent, -1 bad. */
static int opt_string(struct vctx *c, const json_t *policy, const jg_field *f)
{
    const json_t *v = jg_doc_node(policy, f);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v) || json_string_length(v) == 0)
        return jg_pv_fail(c, f->path, "expected a non-empty string or null");
    return 1;
}

int jg_policy_project_check(const json_t *policy, const char *file, jg_jerr *err)
{
    struct vctx c = {file, err};
    const json_t *p = JG_NODE(policy, policy, project);
    if (!p || json_is_null(p))
        return 0;
    if (!json_is_object(p))
        return jg_pv_fail(&c, JG_PATH(policy, project), "expected an object or null");
    jg_pv_warn_unknown(&c, p, JG_PATH(policy, project), JG_ROWS(policy), JG_PATH(policy, project));
    if (opt_string(&c, policy, JG_FIELD(policy, python)) < 0)
        return -1;
    int tier = opt_string(&c, policy, JG_FIELD(policy, project_tier));
    if (tier < 0)
        return -1;
    const char *id = JG_STR(policy, policy, project_tier);
    if (tier == 1 && !jg_policy_tier(policy, id))
        return jg_pv_fail(&c, JG_PATH(policy, project_tier), "no tier \"%.100s\" in the policy", id);
    return 0;
}

const char *jg_policy_python(const json_t *policy)
{
    return JG_STR(policy, policy, python);
}

const char *jg_policy_project_tier(const json_t *policy)
{
    return JG_STR(policy, policy, project_tier);
}
