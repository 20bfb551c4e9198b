/* setup's uv.lock export (install/lockexport.c) and the one check of a
 * lock's values (install/lockcheck.c): issue #28 defect 1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "install/reqfile.h"
#include "install/setup.h"

#define H1 "sha256:1111111111111111111111111111111111111111111111111111111111111111"
#define H2 "sha256:2222222222222222222222222222222222222222222222222222222222222222"

static const char head[] = "version = 1\n"
                           "[[package]]\nname = \"app\"\nversion = \"1.0\"\n"
                           "source = { editable = \".\" }\n"
                           "dependencies = [{ name = \"helper\" }, { name = \"torch\" }]\n";

static char *export_of(const char *rest, char *why, size_t n)
{
    size_t len = strlen(head) + strlen(rest) + 1;
    char *text = malloc(len);
    snprintf(text, len, "%s%s", head, rest);
    jg_marker_env sel = {.python = "3.10"};
    char *out = jg_lock_export_text("uv.lock", text, strlen(text), &sel, why, n);
    free(text);
    return out;
}

static void keeps_hashes(void **state)
{
    (void)state;
    char why[512] = "";
    char *out = export_of("[[package]]\nname = \"helper\"\nversion = \"1.0\"\n"
                          "source = { registry = \"https://pypi.org/simple\" }\n"
                          "sdist = { url = \"https://x/helper-1.0.tar.gz\", hash = \"" H1 "\" }\n"
                          "wheels = [{ url = \"https://x/helper-1.0-py3-none-any.whl\", hash = \"" H2 "\" }]\n"
                          "[[package]]\nname = \"torch\"\nversion = \"2.6.0\"\n"
                          "source = { registry = \"https://pypi.org/simple\" }\n",
                          why, sizeof why);
    assert_non_null(out);
    assert_non_null(strstr(out, "\nhelper==1.0 --hash=" H2 " --hash=" H1 "\n"));
    assert_null(strstr(out, "\ntorch"));
    free(out);
}

static void refuses(const char *rest, const char *want)
{
    char why[512] = "";
    char *out = export_of(rest, why, sizeof why);
    if (out || !strstr(why, want))
        fail_msg("want a refusal naming '%s', got %s / '%s'", want, out ? out : "(null)", why);
    free(out);
}

/* Each forged value would have become its own requirement or pip option line. */
static void refuses_values_off_grammar(void **state)
{
    (void)state;
    refuses("[[package]]\nname = \"helper\"\nversion = \"1.0\\ntorch==2.6.0\"\n"
            "source = { registry = \"https://pypi.org/simple\" }\n",
            "uv.lock:9: '1.0\\x0atorch==2.6.0' is not a valid version");
    refuses("[[package]]\nname = \"helper\"\nversion = \"1.0 --index-url=https://evil\"\n",
            "is not a valid version");
    refuses("[[package]]\nname = \"helper\"\nversion = \"1.0\"\n"
            "[[package]]\nname = \"torch \"\nversion = \"2.6.0\"\n",
            "names no [[package]]"); /* "torch" is not "torch " */
    refuses("[[package]]\nname = \"helper\"\nversion = \"1.0\"\n"
            "dependencies = [{ name = \"torch \" }]\n"
            "[[package]]\nname = \"torch \"\nversion = \"2.6.0\"\n",
            "'torch ' is not a valid package name");
    refuses("[[package]]\nname = \"helper\"\nversion = \"1.0\"\n"
            "source = { url = \"https://x/h.whl\\n--extra-index-url https://evil\" }\n",
            "is not a valid source URL");
    refuses("[[package]]\nname = \"helper\"\nversion = \"1.0\"\n"
            "sdist = { url = \"https://x/h.tar.gz\", hash = \"sha256:abc\\n--pre\" }\n"
            "[[package]]\nname = \"torch\"\nversion = \"2.6.0\"\n",
            "is not a valid hash");
}

static void grammar(void **state)
{
    (void)state;
    assert_true(jg_pkg_name_ok("torch"));
    assert_true(jg_pkg_name_ok("zope.interface"));
    assert_true(jg_pkg_name_ok("A_b-c"));
    assert_false(jg_pkg_name_ok("torch "));
    assert_false(jg_pkg_name_ok("-torch"));
    assert_false(jg_pkg_name_ok("torch\n"));
    assert_false(jg_pkg_name_ok(""));
    assert_true(jg_hash_ok(H1));
    assert_false(jg_hash_ok("sha256:1111"));
    assert_false(jg_hash_ok("md5:1111111111111111111111111111111111111111111111111111111111111111"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keeps_hashes),
        cmocka_unit_test(refuses_values_off_grammar),
        cmocka_unit_test(grammar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
