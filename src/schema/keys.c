#include "schema/keys.h"

json_t *jg_key_get(const json_t *o, const char *key)
{
    return json_object_get(o, key);
}

const char *jg_key_str(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

long long jg_key_int(const json_t *o, const char *key, long long dflt)
{
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (long long)json_integer_value(v) : dflt;
}

int jg_key_bool(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_boolean(v) ? json_is_true(v) : -1;
}

json_t *jg_key_list(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_array(v) ? v : NULL;
}

json_t *jg_key_obj(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_object(v) ? v : NULL;
}

int jg_key_set(json_t *o, const char *key, json_t *value)
{
    if (!value)
        return 0;
    return json_object_set_new(o, key, value);
}
