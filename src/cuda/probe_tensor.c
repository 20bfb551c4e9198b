/* Tensor-op probe: y = fma(a, x, b) over 2^20 floats and a block-sum
 * reduction of y, both by PTX kernels, against a CPU reference.
 * Element-wise the check is exact: fma is correctly rounded on both sides
 * (C99 fmaf and PTX fma.rn.f32). The reduction is checked against the
 * double-precision sum with the error bound of fp32 summation in the
 * kernel's order: |gpu - ref| <= (k + 9) * 2^-24 * sum|y_i|, where k is the
 * number of elements each thread adds before the 8-level block tree (and
 * one more rounding for the partial itself). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/child.h"
#include "cuda/hostmath.h"
#include "embedded.h"

#define TN (1u << 20)
#define TBLOCK 256u
#define TGRID 1024u

struct tbufs {
    float *x, *y, *partial;
    CUdeviceptr dx, dy, dpartial;
};

static bool run_kernels(jg_probe_run *r, struct tbufs *b, float a, float c, float *ms)
{
    CUfunction axpb = jg_pr_function(r, "jg_axpb"), bsum = jg_pr_function(r, "jg_block_sum");
    CUevent e0, e1;
    if (!axpb || !bsum || !JG_PR_CALL(r, cuEventCreate, (&e0, 0)) ||
        !JG_PR_CALL(r, cuEventCreate, (&e1, 0)))
        return false;
    unsigned n = TN;
    void *p1[] = {&b->dy, &b->dx, &a, &c, &n};
    void *p2[] = {&b->dy, &b->dpartial, &n};
    if (!JG_PR_CALL(r, cuMemcpyHtoD, (b->dx, b->x, TN * sizeof(float))) ||
        !JG_PR_CALL(r, cuEventRecord, (e0, NULL)) ||
        !JG_PR_CALL(r, cuLaunchKernel,
                    (axpb, (TN + TBLOCK - 1) / TBLOCK, 1, 1, TBLOCK, 1, 1, 0, NULL, p1, NULL)) ||
        !JG_PR_CALL(r, cuLaunchKernel, (bsum, TGRID, 1, 1, TBLOCK, 1, 1, 0, NULL, p2, NULL)) ||
        !JG_PR_CALL(r, cuEventRecord, (e1, NULL)) || !JG_PR_CALL(r, cuCtxSynchronize, ()) ||
        !JG_PR_CALL(r, cuEventElapsedTime, (ms, e0, e1)) ||
        !JG_PR_CALL(r, cuMemcpyDtoH, (b->y, b->dy, TN * sizeof(float))) ||
        !JG_PR_CALL(r, cuMemcpyDtoH, (b->partial, b->dpartial, TGRID * sizeof(float))))
        return false;
    JG_PR_CALL(r, cuEventDestroy, (e0));
    JG_PR_CALL(r, cuEventDestroy, (e1));
    return true;
}

static void compare(jg_probe_run *r, const struct tbufs *b, float a, float c)
{
    size_t mismatches = 0, first_bad = 0;
    double ref = 0, abs_sum = 0, got = 0;
    for (size_t i = 0; i < TN; i++) {
        float want = fmaf(a, b->x[i], c);
        if (memcmp(&want, &b->y[i], sizeof want) != 0 && mismatches++ == 0)
            first_bad = i;
        ref += want;
        abs_sum += fabs(want);
    }
    for (size_t i = 0; i < TGRID; i++)
        got += b->partial[i];
    double k = ceil((double)TN / (TGRID * TBLOCK));
    double tol = (k + 9) * ldexp(1.0, -24) * abs_sum;
    json_object_set_new(r->meas, "elements", json_integer(TN));
    json_object_set_new(r->meas, "elementwise_mismatches", json_integer((json_int_t)mismatches));
    json_object_set_new(r->meas, "sum_gpu", json_real(got));
    json_object_set_new(r->meas, "sum_reference", json_real(ref));
    json_object_set_new(r->meas, "sum_tolerance", json_real(tol));
    if (mismatches)
        jg_pr_set(r, "fail", "%zu of %u elements differ from the CPU fma (first at %zu)",
                  mismatches, TN, first_bad);
    else if (!isfinite(got) || fabs(got - ref) > tol)
        jg_pr_set(r, "fail", "reduction %.9g differs from the CPU sum %.9g by more than %.3g",
                  got, ref, tol);
    else
        jg_pr_set(r, "pass",
                  "fma over %u floats equals the CPU bit for bit; reduction within %.3g", TN,
                  tol);
}

void jg_probe_tensor_op(jg_probe_run *r)
{
    struct tbufs b = {0};
    b.x = malloc(TN * sizeof(float));
    b.y = malloc(TN * sizeof(float));
    b.partial = calloc(TGRID, sizeof(float));
    if (!b.x || !b.y || !b.partial) {
        jg_pr_set(r, "fail", "out of host memory");
        goto out;
    }
    for (size_t i = 0; i < TN; i++) /* x in [-1, 1), 24 random bits */
        b.x[i] = (float)ldexp((double)(jg_hash32(i) >> 8), -23) - 1.0f;
    const float a = 1.2345678f, c = -0.3141593f;
    if (!jg_pr_open(r, jg_embed_tensor_op_ptx) ||
        !jg_pr_alloc(r, &b.dx, TN * sizeof(float)) ||
        !jg_pr_alloc(r, &b.dy, TN * sizeof(float)) ||
        !jg_pr_alloc(r, &b.dpartial, TGRID * sizeof(float)))
        goto out;
    float ms = 0;
    if (!run_kernels(r, &b, a, c, &ms))
        goto out;
    json_object_set_new(r->meas, "kernel_ms", json_real(ms));
    compare(r, &b, a, c);
out:
    free(b.x);
    free(b.y);
    free(b.partial);
}
