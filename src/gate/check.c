#include "gate/check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "policy/accept.h"
#include "util/json.h"

json_t *jg_check(const char *id, const char *status, double duration_s, json_t *measurements,
                 const char *fmt, ...)
{
    char reason[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    json_t *c = json_object();
    json_object_set_new(c, "id", json_string(id));
    json_object_set_new(c, "status", json_string(status));
    json_object_set_new(c, "required", json_false());
    json_object_set_new(c, "reason", json_string(reason));
    json_object_set_new(c, "duration_s", jg_json_real(duration_s));
    json_object_set_new(c, "measurements", measurements ? measurements : json_object());
    return c;
}

/* The status vocabulary has one home, beside the acceptance rule that judges it. */
bool jg_check_status_valid(const char *status)
{
    return jg_accept_status_known(status);
}

json_t *jg_check_from_step(const char *id, const json_t *step, const char *missing_why)
{
    const char *status = json_string_value(json_object_get(step, "status"));
    if (!json_is_object(step) || !jg_check_status_valid(status))
        return jg_check(id, "error", 0, NULL, "%s", missing_why);
    const char *reason = json_string_value(json_object_get(step, "reason"));
    json_t *m = json_object_get(step, "measurements");
    m = json_is_object(m) ? json_deep_copy(m) : json_object();
    /* the probe's structured CUDA error (code, name, call) travels with the check so the
     * doctor's rules read it from evidence like a pasted one (issue 13) */
    json_t *ce = json_object_get(step, "cuda_error");
    if (json_is_object(ce) && !json_object_get(m, "cuda_error"))
        json_object_set(m, "cuda_error", ce);
    return jg_check(id, status, json_number_value(json_object_get(step, "duration_s")), m, "%s",
                    reason ? reason : "(no reason given)");
}
