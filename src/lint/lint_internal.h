/* Shared between the lint rule files; not a public interface. */
#ifndef JG_LINT_INTERNAL_H
#define JG_LINT_INTERNAL_H
#include <jansson.h>
#include <stdbool.h>

#include "lint/lint.h"

#define JG_LINT_GATE "jetson-runtime"

struct jg_wf {
    const json_t *policy;
    const char *file;
    const jg_ynode *root;
    jg_findings *out;
    const char *repo_root; /* root of the checkout holding the file; NULL unknown */
    bool jetson_only;      /* only the Jetson jobs are checked */
    bool reusable;         /* on: workflow_call (the caller owns the triggers) */
    jg_findings *notes;    /* what was checked how (not findings); NULL: not wanted */
    const jg_ynode *job_key, *job; /* the job being checked; NULL at the workflow level */
};

void jg_lint_find(struct jg_wf *w, const jg_ynode *at, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A note: printed after the findings, not counted (nothing is wrong). */
void jg_lint_note(struct jg_wf *w, const jg_ynode *at, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The policy's jetson-runtime gate, or NULL. */
const json_t *jg_lint_gate(const json_t *policy);
/* True when the JSON array arr holds the string s (case-insensitive when nocase). */
bool jg_lint_json_has(const json_t *arr, const char *s, bool nocase);

/* The job runs the gate (a gate job): a step runs `jetgate run` or uses the
 * jetgate action, or the job calls the reusable workflow. */
bool jg_lint_is_jetson_job(const struct jg_wf *w, const jg_ynode *job);
/* runs-on names the jetson label: the job runs on a self-hosted Jetson. */
bool jg_lint_on_jetson(const jg_ynode *job);
/* The workflow runs on pull_request, pull_request_target or workflow_run. */
bool jg_lint_untrusted_trigger(const struct jg_wf *w);
/* lint_needs.c: a write permission the job being checked provably needs (a
 * step that attests, publishes to PyPI or makes a release): true when it was
 * judged there, accepted (job level, no untrusted trigger) or reported. */
bool jg_lint_needed_permission(struct jg_wf *w, const jg_ynode *scope, const jg_ynode *value);
/* "jetgate run" as a command word in a script. */
bool jg_lint_runs_gate(const char *script);

/* lint_uses.c: uses of jetgate's reusable workflow and action. */
bool jg_lint_uses_reusable(const char *uses);
bool jg_lint_uses_action(const struct jg_wf *w, const char *uses);
/* Local actions / reusable workflows the checkout lacks: jetson.jetgate-missing. */
void jg_lint_local_uses(struct jg_wf *w, const jg_ynode *job);
/* No step builds, installs or uses jetgate: jetson.jetgate-missing. */
void jg_lint_jetgate_provided(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job);

/* lint_attest.c: the Jetson job that signs its evidence (calls jetgate's
 * reusable workflow, uses actions/attest, or the jetgate action with
 * attest: true) may hold id-token: write and attestations: write, and
 * nothing else may. */
bool jg_lint_job_signs(const struct jg_wf *w, const jg_ynode *job);
bool jg_lint_signing_permission(const char *scope, const char *value);
/* A caller of jetgate's reusable workflow grants both (jetson.attest-permissions). */
void jg_lint_caller_grants(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job);

/* lint_labels.c: labels passed to jetgate equal runs-on (jetson.labels). */
void jg_lint_labels_passed(struct jg_wf *w, const jg_ynode *job);
/* A caller of the reusable workflow: tier-labels name one tier (jetson.runs-on). */
void jg_lint_reusable_caller(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job);
/* runs-on, upload and trusted-ref rules for that job. */
void jg_lint_jetson_job(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job);
/* Workflow triggers allowed for the gate (gate false: only the untrusted
 * events, for Jetson jobs that do not run the gate). */
void jg_lint_triggers(struct jg_wf *w, bool gate);

#endif
