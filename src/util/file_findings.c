/* The list of file findings (lint, constraints): collect, print, count. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/file_findings.h"
#include "util/strs.h"

void jg_findings_add(jg_findings *f, const char *file, size_t line, size_t col, const char *rule,
                     const char *fmt, ...)
{
    char msg[1024];
    JG_FORMAT_VARGS(msg, fmt);
    jg_finding *v = realloc(f->v, (f->n + 1) * sizeof *v);
    if (!v)
        abort(); /* a lint that silently drops a finding would pass what it should fail */
    f->v = v;
    jg_finding *e = &v[f->n++];
    e->file = strdup(file);
    e->rule = strdup(rule);
    e->msg = strdup(msg);
    e->line = line;
    e->col = col;
    if (!e->file || !e->rule || !e->msg)
        abort();
}

void jg_findings_free(jg_findings *f)
{
    for (size_t i = 0; i < f->n; i++) {
        free(f->v[i].file);
        free(f->v[i].rule);
        free(f->v[i].msg);
    }
    free(f->v);
    f->v = NULL;
    f->n = 0;
}

void jg_findings_print(const jg_findings *f, FILE *out)
{
    for (size_t i = 0; i < f->n; i++) {
        const jg_finding *e = &f->v[i];
        if (e->line && e->col)
            fprintf(out, "%s:%zu:%zu: %s: %s\n", e->file, e->line, e->col, e->rule, e->msg);
        else if (e->line) /* col 0: a finding about a whole line */
            fprintf(out, "%s:%zu: %s: %s\n", e->file, e->line, e->rule, e->msg);
        else
            fprintf(out, "%s: %s: %s\n", e->file, e->rule, e->msg);
    }
}

size_t jg_findings_count(const jg_findings *f, const char *rule)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; i++)
        n += strcmp(f->v[i].rule, rule) == 0;
    return n;
}
