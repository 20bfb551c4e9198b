/* Offloaded-surgery probe: L fp16 weight matrices live in pinned host memory
 * and are streamed through the GPU, each edited by the rank-1 projection
 * W <- W - d (d^T W) with d a unit vector, and written back. A ring of
 * device buffers (three by default) lets one layer's upload, another's edit
 * and a third's download overlap. By default there is one stream per
 * direction (uploads, edits, downloads) chained by events, as in the
 * copy-engine limit below; --round-robin gives each buffer its own stream
 * doing all three, the usual way to write it (both are measured in the bench). The copy-engine limit (pinned uploads,
 * downloads, and both at once) is measured in the same process so the edit's
 * bandwidth can be judged against it. On an integrated GPU (host memory is
 * the GPU's memory) the mapped zero-copy path runs too.
 * Every element of the result is checked against a CPU reference; see
 * surgery_check.c for the error bound. */
#include "cuda/surgery.h"

#include <stdlib.h>
#include <string.h>

#include "embedded.h"
#include "util/json.h"
#include "util/spawn.h"

#define DEFAULT_BYTES (1024u * 1024u * 1024u)
#define DEFAULT_LAYERS 32

static bool shape(jg_probe_run *r, jg_surgery *s)
{
    size_t total = r->opts->surgery_bytes ? r->opts->surgery_bytes : DEFAULT_BYTES;
    s->layers = r->opts->surgery_layers > 0 ? (unsigned)r->opts->surgery_layers : DEFAULT_LAYERS;
    size_t elems = total / 2 / s->layers;
    s->cols = elems >= 4096u * 64u ? 4096u : 256u;
    s->rows = (unsigned)(elems / s->cols);
    if (s->rows < 2)
        return jg_pr_set(r, "fail", "%zu bytes in %u layers is too small a matrix", total,
                         s->layers);
    s->nbufs = JG_SURGERY_BUFFERS;
    if (r->opts->surgery_buffers >= 2 && r->opts->surgery_buffers <= JG_SURGERY_MAX_BUFFERS)
        s->nbufs = (unsigned)r->opts->surgery_buffers;
    s->round_robin = r->opts->surgery_round_robin;
    s->rpc = 64;
    s->chunks = (s->rows + s->rpc - 1) / s->rpc;
    s->layer_elems = (size_t)s->rows * s->cols;
    s->layer_bytes = s->layer_elems * 2;
    s->total_bytes = s->layer_bytes * s->layers;
    return true;
}

static bool alloc_all(jg_probe_run *r, jg_surgery *s)
{
    void *h = NULL;
    if (!jg_pr_host_alloc(r, &h, s->total_bytes, JG_CU_MEMHOSTALLOC_DEVICEMAP))
        return false;
    s->host = h;
    s->d = malloc(s->rows * sizeof(float));
    if (!s->d)
        return jg_pr_set(r, "fail", "out of host memory");
    jg_surgery_make_d(s);
    if (!jg_pr_alloc(r, &s->dd, s->rows * sizeof(float)) ||
        !JG_PR_CALL(r, cuMemcpyHtoD, (s->dd, s->d, s->rows * sizeof(float))))
        return false;
    unsigned nst = s->round_robin ? s->nbufs : 3;
    for (unsigned k = 0; k < nst; k++)
        if (!JG_PR_CALL(r, cuStreamCreate, (&s->st[k], JG_CU_STREAM_NON_BLOCKING)))
            return false;
    for (unsigned k = 0; k < s->nbufs; k++)
        if (!JG_PR_CALL(r, cuEventCreate, (&s->up[k], JG_CU_EVENT_DISABLE_TIMING)) ||
            !JG_PR_CALL(r, cuEventCreate, (&s->edited[k], JG_CU_EVENT_DISABLE_TIMING)) ||
            !JG_PR_CALL(r, cuEventCreate, (&s->down[k], JG_CU_EVENT_DISABLE_TIMING)) ||
            !jg_pr_alloc(r, &s->buf[k], s->layer_bytes) ||
            !jg_pr_alloc(r, &s->partial[k], (size_t)s->chunks * s->cols * 4) ||
            !jg_pr_alloc(r, &s->v[k], (size_t)s->cols * 4))
            return false;
    s->fpart = jg_pr_function(r, "jg_colproj_partial");
    s->fred = s->fpart ? jg_pr_function(r, "jg_colproj_reduce") : NULL;
    s->fupd = s->fred ? jg_pr_function(r, "jg_rank1_update") : NULL;
    return s->fupd != NULL;
}

/* The three kernels of one layer's edit on stream st, for W at device
 * address w, with buffer k's scratch (partial sums and v). */
static bool edit_layer(jg_probe_run *r, jg_surgery *s, CUdeviceptr w, int k, CUstream st)
{
    unsigned gx = (s->cols + 255) / 256, gy = s->rows < 65535 ? s->rows : 65535;
    void *pp[] = {&w, &s->dd, &s->partial[k], &s->rows, &s->cols, &s->rpc};
    void *pr[] = {&s->partial[k], &s->v[k], &s->cols, &s->chunks};
    void *pu[] = {&w, &s->dd, &s->v[k], &s->rows, &s->cols};
    return JG_PR_CALL(r, cuLaunchKernel,
                      (s->fpart, gx, s->chunks, 1, 256, 1, 1, 0, st, pp, NULL)) &&
           JG_PR_CALL(r, cuLaunchKernel, (s->fred, gx, 1, 1, 256, 1, 1, 0, st, pr, NULL)) &&
           JG_PR_CALL(r, cuLaunchKernel, (s->fupd, gx, gy, 1, 256, 1, 1, 0, st, pu, NULL));
}

/* Layer l through buffer k with one stream per buffer. */
static bool layer_round_robin(jg_probe_run *r, jg_surgery *s, unsigned l, int k)
{
    uint16_t *h = s->host + (size_t)l * s->layer_elems;
    return JG_PR_CALL(r, cuMemcpyHtoDAsync, (s->buf[k], h, s->layer_bytes, s->st[k])) &&
           edit_layer(r, s, s->buf[k], k, s->st[k]) &&
           JG_PR_CALL(r, cuMemcpyDtoHAsync, (h, s->buf[k], s->layer_bytes, s->st[k]));
}

/* Layer l through buffer k with streams for uploads (0), edits (1) and
 * downloads (2): each copy engine sees one queue, in layer order. */
static bool layer_per_direction(jg_probe_run *r, jg_surgery *s, unsigned l, int k)
{
    uint16_t *h = s->host + (size_t)l * s->layer_elems;
    CUstream up = s->st[0], edit = s->st[1], down = s->st[2];
    return (l < s->nbufs || JG_PR_CALL(r, cuStreamWaitEvent, (up, s->down[k], 0))) &&
           JG_PR_CALL(r, cuMemcpyHtoDAsync, (s->buf[k], h, s->layer_bytes, up)) &&
           JG_PR_CALL(r, cuEventRecord, (s->up[k], up)) &&
           JG_PR_CALL(r, cuStreamWaitEvent, (edit, s->up[k], 0)) &&
           edit_layer(r, s, s->buf[k], k, edit) &&
           JG_PR_CALL(r, cuEventRecord, (s->edited[k], edit)) &&
           JG_PR_CALL(r, cuStreamWaitEvent, (down, s->edited[k], 0)) &&
           JG_PR_CALL(r, cuMemcpyDtoHAsync, (h, s->buf[k], s->layer_bytes, down)) &&
           JG_PR_CALL(r, cuEventRecord, (s->down[k], down));
}

/* Copy path over the first n layers: upload, edit, download through the ring. */
static bool run_copy(jg_probe_run *r, jg_surgery *s, unsigned n, double *secs)
{
    if (!JG_PR_CALL(r, cuCtxSynchronize, ()))
        return false;
    double t0 = jg_now();
    for (unsigned l = 0; l < n; l++) {
        int k = (int)(l % s->nbufs);
        if (!(s->round_robin ? layer_round_robin(r, s, l, k) : layer_per_direction(r, s, l, k)))
            return false;
    }
    if (!JG_PR_CALL(r, cuCtxSynchronize, ()))
        return false;
    *secs = jg_now() - t0;
    return true;
}

/* Mapped path: the kernels read and write the pinned host memory in place. */
static bool run_mapped(jg_probe_run *r, jg_surgery *s, double *secs)
{
    CUdeviceptr base;
    if (!JG_PR_CALL(r, cuMemHostGetDevicePointer, (&base, s->host, 0)) ||
        !JG_PR_CALL(r, cuCtxSynchronize, ()))
        return false;
    double t0 = jg_now();
    for (unsigned l = 0; l < s->layers; l++)
        if (!edit_layer(r, s, base + (CUdeviceptr)l * s->layer_bytes, 0, s->st[0]))
            return false;
    if (!JG_PR_CALL(r, cuCtxSynchronize, ()))
        return false;
    *secs = jg_now() - t0;
    return true;
}

/* Best of three passes moving every layer up (mode 1), down (2) or both at once (3). */
static bool copy_limit(jg_probe_run *r, jg_surgery *s, int mode, double *gbps)
{
    *gbps = 0;
    for (int rep = 0; rep < JG_SURGERY_PASSES; rep++) {
        if (!JG_PR_CALL(r, cuCtxSynchronize, ()))
            return false;
        double t0 = jg_now();
        for (unsigned l = 0; l < s->layers; l++) {
            uint16_t *up = s->host + (size_t)l * s->layer_elems;
            uint16_t *down = s->host + (size_t)((l + s->layers / 2) % s->layers) * s->layer_elems;
            if ((mode & 1) &&
                !JG_PR_CALL(r, cuMemcpyHtoDAsync, (s->buf[0], up, s->layer_bytes, s->st[0])))
                return false;
            if ((mode & 2) &&
                !JG_PR_CALL(r, cuMemcpyDtoHAsync, (down, s->buf[1], s->layer_bytes, s->st[1])))
                return false;
        }
        if (!JG_PR_CALL(r, cuCtxSynchronize, ()))
            return false;
        double t = jg_now() - t0;
        double moved = (double)s->total_bytes * ((mode & 1) + ((mode & 2) >> 1));
        if (t > 0 && moved / t / 1e9 > *gbps)
            *gbps = moved / t / 1e9;
    }
    return true;
}

static bool measure_limit(jg_probe_run *r, jg_surgery *s, json_t *limit)
{
    static const char *const names[] = {NULL, "h2d_gbps", "d2h_gbps", "both_gbps"};
    for (int mode = 1; mode <= 3; mode++) {
        double g;
        if (!copy_limit(r, s, mode, &g))
            return false;
        json_object_set_new(limit, names[mode], jg_json_real(g));
        s->limit_both = g;
    }
    return true;
}

/* GPU time of one layer's three kernels (no copies), from events on stream 0. */
static bool edit_time(jg_probe_run *r, jg_surgery *s, double *ms)
{
    CUevent e0, e1;
    float f = 0;
    if (!JG_PR_CALL(r, cuEventCreate, (&e0, 0)) || !JG_PR_CALL(r, cuEventCreate, (&e1, 0)) ||
        !JG_PR_CALL(r, cuEventRecord, (e0, s->st[0])) || !edit_layer(r, s, s->buf[0], 0, s->st[0]) ||
        !JG_PR_CALL(r, cuEventRecord, (e1, s->st[0])) ||
        !JG_PR_CALL(r, cuEventSynchronize, (e1)) ||
        !JG_PR_CALL(r, cuEventElapsedTime, (&f, e0, e1)))
        return false;
    JG_PR_CALL(r, cuEventDestroy, (e0));
    JG_PR_CALL(r, cuEventDestroy, (e1));
    *ms = f;
    return true;
}

/* Warm up (first launches, copy engines) on a few layers; then timed passes
 * over all layers. The work does not depend on the data, so the earlier
 * passes run on whatever the buffer holds; the last pass runs on freshly
 * made weights and its output is checked. The best pass is reported (as
 * the PyTorch bench does), every pass's time is listed. */
static bool copy_path(jg_probe_run *r, jg_surgery *s, json_t *out)
{
    double secs = 0, best = 0, ms = 0;
    unsigned warm = s->layers < s->nbufs ? s->layers : s->nbufs;
    json_t *passes = json_array();
    json_object_set_new(out, "pass_seconds", passes);
    if (!run_copy(r, s, warm, &secs) || !edit_time(r, s, &ms))
        return false;
    json_object_set_new(out, "edit_kernels_ms_per_layer", jg_json_real(ms));
    for (int pass = 0; pass < JG_SURGERY_PASSES; pass++) {
        if (pass == JG_SURGERY_PASSES - 1)
            jg_surgery_fill(s);
        if (!run_copy(r, s, s->layers, &secs))
            return false;
        json_array_append_new(passes, jg_json_real(secs));
        if (pass == 0 || secs < best)
            best = secs;
    }
    double gbps = 2.0 * (double)s->total_bytes / best / 1e9;
    json_object_set_new(out, "seconds", jg_json_real(best));
    json_object_set_new(out, "gbps", jg_json_real(gbps));
    json_object_set_new(out, "fraction_of_limit",
                        s->limit_both > 0 ? jg_json_real(gbps / s->limit_both) : json_null());
    return jg_surgery_check(r, s, out);
}

static bool mapped_path(jg_probe_run *r, jg_surgery *s, json_t *out)
{
    double secs = 0;
    jg_surgery_fill(s);
    if (!run_mapped(r, s, &secs))
        return false;
    json_object_set_new(out, "seconds", jg_json_real(secs));
    json_object_set_new(out, "gbps", jg_json_real(2.0 * (double)s->total_bytes / secs / 1e9));
    return jg_surgery_check(r, s, out);
}

static void describe(jg_probe_run *r, const jg_surgery *s)
{
    json_t *m = r->meas;
    json_object_set_new(m, "layers", json_integer(s->layers));
    json_object_set_new(m, "rows", json_integer(s->rows));
    json_object_set_new(m, "cols", json_integer(s->cols));
    json_object_set_new(m, "bytes", json_integer((json_int_t)s->total_bytes));
    json_object_set_new(m, "buffers", json_integer(s->nbufs));
    json_object_set_new(m, "streams", json_integer(s->round_robin ? s->nbufs : 3));
    json_object_set_new(m, "schedule",
                        json_string(s->round_robin ? "round-robin" : "per-direction"));
    json_object_set_new(m, "dtype", json_string("fp16"));
    json_object_set_new(m, "check", json_string(JG_SURGERY_CHECK_TEXT));
}

void jg_probe_surgery(jg_probe_run *r)
{
    jg_surgery s = {0};
    if (!shape(r, &s))
        return;
    describe(r, &s);
    int integrated = 0;
    json_t *paths = json_array(), *limit = json_object(), *copy = json_object();
    json_object_set_new(r->meas, "paths", paths);
    json_object_set_new(r->meas, "limit", limit);
    json_object_set_new(r->meas, "copy", copy);
    if (!jg_pr_open(r, jg_embed_surgery_ptx) ||
        !JG_PR_CALL(r, cuDeviceGetAttribute, (&integrated, JG_CU_ATTR_INTEGRATED, r->dev)) ||
        !alloc_all(r, &s) || !measure_limit(r, &s, limit))
        goto out;
    json_object_set_new(r->meas, "integrated", json_boolean(integrated));
    json_array_append_new(paths, json_string("copy"));
    bool copy_ok = copy_path(r, &s, copy);
    char copy_reason[sizeof r->reason];
    memcpy(copy_reason, r->reason, sizeof copy_reason);
    /* A wrong copy-path result still leaves the mapped path worth knowing;
     * a CUDA error does not. */
    bool mapped = integrated || r->opts->surgery_mapped;
    if (mapped && !r->cuda_error) {
        json_t *m = json_object();
        json_object_set_new(r->meas, "mapped", m);
        json_array_append_new(paths, json_string("mapped"));
        if (!mapped_path(r, &s, m) || !copy_ok) {
            if (!copy_ok) /* the first failure is the one to report */
                memcpy(r->reason, copy_reason, sizeof copy_reason);
            goto out;
        }
    }
    if (!copy_ok)
        goto out;
    jg_pr_set(r, "pass",
              "%u fp16 layers (%zu bytes) edited through the GPU (%s) and equal to the CPU "
              "reference; copy path %.1f GB/s, %.0f%% of the copy-engine limit",
              s.layers, s.total_bytes, mapped ? "copy and mapped paths" : "copy path",
              json_real_value(json_object_get(copy, "gbps")),
              100.0 * json_real_value(json_object_get(copy, "fraction_of_limit")));
out:
    free(s.d);
}
