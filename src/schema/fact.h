/* The members of one fact (docs/schema.md "Fact"): what every value of the
 * facts document is wrapped in. Written by src/facts/fact.c; read by the
 * facts accessors (schema/facts.h), the facts text, and the evidence
 * record's fact_status, which keeps a fact's status with its reason, error,
 * note and dispute. A field table (schema/doc.h). */
#ifndef JG_SCHEMA_FACT_H
#define JG_SCHEMA_FACT_H
#include "schema/doc.h"

#define JG_FACT_MEMBER_FIELDS(X, P)                                                              \
    X(P, status, "status", STR)                                                                   \
    X(P, value, "value", ANY)                                                                     \
    X(P, source, "source", STR)                                                                   \
    X(P, reason, "reason", STR)                                                                   \
    X(P, error, "error", STR)                                                                     \
    X(P, note, "note", STR)                                                                       \
    X(P, disputed, "disputed", STR)                                                               \
    X(P, via, "via", STR)
JG_DOC_DECLARE(fact, JG_FACT_MEMBER_FIELDS);

/* Reading a fact (writing one is src/facts/fact.h's): its status ... */
const char *jg_fact_status(const json_t *fact);
/* ... the value when status is ok, else NULL ... */
json_t *jg_fact_value(const json_t *fact);
/* ... and the value at a dotted path when it is an ok fact holding a string. */
const char *jg_fact_str(const json_t *facts, const char *dotted);

#endif
