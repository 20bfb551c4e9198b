/* One acceptance rule: required ids and acceptable statuses, from the
 * policy alone (a record's own "required" flags are never read). */
#include "policy/accept.h"

#include <string.h>

#include "schema/check.h"
#include "schema/policy.h"
#include "util/json.h"

/* Each hook of the gate and the check it runs. */
static const struct {
    const jg_field *hook;
    const char *check_id;
} hook_ids[] = {{JG_FIELD(gate, device_auto), "project.device_auto"},
                {JG_FIELD(gate, tests), "project.tests"}};

static bool hook_configured(const json_t *gate, const jg_field *hook)
{
    return json_is_object(jg_doc_node(gate, hook));
}

json_t *jg_accept_required_ids(const json_t *gate)
{
    json_t *ids = json_array();
    const json_t *req = JG_STRS(gate, gate, required_checks);
    for (size_t i = 0; i < json_array_size(req); i++)
        if (json_is_string(json_array_get(req, i)))
            json_array_append(ids, json_array_get(req, i));
    for (size_t i = 0; i < 2; i++)
        if (hook_configured(gate, hook_ids[i].hook) && !jg_json_list_has(ids, hook_ids[i].check_id))
            json_array_append_new(ids, json_string(hook_ids[i].check_id));
    return ids;
}

bool jg_accept_status(const json_t *gate, const json_t *tier, const char *id, const char *st)
{
    if (!st || !id)
        return false;
    if (strcmp(st, "pass") == 0)
        return true;
    if (strcmp(st, "unsupported") != 0)
        return false;
    if (!jg_json_list_has(JG_NODE(gate, gate, allow_unsupported), id))
        return false;
    if (strcmp(id, "torch.bnb_nf4") != 0)
        return true;
    const char *bnb = JG_STR(tier, tier, bitsandbytes);
    return bnb && strcmp(bnb, "unsupported") == 0;
}

const char *jg_accept_opt_out(const json_t *gate)
{
    const char *why = JG_STR(gate, gate, project_checks_opt_out);
    return why && *why ? why : NULL;
}

enum jg_project_checks jg_accept_project_checks(const json_t *gate)
{
    if (hook_configured(gate, JG_FIELD(gate, device_auto)) &&
        hook_configured(gate, JG_FIELD(gate, tests)))
        return JG_PROJECT_CONFIGURED;
    return jg_accept_opt_out(gate) ? JG_PROJECT_OPTED_OUT : JG_PROJECT_MISSING;
}

/* The vocabulary itself is the check schema's (schema/check.h). */
bool jg_accept_status_known(const char *st)
{
    return jg_check_status_index(st) >= 0;
}
