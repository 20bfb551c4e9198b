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

/* The object that holds the path's last step, made on the way; *leaf is
 * that step. NULL when doc is not an object, a step is too long, or a step
 * on the way is not an object (unless JG_DOC_MAKE_WAY replaces it). */
static json_t *holder(json_t *doc, const char *path, unsigned how, const char **leaf)
{
    json_t *cur = json_is_object(doc) ? doc : NULL;
    const char *p = path;
    while (cur && strchr(p, '.')) {
        char key[128];
        if (!(p = jg_json_path_step(p, key, sizeof key)))
            return NULL;
        json_t *next = json_object_get(cur, key);
        if (!next || (!json_is_object(next) && (how & JG_DOC_MAKE_WAY))) {
            next = json_object();
            json_object_set_new(cur, key, next);
        }
        cur = json_is_object(next) ? next : NULL;
    }
    *leaf = p;
    return cur;
}

int jg_doc_write(json_t *doc, const jg_field *f, json_t *value, unsigned how)
{
    const char *leaf = NULL;
    json_t *h = value && f ? holder(doc, f->path, how, &leaf) : NULL;
    if (!h) {
        json_decref(value);
        return -1;
    }
    if ((how & JG_DOC_KEEP) && json_object_get(h, leaf)) {
        json_decref(value);
        return 1;
    }
    return json_object_set_new(h, leaf, value);
}

int jg_doc_set(json_t *doc, const jg_field *f, json_t *value)
{
    return jg_doc_write(doc, f, value, 0);
}
