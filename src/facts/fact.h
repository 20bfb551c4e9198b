/* One fact = {"status", "value", "source", ["error"], ["reason"]}.
 * status: ok | missing | unreadable | unparsable | unknown | not_probed.
 * "missing" (the file is not there: e.g. not installed) is a fact in its own
 * right, distinct from "unreadable" (it is there and we could not read it). */
#ifndef JG_FACT_H
#define JG_FACT_H
#include <jansson.h>
#include <stdbool.h>

#include "schema/fact.h"
#include "util/sysroot.h"

/* value is stolen (may be NULL -> null); source is the file relative to the root, or a probe name. */
json_t *jg_fact_ok(json_t *value, const char *source);
json_t *jg_fact_missing(const char *source);
json_t *jg_fact_unparsable(const char *source, const char *why);
json_t *jg_fact_unknown(const char *source, const char *why);
json_t *jg_fact_not_probed(const char *why);
/* From a failed read: missing / unreadable (with errno text) / unparsable (too big). */
json_t *jg_fact_from_read(const jg_blob *b, const char *source);

/* A string value, or "unparsable" when s is not valid UTF-8 (JSON cannot carry it). */
json_t *jg_fact_string(const char *s, const char *source);
/* Attach the table's caveat to an ok fact ("note"); returns fact. */
json_t *jg_fact_note(json_t *fact, const char *note);
/* Read rel under r into b. NULL when the read succeeded; otherwise the
 * missing / unreadable / unparsable (too big) fact for it, b freed. */
json_t *jg_fact_read(const jg_root *r, const char *rel, size_t cap, jg_blob *b);

/* A one-line proc or sys file: its first line as a string fact (printable,
 * non-empty, shorter than max bytes) or, when integer, as a decimal below
 * 1000000; unparsable otherwise. */
json_t *jg_fact_line(const jg_root *r, const char *rel, size_t max, bool integer);

/* The readers (jg_fact_status, jg_fact_value, jg_fact_str) are in schema/fact.h. */

#endif
