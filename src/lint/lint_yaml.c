#include "lint/lint_yaml.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "util/strindex.h"

#define MAX_DEPTH 100

struct anchor {
    char *name;
    const jg_ynode *node;
};

struct ystate {
    yaml_parser_t parser;
    const char *name;
    char *err;
    size_t errlen;
    struct anchor *anchors;
    size_t nanchors;
    jg_strindex by_name; /* anchors by name: 80,000 aliases must not cost 80,000 squared */
    size_t nodes;
};

static void fail_at(struct ystate *s, size_t line, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void fail_at(struct ystate *s, size_t line, size_t col, const char *fmt, ...)
{
    if (s->err[0])
        return; /* keep the first, innermost reason */
    int k = snprintf(s->err, s->errlen, "%s:%zu:%zu: ", s->name, line, col);
    if (k < 0 || (size_t)k >= s->errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err + k, s->errlen - (size_t)k, fmt, ap);
    va_end(ap);
}

static bool next_event(struct ystate *s, yaml_event_t *ev)
{
    if (yaml_parser_parse(&s->parser, ev))
        return true;
    const yaml_parser_t *p = &s->parser;
    fail_at(s, p->problem_mark.line + 1, p->problem_mark.column + 1, "invalid YAML: %s%s%s",
            p->problem ? p->problem : "parse error", p->context ? " " : "",
            p->context ? p->context : "");
    return false;
}

static jg_ynode *new_node(struct ystate *s, enum jg_ykind kind, const yaml_mark_t *m)
{
    if (++s->nodes > JG_YAML_MAX_NODES) {
        fail_at(s, m->line + 1, m->column + 1, "more than %u nodes (alias expansion?)",
                JG_YAML_MAX_NODES);
        return NULL;
    }
    jg_ynode *n = calloc(1, sizeof *n);
    if (!n) {
        fail_at(s, m->line + 1, m->column + 1, "out of memory");
        return NULL;
    }
    n->kind = kind;
    n->line = m->line + 1;
    n->col = m->column + 1;
    return n;
}

/* Arrays grow by doubling (at n = 0, 1, 2, 4, ...): a long list stays linear. */
static size_t room_for(size_t n)
{
    return n < 4 ? 4 : (n & (n - 1)) == 0 ? 2 * n : 0;
}

static bool push(jg_ynode *parent, jg_ynode *key, jg_ynode *value)
{
    size_t cap = room_for(parent->n);
    jg_ynode **items = cap ? realloc(parent->items, cap * sizeof *items) : parent->items;
    if (!items)
        return false;
    parent->items = items;
    if (parent->kind == JG_Y_MAP) {
        jg_ynode **keys = cap ? realloc(parent->keys, cap * sizeof *keys) : parent->keys;
        if (!keys)
            return false;
        parent->keys = keys;
        keys[parent->n] = key;
    }
    items[parent->n++] = value;
    return true;
}

static jg_ynode *copy_node(struct ystate *s, const jg_ynode *src, const yaml_mark_t *at)
{
    jg_ynode *n = new_node(s, src->kind, at);
    if (!n)
        return NULL;
    n->line = src->line;
    n->col = src->col;
    n->plain = src->plain;
    if (src->text && !(n->text = strdup(src->text)))
        goto oom;
    for (size_t i = 0; i < src->n; i++) {
        jg_ynode *k = NULL, *v = copy_node(s, src->items[i], at);
        if (v && src->keys)
            k = copy_node(s, src->keys[i], at);
        if (!v || (src->keys && !k) || !push(n, k, v)) {
            jg_yaml_free(k);
            jg_yaml_free(v);
            goto oom;
        }
    }
    return n;
oom:
    fail_at(s, at->line + 1, at->column + 1, "cannot expand alias");
    jg_yaml_free(n);
    return NULL;
}

static const char *anchor_name(const void *ctx, size_t i)
{
    return ((const struct ystate *)ctx)->anchors[i].name;
}

/* A name defined again points at its latest node, as YAML says. */
static bool remember_anchor(struct ystate *s, const yaml_char_t *anchor, const jg_ynode *n)
{
    if (!anchor)
        return true;
    size_t cap = room_for(s->nanchors);
    struct anchor *a = cap ? realloc(s->anchors, cap * sizeof *a) : s->anchors;
    if (!a)
        return false;
    s->anchors = a;
    if (!(a[s->nanchors].name = strdup((const char *)anchor)))
        return false;
    a[s->nanchors++].node = n;
    s->by_name.key = anchor_name;
    s->by_name.ctx = s;
    if (!jg_strindex_reserve(&s->by_name, s->nanchors, s->nanchors))
        return false;
    *jg_strindex_slot(&s->by_name, (const char *)anchor) = s->nanchors;
    return true;
}

static jg_ynode *resolve_alias(struct ystate *s, const yaml_event_t *ev)
{
    const char *name = (const char *)ev->data.alias.anchor;
    size_t at = s->by_name.nslots ? *jg_strindex_slot(&s->by_name, name) : 0;
    if (at)
        return copy_node(s, s->anchors[at - 1].node, &ev->start_mark);
    fail_at(s, ev->start_mark.line + 1, ev->start_mark.column + 1,
            "alias *%s names no complete anchor", name);
    return NULL;
}

static jg_ynode *parse_node(struct ystate *s, yaml_event_t *ev, int depth);

static const char *key_text(const void *ctx, size_t i)
{
    return ((const jg_ynode *)ctx)->keys[i]->text;
}

/* Has map a key like key? Else key (about to be map's key n) is recorded, in
 * an index, so a map of 80,000 keys is checked in linear time. */
static bool duplicate_key(jg_strindex *seen, const jg_ynode *map, const jg_ynode *key)
{
    *seen = (jg_strindex){seen->slots, seen->nslots, key_text, map};
    if (!jg_strindex_reserve(seen, map->n + 1, map->n))
        return true; /* refused rather than checked slowly */
    size_t *slot = jg_strindex_slot(seen, key->text);
    if (*slot)
        return true;
    *slot = map->n + 1; /* push() makes key map->keys[map->n] */
    return false;
}

/* Reads events up to the matching end event into n (a sequence or mapping). */
static bool parse_children(struct ystate *s, jg_ynode *n, yaml_event_type_t end, int depth)
{
    jg_strindex seen = {0};
    bool ok = false;
    for (;;) {
        yaml_event_t ev;
        if (!next_event(s, &ev))
            break;
        if (ev.type == end) {
            yaml_event_delete(&ev);
            ok = true;
            break;
        }
        jg_ynode *key = NULL, *value = NULL;
        if (n->kind == JG_Y_MAP) {
            key = parse_node(s, &ev, depth + 1);
            if (key && key->kind != JG_Y_SCALAR)
                fail_at(s, key->line, key->col, "mapping key is not a scalar");
            else if (key && duplicate_key(&seen, n, key))
                fail_at(s, key->line, key->col, "duplicate key '%s'", key->text);
            if (!key || s->err[0] || !next_event(s, &ev)) {
                jg_yaml_free(key);
                break;
            }
        }
        value = parse_node(s, &ev, depth + 1);
        if (!value || !push(n, key, value)) {
            jg_yaml_free(key);
            jg_yaml_free(value);
            break;
        }
    }
    jg_strindex_free(&seen);
    return ok;
}

/* Builds the node that starts with ev (consumed here). */
static jg_ynode *parse_node(struct ystate *s, yaml_event_t *ev, int depth)
{
    jg_ynode *n = NULL;
    const yaml_char_t *anchor = NULL;
    if (depth > MAX_DEPTH) {
        fail_at(s, ev->start_mark.line + 1, ev->start_mark.column + 1, "nested too deeply");
        yaml_event_delete(ev);
        return NULL;
    }
    switch (ev->type) {
    case YAML_ALIAS_EVENT:
        n = resolve_alias(s, ev);
        break;
    case YAML_SCALAR_EVENT:
        if ((n = new_node(s, JG_Y_SCALAR, &ev->start_mark))) {
            n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
            n->text = strndup((const char *)ev->data.scalar.value, ev->data.scalar.length);
            if (!n->text || strlen(n->text) != ev->data.scalar.length) {
                fail_at(s, n->line, n->col, n->text ? "scalar holds a NUL" : "out of memory");
                jg_yaml_free(n);
                n = NULL;
            }
        }
        anchor = ev->data.scalar.anchor;
        break;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
        bool seq = ev->type == YAML_SEQUENCE_START_EVENT;
        anchor = seq ? ev->data.sequence_start.anchor : ev->data.mapping_start.anchor;
        n = new_node(s, seq ? JG_Y_SEQ : JG_Y_MAP, &ev->start_mark);
        if (n && !parse_children(s, n, seq ? YAML_SEQUENCE_END_EVENT : YAML_MAPPING_END_EVENT,
                                 depth)) {
            jg_yaml_free(n);
            n = NULL;
        }
        break;
    }
    default:
        fail_at(s, ev->start_mark.line + 1, ev->start_mark.column + 1, "unexpected YAML event");
    }
    if (n && !remember_anchor(s, anchor, n)) {
        fail_at(s, n->line, n->col, "out of memory");
        jg_yaml_free(n);
        n = NULL;
    }
    yaml_event_delete(ev);
    return n;
}

/* Stream start, one document, stream end. */
static jg_ynode *parse_stream(struct ystate *s)
{
    yaml_event_t ev;
    jg_ynode *root = NULL;
    if (!next_event(s, &ev))
        return NULL;
    yaml_event_delete(&ev); /* STREAM_START */
    if (!next_event(s, &ev))
        return NULL;
    if (ev.type == YAML_STREAM_END_EVENT) {
        fail_at(s, 1, 1, "empty file (no YAML document)");
        yaml_event_delete(&ev);
        return NULL;
    }
    yaml_event_delete(&ev); /* DOCUMENT_START */
    if (!next_event(s, &ev) || !(root = parse_node(s, &ev, 0)))
        return NULL;
    if (!next_event(s, &ev))
        goto bad;
    yaml_event_delete(&ev); /* DOCUMENT_END */
    if (!next_event(s, &ev))
        goto bad;
    if (ev.type != YAML_STREAM_END_EVENT) {
        fail_at(s, ev.start_mark.line + 1, ev.start_mark.column + 1,
                "more than one YAML document");
        yaml_event_delete(&ev);
        goto bad;
    }
    yaml_event_delete(&ev);
    return root;
bad:
    jg_yaml_free(root);
    return NULL;
}

jg_ynode *jg_yaml_parse(const char *text, size_t len, const char *name, char *err, size_t errlen)
{
    struct ystate s = {.name = name, .err = err, .errlen = errlen};
    err[0] = '\0';
    if (len > JG_YAML_MAX_BYTES) {
        snprintf(err, errlen, "%s: larger than %u bytes", name, JG_YAML_MAX_BYTES);
        return NULL;
    }
    if (!yaml_parser_initialize(&s.parser)) {
        snprintf(err, errlen, "%s: cannot start the YAML parser", name);
        return NULL;
    }
    yaml_parser_set_input_string(&s.parser, (const unsigned char *)text, len);
    jg_ynode *root = parse_stream(&s);
    if (!root && !err[0])
        snprintf(err, errlen, "%s: cannot parse YAML", name);
    yaml_parser_delete(&s.parser);
    for (size_t i = 0; i < s.nanchors; i++)
        free(s.anchors[i].name);
    free(s.anchors);
    jg_strindex_free(&s.by_name);
    return root;
}

void jg_yaml_free(jg_ynode *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->n; i++) {
        jg_yaml_free(n->items[i]);
        if (n->keys)
            jg_yaml_free(n->keys[i]);
    }
    free(n->items);
    free(n->keys);
    free(n->text);
    free(n);
}

const jg_ynode *jg_ymap_key(const jg_ynode *n, const char *key)
{
    if (!n || n->kind != JG_Y_MAP)
        return NULL;
    for (size_t i = 0; i < n->n; i++)
        if (strcmp(n->keys[i]->text, key) == 0)
            return n->keys[i];
    return NULL;
}

const jg_ynode *jg_ymap_get(const jg_ynode *n, const char *key)
{
    if (!n || n->kind != JG_Y_MAP)
        return NULL;
    for (size_t i = 0; i < n->n; i++)
        if (strcmp(n->keys[i]->text, key) == 0)
            return n->items[i];
    return NULL;
}

bool jg_yscalar_is(const jg_ynode *n, const char *text)
{
    return n && n->kind == JG_Y_SCALAR && strcmp(n->text, text) == 0;
}

bool jg_yis_null(const jg_ynode *n)
{
    if (!n || n->kind != JG_Y_SCALAR || !n->plain)
        return false;
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL"};
    for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++)
        if (strcmp(n->text, nulls[i]) == 0)
            return true;
    return false;
}
