#include "schema/facts.h"

#include "schema/fact.h" /* one fact's status and value */

JG_DOC_DEFINE(ff, JG_FACTS_FIELDS);
JG_DOC_DEFINE(gpunode, JG_GPU_NODE_FIELDS);

static const jg_field *row(jg_ff f)
{
    return (unsigned)f < JG_FF_COUNT ? &jg_fields_ff[f] : NULL;
}

bool jg_ff_is_fact(jg_ff f)
{
    return row(f) && row(f)->fact;
}

const char *jg_ff_path(jg_ff f)
{
    return row(f) ? row(f)->path : NULL;
}

json_t *jg_ff_node(const json_t *facts, jg_ff f)
{
    return jg_doc_node(facts, row(f));
}

const char *jg_ff_status(const json_t *facts, jg_ff f)
{
    return jg_fact_status(jg_ff_node(facts, f));
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

int jg_ff_put(json_t *facts, jg_ff f, json_t *value)
{
    return jg_doc_write(facts, row(f), value, JG_DOC_KEEP | JG_DOC_MAKE_WAY);
}

int jg_ff_set(json_t *facts, jg_ff f, json_t *value)
{
    return jg_doc_write(facts, row(f), value, JG_DOC_MAKE_WAY);
}
