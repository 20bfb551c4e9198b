/* A probe's structured CUDA error (code, name, call) travels from the probe
 * result into the gate check's measurements, and from an evidence record into
 * the doctor's observed CUDA errors (issue 13: it used to be dropped). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "doctor/diagnose.h"
#include "doctor/report.h"
#include "doctor/engine/view.h"
#include "gate/check.h"
#include "gate/gate.h"
#include "schema/probe.h"
#include "util/json.h"

static void step_error_reaches_check(void **state)
{
    (void)state;
    json_t *step = json_pack("{s:s, s:s, s:f, s:{s:i, s:s, s:s}}", "status", "fail", "reason",
                             "cuModuleLoadData failed", "duration_s", 0.5, "cuda_error", "code", 222,
                             "name", "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "call", "cuModuleLoadData");
    json_t *c = jg_check_from_step("native.tensor_op", step, "did not run");
    assert_int_equal(json_integer_value(jg_json_at(c, "measurements.cuda_error.code")), 222);
    assert_string_equal(jg_json_str(c, "measurements.cuda_error.call"), "cuModuleLoadData");
    json_decref(c);
    json_object_del(step, "cuda_error");
    c = jg_check_from_step("native.tensor_op", step, "did not run");
    assert_null(jg_json_at(c, "measurements.cuda_error"));
    json_decref(c);
    json_decref(step);
}

/* The structure's accessors (schema/probe.h): what the gate, JUnit and the
 * doctor read. A null or code-less error is no error. */
static void probe_error_accessors(void **state)
{
    (void)state;
    json_t *e = jg_cuda_error_new("cuInit", 100, "CUDA_ERROR_NO_DEVICE", NULL);
    assert_int_equal(jg_cuda_error_code(e), 100);
    assert_null(json_object_get(e, "text"));
    char buf[128];
    assert_string_equal(jg_cuda_error_text(e, buf, sizeof buf), "CUDA_ERROR_NO_DEVICE (100) in cuInit");
    json_t *drv = json_pack("{s:s, s:s, s:s, s:o, s:{s:i}}", "id", "driver", "status", "fail",
                            "reason", "cuInit failed", "cuda_error", e, "measurements",
                            "driver_version", 12060);
    assert_ptr_equal(jg_probe_cuda_error(drv), e);
    json_t *no = json_pack("{s:s, s:n}", "id", "driver", "cuda_error");
    assert_null(jg_probe_cuda_error(no));
    assert_int_equal(jg_cuda_error_code(json_object_get(no, "cuda_error")), -1);
    assert_string_equal(jg_cuda_error_text(NULL, buf, sizeof buf), "");
    /* native.libcuda carries the driver probe's error, as JUnit and evidence read it */
    json_t *native = json_pack("[O]", drv);
    json_t *checks = json_array();
    jg_gate_native_checks(NULL, native, checks);
    const json_t *lib = json_array_get(checks, 0);
    assert_string_equal(jg_json_str(lib, "id"), "native.libcuda");
    assert_int_equal(jg_cuda_error_code(jg_check_cuda_error(lib)), 100);
    /* and the doctor finds it in the facts' driver probe through the same accessor */
    json_t *facts = json_pack("{s:O}", "cuda_driver", drv);
    jg_view v;
    jg_view_init(&v, facts);
    assert_ptr_equal(jg_view_cuda_error(&v, 100), e);
    assert_null(jg_view_cuda_error(&v, 35));
    json_decref(facts);
    json_decref(checks);
    json_decref(native);
    json_decref(no);
    json_decref(drv);
}

static void evidence_error_reaches_rules(void **state)
{
    (void)state;
    json_t *st = json_pack("{s:{s:{s:s}, s:[{s:s, s:s, s:{s:{s:i, s:s, s:s}}}]}}", "predicate",
                           "platform", "arch", "aarch64", "checks", "id", "native.tensor_op",
                           "status", "fail", "measurements", "cuda_error", "code", 222, "name",
                           "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "call", "cuModuleLoadData");
    json_t *facts = jg_facts_from_evidence(st);
    const json_t *e = json_array_get(jg_json_at(facts, "observed.cuda_errors"), 0);
    assert_int_equal(json_integer_value(json_object_get(e, "code")), 222);
    assert_string_equal(jg_json_str(e, "call"), "cuModuleLoadData");
    json_t *d = jg_diagnose(facts, "evidence");
    assert_string_equal(jg_json_str(json_array_get(json_object_get(d, "findings"), 0), "id"),
                        "cuda-driver.ptx-newer-than-driver");
    json_decref(d);
    json_decref(facts);
    json_decref(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(step_error_reaches_check),
        cmocka_unit_test(probe_error_accessors),
        cmocka_unit_test(evidence_error_reaches_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
