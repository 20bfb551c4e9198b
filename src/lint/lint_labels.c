/* The labels a Jetson job records in its evidence must be exactly the labels
 * it runs on: claims judge the runner by the recorded labels, so a job that
 * runs on one runner and records another's would make the evidence lie. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lint/lint_internal.h"
#include "schema/policy.h"

#define MAX_LABELS 32

struct labels {
    char *v[MAX_LABELS];
    size_t n;
    char buf[1024];
};

static void labels_add(struct labels *l, const char *s, size_t len, size_t *used)
{
    while (len && isspace((unsigned char)*s))
        s++, len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (len && (s[0] == '"' || s[0] == '\'') && len >= 2 && s[len - 1] == s[0])
        s++, len -= 2;
    if (!len || l->n >= MAX_LABELS || *used + len + 1 > sizeof l->buf)
        return;
    memcpy(l->buf + *used, s, len);
    l->buf[*used + len] = '\0';
    l->v[l->n++] = l->buf + *used;
    *used += len + 1;
}

static void labels_from_list(struct labels *l, const char *list)
{
    size_t used = 0;
    l->n = 0;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        labels_add(l, p, len, &used);
        p += len + (p[len] == ',');
    }
}

static void labels_from_json(struct labels *l, const json_t *arr)
{
    size_t used = 0, i;
    json_t *v;
    l->n = 0;
    json_array_foreach(arr, i, v) {
        if (json_is_string(v))
            labels_add(l, json_string_value(v), json_string_length(v), &used);
    }
}

/* runs-on as a scalar or a sequence of scalars; false for anything else. */
static bool labels_from_node(struct labels *l, const jg_ynode *n)
{
    size_t used = 0;
    l->n = 0;
    if (n && n->kind == JG_Y_MAP)
        n = jg_ymap_get(n, "labels");
    if (!n || (n->kind == JG_Y_SCALAR && strstr(n->text, "${{")))
        return false;
    if (n->kind == JG_Y_SCALAR) {
        labels_add(l, n->text, strlen(n->text), &used);
        return true;
    }
    for (size_t i = 0; n->kind == JG_Y_SEQ && i < n->n; i++) {
        if (n->items[i]->kind != JG_Y_SCALAR || strstr(n->items[i]->text, "${{"))
            return false;
        labels_add(l, n->items[i]->text, strlen(n->items[i]->text), &used);
    }
    return n->kind == JG_Y_SEQ;
}

static bool has(const struct labels *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcasecmp(l->v[i], s) == 0)
            return true;
    return false;
}

static bool same(const struct labels *a, const struct labels *b)
{
    for (size_t i = 0; i < a->n; i++)
        if (!has(b, a->v[i]))
            return false;
    for (size_t i = 0; i < b->n; i++)
        if (!has(a, b->v[i]))
            return false;
    return true;
}

/* The value after --runner-labels (" X" or "=X") in a script; NULL when absent. */
static const char *runner_labels_arg(const char *script, char *out, size_t n)
{
    const char *p = strstr(script, "--runner-labels");
    if (!p)
        return NULL;
    p += strlen("--runner-labels");
    while (*p == ' ' || *p == '=')
        p++;
    size_t k = 0;
    while (p[k] && !isspace((unsigned char)p[k]) && k + 1 < n)
        out[k] = p[k], k++;
    out[k] = '\0';
    return out;
}

static void compare(struct jg_wf *w, const jg_ynode *at, const struct labels *runs_on,
                    const char *given, const char *what)
{
    struct labels l;
    labels_from_list(&l, given);
    if (!same(&l, runs_on))
        jg_lint_find(w, at, "jetson.labels",
                     "%s '%s' differ from the labels the job runs on: pass exactly its "
                     "runs-on labels, so the evidence names the runner that produced it",
                     what, given);
}

static bool env_sets_labels(const jg_ynode *job, const jg_ynode *step)
{
    return jg_ymap_get(jg_ymap_get(step, "env"), "RUNNER_LABELS") ||
           jg_ymap_get(jg_ymap_get(job, "env"), "RUNNER_LABELS");
}

void jg_lint_labels_passed(struct jg_wf *w, const jg_ynode *job)
{
    struct labels runs_on;
    if (!labels_from_node(&runs_on, jg_ymap_get(job, "runs-on")))
        return; /* an expression: jetson.runs-on reports it where it matters */
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++) {
        const jg_ynode *st = steps->items[i], *uses = jg_ymap_get(st, "uses");
        const jg_ynode *run = jg_ymap_get(st, "run");
        char arg[1024];
        if (uses && uses->kind == JG_Y_SCALAR && jg_lint_uses_action(w, uses->text)) {
            const jg_ynode *given = jg_ymap_get(jg_ymap_get(st, "with"), "labels");
            if (!given || given->kind != JG_Y_SCALAR)
                jg_lint_find(w, uses, "jetson.labels",
                             "the jetgate action gets no 'labels': the evidence would name no "
                             "runner; pass exactly the job's runs-on labels");
            else
                compare(w, given, &runs_on, given->text, "labels");
        } else if (run && run->kind == JG_Y_SCALAR && jg_lint_runs_gate(run->text)) {
            if (runner_labels_arg(run->text, arg, sizeof arg))
                compare(w, run, &runs_on, arg, "--runner-labels");
            else if (!env_sets_labels(job, st))
                jg_lint_find(w, run, "jetson.labels",
                             "'jetgate run' gets no --runner-labels (nor RUNNER_LABELS): pass "
                             "exactly the job's runs-on labels");
        }
    }
}

/* A caller of the reusable workflow: its tier-labels must be a JSON array;
 * one that is not exactly one tier's labels is noted (tier labels are
 * recommended, as in claim and matrix); the workflow adds the base labels. */
void jg_lint_reusable_caller(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job)
{
    const jg_ynode *tl = jg_ymap_get(jg_ymap_get(job, "with"), "tier-labels");
    json_error_t je;
    json_t *arr = tl && tl->kind == JG_Y_SCALAR ? json_loads(tl->text, 0, &je) : NULL;
    if (tl && (!json_is_array(arr) || strstr(tl->text, "${{"))) {
        jg_lint_find(w, tl, "jetson.runs-on",
                     "tier-labels must be a literal JSON array of labels, e.g. "
                     "'[\"orin\", \"jetpack-6\"]'");
        json_decref(arr);
        return;
    }
    struct labels given, want;
    labels_from_json(&given, arr);
    size_t i;
    json_t *t;
    json_array_foreach(JG_NODE(policy, w->policy, tiers), i, t) {
        labels_from_json(&want, JG_NODE(tier, t, runner_labels));
        if (want.n > 0 && same(&want, &given)) {
            json_decref(arr);
            return;
        }
    }
    jg_lint_note(w, tl ? tl : key, "jetson.tier-labels",
                 "job '%s': tier-labels %s no tier's recommended labels (jetgate matrix lists "
                 "them): the job may land on any Jetson; the claim is decided by the record's "
                 "hardware and software, which the labels only route to",
                 key->text, tl ? "names" : "is missing, so it names");
    json_decref(arr);
}
