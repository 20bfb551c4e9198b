/* Shared by the TOML reader's two halves: toml_scan.c (strings, numbers,
 * dates: one value at the cursor) and toml.c (keys, tables, arrays). */
#ifndef JG_TOML_INTERNAL_H
#define JG_TOML_INTERNAL_H
#include <stdbool.h>

#include "install/toml.h"

enum { TM_IMPLICIT = 1, TM_DEFINED = 2, TM_DOTTED = 4, TM_INLINE = 8, TM_STATIC = 16,
       TM_AOT = 32 };

struct jg_toml_meta {
    const json_t *v;
    size_t line;
    unsigned flags;
};

struct tp {
    const char *p, *end;
    size_t line;
    const char *file;
    char *err;
    size_t errlen;
    jg_toml *doc;
};

int tp_fail(struct tp *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records v's line and flags; -1 on allocation failure. */
int tp_meta_set(struct tp *t, const json_t *v, size_t line, unsigned flags);
struct jg_toml_meta *tp_meta(const jg_toml *doc, const json_t *v);
/* At a quote: the string (one-line only when !multi_ok), or NULL after tp_fail. */
json_t *tp_string(struct tp *t, bool multi_ok);
/* At a boolean, number or date/time: the value, or NULL after tp_fail. */
json_t *tp_scalar(struct tp *t);

#endif
