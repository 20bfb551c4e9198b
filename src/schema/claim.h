/* The claim decision (docs/schema.md "Claim decision"): written by
 * src/policy/claim.c, read by `jetgate claim` (its exit status and text,
 * src/report/render.c) and by the reports' status of a tier
 * (src/report/status.c). Field tables (schema/doc.h): a path is written
 * here once, and a misspelled or mistyped field does not compile. */
#ifndef JG_SCHEMA_CLAIM_H
#define JG_SCHEMA_CLAIM_H
#include "schema/doc.h"

/* repository is null when none was given; waiver is the waiver in force,
 * as much of the policy's as a claim shows (issue, reason, expires: rows of
 * schema/policy.h's waiver table), or null. */
#define JG_CLAIM_FIELDS(X, P)                                                                    \
    X(P, schema, "schema", STR)                                                                   \
    X(P, tier, "tier", STR)                                                                       \
    X(P, tier_name, "tier_name", STR)                                                             \
    X(P, gate, "gate", STR)                                                                       \
    X(P, commit, "commit", STR)                                                                   \
    X(P, repository, "repository", STR)                                                           \
    X(P, now, "now", STR)                                                                         \
    X(P, claimable, "claimable", BOOL)                                                            \
    X(P, scope, "scope", OBJ)                                                                     \
    X(P, covers, "scope.covers", STR)                                                             \
    X(P, opt_out_reason, "scope.opt_out_reason", STR)                                             \
    X(P, tier_reasons, "tier_reasons", OBJS)                                                      \
    X(P, notes, "notes", OBJS)                                                                    \
    X(P, waiver, "waiver", OBJ)                                                                   \
    X(P, evidence, "evidence", OBJS)
JG_DOC_DECLARE(claim, JG_CLAIM_FIELDS);

/* One element of any list of reasons or notes (tier_reasons, notes, a
 * verdict's reasons and notes, the matrix's claim_blockers). */
#define JG_REASON_FIELDS(X, P)                                                                   \
    X(P, code, "code", STR)                                                                       \
    X(P, text, "text", STR)
JG_DOC_DECLARE(reason, JG_REASON_FIELDS);

/* One element of evidence: one record's verdict. */
#define JG_VERDICT_FIELDS(X, P)                                                                  \
    X(P, file, "file", STR)                                                                       \
    X(P, accepted, "accepted", BOOL)                                                              \
    X(P, reasons, "reasons", OBJS)                                                                \
    X(P, notes, "notes", OBJS)
JG_DOC_DECLARE(verdict, JG_VERDICT_FIELDS);

#endif
