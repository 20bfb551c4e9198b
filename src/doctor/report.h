/* A pasted report (file or "-") -> a facts-shaped document for the rules.
 * Accepts `jetgate facts --json`, evidence records (docs/schema.md), and free
 * text (collect_env, jetson_release, error messages, deviceQuery, nvcc, pip
 * and docker logs), fenced or quoted, CRLF or ANSI-coloured. Memory is bounded:
 * JSON is tried only up to JG_CAP_LARGE; text is read one capped line at a time. */
#ifndef JG_DOCTOR_REPORT_H
#define JG_DOCTOR_REPORT_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct jg_report_info {
    const char *kind;   /* "facts" | "evidence" | "text" */
    size_t lines, long_lines, bytes;
    bool over_cap;      /* the input was larger than JG_REPORT_INPUT_CAP */
} jg_report_info;

/* NULL when the input cannot be read (the error is printed). */
json_t *jg_report_read(const char *path, jg_report_info *info);
/* The same from an open stream; name is used in messages. */
json_t *jg_report_read_stream(FILE *f, const char *name, jg_report_info *info);

/* Evidence record (in-toto statement) -> facts-shaped document. */
json_t *jg_facts_from_evidence(const json_t *statement);

#endif
