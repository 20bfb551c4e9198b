/* A strict TOML 1.0 reader for the files projects declare their
 * dependencies in (pyproject.toml, uv.lock, pylock.toml). Debian 12 and
 * Ubuntu 20.04 package no C TOML parser (only C++ ones: cpptoml, toml11,
 * toml++), so this one is ours. The document becomes a jansson tree
 * (datetimes as their text); every value remembers the line it starts on,
 * so findings can name FILE:LINE. Anything that is not valid TOML 1.0
 * (duplicate keys, a table defined twice, a bad escape, invalid UTF-8) is
 * refused with its line: a half-read file could hide a replaced torch. */
#ifndef JG_TOML_H
#define JG_TOML_H
#include <jansson.h>
#include <stddef.h>

struct jg_toml_meta; /* per value: line and how it was defined */

typedef struct jg_toml {
    json_t *root;
    struct jg_toml_meta *meta; /* open-addressing table keyed by value address */
    size_t meta_cap, meta_n;
} jg_toml;

/* 0, or -1 with err "NAME:LINE: why". */
int jg_toml_parse(const char *name, const char *text, size_t len, jg_toml *doc, char *err,
                  size_t errlen);
/* The 1-based line where value starts; 0 for a value not from this document. */
size_t jg_toml_line(const jg_toml *doc, const json_t *value);
void jg_toml_free(jg_toml *doc);

#endif
