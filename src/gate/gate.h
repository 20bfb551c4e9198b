/* The jetson-runtime gate as pure functions of JSON inputs (docs/schema.md):
 * facts document, native probe results, Python probe result, project hook
 * checks, policy gate and tier -> checks -> verdict. Collection (the only
 * part that touches the host) is src/gate/input.c, through facts/, cuda/,
 * python/ and src/gate/hooks.c. */
#ifndef JG_GATE_H
#define JG_GATE_H
#include <jansson.h>
#include <stdbool.h>

typedef struct jg_gate_in {
    const json_t *facts;    /* facts document */
    const json_t *native;   /* array of native probe results; NULL = not run */
    const json_t *python;   /* Python probe result (full); NULL = not run */
    const json_t *project;  /* array of project.* checks from the hooks; NULL = none configured */
    bool model_selected;    /* --select model-download: python.model holds the run */
    const json_t *gate;     /* the policy's gate object (required_checks) */
    const json_t *tier;     /* the policy tier whose hardware matches the facts, or NULL */
} jg_gate_in;

/* Stable check ids in run order (docs/schema.md "Check ids"); NULL-terminated. */
extern const char *const jg_gate_check_ids[];

/* Every check of the table, in order, with required flags from the gate. */
json_t *jg_gate_checks(const jg_gate_in *in);

void jg_gate_host_checks(const json_t *facts, json_t *checks);
void jg_gate_native_checks(const json_t *facts, const json_t *native, json_t *checks);
void jg_gate_torch_checks(const json_t *facts, const json_t *python, json_t *checks);
json_t *jg_gate_model_check(bool selected, const json_t *python);

/* {"status": passed|failed|not_run, "reasons": [...], "counts": {...}}.
 * passed: every required check passed (bitsandbytes "unsupported" counts only
 * when the tier documents bitsandbytes as unsupported and the gate's
 * allow_unsupported, if present, lists it) and at least one check
 * is required; not_run: a prerequisite is missing (not ARM64, not a Jetson,
 * no CUDA torch); failed otherwise. */
json_t *jg_gate_verdict(const json_t *checks, const json_t *gate, const json_t *tier);

/* The policy tier whose hardware block matches the facts (every field the
 * tier names must equal the identified value); NULL when none does. */
const json_t *jg_gate_tier_for(const json_t *policy, const json_t *facts);
/* The gate object with this id in the policy, or NULL. */
const json_t *jg_gate_find(const json_t *policy, const char *gate_id);

#endif
