/* NF4 probe: weights quantized on the CPU to 4-bit NormalFloat (QLoRA's
 * 16-value code book, one absmax per block of 64), dequantized by a PTX
 * kernel, and compared bit for bit with the same fp32 product on the CPU. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/child.h"
#include "cuda/hostmath.h"
#include "embedded.h"

#define NF4_BLOCK 64u
#define NF4_N (NF4_BLOCK * 4096u)

/* The standard NF4 code book (quantiles of N(0,1) scaled to [-1, 1], with an exact zero). */
static const float nf4_code[16] = {
    -1.0f,
    -0.6961928009986877f,
    -0.5250730514526367f,
    -0.39491748809814453f,
    -0.28444138169288635f,
    -0.18477343022823334f,
    -0.09105003625154495f,
    0.0f,
    0.07958029955625534f,
    0.16093020141124725f,
    0.24611230194568634f,
    0.33791524171829224f,
    0.44070982761192322f,
    0.5626170039176941f,
    0.7229568362236023f,
    1.0f,
};

static unsigned nearest_code(float x)
{
    unsigned best = 0;
    for (unsigned k = 1; k < 16; k++)
        if (fabsf(x - nf4_code[k]) < fabsf(x - nf4_code[best]))
            best = k;
    return best;
}

/* Roughly normal weights (sum of four uniforms), quantized block by block. */
static void quantize(uint8_t *q, float *absmax)
{
    float w[NF4_BLOCK];
    memset(q, 0, NF4_N / 2);
    for (unsigned blk = 0; blk < NF4_N / NF4_BLOCK; blk++) {
        float m = 0;
        for (unsigned t = 0; t < NF4_BLOCK; t++) {
            uint64_t i = (uint64_t)blk * NF4_BLOCK + t;
            float s = 0;
            for (unsigned u = 0; u < 4; u++)
                s += (float)(jg_hash32(i * 4 + u) >> 8) / 16777216.0f - 0.5f;
            w[t] = s * (1.0f + (float)(blk % 7)); /* blocks of different scale */
            m = fmaxf(m, fabsf(w[t]));
        }
        absmax[blk] = m > 0 ? m : 1.0f;
        for (unsigned t = 0; t < NF4_BLOCK; t++) {
            unsigned i = blk * NF4_BLOCK + t, k = nearest_code(w[t] / absmax[blk]);
            q[i / 2] |= (uint8_t)(i % 2 ? k : k << 4);
        }
    }
}

static void compare(jg_probe_run *r, const uint8_t *q, const float *absmax, const float *out)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < NF4_N; i++) {
        unsigned k = i % 2 ? q[i / 2] & 15u : q[i / 2] >> 4;
        volatile float want = nf4_code[k] * absmax[i / NF4_BLOCK]; /* one rounding, no fusion */
        float w = want;
        if (memcmp(&w, &out[i], sizeof w) != 0 && bad++ == 0)
            first = i;
    }
    json_object_set_new(r->meas, "weights", json_integer(NF4_N));
    json_object_set_new(r->meas, "block_size", json_integer(NF4_BLOCK));
    json_object_set_new(r->meas, "mismatches", json_integer((json_int_t)bad));
    if (bad)
        jg_pr_set(r, "fail", "%zu of %u dequantized weights differ from the CPU (first at %zu)",
                  bad, NF4_N, first);
    else
        jg_pr_set(r, "pass", "%u NF4 weights (blocks of %u) dequantized bit-exactly", NF4_N,
                  NF4_BLOCK);
}

void jg_probe_nf4(jg_probe_run *r)
{
    uint8_t *q = malloc(NF4_N / 2);
    float *absmax = malloc(NF4_N / NF4_BLOCK * sizeof(float));
    float *out = malloc(NF4_N * sizeof(float));
    CUdeviceptr dq, dabs, dcode, dout;
    CUfunction f;
    if (!q || !absmax || !out) {
        jg_pr_set(r, "fail", "out of host memory");
        goto done;
    }
    quantize(q, absmax);
    unsigned n = NF4_N;
    void *params[] = {&dq, &dabs, &dcode, &dout, &n};
    if (!jg_pr_open(r, jg_embed_nf4_ptx) || !(f = jg_pr_function(r, "jg_nf4_dequant")) ||
        !jg_pr_alloc(r, &dq, NF4_N / 2) ||
        !jg_pr_alloc(r, &dabs, NF4_N / NF4_BLOCK * sizeof(float)) ||
        !jg_pr_alloc(r, &dcode, sizeof nf4_code) ||
        !jg_pr_alloc(r, &dout, NF4_N * sizeof(float)) ||
        !JG_PR_CALL(r, cuMemcpyHtoD, (dq, q, NF4_N / 2)) ||
        !JG_PR_CALL(r, cuMemcpyHtoD, (dabs, absmax, NF4_N / NF4_BLOCK * sizeof(float))) ||
        !JG_PR_CALL(r, cuMemcpyHtoD, (dcode, nf4_code, sizeof nf4_code)) ||
        !JG_PR_CALL(r, cuLaunchKernel, (f, NF4_N / 256, 1, 1, 256, 1, 1, 0, NULL, params, NULL)) ||
        !JG_PR_CALL(r, cuCtxSynchronize, ()) ||
        !JG_PR_CALL(r, cuMemcpyDtoH, (out, dout, NF4_N * sizeof(float))))
        goto done;
    compare(r, q, absmax, out);
done:
    free(q);
    free(absmax);
    free(out);
}
