/* TOML 1.0 document structure: keys (bare, quoted, dotted), [tables],
 * [[arrays of tables]], arrays and inline tables, with the spec's rules on
 * what may be defined twice or extended (none of it, mostly). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install/toml_internal.h"

#define MAX_KEYS 32
#define MAX_DEPTH 64

typedef struct key {
    char *seg[MAX_KEYS];
    int n;
} key;

static void key_free(key *k)
{
    for (int i = 0; i < k->n; i++)
        free(k->seg[i]);
    k->n = 0;
}

static void ws(struct tp *t)
{
    while (t->p < t->end && (*t->p == ' ' || *t->p == '\t'))
        t->p++;
}

/* Whitespace, then a comment, then the end of the line (or file). */
static int line_end(struct tp *t)
{
    ws(t);
    if (t->p < t->end && *t->p == '#')
        for (t->p++; t->p < t->end && *t->p != '\n'; t->p++) {
            unsigned char c = (unsigned char)*t->p;
            if ((c < 0x20 && c != '\t' && !(c == '\r' && t->p + 1 < t->end && t->p[1] == '\n')) ||
                c == 0x7f)
                return tp_fail(t, "control character in a comment");
        }
    if (t->p < t->end && *t->p == '\r' && t->p + 1 < t->end && t->p[1] == '\n')
        t->p++;
    if (t->p < t->end && *t->p != '\n')
        return tp_fail(t, "expected the end of the line, found '%c'", *t->p);
    if (t->p < t->end) {
        t->p++;
        t->line++;
    }
    return 0;
}

/* Inside arrays: any mix of whitespace, newlines and comments. */
static int blank(struct tp *t)
{
    for (;;) {
        ws(t);
        if (t->p >= t->end || (*t->p != '#' && *t->p != '\n' && *t->p != '\r'))
            return 0;
        if (line_end(t) < 0)
            return -1;
    }
}

static int simple_key(struct tp *t, key *k)
{
    if (k->n == MAX_KEYS)
        return tp_fail(t, "key has too many parts");
    if (t->p < t->end && (*t->p == '"' || *t->p == '\'')) {
        json_t *s = tp_string(t, false);
        if (!s)
            return -1;
        k->seg[k->n++] = strdup(json_string_value(s));
        json_decref(s);
        return 0;
    }
    const char *s = t->p;
    while (t->p < t->end && (isalnum((unsigned char)*t->p) || *t->p == '_' || *t->p == '-'))
        t->p++;
    if (t->p == s)
        return tp_fail(t, "expected a key");
    k->seg[k->n++] = strndup(s, (size_t)(t->p - s));
    return 0;
}

static int parse_key(struct tp *t, key *k)
{
    for (;;) {
        ws(t);
        if (simple_key(t, k) < 0 || !k->seg[k->n - 1])
            return tp_fail(t, "invalid key");
        ws(t);
        if (t->p >= t->end || *t->p != '.')
            return 0;
        t->p++;
    }
}

static unsigned flags_of(const jg_toml *doc, const json_t *v)
{
    const struct jg_toml_meta *m = tp_meta(doc, v);
    return m ? m->flags : 0;
}

static json_t *value(struct tp *t, int depth);

/* Marks an inline table and everything in it immutable. */
static int freeze(struct tp *t, json_t *v)
{
    if (json_is_object(v)) {
        const char *k;
        json_t *c;
        json_object_foreach(v, k, c)
        if (freeze(t, c) < 0)
            return -1;
        return tp_meta_set(t, v, jg_toml_line(t->doc, v), flags_of(t->doc, v) | TM_INLINE);
    }
    return 0;
}

/* Walks k's prefix from tbl for a dotted key: missing tables are created,
 * only tables made by dotted keys in this same table may be extended. */
static json_t *dotted_parent(struct tp *t, json_t *tbl, const key *k, bool is_inline)
{
    for (int i = 0; i + 1 < k->n; i++) {
        json_t *next = json_object_get(tbl, k->seg[i]);
        if (!next) {
            next = json_object();
            if (!next || json_object_set_new(tbl, k->seg[i], next) < 0 ||
                tp_meta_set(t, next, t->line, TM_DOTTED | (is_inline ? TM_INLINE : 0)) < 0)
                return NULL;
        } else if (!json_is_object(next) || !(flags_of(t->doc, next) & TM_DOTTED) ||
                   ((flags_of(t->doc, next) & TM_INLINE) && !is_inline)) {
            return tp_fail(t, "key '%s' is already defined and cannot be extended", k->seg[i]),
                   NULL;
        }
        tbl = next;
    }
    return tbl;
}

static int keyval(struct tp *t, json_t *tbl, bool is_inline, int depth)
{
    key k = {0};
    int rc = -1;
    if (parse_key(t, &k) < 0)
        goto out;
    if (t->p >= t->end || *t->p != '=') {
        tp_fail(t, "expected '=' after key '%s'", k.seg[k.n - 1]);
        goto out;
    }
    t->p++;
    ws(t);
    json_t *parent = dotted_parent(t, tbl, &k, is_inline);
    if (!parent)
        goto out;
    const char *last = k.seg[k.n - 1];
    if (json_object_get(parent, last)) {
        tp_fail(t, "key '%s' is defined twice", last);
        goto out;
    }
    json_t *v = value(t, depth + 1);
    if (v && json_object_set_new(parent, last, v) == 0)
        rc = 0;
out:
    key_free(&k);
    return rc;
}

static json_t *inline_table(struct tp *t, int depth)
{
    json_t *tbl = json_object();
    if (!tbl || tp_meta_set(t, tbl, t->line, TM_INLINE) < 0)
        return json_decref(tbl), NULL;
    t->p++;
    ws(t);
    if (t->p < t->end && *t->p == '}') {
        t->p++;
        return tbl;
    }
    for (;;) {
        if (keyval(t, tbl, true, depth) < 0)
            return json_decref(tbl), NULL;
        ws(t);
        if (t->p < t->end && *t->p == '}') {
            t->p++;
            return freeze(t, tbl) < 0 ? (json_decref(tbl), NULL) : tbl;
        }
        if (t->p >= t->end || *t->p != ',')
            return tp_fail(t, "expected ',' or '}' in an inline table (one line, no "
                              "trailing comma in TOML 1.0)"), json_decref(tbl), NULL;
        t->p++;
        ws(t);
        if (t->p < t->end && (*t->p == '}' || *t->p == '\n' || *t->p == '\r'))
            return tp_fail(t, *t->p == '}' ? "no trailing comma in an inline table (TOML 1.0)"
                                           : "an inline table is one line (TOML 1.0)"),
                   json_decref(tbl), NULL;
    }
}

static json_t *array(struct tp *t, int depth)
{
    json_t *a = json_array();
    if (!a || tp_meta_set(t, a, t->line, TM_STATIC) < 0)
        return json_decref(a), NULL;
    t->p++;
    for (;;) {
        if (blank(t) < 0)
            return json_decref(a), NULL;
        if (t->p < t->end && *t->p == ']') {
            t->p++;
            return a;
        }
        json_t *v = value(t, depth + 1);
        if (!v || json_array_append_new(a, v) < 0 || blank(t) < 0)
            return json_decref(a), NULL;
        if (t->p < t->end && *t->p == ',') {
            t->p++;
            continue;
        }
        if (t->p >= t->end || *t->p != ']')
            return tp_fail(t, "expected ',' or ']' in an array"), json_decref(a), NULL;
    }
}

static json_t *value(struct tp *t, int depth)
{
    if (depth > MAX_DEPTH)
        return tp_fail(t, "values nested too deeply"), NULL;
    size_t line = t->line;
    json_t *v;
    if (t->p >= t->end)
        return tp_fail(t, "expected a value"), NULL;
    if (*t->p == '"' || *t->p == '\'')
        v = tp_string(t, true);
    else if (*t->p == '[')
        v = array(t, depth);
    else if (*t->p == '{')
        v = inline_table(t, depth);
    else
        v = tp_scalar(t);
    if (v && !json_is_boolean(v) && !tp_meta(t->doc, v) && tp_meta_set(t, v, line, 0) < 0)
        return json_decref(v), NULL;
    if (v && tp_meta(t->doc, v))
        tp_meta(t->doc, v)->line = line;
    return v;
}

/* The table a header's prefix names: arrays of tables lead to their last element. */
static json_t *header_parent(struct tp *t, json_t *tbl, const key *k)
{
    for (int i = 0; i + 1 < k->n; i++) {
        json_t *next = json_object_get(tbl, k->seg[i]);
        if (!next) {
            next = json_object();
            if (!next || json_object_set_new(tbl, k->seg[i], next) < 0 ||
                tp_meta_set(t, next, t->line, TM_IMPLICIT) < 0)
                return NULL;
        } else if (json_is_array(next) && (flags_of(t->doc, next) & TM_AOT)) {
            next = json_array_get(next, json_array_size(next) - 1);
        } else if (!json_is_object(next) || (flags_of(t->doc, next) & TM_INLINE)) {
            return tp_fail(t, "'%s' is not a table that can be extended", k->seg[i]), NULL;
        }
        tbl = next;
    }
    return tbl;
}

static json_t *table_header(struct tp *t, json_t *parent, const char *last)
{
    json_t *tbl = json_object_get(parent, last);
    if (tbl) {
        unsigned f = flags_of(t->doc, tbl);
        if (!json_is_object(tbl) || !(f & TM_IMPLICIT))
            return tp_fail(t, "table [%s] is defined twice", last), NULL;
        return tp_meta_set(t, tbl, t->line, TM_DEFINED) < 0 ? NULL : tbl;
    }
    tbl = json_object();
    if (!tbl || json_object_set_new(parent, last, tbl) < 0 ||
        tp_meta_set(t, tbl, t->line, TM_DEFINED) < 0)
        return NULL;
    return tbl;
}

static json_t *array_header(struct tp *t, json_t *parent, const char *last)
{
    json_t *a = json_object_get(parent, last);
    if (!a) {
        a = json_array();
        if (!a || json_object_set_new(parent, last, a) < 0 || tp_meta_set(t, a, t->line, TM_AOT))
            return NULL;
    } else if (!json_is_array(a) || !(flags_of(t->doc, a) & TM_AOT)) {
        return tp_fail(t, "[[%s]] names something that is not an array of tables", last), NULL;
    }
    json_t *tbl = json_object();
    if (!tbl || json_array_append_new(a, tbl) < 0 || tp_meta_set(t, tbl, t->line, TM_DEFINED))
        return NULL;
    return tbl;
}

static json_t *header(struct tp *t)
{
    bool aot = t->p + 1 < t->end && t->p[1] == '[';
    t->p += aot ? 2 : 1;
    key k = {0};
    json_t *tbl = NULL;
    if (parse_key(t, &k) == 0) {
        if (t->p < t->end && *t->p == ']' && (!aot || (t->p + 1 < t->end && t->p[1] == ']'))) {
            t->p += aot ? 2 : 1;
            json_t *parent = header_parent(t, t->doc->root, &k);
            if (parent)
                tbl = aot ? array_header(t, parent, k.seg[k.n - 1])
                          : table_header(t, parent, k.seg[k.n - 1]);
        } else {
            tp_fail(t, "expected '%s' to close the table header", aot ? "]]" : "]");
        }
    }
    key_free(&k);
    return tbl && line_end(t) == 0 ? tbl : NULL;
}

int jg_toml_parse(const char *name, const char *text, size_t len, jg_toml *doc, char *err,
                  size_t errlen)
{
    *doc = (jg_toml){.root = json_object()};
    err[0] = '\0';
    struct tp t = {.p = text, .end = text + len, .line = 1, .file = name, .err = err,
                   .errlen = errlen, .doc = doc};
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        t.p += 3;
    json_t *cur = doc->root;
    int rc = doc->root ? 0 : tp_fail(&t, "out of memory");
    if (memchr(text, '\0', len))
        rc = tp_fail(&t, "binary data, not TOML");
    while (rc == 0 && t.p < t.end) {
        ws(&t);
        if (t.p >= t.end)
            break;
        if (*t.p == '#' || *t.p == '\n' || *t.p == '\r')
            rc = line_end(&t);
        else if (*t.p == '[')
            rc = (cur = header(&t)) ? 0 : -1;
        else
            rc = keyval(&t, cur, false, 0) < 0 ? -1 : line_end(&t);
    }
    if (rc < 0) {
        if (!err[0])
            tp_fail(&t, "out of memory");
        jg_toml_free(doc);
    }
    return rc;
}
