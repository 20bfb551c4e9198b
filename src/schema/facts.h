/* Typed access to the facts document, generated from the field table
 * (schema/facts_fields.h). Use the macros: the field is named without quotes
 * and its type is part of the macro, so
 *   JG_FACT_STR(facts, l4t_version)       compiles,
 *   JG_FACT_STR(facts, l4t_verison)       does not (no such field),
 *   JG_FACT_STR(facts, jetson_is_jetson)  does not (a BOOL, not a STR). */
#ifndef JG_SCHEMA_FACTS_H
#define JG_SCHEMA_FACTS_H
#include <jansson.h>
#include <stdbool.h>

#include "schema/facts_fields.h"
#include "schema/keys.h"

typedef enum jg_ff {
#define JG__FF_ID(name, path, type) JG_FF_##name,
    JG_FACTS_FIELDS(JG__FF_ID)
#undef JG__FF_ID
    JG_FF_COUNT
} jg_ff;

/* One enumerator per (type, field): what makes a wrong-type read fail to compile. */
enum jg_ff_typed {
#define JG__FF_TYPED(name, path, type) JG_FF_##type##_##name = JG_FF_##name,
    JG_FACTS_FIELDS(JG__FF_TYPED)
#undef JG__FF_TYPED
};

/* The field's JSON path ("l4t.version"). */
const char *jg_ff_path(jg_ff f);
/* True for a fact row (STR, INT, BOOL, LIST, OBJ: {status, value, source}),
 * false for a plain value (RAW, R*). */
bool jg_ff_is_fact(jg_ff f);
/* The node at the field's path (the fact object, or the RAW value); NULL when absent. */
json_t *jg_ff_node(const json_t *facts, jg_ff f);
/* The fact's status ("ok", "missing", ...); NULL when absent or RAW. */
const char *jg_ff_status(const json_t *facts, jg_ff f);
/* The value of an ok fact; NULL otherwise. */
json_t *jg_ff_value(const json_t *facts, jg_ff f);
const char *jg_ff_str(const json_t *facts, jg_ff f);
/* -1 unknown (not ok, or not a boolean), 0 false, 1 true. */
int jg_ff_bool(const json_t *facts, jg_ff f);
/* The integer of an ok fact, or dflt. */
long long jg_ff_int(const json_t *facts, jg_ff f, long long dflt);

#define JG_FACT_NODE(facts, name) jg_ff_node((facts), JG_FF_##name)
#define JG_FACT_STATUS(facts, name) jg_ff_status((facts), JG_FF_##name)
#define JG_FACT_PATH(name) jg_ff_path(JG_FF_##name)
#define JG_FACT_STR(facts, name) jg_ff_str((facts), (jg_ff)JG_FF_STR_##name)
#define JG_FACT_BOOL(facts, name) jg_ff_bool((facts), (jg_ff)JG_FF_BOOL_##name)
#define JG_FACT_INT(facts, name, dflt) jg_ff_int((facts), (jg_ff)JG_FF_INT_##name, (dflt))
#define JG_FACT_LIST(facts, name) jg_ff_value((facts), (jg_ff)JG_FF_LIST_##name)
#define JG_FACT_OBJ(facts, name) jg_ff_value((facts), (jg_ff)JG_FF_OBJ_##name)
#define JG_FACT_RAW(facts, name) jg_ff_node((facts), (jg_ff)JG_FF_RAW_##name)
/* Plain values of a type (RSTR, RINT, RBOOL, RLIST, ROBJ): NULL / dflt / -1
 * when absent, null, or of another JSON type. */
#define JG_FACT_RSTR(facts, name) json_string_value(jg_ff_node((facts), (jg_ff)JG_FF_RSTR_##name))
#define JG_FACT_RINT(facts, name, dflt) jg_ff_raw_int((facts), (jg_ff)JG_FF_RINT_##name, (dflt))
#define JG_FACT_RBOOL(facts, name) jg_ff_raw_bool((facts), (jg_ff)JG_FF_RBOOL_##name)
#define JG_FACT_RLIST(facts, name) jg_ff_raw_typed((facts), (jg_ff)JG_FF_RLIST_##name, JSON_ARRAY)
#define JG_FACT_ROBJ(facts, name) jg_ff_raw_typed((facts), (jg_ff)JG_FF_ROBJ_##name, JSON_OBJECT)

long long jg_ff_raw_int(const json_t *facts, jg_ff f, long long dflt);
int jg_ff_raw_bool(const json_t *facts, jg_ff f);
json_t *jg_ff_raw_typed(const json_t *facts, jg_ff f, json_type type);

/* Writers. The node at the field's path, parents created as objects (a
 * non-object parent is replaced); value is stolen. jg_ff_put never replaces
 * a node that is there (value dropped, returns 1); jg_ff_set does. 0 when
 * set, -1 on error. */
int jg_ff_put(json_t *facts, jg_ff f, json_t *value);
int jg_ff_set(json_t *facts, jg_ff f, json_t *value);

JG_KEYS_DECLARE(JG_GN, JG_GPU_NODE_FIELDS);
#define JG_GPU_NODE_STR(n, name) JG_KEY_STR(JG_GN, n, name)
#define JG_GPU_NODE_BOOL(n, name) JG_KEY_BOOL(JG_GN, n, name)

#endif
