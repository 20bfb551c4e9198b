/* The one scrubber (util/scrub.c): the credential rules in every profile,
 * each profile's placeholders and escaping, and the value test the
 * environment policy uses (issue #15 row 4; issue #16 "one scrubber"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "util/scrub.h"

#define JWT "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"

static void expect_issue(const char *in, const char *want)
{
    char *got = jg_scrub_issue(in);
    if (strcmp(got, want) != 0)
        fail_msg("issue('%s') = '%s', want '%s'", in, got, want);
    free(got);
}

static void expect_line(const char *in, const char *want)
{
    char out[256];
    jg_scrub_line(in, out, sizeof out);
    if (strcmp(out, want) != 0)
        fail_msg("line('%s') = '%s', want '%s'", in, out, want);
}

static void credentials_in_every_profile(void **state)
{
    (void)state;
    expect_issue("pip: https://ci-bot:PW@pypi.example/simple/", "pip: https://[secret]@pypi.example/simple/");
    expect_issue("Authorization: Bearer " JWT, "Authorization: Bearer [secret]");
    expect_issue("hook https://hooks.slack.com/services/T0/B0/abc", "hook [webhook]");
    expect_issue("https://x.webhook.office.com/webhookb2/abc", "[webhook]");
    expect_issue("token glpat-abcdefghij0123456789", "token [token]");
    expect_line("ERROR: 401 for url: https://u:p@h/simple", "ERROR: 401 for url: https://<secret>@h/simple");
    expect_line("curl -H 'Authorization: Bearer " JWT "'", "curl -H 'Authorization: Bearer <secret>'");
    char *ev = jg_scrub_text(NULL, "jwt " JWT " and xoxp-1234567890-abcdefghijkl", JG_SCRUB_VALUE);
    assert_string_equal(ev, "jwt <token> and <token>");
    free(ev);
}

static void profiles_keep_their_conventions(void **state)
{
    (void)state;
    expect_issue("peer 10.0.0.12:22 from /home/ann/x | `y`", "peer [address]:22 from [home]/x \\| \\`y\\`");
    expect_line("ann@nano:~$ ls /home/ann/venv", "$ ls ~/venv");
    expect_line("export HF_TOKEN=hf_x", "export HF_TOKEN <removed>");
    /* a private word that goes on in lower case is another word: the line stays */
    expect_line("File \"tokenization_llama.py\", line 3", "File \"tokenization_llama.py\", line 3");
    expect_line("[TRT] Serialization assertion failed", "[TRT] Serialization assertion failed");
    expect_line("token: abc123", "token <removed>");
    expect_line("SerialNumber 1423", "Serial <removed>");
    char *ev = jg_scrub_text(NULL, "peer 10.0.0.12 /home/ann/x", JG_SCRUB_FREE_TEXT);
    assert_string_equal(ev, "peer <ip> <home>/x");
    free(ev);
    /* A value (label, id, version) keeps addresses that are versions. */
    ev = jg_scrub_text(NULL, "10.3.0.30", JG_SCRUB_VALUE);
    assert_string_equal(ev, "10.3.0.30");
    free(ev);
    /* URLs without userinfo, e-mail-like git remotes and versions survive. */
    expect_issue("https://github.com/o/r and git@github.com:o/r.git",
                 "https://github.com/o/r and [email]:o/r.git");
    expect_issue("torch 2.5.0a0+872d972e41.nv24.08", "torch 2.5.0a0+872d972e41.nv24.08");
}

static void identity_only_as_words_in_free_text(void **state)
{
    (void)state;
    jg_scrub s;
    jg_scrub_init(&s);
    jg_scrub_add(&s, "orin", "<host>");
    jg_scrub_add(&s, "jetson", "<user>");
    jg_scrub_add(&s, "s3cr3t-value", "<secret>");
    char *a = jg_scrub_text(&s, "jetson on orin, jetson-runtime, orinx, s3cr3t-valueX", JG_SCRUB_FREE_TEXT);
    assert_string_equal(a, "<user> on <host>, jetson-runtime, orinx, <secret>X");
    char *b = jg_scrub_text(&s, "orin s3cr3t-value", JG_SCRUB_VALUE);
    assert_string_equal(b, "orin <secret>");
    free(a);
    free(b);
    jg_scrub_free(&s);
}

static void expect_text(const char *in, const char *want)
{
    char *got = jg_scrub_text(NULL, in, JG_SCRUB_FREE_TEXT);
    if (strcmp(got, want) != 0)
        fail_msg("text('%s') = '%s', want '%s'", in, got, want);
    free(got);
}

/* Issue #28 defect 6: the credential shapes the previous rules missed. */
static void credentials_of_round_three(void **state)
{
    (void)state;
    /* a password holding '/' or '@': all of it goes, the host stays */
    expect_text("url https://ci:pa/ss@pypi.example/simple", "url https://<secret>@pypi.example/simple");
    expect_text("url https://ci:p@ss@pypi.example/simple", "url https://<secret>@pypi.example/simple");
    expect_text("url https://:tok@pypi.example/", "url https://<secret>@pypi.example/");
    /* ports, paths and tags with '@' are no userinfo */
    expect_text("https://host:8080/x@y https://github.com/o/r@v1",
                "https://host:8080/x@y https://github.com/o/r@v1");
    /* AWS secret keys hold '/' and '+' (AWS's documented example key) */
    expect_text("key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY.", "key <secret>.");
    expect_text("key wJalrXUtnFEMI+K7MDENG+bPxRfiCYEXAMPLEKEY", "key <secret>");
    expect_issue("0123456789abcdef0123456789abcdef01234567 /usr/local/cuda-12.6/targets/aarch64",
                "0123456789abcdef0123456789abcdef01234567 /usr/local/cuda-12.6/targets/aarch64");
    /* assignments to a secret's name */
    expect_text("password=hunter2 next", "password=<secret> next");
    expect_text("DB_PASSWORD: hunter2", "DB_PASSWORD: <secret>");
    expect_text("{\"token\": \"abc\", \"n\": 1}", "{\"token\": \"<secret>\", \"n\": 1}");
    expect_text("tokens: 5, tokenizer=x", "tokens: 5, tokenizer=x");
    expect_issue("db?user=a&password=hunter2&x=1", "db?user=a&password=[secret]&x=1");
    /* digit-free Bearer values; prose stays */
    expect_text("Authorization: Bearer abcdefghijklmnopqrstuv", "Authorization: Bearer <secret>");
    expect_text("Authorization: Bearer AbcDefGhIj", "Authorization: Bearer <secret>");
    expect_text("uses Bearer authentication", "uses Bearer authentication");
    assert_true(jg_scrub_has_credential("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"));
}

static void has_credential_is_by_value(void **state)
{
    (void)state;
    assert_true(jg_scrub_has_credential("https://u:p@h/"));
    assert_true(jg_scrub_has_credential("ghp_abcdefghijklmnopqrstuvwxyz0123"));
    assert_true(jg_scrub_has_credential(JWT));
    assert_false(jg_scrub_has_credential("https://pypi.jetson-ai-lab.io/jp6/cu126"));
    assert_false(jg_scrub_has_credential("0123456789abcdef0123456789abcdef01234567"));
    assert_false(jg_scrub_has_credential(""));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(credentials_in_every_profile),
        cmocka_unit_test(profiles_keep_their_conventions),
        cmocka_unit_test(identity_only_as_words_in_free_text),
        cmocka_unit_test(has_credential_is_by_value),
        cmocka_unit_test(credentials_of_round_three),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
