/* The claim decision as a pure function: time parsing, tier blockers, and
 * monotonicity (taking any field away from a record can only deny). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence/read.h"
#include "policy/claim.h"
#include "policy/policy.h"
#include "policy/repo.h"

#define SHA "3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345"
#define REPO "github.com/example/project"
static json_t *policy;      /* the default policy with both project hooks configured */
static json_t *bare_policy; /* the embedded default as shipped: no hooks */
static json_t *good;
static time_t now;

static int setup(void **state)
{
    (void)state;
    jg_jerr err = {{0}};
    policy = jg_policy_load(NULL, &err);
    bare_policy = jg_policy_load(NULL, &err);
    json_t *hooks = jg_json_at(json_array_get(json_object_get(policy, "gates"), 0), "hooks");
    json_object_set_new(hooks, "device_auto", json_pack("{s:s}", "command", "python -m proj.device"));
    json_object_set_new(hooks, "tests", json_pack("{s:s}", "command", "pytest --junitxml=$JETGATE_JUNIT"));
    good = jg_evidence_read(JG_SOURCE_DIR "/tests/data/claims/good-orin.json", &err);
    if (!policy || !good)
        fail_msg("%s", err.text);
    assert_true(jg_evidence_parse_time("2026-12-02T12:00:00Z", &now));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    json_decref(policy);
    json_decref(bare_policy);
    json_decref(good);
    return 0;
}

static bool accepted(const json_t *doc, const char *tier)
{
    const char *name = "e.json";
    json_t *d = jg_claim_decide(policy, tier, SHA, REPO, now, &doc, &name, 1);
    assert_non_null(d);
    bool ok = json_is_true(jg_json_at(json_array_get(json_object_get(d, "evidence"), 0),
                                      "accepted"));
    /* The record-level verdict and the whole decision agree for a claimable tier. */
    if (strcmp(tier, "target") == 0)
        assert_int_equal(ok, json_is_true(json_object_get(d, "claimable")));
    json_decref(d);
    return ok;
}

static void test_times(void **state)
{
    (void)state;
    time_t a, b;
    assert_true(jg_evidence_parse_time("2026-12-02T10:00:00Z", &a));
    assert_true(jg_evidence_parse_time("2026-12-02T12:30:00.250+02:30", &b));
    assert_int_equal((long)(b - a), 0);
    assert_true(jg_evidence_parse_time("1970-01-01T00:00:00Z", &a));
    assert_int_equal((long)a, 0);
    const char *bad[] = {"2026-12-02", "2026-12-02T10:00:00", "2026-13-02T10:00:00Z",
                         "2026-12-02 10:00:00Z", "+026-12-02T10:00:00Z", "2026-12-02T10:00:00Zjunk",
                         "2026-12-02T10:00:00.Z", "2026-12-02T10:00:00+0200", "", NULL};
    for (size_t i = 0; bad[i]; i++)
        if (jg_evidence_parse_time(bad[i], &a))
            fail_msg("accepted time '%s'", bad[i]);
    assert_false(jg_evidence_parse_time(NULL, &a));
    assert_true(jg_evidence_parse_date("2026-11-20", &a));
    assert_false(jg_evidence_parse_date("2026-11-20T00", &a));
    assert_false(jg_evidence_parse_date("26-11-20", &a));
}

static void test_commit_and_blockers(void **state)
{
    (void)state;
    assert_true(jg_claim_commit_ok(SHA));
    assert_false(jg_claim_commit_ok("3F2C1A9B7D4E5F60718293A4B5C6D7E8F9012345"));
    assert_false(jg_claim_commit_ok("3f2c1a9"));
    assert_false(jg_claim_commit_ok(NULL));
    const json_t *gate = jg_policy_gate(policy, JG_CLAIM_GATE);
    json_t *b = jg_claim_blockers(policy, gate, jg_policy_tier(policy, "target"), REPO, now);
    assert_int_equal(json_array_size(b), 0);
    json_decref(b);
    b = jg_claim_blockers(policy, gate, jg_policy_tier(policy, "evaluate"), REPO, now);
    assert_int_equal(json_array_size(b), 2);
    assert_string_equal(jg_json_str(json_array_get(b, 0), "code"), "tier_jetpack_not_exact");
    assert_string_equal(jg_json_str(json_array_get(b, 1), "code"), "tier_pytorch_not_pinned");
    json_decref(b);
    /* The embedded default configures no project check: it never claims. */
    b = jg_claim_blockers(bare_policy, jg_policy_gate(bare_policy, JG_CLAIM_GATE),
                          jg_policy_tier(bare_policy, "target"), REPO, now);
    assert_int_equal(json_array_size(b), 1);
    assert_string_equal(jg_json_str(json_array_get(b, 0), "code"), "project_checks_not_configured");
    assert_non_null(strstr(jg_json_str(json_array_get(b, 0), "text"), "jetgate init"));
    json_decref(b);
    assert_null(jg_claim_decide(policy, "nope", SHA, REPO, now, NULL, NULL, 0));
    /* A pin the JetPack's channel does not serve (facts/tables.h): PyPI's CUDA build on
     * JetPack 6.2 is never its torch. */
    json_t *edited = json_deep_copy(policy);
    json_t *target = (json_t *)jg_policy_tier(edited, "target");
    json_object_set_new(json_object_get(target, "pytorch"), "torch", json_string("2.11.0+cu130"));
    b = jg_claim_blockers(edited, jg_policy_gate(edited, JG_CLAIM_GATE), target, REPO, now);
    assert_int_equal(json_array_size(b), 1);
    assert_string_equal(jg_json_str(json_array_get(b, 0), "code"), "tier_pytorch_not_jetpacks_build");
    assert_non_null(strstr(jg_json_str(json_array_get(b, 0), "text"), "NVIDIA's build"));
    json_decref(b);
    json_decref(edited);
}

static void test_no_evidence_is_no_claim(void **state)
{
    (void)state;
    json_t *d = jg_claim_decide(policy, "target", SHA, REPO, now, NULL, NULL, 0);
    assert_false(json_is_true(json_object_get(d, "claimable")));
    json_decref(d);
    assert_true(accepted(good, "target"));
    /* Good Orin evidence never backs a tier it does not match. */
    assert_false(accepted(good, "evaluate"));
    assert_false(accepted(good, "legacy"));
}

/* Delete each field of doc in turn (recursively) and call fn on the result. */
static void each_deletion(json_t *root, json_t *node, const char *path,
                          void (*fn)(json_t *root, const char *path))
{
    if (json_is_object(node)) {
        /* Snapshot the keys: re-inserting a key moves it to the end of
         * jansson's iteration order, so iterating live would never end. */
        size_t n = json_object_size(node), i = 0;
        const char **keys = calloc(n, sizeof *keys);
        const char *key;
        json_t *v;
        json_object_foreach(node, key, v) keys[i++] = key;
        for (i = 0; i < n; i++) {
            char k[128], p[256];
            snprintf(k, sizeof k, "%s", keys[i]);
            if (snprintf(p, sizeof p, "%s.%s", path, k) >= (int)sizeof p)
                fail_msg("path too long: %s", path);
            v = json_incref(json_object_get(node, k));
            json_object_del(node, k);
            fn(root, p);
            json_object_set_new(node, k, v);
            each_deletion(root, v, p, fn);
        }
        free(keys);
    } else if (json_is_array(node)) {
        for (size_t i = 0; i < json_array_size(node); i++) {
            char p[256];
            if (snprintf(p, sizeof p, "%s[%zu]", path, i) >= (int)sizeof p)
                fail_msg("path too long: %s", path);
            each_deletion(root, json_array_get(node, i), p, fn);
        }
    }
}

static void must_deny(json_t *root, const char *path)
{
    if (accepted(root, "target"))
        fail_msg("deleting %s turned a refusal into an acceptance", path);
}

static int decisive_seen;
/* Fields whose loss must deny a good record. */
static void count_denials(json_t *root, const char *path)
{
    static const char *const decisive[] = {
        "$.subject",        "$.predicate.gate",       "$.predicate.status",
        "$.predicate.commit", "$.predicate.run",      "$.predicate.finished_at",
        "$.predicate.platform", "$.predicate.checks", "$.predicate.counts",
        "$.predicate.platform.arch", "$.predicate.platform.is_jetson",
        "$.predicate.platform.l4t", "$.predicate.platform.jetpack",
        "$.predicate.platform.module_part", "$.predicate.platform.soc",
        "$.predicate.platform.compute_capability", "$.predicate.commit.dirty",
        "$.predicate.run.event", "$.predicate.run.runner_labels",
        "$.predicate.started_at", "$.predicate.commit.source", "$.predicate.commit.repository",
        "$.predicate.platform.os", "$.predicate.platform.cuda_toolkit",
        "$.predicate.platform.memory_class", "$.predicate.platform.torch",
        "$.predicate.platform.torch_cuda", "$.predicate.platform.gpu_name", NULL};
    for (size_t i = 0; decisive[i]; i++)
        if (strcmp(decisive[i], path) == 0) {
            if (accepted(root, "target"))
                fail_msg("deleting %s left the record accepted", path);
            decisive_seen++;
        }
}

static void test_monotonic(void **state)
{
    (void)state;
    json_t *g = json_deep_copy(good);
    each_deletion(g, g, "$", count_denials);
    assert_int_equal(decisive_seen, 28);
    json_decref(g);
    /* Refused records stay refused whatever is taken away. */
    const char *edits[][2] = {{"predicate.status", "failed"},
                              {"predicate.platform.arch", "x86_64"},
                              {"predicate.run.event", "pull_request"},
                              {"predicate.gate", "model-download"},
                              {"predicate.finished_at", "2026-10-01T00:00:00Z"}};
    for (size_t e = 0; e < sizeof edits / sizeof edits[0]; e++) {
        json_t *bad = json_deep_copy(good);
        char parent[64];
        const char *dot = strrchr(edits[e][0], '.');
        snprintf(parent, sizeof parent, "%.*s", (int)(dot - edits[e][0]), edits[e][0]);
        json_object_set_new(jg_json_at(bad, parent), dot + 1, json_string(edits[e][1]));
        assert_false(accepted(bad, "target"));
        each_deletion(bad, bad, "$", must_deny);
        json_decref(bad);
    }
}

static void test_repository_identity(void **state)
{
    (void)state;
    char r[JG_REPO_MAX];
    static const char *const same[] = {
        "https://github.com/Example/Project.git", "https://ci-bot:PW@github.com/example/project",
        "git@github.com:example/project.git", "ssh://git@github.com:22/example/project.git",
        "https://github.com/example/project/", "example/project", NULL};
    for (size_t i = 0; same[i]; i++) {
        if (!jg_repo_normalize(same[i], NULL, r, sizeof r))
            fail_msg("'%s' not recognised", same[i]);
        assert_string_equal(r, REPO);
    }
    assert_true(jg_repo_normalize("example/project", "https://ghe.example.org", r, sizeof r));
    assert_string_equal(r, "ghe.example.org/example/project");
    static const char *const bad[] = {"", "not a repo", "https://github.com/onlyowner",
                                      "https://github.com/o/n/extra", "file:///tmp/x", NULL};
    for (size_t i = 0; bad[i]; i++)
        if (jg_repo_normalize(bad[i], NULL, r, sizeof r))
            fail_msg("'%s' accepted as a repository (%s)", bad[i], r);
    assert_true(jg_repo_of_issue("https://github.com/Example/Project/issues/7", r, sizeof r));
    assert_string_equal(r, REPO);
    static const char *const bad_issue[] = {
        "http://github.com/o/n/issues/7", "https://github.com/o/n/pull/7",
        "https://github.com/o/n/issues/07", "https://github.com/o/n/issues/7#x",
        "https://u@github.com/o/n/issues/7", "https://github.com/o/n/issues/", NULL};
    for (size_t i = 0; bad_issue[i]; i++)
        if (jg_repo_of_issue(bad_issue[i], r, sizeof r))
            fail_msg("'%s' accepted as an issue URL", bad_issue[i]);
}

/* Calendar dates: timegm would turn November 31 into December 1. */
static void test_impossible_dates(void **state)
{
    (void)state;
    time_t t;
    assert_false(jg_evidence_parse_time("2026-11-31T10:00:00Z", &t));
    assert_false(jg_evidence_parse_time("2026-02-29T10:00:00Z", &t));
    assert_true(jg_evidence_parse_time("2028-02-29T10:00:00Z", &t));
    assert_false(jg_evidence_parse_time("2100-02-29T10:00:00Z", &t));
    assert_true(jg_evidence_parse_time("2000-02-29T10:00:00Z", &t));
    assert_false(jg_evidence_parse_date("2026-04-31", &t));
}

/* Streaming (judge, then finish) decides as the all-at-once form does. */
static void test_stream_equals_batch(void **state)
{
    (void)state;
    jg_claim_ctx c;
    assert_int_equal(jg_claim_ctx_init(&c, policy, "target", SHA, REPO, now), 0);
    json_t *files = json_array();
    json_array_append_new(files, jg_claim_judge(&c, good, "e.json"));
    json_t *a = jg_claim_finish(&c, files);
    const char *name = "e.json";
    const json_t *docs[1] = {good};
    json_t *b = jg_claim_decide(policy, "target", SHA, REPO, now, docs, &name, 1);
    assert_true(json_equal(a, b));
    assert_true(json_is_true(json_object_get(a, "claimable")));
    json_decref(a);
    json_decref(b);
    assert_int_equal(jg_claim_ctx_init(&c, policy, "none", SHA, REPO, now), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_times),
        cmocka_unit_test(test_commit_and_blockers),
        cmocka_unit_test(test_no_evidence_is_no_claim),
        cmocka_unit_test(test_monotonic),
        cmocka_unit_test(test_repository_identity),
        cmocka_unit_test(test_impossible_dates),
        cmocka_unit_test(test_stream_equals_batch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
