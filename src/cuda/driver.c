/* Loading libcuda.so.1 at run time and resolving the entry-point table.
 * Each entry is looked up by its exact exported ABI name with dlsym; when a
 * library does not export that name, cuGetProcAddress_v2 (or the older
 * cuGetProcAddress) is asked for the base name pinned at the version that
 * introduced the ABI we declared, so both routes give the same function. */
#define _GNU_SOURCE /* dladdr */
#include "cuda/cu.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/probe.h"

typedef CUresult (*proc_v2_fn)(const char *sym, void **pfn, int ver, unsigned long long flags,
                               int *status);
typedef CUresult (*proc_v1_fn)(const char *sym, void **pfn, int ver, unsigned long long flags);

struct entry {
    const char *field, *symbol;
    int version;
    size_t offset;
};

static const struct entry entries[] = {
#define JG_CU_ENTRY(field, sym, ver, params) {#field, sym, ver, offsetof(jg_cu_api, field)},
    JG_CU_ENTRIES(JG_CU_ENTRY)
#undef JG_CU_ENTRY
};

/* Never print a home directory: keep only what follows it. */
static void redact_path(const char *in, char *out, size_t n)
{
    const char *home = getenv("HOME");
    size_t hl = home ? strlen(home) : 0;
    const char *rest = NULL;
    if (hl > 1 && strncmp(in, home, hl) == 0 && in[hl] == '/')
        rest = in + hl;
    else if (strncmp(in, "/home/", 6) == 0 || strncmp(in, "/Users/", 7) == 0)
        rest = strchr(in + (in[1] == 'h' ? 6 : 7), '/');
    size_t len = strlen(rest ? rest : in);
    if (len + 2 > n) { /* too long to keep whole: keep the end */
        rest = (rest ? rest : in) + len + 2 - n;
        len = n - 2;
    }
    if (rest) {
        out[0] = '~';
        memcpy(out + 1, rest, len + 1);
    } else
        memcpy(out, in, len + 1);
}

static void *resolve(jg_cu *cu, const struct entry *e, proc_v2_fn p2, proc_v1_fn p1,
                     const char **how)
{
    void *f = dlsym(cu->handle, e->symbol);
    if (f) {
        *how = "dlsym";
        return f;
    }
    const char *base = e->field; /* the field is the unversioned API name */
    int status = 0;
    if (p2 && p2(base, &f, e->version, 0, &status) == JG_CUDA_SUCCESS && f) {
        *how = "cuGetProcAddress_v2";
        return f;
    }
    if (p1 && p1(base, &f, e->version, 0) == JG_CUDA_SUCCESS && f) {
        *how = "cuGetProcAddress";
        return f;
    }
    return NULL;
}

static void record_path(jg_cu *cu, void *sym)
{
    Dl_info info;
    if (sym && dladdr(sym, &info) && info.dli_fname) {
        char real[4096];
        const char *p = realpath(info.dli_fname, real) ? real : info.dli_fname;
        redact_path(p, cu->path, sizeof cu->path);
    }
}

bool jg_cu_load(jg_cu *cu, const char *library)
{
    memset(cu, 0, sizeof *cu);
    cu->symbols = json_object();
    cu->handle = dlopen(library ? library : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!cu->handle) {
        const char *e = dlerror();
        snprintf(cu->load_error, sizeof cu->load_error, "%s", e ? e : "dlopen failed");
        return false;
    }
    proc_v2_fn p2;
    proc_v1_fn p1;
    void *s2 = dlsym(cu->handle, "cuGetProcAddress_v2");
    void *s1 = dlsym(cu->handle, "cuGetProcAddress");
    memcpy(&p2, &s2, sizeof p2);
    memcpy(&p1, &s1, sizeof p1);
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++) {
        const struct entry *e = &entries[i];
        const char *how = NULL;
        void *f = resolve(cu, e, p2, p1, &how);
        char desc[160];
        if (!f)
            snprintf(desc, sizeof desc, "missing (%s)", e->symbol);
        else if (strcmp(how, "dlsym") == 0)
            snprintf(desc, sizeof desc, "%s via dlsym", e->symbol);
        else /* base name at the pinned version */
            snprintf(desc, sizeof desc, "%s@%d via %s", e->field, e->version, how);
        json_object_set_new(cu->symbols, e->field, json_string(desc));
        if (!f && !cu->missing)
            cu->missing = e->field;
        memcpy((char *)&cu->api + e->offset, &f, sizeof f);
    }
    void *init = dlsym(cu->handle, "cuInit");
    record_path(cu, init);
    return cu->missing == NULL;
}

void jg_cu_unload(jg_cu *cu)
{
    /* The handle stays open: a driver may have threads running from it, and
     * the probe child exits right after. */
    json_decref(cu->symbols);
    cu->symbols = NULL;
}

static const struct {
    int code;
    const char *name;
} known[] = {
    {0, "CUDA_SUCCESS"},
    {1, "CUDA_ERROR_INVALID_VALUE"},
    {2, "CUDA_ERROR_OUT_OF_MEMORY"},
    {3, "CUDA_ERROR_NOT_INITIALIZED"},
    {34, "CUDA_ERROR_STUB_LIBRARY"},
    {35, "CUDA_ERROR_INSUFFICIENT_DRIVER"},
    {100, "CUDA_ERROR_NO_DEVICE"},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU"},
    {218, "CUDA_ERROR_INVALID_PTX"},
    {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"},
    {500, "CUDA_ERROR_NOT_FOUND"},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS"},
    {719, "CUDA_ERROR_LAUNCH_FAILED"},
    {804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"},
    {999, "CUDA_ERROR_UNKNOWN"},
};

const char *jg_cu_error_name(const jg_cu *cu, CUresult r, char *buf, size_t n)
{
    const char *s = NULL;
    if (cu && cu->api.cuGetErrorName && cu->api.cuGetErrorName(r, &s) == JG_CUDA_SUCCESS && s) {
        snprintf(buf, n, "%s", s);
        return buf;
    }
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (known[i].code == r) {
            snprintf(buf, n, "%s", known[i].name);
            return buf;
        }
    snprintf(buf, n, "CUDA_ERROR_%d", r);
    return buf;
}

json_t *jg_cu_error_json(const jg_cu *cu, const char *call, CUresult r)
{
    char name[96];
    jg_cu_error_name(cu, r, name, sizeof name);
    const char *text = NULL;
    if (!cu || !cu->api.cuGetErrorString || cu->api.cuGetErrorString(r, &text) != JG_CUDA_SUCCESS)
        text = NULL;
    return jg_cuda_error_new(call, r, name, text);
}
