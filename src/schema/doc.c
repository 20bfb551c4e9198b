#include "schema/doc.h"

#include <string.h>

json_t *jg_doc_node(const json_t *doc, const jg_field *f)
{
    return f ? jg_json_at(doc, f->path) : NULL;
}

bool jg_doc_has_type(const json_t *v, jg_jt t)
{
    switch (t) {
    case JG_JT_STR: return json_is_string(v);
    case JG_JT_INT: return json_is_integer(v);
    case JG_JT_NUM: return json_is_number(v);
    case JG_JT_BOOL: return json_is_boolean(v);
    case JG_JT_OBJ: return json_is_object(v);
    case JG_JT_ARR:
    case JG_JT_STRS:
    case JG_JT_OBJS: return json_is_array(v);
    case JG_JT_ANY: return v != NULL && !json_is_null(v);
    }
    return false;
}

const char *jg_doc_type_name(jg_jt t)
{
    switch (t) {
    case JG_JT_STR: return "a string";
    case JG_JT_INT: return "an integer";
    case JG_JT_NUM: return "a number";
    case JG_JT_BOOL: return "a boolean";
    case JG_JT_OBJ: return "an object";
    case JG_JT_ARR:
    case JG_JT_STRS:
    case JG_JT_OBJS: return "an array";
    case JG_JT_ANY: return "a value";
    }
    return "a value";
}

json_t *jg_doc_typed(const json_t *doc, const jg_field *f)
{
    json_t *v = jg_doc_node(doc, f);
    return jg_doc_has_type(v, f->type) ? v : NULL;
}

const char *jg_doc_str(const json_t *doc, const jg_field *f)
{
    return json_string_value(jg_doc_node(doc, f));
}

long long jg_doc_int(const json_t *doc, const jg_field *f, long long dflt)
{
    json_t *v = jg_doc_node(doc, f);
    return json_is_integer(v) ? (long long)json_integer_value(v) : dflt;
}

double jg_doc_num(const json_t *doc, const jg_field *f)
{
    return json_number_value(jg_doc_node(doc, f));
}

int jg_doc_bool(const json_t *doc, const jg_field *f)
{
    json_t *v = jg_doc_node(doc, f);
    return json_is_boolean(v) ? json_is_true(v) : -1;
}

json_t *jg_doc_string(const char *s)
{
    return s ? json_string(s) : json_null();
}

int jg_doc_set(json_t *doc, const jg_field *f, json_t *value)
{
    if (!value) /* as json_object_set_new: a failed json_string() sets nothing */
        return -1;
    json_t *cur = doc;
    const char *p = f->path;
    for (const char *dot; cur && (dot = strchr(p, '.')) != NULL; p = dot + 1) {
        char key[128];
        size_t n = (size_t)(dot - p);
        if (n >= sizeof key || !json_is_object(cur)) {
            cur = NULL;
            break;
        }
        memcpy(key, p, n);
        key[n] = '\0';
        json_t *next = json_object_get(cur, key);
        if (!next) {
            next = json_object();
            json_object_set_new(cur, key, next);
        }
        cur = next;
    }
    if (!json_is_object(cur)) {
        json_decref(value);
        return -1;
    }
    return json_object_set_new(cur, p, value);
}
