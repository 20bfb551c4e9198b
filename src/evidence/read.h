/* Reading evidence records for claims and reports (docs/schema.md "Evidence
 * record v1"). The envelope must be an in-toto Statement v1 carrying the
 * jetgate gate-run predicate of major version 1; a field that is present
 * with the wrong type makes the file bad input (exit 2, naming the JSON
 * path), while a field that is absent or null is left to the consumer, which
 * may only deny because of it. */
#ifndef JG_EVIDENCE_READ_H
#define JG_EVIDENCE_READ_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "util/json.h"

#define JG_EVIDENCE_MAX_BYTES (4u * 1024u * 1024u)
/* At most this many JSON values per record (a real one has a few hundred):
 * with the byte cap it keeps one parsed record within a few MiB. */
#define JG_EVIDENCE_MAX_VALUES 65536u
#define JG_INTOTO_STATEMENT_V1 "https://in-toto.io/Statement/v1"
#define JG_EVIDENCE_PREDICATE_PREFIX "https://jetgate.dev/evidence/gate-run/v"
#define JG_EVIDENCE_MAJOR 1

/* Read, parse (duplicate keys rejected, depth bounded) and validate the
 * record at path ("-" = stdin). NULL with err = "FILE:LINE:COL: why" or
 * "FILE: json.path: why". */
json_t *jg_evidence_read(const char *path, jg_jerr *err);
/* The same, and the sha256 of the bytes read (65 bytes: 64 hex and NUL),
 * the digest an attestation names as its subject. */
json_t *jg_evidence_read_sha256(const char *path, char *sha256, jg_jerr *err);
json_t *jg_evidence_parse(const char *text, size_t len, const char *name, jg_jerr *err);
int jg_evidence_check_shape(const json_t *doc, const char *name, jg_jerr *err);

/* RFC 3339 UTC instant ("2026-12-02T10:00:00Z", fractional seconds and a
 * numeric offset accepted). false when it is not one. */
bool jg_evidence_parse_time(const char *s, time_t *out);
/* t as the record writes instants: RFC 3339 UTC to the second
 * ("2026-12-02T10:00:00Z"), a JSON string. */
json_t *jg_evidence_time(time_t t);
/* "YYYY-MM-DD" as the UTC midnight that starts the day. */
bool jg_evidence_parse_date(const char *s, time_t *out);

#endif
