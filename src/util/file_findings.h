/* Findings about a file position: "FILE:LINE:COL: RULE: message". Workflow
 * lint and the constraints checks report through the same list, so it lives
 * below both (install/ must not reach into policy/ for it). */
#ifndef JG_FILE_FINDINGS_H
#define JG_FILE_FINDINGS_H
#include <stddef.h>
#include <stdio.h>

typedef struct jg_finding {
    char *file;
    size_t line, col; /* 0 when the finding is about the whole file */
    char *rule;
    char *msg;
} jg_finding;

typedef struct jg_findings {
    jg_finding *v;
    size_t n;
} jg_findings;

void jg_findings_add(jg_findings *f, const char *file, size_t line, size_t col, const char *rule,
                     const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void jg_findings_free(jg_findings *f);
/* "FILE:LINE:COL: RULE: message" per line (FILE: RULE: ... without a position). */
void jg_findings_print(const jg_findings *f, FILE *out);
/* Count of findings with this rule id (tests). */
size_t jg_findings_count(const jg_findings *f, const char *rule);

#endif
