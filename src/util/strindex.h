/* An index from names to positions in an array the caller owns (FNV-1a,
 * linear probing): lookups in constant time, so a parser that meets n names
 * stays linear in n (80,000 YAML anchors or mapping keys). The array's i-th
 * name comes from key(ctx, i); slots hold i + 1, 0 for empty. */
#ifndef JG_STRINDEX_H
#define JG_STRINDEX_H
#include <stdbool.h>
#include <stddef.h>

typedef const char *(*jg_strindex_key)(const void *ctx, size_t i);

typedef struct jg_strindex {
    size_t *slots;
    size_t nslots; /* a power of two, kept over twice the entries */
    jg_strindex_key key;
    const void *ctx;
} jg_strindex;

/* The slot for name: holds i + 1 when the array's entry i has that name
 * (the one last set), else 0, the place to set it. Needs jg_strindex_reserve. */
size_t *jg_strindex_slot(const jg_strindex *x, const char *name);

/* Room for n entries; on growth, entries 0..have-1 are indexed again in
 * order (a name set twice keeps its later entry). false when out of memory. */
bool jg_strindex_reserve(jg_strindex *x, size_t n, size_t have);

void jg_strindex_free(jg_strindex *x);

#endif
