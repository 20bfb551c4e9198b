/* The one environment policy for children (issue #15 row 5): every name the
 * adversarial pass saw reach a child is removed, by pattern; credentials are
 * also recognised by value; ordinary variables stay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "util/env.h"

static void secret_names_by_pattern(void **state)
{
    (void)state;
    static const char *const secret[] = {
        "HF_TOKEN", "GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "GH_PAT", "GITHUB_PAT", "NPM_AUTH",
        "REGISTRY_APIKEY", "CI_JOB_JWT", "GPG_PASSPHRASE", "SENTRY_DSN", "SLACK_WEBHOOK_URL",
        "DATABASE_URL", "DOCKER_AUTH_CONFIG", "TLS_PEM", "AWS_ACCESS_KEY_ID", "ACTIONS_RUNTIME_TOKEN",
        "ACTIONS_ID_TOKEN_REQUEST_URL", "my_api_key", "Db_Password", "SSH_PRIVATE_KEY"};
    static const char *const plain[] = {"PATH", "HOME", "LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES",
                                        "PYTHONPATH", "KEYBOARD_LAYOUT", "PATCH_LEVEL", "AUTHOR",
                                        "PIP_INDEX_URL", "XDG_SESSION_TYPE", "GITHUB_SHA"};
    for (size_t i = 0; i < sizeof secret / sizeof *secret; i++)
        if (!jg_env_is_secret(secret[i]))
            fail_msg("%s is not treated as secret", secret[i]);
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        if (jg_env_is_secret(plain[i]))
            fail_msg("%s is treated as secret", plain[i]);
}

static void secret_values_by_shape(void **state)
{
    (void)state;
    assert_true(jg_env_entry_is_secret("PIP_INDEX_URL=https://ci-bot:PW@pypi.example/simple/"));
    assert_true(jg_env_entry_is_secret("UV_INDEX_URL=https://user:tok@example.org/simple"));
    assert_true(jg_env_entry_is_secret("SOME_VAR=ghp_abcdefghijklmnopqrstuvwxyz0123"));
    assert_false(jg_env_entry_is_secret("PIP_INDEX_URL=https://pypi.jetson-ai-lab.io/jp6/cu126"));
    assert_false(jg_env_entry_is_secret("GITHUB_SHA=0123456789abcdef0123456789abcdef01234567"));
}

static void build_drops_them(void **state)
{
    (void)state;
    char *env[] = {"PATH=/usr/bin", "GH_PAT=x1", "PIP_INDEX_URL=https://u:p@h/simple", "HF_TOKEN=hf_1",
                   NULL};
    char **out = jg_env_build(env, NULL, JG_ENV_OFFLINE);
    assert_non_null(out);
    assert_string_equal(out[0], "PATH=/usr/bin");
    assert_string_equal(out[1], "HF_HUB_OFFLINE=1");
    assert_string_equal(out[2], "TRANSFORMERS_OFFLINE=1");
    assert_null(out[3]);
    jg_env_free(out);
    out = jg_env_build(env, NULL, JG_ENV_KEEP_HF_TOKEN);
    assert_string_equal(out[1], "HF_TOKEN=hf_1");
    assert_null(out[2]);
    jg_env_free(out);
    /* pip's own index, credentials and all, reaches pip (issue #28 defect 2);
     * no other secret does. */
    out = jg_env_build(env, NULL, JG_ENV_KEEP_PIP);
    assert_string_equal(out[1], "PIP_INDEX_URL=https://u:p@h/simple");
    assert_null(out[2]);
    jg_env_free(out);
    assert_true(jg_env_is_pip_index("PIP_EXTRA_INDEX_URL=https://u:p@h/simple"));
    assert_false(jg_env_is_pip_index("PIP_INDEX_URLX=1"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(secret_names_by_pattern),
        cmocka_unit_test(secret_values_by_shape),
        cmocka_unit_test(build_drops_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
