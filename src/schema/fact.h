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

#endif
