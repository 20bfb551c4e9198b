/* The doctor's documents (docs/schema.md "Finding", "Doctor result"): field
 * tables (schema/doc.h), one row per member, and the vocabularies their
 * string members take, one table each. Writers (doctor/finding.c,
 * diagnose.c, experiments.c, cmd/triage.c) and readers (doctor/render.c,
 * reply.c, diagnose.c, cmd/setup_platform.c) use the accessors of
 * schema/doctor.h. */
#ifndef JG_SCHEMA_DOCTOR_FIELDS_H
#define JG_SCHEMA_DOCTOR_FIELDS_H

/* A finding. */
#define JG_FINDING_FIELDS(X, P)                                                                   \
    X(P, id, "id", STR)                 /* "<layer>.<what>", stable */                            \
    X(P, layer, "layer", STR)           /* JG_LAYERS */                                           \
    X(P, severity, "severity", STR)     /* JG_SEVERITIES */                                       \
    X(P, confidence, "confidence", STR) /* JG_CONFIDENCES */                                      \
    X(P, summary, "summary", STR)                                                                 \
    X(P, evidence, "evidence", ARR)     /* strings */                                             \
    X(P, fix, "fix", STR)

/* The doctor result; triage --json adds input and facts. */
#define JG_RESULT_FIELDS(X, P)                                                                    \
    X(P, findings, "findings", ARR)       /* findings, most likely root cause first */            \
    X(P, layers, "layers", OBJ)           /* layer name -> JG_LAYER_ENTRY_FIELDS */               \
    X(P, blocking, "blocking", BOOL)                                                              \
    X(P, kernel_ran, "kernel_ran", BOOL)                                                          \
    X(P, healthy, "healthy", BOOL)                                                                \
    X(P, facts_mode, "facts_mode", STR)   /* live | sysroot | file | report */                    \
    X(P, experiments, "experiments", ARR) /* JG_EXPERIMENT_FIELDS */                              \
    X(P, walk, "walk", ARR)               /* the layer walk (doctor/walk/walk.h) */               \
    X(P, input, "input", OBJ)             /* JG_INPUT_FIELDS */                                   \
    X(P, facts, "facts", OBJ)

/* layers.<layer> */
#define JG_LAYER_ENTRY_FIELDS(X, P)                                                               \
    X(P, status, "status", STR)     /* JG_LAYER_STATUSES */                                       \
    X(P, findings, "findings", ARR) /* finding ids */

/* An experiment (in the result, and in a live facts document's "experiments"). */
#define JG_EXPERIMENT_FIELDS(X, P)                                                                \
    X(P, id, "id", STR)                                                                           \
    X(P, change, "change", STR)                                                                   \
    X(P, probe, "probe", STR)   /* driver | python */                                             \
    X(P, result, "result", STR) /* JG_EXPERIMENT_RESULTS */                                       \
    X(P, detail, "detail", STR)                                                                   \
    X(P, seconds, "seconds", NUM)

/* input (triage) */
#define JG_INPUT_FIELDS(X, P)                                                                     \
    X(P, kind, "kind", STR) /* facts | evidence | text */                                         \
    X(P, bytes, "bytes", INT)                                                                     \
    X(P, lines, "lines", INT)                                                                     \
    X(P, long_lines_cut, "long_lines_cut", INT)

/* Vocabularies: X(ENUM, "name"). Layers run from the hardware upward: the
 * order is the depth findings are sorted by (a lower layer breaks everything
 * above it); severities and confidences run from the strongest. */
#define JG_LAYERS(X)                                                                              \
    X(HARDWARE, "hardware")                                                                       \
    X(KERNEL_DRIVER, "kernel-driver")                                                             \
    X(CUDA_DRIVER, "cuda-driver")                                                                 \
    X(CONTAINER_RUNTIME, "container-runtime")                                                     \
    X(CUDA_LIBRARIES, "cuda-libraries")                                                           \
    X(PYTORCH_BUILD, "pytorch-build")                                                             \
    X(PYTHON_PACKAGES, "python-packages")                                                         \
    X(PERMISSIONS, "permissions")                                                                 \
    X(CONFIGURATION, "configuration")                                                             \
    X(PROJECT, "project")
#define JG_SEVERITIES(X) X(ERROR, "error") X(WARNING, "warning") X(INFO, "info")
#define JG_CONFIDENCES(X) X(HIGH, "high") X(MEDIUM, "medium") X(LOW, "low")
#define JG_LAYER_STATUSES(X)                                                                      \
    X(OK, "ok") X(WARNING, "warning") X(ERROR, "error") X(NOT_VERIFIED, "not_verified")
#define JG_EXPERIMENT_RESULTS(X) X(WORKS, "works") X(STILL_FAILS, "still fails") X(ERROR, "error")
/* The counter-experiments (doctor/experiments.c runs them, the rules read
 * them; docs/doctor-rules.md has the table). */
#define JG_EXPERIMENT_IDS(X)                                                                      \
    X(UNSET_CUDA_VISIBLE_DEVICES, "unset-CUDA_VISIBLE_DEVICES")                                   \
    X(DROP_STUBS, "drop-stubs-from-LD_LIBRARY_PATH")                                              \
    X(DROP_COMPAT, "drop-compat-from-LD_LIBRARY_PATH")                                            \
    X(UNSET_LD_PRELOAD, "unset-LD_PRELOAD")                                                       \
    X(PYTHON_ISOLATED, "python-isolated")                                                         \
    X(PYTHON_NO_USER_SITE, "python-no-user-site")                                                 \
    X(SYSTEM_INTERPRETER, "system-interpreter")                                                   \
    X(PATH_PYTHON3, "path-python3")                                                               \
    X(VENDOR_TORCH_FIRST, "vendor-torch-first")                                                   \
    X(RAISE_ADDRESS_SPACE_LIMIT, "raise-RLIMIT_AS")                                               \
    X(UNSET_PYTHONHOME, "unset-PYTHONHOME")                                                       \
    X(OTHER_DIRECTORY, "run-from-another-directory")

#endif
