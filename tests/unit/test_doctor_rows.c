/* Every table row (src/doctor/knowledge/<layer>.rules) in one loop, from the
 * rows themselves: its signal alone gives its finding with its severity,
 * confidence, fix and the line as evidence; another row's signal does not; it
 * stays silent where its platform test says so; and its second reading holds
 * in its context. These replace the mechanical "signal X -> id / without X"
 * pairs the rule cases held (tests/data/doctor/cases/<layer>.json keeps the scenario cases). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "doctor/diagnose.h"
#include "doctor/engine/rows.h"
#include "util/json.h"

static json_t *item(const char *text)
{
    return json_pack("{s:i, s:s}", "line", 1, "text", text);
}

/* A report that showed only this signal, on line 1. */
static json_t *report_with(jg_signal s, const char *text)
{
    json_t *signals = json_object();
    json_object_set_new(signals, jg_signal_name(s), item(text));
    return json_pack("{s:s, s:s, s:{s:o}}", "schema", "jetgate.facts/1", "mode", "report",
                     "observed", "signals", signals);
}

static json_t *observed(json_t *doc)
{
    return json_object_get(doc, "observed");
}

static void jetson_hint(json_t *doc)
{
    json_object_set_new(observed(doc), "jetson_hints", json_pack("[s]", "test"));
}

/* What makes the second reading hold (signal_rules.h, enum jg_alt_test). */
static json_t *in_context(const jg_signal_rule *r)
{
    json_t *doc = report_with(r->signal, "t");
    json_t *sig = json_object_get(observed(doc), "signals");
    switch (r->alt_test) {
    case JG_AT_CONTAINER_SEEN:
        json_object_set_new(observed(doc), "docker", json_pack("{s:b}", "run", 1));
        break;
    case JG_AT_INSIDE_CONTAINER:
        json_object_set_new(doc, "container",
                            json_pack("{s:{s:s, s:s, s:b}}", "inside", "source", "test", "status",
                                      "ok", "value", 1));
        break;
    case JG_AT_PACKAGE_FILE:
        json_object_set_new(sig, jg_signal_name(r->signal),
                            item("/usr/lib/python3/dist-packages/x/y.py"));
        break;
    case JG_AT_TORCH_SEEN:
        json_object_set_new(observed(doc), "torch_seen", item("torch"));
        break;
    case JG_AT_DEVICES_LIMITED:
        json_object_set_new(sig, jg_signal_name(JG_SIG_visible_devices_set), item("t"));
        break;
    case JG_AT_INTERPRETER_SEEN:
        json_object_set_new(sig, jg_signal_name(JG_SIG_interpreter_hint), item("t"));
        break;
    default:
        fail_msg("row %s: no context for its second reading", jg_fid_name(r->spec.id));
    }
    return doc;
}

/* The finding with this id when the doc is diagnosed (a copy; NULL: none). */
static json_t *finding_of(json_t *doc, jg_fid fid)
{
    const char *id = jg_fid_name(fid);
    json_t *d = jg_diagnose(doc, "file"), *found = NULL;
    size_t i;
    json_t *f;
    json_array_foreach(json_object_get(d, "findings"), i, f)
    {
        if (!found && strcmp(jg_json_str(f, "id"), id) == 0)
            found = json_incref(f);
    }
    json_decref(d);
    json_decref(doc);
    return found;
}

static void check_spec(const jg_signal_rule *r, const jg_finding_spec *s, json_t *f)
{
    if (!f)
        fail_msg("row %s (signal %s): its reading %s is not given", jg_fid_name(r->spec.id),
                 jg_signal_name(r->signal), jg_fid_name(s->id));
    assert_string_equal(jg_json_str(f, "layer"), jg_layer_name(s->layer));
    assert_string_equal(jg_json_str(f, "severity"), jg_severity_name(s->severity));
    assert_string_equal(jg_json_str(f, "confidence"), jg_confidence_name(s->confidence));
    assert_string_equal(jg_json_str(f, "summary"), s->summary);
    assert_string_equal(jg_json_str(f, "fix"), s->fix);
    const char *ev = json_string_value(json_array_get(json_object_get(f, "evidence"), 0));
    char want[256];
    snprintf(want, sizeof want, "%s = line 1: ", r->what);
    assert_non_null(ev);
    assert_memory_equal(ev, want, strlen(want));
    json_decref(f);
}

static void every_row_from_its_signal(void **state)
{
    (void)state;
    assert_true(jg_signal_rules_count >= 264); /* the table did not silently shrink */
    for (size_t i = 0; i < jg_signal_rules_count; i++) {
        const jg_signal_rule *r = &jg_signal_rules[i];
        json_t *doc = report_with(r->signal, "t");
        if (r->platform == JG_PT_JETSON)
            jetson_hint(doc);
        check_spec(r, &r->spec, finding_of(doc, r->spec.id));
    }
}

/* Where a row speaks (enum jg_platform_test): silent on the other side. */
static void rows_silent_where_their_platform_says(void **state)
{
    (void)state;
    size_t tested = 0;
    for (size_t i = 0; i < jg_signal_rules_count; i++) {
        const jg_signal_rule *r = &jg_signal_rules[i];
        json_t *doc = report_with(r->signal, "t");
        if (r->platform == JG_PT_OFF_JETSON)
            jetson_hint(doc);
        else if (r->platform == JG_PT_NO_NVIDIA_GPU)
            json_object_set_new(observed(doc), "gpu_cc", json_string("8.7"));
        else if (r->platform != JG_PT_JETSON) {
            json_decref(doc);
            continue;
        }
        json_t *f = finding_of(doc, r->spec.id);
        if (f)
            fail_msg("row %s speaks where its platform (%s) says not", jg_fid_name(r->spec.id),
                     jg_platform_test_name(r->platform));
        tested++;
    }
    assert_true(tested >= 10);
}

/* Another row's signal does not give this row's finding (the next row with another
 * signal and other ids: ids are unique, but a second reading may share one). */
static void no_row_from_another_signal(void **state)
{
    (void)state;
    for (size_t i = 0; i < jg_signal_rules_count; i++) {
        const jg_signal_rule *r = &jg_signal_rules[i], *o = NULL;
        for (size_t k = 1; k < jg_signal_rules_count && !o; k++) {
            o = &jg_signal_rules[(i + k) % jg_signal_rules_count];
            if (o->signal == r->signal || o->spec.id == r->spec.id ||
                (o->alt_test && o->alt.id == r->spec.id))
                o = NULL;
        }
        assert_non_null(o);
        json_t *doc = report_with(o->signal, "t");
        jetson_hint(doc);
        json_t *f = finding_of(doc, r->spec.id);
        if (f)
            fail_msg("row %s given by another row's signal %s", jg_fid_name(r->spec.id),
                     jg_signal_name(o->signal));
    }
}

static void every_second_reading_in_its_context(void **state)
{
    (void)state;
    size_t tested = 0;
    for (size_t i = 0; i < jg_signal_rules_count; i++) {
        const jg_signal_rule *r = &jg_signal_rules[i];
        if (r->alt_test == JG_AT_NONE)
            continue;
        json_t *doc = in_context(r);
        if (r->platform == JG_PT_JETSON)
            jetson_hint(doc);
        check_spec(r, &r->alt, finding_of(doc, r->alt.id));
        tested++;
    }
    assert_true(tested >= 11);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_row_from_its_signal),
        cmocka_unit_test(rows_silent_where_their_platform_says),
        cmocka_unit_test(no_row_from_another_signal),
        cmocka_unit_test(every_second_reading_in_its_context),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
