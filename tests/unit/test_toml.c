/* The strict TOML 1.0 reader: every value form the dependency files use,
 * the lines findings cite, and each invalid document refused with its line.
 * Expected values were checked against Python's tomllib. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "install/toml.h"

static json_t *parse_ok(const char *text, jg_toml *doc)
{
    char err[256];
    int rc = jg_toml_parse("t.toml", text, strlen(text), doc, err, sizeof err);
    if (rc != 0)
        fail_msg("unexpected error: %s", err);
    return doc->root;
}

static void refused(const char *text, const char *want)
{
    jg_toml doc;
    char err[256];
    assert_int_equal(jg_toml_parse("t.toml", text, strlen(text), &doc, err, sizeof err), -1);
    if (!strstr(err, want))
        fail_msg("error '%s' lacks '%s'", err, want);
}

static void test_values(void **state)
{
    (void)state;
    jg_toml doc;
    json_t *r = parse_ok("# c\n\"name\" = 'lit\\'\nbasic = \"a\\u00e9\\\"\\tb\"\n"
                         "multi = \"\"\"\nx \\\n   y\"\"\"\nraw = '''\nq''\n'''\n"
                         "i = -17\nh = 0xdead_beef\nf = 6.02e23\nb = true\n"
                         "d = 1979-05-27 07:32:00Z\narr = [1, [2, 3], \"s\",]\n"
                         "inl = { a.b = 1, c = \"x\" }\n",
                         &doc);
    (void)r;
    assert_string_equal(json_string_value(json_object_get(r, "name")), "lit\\");
    assert_string_equal(json_string_value(json_object_get(r, "basic")), "a\xc3\xa9\"\tb");
    assert_string_equal(json_string_value(json_object_get(r, "multi")), "x y");
    assert_string_equal(json_string_value(json_object_get(r, "raw")), "q''\n");
    assert_int_equal(json_integer_value(json_object_get(r, "h")), 0xdeadbeef);
    assert_true(json_is_true(json_object_get(r, "b")));
    assert_string_equal(json_string_value(json_object_get(r, "d")), "1979-05-27 07:32:00Z");
    assert_int_equal(json_array_size(json_object_get(r, "arr")), 3);
    assert_int_equal(json_integer_value(
                         json_object_get(json_object_get(json_object_get(r, "inl"), "a"), "b")),
                     1);
    assert_int_equal(jg_toml_line(&doc, json_object_get(r, "multi")), 4);
    assert_int_equal(jg_toml_line(&doc, json_object_get(r, "i")), 10);
    jg_toml_free(&doc);
}

static void test_tables(void **state)
{
    (void)state;
    jg_toml doc;
    /* [project.urls] before [project] (lerobot's pyproject.toml), [[ a ]] spacing,
     * dotted keys inside a table, a sub-table of an array element. */
    json_t *r = parse_ok("[project.urls]\nhome = \"h\"\n[project]\nname = \"x\"\n"
                         "[[ package ]]\nname = \"torch\"\nsource.registry = \"r\"\n"
                         "[package.optional-dependencies]\nq = [{ name = \"bitsandbytes\" }]\n"
                         "[[package]]\nname = \"numpy\"\n",
                         &doc);
    json_t *pkgs = json_object_get(r, "package");
    assert_int_equal(json_array_size(pkgs), 2);
    json_t *torch = json_array_get(pkgs, 0);
    assert_string_equal(json_string_value(json_object_get(json_object_get(torch, "source"),
                                                          "registry")), "r");
    assert_non_null(json_object_get(json_object_get(torch, "optional-dependencies"), "q"));
    assert_int_equal(jg_toml_line(&doc, json_object_get(torch, "name")), 6);
    assert_string_equal(json_string_value(json_object_get(json_object_get(
                            json_object_get(r, "project"), "urls"), "home")), "h");
    jg_toml_free(&doc);
}

static void test_refusals(void **state)
{
    (void)state;
    refused("a = 1\na = 2\n", "t.toml:2: key 'a' is defined twice");
    refused("[a]\nx = 1\n[a]\n", "t.toml:3: table [a] is defined twice");
    refused("a = [1]\n[[a]]\n", "not an array of tables");
    refused("a = {b = 1}\n[a.c]\n", "'a' is not a table that can be extended");
    refused("[fruit]\napple.color = 'red'\n[fruit.apple]\n", "table [apple] is defined twice");
    refused("s = \"x\ny\"\n", "t.toml:1: unterminated string");
    refused("s = \"\\q\"\n", "invalid escape");
    refused("s = \"\\ud800\"\n", "not a Unicode scalar value");
    refused("n = 012\n", "invalid number");
    refused("n = 1__0\n", "invalid number");
    refused("t = {a = 1,}\n", "no trailing comma");
    refused("t = {a = 1,\n b = 2}\n", "inline table");
    refused("a = 1 b = 2\n", "expected the end of the line");
    refused("[a\n", "to close the table header");
    refused("s = \"\xff\"\n", "not valid UTF-8");
    refused("x = \"\"\"abc\n", "unterminated string");
    jg_toml doc;
    char err[256];
    assert_int_equal(jg_toml_parse("t.toml", "a = 1\0\n", 7, &doc, err, sizeof err), -1);
    assert_non_null(strstr(err, "binary data"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
