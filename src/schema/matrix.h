/* The support matrix (docs/schema.md "Support matrix"): each tier of the
 * policy flattened into one row. Written by src/policy/matrix.c, read by
 * `jetgate matrix`'s text (src/report/render.c). Field tables
 * (schema/doc.h): a path is written here once, and a misspelled or
 * mistyped field does not compile. */
#ifndef JG_SCHEMA_MATRIX_H
#define JG_SCHEMA_MATRIX_H
#include "schema/doc.h"

/* evidence: the policy's evidence limits, as written. */
#define JG_MATRIX_FIELDS(X, P)                                                                   \
    X(P, schema, "schema", STR)                                                                   \
    X(P, policy, "policy", STR)                                                                   \
    X(P, evidence, "evidence", OBJ)                                                               \
    X(P, retention_days, "evidence.retention_days", INT)                                          \
    X(P, max_age_days, "evidence.max_age_days", INT)                                              \
    X(P, tiers, "tiers", OBJS)
JG_DOC_DECLARE(matrix, JG_MATRIX_FIELDS);

/* One element of tiers. memory_class and pytorch (the pin as a sentence)
 * may be null; pytorch_source is the policy's pin object, or null;
 * runner_labels are the gate's (required), recommended_labels the tier's;
 * claim_blockers are reasons (schema/claim.h); module_jetpacks the JetPacks the
 * facts table says support the tier's SoC (releases with a module list on record). */
#define JG_MATRIX_ROW_FIELDS(X, P)                                                               \
    X(P, id, "id", STR)                                                                           \
    X(P, level, "level", STR)                                                                     \
    X(P, name, "name", STR)                                                                       \
    X(P, module_parts, "module_parts", STRS)                                                      \
    X(P, memory_class, "memory_class", STR)                                                       \
    X(P, soc, "soc", STR)                                                                         \
    X(P, compute_capability, "compute_capability", STR)                                           \
    X(P, module_jetpacks, "module_jetpacks", STRS)                                                \
    X(P, jetpack, "jetpack", STR)                                                                 \
    X(P, l4t, "l4t", STR)                                                                         \
    X(P, ubuntu, "ubuntu", STR)                                                                   \
    X(P, cuda, "cuda", STR)                                                                       \
    X(P, pytorch, "pytorch", STR)                                                                 \
    X(P, pytorch_source, "pytorch_source", OBJ)                                                   \
    X(P, runner_labels, "runner_labels", STRS)                                                    \
    X(P, recommended_labels, "recommended_labels", STRS)                                          \
    X(P, bitsandbytes, "bitsandbytes", STR)                                                       \
    X(P, evidence, "evidence", STR)                                                               \
    X(P, memory_notes, "memory_notes", STR)                                                       \
    X(P, claimable_in_principle, "claimable_in_principle", BOOL)                                  \
    X(P, claim_blockers, "claim_blockers", OBJS)
JG_DOC_DECLARE(mrow, JG_MATRIX_ROW_FIELDS);

#endif
