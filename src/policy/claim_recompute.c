/* What the claim can recompute from a record's own measurements, it does:
 * a passing project check whose measurements say otherwise, and a record
 * that names another tool or subject kind, are refused (issue #28 defect 9).
 * The gate's own judgement (evidence/device_auto.c, which gate/hooks.c uses) is the one reused here. */
#include <stdbool.h>
#include <string.h>

#include "evidence/device_auto.h"
#include "policy/claim_internal.h"
#include "schema/check.h"
#include "schema/evidence.h"

/* What `jetgate run` writes (evidence/write.c): anything else is foreign. */
#define TOOL_NAME "jetgate"
#define SUBJECT_NAME "git-commit"

static bool exit_code_zero(const json_t *m)
{
    const json_t *code = JG_NODE(checkm, m, exit_code);
    return json_is_integer(code) && json_integer_value(code) == 0;
}

static void judge_device_auto(struct verdict *v, const json_t *m)
{
    const char *resolved = JG_STR(checkm, m, resolved);
    char got[128];
    bool cuda = resolved && jg_device_auto_is_cuda(resolved, got, sizeof got) &&
                strcmp(got, resolved) == 0;
    if (!cuda || !exit_code_zero(m))
        jg_claim_add(v->deny, "project_device_auto_contradicts",
                     "project.device_auto passes, yet its measurements say resolved \"%.40s\", "
                     "exit code %s (a pass needs cuda or cuda:N and exit code 0)",
                     resolved ? resolved : "(none)", exit_code_zero(m) ? "0" : "not 0");
}

/* Every passing project check, required or not: a pass the record's own
 * measurements contradict is a forged pass. */
static void judge_project_checks(struct verdict *v, const json_t *checks)
{
    for (size_t i = 0; i < json_array_size(checks); i++) {
        const json_t *c = json_array_get(checks, i);
        const char *id = JG_STR(check, c, id), *st = JG_STR(check, c, status);
        if (!id || !st || strcmp(st, "pass") != 0)
            continue;
        const json_t *m = JG_OBJ(check, c, measurements);
        if (strcmp(id, "project.device_auto") == 0)
            judge_device_auto(v, m);
        else if (strcmp(id, "project.tests") == 0 && !exit_code_zero(m))
            jg_claim_add(v->deny, "project_tests_exit_contradicts",
                         "project.tests passes, yet its command's exit code is not 0");
    }
}

void jg_claim_recompute(struct verdict *v, const json_t *doc)
{
    const json_t *pred = JG_OBJ(stmt, doc, predicate);
    const char *tool = JG_STR(tool, JG_OBJ(pred, pred, tool), name);
    if (!tool || strcmp(tool, TOOL_NAME) != 0)
        jg_claim_add(v->deny, "tool_foreign", "the record was made by %.60s, not " TOOL_NAME,
                     tool ? tool : "an unnamed tool");
    const json_t *subj = JG_OBJS(stmt, doc, subject);
    for (size_t i = 0; i < json_array_size(subj); i++) {
        const char *name = JG_STR(subject, json_array_get(subj, i), name);
        if (!name || strcmp(name, SUBJECT_NAME) != 0)
            jg_claim_add(v->deny, "subject_name_foreign",
                         "subject[%zu] is named %.60s, not " SUBJECT_NAME, i,
                         name ? name : "(none)");
    }
    judge_project_checks(v, JG_OBJS(pred, pred, checks));
}
