/* The native probe result (docs/schema.md "Native probe result"), written
 * by src/cuda/ and read by the gate, evidence and the doctor; the CUDA error
 * it carries; the driver probe's devices. Field tables (schema/doc.h): a
 * path is written here once, and a misspelled or mistyped field does not
 * compile. Measurements that only their own probe writes (tensor op, NF4,
 * surgery) and nobody reads by name are not rows. */
#ifndef JG_SCHEMA_PROBE_H
#define JG_SCHEMA_PROBE_H
#include "schema/doc.h"

/* Relative to one probe result. */
#define JG_PROBE_FIELDS(X, P)                                                                    \
    X(P, id, "id", STR)                                                                           \
    X(P, status, "status", STR)                                                                   \
    X(P, reason, "reason", STR)                                                                   \
    X(P, duration_s, "duration_s", NUM)                                                           \
    X(P, cuda_error, "cuda_error", OBJ)                                                           \
    X(P, child, "child", OBJ)                                                                     \
    X(P, child_outcome, "child.outcome", STR)                                                     \
    X(P, child_code, "child.code", INT)                                                           \
    X(P, child_signal, "child.signal", INT)                                                       \
    X(P, measurements, "measurements", OBJ)                                                       \
    X(P, library, "measurements.library", STR)                                                    \
    X(P, library_path, "measurements.library_path", STR)                                          \
    X(P, stub, "measurements.stub", BOOL)                                                         \
    X(P, symbols, "measurements.symbols", OBJ)                                                    \
    X(P, missing_entry_points, "measurements.missing_entry_points", STRS)                         \
    X(P, init_s, "measurements.init_s", NUM)                                                      \
    X(P, context_s, "measurements.context_s", NUM)                                                \
    X(P, driver_version, "measurements.driver_version", INT)                                      \
    X(P, device_count, "measurements.device_count", INT)                                          \
    X(P, devices, "measurements.devices", OBJS)
JG_DOC_DECLARE(probe, JG_PROBE_FIELDS);

/* What `jetgate probe --json` prints: the results in the order they ran
 * (the doctor's counter-experiments read it). */
#define JG_PROBE_RUN_FIELDS(X, P) X(P, probes, "probes", OBJS)
JG_DOC_DECLARE(probes, JG_PROBE_RUN_FIELDS);

/* The CUDA error structure: the first failing driver call of a probe, as the
 * probe records it, a check carries it (measurements.cuda_error), evidence
 * keeps it, JUnit names it and the doctor's rules read it. */
#define JG_CUDA_ERROR_FIELDS(X, P)                                                               \
    X(P, call, "call", STR)                                                                       \
    X(P, code, "code", INT)                                                                       \
    X(P, name, "name", STR)                                                                       \
    X(P, text, "text", STR)
JG_DOC_DECLARE(cuerr, JG_CUDA_ERROR_FIELDS);

/* One element of the driver probe's measurements.devices. */
#define JG_CUDA_DEVICE_FIELDS(X, P)                                                              \
    X(P, index, "index", INT)                                                                     \
    X(P, name, "name", STR)                                                                       \
    X(P, compute_capability, "compute_capability", STR)                                           \
    X(P, integrated, "integrated", BOOL)                                                          \
    X(P, sm_count, "sm_count", INT)                                                               \
    X(P, total_bytes, "total_bytes", INT)                                                         \
    X(P, free_bytes, "free_bytes", INT)
JG_DOC_DECLARE(cudev, JG_CUDA_DEVICE_FIELDS);

/* A probe's status vocabulary: what the child may report itself ("error"
 * is the parent's word for a child that did not deliver). */
bool jg_probe_status_own(const char *status);

/* {call, code, name[, text]}; text may be NULL. New reference. */
json_t *jg_cuda_error_new(const char *call, int code, const char *name, const char *text);
/* The probe result's CUDA error when it has one with an integer code; NULL otherwise. */
const json_t *jg_probe_cuda_error(const json_t *probe);
/* The error's code; -1 when err is not a CUDA error structure. */
int jg_cuda_error_code(const json_t *err);
/* "CUDA_ERROR_NO_DEVICE (100) in cuInit" into buf; "" when err is not one. */
const char *jg_cuda_error_text(const json_t *err, char *buf, size_t n);
/* The first device of a driver probe result, or NULL. */
const json_t *jg_probe_device0(const json_t *probe);

#endif
