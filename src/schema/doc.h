/* Field tables: the one way a stage document's fields are declared and read
 * (docs/schema.md "Field tables"). A table is an X-macro list of rows
 *   X(P, name, "json.path", TYPE)
 * - P: the table's short name, passed through so that one set of macros
 *   here serves every table;
 * - name: the field's C name;
 * - path: dotted, relative to the object the table describes; a flat
 *   member is a path of one segment, and a key that is no C name ("_type",
 *   "nvidia-jetpack") is spelled here and nowhere else;
 * - TYPE: the JSON type: STR, INT, NUM, BOOL, OBJ, ARR, STRS, OBJS (arrays
 *   whose every element is a string / an object) or ANY (more than one
 *   type); or, in the facts document, FACT_STR, FACT_INT, FACT_BOOL,
 *   FACT_ARR, FACT_OBJ: a fact {status, value, source} whose value has that
 *   type (schema/fact.h, schema/facts.h).
 * From a table, JG_DOC_DECLARE makes
 *   - one enumerator per field,           JGF_<P>_<name>,
 *   - one enumerator per (type, field),   JGF_<P>_<TYPE>_<name>,
 * and JG_DOC_DEFINE the array of rows. The accessors below name the field
 * without quotes and carry the type in their name, so
 *   JG_STR(check, c, reason)    compiles,
 *   JG_STR(check, c, reasn)     does not (no such field),
 *   JG_STR(check, c, required)  does not (a BOOL, not a STR).
 * The documents' own headers (schema/facts.h, observed.h, doctor.h) give
 * their tables shorter spellings on top of these. */
#ifndef JG_SCHEMA_DOC_H
#define JG_SCHEMA_DOC_H
#include <jansson.h>
#include <stdbool.h>

#include "util/json.h" /* jg_json_real */

typedef enum jg_jt {
    JG_JT_STR, JG_JT_INT, JG_JT_NUM, JG_JT_BOOL, JG_JT_OBJ, JG_JT_ARR, JG_JT_STRS, JG_JT_OBJS,
    JG_JT_ANY
} jg_jt;

typedef struct jg_field {
    const char *path;
    jg_jt type; /* of the node; of the fact's value when fact */
    bool fact;  /* the node is a fact {status, value, source} (FACT_* rows) */
} jg_field;

/* A row's TYPE as {type, fact}. */
#define JG__JT_STR JG_JT_STR, false
#define JG__JT_INT JG_JT_INT, false
#define JG__JT_NUM JG_JT_NUM, false
#define JG__JT_BOOL JG_JT_BOOL, false
#define JG__JT_OBJ JG_JT_OBJ, false
#define JG__JT_ARR JG_JT_ARR, false
#define JG__JT_STRS JG_JT_STRS, false
#define JG__JT_OBJS JG_JT_OBJS, false
#define JG__JT_ANY JG_JT_ANY, false
#define JG__JT_FACT_STR JG_JT_STR, true
#define JG__JT_FACT_INT JG_JT_INT, true
#define JG__JT_FACT_BOOL JG_JT_BOOL, true
#define JG__JT_FACT_ARR JG_JT_ARR, true
#define JG__JT_FACT_OBJ JG_JT_OBJ, true

#define JG__DOC_ID(P, name, path, type) JGF_##P##_##name,
#define JG__DOC_TYPED(P, name, path, type) JGF_##P##_##type##_##name = JGF_##P##_##name,
#define JG__DOC_ROW(P, name, path, type) {path, JG__JT_##type},

#define JG_DOC_DECLARE(P, FIELDS)                                                                 \
    enum jgf_##P { FIELDS(JG__DOC_ID, P) JGF_##P##__COUNT };                                      \
    enum jgf_##P##_typed { FIELDS(JG__DOC_TYPED, P) };                                            \
    extern const jg_field jg_fields_##P[JGF_##P##__COUNT]
#define JG_DOC_DEFINE(P, FIELDS) const jg_field jg_fields_##P[JGF_##P##__COUNT] = {FIELDS(JG__DOC_ROW, P)}

/* The row of a field, by name (any type) or by name and type. */
#define JG_FIELD(P, name) (&jg_fields_##P[JGF_##P##_##name])
#define JG__TYPED(P, type, name) (&jg_fields_##P[JGF_##P##_##type##_##name])
#define JG_PATH(P, name) (JG_FIELD(P, name)->path)
/* A table's rows and their count, for code that walks them. */
#define JG_ROWS(P) jg_fields_##P, (size_t)JGF_##P##__COUNT

/* Reads: NULL / dflt / -1 when absent or of another JSON type. */
#define JG_NODE(P, doc, name) jg_doc_node((doc), JG_FIELD(P, name))
#define JG_ANY(P, doc, name) jg_doc_node((doc), JG__TYPED(P, ANY, name))
#define JG_STR(P, doc, name) jg_doc_str((doc), JG__TYPED(P, STR, name))
#define JG_INT(P, doc, name, dflt) jg_doc_int((doc), JG__TYPED(P, INT, name), (dflt))
#define JG_IS_INT(P, doc, name) json_is_integer(jg_doc_node((doc), JG__TYPED(P, INT, name)))
#define JG_NUM(P, doc, name) jg_doc_num((doc), JG__TYPED(P, NUM, name))
#define JG_BOOL(P, doc, name) jg_doc_bool((doc), JG__TYPED(P, BOOL, name))
#define JG_OBJ(P, doc, name) jg_doc_typed((doc), JG__TYPED(P, OBJ, name))
#define JG_ARR(P, doc, name) jg_doc_typed((doc), JG__TYPED(P, ARR, name))
#define JG_STRS(P, doc, name) jg_doc_typed((doc), JG__TYPED(P, STRS, name))
#define JG_OBJS(P, doc, name) jg_doc_typed((doc), JG__TYPED(P, OBJS, name))

/* Writes (the value is stolen; objects on the way are made). JG_SET_STR
 * writes null for NULL; JG_SET_AS sets a value the caller made for a field
 * of that TYPE, and nothing when the value is NULL (json_string(NULL)). */
#define JG_SET(P, doc, name, value) jg_doc_set((doc), JG_FIELD(P, name), (value))
#define JG_SET_AS(P, doc, name, TYPE, value) jg_doc_set((doc), JG__TYPED(P, TYPE, name), (value))
#define JG_SET_STR(P, doc, name, s) jg_doc_set((doc), JG__TYPED(P, STR, name), jg_doc_string(s))
#define JG_SET_INT(P, doc, name, i) \
    jg_doc_set((doc), JG__TYPED(P, INT, name), json_integer((json_int_t)(i)))
#define JG_SET_NUM(P, doc, name, d) jg_doc_set((doc), JG__TYPED(P, NUM, name), jg_json_real(d))
#define JG_SET_BOOL(P, doc, name, b) jg_doc_set((doc), JG__TYPED(P, BOOL, name), json_boolean(b))

/* The node at the field's path; NULL when f is NULL or a step is absent. */
json_t *jg_doc_node(const json_t *doc, const jg_field *f);
/* The node when it has the field's JSON type (for STRS / OBJS: an array). */
json_t *jg_doc_typed(const json_t *doc, const jg_field *f);
const char *jg_doc_str(const json_t *doc, const jg_field *f);
long long jg_doc_int(const json_t *doc, const jg_field *f, long long dflt);
/* 0 when absent or not a number. */
double jg_doc_num(const json_t *doc, const jg_field *f);
/* -1 absent or not a boolean, 0 false, 1 true. */
int jg_doc_bool(const json_t *doc, const jg_field *f);

/* How jg_doc_write treats what is already there. */
enum {
    JG_DOC_KEEP = 1,     /* a node at the path stays: value released, 1 returned */
    JG_DOC_MAKE_WAY = 2, /* a step on the way that is not an object is replaced by one */
};
/* Sets value at the field's path, making the objects on the way; 0, or -1
 * (value released) when value or f is NULL, or a step on the way is not an
 * object (and not JG_DOC_MAKE_WAY). how: 0 or JG_DOC_* flags. */
int jg_doc_write(json_t *doc, const jg_field *f, json_t *value, unsigned how);
/* jg_doc_write(doc, f, value, 0). */
int jg_doc_set(json_t *doc, const jg_field *f, json_t *value);
/* json_string, or null for NULL. */
json_t *jg_doc_string(const char *s);

/* Does v have type t? (null never does.) */
bool jg_doc_has_type(const json_t *v, jg_jt t);
/* "a string", "an integer", ... for messages. */
const char *jg_doc_type_name(jg_jt t);

#endif
