#include "facts/fact.h"

#include <string.h>

#include "facts/text.h"
#include "schema/fact.h"
#include "util/json.h"

static json_t *make(const char *status, json_t *value, const char *source)
{
    json_t *f = json_object();
    JG_SET_STR(fact, f, status, status);
    JG_SET(fact, f, value, value ? value : json_null());
    JG_SET_STR(fact, f, source, source);
    return f;
}

json_t *jg_fact_ok(json_t *value, const char *source)
{
    return make("ok", value, source);
}

json_t *jg_fact_missing(const char *source)
{
    return make("missing", NULL, source);
}

/* A member saying why (reason, error) or what qualifies the value (note). */
static json_t *with_reason(json_t *f, enum jgf_fact key, const char *why)
{
    if (why)
        jg_doc_set(f, &jg_fields_fact[key], json_string(why));
    return f;
}

json_t *jg_fact_unparsable(const char *source, const char *why)
{
    return with_reason(make("unparsable", NULL, source), JGF_fact_reason, why);
}

json_t *jg_fact_unknown(const char *source, const char *why)
{
    return with_reason(make("unknown", NULL, source), JGF_fact_reason, why);
}

json_t *jg_fact_not_probed(const char *why)
{
    return with_reason(make("not_probed", NULL, NULL), JGF_fact_reason, why);
}

json_t *jg_fact_from_read(const jg_blob *b, const char *source)
{
    switch (b->status) {
    case JG_R_MISSING:
        return jg_fact_missing(source);
    case JG_R_UNREADABLE:
        return with_reason(make("unreadable", NULL, source), JGF_fact_error, strerror(b->err));
    case JG_R_TOO_BIG:
        return jg_fact_unparsable(source, "file larger than the read limit");
    case JG_R_OK:
        break;
    }
    return jg_fact_unparsable(source, "read succeeded but no value was parsed");
}

json_t *jg_fact_string(const char *s, const char *source)
{
    json_t *v = s ? json_string(s) : NULL;
    if (!v)
        return jg_fact_unparsable(source, "value is not valid UTF-8");
    return jg_fact_ok(v, source);
}

json_t *jg_fact_note(json_t *fact, const char *note)
{
    return with_reason(fact, JGF_fact_note, note);
}

json_t *jg_fact_read(const jg_root *r, const char *rel, size_t cap, jg_blob *b)
{
    if (jg_read(r, rel, cap, b) == JG_R_OK)
        return NULL;
    json_t *f = jg_fact_from_read(b, rel);
    jg_blob_free(b);
    return f;
}

json_t *jg_fact_line(const jg_root *r, const char *rel, size_t max, bool integer)
{
    jg_blob b;
    json_t *f = jg_fact_read(r, rel, JG_CAP_SMALL, &b);
    if (f)
        return f;
    jg_line l = jg_first_line(b.data, b.len);
    char buf[256];
    unsigned long long v;
    if (integer)
        f = jg_parse_uint(l, &v) && v < 1000000 ? jg_fact_ok(json_integer((json_int_t)v), rel)
                                                 : jg_fact_unparsable(rel, "not a decimal number");
    else if (l.n && jg_printable(l) && jg_copy(l, buf, max < sizeof buf ? max : sizeof buf))
        f = jg_fact_ok(json_string(buf), rel);
    else
        f = jg_fact_unparsable(rel, "not one short printable line");
    jg_blob_free(&b);
    return f;
}

