/* Rules that hold for every workflow (least-privilege permissions, actions
 * pinned to commit SHAs) and the entry point that finds the gate's job. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "lint/lint_internal.h"
#include "schema/policy.h"
#include "util/json.h"
#include "util/strs.h"

void jg_lint_find(struct jg_wf *w, const jg_ynode *at, const char *rule, const char *fmt, ...)
{
    char msg[900];
    JG_FORMAT_VARGS(msg, fmt);
    jg_findings_add(w->out, w->file, at ? at->line : 0, at ? at->col : 0, rule, "%s", msg);
}

void jg_lint_note(struct jg_wf *w, const jg_ynode *at, const char *rule, const char *fmt, ...)
{
    char msg[900];
    JG_FORMAT_VARGS(msg, fmt);
    if (w->notes)
        jg_findings_add(w->notes, w->file, at ? at->line : 0, at ? at->col : 0, rule, "%s", msg);
}

const json_t *jg_lint_gate(const json_t *policy)
{
    return jg_json_find_id(JG_NODE(policy, policy, gates), JG_LINT_GATE);
}

bool jg_lint_json_has(const json_t *arr, const char *s, bool nocase)
{
    return nocase ? jg_json_list_has_nocase(arr, s) : jg_json_list_has(arr, s);
}

static bool all_hex(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isxdigit((unsigned char)s[i]))
            return false;
    return s[n] == '\0';
}

/* Local actions are part of the commit; docker images need a digest; every
 * other action must name a full 40-hex commit, because tags and branches move. */
static void check_pinned(struct jg_wf *w, const jg_ynode *uses)
{
    if (!uses)
        return;
    if (uses->kind != JG_Y_SCALAR) {
        jg_lint_find(w, uses, "uses.pinned", "'uses' is not a string");
        return;
    }
    const char *u = uses->text;
    if (strncmp(u, "./", 2) == 0)
        return;
    if (strncmp(u, "docker://", 9) == 0) {
        const char *d = strstr(u, "@sha256:");
        if (!d || strlen(d + 8) != 64 || !all_hex(d + 8, 64))
            jg_lint_find(w, uses, "uses.pinned",
                         "'%s' is not pinned to an image digest (@sha256:<64 hex>)", u);
        return;
    }
    const char *at = strrchr(u, '@');
    if (!at || strlen(at + 1) != 40 || !all_hex(at + 1, 40))
        jg_lint_find(w, uses, "uses.pinned",
                     "'%s' is not pinned to a full 40-hex commit SHA (a tag or branch can be "
                     "moved under you); write owner/repo@<sha> # <tag>",
                     u);
}

/* signing: the Jetson job that signs its evidence (lint_attest.c). */
static void check_permission_value(struct jg_wf *w, const jg_ynode *scope, const jg_ynode *v,
                                   bool signing)
{
    if (v->kind != JG_Y_SCALAR) {
        jg_lint_find(w, v, "permissions.write", "permission of '%s' is not a string",
                     scope ? scope->text : "?");
        return;
    }
    bool for_signing = jg_lint_signing_permission(scope ? scope->text : NULL, v->text);
    if (strcmp(v->text, "read") != 0 && strcmp(v->text, "none") != 0 &&
        !(signing && for_signing) && !jg_lint_needed_permission(w, scope, v))
        jg_lint_find(w, v, "permissions.write", "permission '%s: %s' is not read-only (use read "
                     "or none)%s", scope ? scope->text : "?", v->text, for_signing ?
                     "; only the Jetson job that signs its evidence (jetgate's reusable "
                     "workflow, actions/attest, the action's attest: true) may hold it" : "");
}

/* read-all, {} and maps of read/none are read-only; anything else is not,
 * but for the signing job's id-token and attestations. */
static void check_permissions(struct jg_wf *w, const jg_ynode *perms, bool signing)
{
    if (perms->kind == JG_Y_SCALAR) {
        if (strcmp(perms->text, "read-all") != 0 && !jg_yis_null(perms))
            jg_lint_find(w, perms, "permissions.write",
                         "permissions '%s' is not read-only (use contents: read)", perms->text);
        return;
    }
    if (perms->kind != JG_Y_MAP) {
        jg_lint_find(w, perms, "permissions.write", "permissions must be a mapping");
        return;
    }
    for (size_t i = 0; i < perms->n; i++)
        check_permission_value(w, perms->keys[i], perms->items[i], signing);
}

/* A Jetson job that does not run jetgate gets the plan's safety rules only
 * (triggers, permissions, pins), and the report says so. */
static void note_not_gate(struct jg_wf *w, const jg_ynode *key)
{
    jg_lint_note(w, key, "jetson.not-gate",
                 "job '%s' runs on a Jetson but does not run jetgate: checked for the plan's "
                 "safety rules only (untrusted triggers, permissions, pinned actions); its "
                 "results back no claim",
                 key->text);
}

static void check_job(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job, bool top_perms)
{
    bool gate = jg_lint_is_jetson_job(w, job);
    bool jetson = !gate && jg_lint_on_jetson(job);
    if (w->jetson_only && !gate && !jetson)
        return;
    w->job_key = key;
    w->job = job;
    const jg_ynode *perms = jg_ymap_get(job, "permissions");
    if (perms)
        check_permissions(w, perms, (gate || jetson) && jg_lint_job_signs(w, job));
    else if (!top_perms)
        jg_lint_find(w, key, "permissions.missing",
                     "job '%s' has no permissions and the workflow sets none, so it gets the "
                     "repository default token (possibly write); add 'permissions: {contents: "
                     "read}' at the top level",
                     key->text);
    w->job_key = w->job = NULL;
    check_pinned(w, jg_ymap_get(job, "uses"));
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++)
        check_pinned(w, jg_ymap_get(steps->items[i], "uses"));
    if (gate)
        jg_lint_jetson_job(w, key, job);
    else if (jetson)
        note_not_gate(w, key);
    jg_lint_caller_grants(w, key, job);
}

/* on: workflow_call (as a string, a list item or a mapping key). */
static bool is_reusable(const jg_ynode *root)
{
    const jg_ynode *on = jg_ymap_get(root, "on");
    if (!on)
        return false;
    if (on->kind == JG_Y_SCALAR)
        return strcmp(on->text, "workflow_call") == 0;
    for (size_t i = 0; i < on->n; i++) {
        const jg_ynode *ev = on->kind == JG_Y_MAP ? on->keys[i] : on->items[i];
        if (jg_yscalar_is(ev, "workflow_call"))
            return true;
    }
    return false;
}

size_t jg_lint_workflow_opts(const json_t *policy, const char *file, const jg_ynode *root,
                             const jg_lint_opts *o, jg_findings *out)
{
    struct jg_wf w = {.policy = policy, .file = file, .root = root, .out = out,
                      .repo_root = o->repo_root, .jetson_only = o->jetson_only,
                      .reusable = is_reusable(root), .notes = o->notes};
    const jg_ynode *jobs = jg_ymap_get(root, "jobs");
    if (!jobs || jobs->kind != JG_Y_MAP || jobs->n == 0) {
        jg_lint_find(&w, jobs ? jobs : root, "workflow.shape",
                     "a workflow needs a 'jobs' mapping with at least one job");
        return 0;
    }
    size_t gate_jobs = 0, jetson_jobs = 0;
    for (size_t i = 0; i < jobs->n; i++) {
        bool gate = jg_lint_is_jetson_job(&w, jobs->items[i]);
        gate_jobs += gate;
        jetson_jobs += !gate && jg_lint_on_jetson(jobs->items[i]);
    }
    const jg_ynode *perms = jg_ymap_get(root, "permissions");
    if (perms && (gate_jobs || jetson_jobs || !o->jetson_only))
        check_permissions(&w, perms, false);
    for (size_t i = 0; i < jobs->n; i++)
        check_job(&w, jobs->keys[i], jobs->items[i], perms != NULL);
    if (gate_jobs || jetson_jobs)
        jg_lint_triggers(&w, gate_jobs > 0);
    if (o->jetson_jobs)
        *o->jetson_jobs += jetson_jobs;
    return gate_jobs;
}

void jg_lint_workflow(const json_t *policy, const char *file, const jg_ynode *root,
                      jg_findings *out)
{
    jg_lint_opts o = {.repo_root = NULL, .jetson_only = false, .notes = NULL, .jetson_jobs = NULL};
    jg_lint_workflow_opts(policy, file, root, &o, out);
}
