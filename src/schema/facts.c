#include "schema/facts.h"

#include "facts/fact.h"
#include "util/json.h"

static const char *const paths[JG_FF_COUNT] = {
#define JG__FF_PATH(name, path, type) [JG_FF_##name] = path,
    JG_FACTS_FIELDS(JG__FF_PATH)
#undef JG__FF_PATH
};

const char *jg_ff_path(jg_ff f)
{
    return (unsigned)f < JG_FF_COUNT ? paths[f] : NULL;
}

json_t *jg_ff_node(const json_t *facts, jg_ff f)
{
    const char *p = jg_ff_path(f);
    return p ? jg_json_at(facts, p) : NULL;
}

const char *jg_ff_status(const json_t *facts, jg_ff f)
{
    return json_string_value(json_object_get(jg_ff_node(facts, f), "status"));
}

json_t *jg_ff_value(const json_t *facts, jg_ff f)
{
    return jg_fact_value(jg_ff_node(facts, f));
}

const char *jg_ff_str(const json_t *facts, jg_ff f)
{
    return json_string_value(jg_ff_value(facts, f));
}

int jg_ff_bool(const json_t *facts, jg_ff f)
{
    json_t *v = jg_ff_value(facts, f);
    return json_is_boolean(v) ? json_is_true(v) : -1;
}

long long jg_ff_int(const json_t *facts, jg_ff f, long long dflt)
{
    json_t *v = jg_ff_value(facts, f);
    return json_is_integer(v) ? (long long)json_integer_value(v) : dflt;
}
