/* The shared plumbing: sysroot reads and link resolution inside a root,
 * strict JSON, atomic writes, and child supervision. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic.h"
#include "util/json.h"
#include "util/spawn.h"
#include "util/sysroot.h"

static char tmpdir[64];

static void put(const char *rel, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", tmpdir, rel);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int setup(void **state)
{
    (void)state;
    strcpy(tmpdir, "/tmp/jg-util-XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    char p[512];
    const char *dirs[] = {"sys", "sys/fw", "sys/fw/base", "proc", "etc"};
    for (size_t i = 0; i < 5; i++) {
        snprintf(p, sizeof p, "%s/%s", tmpdir, dirs[i]);
        mkdir(p, 0755);
    }
    put("sys/fw/base/model", "NVIDIA Jetson AGX Orin Developer Kit");
    snprintf(p, sizeof p, "%s/proc/device-tree", tmpdir);
    assert_int_equal(symlink("/sys/fw/base", p), 0); /* absolute: must stay in root */
    snprintf(p, sizeof p, "%s/etc/up", tmpdir);
    assert_int_equal(symlink("../../../../../..", p), 0); /* escapes: clamped at root */
    put("etc/secret", "x");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd);
}

static void absolute_link_resolves_inside_root(void **state)
{
    (void)state;
    jg_root r;
    assert_true(jg_root_init(&r, tmpdir));
    jg_blob b;
    assert_int_equal(jg_read(&r, "proc/device-tree/model", JG_CAP_SMALL, &b), JG_R_OK);
    assert_string_equal(b.data, "NVIDIA Jetson AGX Orin Developer Kit");
    jg_blob_free(&b);
    /* ".." never climbs above the root */
    assert_int_equal(jg_read(&r, "etc/up/etc/secret", JG_CAP_SMALL, &b), JG_R_OK);
    jg_blob_free(&b);
    assert_int_equal(jg_read(&r, "etc/nope", JG_CAP_SMALL, &b), JG_R_MISSING);
    assert_int_equal(b.err, ENOENT);
    assert_int_equal(jg_read(&r, "etc", JG_CAP_SMALL, &b), JG_R_UNREADABLE);
    jg_root_free(&r);
}

static void read_is_capped(void **state)
{
    (void)state;
    jg_root r;
    assert_true(jg_root_init(&r, tmpdir));
    jg_blob b;
    assert_int_equal(jg_read(&r, "sys/fw/base/model", 5, &b), JG_R_TOO_BIG);
    assert_int_equal(b.len, 5);
    assert_string_equal(b.data, "NVIDI");
    jg_blob_free(&b);
    jg_root_free(&r);
}

static void json_rejects_duplicates_with_position(void **state)
{
    (void)state;
    jg_jerr e;
    const char *t = "{\n  \"a\": 1,\n  \"a\": 2\n}\n";
    assert_null(jg_json_parse(t, strlen(t), "p.json", &e));
    assert_non_null(strstr(e.text, "p.json:3:"));
    assert_non_null(strstr(e.text, "duplicate"));
}

static void json_depth_is_bounded(void **state)
{
    (void)state;
    char deep[400];
    memset(deep, '[', 200);
    memset(deep + 200, ']', 200);
    jg_jerr e;
    assert_null(jg_json_parse(deep, sizeof deep, "deep.json", &e));
    assert_non_null(strstr(e.text, "nested deeper"));
    assert_int_equal(jg_json_depth("[\"[[[\"]", 7), 1);
}

static void json_output_is_canonical(void **state)
{
    (void)state;
    json_t *o = json_pack("{s:i,s:o}", "b", 1, "a", jg_json_real(0.0 / 0.0));
    char *s = jg_json_string(o);
    assert_string_equal(s, "{\n  \"a\": null,\n  \"b\": 1\n}\n");
    free(s);
    json_decref(o);
}

static void atomic_write_replaces_whole_file(void **state)
{
    (void)state;
    char dir[600];
    snprintf(dir, sizeof dir, "%s/out", tmpdir);
    assert_int_equal(jg_atomic_write(dir, "e.json", "old\n", 4), 0);
    assert_int_equal(jg_atomic_write(dir, "e.json", "new!\n", 5), 0);
    jg_blob b;
    char p[700];
    snprintf(p, sizeof p, "%s/e.json", dir);
    assert_int_equal(jg_read_path(p, 100, &b), JG_R_OK);
    assert_string_equal(b.data, "new!\n");
    jg_blob_free(&b);
}

static int child_prints(void *arg)
{
    printf("{\"x\": %d}\n", *(int *)arg);
    return 3;
}

static int child_hangs(void *arg)
{
    (void)arg;
    signal(SIGTERM, SIG_IGN); /* only SIGKILL can end it */
    for (;;)
        pause();
    return 0;
}

static int child_crashes(void *arg)
{
    (void)arg;
    raise(SIGSEGV);
    return 0;
}

static void spawn_reports_each_outcome(void **state)
{
    (void)state;
    int v = 7;
    jg_child c;
    jg_spawn_opts o = {.timeout_s = 5};
    jg_spawn_fn(child_prints, &v, &o, &c);
    assert_int_equal(c.outcome, JG_CHILD_EXITED);
    assert_int_equal(c.code, 3);
    assert_string_equal(c.out, "{\"x\": 7}\n");
    jg_child_free(&c);

    o.timeout_s = 0.3;
    o.grace_s = 0.1;
    jg_spawn_fn(child_hangs, NULL, &o, &c);
    assert_int_equal(c.outcome, JG_CHILD_TIMEOUT);
    assert_true(c.seconds < 2.0);
    jg_child_free(&c);

    o.timeout_s = 5;
    jg_spawn_fn(child_crashes, NULL, &o, &c);
    assert_int_equal(c.outcome, JG_CHILD_SIGNALED);
    assert_int_equal(c.signo, SIGSEGV);
    jg_child_free(&c);

    char *argv[] = {"/bin/sh", "-c", "echo hi; echo oops >&2; exit 4", NULL};
    jg_spawn_argv(argv, &o, &c);
    assert_int_equal(c.code, 4);
    assert_string_equal(c.out, "hi\n");
    assert_string_equal(c.errtxt, "oops\n");
    jg_child_free(&c);

    /* A child that closes its pipes and keeps running still meets the deadline. */
    char *argv2[] = {"/bin/sh", "-c", "exec >&- 2>&-; sleep 30", NULL};
    o.timeout_s = 0.3;
    jg_spawn_argv(argv2, &o, &c);
    assert_int_equal(c.outcome, JG_CHILD_TIMEOUT);
    jg_child_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(absolute_link_resolves_inside_root),
        cmocka_unit_test(read_is_capped),
        cmocka_unit_test(json_rejects_duplicates_with_position),
        cmocka_unit_test(json_depth_is_bounded),
        cmocka_unit_test(json_output_is_canonical),
        cmocka_unit_test(atomic_write_replaces_whole_file),
        cmocka_unit_test(spawn_reports_each_outcome),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
