#include "schema/fact.h"

#include <string.h>

#include "util/json.h"

JG_DOC_DEFINE(fact, JG_FACT_MEMBER_FIELDS);

const char *jg_fact_status(const json_t *fact)
{
    return JG_STR(fact, fact, status);
}

json_t *jg_fact_value(const json_t *fact)
{
    const char *s = jg_fact_status(fact);
    if (!s || strcmp(s, "ok") != 0)
        return NULL;
    return JG_NODE(fact, fact, value);
}

const char *jg_fact_str(const json_t *facts, const char *dotted)
{
    return json_string_value(jg_fact_value(jg_json_at(facts, dotted)));
}
