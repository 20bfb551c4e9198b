/* The project's own defaults in its policy ("project", docs/schema.md
 * "Policy"): the interpreter that runs the framework checks and the hooks,
 * and the tier the project claims. Written by `jetgate init`; optional. */
#ifndef JG_POLICY_PROJECT_H
#define JG_POLICY_PROJECT_H
#include <jansson.h>

#include "schema/policy.h" /* JG_POLICY_COMMENT_KEY */
#include "util/json.h"

/* Validate policy.project (absent is fine); 0, or -1 with err filled as
 * "FILE: project.KEY: why". */
int jg_policy_project_check(const json_t *policy, const char *file, jg_jerr *err);
/* project.python, or NULL when unset. */
const char *jg_policy_python(const json_t *policy);
/* project.tier, or NULL when unset. */
const char *jg_policy_project_tier(const json_t *policy);

#endif
