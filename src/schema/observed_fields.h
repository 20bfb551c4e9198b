/* The observed document (docs/schema.md "Observed"): what a pasted report
 * showed, in "observed" beside the facts it gave. Field tables
 * (schema/doc.h), one row per member; the readers (doctor rules) and the
 * writers (the triage recognisers) use the accessors of schema/observed.h,
 * so a misspelled or mistyped member does not compile. */
#ifndef JG_SCHEMA_OBSERVED_FIELDS_H
#define JG_SCHEMA_OBSERVED_FIELDS_H

/* "observed": lists hold items (JG_OBS_ITEM_FIELDS), at most JG_REPORT_LIST_CAP each. */
#define JG_OBSERVED_FIELDS(X, P)                                                                  \
    X(P, cuda_errors, "cuda_errors", ARR)               /* code, call (a probe: + name, text) */  \
    X(P, missing_libraries, "missing_libraries", ARR)   /* soname */                              \
    X(P, present_libraries, "present_libraries", ARR)   /* soname: ls / find output */            \
    X(P, requires, "requires", ARR)                     /* library, major */                      \
    X(P, wheels, "wheels", ARR)                         /* file */                                \
    X(P, unsupported_wheels, "unsupported_wheels", ARR) /* wheel, package */                      \
    X(P, conflicts, "conflicts", ARR)                   /* package, required, installed */        \
    X(P, images, "images", ARR)                         /* ref, l4t */                            \
    X(P, devices_seen, "devices_seen", ARR)             /* name */                                \
    X(P, torch_sessions, "torch_sessions", ARR)         /* version, cuda_available */             \
    X(P, jetson_hints, "jetson_hints", ARR)             /* strings: why it is about a Jetson */   \
    X(P, docker, "docker", OBJ)                         /* JG_DOCKER_FIELDS */                    \
    X(P, host_l4t, "host_l4t", OBJ)                     /* item with version: the host L4T */     \
    X(P, other_stack, "other_stack", OBJ)               /* item with package: CUDA, not torch */  \
    X(P, torch_seen, "torch_seen", OBJ)                 /* the item of the first torch line */    \
    X(P, signals, "signals", OBJ)                       /* JG_SIGNALS -> the item showing it */   \
    X(P, env, "env", OBJ)                               /* a variable the paste sets -> value */  \
    X(P, driver_version, "driver_version", INT)         /* 11040: deviceQuery, nvidia-smi */      \
    X(P, gpu_cc, "gpu_cc", STR)                         /* "8.7": deviceQuery, torch's warning */ \
    X(P, torch_index_cuda, "torch_index_cuda", STR)     /* "12.1": pytorch.org/whl/cuXYZ named */

/* "observed.docker" */
#define JG_DOCKER_FIELDS(X, P)                                                                    \
    X(P, run, "run", BOOL)                                                                        \
    X(P, build, "build", BOOL)                                                                    \
    X(P, runtime_nvidia, "runtime_nvidia", BOOL)                                                  \
    X(P, gpus, "gpus", BOOL)                                                                      \
    X(P, run_line, "run_line", OBJ)                     /* the item of the docker run line */

/* The members of an observed item: every item has line and text (the line,
 * scrubbed); the others belong to the lists named above. */
#define JG_OBS_ITEM_FIELDS(X, P)                                                                  \
    X(P, line, "line", INT)                                                                       \
    X(P, text, "text", STR)                                                                       \
    X(P, code, "code", INT)                                                                       \
    X(P, call, "call", STR)                                                                       \
    X(P, name, "name", STR)                                                                       \
    X(P, soname, "soname", STR)                                                                   \
    X(P, library, "library", STR)                                                                 \
    X(P, major, "major", INT)                                                                     \
    X(P, file, "file", STR)                                                                       \
    X(P, wheel, "wheel", STR)                                                                     \
    X(P, package, "package", STR)                                                                 \
    X(P, required, "required", STR)                                                               \
    X(P, installed, "installed", STR)                                                             \
    X(P, ref, "ref", STR)                                                                         \
    X(P, l4t, "l4t", STR)                                                                         \
    X(P, version, "version", STR)                                                                 \
    X(P, cuda_available, "cuda_available", BOOL)

/* The signals (JG_SIGNALS(X), one X(name) each): one phrase or shape a recogniser saw,
 * named for the rules; generated from src/doctor/knowledge/<layer>.rules by the build. */
#include "doctor_signals.h"

#endif
