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
                           "errors=\"0\" failures=\"1\" skipped=\"2\" tests=\"4\">"
                           "<testcase name=\"a\"/><testcase name=\"b\"><failure/></testcase>"
                           "<testcase name=\"c\"><skipped/></testcase><testcase name=\"d\">"
                           "<skipped type=\"pytest.xfail\"/></testcase></testsuite></testsuites>",
                           &k, err), 0);
    assert_int_equal(k.tests, 4);
    assert_int_equal(k.failures, 1);
    assert_int_equal(k.skipped, 2);
    assert_int_equal(k.errors, 0);
    assert_false(jg_junit_green(&k));
    /* Two suites are summed; a nested suite is not counted twice; outer attributes ignored. */
    assert_int_equal(count("<testsuites tests=\"99\"><testsuite tests=\"3\" errors=\"1\">"
                           "<testsuite tests=\"3\"><testcase/><testcase><error/></testcase>"
                           "<testcase/></testsuite></testsuite><testsuite tests=\"4\">"
                           "<testcase/><testcase/><testcase/><testcase/></testsuite>"
                           "</testsuites>", &k, err), 0);
    assert_int_equal(k.tests, 7);
    assert_int_equal(k.errors, 1);
    assert_int_equal(k.suites, 2);
    /* Only <testsuites> with counts, and the testcases to back them. */
    assert_int_equal(count("<testsuites tests=\"2\" failures=\"0\"><testcase/><testcase/>"
                           "</testsuites>", &k, err), 0);
    assert_int_equal(k.tests, 2);
    /* No attributes at all: the testcases alone decide. */
    assert_int_equal(count("<testsuite><testcase/><testcase><skipped/></testcase></testsuite>",
                           &k, err), 0);
    assert_int_equal(k.tests, 2);
    assert_int_equal(k.skipped, 1);
    assert_false(jg_junit_green(&k));
    /* Malformed XML and non-numeric counts are errors with a position. */
    assert_int_equal(count("<testsuite tests=\"3\">", &k, err), -1);
    assert_non_null(strstr(err, "line 1"));
    assert_int_equal(count("<testsuite tests=\"-3\"/>", &k, err), -1);
    assert_non_null(strstr(err, "not a count"));
    assert_int_equal(count("", &k, err), -1);
}

/* Issue 10: a <testcase> holding <failure> inside a suite without a
 * failures= attribute (or with failures="0") is never green. */
static void testcases_and_suite_agree(void **state)
{
    (void)state;
    jg_junit_counts k;
    char err[300];
    assert_int_equal(count("<testsuite tests=\"1\"><testcase name=\"t\"><failure message=\"x\"/>"
                           "</testcase></testsuite>", &k, err), -1);
    assert_non_null(strstr(err, "contradicts itself"));
    assert_int_equal(count("<testsuite tests=\"2\" failures=\"0\"><testcase/><testcase>"
                           "<error/></testcase></testsuite>", &k, err), -1);
    /* A suite that claims tests it does not list. */
    assert_int_equal(count("<testsuite tests=\"5\" failures=\"0\"/>", &k, err), -1);
    /* Without suite attributes the failing testcase counts. */
    assert_int_equal(count("<testsuite><testcase><failure/></testcase></testsuite>", &k, err), 0);
    assert_int_equal(k.failures, 1);
    assert_false(jg_junit_green(&k));
    assert_int_equal(count("<testsuite tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">"
                           "<testcase/></testsuite>", &k, err), 0);
    assert_true(jg_junit_green(&k));
}

/* #15 row 13a: DOCTYPE and entity declarations are refused before any
 * expansion, whatever expat's own defences. */
static void doctype_refused(void **state)
{
    (void)state;
    jg_junit_counts k;
    char err[300];
    const char *laughs =
        "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
        "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]>"
        "<testsuite tests=\"1\"><testcase name=\"&lol3;\"/></testsuite>";
    assert_int_equal(count(laughs, &k, err), -1);
    assert_non_null(strstr(err, "DOCTYPE"));
    assert_int_equal(count("<!DOCTYPE testsuite SYSTEM \"junit.dtd\"><testsuite/>", &k, err), -1);
    assert_non_null(strstr(err, "DOCTYPE"));
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

/* A check carrying a probe's CUDA error names it in the failure message:
 * name, code and the call that returned it, taken from the probe result. */
static void renders_cuda_error(void **state)
{
    (void)state;
    json_t *probe = json_pack("{s:s, s:s, s:s, s:f, s:{}, s:{s:s, s:i, s:s}}", "id", "tensor_op",
                              "status", "fail", "reason", "launch failed", "duration_s", 0.5,
                              "measurements", "cuda_error", "call", "cuLaunchKernel", "code", 209,
                              "name", "CUDA_ERROR_NO_BINARY_FOR_GPU");
    json_t *checks = json_pack("[o, o]", jg_check_from_step("native.tensor_op", probe, "not run"),
                               jg_check("native.nf4", "fail", 0, NULL, "no CUDA error"));
    char *xml = jg_junit_render("jetson-runtime", checks);
    static const char *const want[] = {
        "<failure message=\"launch failed [CUDA_ERROR_NO_BINARY_FOR_GPU (209) in cuLaunchKernel]\"/>",
        "<failure message=\"no CUDA error\"/>"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!xml || !strstr(xml, want[i]))
            fail_msg("JUnit lacks %s", want[i]);
    free(xml);
    json_decref(checks);
    json_decref(probe);
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
    jg_hooks_opts o = {.timeout_s = 10, .python = "/usr/bin/python3-for-hooks",
                       .evidence_dir = "/tmp/ev-for-hooks", .root = "/tmp"};
    json_t *r = jg_gate_run_hooks(gate, &o);
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
                                "skipped=\"0\"><testcase/><testcase/><testcase/></testsuite>' "
                                "> \"$JETGATE_JUNIT\"");
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

    r = hooks_with("echo cpu", "printf '<testsuite tests=\"2\" skipped=\"1\"><testcase/>"
                               "<testcase><skipped/></testcase></testsuite>' > \"$JETGATE_JUNIT\"");
    assert_string_equal(st(r, 0), "fail");
    assert_string_equal(st(r, 1), "fail");
    json_decref(r);

    r = hooks_with("echo cuda; exit 3", "true");
    assert_string_equal(st(r, 0), "fail"); /* a failing command resolves nothing */
    assert_string_equal(st(r, 1), "fail"); /* no report written */
    assert_non_null(strstr(json_string_value(json_object_get(json_array_get(r, 1), "reason")),
                           "no JUnit report"));
    json_decref(r);

    r = hooks_with("echo cuda", "printf '<testsuite tests=\"1\"><testcase/></testsuite>' > "
                                "\"$JETGATE_JUNIT\"; echo 'No module named pytest' >&2; exit 1");
    assert_string_equal(st(r, 1), "fail"); /* good counts, failing command */
    /* The hook's stderr is kept in the check, so the failure says why. */
    assert_non_null(strstr(jg_json_str(json_array_get(r, 1), "measurements.stderr_tail"),
                           "No module named pytest"));
    json_decref(r);

    /* The hook contract: interpreter, evidence directory, project root, JUnit path. */
    r = hooks_with("[ \"$JETGATE_PYTHON\" = /usr/bin/python3-for-hooks ] && "
                   "[ \"$JETGATE_EVIDENCE_DIR\" = /tmp/ev-for-hooks ] && [ \"$(pwd)\" = /tmp ] && "
                   "[ -z \"$JETGATE_JUNIT\" ] && echo cuda:0",
                   "case \"$JETGATE_JUNIT\" in /tmp/jetgate-junit-*/junit.xml) "
                   "printf '<testsuite><testcase/></testsuite>' > \"$JETGATE_JUNIT\";; esac");
    assert_string_equal(st(r, 0), "pass");
    assert_string_equal(st(r, 1), "pass");
    json_decref(r);

    /* Only the last 2 KiB of a long output is kept, and as valid text. */
    r = hooks_with("i=0; while [ $i -lt 400 ]; do echo line-$i-padding-padding; i=$((i+1)); done; "
                   "printf '\\377\\n'; echo cuda", "true");
    const char *tail = jg_json_str(json_array_get(r, 0), "measurements.stdout_tail");
    assert_int_equal(strlen(tail), JG_HOOK_TAIL_BYTES);
    assert_non_null(strstr(tail, "?\ncuda\n"));
    assert_null(strstr(tail, "line-0-"));
    json_decref(r);

    /* Scrubbed before the cut (issue #28 defect 6): a tail that starts inside
     * a URL keeps no piece of its password. */
    static const char url[] = "401 for https://ci-bot:jgPW6666@pypi.example/simple/\n";
    char text[4096];
    memset(text, 'x', sizeof text);
    memcpy(text + 100, url, sizeof url - 1);
    size_t len = sizeof text, from = 100 + (size_t)(strstr(url, "bot:") - url);
    json_t *t = jg_hook_tail(text, len, len - from);
    assert_null(strstr(json_string_value(t), "PW6666"));
    assert_non_null(strstr(json_string_value(t), "@pypi.example/simple/"));
    json_decref(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_pytest_reports),
        cmocka_unit_test(testcases_and_suite_agree),
        cmocka_unit_test(doctype_refused),
        cmocka_unit_test(renders_checks),
        cmocka_unit_test(renders_cuda_error),
        cmocka_unit_test(device_auto_output),
        cmocka_unit_test(hooks_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
