/* Builds the project policy of `jetgate init` (policy/scaffold.h). The
 * descriptions live next to the values they describe, so a maintainer who
 * opens the file reads the contract where they edit it. */
#include "policy/scaffold.h"

#include <stdio.h>
#include <string.h>

#include "policy/claim.h"
#include "policy/policy.h"
#include "policy/project.h"
#include "schema/policy.h"

static const char *const root_comment[] = {
    "Project policy of jetgate (docs/schema.md, section Policy). Every jetgate command run "
    "inside this git checkout uses it; --policy FILE or $JETGATE_POLICY override it.",
    "evidence: how long evidence is kept (retention_days) and may back a claim (max_age_days).",
    "gates: jetson-runtime is the hardware gate; hooks are this project's own checks.",
    "tiers: the support tiers a claim can name (hardware, software, pinned PyTorch).",
    "`jetgate policy` prints the policy in use; `jetgate lint` checks it and the workflows.",
    NULL};

static const char *const project_comment[] = {
    "python: interpreter for the framework checks and the hooks ($JETGATE_PYTHON); "
    "null means python3; `jetgate run --python` overrides it.",
    "tier: the tier this project claims (default of the action's claim decision); null: none.",
    NULL};

static const char *const hooks_comment[] = {
    "Hooks run with /bin/sh -c in the directory jetgate run starts in (the checkout root "
    "in the action), without secrets and offline "
    "(HF_HUB_OFFLINE=1); null means not configured.",
    "device_auto.command: must exit 0 and print cuda (or cuda:N) as its last line, "
    "e.g. what the project's device=auto resolves to.",
    "tests.command: the project's conditional tests; must write JUnit to $JETGATE_JUNIT "
    "(tests.junit is that path): passes with tests > 0 and no failure, error or skip.",
    NULL};

static json_t *comment(const char *const lines[])
{
    json_t *a = json_array();
    for (size_t i = 0; lines[i]; i++)
        json_array_append_new(a, json_string(lines[i]));
    return a;
}

/* A hook {command[, junit]}, or null (not configured) without a command. */
static json_t *hook(const char *command, const char *junit)
{
    if (!command)
        return json_null();
    json_t *h = json_object();
    JG_SET_STR(hook, h, command, command);
    if (junit)
        JG_SET_STR(hook, h, junit, junit);
    return h;
}

static void fill_hooks(json_t *gate, const jg_scaffold_opts *o)
{
    json_t *hooks = json_object();
    json_object_set_new(hooks, JG_POLICY_COMMENT_KEY, comment(hooks_comment));
    JG_SET_AS(gate, gate, hooks, OBJ, hooks); /* replaces the default's */
    JG_SET(gate, gate, device_auto, hook(o->device_auto, NULL));
    JG_SET(gate, gate, tests, hook(o->tests, o->junit ? o->junit : JG_SCAFFOLD_DEFAULT_JUNIT));
}

/* "no tier 'x' in the default policy (known: a, b, c)". */
static void tier_error(const json_t *p, const char *tier, char *why, size_t n)
{
    int used = snprintf(why, n, "no tier '%s' in the default policy (known:", tier);
    size_t i;
    json_t *t;
    json_array_foreach(JG_NODE(policy, p, tiers), i, t) {
        if (used >= 0 && (size_t)used < n)
            used += snprintf(why + used, n - (size_t)used, "%s %s", i ? "," : "",
                             JG_STR(tier, t, id));
    }
    if (used >= 0 && (size_t)used < n)
        snprintf(why + used, n - (size_t)used, ")");
}

/* "CHECK:REASON": CHECK leaves required_checks, its reason goes to
 * not_required (the loader then checks the id and the reason). */
static void narrow(json_t *gate, const char *const *entries)
{
    json_t *nr = json_object();
    json_t *req = (json_t *)JG_NODE(gate, gate, required_checks);
    for (size_t k = 0; entries && entries[k]; k++) {
        const char *colon = strchr(entries[k], ':');
        char id[128];
        snprintf(id, sizeof id, "%.*s", colon ? (int)(colon - entries[k]) : 0, entries[k]);
        const char *why = colon ? colon + 1 : "";
        while (*why == ' ')
            why++;
        json_object_set_new(nr, id, json_string(why));
        for (size_t i = json_array_size(req); i-- > 0;)
            if (strcmp(json_string_value(json_array_get(req, i)), id) == 0)
                json_array_remove(req, i);
    }
    if (json_object_size(nr))
        JG_SET_AS(gate, gate, not_required, OBJ, nr);
    else
        json_decref(nr);
}

/* The project's own tier, after the default's (one of its id is replaced). */
static void add_tier(json_t *p, const json_t *tier)
{
    json_t *tiers = (json_t *)JG_NODE(policy, p, tiers);
    const char *id = JG_STR(tier, tier, id);
    size_t i;
    json_t *t;
    json_array_foreach(tiers, i, t) {
        if (id && JG_STR(tier, t, id) && strcmp(JG_STR(tier, t, id), id) == 0) {
            json_array_set(tiers, i, (json_t *)tier);
            return;
        }
    }
    json_array_append(tiers, (json_t *)tier);
}

json_t *jg_scaffold_policy(const jg_scaffold_opts *o, char *why, size_t n)
{
    jg_jerr err = {{0}};
    json_t *p = jg_policy_load(NULL, &err);
    if (!p) {
        snprintf(why, n, "%s", err.text);
        return NULL;
    }
    if (o->new_tier)
        add_tier(p, o->new_tier);
    if (o->tier && !jg_policy_tier(p, o->tier)) {
        tier_error(p, o->tier, why, n);
        json_decref(p);
        return NULL;
    }
    json_object_set_new(p, JG_POLICY_COMMENT_KEY, comment(root_comment));
    json_t *project = json_object();
    json_object_set_new(project, JG_POLICY_COMMENT_KEY, comment(project_comment));
    JG_SET_AS(policy, p, project, OBJ, project);
    JG_SET_STR(policy, p, python, o->python);
    JG_SET_STR(policy, p, project_tier, o->tier);
    fill_hooks((json_t *)jg_policy_gate(p, JG_CLAIM_GATE), o);
    narrow((json_t *)jg_policy_gate(p, JG_CLAIM_GATE), o->not_required);
    if (jg_policy_validate(p, "the new policy", &err) != 0) {
        snprintf(why, n, "%s", err.text);
        json_decref(p);
        return NULL;
    }
    return p;
}
