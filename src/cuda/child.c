#include "cuda/child.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "schema/probe.h"
#include "util/json.h"
#include "util/spawn.h"

void jg_pr_step(const char *call)
{
    dprintf(2, "jetgate-step: %s\n", call);
}

bool jg_pr_set(jg_probe_run *r, const char *status, const char *fmt, ...)
{
    r->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
    return false;
}

bool jg_pr_ok(jg_probe_run *r, const char *call, CUresult res)
{
    if (res == JG_CUDA_SUCCESS)
        return true;
    if (!r->cuda_error)
        r->cuda_error = jg_cu_error_json(&r->cu, call, res);
    const char *name = JG_STR(cuerr, r->cuda_error, name);
    return jg_pr_set(r, "fail", "%s failed: %s (%d)", call, name ? name : "?", res);
}

bool jg_pr_has(jg_probe_run *r, const char *field, bool present)
{
    if (present)
        return true;
    const char *lib = r->opts->library ? r->opts->library : "libcuda.so.1";
    /* The exported name, from "missing (cuMemHostGetDevicePointer_v2)". */
    const char *desc = json_string_value(json_object_get(r->cu.symbols, field));
    const char *sym = desc && strncmp(desc, "missing (", 9) == 0 ? desc + 9 : field;
    return jg_pr_set(r, "fail", "%s lacks the entry point %.*s, which this probe calls", lib,
                     (int)strcspn(sym, ")"), sym);
}

/* Entry points the library lacks: recorded, not fatal (only a probe that
 * calls one fails, at the call). */
static void record_missing(jg_probe_run *r)
{
    json_t *miss = json_array();
    const char *field;
    json_t *desc;
    json_object_foreach(r->cu.symbols, field, desc) {
        if (strncmp(json_string_value(desc), "missing", 7) == 0)
            json_array_append_new(miss, json_string(field));
    }
    if (json_array_size(miss) > 0)
        JG_SET(probe, r->doc, missing_entry_points, miss);
    else
        json_decref(miss);
}

static void stub_reason(jg_probe_run *r)
{
    jg_pr_set(r, "fail",
              "cuInit returned CUDA_ERROR_STUB_LIBRARY (34): %s is the toolkit's link stub, "
              "not the driver; the real libcuda.so.1 is not on the library path",
              r->cu.path[0] ? r->cu.path : "the loaded library");
}

bool jg_pr_init(jg_probe_run *r)
{
    const char *lib = r->opts->library ? r->opts->library : "libcuda.so.1";
    JG_SET_STR(probe, r->doc, library, lib);
    jg_pr_step("dlopen");
    double t0 = jg_now();
    jg_cu_load(&r->cu, r->opts->library);
    JG_SET_STR(probe, r->doc, library_path, r->cu.path[0] ? r->cu.path : NULL);
    if (!r->cu.handle)
        return jg_pr_set(r, "fail", "%s could not be loaded: %s", lib, r->cu.load_error);
    if (!r->cu.api.cuInit)
        return jg_pr_set(r, "fail", "%s has no cuInit: not a CUDA driver library", lib);
    jg_pr_step("cuInit");
    CUresult res = r->cu.api.cuInit(0);
    JG_SET_NUM(probe, r->doc, init_s, jg_now() - t0); /* dlopen + cuInit */
    JG_SET_BOOL(probe, r->doc, stub, res == JG_CUDA_ERROR_STUB_LIBRARY);
    if (res == JG_CUDA_ERROR_STUB_LIBRARY) {
        r->cuda_error = jg_cu_error_json(&r->cu, "cuInit", res);
        stub_reason(r);
        return false;
    }
    record_missing(r);
    return jg_pr_ok(r, "cuInit", res);
}

bool jg_pr_open(jg_probe_run *r, const char *ptx)
{
    if (!jg_pr_init(r))
        return false;
    int count = 0;
    if (!JG_PR_CALL(r, cuDeviceGetCount, (&count)))
        return false;
    if (count < 1)
        return jg_pr_set(r, "fail", "the driver reports no CUDA device");
    double t0 = jg_now();
    if (!JG_PR_CALL(r, cuDeviceGet, (&r->dev, 0)) ||
        !JG_PR_CALL(r, cuCtxCreate, (&r->ctx, 0, r->dev)))
        return false;
    JG_SET_NUM(probe, r->doc, context_s, jg_now() - t0);
    return !ptx || JG_PR_CALL(r, cuModuleLoadData, (&r->mod, ptx));
}

CUfunction jg_pr_function(jg_probe_run *r, const char *name)
{
    CUfunction f = NULL;
    char call[96];
    snprintf(call, sizeof call, "cuModuleGetFunction(%s)", name);
    jg_pr_step(call);
    if (!jg_pr_has(r, "cuModuleGetFunction", r->cu.api.cuModuleGetFunction != NULL) ||
        !jg_pr_ok(r, call, r->cu.api.cuModuleGetFunction(&f, r->mod, name)))
        return NULL;
    return f;
}

bool jg_pr_alloc(jg_probe_run *r, CUdeviceptr *p, size_t bytes)
{
    if (r->n_dev_mem == (int)(sizeof r->dev_mem / sizeof r->dev_mem[0]))
        return jg_pr_set(r, "fail", "internal: too many device allocations");
    if (!JG_PR_CALL(r, cuMemAlloc, (p, bytes)))
        return false;
    r->dev_mem[r->n_dev_mem++] = *p;
    return true;
}

bool jg_pr_host_alloc(jg_probe_run *r, void **p, size_t bytes, unsigned int flags)
{
    if (r->n_host_mem == (int)(sizeof r->host_mem / sizeof r->host_mem[0]))
        return jg_pr_set(r, "fail", "internal: too many pinned allocations");
    if (!JG_PR_CALL(r, cuMemHostAlloc, (p, bytes, flags)))
        return false;
    r->host_mem[r->n_host_mem++] = *p;
    return true;
}

/* Best effort: a failure here changes no result, so it is not recorded. */
static void release(jg_probe_run *r)
{
    if (!r->ctx)
        return;
    const jg_cu_api *a = &r->cu.api; /* an entry point may be missing (jg_pr_has) */
    if (a->cuCtxSynchronize)
        a->cuCtxSynchronize();
    while (a->cuMemFree && r->n_dev_mem > 0)
        a->cuMemFree(r->dev_mem[--r->n_dev_mem]);
    while (a->cuMemFreeHost && r->n_host_mem > 0)
        a->cuMemFreeHost(r->host_mem[--r->n_host_mem]);
    if (r->mod && a->cuModuleUnload)
        a->cuModuleUnload(r->mod);
    if (a->cuCtxDestroy)
        a->cuCtxDestroy(r->ctx);
    r->ctx = NULL;
}

int jg_pr_finish(jg_probe_run *r)
{
    jg_pr_step("release");
    release(r);
    json_t *o = r->doc;
    JG_SET_STR(probe, o, id, r->id);
    JG_SET_STR(probe, o, status, r->status ? r->status : "fail");
    JG_SET_STR(probe, o, reason, r->reason[0] ? r->reason : "no reason given");
    JG_SET(probe, o, cuda_error, r->cuda_error ? r->cuda_error : json_null());
    r->cuda_error = r->meas = r->doc = NULL;
    FILE *f = r->result ? r->result : stdout;
    int rc = jg_json_print(f, o) == 0 && fflush(f) == 0 ? 0 : 3;
    json_decref(o);
    jg_cu_unload(&r->cu);
    return rc;
}
