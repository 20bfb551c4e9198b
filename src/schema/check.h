/* One gate check (docs/schema.md "Check"), written by src/gate/ and read
 * from the checks list by the verdict, JUnit, the evidence reader, the
 * claim and the reports; and the check statuses with their counts. Field
 * tables (schema/doc.h): a path is written here once, and a misspelled or
 * mistyped field does not compile. */
#ifndef JG_SCHEMA_CHECK_H
#define JG_SCHEMA_CHECK_H
#include <stddef.h>

#include "schema/doc.h"

/* Relative to one check. The evidence reader types these (in this order). */
#define JG_CHECK_FIELDS(X, P)                                                                    \
    X(P, id, "id", STR)                                                                           \
    X(P, status, "status", STR)                                                                   \
    X(P, reason, "reason", STR)                                                                   \
    X(P, required, "required", BOOL)                                                              \
    X(P, duration_s, "duration_s", NUM)                                                           \
    X(P, measurements, "measurements", OBJ)
JG_DOC_DECLARE(check, JG_CHECK_FIELDS);

/* Relative to a check's measurements: the members other stages read by
 * name (the probe's CUDA error, schema/probe.h's structure; the project.tests
 * JUnit counts, the hooks' exit code and device=auto's resolved device, which
 * the claim recomputes; the hooks' output tails). Free-form
 * otherwise, so the evidence reader does not type them. */
#define JG_CHECK_MEASUREMENT_FIELDS(X, P)                                                        \
    X(P, cuda_error, "cuda_error", OBJ)                                                           \
    X(P, tests, "tests", INT)                                                                     \
    X(P, failures, "failures", INT)                                                               \
    X(P, errors, "errors", INT)                                                                   \
    X(P, skipped, "skipped", INT)                                                                 \
    X(P, exit_code, "exit_code", INT)                                                             \
    X(P, resolved, "resolved", STR)                                                               \
    X(P, stdout_tail, "stdout_tail", STR)                                                         \
    X(P, stderr_tail, "stderr_tail", STR)
JG_DOC_DECLARE(checkm, JG_CHECK_MEASUREMENT_FIELDS);

/* The five check statuses, in the order counts list them: each is also a
 * member of the counts object (the verdict's and the evidence record's). */
#define JG_CHECK_STATUS_ROWS(X, P)                                                               \
    X(P, pass, "pass", INT)                                                                       \
    X(P, fail, "fail", INT)                                                                       \
    X(P, skip, "skip", INT)                                                                       \
    X(P, unsupported, "unsupported", INT)                                                         \
    X(P, error, "error", INT)
#define JG_COUNTS_FIELDS(X, P) X(P, total, "total", INT) JG_CHECK_STATUS_ROWS(X, P)
JG_DOC_DECLARE(counts, JG_COUNTS_FIELDS);

/* The statuses' names, in JG_CHECK_STATUS_ROWS order. */
#define JG_CHECK_NSTATUS ((size_t)(JGF_counts__COUNT - 1))
extern const char *const jg_check_statuses[];
/* Index of status in jg_check_statuses, or -1 when it is not one of them. */
int jg_check_status_index(const char *status);

/* {"total": n, "pass": n, ...} counted from a checks list; a check whose
 * status is missing counts as "error" when missing_as_error, else not at all. */
json_t *jg_check_counts(const json_t *checks, bool missing_as_error);
/* The count of status k (0..JG_CHECK_NSTATUS) in counts; -1 when absent or
 * not an integer. */
long long jg_counts_get(const json_t *counts, size_t k);

#endif
