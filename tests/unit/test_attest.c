/* Signed evidence in a claim (policy/attest.h) as pure functions: the
 * signer workflow's one normal form, and the judge over verification
 * results where fields are missing, of the wrong type or point elsewhere:
 * each can only deny, never crash or accept. (tests/cli/claim_attest.sh
 * runs the same through `jetgate claim` with gh's recorded format.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "evidence/read.h"
#include "policy/attest.h"
#include "policy/claim.h"
#include "policy/policy.h"
#include "util/json.h"

#define SHA "3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345"
#define REPO "github.com/example/project"
#define DIGEST "b5f3bde7014c5f21cf342a6c20d584da12bddc5ee8bb4439fadc04e708058a06"

static void signer_normal_form(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out; /* out NULL: refused */
    } rows[] = {
        {"example/jetgate/.github/workflows/jetson-gate.yml",
         "github.com/example/jetgate/.github/workflows/jetson-gate.yml"},
        {"https://GitHub.com/Example/JetGate/.github/workflows/jetson-gate.yml",
         "github.com/example/jetgate/.github/workflows/jetson-gate.yml"},
        {"ghe.example.org/o/n/.github/workflows/Gate.yml", "ghe.example.org/o/n/.github/workflows/Gate.yml"},
        {"jetson-gate.yml", NULL},
        {"example/.github/workflows/jetson-gate.yml", NULL},
        {"a/b/c/d/.github/workflows/x.yml", NULL},
        {"example/jetgate/.github/workflows/", NULL},
        {"example/jetgate/.github/workflows/x.yml@main", NULL},
        {"exa mple/jetgate/.github/workflows/x.yml", NULL},
        {NULL, NULL},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char out[256];
        bool ok = jg_attest_signer_normalize(rows[i].in, out, sizeof out);
        if (ok != (rows[i].out != NULL) || (ok && strcmp(out, rows[i].out) != 0))
            fail_msg("%s: got %s", rows[i].in ? rows[i].in : "(null)", ok ? out : "refused");
    }
    char tiny[16];
    assert_false(jg_attest_signer_normalize("example/jetgate/.github/workflows/jetson-gate.yml",
                                            tiny, sizeof tiny));
}

/* The verdict's reason codes for one set of results, as "code code ...". */
static void judge(const json_t *results, char *codes, size_t n, bool *accepted)
{
    jg_jerr err = {{0}};
    json_t *policy = jg_policy_load(NULL, &err);
    json_t *good = jg_evidence_read(JG_SOURCE_DIR "/tests/data/claims/good-orin.json", &err);
    assert_non_null(policy);
    assert_non_null(good);
    json_object_set_new(policy, "attestation",
                        json_pack("{s:s}", "signer_workflow",
                                  "example/jetgate/.github/workflows/jetson-gate.yml"));
    jg_claim_ctx c;
    assert_int_equal(jg_claim_ctx_init(&c, policy, "target", SHA, REPO, 0), 0);
    json_t *v = json_pack("{s:s, s:b, s:[], s:[]}", "file", "e.json", "accepted", 1, "reasons",
                          "notes");
    jg_attest_judge(&c, v, good, DIGEST, results);
    *accepted = json_is_true(json_object_get(v, "accepted"));
    codes[0] = '\0';
    const json_t *r;
    size_t i;
    json_array_foreach(json_object_get(v, "reasons"), i, r) {
        size_t len = strlen(codes);
        snprintf(codes + len, n - len, "%s%s", len ? " " : "",
                 json_string_value(json_object_get(r, "code")));
    }
    json_decref(v);
    json_decref(good);
    json_decref(policy);
}

static void malformed_results_deny(void **state)
{
    (void)state;
    char codes[512];
    bool ok;
    /* About the file, but nothing else: every binding fails, each said. */
    json_t *bare = json_pack("[{s:{s:{s:[{s:{s:s}}]}}}]", "verificationResult", "statement",
                             "subject", "digest", "sha256", DIGEST);
    judge(bare, codes, sizeof codes, &ok);
    assert_false(ok);
    assert_string_equal(codes, "attestation_predicate_type attestation_signer_mismatch "
                               "attestation_repository_mismatch attestation_commit_mismatch "
                               "attestation_run_mismatch");
    json_decref(bare);
    /* Wrong types where strings belong: not about the file at all. */
    json_t *typed = json_pack("[{s:{s:{s:[{s:{s:i}}]}}}]", "verificationResult", "statement",
                              "subject", "digest", "sha256", 7);
    judge(typed, codes, sizeof codes, &ok);
    assert_false(ok);
    assert_string_equal(codes, "attestation_digest_mismatch");
    json_decref(typed);
    /* Upper-case hex is the same digest. */
    char upper[65];
    for (size_t i = 0; i < 64; i++)
        upper[i] = (char)(DIGEST[i] >= 'a' ? DIGEST[i] - 32 : DIGEST[i]);
    upper[64] = '\0';
    json_t *up = json_pack("[{s:{s:{s:[{s:{s:s}}]}}}]", "verificationResult", "statement",
                           "subject", "digest", "sha256", upper);
    judge(up, codes, sizeof codes, &ok);
    assert_null(strstr(codes, "attestation_digest_mismatch"));
    json_decref(up);
}

static void recorded_output_accepts(void **state)
{
    (void)state;
    jg_jerr err = {{0}};
    json_t *res = jg_attest_load(JG_SOURCE_DIR "/tests/data/attest/verified-good-orin.json", &err);
    assert_non_null(res);
    char codes[512];
    bool ok;
    judge(res, codes, sizeof codes, &ok);
    assert_true(ok);
    assert_string_equal(codes, "");
    json_decref(res);
    assert_null(jg_attest_parse("{}", 2, "x", &err));
    assert_non_null(strstr(err.text, "x: (root): expected the JSON array"));
    assert_null(jg_attest_parse("[1]", 3, "x", &err));
    assert_non_null(strstr(err.text, "x: [0].verificationResult: missing"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(signer_normal_form),
        cmocka_unit_test(malformed_results_deny),
        cmocka_unit_test(recorded_output_accepts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
