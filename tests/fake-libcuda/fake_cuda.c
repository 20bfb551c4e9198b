/* A fake libcuda.so.1 for fault injection on machines without a GPU.
 * JG_FAKE_CUDA="<call>:<action>[,<call>:<action>...]" makes the named entry
 * point (e.g. cuInit, cuModuleLoadData, cuLaunchKernel, cuCtxSynchronize)
 *   return N      (a CUresult, e.g. cuInit:100, cuInit:34 for a stub),
 *   hang          (never return), crash (SIGSEGV), exit (exit code 3),
 *   chatter       (print non-JSON on stdout and carry on),
 *   garbage       (print non-JSON on stdout and exit 0).
 * Unnamed calls succeed. Memory is host memory, copies are memcpy, and
 * kernels do nothing, so a probe that gets this far must report a mismatch.
 * JG_FAKE_CUDA_DISCRETE=1 reports a discrete GPU instead of an integrated one;
 * JG_FAKE_CUDA_NAME=NAME names the device (an end-to-end gate on a Jetson
 * fixture wants the Jetson GPU class, e.g. "Orin").
 * JG_FAKE_CUDA_COMPUTE=1 runs jetgate's kernels on the CPU (fake_kernels.c),
 * so the probes' pass path is exercised too; =trunc does the same with the
 * surgery's fp16 rounding done toward zero (a kernel bug to be caught).
 * Built a second time with FAKE_PROC_ONLY (libcuda-proc/libcuda.so.1), it
 * does not export cuMemAlloc_v2 and cuCtxCreate_v2 by name: they are reached
 * only through cuGetProcAddress_v2, as newer entry points are in a real driver.
 * Built with FAKE_NO_HOSTPTR (nohostptr/libcuda.so.1), it lacks
 * cuMemHostGetDevicePointer_v2 altogether, as an old or cut-down driver may. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fake_kernels.h"

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

#ifdef FAKE_PROC_ONLY
#define BY_PROC_ONLY __attribute__((visibility("hidden")))
#else
#define BY_PROC_ONLY
#endif

static int fake_action(const char *call)
{
    const char *spec = getenv("JG_FAKE_CUDA");
    size_t n = strlen(call);
    for (const char *p = spec; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
        if (strncmp(p, call, n) != 0 || p[n] != ':')
            continue;
        const char *a = p + n + 1;
        if (strncmp(a, "hang", 4) == 0)
            for (;;)
                pause();
        if (strncmp(a, "crash", 5) == 0)
            raise(SIGSEGV);
        if (strncmp(a, "exit", 4) == 0)
            _exit(3);
        if (strncmp(a, "chatter", 7) == 0) {
            fputs("fake driver: hello from stdout\n", stdout);
            fflush(stdout);
            return 0;
        }
        if (strncmp(a, "garbage", 7) == 0) {
            fputs("this is not JSON\n", stdout);
            fflush(stdout);
            _exit(0);
        }
        return atoi(a);
    }
    return 0;
}

#define ENTER(name)                                                                             \
    do {                                                                                        \
        int r_ = fake_action(name);                                                             \
        if (r_)                                                                                 \
            return r_;                                                                          \
    } while (0)

static const struct {
    int code;
    const char *name, *text;
} names[] = {
    {0, "CUDA_SUCCESS", "no error"},
    {1, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {34, "CUDA_ERROR_STUB_LIBRARY", "CUDA driver is a stub library"},
    {35, "CUDA_ERROR_INSUFFICIENT_DRIVER", "CUDA driver version is insufficient"},
    {100, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU", "no kernel image is available"},
    {218, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", "forward compatibility not supported"},
    {999, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

CUresult cuGetErrorName(CUresult e, const char **s)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == e) {
            *s = names[i].name;
            return 0;
        }
    *s = NULL;
    return 1;
}

CUresult cuGetErrorString(CUresult e, const char **s)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == e) {
            *s = names[i].text;
            return 0;
        }
    *s = NULL;
    return 1;
}

CUresult cuInit(unsigned int flags) { (void)flags; ENTER("cuInit"); return 0; }
CUresult cuDriverGetVersion(int *v) { ENTER("cuDriverGetVersion"); *v = 12060; return 0; }
CUresult cuDeviceGetCount(int *c) { ENTER("cuDeviceGetCount"); *c = 1; return 0; }
CUresult cuDeviceGet(int *d, int i) { ENTER("cuDeviceGet"); *d = i; return 0; }

CUresult cuDeviceGetName(char *name, int len, int dev)
{
    (void)dev;
    ENTER("cuDeviceGetName");
    const char *want = getenv("JG_FAKE_CUDA_NAME");
    snprintf(name, (size_t)len, "%s", want && *want ? want : "jetgate fake GPU");
    return 0;
}

CUresult cuDeviceGetAttribute(int *v, int attr, int dev)
{
    (void)dev;
    ENTER("cuDeviceGetAttribute");
    const char *discrete = getenv("JG_FAKE_CUDA_DISCRETE");
    switch (attr) {
    case 16: *v = 16; break;                                 /* SMs */
    case 18: *v = discrete && *discrete == '1' ? 0 : 1; break; /* integrated */
    case 75: *v = 8; break;
    case 76: *v = 7; break;
    default: *v = 1;
    }
    return 0;
}

CUresult cuDeviceTotalMem_v2(size_t *b, int dev) { (void)dev; ENTER("cuDeviceTotalMem"); *b = 8ull << 30; return 0; }
BY_PROC_ONLY CUresult cuCtxCreate_v2(void **ctx, unsigned f, int dev) { (void)f; (void)dev; ENTER("cuCtxCreate"); *ctx = (void *)0x1; return 0; }
CUresult cuCtxDestroy_v2(void *ctx) { (void)ctx; ENTER("cuCtxDestroy"); return 0; }
CUresult cuCtxSynchronize(void) { ENTER("cuCtxSynchronize"); return 0; }
CUresult cuMemGetInfo_v2(size_t *f, size_t *t) { ENTER("cuMemGetInfo"); *f = 6ull << 30; *t = 8ull << 30; return 0; }

BY_PROC_ONLY CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n)
{
    ENTER("cuMemAlloc");
    void *m = calloc(1, n ? n : 1);
    *p = (CUdeviceptr)(uintptr_t)m;
    return m ? 0 : 2;
}

CUresult cuMemFree_v2(CUdeviceptr p) { free((void *)(uintptr_t)p); return 0; }

CUresult cuMemHostAlloc(void **p, size_t n, unsigned int f)
{
    (void)f;
    ENTER("cuMemHostAlloc");
    *p = calloc(1, n ? n : 1);
    return *p ? 0 : 2;
}

CUresult cuMemFreeHost(void *p) { free(p); return 0; }

#ifdef FAKE_NO_HOSTPTR
__attribute__((visibility("hidden")))
#endif
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *d, void *h, unsigned int f)
{
    (void)f;
    ENTER("cuMemHostGetDevicePointer");
    *d = (CUdeviceptr)(uintptr_t)h;
    return 0;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *h, size_t n) { ENTER("cuMemcpyHtoD"); memcpy((void *)(uintptr_t)d, h, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *h, CUdeviceptr d, size_t n) { ENTER("cuMemcpyDtoH"); memcpy(h, (void *)(uintptr_t)d, n); return 0; }
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *h, size_t n, void *s) { (void)s; ENTER("cuMemcpyHtoDAsync"); memcpy((void *)(uintptr_t)d, h, n); return 0; }
CUresult cuMemcpyDtoHAsync_v2(void *h, CUdeviceptr d, size_t n, void *s) { (void)s; ENTER("cuMemcpyDtoHAsync"); memcpy(h, (void *)(uintptr_t)d, n); return 0; }
CUresult cuModuleLoadData(void **m, const void *img) { (void)img; ENTER("cuModuleLoadData"); *m = (void *)0x2; return 0; }
CUresult cuModuleUnload(void *m) { (void)m; return 0; }
CUresult cuModuleGetFunction(void **f, void *m, const char *name)
{
    (void)m;
    ENTER("cuModuleGetFunction");
    *f = (void *)fake_kernel_find(name);
    return *f ? 0 : 500; /* CUDA_ERROR_NOT_FOUND */
}

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned sh, void *s, void **params, void **extra)
{
    (void)gz; (void)by; (void)bz; (void)sh; (void)s; (void)extra;
    ENTER("cuLaunchKernel");
    const char *compute = getenv("JG_FAKE_CUDA_COMPUTE");
    if (compute && (*compute == '1' || strcmp(compute, "trunc") == 0))
        fake_kernel_run(f, gx, gy, bx, params);
    return 0;
}

CUresult cuStreamCreate(void **s, unsigned f) { (void)f; ENTER("cuStreamCreate"); *s = (void *)0x4; return 0; }
CUresult cuStreamSynchronize(void *s) { (void)s; ENTER("cuStreamSynchronize"); return 0; }
CUresult cuStreamDestroy_v2(void *s) { (void)s; return 0; }
CUresult cuStreamWaitEvent(void *s, void *e, unsigned f) { (void)s; (void)e; (void)f; ENTER("cuStreamWaitEvent"); return 0; }
CUresult cuEventCreate(void **e, unsigned f) { (void)f; ENTER("cuEventCreate"); *e = (void *)0x5; return 0; }
CUresult cuEventRecord(void *e, void *s) { (void)e; (void)s; ENTER("cuEventRecord"); return 0; }
CUresult cuEventSynchronize(void *e) { (void)e; ENTER("cuEventSynchronize"); return 0; }
CUresult cuEventElapsedTime(float *ms, void *a, void *b) { (void)a; (void)b; ENTER("cuEventElapsedTime"); *ms = 0.5f; return 0; }
CUresult cuEventDestroy_v2(void *e) { (void)e; return 0; }

#ifdef FAKE_PROC_ONLY
/* Like the real one: the base name and the CUDA version the caller was built
 * for select the ABI; before 3.2 these calls had 32-bit sizes (not faked). */
CUresult cuGetProcAddress_v2(const char *sym, void **pfn, int ver, unsigned long long flags,
                             int *status)
{
    (void)flags;
    *pfn = NULL;
    if (status)
        *status = 1; /* CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND */
    if (ver >= 3020 && strcmp(sym, "cuMemAlloc") == 0)
        *pfn = (void *)cuMemAlloc_v2;
    else if (ver >= 3020 && strcmp(sym, "cuCtxCreate") == 0)
        *pfn = (void *)cuCtxCreate_v2;
    if (!*pfn)
        return 500; /* CUDA_ERROR_NOT_FOUND */
    if (status)
        *status = 0;
    return 0;
}
#endif
