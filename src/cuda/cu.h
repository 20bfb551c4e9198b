/* The slice of the CUDA driver API that the probes use, declared here from
 * the documented ABI (no cuda.h at build time: the binary must build and run
 * on hosts without CUDA). libcuda.so.1 is loaded with dlopen, never linked.
 * One table (JG_CU_ENTRIES) names every entry point once, with the exact
 * exported symbol: the header renames many calls to *_v2, and calling the
 * old unversioned symbol with the new argument sizes would be wrong. */
#ifndef JG_CUDA_CU_H
#define JG_CUDA_CU_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr; /* 64-bit hosts only (LP64) */
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;

/* Result codes the probes name or act on (values are ABI). */
enum {
    JG_CUDA_SUCCESS = 0,
    JG_CUDA_ERROR_NOT_FOUND = 500,
    JG_CUDA_ERROR_STUB_LIBRARY = 34,
};

/* Device attributes (CUdevice_attribute values). */
enum {
    JG_CU_ATTR_MULTIPROCESSOR_COUNT = 16,
    JG_CU_ATTR_INTEGRATED = 18,
    JG_CU_ATTR_CAN_MAP_HOST_MEMORY = 19,
    JG_CU_ATTR_CC_MAJOR = 75,
    JG_CU_ATTR_CC_MINOR = 76,
};

enum {
    JG_CU_MEMHOSTALLOC_DEVICEMAP = 0x02,
    JG_CU_STREAM_NON_BLOCKING = 0x1,
    JG_CU_EVENT_DISABLE_TIMING = 0x2,
};

/* X(field, exported symbol, CUDA version that introduced this ABI, params).
 * The version pins cuGetProcAddress to the same ABI as the symbol name. */
#define JG_CU_ENTRIES(X)                                                                        \
    X(cuInit, "cuInit", 2000, (unsigned int flags))                                             \
    X(cuDriverGetVersion, "cuDriverGetVersion", 2020, (int *version))                           \
    X(cuGetErrorName, "cuGetErrorName", 6000, (CUresult e, const char **s))                     \
    X(cuGetErrorString, "cuGetErrorString", 6000, (CUresult e, const char **s))                 \
    X(cuDeviceGetCount, "cuDeviceGetCount", 2000, (int *count))                                 \
    X(cuDeviceGet, "cuDeviceGet", 2000, (CUdevice * dev, int ordinal))                          \
    X(cuDeviceGetName, "cuDeviceGetName", 2000, (char *name, int len, CUdevice dev))            \
    X(cuDeviceGetAttribute, "cuDeviceGetAttribute", 2000, (int *v, int attr, CUdevice dev))     \
    X(cuDeviceTotalMem, "cuDeviceTotalMem_v2", 3020, (size_t * bytes, CUdevice dev))            \
    X(cuCtxCreate, "cuCtxCreate_v2", 3020, (CUcontext * ctx, unsigned int flags, CUdevice dev)) \
    X(cuCtxDestroy, "cuCtxDestroy_v2", 4000, (CUcontext ctx))                                   \
    X(cuCtxSynchronize, "cuCtxSynchronize", 2000, (void))                                       \
    X(cuMemGetInfo, "cuMemGetInfo_v2", 3020, (size_t * free_b, size_t * total_b))               \
    X(cuMemAlloc, "cuMemAlloc_v2", 3020, (CUdeviceptr * p, size_t n))                           \
    X(cuMemFree, "cuMemFree_v2", 3020, (CUdeviceptr p))                                         \
    X(cuMemHostAlloc, "cuMemHostAlloc", 2020, (void **p, size_t n, unsigned int flags))         \
    X(cuMemFreeHost, "cuMemFreeHost", 2000, (void *p))                                          \
    X(cuMemHostGetDevicePointer, "cuMemHostGetDevicePointer_v2", 3020,                          \
      (CUdeviceptr * d, void *h, unsigned int flags))                                           \
    X(cuMemcpyHtoD, "cuMemcpyHtoD_v2", 3020, (CUdeviceptr d, const void *h, size_t n))          \
    X(cuMemcpyDtoH, "cuMemcpyDtoH_v2", 3020, (void *h, CUdeviceptr d, size_t n))                \
    X(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", 3020,                                          \
      (CUdeviceptr d, const void *h, size_t n, CUstream s))                                     \
    X(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", 3020,                                          \
      (void *h, CUdeviceptr d, size_t n, CUstream s))                                           \
    X(cuModuleLoadData, "cuModuleLoadData", 2000, (CUmodule * m, const void *image))            \
    X(cuModuleUnload, "cuModuleUnload", 2000, (CUmodule m))                                     \
    X(cuModuleGetFunction, "cuModuleGetFunction", 2000,                                         \
      (CUfunction * f, CUmodule m, const char *name))                                           \
    X(cuLaunchKernel, "cuLaunchKernel", 4000,                                                   \
      (CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,        \
       unsigned int by, unsigned int bz, unsigned int shmem, CUstream s, void **params,         \
       void **extra))                                                                           \
    X(cuStreamCreate, "cuStreamCreate", 2000, (CUstream * s, unsigned int flags))               \
    X(cuStreamSynchronize, "cuStreamSynchronize", 2000, (CUstream s))                           \
    X(cuStreamDestroy, "cuStreamDestroy_v2", 4000, (CUstream s))                                \
    X(cuStreamWaitEvent, "cuStreamWaitEvent", 3020, (CUstream s, CUevent e, unsigned int flags)) \
    X(cuEventCreate, "cuEventCreate", 2000, (CUevent * e, unsigned int flags))                  \
    X(cuEventRecord, "cuEventRecord", 2000, (CUevent e, CUstream s))                            \
    X(cuEventSynchronize, "cuEventSynchronize", 2000, (CUevent e))                              \
    X(cuEventElapsedTime, "cuEventElapsedTime", 2000, (float *ms, CUevent a, CUevent b))        \
    X(cuEventDestroy, "cuEventDestroy_v2", 4000, (CUevent e))

typedef struct jg_cu_api {
#define JG_CU_FIELD(field, sym, ver, params) CUresult (*field) params;
    JG_CU_ENTRIES(JG_CU_FIELD)
#undef JG_CU_FIELD
} jg_cu_api;

typedef struct jg_cu {
    void *handle;           /* dlopen handle; NULL when the library did not load */
    jg_cu_api api;
    char load_error[256];   /* dlerror() text when handle is NULL */
    char path[512];         /* where the library was found (home prefix redacted) */
    json_t *symbols;        /* {"cuMemAlloc": "cuMemAlloc_v2 via dlsym", ...} */
    const char *missing;    /* first entry point that did not resolve, or NULL */
} jg_cu;

/* dlopen library (NULL = "libcuda.so.1") and resolve every entry point; an
 * entry that does not resolve stays NULL (JG_PR_CALL fails the probe that
 * calls it). Returns true when the library loaded and every entry resolved. */
bool jg_cu_load(jg_cu *cu, const char *library);
void jg_cu_unload(jg_cu *cu);

/* "CUDA_ERROR_NO_DEVICE": from cuGetErrorName when it answers, else our own
 * table of the codes the findings rely on, else "CUDA_ERROR_<code>". */
const char *jg_cu_error_name(const jg_cu *cu, CUresult r, char *buf, size_t n);
/* {"call": call, "code": r, "name": ...} */
json_t *jg_cu_error_json(const jg_cu *cu, const char *call, CUresult r);

#endif
