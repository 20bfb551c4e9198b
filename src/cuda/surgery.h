/* Shared state of the offloaded-surgery probe: the GPU side is in
 * probe_surgery.c, the data and the CPU reference check in surgery_check.c. */
#ifndef JG_CUDA_SURGERY_H
#define JG_CUDA_SURGERY_H
#include <stdint.h>

#include "cuda/child.h"

#define JG_SURGERY_BUFFERS 3 /* default: one layer each uploading, in edit, downloading */
#define JG_SURGERY_MAX_BUFFERS 8
#define JG_SURGERY_PASSES 3 /* timed passes; the best is reported */

#define JG_SURGERY_CHECK_TEXT                                                                   \
    "every element of every layer against a double-precision CPU reference: "                   \
    "|gpu - ref| <= 2^-11 (|ref| + a) + a + 2^-25, a = |d_i| (rpc + chunks + 2) 2^-24 "        \
    "sum_k |d_k W_kj| + 2^-24 |ref| (fp32 accumulation, then one fp16 rounding)"

typedef struct jg_surgery {
    unsigned layers, rows, cols, rpc, chunks;
    size_t layer_elems, layer_bytes, total_bytes;
    uint16_t *host; /* pinned, all layers back to back */
    float *d;       /* the unit vector, length rows */
    CUdeviceptr dd;
    unsigned nbufs;     /* device buffers in the ring */
    bool round_robin;   /* one stream per buffer, instead of one per direction */
    CUstream st[JG_SURGERY_MAX_BUFFERS];
    CUevent up[JG_SURGERY_MAX_BUFFERS], edited[JG_SURGERY_MAX_BUFFERS],
        down[JG_SURGERY_MAX_BUFFERS];
    CUdeviceptr buf[JG_SURGERY_MAX_BUFFERS], partial[JG_SURGERY_MAX_BUFFERS],
        v[JG_SURGERY_MAX_BUFFERS];
    CUfunction fpart, fred, fupd;
    double limit_both; /* GB/s, uploads and downloads at once */
} jg_surgery;

/* d_i from a hash, normalised to unit length. */
void jg_surgery_make_d(jg_surgery *s);
/* Write the original weights of every layer into s->host. */
void jg_surgery_fill(jg_surgery *s);
/* Compare s->host with the reference edit; records counts into out and
 * sets the probe's status on a mismatch. Returns true when all agree. */
bool jg_surgery_check(jg_probe_run *r, const jg_surgery *s, json_t *out);

#endif
