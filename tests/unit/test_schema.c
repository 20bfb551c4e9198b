/* The facts field table (schema/facts_fields.h) against real documents: every
 * field's path exists in the golden facts documents, a live doctor's document
 * (tests/data/facts, its env and experiments), or what triage builds from the
 * pasted reports in tests/data; wherever a fact is ok its value has the
 * table's type, and a plain value has its type or is null. The typed
 * accessors read what the generic lookups read, and the writers create the
 * path. (tests/unit/schema_typo.c checks that a misspelled or mistyped field
 * does not compile.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>
#include <unistd.h>

#include "doctor/experiments.h"
#include "doctor/report.h"
#include "facts/collect_env.h"
#include "facts/fact.h"
#include "schema/facts.h"
#include "util/json.h"
#include "test_json.h"
#include "doctor/walk/walk.h"

/* A plain value has its row's type or is null; a fact has a status, and
 * its value (when there is one and it is not null) has the row's type. */
static void check_doc(const json_t *doc, const char *name, int *seen)
{
    for (int f = 0; f < JG_FF_COUNT; f++) {
        const jg_field *row = &jg_fields_ff[f];
        json_t *node = jg_ff_node(doc, (jg_ff)f);
        if (!node)
            continue;
        seen[f]++;
        assert_int_equal(row->fact, jg_ff_is_fact((jg_ff)f));
        if (!row->fact) {
            if (!json_is_null(node) && row->type != JG_JT_ANY && !jg_doc_has_type(node, row->type))
                fail_msg("%s: %s has the wrong type for the table", name, jg_ff_path((jg_ff)f));
            continue;
        }
        const char *st = jg_ff_status(doc, (jg_ff)f);
        if (!st)
            fail_msg("%s: %s is not a fact (no status)", name, jg_ff_path((jg_ff)f));
        json_t *v = jg_ff_value(doc, (jg_ff)f);
        if (v && !json_is_null(v) && !jg_doc_has_type(v, row->type))
            fail_msg("%s: %s has the wrong type for the table", name, jg_ff_path((jg_ff)f));
    }
}

static int load_dir(const char *dir, const char *suffix, int *seen, bool triage)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int docs = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name), k = strlen(suffix);
        if (e->d_name[0] == '.' || n < k || strcmp(e->d_name + n - k, suffix) != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        jg_report_info info;
        json_t *doc = triage ? jg_report_read(path, &info) : jg_test_load(path);
        if (doc)
            check_doc(doc, e->d_name, seen);
        json_decref(doc);
        docs++;
    }
    closedir(d);
    return docs;
}

/* The live doctor adds env and experiments to the facts (cmd/doctor.c). */
static void live_document(int *seen)
{
    json_t *doc = jg_test_load(JG_SOURCE_DIR "/tests/data/facts/orin-jp62-live-healthy.json");
    char dir[] = "/tmp/jgschemaXXXXXX", cfg[64];
    assert_non_null(mkdtemp(dir));
    snprintf(cfg, sizeof cfg, "%s/pyvenv.cfg", dir);
    FILE *f = fopen(cfg, "w");
    assert_non_null(f);
    fputs("include-system-site-packages = false\n", f);
    fclose(f);
    setenv("VIRTUAL_ENV", dir, 1);
    setenv("LD_LIBRARY_PATH", "/usr/local/cuda/lib64/stubs", 1);
    json_object_set_new(doc, "env", jg_facts_env());
    /* CUDA and torch work here: no experiment is called for, the list is empty */
    json_object_set_new(doc, "experiments", jg_run_experiments(doc, NULL));
    jg_root root; /* the layer walk the doctor adds (doctor/walk/walk.h), over this host's files */
    assert_true(jg_root_init(&root, "/"));
    json_object_set_new(doc, "walk", jg_walk_run(&root, doc, false));
    jg_root_free(&root);
    check_doc(doc, "live document", seen);
    unlink(cfg);
    rmdir(dir);
    unsetenv("VIRTUAL_ENV");
    json_decref(doc);
}

/* Python probe results as src/python/probe.py prints them (tests/data/gate). */
static void python_results(int *seen)
{
    static const char *const names[] = {"python-cpu.json", "python-h200.json", "python-orin.json"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/tests/data/gate/%s", JG_SOURCE_DIR, names[i]);
        json_t *py = jg_test_load(path);
        if (i == 0) /* an interpreter that does not start: {"error", "child"} */
        {
            json_t *err = json_pack("{s:{s:s}}", "python", "error", "exited 1");
            check_doc(err, "python error", seen);
            json_decref(err);
        }
        json_t *doc = json_pack("{s:o}", "python", py);
        check_doc(doc, names[i], seen);
        json_decref(doc);
    }
}

static void table_matches_real_documents(void **state)
{
    (void)state;
    int seen[JG_FF_COUNT] = {0};
    assert_true(load_dir(JG_SOURCE_DIR "/tests/golden/facts", ".json", seen, false) >= 12);
    live_document(seen);
    python_results(seen);
    assert_true(load_dir(JG_SOURCE_DIR "/tests/data/reports", "", seen, true) >= 20);
    load_dir(JG_SOURCE_DIR "/tests/data/examples-reports", ".txt", seen, true);
    for (int f = 0; f < JG_FF_COUNT; f++)
        if (!seen[f] && f != JG_FF_cuda_driver_version) /* only a live probe fills it */
            fail_msg("%s is in no document: a typo in the table?", jg_ff_path((jg_ff)f));
}

static void accessors_read_what_the_paths_hold(void **state)
{
    (void)state;
    json_t *doc = jg_test_load(JG_SOURCE_DIR "/tests/golden/facts/agx-orin-64gb-jp62.json");
    assert_string_equal(JG_FACT_STR(doc, l4t_version), jg_fact_str(doc, "l4t.version"));
    assert_string_equal(JG_FACT_STR(doc, module_part_number), "p3701-0005");
    assert_int_equal(JG_FACT_INT(doc, l4t_major, -1), 36);
    assert_int_equal(JG_FACT_BOOL(doc, jetson_is_jetson), 1);
    assert_int_equal(JG_FACT_BOOL(doc, container_nvidia_runtime), -1); /* value null */
    assert_true(json_is_array(JG_FACT_RAW(doc, jetson_why)));
    assert_string_equal(JG_FACT_STATUS(doc, cuda_toolkit), "ok");
    assert_string_equal(JG_FACT_PATH(cuda_cudnn), "cuda.cudnn");
    assert_null(JG_FACT_STR(NULL, host_arch));
    json_decref(doc);
}

static void plain_values_and_writers(void **state)
{
    (void)state;
    json_t *doc = jg_test_load(JG_SOURCE_DIR "/tests/data/facts/orin-jp62-live-healthy.json");
    assert_string_equal(JG_FACT_RSTR(doc, python_torch_version), jg_json_str(doc, "python.torch.version"));
    assert_int_equal(JG_FACT_RBOOL(doc, python_torch_cuda_available), 1);
    assert_int_equal(JG_FACT_RINT(doc, python_torch_device_count, -1), 1);
    assert_true(json_is_array(JG_FACT_RLIST(doc, python_torch_arch_list)));
    assert_null(JG_FACT_ROBJ(doc, cuda_driver_cuda_error)); /* null: no error */
    assert_null(JG_FACT_RSTR(doc, python_bitsandbytes_version));
    json_decref(doc);

    json_t *w = json_object();
    assert_int_equal(jg_ff_put(w, JG_FF_python_torch_version, json_string("2.5.1")), 0);
    assert_int_equal(jg_ff_put(w, JG_FF_python_torch_version, json_string("9")), 1);
    assert_string_equal(jg_json_str(w, "python.torch.version"), "2.5.1");
    assert_int_equal(jg_ff_set(w, JG_FF_python_torch_version, json_string("2.6.0")), 0);
    assert_string_equal(JG_FACT_RSTR(w, python_torch_version), "2.6.0");
    assert_int_equal(jg_ff_put(w, JG_FF_l4t_version, jg_fact_ok(json_string("36.4.3"), "t")), 0);
    assert_string_equal(JG_FACT_STR(w, l4t_version), "36.4.3");
    assert_int_equal(jg_ff_put(w, JG_FF_host_arch, NULL), -1);
    assert_null(json_object_get(w, "host"));
    json_decref(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_matches_real_documents),
        cmocka_unit_test(accessors_read_what_the_paths_hold),
        cmocka_unit_test(plain_values_and_writers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
