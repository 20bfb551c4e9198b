/* What every probe does inside its child: load the driver, initialise it,
 * open a context and a module, and turn the first failing CUDA call into a
 * named error. Each call first writes "jetgate-step: <call>" to stderr, so
 * the parent can say which call a hung or crashed child was in. */
#ifndef JG_CUDA_CHILD_H
#define JG_CUDA_CHILD_H
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "cuda/cu.h"
#include "cuda/probe.h"

typedef struct jg_probe_run {
    const char *id;
    const jg_cuda_opts *opts;
    FILE *result;       /* where the result object goes (the parent's pipe) */
    jg_cu cu;
    json_t *doc;        /* the result object (schema/probe.h), owned */
    json_t *meas;       /* its measurements (inside doc) */
    json_t *cuda_error; /* first failing call, owned, or NULL */
    const char *status; /* "pass" | "fail" | "skip" */
    char reason[512];
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUdeviceptr dev_mem[32]; /* freed by jg_pr_finish */
    int n_dev_mem;
    void *host_mem[4];
    int n_host_mem;
} jg_probe_run;

/* Marks the call about to be made (stderr, unbuffered). */
void jg_pr_step(const char *call);
/* true when res is success; else records the error and a "fail" reason. */
bool jg_pr_ok(jg_probe_run *r, const char *call, CUresult res);
/* A missing entry point fails only the probe that calls it (issue #15 row 8). */
#define JG_PR_CALL(r, fn, args)                                                                 \
    (jg_pr_step(#fn), jg_pr_has((r), #fn, (r)->cu.api.fn != NULL) &&                            \
                          jg_pr_ok((r), #fn, (r)->cu.api.fn args))

/* present, or a "fail" naming the entry point the library lacks. */
bool jg_pr_has(jg_probe_run *r, const char *field, bool present);

/* Sets status and reason (printf style). Returns false for chaining. */
bool jg_pr_set(jg_probe_run *r, const char *status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Load the library and cuInit(0). Records library, path, stub. */
bool jg_pr_init(jg_probe_run *r);
/* jg_pr_init, then device 0, a context on it, and the module from ptx text. */
bool jg_pr_open(jg_probe_run *r, const char *ptx);
CUfunction jg_pr_function(jg_probe_run *r, const char *name);
/* cuMemAlloc / cuMemHostAlloc whose memory jg_pr_finish gives back. */
bool jg_pr_alloc(jg_probe_run *r, CUdeviceptr *p, size_t bytes);
bool jg_pr_host_alloc(jg_probe_run *r, void **p, size_t bytes, unsigned int flags);

/* Gives back memory, module and context, then prints the result object;
 * returns the child's exit code. */
int jg_pr_finish(jg_probe_run *r);

/* Probe bodies (one file each); fill r and return. */
void jg_probe_driver(jg_probe_run *r);
void jg_probe_tensor_op(jg_probe_run *r);
void jg_probe_surgery(jg_probe_run *r);
void jg_probe_nf4(jg_probe_run *r);

#endif
