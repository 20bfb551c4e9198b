/* Workflow and policy lint: rules over (policy, parsed workflow tree) that
 * keep the jetson-runtime hardware lane safe and its evidence usable.
 * Each finding points at a file position and names a stable rule id. */
#ifndef JG_LINT_H
#define JG_LINT_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "lint/lint_yaml.h"
#include "util/file_findings.h"


/* Every rule over one workflow. policy is a validated policy document. */
void jg_lint_workflow(const json_t *policy, const char *file, const jg_ynode *root,
                      jg_findings *out);

typedef struct jg_lint_opts {
    const char *repo_root; /* checkout holding the file, for local uses:; NULL unknown */
    bool jetson_only;      /* check only the Jetson jobs (and what applies to them) */
    jg_findings *notes;    /* NULL, or gets a jetson.not-gate note per Jetson job without jetgate */
    size_t *jetson_jobs;   /* NULL, or grows by those jobs */
} jg_lint_opts;
/* Same with options; returns the number of gate jobs (jobs that run jetgate)
 * in the workflow. A job on a Jetson runner that does not run jetgate gets
 * the safety rules only (untrusted triggers, permissions, pins). */
size_t jg_lint_workflow_opts(const json_t *policy, const char *file, const jg_ynode *root,
                             const jg_lint_opts *o, jg_findings *out);
/* Rules over the policy itself beyond the loader's validation (what the
 * workflow rules rely on: the jetson-runtime gate, its triggers, labels). */
void jg_lint_policy(const json_t *policy, const char *file, jg_findings *out);

#endif
