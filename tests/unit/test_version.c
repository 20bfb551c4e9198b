/* util/version.c: the one dotted-number parser and its comparisons. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "util/version.h"

static void parse_stops_where_the_number_ends(void **state)
{
    (void)state;
    jg_dotted v;
    assert_int_equal(jg_dotted_parse("36.4.3-20250107174145", &v), 6);
    assert_int_equal(v.n, 3);
    assert_int_equal(v.part[0], 36);
    assert_int_equal(v.part[1], 4);
    assert_int_equal(v.part[2], 3);
    assert_int_equal(jg_dotted_parse("12.", &v), 2); /* a trailing dot is not a part */
    assert_int_equal(v.n, 1);
    assert_int_equal(jg_dotted_parse("r36.4", &v), 0);
    assert_int_equal(v.n, 0);
    assert_int_equal(jg_dotted_parse(NULL, NULL), 0);
    assert_int_equal(jg_dotted_parse("2.5.0a0+872d972e41", &v), 5);
    assert_int_equal(v.part[2], 0);
}

static void exact_checks_parts_and_width(void **state)
{
    (void)state;
    assert_true(jg_dotted_exact("36.4.3", 3, 3, NULL));
    assert_false(jg_dotted_exact("36.4", 3, 3, NULL));
    assert_false(jg_dotted_exact("36.4.3.1", 1, 3, NULL));
    assert_true(jg_dotted_exact("9", 1, 4, NULL));
    assert_false(jg_dotted_exact("", 1, 4, NULL));
    assert_false(jg_dotted_exact("1.", 1, 4, NULL));
    assert_false(jg_dotted_exact(".1", 1, 4, NULL));
    assert_false(jg_dotted_exact("1..2", 1, 4, NULL));
    assert_false(jg_dotted_exact("12.6 ", 1, 4, NULL));
    assert_true(jg_dotted_exact("123456789.1", 1, 4, NULL));
    assert_false(jg_dotted_exact("1234567890.1", 1, 4, NULL)); /* would not fit an int */
}

static void parts_and_saturation(void **state)
{
    (void)state;
    assert_int_equal(jg_dotted_part("36.4.3", 0), 36);
    assert_int_equal(jg_dotted_part("36.4.3", 1), 4);
    assert_int_equal(jg_dotted_part("36", 1), -1);
    assert_int_equal(jg_dotted_part("x", 0), -1);
    assert_int_equal(jg_dotted_part(NULL, 0), -1);
    jg_dotted v;
    jg_dotted_parse("99999999999999999999999.1", &v);
    assert_true(v.part[0] > 0); /* saturated, never wrapped negative */
    assert_int_equal(v.widest, 23);
}

static void compare_pads_with_zeros(void **state)
{
    (void)state;
    jg_dotted a, b;
    jg_dotted_parse("12.6", &a);
    jg_dotted_parse("12.6.0", &b);
    assert_int_equal(jg_dotted_cmp(&a, &b), 0);
    jg_dotted_parse("12.10", &b);
    assert_true(jg_dotted_cmp(&a, &b) < 0); /* numeric, not text: 6 < 10 */
    assert_true(jg_dotted_cmp(&b, &a) > 0);
    jg_dotted_parse("36.4.3", &a);
    jg_dotted_parse("36.4.10", &b);
    assert_true(jg_dotted_cmp(&a, &b) < 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_stops_where_the_number_ends),
        cmocka_unit_test(exact_checks_parts_and_width),
        cmocka_unit_test(parts_and_saturation),
        cmocka_unit_test(compare_pads_with_zeros),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
