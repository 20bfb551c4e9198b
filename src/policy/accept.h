/* The one acceptance rule (issue 10 item 8): which checks a gate requires
 * and which statuses satisfy them. `run`'s verdict, `claim`, `report` and
 * `matrix` all ask here, so they cannot disagree. */
#ifndef JG_POLICY_ACCEPT_H
#define JG_POLICY_ACCEPT_H
#include <jansson.h>
#include <stdbool.h>

/* The check ids the gate requires: its required_checks, then each project
 * check whose hook the gate configures (a configured hook is required
 * automatically). New reference to an array of strings. */
json_t *jg_accept_required_ids(const json_t *gate);

/* Whether status st of check id satisfies the requirement: "pass"; or
 * "unsupported" when the gate's allow_unsupported names the id (an absent
 * list names none) and, for torch.bnb_nf4, the tier documents bitsandbytes
 * as unsupported (no tier: never). Unknown or missing status: never. */
bool jg_accept_status(const json_t *gate, const json_t *tier, const char *id, const char *st);

/* One of the five check statuses (pass, fail, skip, unsupported, error). */
bool jg_accept_status_known(const char *st);

enum jg_project_checks {
    JG_PROJECT_CONFIGURED, /* both hooks (device_auto and tests) configured */
    JG_PROJECT_OPTED_OUT,  /* not both, and the gate opts out with a written reason */
    JG_PROJECT_MISSING,    /* not both, and no opt-out: a claim is impossible */
};
/* How the gate covers the project's own checks. */
enum jg_project_checks jg_accept_project_checks(const json_t *gate);
/* The gate's written opt-out reason, or NULL. */
const char *jg_accept_opt_out(const json_t *gate);

#endif
