/* The gate as pure functions: checks and verdict from JSON fixtures
 * (tests/data/gate/): an AGX Orin that passes, an x86 H200 host that must
 * not count as Jetson evidence, CPU-only torch, broken probes, tiers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "gate/gate.h"
#include "gate/gpu_class.h"
#include "policy/policy.h"
#include "util/json.h"

#define DATA JG_SOURCE_DIR "/tests/data/gate/"

static json_t *load(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, DATA "%s", name);
    jg_jerr err;
    json_t *j = jg_json_load(path, 1 << 20, &err);
    if (!j)
        fail_msg("%s", err.text);
    return j;
}

static const json_t *check(const json_t *checks, const char *id)
{
    size_t i;
    json_t *c;
    json_array_foreach(checks, i, c) {
        if (strcmp(json_string_value(json_object_get(c, "id")), id) == 0)
            return c;
    }
    fail_msg("no check %s", id);
    return NULL;
}

static const char *st(const json_t *checks, const char *id)
{
    return json_string_value(json_object_get(check(checks, id), "status"));
}

typedef struct run {
    json_t *facts, *native, *python, *policy, *checks, *verdict;
} run;

static void run_gate(run *r, const char *facts, const char *native, const char *python)
{
    r->facts = load(facts);
    r->native = native ? load(native) : NULL;
    r->python = python ? load(python) : NULL;
    r->policy = load("policy.json");
    jg_gate_in in = {.facts = r->facts, .native = r->native, .python = r->python,
                     .gate = jg_gate_find(r->policy, "jetson-runtime")};
    in.tier = jg_gate_tier_for(r->policy, r->facts);
    r->checks = jg_gate_checks(&in);
    r->verdict = jg_gate_verdict(r->checks, in.gate, in.tier);
}

static void run_free(run *r)
{
    json_decref(r->facts);
    json_decref(r->native);
    json_decref(r->python);
    json_decref(r->policy);
    json_decref(r->checks);
    json_decref(r->verdict);
}

static void every_id_once_in_order(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-orin.json", "native-orin.json", "python-orin.json");
    size_t n = 0;
    while (jg_gate_check_ids[n])
        n++;
    assert_int_equal(json_array_size(r.checks), n);
    for (size_t i = 0; i < n; i++) {
        json_t *c = json_array_get(r.checks, i);
        assert_string_equal(json_string_value(json_object_get(c, "id")), jg_gate_check_ids[i]);
        assert_non_null(json_object_get(c, "reason"));
        assert_true(json_is_boolean(json_object_get(c, "required")));
        assert_true(json_is_object(json_object_get(c, "measurements")));
    }
    run_free(&r);
}

static void orin_passes(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-orin.json", "native-orin.json", "python-orin.json");
    for (size_t i = 0; i < 15; i++)
        if (strcmp(jg_gate_check_ids[i], "torch.bnb_nf4") != 0)
            assert_string_equal(st(r.checks, jg_gate_check_ids[i]), "pass");
    assert_string_equal(st(r.checks, "torch.bnb_nf4"), "unsupported");
    assert_string_equal(st(r.checks, "project.device_auto"), "skip");
    assert_string_equal(json_string_value(json_object_get(check(r.checks, "project.tests"), "reason")),
                        "not configured");
    assert_string_equal(st(r.checks, "model.download"), "skip");
    assert_false(json_is_true(json_object_get(check(r.checks, "model.download"), "required")));
    assert_string_equal(jg_json_str(r.verdict, "status"), "passed");
    assert_int_equal(json_array_size(jg_json_at(r.verdict, "reasons")), 0);
    assert_int_equal(json_integer_value(jg_json_at(r.verdict, "counts.pass")), 14);
    assert_int_equal(json_integer_value(jg_json_at(r.verdict, "counts.unsupported")), 1);
    assert_int_equal(json_integer_value(jg_json_at(r.verdict, "counts.skip")), 3);
    assert_int_equal(json_integer_value(jg_json_at(r.verdict, "counts.total")), 18);
    run_free(&r);
}

static void unsupported_bnb_needs_a_tier_that_says_so(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-orin.json", "native-orin.json", "python-orin.json");
    const json_t *pgate = jg_gate_find(r.policy, "jetson-runtime");
    json_t *v = jg_gate_verdict(r.checks, pgate, NULL); /* no tier matched */
    assert_string_equal(jg_json_str(v, "status"), "failed");
    assert_non_null(strstr(json_string_value(json_array_get(json_object_get(v, "reasons"), 0)),
                           "torch.bnb_nf4"));
    json_decref(v);
    json_t *tier = json_pack("{s:s}", "bitsandbytes", "supported");
    v = jg_gate_verdict(r.checks, pgate, tier);
    assert_string_equal(jg_json_str(v, "status"), "failed");
    json_decref(v);
    json_decref(tier);
    /* A gate whose allow_unsupported list omits the check refuses it even on such a tier. */
    json_t *gate = json_deep_copy(jg_gate_find(r.policy, "jetson-runtime"));
    json_object_set_new(gate, "allow_unsupported", json_array());
    v = jg_gate_verdict(r.checks, gate, jg_gate_tier_for(r.policy, r.facts));
    assert_string_equal(jg_json_str(v, "status"), "failed");
    json_decref(v);
    json_decref(gate);
    run_free(&r);
}

/* Issue 10: a configured hook is required automatically; when it fails the
 * gate fails (run exits 1), whatever required_checks says. */
static void configured_hooks_are_required(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-orin.json", "native-orin.json", "python-orin.json");
    json_t *gate = json_deep_copy(jg_gate_find(r.policy, "jetson-runtime"));
    json_object_set_new(json_object_get(gate, "hooks"), "tests",
                        json_pack("{s:s}", "command", "pytest"));
    json_t *project = json_pack("[{s:s, s:s, s:s, s:f, s:{}}]", "id", "project.tests", "status",
                                "fail", "reason", "1 tests, 1 failures", "duration_s", 1.0,
                                "measurements");
    jg_gate_in in = {.facts = r.facts, .native = r.native, .python = r.python,
                     .project = project, .gate = gate,
                     .tier = jg_gate_tier_for(r.policy, r.facts)};
    json_t *checks = jg_gate_checks(&in);
    assert_true(json_is_true(json_object_get(check(checks, "project.tests"), "required")));
    assert_false(json_is_true(json_object_get(check(checks, "project.device_auto"), "required")));
    json_t *v = jg_gate_verdict(checks, gate, in.tier);
    assert_string_equal(jg_json_str(v, "status"), "failed");
    assert_non_null(strstr(json_string_value(json_array_get(json_object_get(v, "reasons"), 0)),
                           "required check project.tests: fail"));
    json_decref(v);
    json_decref(checks);
    json_decref(project);
    json_decref(gate);
    run_free(&r);
}

static void h200_is_not_jetson_evidence(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-x86.json", "native-h200.json", "python-h200.json");
    assert_string_equal(st(r.checks, "host.arm64"), "fail");
    assert_string_equal(st(r.checks, "host.jetson"), "fail");
    assert_string_equal(st(r.checks, "host.module"), "fail");
    assert_string_equal(st(r.checks, "native.libcuda"), "pass");
    assert_string_equal(st(r.checks, "native.device"), "fail");
    assert_string_equal(st(r.checks, "native.tensor_op"), "pass");
    assert_string_equal(st(r.checks, "torch.cuda_available"), "pass");
    assert_string_equal(st(r.checks, "torch.device_name"), "fail");
    assert_string_equal(st(r.checks, "torch.tensor_op"), "pass");
    assert_string_equal(jg_json_str(r.verdict, "status"), "not_run");
    json_t *reasons = jg_json_at(r.verdict, "reasons");
    assert_string_equal(json_string_value(json_array_get(reasons, 0)), "not an ARM64 host");
    assert_string_equal(json_string_value(json_array_get(reasons, 1)), "not a Jetson");
    assert_int_equal(json_array_size(reasons), 2);
    run_free(&r);
}

static void cpu_torch_is_a_missing_prerequisite(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-orin.json", "native-orin.json", "python-cpu.json");
    assert_string_equal(st(r.checks, "torch.import"), "pass");
    assert_string_equal(st(r.checks, "torch.cuda_build"), "fail");
    assert_non_null(strstr(json_string_value(json_object_get(check(r.checks, "torch.cuda_build"),
                                                             "reason")), "CPU-only"));
    assert_string_equal(st(r.checks, "torch.device_name"), "skip");
    assert_string_equal(jg_json_str(r.verdict, "status"), "not_run");
    assert_string_equal(json_string_value(json_array_get(jg_json_at(r.verdict, "reasons"), 0)),
                        "no CUDA torch");
    run_free(&r);
}

static void probes_absent_or_broken(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-orin.json", NULL, NULL);
    assert_string_equal(st(r.checks, "native.libcuda"), "error");
    assert_string_equal(st(r.checks, "native.device"), "fail");
    assert_string_equal(st(r.checks, "native.surgery"), "error");
    assert_string_equal(st(r.checks, "torch.import"), "error");
    assert_string_equal(st(r.checks, "torch.surgery"), "skip");
    assert_string_equal(jg_json_str(r.verdict, "status"), "not_run");
    run_free(&r);

    /* A native surgery failure on an otherwise good Orin fails the gate. */
    run_gate(&r, "facts-orin.json", "native-orin.json", "python-orin.json");
    json_t *native = json_deep_copy(r.native);
    json_t *surg = json_array_get(native, 2);
    json_object_set_new(surg, "status", json_string("fail"));
    json_object_set_new(surg, "reason", json_string("max error 0.5 exceeds 1e-3"));
    jg_gate_in in = {.facts = r.facts, .native = native, .python = r.python,
                     .gate = jg_gate_find(r.policy, "jetson-runtime"),
                     .tier = jg_gate_tier_for(r.policy, r.facts)};
    json_t *checks = jg_gate_checks(&in);
    json_t *v = jg_gate_verdict(checks, in.gate, in.tier);
    assert_string_equal(jg_json_str(v, "status"), "failed");
    assert_string_equal(json_string_value(json_array_get(json_object_get(v, "reasons"), 0)),
                        "required check native.surgery: fail: max error 0.5 exceeds 1e-3");
    json_decref(v);
    json_decref(checks);
    json_decref(native);
    run_free(&r);
}

static void no_required_checks_never_passes(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-orin.json", "native-orin.json", "python-orin.json");
    json_t *gate = json_pack("{s:s, s:[]}", "id", "empty", "required_checks");
    jg_gate_in in = {.facts = r.facts, .native = r.native, .python = r.python, .gate = gate};
    json_t *checks = jg_gate_checks(&in);
    json_t *v = jg_gate_verdict(checks, gate, NULL);
    assert_string_equal(jg_json_str(v, "status"), "failed");
    json_decref(v);
    json_decref(checks);
    json_decref(gate);
    run_free(&r);
}

static void required_skip_is_not_a_pass(void **state)
{
    (void)state;
    run r;
    run_gate(&r, "facts-orin.json", "native-orin.json", "python-orin.json");
    json_t *gate = json_pack("{s:s, s:[s,s]}", "id", "g", "required_checks", "host.arm64",
                             "project.tests");
    jg_gate_in in = {.facts = r.facts, .native = r.native, .python = r.python, .gate = gate};
    json_t *checks = jg_gate_checks(&in);
    json_t *v = jg_gate_verdict(checks, gate, NULL);
    assert_string_equal(jg_json_str(v, "status"), "failed");
    assert_non_null(strstr(json_string_value(json_array_get(json_object_get(v, "reasons"), 0)),
                           "project.tests: skip: not configured"));
    json_decref(v);
    json_decref(checks);
    json_decref(gate);
    run_free(&r);
}

static void embedded_default_policy(void **state)
{
    (void)state;
    jg_jerr err;
    json_t *policy = jg_policy_load(NULL, &err);
    assert_non_null(policy);
    json_t *facts = load("facts-orin.json"), *native = load("native-orin.json");
    json_t *py = load("python-orin.json");
    jg_gate_in in = {.facts = facts, .native = native, .python = py,
                     .gate = jg_gate_find(policy, "jetson-runtime"),
                     .tier = jg_gate_tier_for(policy, facts)};
    assert_non_null(in.gate);
    assert_non_null(in.tier);
    json_t *checks = jg_gate_checks(&in);
    json_t *v = jg_gate_verdict(checks, in.gate, in.tier);
    assert_string_equal(jg_json_str(v, "status"), "passed");
    json_decref(v);
    json_decref(checks);
    json_decref(py);
    json_decref(native);
    json_decref(facts);
    json_decref(policy);
}

static void gpu_class_and_tiers(void **state)
{
    (void)state;
    json_t *facts = load("facts-orin.json");
    char why[512];
    assert_true(jg_gpu_class_match(facts, "Orin", 1, "8.7", why, sizeof why));
    assert_false(jg_gpu_class_match(facts, "Orin", 0, "8.7", why, sizeof why));
    assert_non_null(strstr(why, "discrete"));
    assert_false(jg_gpu_class_match(facts, "Orin", 1, "7.2", why, sizeof why));
    assert_false(jg_gpu_class_match(facts, "Xavier", 1, "8.7", why, sizeof why));
    assert_false(jg_gpu_class_match(facts, "Orinoco", 1, "8.7", why, sizeof why));
    assert_string_equal(jg_gpu_name_for_soc("tegra264"), "NVIDIA Thor");
    assert_null(jg_gpu_name_for_soc("tegra124"));
    json_t *policy = load("policy.json");
    assert_non_null(jg_gate_tier_for(policy, facts));
    json_t *x86 = load("facts-x86.json");
    assert_null(jg_gate_tier_for(policy, x86));
    assert_false(jg_gpu_class_match(x86, "Orin", 1, "8.7", why, sizeof why));
    assert_non_null(strstr(why, "not identified"));
    json_object_set_new(json_object_get(json_object_get(facts, "module"), "memory_class"), "value",
                        json_string("32 GB"));
    assert_null(jg_gate_tier_for(policy, facts));
    json_decref(x86);
    json_decref(policy);
    json_decref(facts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_id_once_in_order),
        cmocka_unit_test(orin_passes),
        cmocka_unit_test(unsupported_bnb_needs_a_tier_that_says_so),
        cmocka_unit_test(configured_hooks_are_required),
        cmocka_unit_test(h200_is_not_jetson_evidence),
        cmocka_unit_test(cpu_torch_is_a_missing_prerequisite),
        cmocka_unit_test(probes_absent_or_broken),
        cmocka_unit_test(no_required_checks_never_passes),
        cmocka_unit_test(required_skip_is_not_a_pass),
        cmocka_unit_test(embedded_default_policy),
        cmocka_unit_test(gpu_class_and_tiers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
