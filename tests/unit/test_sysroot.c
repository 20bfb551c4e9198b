/* Links inside a --root never lead out of it (issue #15 row 1): after 40
 * hops inside the root the resolver used to hand the rest of the path to
 * the kernel, which followed an absolute link on the host. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/sysroot.h"

static char root[64];

static void at(char *p, size_t n, const char *rel)
{
    snprintf(p, n, "%s/%s", root, rel);
}

/* rel -> l0 -> l1 -> ... -> l<hops-1> -> target, all in etc/. */
static void chain(const char *rel, int hops, const char *target)
{
    char p[512], t[64];
    for (int i = 0; i < hops; i++) {
        snprintf(t, sizeof t, "etc/l%d", i);
        at(p, sizeof p, t);
        snprintf(t, sizeof t, "l%d", i + 1);
        unlink(p);
        assert_int_equal(symlink(i + 1 < hops ? t : target, p), 0);
    }
    at(p, sizeof p, rel);
    unlink(p);
    assert_int_equal(symlink("l0", p), 0);
}

static int setup(void **state)
{
    (void)state;
    strcpy(root, "/tmp/jg-sysroot-XXXXXX");
    assert_non_null(mkdtemp(root));
    char p[512];
    at(p, sizeof p, "etc");
    mkdir(p, 0755);
    at(p, sizeof p, "etc/passwd");
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs("inside the root\n", f);
    fclose(f);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    return system(cmd);
}

static void long_chain_to_host_file_is_a_loop(void **state)
{
    (void)state;
    jg_root r;
    assert_true(jg_root_init(&r, root));
    chain("etc/nv_tegra_release", 41, "/etc/passwd");
    jg_blob b;
    assert_int_not_equal(jg_read(&r, "etc/nv_tegra_release", JG_CAP_SMALL, &b), JG_R_OK);
    assert_int_equal(b.err, ELOOP);
    assert_null(b.data);
    struct stat st;
    assert_int_equal(jg_stat(&r, "etc/nv_tegra_release", &st), -ELOOP);
    char **names;
    assert_int_equal(jg_listdir(&r, "etc/nv_tegra_release", &names), -ELOOP);
    /* as a directory in the middle of a path, too */
    assert_int_not_equal(jg_read(&r, "etc/nv_tegra_release/x", JG_CAP_SMALL, &b), JG_R_OK);
    assert_int_equal(b.err, ELOOP);
    jg_root_free(&r);
}

static void chain_within_the_limit_stays_inside(void **state)
{
    (void)state;
    jg_root r;
    assert_true(jg_root_init(&r, root));
    chain("etc/release", 39, "/etc/passwd"); /* 40 hops with the first link */
    jg_blob b;
    assert_int_equal(jg_read(&r, "etc/release", JG_CAP_SMALL, &b), JG_R_OK);
    assert_string_equal(b.data, "inside the root\n");
    jg_blob_free(&b);
    jg_root_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(long_chain_to_host_file_is_a_loop),
        cmocka_unit_test(chain_within_the_limit_stays_inside),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
