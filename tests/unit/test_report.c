/* Report pieces: the scrubber that guards issue bodies, and the tier status
 * that reports take from the claim logic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "evidence/read.h"
#include "policy/policy.h"
#include "report/report.h"
#include "util/scrub.h"

static void expect_scrub(const char *in, const char *want)
{
    char *got = jg_scrub_issue(in);
    assert_non_null(got);
    if (strcmp(got, want) != 0)
        fail_msg("scrub('%s') = '%s', want '%s'", in ? in : "(null)", got, want);
    free(got);
}

static void test_scrub(void **state)
{
    (void)state;
    expect_scrub("from /home/alice/.venv/lib", "from [home]/.venv/lib");
    expect_scrub("/Users/bob and /root/x and /rootfs", "[home] and [home]/x and /rootfs");
    expect_scrub("peer 10.0.0.12:22 down", "peer [address]:22 down");
    expect_scrub("mac 00:1B:44:11:3A:B7.", "mac [id].");
    expect_scrub("id 123e4567-e89b-12d3-a456-426614174000", "id [id]");
    expect_scrub("v6 fe80::1ff:fe23:4567:890a ok", "v6 [id] ok");
    expect_scrub("mail a.b+c@example.org now", "mail [email] now");
    /* Versions and check ids survive: three groups are no address. */
    expect_scrub("L4T 36.4.3, torch 2.5.0a0+872d972e41.nv24.08, p3701-0005, host.arm64",
                 "L4T 36.4.3, torch 2.5.0a0+872d972e41.nv24.08, p3701-0005, host.arm64");
    expect_scrub("a|b `c`\nd", "a\\|b \\`c\\` d");
    expect_scrub(NULL, "unknown");
    expect_scrub("", "");
    /* Worst case growth stays inside the buffer (ASan checks this). */
    char big[4096];
    memset(big, '|', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    char *s = jg_scrub_issue(big);
    assert_int_equal(strlen(s), 2 * (sizeof big - 1));
    free(s);
    expect_scrub("/root", "[home]");
}

static void test_status_follows_claim(void **state)
{
    (void)state;
    jg_jerr err = {{0}};
    json_t *policy = jg_policy_load(NULL, &err);
    json_t *good = jg_evidence_read(JG_SOURCE_DIR "/tests/data/claims/good-orin.json", &err);
    json_t *failed = jg_evidence_read(JG_SOURCE_DIR "/tests/data/claims/failed-orin.json", &err);
    assert_non_null(policy);
    assert_non_null(good);
    assert_non_null(failed);
    const json_t *docs[2] = {failed, good};
    struct jg_report_in in = {policy, "p", docs, 2, NULL, "github.com/example/project", 0, NULL};
    assert_true(jg_evidence_parse_time("2026-12-02T12:00:00Z", &in.now));
    /* The embedded default runs no project check: never claimed, and says how to fix it. */
    struct jg_tier_status st;
    jg_report_tier_status(&in, jg_policy_tier(policy, "target"), &st);
    assert_false(st.claimed);
    assert_non_null(strstr(st.why, "jetgate init"));
    json_t *hooks = jg_json_at(json_array_get(json_object_get(policy, "gates"), 0), "hooks");
    json_object_set_new(hooks, "device_auto", json_pack("{s:s}", "command", "true"));
    json_object_set_new(hooks, "tests", json_pack("{s:s}", "command", "true"));
    jg_report_tier_status(&in, jg_policy_tier(policy, "target"), &st);
    assert_true(st.claimed);
    assert_string_equal(st.commit, "3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345");
    in.n = 1; /* only the failed record */
    jg_report_tier_status(&in, jg_policy_tier(policy, "target"), &st);
    assert_false(st.claimed);
    assert_non_null(strstr(st.why, "gate status is failed"));
    jg_report_tier_status(&in, jg_policy_tier(policy, "evaluate"), &st);
    assert_non_null(strstr(st.why, "not one exact release"));
    /* A waiver in force: not claimed, whatever the evidence, and the report says so. */
    in.n = 2;
    json_object_set_new(policy, "waivers",
                        json_pack("[{s:s, s:s, s:s, s:s, s:s, s:s}]", "gate", "jetson-runtime",
                                  "tier", "target", "reason", "runner in repair", "issue",
                                  "https://github.com/example/project/issues/7", "opened",
                                  "2026-11-25", "expires", "2026-12-20"));
    jg_report_tier_status(&in, jg_policy_tier(policy, "target"), &st);
    assert_false(st.claimed);
    assert_true(st.waived);
    assert_non_null(strstr(st.why, "not claimed (waived until 2026-12-20, issue "
                                   "https://github.com/example/project/issues/7)"));
    json_decref(policy);
    json_decref(good);
    json_decref(failed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scrub),
        cmocka_unit_test(test_status_follows_claim),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
