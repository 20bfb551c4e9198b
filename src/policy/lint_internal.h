/* Shared between the lint rule files; not a public interface. */
#ifndef JG_LINT_INTERNAL_H
#define JG_LINT_INTERNAL_H
#include <jansson.h>
#include <stdbool.h>

#include "policy/lint.h"

#define JG_LINT_GATE "jetson-runtime"

struct jg_wf {
    const json_t *policy;
    const char *file;
    const jg_ynode *root;
    jg_findings *out;
};

void jg_lint_find(struct jg_wf *w, const jg_ynode *at, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The policy's jetson-runtime gate, or NULL. */
const json_t *jg_lint_gate(const json_t *policy);
/* True when the JSON array arr holds the string s (case-insensitive when nocase). */
bool jg_lint_json_has(const json_t *arr, const char *s, bool nocase);

/* The job runs the gate: a step runs `jetgate run`, or runs-on names jetson. */
bool jg_lint_is_jetson_job(const jg_ynode *job);
/* runs-on, upload and trusted-ref rules for that job. */
void jg_lint_jetson_job(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job);
/* Workflow triggers allowed for the gate. */
void jg_lint_triggers(struct jg_wf *w);

#endif
