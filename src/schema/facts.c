#include "schema/facts.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "util/json.h"

JG_KEYS_DEFINE(JG_GN, JG_GPU_NODE_FIELDS);

static const char *const paths[JG_FF_COUNT] = {
#define JG__FF_PATH(name, path, type) [JG_FF_##name] = path,
    JG_FACTS_FIELDS(JG__FF_PATH)
#undef JG__FF_PATH
};

#define JG__FF_FACT_STR 1
#define JG__FF_FACT_INT 1
#define JG__FF_FACT_BOOL 1
#define JG__FF_FACT_LIST 1
#define JG__FF_FACT_OBJ 1
#define JG__FF_FACT_RAW 0
#define JG__FF_FACT_RSTR 0
#define JG__FF_FACT_RINT 0
#define JG__FF_FACT_RBOOL 0
#define JG__FF_FACT_RLIST 0
#define JG__FF_FACT_ROBJ 0
static const bool is_fact[JG_FF_COUNT] = {
#define JG__FF_IS_FACT(name, path, type) [JG_FF_##name] = JG__FF_FACT_##type,
    JG_FACTS_FIELDS(JG__FF_IS_FACT)
#undef JG__FF_IS_FACT
};

bool jg_ff_is_fact(jg_ff f)
{
    return (unsigned)f < JG_FF_COUNT && is_fact[f];
}

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

long long jg_ff_raw_int(const json_t *facts, jg_ff f, long long dflt)
{
    json_t *v = jg_ff_node(facts, f);
    return json_is_integer(v) ? (long long)json_integer_value(v) : dflt;
}

int jg_ff_raw_bool(const json_t *facts, jg_ff f)
{
    json_t *v = jg_ff_node(facts, f);
    return json_is_boolean(v) ? json_is_true(v) : -1;
}

json_t *jg_ff_raw_typed(const json_t *facts, jg_ff f, json_type type)
{
    json_t *v = jg_ff_node(facts, f);
    return v && json_typeof(v) == type ? v : NULL;
}

/* The object that holds the field's last step, created as needed; leaf gets that step. */
static json_t *parent_of(json_t *facts, jg_ff f, char *leaf, size_t cap)
{
    const char *p = jg_ff_path(f);
    if (!p || !json_is_object(facts))
        return NULL;
    json_t *cur = facts;
    for (const char *dot; (dot = strchr(p, '.')) != NULL; p = dot + 1) {
        char step[64];
        snprintf(step, sizeof step, "%.*s", (int)(dot - p), p);
        json_t *child = json_object_get(cur, step);
        if (!json_is_object(child)) {
            child = json_object();
            json_object_set_new(cur, step, child);
        }
        cur = child;
    }
    snprintf(leaf, cap, "%s", p);
    return cur;
}

static int put(json_t *facts, jg_ff f, json_t *value, bool replace)
{
    char leaf[64];
    json_t *parent = value ? parent_of(facts, f, leaf, sizeof leaf) : NULL;
    if (!parent) {
        json_decref(value);
        return -1;
    }
    if (!replace && json_object_get(parent, leaf)) {
        json_decref(value);
        return 1;
    }
    return json_object_set_new(parent, leaf, value);
}

int jg_ff_put(json_t *facts, jg_ff f, json_t *value)
{
    return put(facts, f, value, false);
}

int jg_ff_set(json_t *facts, jg_ff f, json_t *value)
{
    return put(facts, f, value, true);
}
