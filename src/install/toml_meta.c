/* Per-value facts of a TOML document (line, how a table was defined), in an
 * open-addressing table keyed by the jansson value's address: a lookup per
 * header and dotted key keeps a 10 000-line uv.lock linear. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "install/toml_internal.h"

static size_t slot(size_t cap, const json_t *v)
{
    uintptr_t h = (uintptr_t)v;
    h ^= h >> 17;
    h *= (uintptr_t)0x9e3779b97f4a7c15ull;
    return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

struct jg_toml_meta *tp_meta(const jg_toml *doc, const json_t *v)
{
    if (!doc->meta_cap || !v)
        return NULL;
    for (size_t i = slot(doc->meta_cap, v);; i = (i + 1) & (doc->meta_cap - 1)) {
        if (doc->meta[i].v == v)
            return &doc->meta[i];
        if (!doc->meta[i].v)
            return NULL;
    }
}

static int grow(jg_toml *doc)
{
    size_t cap = doc->meta_cap ? doc->meta_cap * 2 : 256;
    struct jg_toml_meta *m = calloc(cap, sizeof *m);
    if (!m)
        return -1;
    for (size_t i = 0; i < doc->meta_cap; i++) {
        if (!doc->meta[i].v)
            continue;
        size_t j = slot(cap, doc->meta[i].v);
        while (m[j].v)
            j = (j + 1) & (cap - 1);
        m[j] = doc->meta[i];
    }
    free(doc->meta);
    doc->meta = m;
    doc->meta_cap = cap;
    return 0;
}

int tp_meta_set(struct tp *t, const json_t *v, size_t line, unsigned flags)
{
    jg_toml *doc = t->doc;
    struct jg_toml_meta *m = tp_meta(doc, v);
    if (m) {
        m->flags = flags;
        return 0;
    }
    if ((doc->meta_n + 1) * 2 > doc->meta_cap && grow(doc) < 0)
        return tp_fail(t, "out of memory");
    size_t i = slot(doc->meta_cap, v);
    while (doc->meta[i].v)
        i = (i + 1) & (doc->meta_cap - 1);
    doc->meta[i] = (struct jg_toml_meta){.v = v, .line = line, .flags = flags};
    doc->meta_n++;
    return 0;
}

size_t jg_toml_line(const jg_toml *doc, const json_t *value)
{
    const struct jg_toml_meta *m = tp_meta(doc, value);
    return m ? m->line : 0;
}

void jg_toml_free(jg_toml *doc)
{
    json_decref(doc->root);
    free(doc->meta);
    *doc = (jg_toml){0};
}

int tp_fail(struct tp *t, const char *fmt, ...)
{
    if (t->err[0])
        return -1; /* the first error is the one that explains */
    int k = snprintf(t->err, t->errlen, "%s:%zu: ", t->file, t->line);
    va_list ap;
    va_start(ap, fmt);
    if (k > 0 && (size_t)k < t->errlen)
        vsnprintf(t->err + k, t->errlen - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}
