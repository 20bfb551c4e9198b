/* JSON in and out. Output is deterministic (sorted keys, 2-space indent,
 * trailing newline) so two runs diff cleanly. Input is strict where a decision
 * rests on it: duplicate keys rejected, nesting depth bounded, size capped,
 * and every error names the file, line and column. */
#ifndef JG_JSON_H
#define JG_JSON_H
#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#define JG_JSON_MAX_DEPTH 64

typedef struct jg_jerr {
    char text[512]; /* "FILE:LINE:COL: why", ready to print after "jetgate: " */
} jg_jerr;

/* Print doc to f in the canonical form; returns 0 or -1. */
int jg_json_print(FILE *f, const json_t *doc);
/* Canonical form as a malloc'd string (with trailing newline). */
char *jg_json_string(const json_t *doc);

/* Parse text (len bytes) named name for messages. NULL on error with err filled. */
/* Fill err with "FILE: PATH: why" (why from fmt); returns -1 so validators can
 * `return jg_jerr_at(...)`. */
int jg_jerr_vat(jg_jerr *err, const char *file, const char *path, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
json_t *jg_json_parse(const char *text, size_t len, const char *name, jg_jerr *err);
/* Read and parse a file ("-" = stdin), capped at cap bytes. */
json_t *jg_json_load(const char *path, size_t cap, jg_jerr *err);

/* Deepest nesting of arrays/objects in text, ignoring brackets inside strings. */
int jg_json_depth(const char *text, size_t len);

/* The first step of the dotted path p copied into key (n bytes): where the
 * next step starts (past the dot), or NULL when the step does not fit. The
 * one splitter of paths: jg_json_at, and the field tables' writer. */
const char *jg_json_path_step(const char *p, char *key, size_t n);
/* Dotted-path lookup ("predicate.commit.sha"); NULL when any step is absent.
 * A stage document's paths are written once, in its field table (src/schema/). */
json_t *jg_json_at(const json_t *doc, const char *dotted);
/* String at path or NULL when absent or not a string. */
const char *jg_json_str(const json_t *doc, const char *dotted);

/* The first object in array whose "id" is the string id; NULL when none
 * (checks, probe results, gates and tiers are all such lists). */
const json_t *jg_json_find_id(const json_t *array, const char *id);

/* Is s one of the strings of the JSON array arr? (non-strings are skipped) */
bool jg_json_list_has(const json_t *arr, const char *s);
bool jg_json_list_has_nocase(const json_t *arr, const char *s);

/* A real that is never NaN or Inf: those become null (JSON has no such value). */
json_t *jg_json_real(double v);

#endif
