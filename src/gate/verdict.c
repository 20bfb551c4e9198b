/* Gate status from the checks: passed / failed / not_run, with reasons and
 * counts. What is required and what satisfies it come from the policy's one
 * acceptance rule (src/policy/accept.h), the same the claim applies. */
#include <stdio.h>
#include <string.h>

#include "gate/check.h"
#include "gate/gate.h"
#include "policy/accept.h"
#include "schema/check.h"
#include "schema/evidence.h"
#include "util/json.h"

static const char *status_of(const json_t *c)
{
    const char *s = JG_STR(check, c, status);
    return s ? s : "error";
}

static bool passed(const json_t *checks, const char *id)
{
    const json_t *c = jg_json_find_id(checks, id);
    return c && strcmp(status_of(c), "pass") == 0;
}

static void add_prerequisites(const json_t *checks, json_t *reasons)
{
    if (!passed(checks, "host.arm64"))
        json_array_append_new(reasons, json_string("not an ARM64 host"));
    if (!passed(checks, "host.jetson"))
        json_array_append_new(reasons, json_string("not a Jetson"));
    if (!passed(checks, "torch.import") || !passed(checks, "torch.cuda_build"))
        json_array_append_new(reasons, json_string("no CUDA torch"));
}

/* Returns the number of required ids. */
static size_t add_required_failures(const json_t *checks, const json_t *gate, const json_t *tier,
                                    json_t *reasons)
{
    json_t *req = jg_accept_required_ids(gate);
    for (size_t i = 0; i < json_array_size(req); i++) {
        const char *id = json_string_value(json_array_get(req, i));
        const json_t *c = jg_json_find_id(checks, id);
        if (c && jg_accept_status(gate, tier, id, status_of(c)))
            continue;
        char line[1200];
        const char *reason = c ? JG_STR(check, c, reason) : "not run";
        snprintf(line, sizeof line, "required check %s: %s: %s", id, c ? status_of(c) : "missing",
                 reason ? reason : "");
        json_array_append_new(reasons, json_string(line));
    }
    size_t n = json_array_size(req);
    json_decref(req);
    return n;
}

json_t *jg_gate_verdict(const json_t *checks, const json_t *gate, const json_t *tier)
{
    json_t *reasons = json_array();
    const char *status;
    add_prerequisites(checks, reasons);
    if (json_array_size(reasons) > 0) {
        status = "not_run";
    } else {
        if (add_required_failures(checks, gate, tier, reasons) == 0)
            json_array_append_new(reasons, json_string("the gate requires no check: a gate that "
                                                       "checks nothing does not pass"));
        status = json_array_size(reasons) ? "failed" : "passed";
    }
    /* the verdict is the predicate's status, reasons and counts (schema/evidence.h) */
    json_t *v = json_object();
    JG_SET_STR(pred, v, status, status);
    JG_SET(pred, v, reasons, reasons);
    JG_SET(pred, v, counts, jg_check_counts(checks, true));
    return v;
}
