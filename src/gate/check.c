#include "gate/check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "policy/accept.h"
#include "schema/check.h"
#include "schema/probe.h"
#include "util/json.h"
#include "util/strs.h"

json_t *jg_check(const char *id, const char *status, double duration_s, json_t *measurements,
                 const char *fmt, ...)
{
    char reason[1024];
    JG_FORMAT_VARGS(reason, fmt);
    json_t *c = json_object();
    JG_SET_STR(check, c, id, id);
    JG_SET_STR(check, c, status, status);
    JG_SET_BOOL(check, c, required, false);
    JG_SET_STR(check, c, reason, reason);
    JG_SET_NUM(check, c, duration_s, duration_s);
    JG_SET(check, c, measurements, measurements ? measurements : json_object());
    return c;
}

/* The status vocabulary has one home, beside the acceptance rule that judges it. */
bool jg_check_status_valid(const char *status)
{
    return jg_accept_status_known(status);
}

/* A step has the probe result's shape (schema/probe.h) without the id. */
json_t *jg_check_from_step(const char *id, const json_t *step, const char *missing_why)
{
    const char *status = JG_STR(probe, step, status);
    if (!json_is_object(step) || !jg_check_status_valid(status))
        return jg_check(id, "error", 0, NULL, "%s", missing_why);
    const char *reason = JG_STR(probe, step, reason);
    json_t *m = JG_OBJ(probe, step, measurements);
    m = m ? json_deep_copy(m) : json_object();
    json_t *c = jg_check(id, status, JG_NUM(probe, step, duration_s), m, "%s",
                         reason ? reason : "(no reason given)");
    jg_check_carry_cuda_error(c, step);
    return c;
}

/* The probe's structured CUDA error (code, name, call) travels with the
 * check, so evidence, JUnit and the doctor's rules read it (issue 13). */
void jg_check_carry_cuda_error(json_t *check, const json_t *probe)
{
    const json_t *ce = JG_OBJ(probe, probe, cuda_error);
    json_t *m = JG_OBJ(check, check, measurements);
    if (ce && m && !JG_NODE(checkm, m, cuda_error))
        JG_SET(checkm, m, cuda_error, json_incref((json_t *)ce));
}

const json_t *jg_check_cuda_error(const json_t *check)
{
    return JG_OBJ(checkm, JG_OBJ(check, check, measurements), cuda_error);
}
