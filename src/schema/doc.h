/* Field tables for the plain JSON documents passed between stages (native
 * probe result, check, evidence record: docs/schema.md). Each document has
 * one X-macro list whose rows read X(P, name, "json.path", TYPE); P is the
 * document's short name, passed through so that one set of macros here
 * serves every table. From a table, JG_DOC_DECLARE makes
 *   - one enumerator per field,           JGF_<P>_<name>,
 *   - one enumerator per (type, field),   JGF_<P>_<TYPE>_<name>,
 * and JG_DOC_DEFINE the array of {path, type} rows. The accessors below
 * name the field without quotes and carry the type in their name, so
 *   JG_STR(check, c, reason)    compiles,
 *   JG_STR(check, c, reasn)     does not (no such field),
 *   JG_STR(check, c, required)  does not (a BOOL, not a STR).
 * The facts document, whose values are wrapped in facts, has its own table
 * (schema/facts_fields.h). */
#ifndef JG_SCHEMA_DOC_H
#define JG_SCHEMA_DOC_H
#include <jansson.h>
#include <stdbool.h>

#include "util/json.h" /* jg_json_real */

/* STRS / OBJS: arrays whose every element is a string / an object. ANY: a
 * value of more than one type (the reader does not type it). */
typedef enum jg_jt {
    JG_JT_STR, JG_JT_INT, JG_JT_NUM, JG_JT_BOOL, JG_JT_OBJ, JG_JT_ARR, JG_JT_STRS, JG_JT_OBJS,
    JG_JT_ANY
} jg_jt;

typedef struct jg_field {
    const char *path; /* dotted, relative to the document (or sub-document) the table describes */
    jg_jt type;
} jg_field;

#define JG__DOC_ID(P, name, path, type) JGF_##P##_##name,
#define JG__DOC_TYPED(P, name, path, type) JGF_##P##_##type##_##name = JGF_##P##_##name,
#define JG__DOC_ROW(P, name, path, type) {path, JG_JT_##type},

#define JG_DOC_DECLARE(P, FIELDS)                                                                 \
    enum jgf_##P { FIELDS(JG__DOC_ID, P) JGF_##P##__COUNT };                                      \
    enum jgf_##P##_typed { FIELDS(JG__DOC_TYPED, P) };                                            \
    extern const jg_field jg_fields_##P[JGF_##P##__COUNT]
#define JG_DOC_DEFINE(P, FIELDS) const jg_field jg_fields_##P[JGF_##P##__COUNT] = {FIELDS(JG__DOC_ROW, P)}

/* The row of a field, by name (any type) or by name and type. */
#define JG_FIELD(P, name) (&jg_fields_##P[JGF_##P##_##name])
#define JG__TYPED(P, type, name) (&jg_fields_##P[JGF_##P##_##type##_##name])
#define JG_PATH(P, name) (JG_FIELD(P, name)->path)

/* Reads: NULL / dflt / -1 when absent or of another JSON type. */
#define JG_NODE(P, doc, name) jg_doc_node((doc), JG_FIELD(P, name))
#define JG_STR(P, doc, name) jg_doc_str((doc), JG__TYPED(P, STR, name))
#define JG_INT(P, doc, name, dflt) jg_doc_int((doc), JG__TYPED(P, INT, name), (dflt))
#define JG_IS_INT(P, doc, name) json_is_integer(jg_doc_node((doc), JG__TYPED(P, INT, name)))
#define JG_NUM(P, doc, name) jg_doc_num((doc), JG__TYPED(P, NUM, name))
#define JG_BOOL(P, doc, name) jg_doc_bool((doc), JG__TYPED(P, BOOL, name))
#define JG_OBJ(P, doc, name) jg_doc_typed((doc), JG__TYPED(P, OBJ, name))
#define JG_ARR(P, doc, name) jg_doc_typed((doc), JG__TYPED(P, ARR, name))
#define JG_STRS(P, doc, name) jg_doc_typed((doc), JG__TYPED(P, STRS, name))
#define JG_OBJS(P, doc, name) jg_doc_typed((doc), JG__TYPED(P, OBJS, name))

/* Writes (the value is stolen; objects on the way are made): */
#define JG_SET(P, doc, name, value) jg_doc_set((doc), JG_FIELD(P, name), (value))
#define JG_SET_STR(P, doc, name, s) jg_doc_set((doc), JG__TYPED(P, STR, name), jg_doc_string(s))
#define JG_SET_INT(P, doc, name, i) jg_doc_set((doc), JG__TYPED(P, INT, name), json_integer(i))
#define JG_SET_NUM(P, doc, name, d) jg_doc_set((doc), JG__TYPED(P, NUM, name), jg_json_real(d))
#define JG_SET_BOOL(P, doc, name, b) jg_doc_set((doc), JG__TYPED(P, BOOL, name), json_boolean(b))

json_t *jg_doc_node(const json_t *doc, const jg_field *f);
/* The node when it has the field's JSON type (for STRS / OBJS: an array). */
json_t *jg_doc_typed(const json_t *doc, const jg_field *f);
const char *jg_doc_str(const json_t *doc, const jg_field *f);
long long jg_doc_int(const json_t *doc, const jg_field *f, long long dflt);
/* 0 when absent or not a number. */
double jg_doc_num(const json_t *doc, const jg_field *f);
/* -1 absent or not a boolean, 0 false, 1 true. */
int jg_doc_bool(const json_t *doc, const jg_field *f);
/* Sets value at the field's path, making the objects on the way; 0, or -1
 * when value is NULL, or (value released) when a step on the way is not an
 * object. */
int jg_doc_set(json_t *doc, const jg_field *f, json_t *value);
/* json_string, or null for NULL. */
json_t *jg_doc_string(const char *s);

/* Does v have type t? (null never does.) */
bool jg_doc_has_type(const json_t *v, jg_jt t);
/* "a string", "an integer", ... for messages. */
const char *jg_doc_type_name(jg_jt t);

#endif
