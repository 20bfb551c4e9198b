/* The layer walk of a live `jetgate doctor` (issue 27; docs/doctor-walk.md):
 * bottom up, one step per layer of the CUDA stack, each a measurement with its
 * evidence. A step is "pass" (measured and works), "warn" (measured, works,
 * but a limit will bite some projects), "fail" (measured and broken),
 * "absent" (shown not to exist on this host: no NVIDIA GPU, no Jetson, no
 * torch) or "not_verified" (could not be measured, and why). Every file read
 * goes through the sysroot (util/sysroot.h), so fixtures test each step; the
 * CUDA and Python measurements come from the probes' child processes (the
 * facts document), never from this process. One file per layer: step_*.c. */
#ifndef JG_WALK_H
#define JG_WALK_H
#include <jansson.h>
#include <stdbool.h>

#include "doctor/engine/finding.h" /* jg_fid: the finding ids (src/doctor/knowledge) */
#include "schema/doc.h"
#include "util/sysroot.h"

/* One step of the walk (docs/schema.md "Layer walk"). */
#define JG_WALK_STEP_FIELDS(X, P)                                                                 \
    X(P, step, "step", STR)         /* hardware | kernel-driver | ... (JG_WALK_STEPS) */          \
    X(P, layer, "layer", STR)       /* the doctor layer a failure belongs to */                   \
    X(P, status, "status", STR)     /* JG_WALK_STATUSES */                                        \
    X(P, measured, "measured", STRS)                                                              \
    X(P, why, "why", STR)           /* one sentence: what the measurements mean */                \
    X(P, finding, "finding", STR)   /* finding id a fail or warn becomes */                       \
    X(P, fix, "fix", STR)                                                                         \
    X(P, experiment, "experiment", OBJ) /* the experiment that tested this step's cause */
JG_DOC_DECLARE(walkstep, JG_WALK_STEP_FIELDS);

#define JG_WALK_STATUSES(X)                                                                       \
    X(PASS, "pass") X(WARN, "warn") X(FAIL, "fail") X(ABSENT, "absent")                           \
    X(NOT_VERIFIED, "not_verified")
enum jg_walk_status {
#define JG__WS(e, name) JG_WS_##e,
    JG_WALK_STATUSES(JG__WS)
#undef JG__WS
    JG_WS_COUNT
};
const char *jg_walk_status_name(enum jg_walk_status s);
int jg_walk_status_index(const char *name);

typedef struct jg_walk_ctx {
    const jg_root *root;
    const json_t *facts; /* the facts document, with the live probes' results */
    bool live;           /* this host, now: the environment and limits are the user's */
    int gpus_seen;       /* NVIDIA GPUs the hardware step found (-1 unknown) */
} jg_walk_ctx;

/* Builders for the step files. */
json_t *jg_walk_step(const char *step, const char *layer);
void jg_walk_measure(json_t *step, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void jg_walk_set(json_t *step, enum jg_walk_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A fail or warn becomes finding id (declared in src/doctor/knowledge) with this
 * fix; the step's layer is the id's. */
void jg_walk_finding(json_t *step, jg_fid id, const char *fix);
enum jg_walk_status jg_walk_step_status(const json_t *step);

/* The steps, bottom up (step_*.c). Each appends one step (the Jetson file several). */
void jg_walk_hardware(jg_walk_ctx *c, json_t *steps);
void jg_walk_kernel_driver(jg_walk_ctx *c, json_t *steps);
void jg_walk_jetson(jg_walk_ctx *c, json_t *steps);
void jg_walk_libcuda(jg_walk_ctx *c, json_t *steps);
void jg_walk_limits(jg_walk_ctx *c, json_t *steps);
void jg_walk_visibility(jg_walk_ctx *c, json_t *steps);
void jg_walk_context(jg_walk_ctx *c, json_t *steps);
void jg_walk_interpreter(jg_walk_ctx *c, json_t *steps);
void jg_walk_cuda_libraries(jg_walk_ctx *c, json_t *steps);
void jg_walk_torch(jg_walk_ctx *c, json_t *steps);

/* The whole walk: the steps in order. live: the environment, limits and probes
 * are this host's now (else the CUDA and Python steps are not verified). */
json_t *jg_walk_run(const jg_root *root, const json_t *facts, bool live);

/* The experiments a failed step calls for (live only; walk/experiments.c):
 * each re-runs the failing probe in a child with one thing changed; the result
 * goes on the step ("experiment") and is appended to list. At most budget_s. */
void jg_walk_experiments(json_t *walk, const char *python, json_t *list, double budget_s);

/* The change the address-space experiment makes to this process before its
 * fork (walk/experiments.c): the soft RLIMIT_AS raised to the hard one, or,
 * with the two equal, both to unlimited where that is allowed (CAP_SYS_RESOURCE). Returns
 * the change's text with *old the limit to put back, or NULL with why ("not
 * tried: the hard limit is N MiB and raising it needs privilege ..."). */
#include <sys/resource.h>
const char *jg_walk_raise_as(struct rlimit *old, char *why, size_t n);

/* What the doctor reads back (doctor/diagnose.c): */
/* findings for every fail/warn step, proven ones high confidence; */
void jg_walk_findings(const json_t *walk, jg_finding_list *findings);
/* true when every step passed, warned or is absent; */
bool jg_walk_verified(const json_t *walk);
/* true when the hardware step found no NVIDIA GPU; */
bool jg_walk_no_gpu(const json_t *walk);
/* with no NVIDIA GPU, the findings that blame the kernel driver or the CUDA
 * driver are symptoms of that, not causes: removed. */
void jg_walk_drop_driver_blame(jg_finding_list *findings);

/* The text form, one line per step and its measurements. */
#include <stdio.h>
void jg_walk_render(FILE *f, const json_t *walk, bool utf8);

/* A small helper the steps share: the first line of a file under the root,
 * trimmed (NULL when missing); malloc'd. */
char *jg_walk_read_line(const jg_root *r, const char *rel);
/* The nvidia kernel module's release ("580.95.05", or "" when the file has
 * none) into out; false when neither proc/driver/nvidia/version nor
 * sys/module/nvidia/version is readable. *from names the file read. */
bool jg_walk_module_release(const jg_root *r, char *out, size_t n);

#endif
