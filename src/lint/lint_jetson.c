/* Rules for the job that runs the jetson-runtime gate: it may only run on the
 * policy's Jetson runner labels, only from trusted events and refs, and must
 * keep its evidence as the policy says (retention, name, fail when empty). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lint/lint_internal.h"
#include "schema/policy.h"

#define ARTIFACT_NAME "conditional-jetson-${{github.run_attempt}}"
#define UPLOAD_ACTION "actions/upload-artifact@"

/* "jetgate run" as a command word: not "jetgate runner", not "xjetgate run". */
bool jg_lint_runs_gate(const char *script)
{
    for (const char *p = script; (p = strstr(p, "jetgate run")) != NULL; p++) {
        bool start = p == script || isspace((unsigned char)p[-1]) || p[-1] == '/';
        char after = p[11];
        if (start && (after == '\0' || isspace((unsigned char)after) || after == ';'))
            return true;
    }
    return false;
}

/* The labels node of runs-on: a scalar, a sequence, or {group, labels}. */
static const jg_ynode *runs_on_labels(const jg_ynode *job)
{
    const jg_ynode *r = jg_ymap_get(job, "runs-on");
    if (r && r->kind == JG_Y_MAP)
        return jg_ymap_get(r, "labels");
    return r;
}

static bool labels_have(const jg_ynode *labels, const char *want)
{
    if (!labels)
        return false;
    if (labels->kind == JG_Y_SCALAR)
        return strcasecmp(labels->text, want) == 0;
    for (size_t i = 0; labels->kind == JG_Y_SEQ && i < labels->n; i++)
        if (labels->items[i]->kind == JG_Y_SCALAR && strcasecmp(labels->items[i]->text, want) == 0)
            return true;
    return false;
}

static const char *scalar_text(const jg_ynode *n)
{
    return n && n->kind == JG_Y_SCALAR ? n->text : NULL;
}

static bool uses_action(const struct jg_wf *w, const jg_ynode *job)
{
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++)
        if (jg_lint_uses_action(w, scalar_text(jg_ymap_get(steps->items[i], "uses"))))
            return true;
    return false;
}

/* A gate job runs jetgate: it calls the reusable workflow, uses the action,
 * or a step runs `jetgate run`. Only such a job is judged by the gate's rules. */
bool jg_lint_is_jetson_job(const struct jg_wf *w, const jg_ynode *job)
{
    if (jg_lint_uses_reusable(scalar_text(jg_ymap_get(job, "uses"))) || uses_action(w, job))
        return true;
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++) {
        const jg_ynode *run = jg_ymap_get(steps->items[i], "run");
        if (run && run->kind == JG_Y_SCALAR && jg_lint_runs_gate(run->text))
            return true;
    }
    return false;
}

/* A runner label naming a Jetson: "jetson", or a project's own scheme that
 * starts with it (jetson-jp62, jetson-agx-orin, jetson_orin). */
static bool jetson_label(const char *s)
{
    return strncasecmp(s, "jetson", 6) == 0 && (s[6] == '\0' || s[6] == '-' || s[6] == '_');
}

static bool names_jetson(const jg_ynode *n)
{
    if (n && n->kind == JG_Y_SCALAR)
        return jetson_label(n->text);
    for (size_t i = 0; n && n->kind == JG_Y_SEQ && i < n->n; i++)
        if (names_jetson(n->items[i]))
            return true;
    return false;
}

/* runs-on: ${{ matrix.NAME }}: the values strategy.matrix.NAME lists and
 * those its include entries give NAME (how projects spread one job over
 * their Jetsons, e.g. runner: jetson-jp62 per JetPack). */
static bool matrix_names_jetson(const jg_ynode *job, const char *expr)
{
    const char *p = strstr(expr, "matrix.");
    char name[128];
    size_t k = 0;
    for (p = p ? p + 7 : ""; k + 1 < sizeof name && (isalnum((unsigned char)p[k]) ||
                                                      p[k] == '_' || p[k] == '-'); k++)
        name[k] = p[k];
    name[k] = '\0';
    const jg_ynode *m = jg_ymap_get(jg_ymap_get(job, "strategy"), "matrix");
    if (!k || !m)
        return false;
    if (names_jetson(jg_ymap_get(m, name)))
        return true;
    const jg_ynode *inc = jg_ymap_get(m, "include");
    for (size_t i = 0; inc && inc->kind == JG_Y_SEQ && i < inc->n; i++)
        if (names_jetson(jg_ymap_get(inc->items[i], name)))
            return true;
    return false;
}

static bool label_on_jetson(const jg_ynode *job, const jg_ynode *n)
{
    for (size_t i = 0; n && n->kind == JG_Y_SEQ && i < n->n; i++)
        if (label_on_jetson(job, n->items[i]))
            return true;
    if (!n || n->kind != JG_Y_SCALAR)
        return false;
    if (!strstr(n->text, "${{"))
        return jetson_label(n->text);
    for (const char *p = n->text; *p; p++) /* an expression naming jetson */
        if (strncasecmp(p, "jetson", 6) == 0)
            return true;
    return matrix_names_jetson(job, n->text);
}

/* Any other job on a Jetson runner (runs-on names jetson, directly or
 * through its matrix): the hardware is the same, so the plan's safety rules
 * apply, but not the gate's. */
bool jg_lint_on_jetson(const jg_ynode *job)
{
    return label_on_jetson(job, runs_on_labels(job));
}

static bool labels_have_all(const jg_ynode *labels, const json_t *want)
{
    size_t i;
    json_t *v;
    json_array_foreach(want, i, v) if (!labels_have(labels, json_string_value(v))) return false;
    return json_array_size(want) > 0;
}

static bool has_expression(const jg_ynode *labels)
{
    if (labels->kind == JG_Y_SCALAR)
        return strstr(labels->text, "${{") != NULL;
    for (size_t i = 0; labels->kind == JG_Y_SEQ && i < labels->n; i++)
        if (labels->items[i]->kind != JG_Y_SCALAR || strstr(labels->items[i]->text, "${{"))
            return true;
    return labels->kind == JG_Y_MAP;
}

static void check_tier_labels(struct jg_wf *w, const jg_ynode *labels)
{
    size_t i;
    json_t *tier;
    char names[512] = "";
    json_array_foreach(JG_NODE(policy, w->policy, tiers), i, tier)
    {
        const json_t *want = JG_NODE(tier, tier, runner_labels);
        if (json_array_size(want) == 0)
            continue; /* a deferred tier without runners */
        if (labels_have_all(labels, want))
            return;
        size_t k;
        json_t *l;
        size_t used = strlen(names);
        snprintf(names + used, sizeof names - used, "%s", used ? " or " : "");
        json_array_foreach(want, k, l)
        {
            used = strlen(names);
            snprintf(names + used, sizeof names - used, "%s%s", k ? "+" : "",
                     json_string_value(l));
        }
    }
    jg_lint_note(w, labels, "jetson.tier-labels",
                 "runs-on names no tier's recommended labels (%s): the job may land on any "
                 "Jetson; the claim is decided by the record's hardware and software, which "
                 "the labels only route to",
                 names[0] ? names : "the policy has no tiers");
}

/* A reusable workflow's runs-on expression that spells out every base label. */
static bool expression_names_base(const struct jg_wf *w, const jg_ynode *labels)
{
    if (labels->kind != JG_Y_SCALAR)
        return false;
    size_t i;
    json_t *v;
    json_array_foreach(JG_NODE(gate, jg_lint_gate(w->policy), runner_labels), i, v) {
        char quoted[128];
        snprintf(quoted, sizeof quoted, "\"%s\"", json_string_value(v));
        if (!strstr(labels->text, quoted))
            return false;
    }
    return true;
}

static void check_runs_on(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job)
{
    const jg_ynode *labels = runs_on_labels(job);
    if (!labels) {
        jg_lint_find(w, key, "jetson.runs-on", "job '%s' has no runs-on labels", key->text);
        return;
    }
    if (has_expression(labels)) {
        if (w->reusable && expression_names_base(w, labels))
            return; /* the tier labels come from the caller, who is linted for them */
        jg_lint_find(w, labels, "jetson.runs-on",
                     "runs-on uses an expression or a nested value; its labels cannot be checked");
        return;
    }
    size_t i;
    json_t *v;
    json_array_foreach(JG_NODE(gate, jg_lint_gate(w->policy), runner_labels), i, v)
    {
        const char *want = json_string_value(v);
        if (want && !labels_have(labels, want))
            jg_lint_find(w, labels, "jetson.runs-on", "runs-on lacks the base label '%s'", want);
    }
    check_tier_labels(w, labels);
}

/* A number written as a YAML integer or a quoted one; -1 when it is neither. */
static long scalar_long(const jg_ynode *n)
{
    if (!n || n->kind != JG_Y_SCALAR || !n->text[0])
        return -1;
    char *end;
    long v = strtol(n->text, &end, 10);
    return *end == '\0' ? v : -1;
}

static bool is_artifact_name(const char *s)
{
    char squeezed[128];
    size_t k = 0;
    for (; *s && k + 1 < sizeof squeezed; s++)
        if (!isspace((unsigned char)*s))
            squeezed[k++] = *s;
    squeezed[k] = '\0';
    return *s == '\0' && strcmp(squeezed, ARTIFACT_NAME) == 0;
}

static void check_upload(struct jg_wf *w, const jg_ynode *step, const jg_ynode *uses)
{
    const jg_ynode *with = jg_ymap_get(step, "with");
    const jg_ynode *at = with ? with : uses;
    long want = (long)JG_INT(policy, w->policy, retention_days, 0);
    const jg_ynode *days = jg_ymap_get(with, "retention-days");
    if (scalar_long(days) != want)
        jg_lint_find(w, days ? days : at, "jetson.upload.retention-days",
                     "retention-days is %s; the policy keeps evidence %ld days",
                     days && days->kind == JG_Y_SCALAR ? days->text : "not set", want);
    const jg_ynode *empty = jg_ymap_get(with, "if-no-files-found");
    if (!jg_yscalar_is(empty, "error"))
        jg_lint_find(w, empty ? empty : at, "jetson.upload.if-no-files-found",
                     "if-no-files-found must be 'error' so a run without evidence fails "
                     "(the default only warns)");
    const jg_ynode *name = jg_ymap_get(with, "name");
    if (!name || name->kind != JG_Y_SCALAR || !is_artifact_name(name->text))
        jg_lint_find(w, name ? name : at, "jetson.upload.name",
                     "artifact name must be 'conditional-jetson-${{ github.run_attempt }}' "
                     "(one artifact per attempt; v4 artifact names are unique per run)");
}

static void check_uploads(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job)
{
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    size_t found = 0;
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++) {
        const jg_ynode *uses = jg_ymap_get(steps->items[i], "uses");
        if (uses && uses->kind == JG_Y_SCALAR &&
            strncmp(uses->text, UPLOAD_ACTION, strlen(UPLOAD_ACTION)) == 0) {
            check_upload(w, steps->items[i], uses);
            found++;
        }
    }
    if (!found)
        jg_lint_find(w, key, "jetson.upload.missing",
                     "job '%s' runs the gate but uploads no evidence with actions/upload-artifact",
                     key->text);
}

/* Self-hosted hardware must not run code from arbitrary branches. */
static void check_trusted_ref(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job)
{
    const jg_ynode *cond = jg_ymap_get(job, "if");
    if (!cond || cond->kind != JG_Y_SCALAR || !strstr(cond->text, "github.ref"))
        jg_lint_find(w, cond ? cond : key, "jetson.trusted-ref",
                     "job '%s' must be limited to trusted refs, e.g. if: github.ref == "
                     "'refs/heads/main' || startsWith(github.ref, 'refs/tags/')",
                     key->text);
}

void jg_lint_jetson_job(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job)
{
    jg_lint_local_uses(w, job);
    if (jg_lint_uses_reusable(scalar_text(jg_ymap_get(job, "uses")))) {
        /* runs-on, uploads and trusted refs are the reusable workflow's own. */
        jg_lint_reusable_caller(w, key, job);
        return;
    }
    check_runs_on(w, key, job);
    if (!uses_action(w, job)) { /* the action uploads and brings jetgate itself */
        check_uploads(w, key, job);
        jg_lint_jetgate_provided(w, key, job);
    }
    check_trusted_ref(w, key, job);
    jg_lint_labels_passed(w, job);
}

static const char *const untrusted_events[] = {"pull_request", "pull_request_target",
                                               "workflow_run"};

static bool untrusted(const jg_ynode *ev)
{
    for (size_t i = 0; ev->kind == JG_Y_SCALAR && i < 3; i++)
        if (strcmp(ev->text, untrusted_events[i]) == 0)
            return true;
    return false;
}

/* allowed NULL: only the untrusted events are reported (a Jetson job that
 * does not run the gate: any other trigger is the project's choice). */
static void check_trigger(struct jg_wf *w, const jg_ynode *ev, const json_t *allowed)
{
    if (!allowed) {
        if (untrusted(ev))
            jg_lint_find(w, ev, "jetson.triggers",
                         "trigger '%s' lets untrusted code reach a self-hosted Jetson runner",
                         ev->text);
        return;
    }
    if (ev->kind != JG_Y_SCALAR) {
        jg_lint_find(w, ev, "jetson.triggers", "trigger is not an event name");
        return;
    }
    if (jg_lint_json_has(allowed, ev->text, false) || strcmp(ev->text, "workflow_call") == 0)
        return; /* a called workflow runs on its caller's (linted) event */
    if (untrusted(ev)) {
        jg_lint_find(w, ev, "jetson.triggers",
                     "trigger '%s' lets untrusted code reach a self-hosted Jetson runner",
                     ev->text);
        return;
    }
    jg_lint_find(w, ev, "jetson.triggers",
                 "trigger '%s' is not one the policy allows for the gate "
                 "(workflow_dispatch, schedule, release)",
                 ev->text);
}

bool jg_lint_untrusted_trigger(const struct jg_wf *w)
{
    const jg_ynode *on = jg_ymap_get(w->root, "on");
    if (on && on->kind == JG_Y_SCALAR)
        return untrusted(on);
    for (size_t i = 0; on && on->kind != JG_Y_SCALAR && i < on->n; i++)
        if (untrusted(on->kind == JG_Y_MAP ? on->keys[i] : on->items[i]))
            return true;
    return false;
}

/* `on` as a string, a list or a mapping. libyaml keeps the key as "on";
 * a YAML 1.1 reader would turn it into true, which GitHub does not. */
void jg_lint_triggers(struct jg_wf *w, bool gate)
{
    const jg_ynode *on = jg_ymap_get(w->root, "on");
    const json_t *allowed = gate ? JG_NODE(gate, jg_lint_gate(w->policy), triggers) : NULL;
    if (!on) {
        jg_lint_find(w, w->root, "jetson.triggers", "the workflow has no 'on' triggers");
        return;
    }
    if (on->kind == JG_Y_SCALAR) {
        check_trigger(w, on, allowed);
        return;
    }
    for (size_t i = 0; i < on->n; i++)
        check_trigger(w, on->kind == JG_Y_MAP ? on->keys[i] : on->items[i], allowed);
}
