/* What the workflow rules need from the policy, checked once: the gate
 * exists, it triggers only on trusted events, it names the base runner
 * labels, each tier names its own labels, and the evidence retention is one
 * upload-artifact accepts. */
#include <string.h>

#include "evidence/read.h"
#include "lint/lint_internal.h"
#include "policy/policy.h"
#include "policy/repo.h"
#include "schema/policy.h"

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
    json_array_foreach(JG_NODE(gate, gate, triggers), i, v)
    {
        const char *t = json_string_value(v);
        if (!t || !trusted(t))
            jg_findings_add(out, file, 0, 0, "policy.triggers",
                            "gate %s: trigger '%s' is not workflow_dispatch, schedule or release",
                            JG_LINT_GATE, t ? t : "(not a string)");
    }
    const json_t *labels = JG_NODE(gate, gate, runner_labels);
    for (i = 0; i < sizeof base_labels / sizeof base_labels[0]; i++)
        if (!jg_lint_json_has(labels, base_labels[i], true))
            jg_findings_add(out, file, 0, 0, "policy.runner-labels",
                            "gate %s: runner_labels lacks '%s'", JG_LINT_GATE, base_labels[i]);
}

/* Waivers (issue 10): at most JG_WAIVER_MAX_DAYS long, and citing an issue
 * of this project (when this checkout's repository is known). */
static void lint_waivers(const json_t *policy, const char *file, jg_findings *out)
{
    char here[JG_REPO_MAX], repo[JG_REPO_MAX];
    bool known = jg_repo_here(here, sizeof here);
    size_t i;
    json_t *w;
    json_array_foreach(JG_NODE(policy, policy, waivers), i, w)
    {
        time_t opened, expires;
        const char *issue = JG_STR(waiver, w, issue);
        if (jg_evidence_parse_date(JG_STR(waiver, w, opened), &opened) &&
            jg_evidence_parse_date(JG_STR(waiver, w, expires), &expires) &&
            expires - opened > (time_t)JG_WAIVER_MAX_DAYS * 86400)
            jg_findings_add(out, file, 0, 0, "policy.waiver-too-long",
                            "waivers[%zu] spans %lld days; a waiver lasts at most %d", i,
                            (long long)((expires - opened) / 86400), JG_WAIVER_MAX_DAYS);
        if (known && (!jg_repo_of_issue(issue, repo, sizeof repo) || strcmp(repo, here) != 0))
            jg_findings_add(out, file, 0, 0, "policy.waiver-foreign-issue",
                            "waivers[%zu] cites %s, not an issue of %s", i, issue ? issue : "?",
                            here);
    }
}

void jg_lint_policy(const json_t *policy, const char *file, jg_findings *out)
{
    lint_waivers(policy, file, out);
    const json_t *gate = jg_lint_gate(policy);
    if (!gate)
        jg_findings_add(out, file, 0, 0, "policy.gate", "no gate with id '%s'", JG_LINT_GATE);
    else
        lint_gate(gate, file, out);
    json_int_t days = JG_INT(policy, policy, retention_days, 0);
    if (days < 1 || days > 90)
        jg_findings_add(out, file, 0, 0, "policy.retention",
                        "evidence.retention_days must be 1..90 (actions/upload-artifact's range)");
}
