/* The fake driver's stand-ins for the PTX kernels in src/cuda/kernels: the same
 * arithmetic (fp32 fma, one fp16 rounding) so that a correct kernel's output
 * can be produced on a machine without a GPU. */
#include "fake_kernels.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/hostmath.h"

typedef void (*run_fn)(unsigned gx, unsigned gy, unsigned bx, void **p);
struct fake_kernel {
    const char *name;
    run_fn run;
};

#define P(T, i) (*(T *)p[i])
#define PTR(T, i) ((T *)(uintptr_t)P(unsigned long long, i))

static void axpb(unsigned gx, unsigned gy, unsigned bx, void **p)
{
    (void)gy;
    float *y = PTR(float, 0), *x = PTR(float, 1);
    for (unsigned i = 0; i < P(unsigned, 4) && i < gx * bx; i++)
        y[i] = fmaf(P(float, 2), x[i], P(float, 3));
}

static void block_sum(unsigned gx, unsigned gy, unsigned bx, void **p)
{
    (void)gy;
    float *y = PTR(float, 0), *partial = PTR(float, 1);
    unsigned n = P(unsigned, 2), stride = gx * bx;
    for (unsigned b = 0; b < gx; b++) {
        float s = 0;
        for (unsigned t = 0; t < bx; t++)
            for (unsigned i = b * bx + t; i < n; i += stride)
                s += y[i];
        partial[b] = s;
    }
}

static void colproj_partial(unsigned gx, unsigned gy, unsigned bx, void **p)
{
    (void)gx; (void)bx;
    uint16_t *w = PTR(uint16_t, 0);
    float *d = PTR(float, 1), *partial = PTR(float, 2);
    unsigned rows = P(unsigned, 3), cols = P(unsigned, 4), rpc = P(unsigned, 5);
    for (unsigned c = 0; c < gy; c++)
        for (unsigned j = 0; j < cols; j++) {
            float s = 0;
            for (unsigned i = c * rpc; i < rows && i < (c + 1) * rpc; i++)
                s = fmaf(d[i], jg_half_to_float(w[(size_t)i * cols + j]), s);
            partial[(size_t)c * cols + j] = s;
        }
}

static void colproj_reduce(unsigned gx, unsigned gy, unsigned bx, void **p)
{
    (void)gx; (void)gy; (void)bx;
    float *partial = PTR(float, 0), *v = PTR(float, 1);
    unsigned cols = P(unsigned, 2), chunks = P(unsigned, 3);
    for (unsigned j = 0; j < cols; j++) {
        float s = 0;
        for (unsigned c = 0; c < chunks; c++)
            s += partial[(size_t)c * cols + j];
        v[j] = s;
    }
}

/* JG_FAKE_CUDA_COMPUTE=trunc: round toward zero instead of to nearest, a
 * plausible kernel bug that the surgery check must catch. */
static uint16_t to_half(float f)
{
    static int trunc = -1;
    if (trunc < 0) {
        const char *c = getenv("JG_FAKE_CUDA_COMPUTE");
        trunc = c && strcmp(c, "trunc") == 0;
    }
    uint16_t h = jg_float_to_half(f);
    if (trunc && (h & 0x7FFFu) && fabsf(jg_half_to_float(h)) > fabsf(f))
        h--;
    return h;
}

static void rank1_update(unsigned gx, unsigned gy, unsigned bx, void **p)
{
    (void)gx; (void)gy; (void)bx;
    uint16_t *w = PTR(uint16_t, 0);
    float *d = PTR(float, 1), *v = PTR(float, 2);
    unsigned rows = P(unsigned, 3), cols = P(unsigned, 4);
    for (unsigned i = 0; i < rows; i++)
        for (unsigned j = 0; j < cols; j++) {
            uint16_t *e = &w[(size_t)i * cols + j];
            *e = to_half(fmaf(d[i], -v[j], jg_half_to_float(*e)));
        }
}

static void nf4_dequant(unsigned gx, unsigned gy, unsigned bx, void **p)
{
    (void)gx; (void)gy; (void)bx;
    uint8_t *q = PTR(uint8_t, 0);
    float *absmax = PTR(float, 1), *code = PTR(float, 2), *out = PTR(float, 3);
    for (unsigned i = 0; i < P(unsigned, 4); i++) {
        unsigned k = i % 2 ? q[i / 2] & 15u : q[i / 2] >> 4;
        volatile float prod = code[k] * absmax[i / 64];
        out[i] = prod;
    }
}

static const struct fake_kernel kernels[] = {
    {"jg_axpb", axpb},
    {"jg_block_sum", block_sum},
    {"jg_colproj_partial", colproj_partial},
    {"jg_colproj_reduce", colproj_reduce},
    {"jg_rank1_update", rank1_update},
    {"jg_nf4_dequant", nf4_dequant},
};

const fake_kernel *fake_kernel_find(const char *name)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (strcmp(kernels[i].name, name) == 0)
            return &kernels[i];
    return NULL;
}

void fake_kernel_run(const void *k, unsigned gx, unsigned gy, unsigned bx, void **params)
{
    const struct fake_kernel *fk = k;
    fk->run(gx, gy, bx, params);
}
