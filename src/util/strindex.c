#include "util/strindex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t fnv1a(const char *text)
{
    uint64_t h = 14695981039346656037u;
    for (const char *p = text; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211u;
    return (size_t)h;
}

size_t *jg_strindex_slot(const jg_strindex *x, const char *name)
{
    for (size_t i = fnv1a(name) & (x->nslots - 1);; i = (i + 1) & (x->nslots - 1))
        if (!x->slots[i] || strcmp(x->key(x->ctx, x->slots[i] - 1), name) == 0)
            return &x->slots[i];
}

bool jg_strindex_reserve(jg_strindex *x, size_t n, size_t have)
{
    if (2 * n < x->nslots)
        return true;
    size_t nslots = x->nslots ? x->nslots : 16;
    while (2 * n >= nslots)
        nslots *= 2;
    size_t *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return false;
    free(x->slots);
    x->slots = slots;
    x->nslots = nslots;
    for (size_t i = 0; i < have; i++)
        *jg_strindex_slot(x, x->key(x->ctx, i)) = i + 1;
    return true;
}

void jg_strindex_free(jg_strindex *x)
{
    free(x->slots);
    x->slots = NULL;
    x->nslots = 0;
}
