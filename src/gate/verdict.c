/* Gate status from the checks: passed / failed / not_run, with reasons and counts. */
#include <stdio.h>
#include <string.h>

#include "gate/check.h"
#include "gate/gate.h"
#include "util/json.h"

static const char *status_of(const json_t *c)
{
    const char *s = json_string_value(json_object_get(c, "status"));
    return s ? s : "error";
}

static bool passed(const json_t *checks, const char *id)
{
    const json_t *c = jg_json_find_id(checks, id);
    return c && strcmp(status_of(c), "pass") == 0;
}

static json_t *counts_of(const json_t *checks)
{
    static const char *const kinds[] = {"pass", "fail", "skip", "unsupported", "error"};
    json_t *counts = json_pack("{s:i}", "total", (int)json_array_size(checks));
    for (size_t k = 0; k < 5; k++) {
        int n = 0;
        size_t i;
        json_t *c;
        json_array_foreach(checks, i, c) {
            n += strcmp(status_of(c), kinds[k]) == 0;
        }
        json_object_set_new(counts, kinds[k], json_integer(n));
    }
    return counts;
}

/* "unsupported" passes only for bitsandbytes on a tier that documents it so,
 * and, when the gate has an allow_unsupported list, only if it names the check. */
static bool accepted(const json_t *c, const json_t *gate, const json_t *tier)
{
    const char *st = status_of(c);
    if (strcmp(st, "pass") == 0)
        return true;
    const char *id = json_string_value(json_object_get(c, "id"));
    const char *bnb = json_string_value(json_object_get(tier, "bitsandbytes"));
    const json_t *allow = json_object_get(gate, "allow_unsupported");
    return strcmp(st, "unsupported") == 0 && id && strcmp(id, "torch.bnb_nf4") == 0 && bnb &&
           strcmp(bnb, "unsupported") == 0 && (!json_is_array(allow) || jg_json_list_has(allow, id));
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

static void add_required_failures(const json_t *checks, const json_t *gate, const json_t *tier,
                                  json_t *reasons,
                                  int *n_required)
{
    size_t i;
    json_t *c;
    json_array_foreach(checks, i, c) {
        if (!json_is_true(json_object_get(c, "required")))
            continue;
        (*n_required)++;
        if (accepted(c, gate, tier))
            continue;
        char line[1200];
        const char *reason = json_string_value(json_object_get(c, "reason"));
        snprintf(line, sizeof line, "required check %s: %s: %s",
                 json_string_value(json_object_get(c, "id")), status_of(c), reason ? reason : "");
        json_array_append_new(reasons, json_string(line));
    }
}

json_t *jg_gate_verdict(const json_t *checks, const json_t *gate, const json_t *tier)
{
    json_t *reasons = json_array();
    const char *status;
    add_prerequisites(checks, reasons);
    if (json_array_size(reasons) > 0) {
        status = "not_run";
    } else {
        int n_required = 0;
        add_required_failures(checks, gate, tier, reasons, &n_required);
        if (n_required == 0)
            json_array_append_new(reasons, json_string("the gate requires no check: a gate that "
                                                       "checks nothing does not pass"));
        status = json_array_size(reasons) ? "failed" : "passed";
    }
    return json_pack("{s:s, s:o, s:o}", "status", status, "reasons", reasons, "counts",
                     counts_of(checks));
}
