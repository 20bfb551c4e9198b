/* The vendor-torch counter-experiment (doctor/experiments.c, issue 13): the
 * native CUDA probe passed, the torch first on PYTHONPATH (tests/fake-python
 * with FAKE_TORCH=cpu) is a CPU build, and another torch sits in a folder of
 * the kind the system interpreter uses: a copy of the fake torch whose "mode"
 * file fixes its behaviour. With that folder first on PYTHONPATH torch
 * "works" (mode orin) or "still fails" (mode cpu); the result is in the
 * experiments list, proves (or not) the configuration finding, and shows in
 * the checklist. A torch without a CUDA tag, or the failing one itself, is
 * not tried. Also the torch/version.py reader (python/torch_installs.c). */
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

#include "doctor/diagnose.h"
#include "doctor/experiments.h"
#include "doctor/render.h"
#include "python/torch_installs.h"
#include "schema/doctor.h"
#include "schema/facts.h"
#include "util/json.h"
#include "test_json.h"

#define FAKE JG_SOURCE_DIR "/tests/fake-python/torch"

static char dir[64], vendor[96];

static void copy(const char *from, const char *to)
{
    FILE *in = fopen(from, "r"), *out = fopen(to, "w");
    assert_non_null(in);
    assert_non_null(out);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    fclose(out);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* <dir>/vendor/torch: the fake torch, behaving as mode says. */
static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/jgvendorXXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(vendor, sizeof vendor, "%s/vendor", dir);
    char torch[160], path[200];
    snprintf(torch, sizeof torch, "%s/torch", vendor);
    if (mkdir(vendor, 0700) != 0 || mkdir(torch, 0700) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/__init__.py", torch);
    copy(FAKE "/__init__.py", path);
    snprintf(path, sizeof path, "%s/version.py", torch);
    copy(FAKE "/version.py", path);
    /* the torch this interpreter imports first: a CPU build */
    setenv("PYTHONPATH", JG_SOURCE_DIR "/tests/fake-python", 1);
    setenv("FAKE_TORCH", "cpu", 1);
    unsetenv("VIRTUAL_ENV");
    unsetenv("CONDA_PREFIX");
    unsetenv("PYTHONHOME");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void vendor_mode(const char *mode)
{
    char path[200];
    snprintf(path, sizeof path, "%s/torch/mode", vendor);
    write_file(path, mode);
}

/* A live document: the driver and native kernel passed, torch is a CPU build. */
static json_t *facts_cpu_torch(void)
{
    json_t *f = jg_test_load(JG_SOURCE_DIR "/tests/data/facts/orin-jp62-live-healthy.json");
    jg_ff_set(f, JG_FF_python_torch_version, json_string("2.5.1"));
    jg_ff_set(f, JG_FF_python_torch_cuda, json_null());
    jg_ff_set(f, JG_FF_python_torch_cuda_available, json_false());
    jg_ff_set(f, JG_FF_python_tensor_op_status, json_string("skip"));
    return f;
}

static const json_t *run(json_t *facts)
{
    const char *const dirs[] = {vendor, NULL};
    jg_experiment_opts o = {.python = "python3", .torch_dirs = dirs};
    jg_ff_set(facts, JG_FF_experiments, jg_run_experiments(facts, &o));
    return jg_json_find_id(JG_FACT_RLIST(facts, experiments), "vendor-torch-first");
}

/* The checklist as text. */
static char *checklist(const json_t *d)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    jg_render_checklist(f, "jetgate doctor", d, true, false);
    fclose(f);
    return text;
}

static void check_outcome(const char *mode, const char *result, bool proven)
{
    vendor_mode(mode);
    json_t *facts = facts_cpu_torch();
    const json_t *e = run(facts);
    assert_non_null(e);
    assert_string_equal(JG_EXPERIMENT_STR(e, result), result);
    assert_string_equal(JG_EXPERIMENT_STR(e, probe), "python");
    assert_non_null(strstr(JG_EXPERIMENT_STR(e, change), vendor));
    assert_non_null(strstr(JG_EXPERIMENT_STR(e, change), "torch 2.5.0a0+872d972e41.nv24.08"));
    json_t *d = jg_diagnose(facts, "live");
    assert_non_null(jg_json_find_id(JG_RESULT_LIST(d, experiments), "vendor-torch-first"));
    const json_t *f = jg_json_find_id(JG_RESULT_LIST(d, findings),
                                      "configuration.torch-shadows-vendor-torch");
    assert_true((f != NULL) == proven);
    if (f)
        assert_string_equal(JG_FINDING_STR(f, confidence), "high");
    char *text = checklist(d), want[300];
    snprintf(want, sizeof want, "    - %s: %s (", JG_EXPERIMENT_STR(e, change), result);
    if (!strstr(text, want))
        fail_msg("checklist lacks '%s':\n%s", want, text);
    free(text);
    json_decref(d);
    json_decref(facts);
}

static void vendor_torch_works(void **state)
{
    (void)state;
    check_outcome("orin", "works", true);
}

static void vendor_torch_still_fails(void **state)
{
    (void)state;
    check_outcome("cpu", "still fails", false);
}

/* Only a torch built for CUDA, other than the failing one, is tried. */
static void plain_or_same_torch_not_tried(void **state)
{
    (void)state;
    vendor_mode("orin");
    char path[200];
    snprintf(path, sizeof path, "%s/torch/version.py", vendor);
    write_file(path, "__version__ = '2.5.1'\n");
    json_t *facts = facts_cpu_torch();
    assert_null(run(facts));
    json_decref(facts);
    write_file(path, "__version__ = '2.5.0a0+872d972e41.nv24.08'\n");
    facts = facts_cpu_torch();
    jg_ff_set(facts, JG_FF_python_torch_version, json_string("2.5.0a0+872d972e41.nv24.08"));
    assert_null(run(facts)); /* the same build as the one that failed */
    json_decref(facts);
    copy(FAKE "/version.py", path);
}

static void version_py_reader(void **state)
{
    (void)state;
    char v[96];
    assert_int_equal(jg_torch_version_py("from typing import Optional\n__version__ = '2.5.1'\n", v,
                                         sizeof v), 0);
    assert_string_equal(v, "2.5.1");
    assert_int_equal(jg_torch_version_py("__version__: str = \"2.8.0a0+5228986c39.nv25.06\"\r\n", v,
                                         sizeof v), 0);
    assert_string_equal(v, "2.8.0a0+5228986c39.nv25.06");
    assert_int_equal(jg_torch_version_py("__version__, cuda = '2.5.1', None\n", v, sizeof v), -1);
    assert_int_equal(jg_torch_version_py("git_version = 'abc'\n", v, sizeof v), -1);
    jg_torch_install found[4];
    const char *const dirs[] = {JG_SOURCE_DIR "/tests/fake-python", NULL};
    assert_int_equal(jg_torch_installs(dirs, found, 4), 1);
    assert_string_equal(found[0].version, "2.5.0a0+872d972e41.nv24.08"); /* the literal line */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vendor_torch_works),
        cmocka_unit_test(vendor_torch_still_fails),
        cmocka_unit_test(plain_or_same_torch_not_tried),
        cmocka_unit_test(version_py_reader),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
