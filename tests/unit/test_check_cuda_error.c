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
#include "gate/check.h"
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
        cmocka_unit_test(evidence_error_reaches_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
