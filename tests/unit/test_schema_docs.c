/* The plain documents' field tables (schema/probe.h, check.h, evidence.h)
 * against what the writers produce: every row is in a healthy driver probe
 * result, a failing probe's CUDA error and a record built from the gate
 * fixtures, with the table's type (or null); and a real record (from the
 * accelerator) passes the reader, which types every row. A row whose path
 * the writer never writes fails here. (tests/unit/schema_typo.c checks
 * that a misspelled or mistyped field does not compile.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "cuda/probe.h"
#include "evidence/read.h"
#include "evidence/sanitize.h"
#include "evidence/write.h"
#include "gate/gate.h"
#include "schema/check.h"
#include "schema/evidence.h"
#include "schema/probe.h"
#include "util/json.h"

#define FAKE JG_BINARY_DIR "/tests/fake-libcuda/libcuda.so.1"
#define DATA JG_SOURCE_DIR "/tests/data/"
#define NONE ((size_t)-1)

/* Every row of a table but skip is in doc, of its type or null. */
static void rows_in(const char *what, const json_t *doc, const jg_field *rows, size_t n,
                    size_t skip)
{
    assert_non_null(doc);
    for (size_t f = 0; f < n; f++) {
        const json_t *v = jg_doc_node(doc, &rows[f]);
        if (f == skip)
            continue;
        if (!v)
            fail_msg("%s: %s is not written", what, rows[f].path);
        if (!json_is_null(v) && !jg_doc_has_type(v, rows[f].type))
            fail_msg("%s: %s is not %s", what, rows[f].path, jg_doc_type_name(rows[f].type));
    }
}

#define ROWS(P) jg_fields_##P, JGF_##P##__COUNT

static json_t *driver_probe(const char *fault)
{
    if (fault)
        setenv("JG_FAKE_CUDA", fault, 1);
    jg_cuda_opts o = {.timeout_s = 5, .library = FAKE};
    json_t *r = jg_cuda_probe("driver", &o);
    unsetenv("JG_FAKE_CUDA");
    return r;
}

static void probe_rows_are_written(void **state)
{
    (void)state;
    json_t *r = driver_probe(NULL);
    assert_string_equal(JG_STR(probe, r, status), "pass");
    /* missing_entry_points is written only when the library lacks one */
    rows_in("driver probe", r, ROWS(probe), JGF_probe_missing_entry_points);
    rows_in("device 0", jg_probe_device0(r), ROWS(cudev), NONE);
    json_decref(r);
    r = driver_probe("cuInit:100");
    /* text (cuGetErrorString) only where the library has it */
    rows_in("CUDA error", jg_probe_cuda_error(r), ROWS(cuerr), JGF_cuerr_text);
    assert_int_equal(jg_cuda_error_code(jg_probe_cuda_error(r)), 100);
    json_decref(r);
}

static json_t *load(const char *name)
{
    jg_jerr err;
    json_t *j = jg_json_load(name, 1 << 22, &err);
    if (!j)
        fail_msg("%s", err.text);
    return j;
}

static json_t *built_record(void)
{
    json_t *facts = load(DATA "gate/facts-x86.json"), *native = load(DATA "gate/native-h200.json");
    json_t *py = load(DATA "gate/python-h200.json"), *policy = load(DATA "gate/policy.json");
    jg_gate_in in = {.facts = facts, .native = native, .python = py,
                     .gate = jg_gate_find(policy, "jetson-runtime")};
    json_t *checks = jg_gate_checks(&in);
    json_t *verdict = jg_gate_verdict(checks, in.gate, NULL);
    json_t *run = jg_evidence_run_meta("self-hosted,jetson");
    jg_scrub s;
    jg_scrub_init(&s);
    jg_evidence_in ein = {.gate = "jetson-runtime", .verdict = verdict, .checks = checks,
                          .facts = facts, .native = native, .python = py,
                          .sha = "0123456789abcdef0123456789abcdef01234567", .dirty = 0,
                          .commit_source = "git", .repo = "github.com/o/r", .run = run,
                          .started = 1796205600, .finished = 1796205602};
    json_t *ev = jg_evidence_build(&ein, &s);
    jg_scrub_free(&s);
    json_t *all[] = {run, verdict, checks, policy, py, native, facts};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        json_decref(all[i]);
    return ev;
}

static void record_rows_are_written(void **state)
{
    (void)state;
    json_t *ev = built_record();
    const json_t *p = JG_OBJ(stmt, ev, predicate);
    rows_in("statement", ev, ROWS(stmt), NONE);
    rows_in("subject", json_array_get(JG_OBJS(stmt, ev, subject), 0), ROWS(subject), NONE);
    rows_in("predicate", p, ROWS(pred), NONE);
    rows_in("tool", JG_OBJ(pred, p, tool), ROWS(tool), NONE);
    rows_in("commit", JG_OBJ(pred, p, commit), ROWS(commit), NONE);
    rows_in("run", JG_OBJ(pred, p, run), ROWS(run), NONE);
    rows_in("platform", JG_OBJ(pred, p, platform), ROWS(platform), NONE);
    rows_in("counts", JG_OBJ(pred, p, counts), ROWS(counts), NONE);
    const json_t *checks = JG_OBJS(pred, p, checks);
    assert_int_equal(json_array_size(checks), 18);
    for (size_t i = 0; i < json_array_size(checks); i++)
        rows_in("check", json_array_get(checks, i), ROWS(check), NONE);
    /* the x86 facts leave fields unknown: their statuses travel to the record */
    assert_true(json_object_size(JG_OBJ(platform, JG_OBJ(pred, p, platform), fact_status)) > 0);
    jg_jerr err;
    char *text = jg_json_string(ev);
    json_t *back = jg_evidence_parse(text, strlen(text), "built", &err);
    if (!back)
        fail_msg("%s", err.text);
    json_decref(back);
    free(text);
    json_decref(ev);
}

static void real_record_passes_the_reader(void **state)
{
    (void)state;
    json_t *ev = load(DATA "h200-evidence.json");
    jg_jerr err;
    if (jg_evidence_check_shape(ev, "h200-evidence.json", &err) != 0)
        fail_msg("%s", err.text);
    /* a mistyped member is named by its table path */
    json_object_set_new(JG_OBJ(pred, JG_OBJ(stmt, ev, predicate), commit), "dirty",
                        json_string("no"));
    assert_int_equal(jg_evidence_check_shape(ev, "ev", &err), -1);
    assert_string_equal(err.text, "ev: predicate.commit.dirty: expected a boolean");
    json_decref(ev);
}

/* One writer for every table (schema/doc.h): the objects on the way made,
 * a node kept (JG_DOC_KEEP), a non-object step refused or replaced
 * (JG_DOC_MAKE_WAY); and the reader and the writer split a path alike. */
static void one_writer_one_splitter(void **state)
{
    (void)state;
    json_t *d = json_object();
    const jg_field *lib = JG_FIELD(probe, library_path); /* measurements.library_path */
    assert_int_equal(jg_doc_write(d, lib, json_string("a"), 0), 0);
    assert_string_equal(JG_STR(probe, d, library_path), "a");
    assert_int_equal(jg_doc_write(d, lib, json_string("b"), JG_DOC_KEEP), 1);
    assert_string_equal(JG_STR(probe, d, library_path), "a");
    json_object_set_new(d, "measurements", json_integer(1));
    assert_int_equal(jg_doc_write(d, lib, json_string("c"), 0), -1);
    assert_int_equal(jg_doc_write(d, lib, json_string("c"), JG_DOC_MAKE_WAY), 0);
    assert_string_equal(JG_STR(probe, d, library_path), "c");
    assert_int_equal(jg_doc_write(d, lib, NULL, 0), -1);
    /* a step longer than the splitter's key is neither written nor read */
    char path[300];
    memset(path, 'k', 200);
    strcpy(path + 200, ".x");
    const jg_field longer = {path, JG_JT_STR, false};
    assert_int_equal(jg_doc_write(d, &longer, json_string("x"), JG_DOC_MAKE_WAY), -1);
    assert_null(jg_doc_node(d, &longer));
    char key[8];
    const char *p = jg_json_path_step("ab.c", key, sizeof key);
    assert_string_equal(key, "ab");
    assert_string_equal(p, "c");
    p = jg_json_path_step(p, key, sizeof key);
    assert_string_equal(key, "c");
    assert_string_equal(p, "");
    assert_null(jg_json_path_step("abcdefgh", key, sizeof key));
    json_decref(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(probe_rows_are_written),
        cmocka_unit_test(record_rows_are_written),
        cmocka_unit_test(real_record_passes_the_reader),
        cmocka_unit_test(one_writer_one_splitter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
