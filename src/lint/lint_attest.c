/* The one write permission a workflow may hold: the Jetson job that signs
 * its evidence (issue 29) needs `id-token: write` (the OIDC token Sigstore
 * certifies) and `attestations: write` (to store the attestation). Exactly
 * those two, only in such a job: at the workflow's top level or in any
 * other job they are refused like every other write. A job signs when it
 * calls jetgate's reusable workflow (which attests), uses actions/attest,
 * or uses the jetgate action with `attest: true`. */
#include <string.h>

#include "lint/lint_internal.h"

static const char *scalar(const jg_ynode *n)
{
    return n && n->kind == JG_Y_SCALAR ? n->text : NULL;
}

static bool step_signs(const struct jg_wf *w, const jg_ynode *step)
{
    const char *u = scalar(jg_ymap_get(step, "uses"));
    if (!u)
        return false;
    if (strncmp(u, "actions/attest@", 15) == 0)
        return true;
    const char *attest = scalar(jg_ymap_get(jg_ymap_get(step, "with"), "attest"));
    return jg_lint_uses_action(w, u) && attest && strcmp(attest, "true") == 0;
}

bool jg_lint_job_signs(const struct jg_wf *w, const jg_ynode *job)
{
    if (jg_lint_uses_reusable(scalar(jg_ymap_get(job, "uses"))))
        return true;
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++)
        if (step_signs(w, steps->items[i]))
            return true;
    return false;
}

bool jg_lint_signing_permission(const char *scope, const char *value)
{
    return scope && value && strcmp(value, "write") == 0 &&
           (strcmp(scope, "id-token") == 0 || strcmp(scope, "attestations") == 0);
}

/* jetgate's reusable workflow asks for both write permissions for its
 * Jetson job; GitHub refuses to start a run whose caller grants less, so
 * say it here instead of on the runner. */
void jg_lint_caller_grants(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job)
{
    if (!jg_lint_uses_reusable(scalar(jg_ymap_get(job, "uses"))))
        return;
    const jg_ynode *perms = jg_ymap_get(job, "permissions");
    static const char *const scopes[] = {"id-token", "attestations"};
    for (size_t i = 0; i < 2; i++) {
        const char *v = perms && perms->kind == JG_Y_MAP ? scalar(jg_ymap_get(perms, scopes[i]))
                                                         : NULL;
        if (!v || strcmp(v, "write") != 0)
            jg_lint_find(w, perms ? perms : key, "jetson.attest-permissions",
                         "job '%s' calls jetgate's reusable workflow, which signs the evidence: "
                         "grant it 'permissions: {contents: read, id-token: write, attestations: "
                         "write}' (GitHub refuses to start the run otherwise)",
                         key->text);
        if (!v || strcmp(v, "write") != 0)
            return;
    }
}
