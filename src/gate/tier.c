/* Which policy tier describes this hardware: needed to judge bitsandbytes
 * "unsupported". Only identified facts count; an unidentified module matches
 * no tier (never a guess). */
#include <string.h>

#include "facts/fact.h"
#include "gate/check.h"
#include "gate/gate.h"
#include "schema/facts.h"
#include "util/json.h"

/* A field the tier names must equal the identified fact; one it omits is no constraint. */
static bool field_ok(const json_t *hw, const char *key, const char *got)
{
    const char *want = json_string_value(json_object_get(hw, key));
    if (!want)
        return true;
    return got && strcmp(got, want) == 0;
}

static bool hardware_matches(const json_t *hw, const json_t *facts)
{
    const json_t *parts = json_object_get(hw, "module_parts");
    const char *part = JG_FACT_STR(facts, module_part_number);
    if (!json_is_object(hw) || (!parts && !json_object_get(hw, "soc")))
        return false;
    if (parts && (!part || !jg_json_list_has(parts, part)))
        return false;
    return field_ok(hw, "soc", JG_FACT_STR(facts, module_soc)) &&
           field_ok(hw, "compute_capability", JG_FACT_STR(facts, module_compute_capability)) &&
           field_ok(hw, "memory_class", JG_FACT_STR(facts, module_memory_class));
}

const json_t *jg_gate_tier_for(const json_t *policy, const json_t *facts)
{
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(policy, "tiers"), i, t) {
        if (hardware_matches(json_object_get(t, "hardware"), facts))
            return t;
    }
    return NULL;
}
