/* Native probes against the fake libcuda (tests/fake-libcuda): every
 * failure path ends within its deadline, classified, with the CUDA error
 * name; a driver that computes nothing is caught by the CPU references.
 * Also the host-side binary16 helpers the references rely on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/hostmath.h"
#include "cuda/probe.h"
#include "util/json.h"

#define FAKE JG_BINARY_DIR "/tests/fake-libcuda/libcuda.so.1"

static json_t *probe_with(const char *id, const char *fault, double timeout)
{
    if (fault)
        setenv("JG_FAKE_CUDA", fault, 1);
    else
        unsetenv("JG_FAKE_CUDA");
    jg_cuda_opts o = {.timeout_s = timeout, .library = FAKE, .surgery_bytes = 4u << 20,
                      .surgery_layers = 4};
    json_t *r = jg_cuda_probe(id, &o);
    unsetenv("JG_FAKE_CUDA");
    assert_non_null(r);
    assert_string_equal(jg_json_str(r, "id"), id);
    assert_true(json_is_number(json_object_get(r, "duration_s")));
    return r;
}

static void assert_cuda_error(const json_t *r, const char *call, int code, const char *name)
{
    assert_string_equal(jg_json_str(r, "status"), "fail");
    assert_string_equal(jg_json_str(r, "cuda_error.call"), call);
    assert_int_equal(json_integer_value(jg_json_at(r, "cuda_error.code")), code);
    assert_string_equal(jg_json_str(r, "cuda_error.name"), name);
    assert_non_null(strstr(jg_json_str(r, "reason"), name));
    assert_string_equal(jg_json_str(r, "child.outcome"), "exited");
}

static void test_library_absent(void **state)
{
    (void)state;
    jg_cuda_opts o = {.library = JG_BINARY_DIR "/no-such-dir/libcuda.so.1"};
    json_t *r = jg_cuda_probe("driver", &o);
    assert_string_equal(jg_json_str(r, "status"), "fail");
    assert_non_null(strstr(jg_json_str(r, "reason"), "could not be loaded"));
    assert_true(json_is_null(json_object_get(r, "cuda_error")));
    assert_true(json_is_null(jg_json_at(r, "measurements.library_path")));
    json_decref(r);
}

static void test_stub_library(void **state)
{
    (void)state;
    json_t *r = probe_with("driver", "cuInit:34", 5);
    assert_cuda_error(r, "cuInit", 34, "CUDA_ERROR_STUB_LIBRARY");
    assert_true(json_is_true(jg_json_at(r, "measurements.stub")));
    assert_non_null(strstr(jg_json_str(r, "reason"), "stub"));
    json_decref(r);
}

static void test_init_codes(void **state)
{
    (void)state;
    static const struct {
        const char *fault;
        int code;
        const char *name;
    } cases[] = {
        {"cuInit:100", 100, "CUDA_ERROR_NO_DEVICE"},
        {"cuInit:35", 35, "CUDA_ERROR_INSUFFICIENT_DRIVER"},
        {"cuInit:804", 804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"},
        {"cuInit:999", 999, "CUDA_ERROR_UNKNOWN"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *r = probe_with("driver", cases[i].fault, 5);
        assert_cuda_error(r, "cuInit", cases[i].code, cases[i].name);
        assert_true(json_is_false(jg_json_at(r, "measurements.stub")));
        json_decref(r);
    }
}

static void assert_timeout_in(const char *id, const char *fault, const char *call)
{
    /* Under qemu-user (JG_EMULATOR), or where the time limits are scaled for a
     * slow or loaded machine (JG_TIMEOUT_SCALE > 1: a release build), the child
     * needs seconds to reach the call. */
    const char *emu = getenv("JG_EMULATOR");
    const char *scale = getenv("JG_TIMEOUT_SCALE");
    double deadline = (emu && *emu) || (scale && atoi(scale) > 1) ? 8.0 : 0.5;
    json_t *r = probe_with(id, fault, deadline);
    assert_string_equal(jg_json_str(r, "status"), "error");
    assert_string_equal(jg_json_str(r, "child.outcome"), "timeout");
    assert_non_null(strstr(jg_json_str(r, "reason"), call));
    double secs = json_number_value(json_object_get(r, "duration_s"));
    assert_true(secs >= deadline && secs < deadline + 2.5); /* + SIGTERM grace, with slack */
    json_decref(r);
}

static void test_hangs_time_out(void **state)
{
    (void)state;
    assert_timeout_in("driver", "cuInit:hang", "cuInit");
    assert_timeout_in("tensor_op", "cuLaunchKernel:hang", "cuLaunchKernel");
    assert_timeout_in("nf4", "cuCtxSynchronize:hang", "cuCtxSynchronize");
}

static void test_crash_exit_garbage(void **state)
{
    (void)state;
    json_t *r = probe_with("driver", "cuInit:crash", 5);
    assert_string_equal(jg_json_str(r, "status"), "error");
    assert_string_equal(jg_json_str(r, "child.outcome"), "signaled");
    assert_int_equal(json_integer_value(jg_json_at(r, "child.signal")), 11);
    assert_non_null(strstr(jg_json_str(r, "reason"), "cuInit"));
    json_decref(r);
    r = probe_with("driver", "cuInit:exit", 5);
    assert_string_equal(jg_json_str(r, "child.outcome"), "exited");
    assert_int_equal(json_integer_value(jg_json_at(r, "child.code")), 3);
    assert_string_equal(jg_json_str(r, "status"), "error");
    json_decref(r);
    r = probe_with("driver", "cuInit:chatter", 5); /* a talkative driver spoils nothing */
    assert_string_equal(jg_json_str(r, "status"), "pass");
    json_decref(r);
    r = probe_with("driver", "cuInit:garbage", 5);
    assert_string_equal(jg_json_str(r, "child.outcome"), "garbage");
    assert_string_equal(jg_json_str(r, "status"), "error");
    json_decref(r);
}

static void test_module_load_failures(void **state)
{
    (void)state;
    json_t *r = probe_with("tensor_op", "cuModuleLoadData:218", 5);
    assert_cuda_error(r, "cuModuleLoadData", 218, "CUDA_ERROR_INVALID_PTX");
    json_decref(r);
    r = probe_with("surgery", "cuModuleLoadData:209", 5);
    assert_cuda_error(r, "cuModuleLoadData", 209, "CUDA_ERROR_NO_BINARY_FOR_GPU");
    json_decref(r);
}

static void test_healthy_driver(void **state)
{
    (void)state;
    json_t *r = probe_with("driver", NULL, 5);
    assert_string_equal(jg_json_str(r, "status"), "pass");
    assert_int_equal(json_integer_value(jg_json_at(r, "measurements.driver_version")), 12060);
    json_t *dev = json_array_get(jg_json_at(r, "measurements.devices"), 0);
    assert_string_equal(jg_json_str(dev, "compute_capability"), "8.7");
    assert_true(json_is_true(json_object_get(dev, "integrated")));
    assert_null(json_object_get(dev, "uuid"));
    assert_int_equal(json_integer_value(json_object_get(dev, "free_bytes")), 6ll << 30);
    assert_string_equal(jg_json_str(r, "measurements.symbols.cuMemAlloc"),
                        "cuMemAlloc_v2 via dlsym");
    assert_string_equal(jg_json_str(r, "measurements.symbols.cuCtxCreate"),
                        "cuCtxCreate_v2 via dlsym");
    assert_non_null(strstr(jg_json_str(r, "measurements.library_path"), "libcuda.so.1"));
    json_decref(r);
}

/* Entry points the library does not export by their ABI name are resolved
 * through cuGetProcAddress_v2 with the base name and the pinned version. */
static void test_proc_address_fallback(void **state)
{
    (void)state;
    setenv("JG_FAKE_CUDA_COMPUTE", "1", 1);
    jg_cuda_opts o = {.library = JG_BINARY_DIR "/tests/fake-libcuda/proc/libcuda.so.1"};
    json_t *r = jg_cuda_probe("driver", &o);
    assert_string_equal(jg_json_str(r, "status"), "pass");
    assert_string_equal(jg_json_str(r, "measurements.symbols.cuMemAlloc"),
                        "cuMemAlloc@3020 via cuGetProcAddress_v2");
    assert_string_equal(jg_json_str(r, "measurements.symbols.cuCtxCreate"),
                        "cuCtxCreate@3020 via cuGetProcAddress_v2");
    assert_string_equal(jg_json_str(r, "measurements.symbols.cuMemFree"),
                        "cuMemFree_v2 via dlsym");
    json_decref(r);
    r = jg_cuda_probe("tensor_op", &o); /* allocates through the resolved pointer */
    unsetenv("JG_FAKE_CUDA_COMPUTE");
    assert_string_equal(jg_json_str(r, "status"), "pass");
    json_decref(r);
}

/* The fake runs no kernel: each reference check must notice. */
static void test_references_catch_a_lazy_driver(void **state)
{
    (void)state;
    json_t *r = probe_with("tensor_op", NULL, 10);
    assert_string_equal(jg_json_str(r, "status"), "fail");
    assert_true(json_integer_value(jg_json_at(r, "measurements.elementwise_mismatches")) > 0);
    json_decref(r);
    r = probe_with("nf4", NULL, 10);
    assert_string_equal(jg_json_str(r, "status"), "fail");
    assert_true(json_integer_value(jg_json_at(r, "measurements.mismatches")) > 0);
    json_decref(r);
    r = probe_with("surgery", NULL, 20);
    assert_string_equal(jg_json_str(r, "status"), "fail");
    assert_true(json_integer_value(jg_json_at(r, "measurements.copy.mismatches")) > 0);
    assert_int_equal(json_integer_value(jg_json_at(r, "measurements.copy.checked_elements")),
                     2 * 1024 * 1024);
    /* The fake is integrated: the mapped path ran too, and was checked too. */
    json_t *paths = jg_json_at(r, "measurements.paths");
    assert_int_equal(json_array_size(paths), 2);
    assert_string_equal(json_string_value(json_array_get(paths, 1)), "mapped");
    assert_true(json_integer_value(jg_json_at(r, "measurements.mapped.mismatches")) > 0);
    json_decref(r);
    setenv("JG_FAKE_CUDA_DISCRETE", "1", 1);
    r = probe_with("surgery", NULL, 20);
    unsetenv("JG_FAKE_CUDA_DISCRETE");
    assert_int_equal(json_array_size(jg_json_at(r, "measurements.paths")), 1);
    assert_null(jg_json_at(r, "measurements.mapped"));
    json_decref(r);
}

/* 30 s, times JG_TIMEOUT_SCALE where the time limits are scaled (the
 * emulated release suite: the fake's CPU surgery overran 30 s under qemu). */
static double compute_deadline(void)
{
    const char *scale = getenv("JG_TIMEOUT_SCALE");
    int k = scale ? atoi(scale) : 1;
    return 30.0 * (k > 1 ? k : 1);
}

/* The fake's CPU kernels do the right arithmetic: every probe must pass,
 * so the checks are not so tight that a correct GPU would fail them. */
static void test_correct_kernels_pass(void **state)
{
    (void)state;
    setenv("JG_FAKE_CUDA_COMPUTE", "1", 1);
    for (int i = 0; jg_cuda_probe_ids[i]; i++) {
        json_t *r = probe_with(jg_cuda_probe_ids[i], NULL, compute_deadline());
        if (strcmp(jg_json_str(r, "status"), "pass") != 0)
            fail_msg("%s: %s", jg_cuda_probe_ids[i], jg_json_str(r, "reason"));
        json_decref(r);
    }
    json_t *r = probe_with("surgery", NULL, compute_deadline());
    assert_int_equal(json_integer_value(jg_json_at(r, "measurements.copy.mismatches")), 0);
    assert_int_equal(json_integer_value(jg_json_at(r, "measurements.mapped.mismatches")), 0);
    assert_true(json_real_value(jg_json_at(r, "measurements.copy.max_error_over_bound")) <= 1.0);
    json_decref(r);
    /* fp16 rounding toward zero instead of to nearest: caught. */
    setenv("JG_FAKE_CUDA_COMPUTE", "trunc", 1);
    r = probe_with("surgery", NULL, compute_deadline());
    unsetenv("JG_FAKE_CUDA_COMPUTE");
    assert_string_equal(jg_json_str(r, "status"), "fail");
    assert_true(json_integer_value(jg_json_at(r, "measurements.copy.mismatches")) > 0);
    json_decref(r);
}

static void test_deadlines_and_unknown_id(void **state)
{
    (void)state;
    assert_true(jg_cuda_probe_deadline("driver", NULL) == 15);
    assert_true(jg_cuda_probe_deadline("tensor_op", NULL) == 60);
    assert_true(jg_cuda_probe_deadline("surgery", NULL) == 180);
    jg_cuda_opts o = {.timeout_s = 2.5};
    assert_true(jg_cuda_probe_deadline("nf4", &o) == 2.5);
    json_t *r = jg_cuda_probe("warp_drive", NULL);
    assert_string_equal(jg_json_str(r, "status"), "error");
    json_decref(r);
}

static void test_half_conversions(void **state)
{
    (void)state;
    for (uint32_t h = 0; h < 65536; h++) {
        float f = jg_half_to_float((uint16_t)h);
        if (f != f)
            continue; /* NaN payloads need not round-trip */
        assert_int_equal(jg_float_to_half(f), h);
    }
    assert_true(jg_half_to_float(0x3C00) == 1.0f);
    assert_true(jg_half_to_float(0x0001) == ldexpf(1.0f, -24));
    assert_int_equal(jg_float_to_half(1.0f + ldexpf(1.0f, -11)), 0x3C00); /* tie to even */
    assert_int_equal(jg_float_to_half(1.0f + 3 * ldexpf(1.0f, -11)), 0x3C02);
    assert_int_equal(jg_float_to_half(65520.0f), 0x7C00);
    assert_int_equal(jg_float_to_half(-ldexpf(1.0f, -25)), 0x8000);
    assert_true(jg_half_ulp(1.0) == ldexp(1.0, -10));
    assert_true(jg_half_ulp(0.75) == ldexp(1.0, -11));
    assert_true(jg_half_ulp(1e-6) == ldexp(1.0, -24));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_library_absent),
        cmocka_unit_test(test_stub_library),
        cmocka_unit_test(test_init_codes),
        cmocka_unit_test(test_hangs_time_out),
        cmocka_unit_test(test_crash_exit_garbage),
        cmocka_unit_test(test_module_load_failures),
        cmocka_unit_test(test_healthy_driver),
        cmocka_unit_test(test_proc_address_fallback),
        cmocka_unit_test(test_references_catch_a_lazy_driver),
        cmocka_unit_test(test_correct_kernels_pass),
        cmocka_unit_test(test_deadlines_and_unknown_id),
        cmocka_unit_test(test_half_conversions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
