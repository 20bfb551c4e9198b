/* Write permissions a job provably needs. A workflow that attests, publishes
 * to PyPI or makes a release cannot do it with a read-only token; lint
 * accepts the permission where it is scoped to the job whose step needs it
 * (the job's own permissions, not the workflow's) and the workflow runs on
 * no untrusted event, and otherwise says where it belongs. */
#include <string.h>

#include "lint/lint_internal.h"

/* Each step and what it needs, from the action's own documentation:
 * actions/attest-build-provenance, actions/attest-sbom, actions/attest
 *   (https://github.com/actions/attest-build-provenance#usage: id-token:
 *   write to get the OIDC token, attestations: write to store it);
 * pypa/gh-action-pypi-publish (trusted publishing: id-token: write,
 *   https://docs.pypi.org/trusted-publishers/using-a-publisher/);
 * softprops/action-gh-release, actions/upload-release-asset and `gh release
 *   create|upload|edit` (creating or changing a release: contents: write);
 * depot/build-push-action and depot/bake-action (Depot's OIDC login: id-token: write,
 *   https://depot.dev/docs/container-builds/reference/github-actions). */
static const struct need {
    const char *action;  /* owner/repo of a `uses:` (any ref), or NULL */
    const char *command; /* words of a `run:` script, or NULL */
    const char *scope, *value;
} needs[] = {
    {"actions/attest-build-provenance", NULL, "id-token", "write"},
    {"actions/attest-build-provenance", NULL, "attestations", "write"},
    {"actions/attest-sbom", NULL, "id-token", "write"},
    {"actions/attest-sbom", NULL, "attestations", "write"},
    {"actions/attest", NULL, "id-token", "write"},
    {"actions/attest", NULL, "attestations", "write"},
    {"pypa/gh-action-pypi-publish", NULL, "id-token", "write"},
    {"softprops/action-gh-release", NULL, "contents", "write"},
    {"actions/upload-release-asset", NULL, "contents", "write"},
    {"depot/build-push-action", NULL, "id-token", "write"},
    {"depot/bake-action", NULL, "id-token", "write"},
    {NULL, "gh release create", "contents", "write"},
    {NULL, "gh release upload", "contents", "write"},
    {NULL, "gh release edit", "contents", "write"},
};

static bool uses_is(const char *uses, const char *action)
{
    size_t n = strlen(action);
    return uses && strncmp(uses, action, n) == 0 && (uses[n] == '@' || uses[n] == '/');
}

/* The step of job that needs scope: value (its action or command), or NULL. */
static const char *job_need(const jg_ynode *job, const char *scope, const char *value)
{
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++) {
        const jg_ynode *uses = jg_ymap_get(steps->items[i], "uses");
        const jg_ynode *run = jg_ymap_get(steps->items[i], "run");
        const char *u = uses && uses->kind == JG_Y_SCALAR ? uses->text : NULL;
        const char *r = run && run->kind == JG_Y_SCALAR ? run->text : NULL;
        for (size_t k = 0; k < sizeof needs / sizeof needs[0]; k++) {
            const struct need *d = &needs[k];
            if (strcmp(d->scope, scope) != 0 || strcmp(d->value, value) != 0)
                continue;
            if (d->action ? uses_is(u, d->action) : (r && strstr(r, d->command)))
                return d->action ? d->action : d->command;
        }
    }
    return NULL;
}

/* At the workflow level: the first job that needs it, for the message. */
static const char *any_job_need(const struct jg_wf *w, const char *scope, const char *value,
                                const char **job)
{
    const jg_ynode *jobs = jg_ymap_get(w->root, "jobs");
    for (size_t i = 0; jobs && jobs->kind == JG_Y_MAP && i < jobs->n; i++) {
        const char *need = job_need(jobs->items[i], scope, value);
        if (need) {
            *job = jobs->keys[i]->text;
            return need;
        }
    }
    return NULL;
}

bool jg_lint_needed_permission(struct jg_wf *w, const jg_ynode *scope, const jg_ynode *value)
{
    if (!scope || scope->kind != JG_Y_SCALAR || value->kind != JG_Y_SCALAR)
        return false;
    const char *s = scope->text, *v = value->text, *job = NULL;
    const char *need = w->job ? job_need(w->job, s, v) : any_job_need(w, s, v, &job);
    if (!need)
        return false;
    if (!w->job) {
        jg_lint_find(w, value, "permissions.write",
                     "'%s: %s' is needed only by job '%s' (%s): grant it in that job's "
                     "permissions, not the workflow's, where every job would get it",
                     s, v, job, need);
        return true;
    }
    if (jg_lint_untrusted_trigger(w))
        jg_lint_find(w, value, "permissions.write",
                     "'%s: %s' is needed by job '%s' (%s), but the workflow also runs on an "
                     "untrusted event (pull_request, pull_request_target or workflow_run): "
                     "move that job to a workflow of trusted events (release, tags, "
                     "workflow_dispatch)",
                     s, v, w->job_key->text, need);
    return true;
}
