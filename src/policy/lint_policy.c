/* What the workflow rules need from the policy, checked once: the gate
 * exists, it triggers only on trusted events, it names the base runner
 * labels, each tier names its own labels, and the evidence retention is one
 * upload-artifact accepts. */
#include <string.h>

#include "policy/lint_internal.h"

static const char *const base_labels[] = {"self-hosted", "linux", "ARM64", "jetson"};
static const char *const trusted_triggers[] = {"workflow_dispatch", "schedule", "release"};

static bool trusted(const char *t)
{
    for (size_t i = 0; i < sizeof trusted_triggers / sizeof trusted_triggers[0]; i++)
        if (strcmp(t, trusted_triggers[i]) == 0)
            return true;
    return false;
}

static void lint_gate(const json_t *gate, const char *file, jg_findings *out)
{
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(gate, "triggers"), i, v)
    {
        const char *t = json_string_value(v);
        if (!t || !trusted(t))
            jg_findings_add(out, file, 0, 0, "policy.triggers",
                            "gate %s: trigger '%s' is not workflow_dispatch, schedule or release",
                            JG_LINT_GATE, t ? t : "(not a string)");
    }
    const json_t *labels = json_object_get(gate, "runner_labels");
    for (i = 0; i < sizeof base_labels / sizeof base_labels[0]; i++)
        if (!jg_lint_json_has(labels, base_labels[i], true))
            jg_findings_add(out, file, 0, 0, "policy.runner-labels",
                            "gate %s: runner_labels lacks '%s'", JG_LINT_GATE, base_labels[i]);
}

void jg_lint_policy(const json_t *policy, const char *file, jg_findings *out)
{
    const json_t *gate = jg_lint_gate(policy);
    if (!gate)
        jg_findings_add(out, file, 0, 0, "policy.gate", "no gate with id '%s'", JG_LINT_GATE);
    else
        lint_gate(gate, file, out);
    json_int_t days = json_integer_value(
        json_object_get(json_object_get(policy, "evidence"), "retention_days"));
    if (days < 1 || days > 90)
        jg_findings_add(out, file, 0, 0, "policy.retention",
                        "evidence.retention_days must be 1..90 (actions/upload-artifact's range)");
}
