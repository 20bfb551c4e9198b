/* Typed access to the facts document: a field table (schema/doc.h) whose
 * rows are facts {status, value, source} or plain values
 * (schema/facts_fields.h). Use the macros: the field is named without quotes
 * and its type is part of the macro, so
 *   JG_FACT_STR(facts, l4t_version)       compiles,
 *   JG_FACT_STR(facts, l4t_verison)       does not (no such field),
 *   JG_FACT_STR(facts, jetson_is_jetson)  does not (a FACT_BOOL),
 *   JG_FACT_RSTR(facts, l4t_version)      does not (a fact, not a plain STR). */
#ifndef JG_SCHEMA_FACTS_H
#define JG_SCHEMA_FACTS_H
#include <jansson.h>
#include <stdbool.h>

#include "schema/doc.h"
#include "schema/facts_fields.h"

JG_DOC_DECLARE(ff, JG_FACTS_FIELDS);
JG_DOC_DECLARE(gpunode, JG_GPU_NODE_FIELDS);

/* A field of the facts document, as the doctor and triage name it:
 * JG_FF_<name>, the index of its row in jg_fields_ff (the same table makes
 * both enums, in the same order). */
typedef enum jg_ff {
#define JG__FF_NAME(P, name, path, type) JG_FF_##name,
    JG_FACTS_FIELDS(JG__FF_NAME, ff)
#undef JG__FF_NAME
    JG_FF_COUNT
} jg_ff;
_Static_assert((int)JG_FF_COUNT == (int)JGF_ff__COUNT, "one row per field");

/* The field's JSON path ("l4t.version"); NULL out of range. */
const char *jg_ff_path(jg_ff f);
/* True for a fact row (FACT_*: {status, value, source}), false for a plain value. */
bool jg_ff_is_fact(jg_ff f);
/* The node at the field's path (the fact object, or the plain value); NULL when absent. */
json_t *jg_ff_node(const json_t *facts, jg_ff f);
/* The fact's status ("ok", "missing", ...); NULL when absent or not a fact. */
const char *jg_ff_status(const json_t *facts, jg_ff f);
/* The value of an ok fact; NULL otherwise. */
json_t *jg_ff_value(const json_t *facts, jg_ff f);
const char *jg_ff_str(const json_t *facts, jg_ff f);
/* -1 unknown (not ok, or not a boolean), 0 false, 1 true. */
int jg_ff_bool(const json_t *facts, jg_ff f);
/* The integer of an ok fact, or dflt. */
long long jg_ff_int(const json_t *facts, jg_ff f, long long dflt);

#define JG__FF_FACT(type, name) ((jg_ff)JGF_ff_##type##_##name)
#define JG_FACT_NODE(facts, name) jg_ff_node((facts), JG_FF_##name)
#define JG_FACT_STATUS(facts, name) jg_ff_status((facts), JG_FF_##name)
#define JG_FACT_PATH(name) jg_ff_path(JG_FF_##name)
#define JG_FACT_STR(facts, name) jg_ff_str((facts), JG__FF_FACT(FACT_STR, name))
#define JG_FACT_BOOL(facts, name) jg_ff_bool((facts), JG__FF_FACT(FACT_BOOL, name))
#define JG_FACT_INT(facts, name, dflt) jg_ff_int((facts), JG__FF_FACT(FACT_INT, name), (dflt))
#define JG_FACT_LIST(facts, name) jg_ff_value((facts), JG__FF_FACT(FACT_ARR, name))
#define JG_FACT_OBJ(facts, name) jg_ff_value((facts), JG__FF_FACT(FACT_OBJ, name))
/* Plain values: RAW (an ANY row) the node as it is; the typed ones (STR,
 * INT, BOOL, ARR, OBJ rows) NULL / dflt / -1 when absent, null, or of
 * another JSON type. */
#define JG_FACT_RAW(facts, name) JG_ANY(ff, facts, name)
#define JG_FACT_RSTR(facts, name) JG_STR(ff, facts, name)
#define JG_FACT_RINT(facts, name, dflt) JG_INT(ff, facts, name, dflt)
#define JG_FACT_RBOOL(facts, name) JG_BOOL(ff, facts, name)
#define JG_FACT_RLIST(facts, name) JG_ARR(ff, facts, name)
#define JG_FACT_ROBJ(facts, name) JG_OBJ(ff, facts, name)

/* Writers. The node at the field's path, parents created as objects (a
 * non-object parent is replaced); value is stolen. jg_ff_put never replaces
 * a node that is there (value dropped, returns 1); jg_ff_set does. 0 when
 * set, -1 on error. */
int jg_ff_put(json_t *facts, jg_ff f, json_t *value);
int jg_ff_set(json_t *facts, jg_ff f, json_t *value);

/* An entry of gpu.nodes' value. */
#define JG_GPU_NODE_STR(n, name) JG_STR(gpunode, n, name)
#define JG_GPU_NODE_BOOL(n, name) JG_BOOL(gpunode, n, name)

#endif
