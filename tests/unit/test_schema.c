/* The facts field table (schema/facts_fields.h) against real documents: every
 * field's path exists in the golden facts documents, and wherever the fact is
 * ok its value has the table's type. The typed accessors read what the
 * generic lookups read. (tests/unit/schema_typo.c checks that a misspelled or
 * mistyped field does not compile.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "schema/facts.h"
#include "util/json.h"

typedef enum { T_STR, T_INT, T_BOOL, T_LIST, T_OBJ, T_RAW } type;
static const type types[JG_FF_COUNT] = {
#define TYPE_OF(name, path, t) [JG_FF_##name] = T_##t,
    JG_FACTS_FIELDS(TYPE_OF)
#undef TYPE_OF
};

static bool has_type(const json_t *v, type t)
{
    switch (t) {
    case T_STR: return json_is_string(v);
    case T_INT: return json_is_integer(v);
    case T_BOOL: return json_is_boolean(v);
    case T_LIST: return json_is_array(v);
    case T_OBJ: return json_is_object(v);
    default: return true;
    }
}

static void check_doc(const json_t *doc, const char *name, int *seen)
{
    for (int f = 0; f < JG_FF_COUNT; f++) {
        json_t *node = jg_ff_node(doc, (jg_ff)f);
        if (!node)
            continue;
        seen[f]++;
        if (types[f] == T_RAW)
            continue;
        const char *st = jg_ff_status(doc, (jg_ff)f);
        if (!st)
            fail_msg("%s: %s is not a fact (no status)", name, jg_ff_path((jg_ff)f));
        json_t *v = jg_ff_value(doc, (jg_ff)f);
        if (v && !json_is_null(v) && !has_type(v, types[f]))
            fail_msg("%s: %s has the wrong type for the table", name, jg_ff_path((jg_ff)f));
    }
}

static void table_matches_golden_documents(void **state)
{
    (void)state;
    const char *dir = JG_SOURCE_DIR "/tests/golden/facts";
    DIR *d = opendir(dir);
    assert_non_null(d);
    int seen[JG_FF_COUNT] = {0}, docs = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".json"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        jg_jerr err;
        json_t *doc = jg_json_load(path, 1u << 24, &err);
        if (!doc)
            fail_msg("%s", err.text);
        check_doc(doc, e->d_name, seen);
        json_decref(doc);
        docs++;
    }
    closedir(d);
    assert_true(docs >= 12);
    for (int f = 0; f < JG_FF_COUNT; f++)
        if (!seen[f] && f != JG_FF_cuda_driver_version) /* only a live probe fills it */
            fail_msg("%s is in no golden facts document: a typo in the table?",
                     jg_ff_path((jg_ff)f));
}

static void accessors_read_what_the_paths_hold(void **state)
{
    (void)state;
    jg_jerr err;
    json_t *doc = jg_json_load(JG_SOURCE_DIR "/tests/golden/facts/agx-orin-64gb-jp62.json",
                               1u << 24, &err);
    assert_non_null(doc);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_matches_golden_documents),
        cmocka_unit_test(accessors_read_what_the_paths_hold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
