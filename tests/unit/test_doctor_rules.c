/* Every doctor rule, positive and negative: tests/data/doctor/cases/<layer>.json
 * holds cases as (base facts, patch, rule id, expected presence), each in the
 * file of its rule's layer. The test
 * also proves each rule id it ever saw has both kinds of case (a table row's
 * first reading has them from the rows' own loop, test_doctor_rows.c), and
 * checks the ordering rule and the per-layer verdicts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "doctor/diagnose.h"
#include "doctor/engine/finding.h"
#include "doctor/engine/rows.h"
#include "doctor/engine/view.h"
#include "doctor/rule.h"
#include "util/json.h"

#define DATA JG_SOURCE_DIR "/tests/data"

#include "test_json.h"

static json_t *base_doc(const char *name)
{
    if (strcmp(name, "healthy") == 0)
        return jg_test_load(DATA "/facts/orin-jp62-live-healthy.json");
    return json_pack("{s:s, s:s}", "schema", "jetgate.facts/1", "mode", "report");
}

static const json_t *find_id(const json_t *findings, const char *id)
{
    size_t i;
    json_t *f;
    json_array_foreach(findings, i, f)
    {
        if (strcmp(json_string_value(json_object_get(f, "id")), id) == 0)
            return f;
    }
    return NULL;
}

static void check_field(const json_t *c, const json_t *f, const char *key)
{
    const char *want = jg_json_str(c, key);
    if (want && strcmp(want, jg_json_str(f, key)) != 0)
        fail_msg("case '%s': %s is %s, wanted %s", jg_json_str(c, "name"), key,
                 jg_json_str(f, key), want);
}

/* Merge PATCH into DOC: objects key by key, anything else replaced. The
 * same as json_object_update_recursive, which needs jansson 2.13 (JetPack 5
 * ships 2.12). */
static int merge_patch(json_t *doc, json_t *patch)
{
    const char *key;
    json_t *value;
    if (!json_is_object(patch))
        return -1;
    json_object_foreach(patch, key, value) {
        json_t *into = json_object_get(doc, key);
        int rc = json_is_object(into) && json_is_object(value) ? merge_patch(into, value)
                                                               : json_object_set(doc, key, value);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* A table row's first reading: test_doctor_rows.c gives it both kinds of case. */
static bool row_id(const char *id)
{
    for (size_t i = 0; i < jg_signal_rules_count; i++)
        if (strcmp(jg_fid_name(jg_signal_rules[i].spec.id), id) == 0)
            return true;
    return false;
}

/* Run one case; record the ids it produced and whether it was positive. */
static void run_case(const json_t *c, json_t *seen_pos, json_t *seen_neg, json_t *all_ids)
{
    json_t *doc = base_doc(jg_json_str(c, "base"));
    assert_int_equal(merge_patch(doc, json_object_get(c, "patch")), 0);
    json_t *d = jg_diagnose(doc, jg_json_str(c, "mode"));
    const char *rule = jg_json_str(c, "rule");
    bool expect = json_is_true(json_object_get(c, "expect"));
    const json_t *f = find_id(json_object_get(d, "findings"), rule);
    if (expect && !f)
        fail_msg("case '%s': %s missing", jg_json_str(c, "name"), rule);
    if (!expect && f)
        fail_msg("case '%s': %s present but should not be", jg_json_str(c, "name"), rule);
    if (f) {
        check_field(c, f, "severity");
        check_field(c, f, "confidence");
        assert_true(json_array_size(json_object_get(f, "evidence")) > 0);
        assert_true(strlen(jg_json_str(f, "fix")) > 10);
    }
    json_object_set_new(expect ? seen_pos : seen_neg, rule, json_true());
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(d, "findings"), i, x)
        json_object_set(all_ids, jg_json_str(x, "id"), json_true());
    json_decref(d);
    json_decref(doc);
}

static void every_rule_case(void **state)
{
    (void)state;
    json_t *pos = json_object(), *neg = json_object(), *ids = json_object();
    size_t i, count = 0;
    json_t *c;
    for (int l = 0; l < JG_L_COUNT; l++) {
        char path[512], prefix[64];
        snprintf(path, sizeof path, DATA "/doctor/cases/%s.json", jg_layer_name(l));
        snprintf(prefix, sizeof prefix, "%s.", jg_layer_name(l));
        json_t *cases = jg_test_load(path);
        json_array_foreach(cases, i, c)
        {
            if (strncmp(jg_json_str(c, "rule"), prefix, strlen(prefix)) != 0)
                fail_msg("%s: case '%s' is about %s, another layer", path, jg_json_str(c, "name"),
                         jg_json_str(c, "rule"));
            run_case(c, pos, neg, ids);
        }
        count += json_array_size(cases);
        json_decref(cases);
    }
    const char *id;
    json_t *v;
    json_object_foreach(ids, id, v)
    {
        if ((!json_object_get(pos, id) || !json_object_get(neg, id)) && !row_id(id))
            fail_msg("rule %s lacks a %s case", id, json_object_get(pos, id) ? "negative" : "positive");
    }
    /* every id a C rule gives (declared by: in src/doctor/knowledge) has a positive case */
    for (int fid = 0; fid < JG_FID_COUNT; fid++) {
        bool row = false;
        for (size_t r = 0; r < jg_signal_rules_count && !row; r++)
            row = jg_signal_rules[r].spec.id == (jg_fid)fid ||
                  (jg_signal_rules[r].alt_test && jg_signal_rules[r].alt.id == (jg_fid)fid);
        if (!row && !json_object_get(pos, jg_fid_name((jg_fid)fid)))
            fail_msg("C rule id %s has no positive case", jg_fid_name((jg_fid)fid));
    }
    assert_true(json_object_size(pos) >= 40); /* the rule set did not silently shrink */
    assert_true(count >= 330);
    json_decref(pos);
    json_decref(neg);
    json_decref(ids);
}

static void healthy_base_is_healthy(void **state)
{
    (void)state;
    json_t *doc = base_doc("healthy");
    json_t *d = jg_diagnose(doc, "live");
    assert_int_equal(json_array_size(json_object_get(d, "findings")), 0);
    assert_true(json_is_true(json_object_get(d, "healthy")));
    assert_int_equal(jg_diagnosis_exit(d), 0);
    json_t *layers = json_object_get(d, "layers");
    assert_int_equal(json_object_size(layers), JG_L_COUNT);
    for (int l = 0; l < JG_L_COUNT; l++)
        assert_string_equal(jg_json_str(json_object_get(layers, jg_layer_name(l)), "status"), "ok");
    json_decref(d);
    json_decref(doc);
}

/* is_available() True proves nothing: without a kernel run the CUDA layers are not verified. */
static void no_kernel_means_not_verified(void **state)
{
    (void)state;
    json_t *doc = base_doc("healthy");
    json_object_del(doc, "cuda_tensor_op");
    json_object_set_new(jg_json_at(doc, "python.tensor_op"), "status", json_string("skip"));
    json_t *d = jg_diagnose(doc, "sysroot");
    assert_false(json_is_true(json_object_get(d, "healthy")));
    assert_int_equal(jg_diagnosis_exit(d), 0);
    assert_string_equal(jg_json_str(d, "layers.cuda-driver.status"), "not_verified");
    assert_string_equal(jg_json_str(d, "layers.pytorch-build.status"), "not_verified");
    assert_string_equal(jg_json_str(d, "layers.hardware.status"), "ok");
    json_decref(d);
    /* a native kernel alone verifies the driver, not the torch build */
    json_object_set_new(doc, "cuda_tensor_op", json_pack("{s:s}", "status", "pass"));
    d = jg_diagnose(doc, "live");
    assert_true(json_is_true(json_object_get(d, "healthy")));
    assert_string_equal(jg_json_str(d, "layers.cuda-driver.status"), "ok");
    assert_string_equal(jg_json_str(d, "layers.pytorch-build.status"), "not_verified");
    json_decref(d);
    json_decref(doc);
}

static void add(jg_finding_list *list, jg_fid id, enum jg_layer l, enum jg_severity s,
                enum jg_confidence c)
{
    char summary[40];
    snprintf(summary, sizeof summary, "summary %d", (int)list->n); /* copied, not kept */
    jg_finding_spec spec = {id, l, s, c, summary, "fix"};
    jg_finding_add(list, &spec, NULL);
}

static void ordering_rule(void **state)
{
    (void)state;
    jg_finding_list list = {0};
    /* the ids' own order is the reverse of the one wanted: severity, confidence and layer depth decide */
    add(&list, JG_FID_container_runtime_no_nvidia_runtime, JG_L_PROJECT, JG_SEV_INFO, JG_CONF_HIGH);
    add(&list, JG_FID_hardware_gpu_too_old, JG_L_HARDWARE, JG_SEV_WARNING, JG_CONF_HIGH);
    add(&list, JG_FID_project_out_of_memory, JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_LOW);
    add(&list, JG_FID_pytorch_build_cpu_only_wheel, JG_L_PYTORCH_BUILD, JG_SEV_ERROR, JG_CONF_HIGH);
    add(&list, JG_FID_pytorch_build_wheel_for_other_cuda, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        JG_CONF_HIGH);
    jg_findings_sort(&list);
    const char *want[] = {"pytorch-build.wheel-for-other-cuda", "pytorch-build.cpu-only-wheel",
                          "project.out-of-memory", "hardware.gpu-too-old",
                          "container-runtime.no-nvidia-runtime"};
    json_t *arr = jg_findings_json(&list);
    for (size_t i = 0; i < 5; i++)
        assert_string_equal(jg_json_str(json_array_get(arr, i), "id"), want[i]);
    /* the output names the enums and keeps each finding's own copy of its texts */
    assert_string_equal(jg_json_str(json_array_get(arr, 0), "layer"), "container-runtime");
    assert_string_equal(jg_json_str(json_array_get(arr, 0), "severity"), "error");
    assert_string_equal(jg_json_str(json_array_get(arr, 2), "confidence"), "low");
    assert_string_equal(jg_json_str(json_array_get(arr, 0), "summary"), "summary 4");
    assert_int_equal(json_array_size(json_object_get(json_array_get(arr, 0), "evidence")), 0);
    json_decref(arr);
    assert_int_equal(jg_findings_of_severity(&list, JG_SEV_ERROR), 3);
    assert_true(jg_findings_has(&list, JG_FID_project_out_of_memory));
    assert_false(jg_findings_has(&list, JG_FID_hardware_x86_host));
    const jg_fid none[] = {JG_FID_hardware_x86_host, JG_FID_COUNT};
    const jg_fid one[] = {JG_FID_hardware_x86_host, JG_FID_hardware_gpu_too_old, JG_FID_COUNT};
    assert_false(jg_findings_has_any(&list, none));
    assert_true(jg_findings_has_any(&list, one));
    assert_string_equal(jg_fid_name(JG_FID_hardware_x86_host), "hardware.x86-host");
    assert_null(jg_fid_name(JG_FID_COUNT));
    jg_finding_list_free(&list);
    assert_int_equal(list.n, 0);
}

/* An image tag's L4T is read into a number once, by the view, for every rule that
 * compares it (issue 25: it was atoi'd again in three rules); images without one are
 * left out, the order and the items kept (a rule's evidence quotes the item). */
static void image_l4t_read_once(void **state)
{
    (void)state;
    json_t *doc = json_pack(
        "{s:s, s:s, s:{s:[{s:s}, {s:s, s:s}, {s:s, s:s}]}}", "schema", "jetgate.facts/1", "mode",
        "report", "observed", "images", "ref", "nvcr.io/nvidia/pytorch:24.01-py3", "ref",
        "nvcr.io/nvidia/l4t-base:r35.4.1", "l4t", "35.4.1", "ref", "dustynv/l4t-ml:r36.2.0", "l4t",
        "36.2.0");
    const json_t *images = json_object_get(json_object_get(doc, "observed"), "images");
    jg_view v;
    jg_view_init(&v, doc);
    assert_int_equal(v.n_image_l4t, 2);
    assert_int_equal(v.image_l4t[0].major, 35);
    assert_ptr_equal(v.image_l4t[0].item, json_array_get(images, 1));
    assert_string_equal(v.image_l4t[0].ref, "nvcr.io/nvidia/l4t-base:r35.4.1");
    assert_int_equal(v.image_l4t[1].major, 36);
    assert_ptr_equal(jg_image_with_l4t(&v), &v.image_l4t[0]);
    json_t *none = json_pack("{s:s, s:s}", "schema", "jetgate.facts/1", "mode", "report");
    jg_view_init(&v, none);
    assert_int_equal(v.n_image_l4t, 0);
    assert_null(jg_image_with_l4t(&v));
    json_decref(none);
    json_decref(doc);
}

static void layer_names_exact(void **state)
{
    (void)state;
    const char *want[] = {"hardware", "kernel-driver", "cuda-driver", "container-runtime",
                          "cuda-libraries", "pytorch-build", "python-packages", "permissions",
                          "configuration", "project"};
    for (int i = 0; i < JG_L_COUNT; i++) {
        assert_string_equal(jg_layer_name(i), want[i]);
        assert_int_equal(jg_layer_index(want[i]), i);
    }
    assert_int_equal(jg_layer_index("gpu"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_rule_case),
        cmocka_unit_test(healthy_base_is_healthy),
        cmocka_unit_test(no_kernel_means_not_verified),
        cmocka_unit_test(ordering_rule),
        cmocka_unit_test(layer_names_exact),
        cmocka_unit_test(image_l4t_read_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
