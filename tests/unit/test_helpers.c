/* The shared small helpers, written once: string in a NULL-terminated list,
 * string in a JSON array (exact and case-blind), object by id in a JSON list. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/json.h"
#include "util/strs.h"

static void str_in_list(void **state)
{
    (void)state;
    static const char *const list[] = {"pass", "fail", NULL};
    assert_true(jg_str_in(list, "fail"));
    assert_false(jg_str_in(list, "Fail"));
    assert_false(jg_str_in(list, "pas"));
    assert_false(jg_str_in(list, NULL));
    assert_false(jg_str_in(NULL, "pass"));
}

static void json_list(void **state)
{
    (void)state;
    json_t *a = json_pack("[s, i, s]", "self-hosted", 3, "Jetson");
    assert_true(jg_json_list_has(a, "self-hosted"));
    assert_false(jg_json_list_has(a, "jetson"));
    assert_true(jg_json_list_has_nocase(a, "jetson"));
    assert_false(jg_json_list_has(a, "3")); /* non-strings never match */
    assert_false(jg_json_list_has(a, NULL));
    assert_false(jg_json_list_has(NULL, "x"));
    json_decref(a);
}

static void find_by_id(void **state)
{
    (void)state;
    json_t *a = json_pack("[{s:i}, {s:s, s:i}, {s:s, s:i}]", "x", 1, "id", "driver", "n", 2,
                          "id", "driver", "n", 3);
    const json_t *d = jg_json_find_id(a, "driver");
    assert_non_null(d);
    assert_int_equal(json_integer_value(json_object_get(d, "n")), 2); /* the first */
    assert_null(jg_json_find_id(a, "surgery"));
    assert_null(jg_json_find_id(a, NULL));
    json_decref(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(str_in_list),
        cmocka_unit_test(json_list),
        cmocka_unit_test(find_by_id),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
