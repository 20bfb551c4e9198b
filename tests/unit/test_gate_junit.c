/* JUnit in (pytest reports counted with expat) and out (the gate's checks),
 * and the project hooks that produce project.device_auto / project.tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "gate/check.h"
#include "gate/hooks.h"
#include "gate/junit.h"
#include "util/json.h"

static int count(const char *xml, jg_junit_counts *k, char *err)
{
    return jg_junit_count(xml, strlen(xml), k, err, 300);
}

static void counts_pytest_reports(void **state)
{
    (void)state;
    jg_junit_counts k;
    char err[300];
    /* pytest's default: <testsuites> wrapping one <testsuite> with the counts. */
    assert_int_equal(count("<?xml version=\"1.0\"?><testsuites><testsuite name=\"pytest\" "
                           "errors=\"0\" failures=\"1\" skipped=\"2\" tests=\"7\">"
                           "<testcase name=\"a\"/></testsuite></testsuites>", &k, err), 0);
    assert_int_equal(k.tests, 7);
    assert_int_equal(k.failures, 1);
    assert_int_equal(k.skipped, 2);
    assert_int_equal(k.errors, 0);
    /* Two suites are summed; a nested suite is not counted twice; outer attributes ignored. */
    assert_int_equal(count("<testsuites tests=\"99\"><testsuite tests=\"3\" errors=\"1\">"
                           "<testsuite tests=\"3\"/></testsuite><testsuite tests=\"4\"/>"
                           "</testsuites>", &k, err), 0);
    assert_int_equal(k.tests, 7);
    assert_int_equal(k.errors, 1);
    assert_int_equal(k.suites, 2);
    /* Only <testsuites> with counts. */
    assert_int_equal(count("<testsuites tests=\"5\" failures=\"0\"/>", &k, err), 0);
    assert_int_equal(k.tests, 5);
    /* Malformed XML and non-numeric counts are errors with a position. */
    assert_int_equal(count("<testsuite tests=\"3\">", &k, err), -1);
    assert_non_null(strstr(err, "line 1"));
    assert_int_equal(count("<testsuite tests=\"-3\"/>", &k, err), -1);
    assert_non_null(strstr(err, "not a count"));
    assert_int_equal(count("", &k, err), -1);
}

static void renders_checks(void **state)
{
    (void)state;
    json_t *checks = json_array();
    json_array_append_new(checks, jg_check("host.arm64", "pass", 0.01, NULL, "aarch64"));
    json_array_append_new(checks, jg_check("native.device", "fail", 0, NULL,
                                           "device 'A<B>&\"C' is not <Orin>"));
    json_array_append_new(checks, jg_check("torch.import", "error", 0, NULL, "boom\x01"));
    json_array_append_new(checks, jg_check("project.tests", "skip", 0, NULL, "not configured"));
    json_array_append_new(checks, jg_check("torch.bnb_nf4", "unsupported", 0, NULL, "absent"));
    char *xml = jg_junit_render("jetson-runtime", checks);
    assert_non_null(xml);
    assert_non_null(strstr(xml, "<failure message=\"device &apos;A&lt;B&gt;&amp;&quot;C&apos; "
                                "is not &lt;Orin&gt;\"/>"));
    assert_non_null(strstr(xml, "<error message=\"boom\"/>"));
    assert_non_null(strstr(xml, "<skipped message=\"not configured\"/>"));
    assert_non_null(strstr(xml, "<skipped message=\"unsupported: absent\"/>"));
    jg_junit_counts k;
    char err[300];
    assert_int_equal(count(xml, &k, err), 0); /* what we write, we can read */
    assert_int_equal(k.tests, 5);
    assert_int_equal(k.failures, 1);
    assert_int_equal(k.errors, 1);
    assert_int_equal(k.skipped, 2);
    free(xml);
    json_decref(checks);
}

static void device_auto_output(void **state)
{
    (void)state;
    char got[64];
    assert_true(jg_device_auto_is_cuda("loading...\ncuda\n", got, sizeof got));
    assert_true(jg_device_auto_is_cuda("  cuda:0  \n\n", got, sizeof got));
    assert_false(jg_device_auto_is_cuda("cuda\ncpu\n", got, sizeof got));
    assert_string_equal(got, "cpu");
    assert_false(jg_device_auto_is_cuda("cuda:x", got, sizeof got));
    assert_false(jg_device_auto_is_cuda("", got, sizeof got));
    assert_false(jg_device_auto_is_cuda(NULL, got, sizeof got));
}

static json_t *hooks_with(const char *device_auto, const char *tests)
{
    json_t *gate = json_pack("{s:s, s:{s:o, s:o}}", "id", "g", "hooks", "device_auto",
                             device_auto ? json_pack("{s:s}", "command", device_auto) : json_null(),
                             "tests", tests ? json_pack("{s:s}", "command", tests) : json_null());
    json_t *r = jg_gate_run_hooks(gate, 10);
    json_decref(gate);
    return r;
}

static const char *st(json_t *r, size_t i)
{
    return json_string_value(json_object_get(json_array_get(r, i), "status"));
}

static void hooks_run(void **state)
{
    (void)state;
    json_t *r = hooks_with(NULL, NULL);
    assert_string_equal(st(r, 0), "skip");
    assert_string_equal(st(r, 1), "skip");
    json_decref(r);

    setenv("HF_TOKEN", "hf_canary", 1);
    r = hooks_with("echo cuda", "printf '<testsuite tests=\"3\" failures=\"0\" errors=\"0\" "
                                "skipped=\"0\"/>' > \"$JETGATE_JUNIT\"");
    assert_string_equal(st(r, 0), "pass");
    assert_string_equal(st(r, 1), "pass");
    assert_int_equal(json_integer_value(jg_json_at(json_array_get(r, 1), "measurements.tests")), 3);
    json_decref(r);

    /* The hooks see neither HF_TOKEN nor network permission. */
    r = hooks_with("[ -z \"$HF_TOKEN\" ] && [ \"$HF_HUB_OFFLINE\" = 1 ] && echo cuda || echo cpu",
                   "printf '<testsuite tests=\"0\"/>' > \"$JETGATE_JUNIT\"");
    assert_string_equal(st(r, 0), "pass");
    assert_string_equal(st(r, 1), "fail"); /* zero tests is not a pass */
    json_decref(r);
    unsetenv("HF_TOKEN");

    r = hooks_with("echo cpu", "printf '<testsuite tests=\"4\" skipped=\"1\"/>' > \"$JETGATE_JUNIT\"");
    assert_string_equal(st(r, 0), "fail");
    assert_string_equal(st(r, 1), "fail");
    json_decref(r);

    r = hooks_with("echo cuda; exit 3", "true");
    assert_string_equal(st(r, 0), "fail"); /* a failing command resolves nothing */
    assert_string_equal(st(r, 1), "fail"); /* no report written */
    assert_non_null(strstr(json_string_value(json_object_get(json_array_get(r, 1), "reason")),
                           "no JUnit report"));
    json_decref(r);

    r = hooks_with("echo cuda", "printf '<testsuite tests=\"3\"/>' > \"$JETGATE_JUNIT\"; exit 1");
    assert_string_equal(st(r, 1), "fail"); /* good counts, failing command */
    json_decref(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_pytest_reports),
        cmocka_unit_test(renders_checks),
        cmocka_unit_test(device_auto_output),
        cmocka_unit_test(hooks_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
