/* facts.env (src/facts/collect_env.c): only the listed variables, scrubbed;
 * LD_LIBRARY_PATH entries classified; a venv's include-system-site-packages read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "facts/collect_env.h"
#include "facts/fact.h"
#include "util/json.h"

static void variables_and_paths(void **state)
{
    (void)state;
    setenv("HOME", "/home/alice", 1);
    setenv("CUDA_VISIBLE_DEVICES", "", 1);
    setenv("LD_LIBRARY_PATH", "/usr/local/cuda-12.6/lib64/stubs:/usr/local/cuda/compat:/home/alice/lib", 1);
    setenv("JG_TEST_SECRET_TOKEN", "abc123456", 1);
    unsetenv("LD_PRELOAD");
    json_t *env = jg_facts_env();
    const json_t *cvd = jg_json_at(env, "vars.CUDA_VISIBLE_DEVICES");
    assert_string_equal(jg_fact_status(cvd), "ok");
    assert_string_equal(json_string_value(jg_fact_value(cvd)), "");
    assert_string_equal(jg_fact_status(jg_json_at(env, "vars.LD_PRELOAD")), "missing");
    const json_t *lp = json_object_get(env, "library_path");
    assert_int_equal(json_array_size(lp), 3);
    assert_string_equal(jg_json_str(json_array_get(lp, 0), "kind"), "stubs");
    assert_string_equal(jg_json_str(json_array_get(lp, 0), "cuda"), "12.6");
    assert_string_equal(jg_json_str(json_array_get(lp, 1), "kind"), "compat");
    assert_null(strstr(jg_json_str(json_array_get(lp, 2), "entry"), "alice")); /* scrubbed */
    assert_true(json_is_true(json_object_get(env, "library_path_has_stubs")));
    char *all = json_dumps(env, 0);
    assert_null(strstr(all, "abc123456")); /* no other variable is read */
    free(all);
    json_decref(env);
}

static void venv_system_site(void **state)
{
    (void)state;
    char dir[] = "/tmp/jgvenvXXXXXX", cfg[64];
    assert_non_null(mkdtemp(dir));
    snprintf(cfg, sizeof cfg, "%s/pyvenv.cfg", dir);
    FILE *f = fopen(cfg, "w");
    fputs("home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.10.12\n", f);
    fclose(f);
    setenv("VIRTUAL_ENV", dir, 1);
    json_t *env = jg_facts_env();
    assert_true(json_is_false(jg_json_at(env, "venv.system_site_packages")));
    json_decref(env);
    f = fopen(cfg, "w");
    fputs("include-system-site-packages = true\n", f);
    fclose(f);
    env = jg_facts_env();
    assert_true(json_is_true(jg_json_at(env, "venv.system_site_packages")));
    json_decref(env);
    unlink(cfg);
    rmdir(dir);
    unsetenv("VIRTUAL_ENV");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(variables_and_paths),
        cmocka_unit_test(venv_system_site),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
