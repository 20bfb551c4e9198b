/* The policy loader: the embedded default is the plan's matrix, lookups and
 * tier matching work over it, and every kind of bad policy is refused with a
 * message that names the file and the place. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/discover.h"
#include "policy/policy.h"

static json_t *embedded(void)
{
    jg_jerr err = {{0}};
    json_t *p = jg_policy_load(NULL, &err);
    if (!p)
        fail_msg("embedded policy: %s", err.text);
    return p;
}

static void test_embedded_default_is_the_plan(void **state)
{
    (void)state;
    json_t *p = embedded();
    assert_int_equal(jg_policy_max_age_days(p), 30);
    assert_int_equal(jg_policy_retention_days(p), 30);
    const json_t *t = jg_policy_tier(p, "target");
    assert_non_null(t);
    assert_string_equal(jg_json_str(t, "software.l4t"), "36.4.3");
    assert_string_equal(jg_json_str(t, "software.jetpack"), "6.2");
    assert_string_equal(jg_json_str(t, "hardware.soc"), "tegra234");
    assert_string_equal(jg_json_str(t, "bitsandbytes"), "unsupported");
    assert_non_null(strstr(jg_json_str(t, "pytorch.pin"), "jp/v61/pytorch/torch-2.5.0a0+872d972e41"
                                                          ".nv24.08.17622132-cp310"));
    const json_t *parts = jg_json_at(t, "hardware.module_parts");
    assert_int_equal(json_array_size(parts), 1);
    assert_string_equal(json_string_value(json_array_get(parts, 0)), "p3701-0005");
    assert_string_equal(jg_json_str(jg_policy_tier(p, "evaluate"), "hardware.soc"), "tegra264");
    assert_string_equal(jg_json_str(jg_policy_tier(p, "legacy"), "software.l4t"), "35.x");
    assert_null(jg_policy_tier(p, "nope"));
    const json_t *g = jg_policy_gate(p, "jetson-runtime");
    assert_non_null(g);
    assert_int_equal(json_array_size(json_object_get(g, "runner_labels")), 4);
    assert_non_null(jg_policy_gate(p, "model-download"));
    assert_null(jg_policy_gate(p, "x64-cuda"));
    json_decref(p);
}

static void test_version_patterns(void **state)
{
    (void)state;
    assert_true(jg_version_matches("36.4.3", "36.4.3"));
    assert_false(jg_version_matches("36.4.3", "36.4.4"));
    assert_false(jg_version_matches("36.4.3", "36.4.30"));
    assert_true(jg_version_matches("5.1.x", "5.1.3"));
    assert_false(jg_version_matches("5.1.x", "5.10.1"));
    assert_false(jg_version_matches("5.1.x", "5.1"));
    assert_true(jg_version_matches("38+", "39.2.0"));
    assert_false(jg_version_matches("38+", "36.4.3"));
    assert_false(jg_version_matches("7.x", NULL));
    assert_false(jg_version_matches("7.x", "7.x"));
    assert_true(jg_version_is_exact("6.2"));
    assert_false(jg_version_is_exact("7.x"));
    assert_false(jg_version_is_exact("6."));
    assert_false(jg_version_pattern_ok("latest"));
    assert_false(jg_version_pattern_ok("3.8+"));
}

static json_t *orin_platform(void)
{
    /* Every field the target tier names, as a JetPack 6.2 AGX Orin 64 GB records them. */
    return json_pack("{s:s, s:b, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "arch",
                     "aarch64", "is_jetson", 1, "module_part", "p3701-0005", "soc", "tegra234",
                     "compute_capability", "8.7", "l4t", "36.4.3", "jetpack", "6.2",
                     "memory_class", "64 GB", "os", "Ubuntu 22.04.5 LTS", "cuda_toolkit",
                     "12.6.68", "gpu_name", "Orin", "torch", "2.5.0a0+872d972e41.nv24.08",
                     "torch_cuda", "12.6");
}

static void count_code(void *ctx, const char *code, const char *text)
{
    (void)text;
    if (strcmp(code, "arch_not_aarch64") == 0)
        ++*(int *)ctx;
}

struct hit {
    const char *code;
    int seen;
};

static void find_code(void *ctx, const char *code, const char *text)
{
    (void)text;
    struct hit *h = ctx;
    h->seen += strcmp(code, h->code) == 0;
}

static void test_tier_for_platform(void **state)
{
    (void)state;
    json_t *p = embedded();
    json_t *plat = orin_platform();
    assert_ptr_equal(jg_policy_tier_for_platform(p, plat), jg_policy_tier(p, "target"));
    json_object_set_new(plat, "l4t", json_string("36.4.4"));
    assert_null(jg_policy_tier_for_platform(p, plat));
    json_decref(plat);

    /* Thor: the tier pins no torch, so only its hardware can match. */
    json_t *thor = json_pack("{s:s, s:b, s:s, s:s, s:s, s:s, s:s, s:s}", "arch", "aarch64",
                             "is_jetson", 1, "module_part", "p3834-0008", "soc", "tegra264",
                             "compute_capability", "11.0", "l4t", "38.2.0", "jetpack", "7.0",
                             "memory_class", "128 GB");
    assert_ptr_equal(jg_policy_tier_for_hardware(p, thor), jg_policy_tier(p, "evaluate"));
    json_decref(thor);
    /* Each field the tier names is compared: one wrong value, one named mismatch. */
    static const char *const edits[][3] = {
        {"memory_class", "32 GB", "memory_class_mismatch"},
        {"os", "Ubuntu 20.04.6 LTS", "ubuntu_mismatch"},
        {"cuda_toolkit", "11.4.315", "cuda_mismatch"},
        {"gpu_name", "NVIDIA H200", "gpu_name_contradicts"},
        {"torch", "2.5.0+cpu", "torch_pin_mismatch"},
        {"torch", "2.8.0a0+5228986c39.nv25.06", "torch_pin_mismatch"},
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        json_t *bad = orin_platform();
        json_object_set_new(bad, edits[i][0], json_string(edits[i][1]));
        struct hit h = {edits[i][2], 0};
        assert_int_equal(jg_tier_match_platform(jg_policy_tier(p, "target"), bad, find_code, &h),
                         1);
        assert_int_equal(h.seen, 1);
        assert_null(jg_policy_tier_for_platform(p, bad));
        /* Hardware alone still names the tier (the gate judges bitsandbytes by it). */
        if (strcmp(edits[i][0], "memory_class") != 0)
            assert_non_null(jg_policy_tier_for_hardware(p, bad));
        json_decref(bad);
    }
    json_t *nocuda = orin_platform();
    json_object_set_new(nocuda, "torch_cuda", json_null());
    struct hit h = {"torch_not_cuda", 0};
    assert_int_equal(jg_tier_match_platform(jg_policy_tier(p, "target"), nocuda, find_code, &h), 1);
    assert_int_equal(h.seen, 1);
    json_decref(nocuda);
    json_t *r35 = orin_platform();
    json_object_set_new(r35, "raw", json_pack("{s:s}", "nv_tegra_release",
                                              "# R35 (release), REVISION: 4.1, GCID: 1, BOARD: "
                                              "generic, EABI: aarch64, DATE: x"));
    h = (struct hit){"l4t_release_line_contradicts", 0};
    assert_int_equal(jg_tier_match_platform(jg_policy_tier(p, "target"), r35, find_code, &h), 1);
    assert_int_equal(h.seen, 1);
    json_decref(r35);
    /* An Orin recorded on L4T 38.4.0 (JetPack 7.1, Thor only per the facts table): besides
     * the L4T and JetPack the tier names, the release does not support the SoC. */
    json_t *r38 = orin_platform();
    json_object_set_new(r38, "l4t", json_string("38.4.0"));
    h = (struct hit){"l4t_not_for_soc", 0};
    jg_tier_match_platform(jg_policy_tier(p, "target"), r38, find_code, &h);
    assert_int_equal(h.seen, 1);
    json_object_set_new(r38, "l4t", json_string("39.2.0")); /* JetPack 7.2 runs Orin */
    h = (struct hit){"l4t_not_for_soc", 0};
    jg_tier_match_platform(jg_policy_tier(p, "target"), r38, find_code, &h);
    assert_int_equal(h.seen, 0);
    json_decref(r38);

    json_t *x86 = orin_platform();
    json_object_set_new(x86, "arch", json_string("x86_64"));
    assert_null(jg_policy_tier_for_platform(p, x86));
    int n = 0;
    assert_int_equal(jg_tier_match_platform(jg_policy_tier(p, "target"), x86, count_code, &n), 1);
    assert_int_equal(n, 1);
    json_decref(x86);
    /* Not an object at all: every field mismatches, nothing crashes. */
    assert_int_equal(jg_tier_match_platform(jg_policy_tier(p, "target"), NULL, NULL, NULL), 13);
    json_decref(p);
}

/* torchvision pinned beside torch: the record must name that build. */
static void test_torchvision_pin(void **state)
{
    (void)state;
    json_t *p = embedded();
    json_t *pt = json_object_get((json_t *)jg_policy_tier(p, "target"), "pytorch");
    json_object_set_new(pt, "torchvision", json_pack("{s:s}", "version", "0.20.0a0+afc54f7"));
    static const char *const got[] = {NULL, "0.21.0", "0.20.0a0+afc54f7"};
    for (size_t i = 0; i < 3; i++) {
        json_t *plat = orin_platform();
        if (got[i])
            json_object_set_new(plat, "torchvision", json_string(got[i]));
        struct hit h = {"torchvision_pin_mismatch", 0};
        int misses = jg_tier_match_platform(jg_policy_tier(p, "target"), plat, find_code, &h);
        assert_int_equal(h.seen, i < 2);
        assert_int_equal(misses, i < 2);
        json_decref(plat);
    }
    json_decref(p);
}

/* Parse the embedded default with one textual substitution applied. */
static json_t *edited(const char *from, const char *to, jg_jerr *err)
{
    json_t *p = embedded();
    char *text = jg_json_string(p);
    json_decref(p);
    char *at = strstr(text, from);
    if (!at)
        fail_msg("fixture text '%s' not in the canonical default", from);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    json_t *doc = jg_policy_parse(out, strlen(out), "p.json", err);
    free(text);
    free(out);
    return doc;
}

static void expect_error(const char *from, const char *to, const char *want)
{
    jg_jerr err = {{0}};
    json_t *doc = edited(from, to, &err);
    if (doc)
        fail_msg("accepted an edit %s -> %s", from, to);
    if (!strstr(err.text, want))
        fail_msg("error '%s' lacks '%s'", err.text, want);
}

static void test_bad_policies_name_the_place(void **state)
{
    (void)state;
    expect_error("\"schema_version\": 1", "\"schema_version\": 2",
                 "p.json: schema_version: unsupported major 2");
    expect_error("\"schema_version\": 1", "\"schema_version\": \"1\"",
                 "p.json: schema_version: expected an integer");
    expect_error("\"soc\": \"tegra234\"", "\"soc\": 234",
                 "p.json: tiers[0].hardware.soc: expected a string");
    expect_error("\"max_age_days\": 30", "\"max_age_days\": 0",
                 "p.json: policy.evidence.max_age_days: 0 days is out of range");
    expect_error("\"level\": \"target\"", "\"level\": \"gold\"",
                 "tiers[0].level: unknown value \"gold\"");
    expect_error("\"l4t\": \"36.4.3\"", "\"l4t\": \"latest\"",
                 "tiers[0].software.l4t: \"latest\" is not a version pattern");
    expect_error("\"kind\": \"wheel\"", "\"kind\": \"conda\"", "tiers[0].pytorch.kind");
    /* Ids become file names, command-line words and action outputs (issue #28 defect 3). */
    expect_error("\"id\": \"target\"", "\"id\": \"target\\nexit-code=0\"",
                 "tiers[0].id: 'target\nexit-code=0' is not an id");
    expect_error("\"id\": \"target\"", "\"id\": \"tar get\"", "tiers[0].id: 'tar get' is not an id");
    expect_error("\"id\": \"target\"", "\"id\": \"../target\"", "is not an id");
    expect_error("\"id\": \"jetson-runtime\"", "\"id\": \"-x\"", "gates[0].id: '-x' is not an id");
    expect_error("\"host.arm64\"", "\"host.arm65\"",
                 "gates[0].required_checks[0]: unknown check id \"host.arm65\"");
    expect_error("\"id\": \"evaluate\"", "\"id\": \"target\"", "tiers[1]: duplicate id \"target\"");
    expect_error("\"waivers\": []", "\"waivers\": [{\"gate\": \"jetson-runtime\"}]",
                 "waivers[0].reason: missing");
    expect_error("\"waivers\": []",
                 "\"waivers\": [{\"gate\": \"g\", \"reason\": \"r\", \"issue\": \"http://x\","
                 " \"opened\": \"2026-11-01\", \"expires\": \"2026-11-20\"}]",
                 "waivers[0].issue: expected the project's issue URL");
    expect_error("\"waivers\": []",
                 "\"waivers\": [{\"gate\": \"g\", \"reason\": \"r\", \"issue\": "
                 "\"https://github.com/o/n/pull/3\", \"opened\": \"2026-11-01\", "
                 "\"expires\": \"2026-11-20\"}]",
                 "waivers[0].issue: expected the project's issue URL");
    expect_error("\"waivers\": []",
                 "\"waivers\": [{\"gate\": \"jetson-runtime\", \"reason\": \"r\", \"issue\": "
                 "\"https://github.com/o/n/issues/3\", \"opened\": \"2026-11-31\", "
                 "\"expires\": \"2026-12-20\"}]",
                 "waivers[0].opened: expected a date YYYY-MM-DD");
    expect_error("\"sha256\": null", "\"sha256\": \"ABC\"",
                 "tiers[0].pytorch.sha256: expected 64 lowercase hex digits or null");
    expect_error("\"sha256\": null", "\"digest\": null",
                 "tiers[0].pytorch.digest: a wheel pin carries \"sha256\", not \"digest\"");
    expect_error("\"waivers\": []",
                 "\"waivers\": [{\"gate\": \"g\", \"reason\": \"r\", \"issue\": "
                 "\"https://github.com/o/n/issues/3\", \"opened\": \"2026-13-01\", \"expires\": \"2026-11-20\"}]",
                 "waivers[0].opened: expected a date YYYY-MM-DD");
    /* Untrusted triggers load (lint reports them; claims refuse such events). */
    jg_jerr ok = {{0}};
    json_t *pr = edited("\"triggers\": [\n        \"workflow_dispatch\"",
                        "\"triggers\": [\n        \"pull_request\"", &ok);
    assert_non_null(pr);
    json_decref(pr);
    expect_error("\"waivers\": []",
                 "\"waivers\": [{\"gate\": \"jetson-runtime\", \"tier\": \"orin\", \"reason\": \"r\","
                 " \"issue\": \"https://github.com/o/n/issues/1\", \"opened\": \"2026-11-01\", \"expires\": \"2026-11-20\"}]",
                 "waivers[0].tier: no tier \"orin\" in the policy");
    /* A tests hook needs no "junit" (the run hands it a temporary $JETGATE_JUNIT). */
    json_t *nojunit = edited("\"tests\": null", "\"tests\": {\"command\": \"pytest\"}", &ok);
    assert_non_null(nojunit);
    json_decref(nojunit);
    expect_error("\"allow_unsupported\"", "\"project_checks_opt_out\": \"\", \"allow_unsupported\"",
                 "gates[0].project_checks_opt_out: must not be empty");
    expect_error("\"sha256\": null",
                 "\"sha256\": null, \"fallback\": {\"kind\": \"wheel\", \"pin\": \"x\"}",
                 "tiers[0].pytorch.fallback: only a container pin has a fallback");
    /* Syntax: duplicate keys and truncation carry line and column. */
    expect_error("\"schema_version\": 1", "\"schema_version\": 1, \"schema_version\": 1",
                 "duplicate object key");
    jg_jerr err = {{0}};
    assert_null(jg_policy_parse("{\"schema_version\": 1, \"evid", 27, "t.json", &err));
    assert_non_null(strstr(err.text, "t.json:1:"));
    assert_null(jg_policy_parse("[1]", 3, "a.json", &err));
    assert_non_null(strstr(err.text, "a.json: policy: expected a JSON object"));
}

static void test_missing_file(void **state)
{
    (void)state;
    jg_jerr err = {{0}};
    assert_null(jg_policy_load("/nonexistent/policy.json", &err));
    assert_non_null(strstr(err.text, "/nonexistent/policy.json: No such file"));
}

/* Issue #28 defect 4: only the user's own files and root's are trusted. */
static void test_owner_trusted(void **state)
{
    (void)state;
    assert_true(jg_owner_trusted(1000, 1000));
    assert_true(jg_owner_trusted(0, 1000));
    assert_false(jg_owner_trusted(1001, 1000));
    assert_false(jg_owner_trusted(1000, 0)); /* root does not run another user's policy */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_default_is_the_plan),
        cmocka_unit_test(test_version_patterns),
        cmocka_unit_test(test_tier_for_platform),
        cmocka_unit_test(test_torchvision_pin),
        cmocka_unit_test(test_bad_policies_name_the_place),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_owner_trusted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
