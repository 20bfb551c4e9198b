/* Flat JSON objects whose members are declared in a table, so that each key is
 * written once and a misspelled or mistyped member does not compile.
 *
 * A table is a macro of rows X(T, name, TYPE); the member's key is the name.
 * From it, JG_KEYS_DECLARE(T, TABLE) makes the enum T_<name> (one per member,
 * T_COUNT after the last) and, for each, the alias T_<TYPE>_<name>, which the
 * typed accessors below name: reading a BOOL member with JG_KEY_STR names an
 * enumerator that does not exist. JG_KEYS_DEFINE(T, TABLE), in one .c file,
 * defines the key strings T_keys[].
 *
 * TYPE: STR, INT, REAL, BOOL, LIST, OBJ, or ANY (more than one JSON type). */
#ifndef JG_SCHEMA_KEYS_H
#define JG_SCHEMA_KEYS_H
#include <jansson.h>

#define JG__KEY_ID(T, name, type) T##_##name,
#define JG__KEY_TYPED(T, name, type) T##_##type##_##name = T##_##name,
#define JG__KEY_NAME(T, name, type) [T##_##name] = #name,

#define JG_KEYS_DECLARE(T, TABLE)                                                                 \
    enum { TABLE(JG__KEY_ID, T) T##_COUNT };                                                      \
    enum { TABLE(JG__KEY_TYPED, T) };                                                             \
    extern const char *const T##_keys[T##_COUNT]
#define JG_KEYS_DEFINE(T, TABLE) const char *const T##_keys[T##_COUNT] = {TABLE(JG__KEY_NAME, T)}

/* The member as JSON (any type); NULL when absent or o is not an object. */
json_t *jg_key_get(const json_t *o, const char *key);
/* Typed reads: NULL / -1 / dflt when absent or of another JSON type. */
const char *jg_key_str(const json_t *o, const char *key);
long long jg_key_int(const json_t *o, const char *key, long long dflt);
int jg_key_bool(const json_t *o, const char *key); /* -1 unknown, 0 false, 1 true */
json_t *jg_key_list(const json_t *o, const char *key);
json_t *jg_key_obj(const json_t *o, const char *key);
/* Set (steals value; NULL value: nothing is set). 0, or -1 when o is not an object. */
int jg_key_set(json_t *o, const char *key, json_t *value);

#define JG_KEY(T, name) (T##_keys[T##_##name])
#define JG_KEY_GET(T, o, name) jg_key_get((o), T##_keys[T##_##name])
#define JG_KEY_STR(T, o, name) jg_key_str((o), T##_keys[T##_STR_##name])
#define JG_KEY_INT(T, o, name, dflt) jg_key_int((o), T##_keys[T##_INT_##name], (dflt))
#define JG_KEY_BOOL(T, o, name) jg_key_bool((o), T##_keys[T##_BOOL_##name])
#define JG_KEY_LIST(T, o, name) jg_key_list((o), T##_keys[T##_LIST_##name])
#define JG_KEY_OBJ(T, o, name) jg_key_obj((o), T##_keys[T##_OBJ_##name])
/* Writes: the value's JSON type is the one the table gives. */
#define JG_KEY_SET(T, o, name, value) jg_key_set((o), T##_keys[T##_##name], (value))
#define JG_KEY_SET_STR(T, o, name, s) jg_key_set((o), T##_keys[T##_STR_##name], json_string(s))
#define JG_KEY_SET_INT(T, o, name, i) \
    jg_key_set((o), T##_keys[T##_INT_##name], json_integer((json_int_t)(i)))
#define JG_KEY_SET_REAL(T, o, name, d) jg_key_set((o), T##_keys[T##_REAL_##name], json_real(d))
#define JG_KEY_SET_BOOL(T, o, name, b) jg_key_set((o), T##_keys[T##_BOOL_##name], json_boolean(b))
#define JG_KEY_SET_LIST(T, o, name, a) jg_key_set((o), T##_keys[T##_LIST_##name], (a))
#define JG_KEY_SET_OBJ(T, o, name, a) jg_key_set((o), T##_keys[T##_OBJ_##name], (a))

#endif
