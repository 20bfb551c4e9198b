/* Native CUDA probes through the driver API (docs/schema.md, "Native probe
 * result"). Each probe runs in a fresh child that dlopens libcuda itself; the
 * calling process never loads libcuda. */
#ifndef JG_CUDA_PROBE_H
#define JG_CUDA_PROBE_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/spawn.h"

typedef struct jg_cuda_opts {
    double timeout_s;        /* per-probe deadline; 0 = the probe's default */
    const char *library;     /* path or soname to dlopen; NULL = "libcuda.so.1" */
    size_t surgery_bytes;    /* fp16 weights streamed in total; 0 = 1 GiB */
    int surgery_layers;      /* number of weight matrices; 0 = default */
    int surgery_buffers;     /* device buffers in the ring, 2..8; 0 = 3 */
    bool surgery_round_robin;/* one stream per buffer instead of one per direction */
    bool surgery_mapped;     /* run the mapped (zero-copy) path on a discrete GPU too;
                                an integrated GPU always runs it */
} jg_cuda_opts;

/* Known probe ids in run order: "driver", "tensor_op", "surgery", "nf4", then NULL. */
extern const char *const jg_cuda_probe_ids[];

/* Run one probe in a child; always returns a result object (never NULL
 * except on allocation failure), whose status says what happened. */
json_t *jg_cuda_probe(const char *id, const jg_cuda_opts *o);

/* The same in two halves, so that independent probes run at once (the
 * doctor's driver probe and tensor op beside its Python probe): start forks
 * the child (its deadline runs from here), finish waits for it and returns
 * the result object. Every started job must be finished. */
typedef struct jg_cuda_job {
    const char *id;
    const struct probe_def *def; /* NULL: unknown id */
    double deadline;
    jg_spawn_job job;
    jg_child child;
} jg_cuda_job;
void jg_cuda_probe_start(const char *id, const jg_cuda_opts *o, jg_cuda_job *j);
json_t *jg_cuda_probe_finish(jg_cuda_job *j);

/* Runs the probes ids[0..n) (n < 0: up to the NULL) in order into an array.
 * Once one times out (a hung GPU or driver: the next would wait its whole
 * deadline in the same call), the later ones are not run: each gets status
 * "skip" with the reason, never a pass (issue #15 row 7). *hung (may be
 * NULL) says whether that happened. progress (may be NULL) is told each id
 * before it runs. */
json_t *jg_cuda_probe_list(const char *const *ids, int n, const jg_cuda_opts *o,
                           void (*progress)(const char *id), bool *hung);

/* The deadline probe id runs under: o->timeout_s when set, else the probe's
 * default (driver 15 s, tensor_op and nf4 60 s, surgery 180 s); 0 for an
 * unknown id. */
double jg_cuda_probe_deadline(const char *id, const jg_cuda_opts *o);

#endif
