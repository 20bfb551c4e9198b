/* One gate check (docs/schema.md, "Check"): id, status, required, reason,
 * duration, measurements. Builders used by every family of checks. */
#ifndef JG_GATE_CHECK_H
#define JG_GATE_CHECK_H
#include <jansson.h>
#include <stdbool.h>

/* status: pass | fail | skip | unsupported | error. measurements is stolen
 * (NULL = {}). required starts false; jg_gate_mark_required sets it. */
json_t *jg_check(const char *id, const char *status, double duration_s, json_t *measurements,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* A check result copied from a probe step {"status","reason","duration_s","measurements"};
 * a missing or malformed step is an error naming what was missing. */
json_t *jg_check_from_step(const char *id, const json_t *step, const char *missing_why);

/* Puts the probe result's (or step's) CUDA error into the check's
 * measurements, unless they hold one already. */
void jg_check_carry_cuda_error(json_t *check, const json_t *probe);
/* The check's CUDA error (schema/probe.h's structure), or NULL. */
const json_t *jg_check_cuda_error(const json_t *check);

/* True when status is one of the five known ones. */
bool jg_check_status_valid(const char *status);

#endif
