/* The Python probe runner and probe.py: child environment without secrets,
 * the torch paths through a fake torch package (tests/fake-python), and
 * every way the interpreter can fail becoming an "error", never a crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "python/pyprobe.h"
#include "util/env.h"
#include "util/json.h"

static void env_secrets(void **state)
{
    (void)state;
    const char *secret[] = {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "GITHUB_TOKEN",
                            "ACTIONS_RUNTIME_URL", "ACTIONS_ID_TOKEN_REQUEST_TOKEN", "MY_SECRET",
                            "DB_PASSWORD", "AWS_SECRET_ACCESS_KEY", "OPENAI_API_KEY", "gh_token"};
    for (size_t i = 0; i < sizeof secret / sizeof *secret; i++)
        assert_true(jg_env_is_secret(secret[i]));
    const char *plain[] = {"PATH", "HOME", "CUDA_VISIBLE_DEVICES", "KEYBOARD", "LD_LIBRARY_PATH"};
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        assert_false(jg_env_is_secret(plain[i]));
}

static bool has(char **env, const char *entry)
{
    for (size_t i = 0; env[i]; i++)
        if (strcmp(env[i], entry) == 0)
            return true;
    return false;
}

static void env_build(void **state)
{
    (void)state;
    char *in[] = {"PATH=/bin", "HF_TOKEN=hf_canary", "HF_HUB_OFFLINE=0", "X=1", "GITHUB_TOKEN=g",
                  NULL};
    const char *add[] = {"X=2", NULL};
    char **e = jg_env_build(in, add, JG_ENV_OFFLINE);
    assert_non_null(e);
    assert_true(has(e, "PATH=/bin"));
    assert_true(has(e, "X=2"));
    assert_false(has(e, "X=1"));
    assert_false(has(e, "HF_TOKEN=hf_canary"));
    assert_false(has(e, "GITHUB_TOKEN=g"));
    assert_true(has(e, "HF_HUB_OFFLINE=1"));
    assert_false(has(e, "HF_HUB_OFFLINE=0"));
    jg_env_free(e);
    e = jg_env_build(in, NULL, JG_ENV_KEEP_HF_TOKEN);
    assert_true(has(e, "HF_TOKEN=hf_canary"));
    assert_false(has(e, "GITHUB_TOKEN=g"));
    assert_true(has(e, "HF_HUB_OFFLINE=0"));
    jg_env_free(e);
}

static json_t *probe_fake(const char *mode, bool full)
{
    setenv("PYTHONPATH", JG_SOURCE_DIR "/tests/fake-python", 1);
    setenv("FAKE_TORCH", mode, 1);
    jg_py_opts o = {.python = "python3", .full = full, .timeout_s = 60};
    json_t *r = jg_python_probe(&o);
    unsetenv("PYTHONPATH");
    assert_non_null(r);
    return r;
}

static void fake_orin_full(void **state)
{
    (void)state;
    json_t *r = probe_fake("orin", true);
    assert_null(json_object_get(r, "error"));
    assert_true(json_is_true(jg_json_at(r, "torch.imported")));
    assert_string_equal(jg_json_str(r, "torch.cuda"), "12.6");
    assert_string_equal(jg_json_str(r, "torch.device_name"), "Orin");
    assert_string_equal(jg_json_str(r, "torch.capability"), "8.7");
    assert_string_equal(jg_json_str(r, "tensor_op.status"), "pass");
    assert_string_equal(jg_json_str(r, "surgery.status"), "pass");
    assert_string_equal(jg_json_str(r, "bitsandbytes.nf4.status"), "unsupported");
    assert_string_equal(jg_json_str(r, "child.outcome"), "exited");
    json_decref(r);
}

static void fake_versions_only_does_not_import(void **state)
{
    (void)state;
    json_t *r = probe_fake("orin", false);
    assert_false(json_is_true(jg_json_at(r, "torch.imported")));
    assert_true(json_is_true(jg_json_at(r, "torch.found")));
    assert_string_equal(jg_json_str(r, "torch.cuda"), "12.6");
    assert_string_equal(jg_json_str(r, "tensor_op.status"), "skip");
    json_decref(r);
}

static void fake_cpu_and_broken_and_wrong(void **state)
{
    (void)state;
    json_t *r = probe_fake("cpu", true);
    assert_true(json_is_null(jg_json_at(r, "torch.cuda")));
    assert_true(json_is_false(jg_json_at(r, "torch.cuda_available")));
    assert_string_equal(jg_json_str(r, "tensor_op.status"), "skip");
    json_decref(r);
    r = probe_fake("broken", true);
    assert_false(json_is_true(jg_json_at(r, "torch.imported")));
    assert_non_null(strstr(jg_json_str(r, "torch.error"), "libcudnn.so.9"));
    json_decref(r);
    r = probe_fake("wrong", true);
    assert_string_equal(jg_json_str(r, "tensor_op.status"), "fail");
    assert_string_equal(jg_json_str(r, "surgery.status"), "fail");
    json_decref(r);
}

/* A scripted interpreter in a temp dir: prints text, or sleeps. */
static char *fake_interp(const char *body)
{
    char *dir = strdup("/tmp/jg-py-XXXXXX");
    assert_non_null(mkdtemp(dir));
    char *path = malloc(strlen(dir) + 16);
    sprintf(path, "%s/python", dir);
    FILE *f = fopen(path, "w");
    fprintf(f, "#!/bin/sh\n%s\n", body);
    fclose(f);
    chmod(path, 0755);
    free(dir);
    return path;
}

static void interpreter_failures(void **state)
{
    (void)state;
    jg_py_opts o = {.python = "/nonexistent/python9", .timeout_s = 5};
    json_t *r = jg_python_probe(&o);
    assert_non_null(strstr(jg_json_str(r, "error"), "not found"));
    json_decref(r);

    char *p = fake_interp("echo 'not json'");
    o.python = p;
    r = jg_python_probe(&o);
    assert_non_null(strstr(jg_json_str(r, "error"), "no JSON"));
    json_decref(r);
    free(p);

    p = fake_interp("echo 'Traceback' >&2; echo 'SyntaxError: bad' >&2; exit 1");
    o.python = p;
    r = jg_python_probe(&o);
    assert_non_null(strstr(jg_json_str(r, "error"), "SyntaxError: bad"));
    assert_int_equal(json_integer_value(jg_json_at(r, "child.code")), 1);
    json_decref(r);
    free(p);

    p = fake_interp("exec sleep 10");
    o.python = p;
    o.timeout_s = 0.3;
    r = jg_python_probe(&o);
    assert_string_equal(jg_json_str(r, "child.outcome"), "timeout");
    json_decref(r);
    free(p);
}

static void child_env_is_scrubbed(void **state)
{
    (void)state;
    setenv("HF_TOKEN", "hf_canaryTOKENvalue", 1);
    setenv("MY_PASSWORD", "pw-canary", 1);
    /* The "interpreter" prints its environment inside a JSON string. */
    char *p = fake_interp("printf '{\"env\": \"%s\"}' \"$(env | tr '\\n\"\\\\' ' __')\"");
    jg_py_opts o = {.python = p, .timeout_s = 5};
    json_t *r = jg_python_probe(&o);
    const char *env = jg_json_str(r, "env");
    assert_non_null(env);
    assert_null(strstr(env, "canary"));
    assert_non_null(strstr(env, "HF_HUB_OFFLINE=1"));
    json_decref(r);
    free(p);
    unsetenv("HF_TOKEN");
    unsetenv("MY_PASSWORD");
}

static void model_download_env_and_result(void **state)
{
    (void)state;
    setenv("HF_TOKEN", "hf_canaryTOKENvalue", 1);
    setenv("GITHUB_TOKEN", "gh-canary", 1);
    char *p = fake_interp("printf '{\"env\": \"%s\"}' \"$(env | tr '\\n\"\\\\' ' __')\"");
    jg_py_opts o = {.python = p, .timeout_s = 5, .model = "tiny/model"};
    json_t *r = jg_python_probe(&o);
    const char *env = jg_json_str(r, "env");
    assert_non_null(env);
    assert_non_null(strstr(env, "HF_TOKEN=hf_canaryTOKENvalue")); /* gated models need it */
    assert_null(strstr(env, "gh-canary"));
    assert_null(strstr(env, "HF_HUB_OFFLINE=1"));
    json_decref(r);
    free(p);
    unsetenv("HF_TOKEN");
    unsetenv("GITHUB_TOKEN");
    /* With the fake torch and no transformers the model step is an error, not a crash. */
    setenv("PYTHONPATH", JG_SOURCE_DIR "/tests/fake-python", 1);
    setenv("FAKE_TORCH", "orin", 1);
    jg_py_opts m = {.python = "python3", .timeout_s = 60, .full = true, .model = "tiny/model"};
    r = jg_python_probe(&m);
    unsetenv("PYTHONPATH");
    assert_string_equal(jg_json_str(r, "model.status"), "error");
    assert_string_equal(jg_json_str(r, "model.measurements.model"), "tiny/model");
    json_decref(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(env_secrets),
        cmocka_unit_test(env_build),
        cmocka_unit_test(fake_orin_full),
        cmocka_unit_test(fake_versions_only_does_not_import),
        cmocka_unit_test(fake_cpu_and_broken_and_wrong),
        cmocka_unit_test(interpreter_failures),
        cmocka_unit_test(child_env_is_scrubbed),
        cmocka_unit_test(model_download_env_and_result),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
