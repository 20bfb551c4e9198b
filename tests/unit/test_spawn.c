/* Child supervision under hostile children (issue #15 rows 3, 6, 12): no
 * descriptor but 0-2 reaches a child, a background process that kept a pipe
 * does not hold jetgate, the end of a flood of output survives the cap,
 * secrets stay out of a child's environment, and nothing outlives a parent
 * that is killed with SIGKILL. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/proc_stat.h"
#include "util/spawn.h"

static void sh(const char *script, double timeout_s, jg_child *c)
{
    char *argv[] = {"/bin/sh", "-c", (char *)script, NULL};
    jg_spawn_opts o = {.timeout_s = timeout_s};
    assert_int_equal(jg_spawn_argv(argv, &o, c), 0);
}

static void child_keeps_only_fds_0_to_2(void **state)
{
    (void)state;
    int extra = open("/dev/null", O_RDONLY); /* no O_CLOEXEC: the child must close it anyway */
    assert_true(extra > 2);
    jg_child c;
    /* The descriptors of a process the shell started, not those of ls itself;
     * looked at once it has exec'd sleep (between fork and exec the shell's
     * child may briefly hold a descriptor of its own). */
    sh("sleep 2 & sleep 0.5; ls /proc/$!/fd | tr '\\n' ' '", 5, &c);
    close(extra);
    assert_int_equal(c.outcome, JG_CHILD_EXITED);
    assert_string_equal(c.out, "0 1 2 ");
    jg_child_free(&c);
}

static void background_process_does_not_hold_the_gate(void **state)
{
    (void)state;
    static const char *const hooks[] = {
        "(setsid sh -c 'exec >/dev/null 2>&1 </dev/null; sleep 4' &); echo cuda",
        "(setsid sleep 4 &); echo cuda", /* even one that keeps our pipe as its stdout */
    };
    for (size_t i = 0; i < 2; i++) {
        jg_child c;
        double t0 = jg_now();
        sh(hooks[i], 3, &c);
        assert_true(jg_now() - t0 < 2.0);
        assert_int_equal(c.outcome, JG_CHILD_EXITED);
        assert_int_equal(c.code, 0);
        assert_string_equal(c.out, "cuda\n");
        jg_child_free(&c);
    }
}

static void flood_keeps_its_last_line(void **state)
{
    (void)state;
    jg_child c;
    sh("head -c 3000000 /dev/zero | tr '\\0' x; echo; echo cuda; "
       "head -c 200000 /dev/zero | tr '\\0' y >&2; echo 'Error: the end' >&2", 20, &c);
    assert_int_equal(c.outcome, JG_CHILD_EXITED);
    assert_true(c.out_truncated);
    assert_int_equal(c.out_len, 1u << 20);
    assert_int_equal(c.out[0], 'x');
    const char *tail = c.out + c.out_len - 6;
    assert_string_equal(tail, "\ncuda\n");
    assert_string_equal(c.errtxt + c.err_len - 15, "Error: the end\n");
    jg_child_free(&c);
}

static void default_environment_has_no_secrets(void **state)
{
    (void)state;
    setenv("GITHUB_TOKEN", "ghp_canary", 1);
    setenv("JG_HARMLESS", "kept", 1);
    jg_child c;
    sh("env", 5, &c);
    assert_null(strstr(c.out, "ghp_canary"));
    assert_non_null(strstr(c.out, "JG_HARMLESS=kept"));
    jg_child_free(&c);
    unsetenv("GITHUB_TOKEN");
}

static bool alive(pid_t pid)
{
    char p[64], st[256] = "";
    snprintf(p, sizeof p, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(p, "r");
    if (!f)
        return false;
    size_t n = fread(st, 1, sizeof st - 1, f);
    fclose(f);
    st[n] = '\0';
    const char *close_paren = strrchr(st, ')');
    return close_paren && close_paren[1] == ' ' && close_paren[2] != 'Z';
}

static void nothing_outlives_a_killed_parent(void **state)
{
    (void)state;
    char pidfile[] = "/tmp/jg-spawn-pids-XXXXXX";
    int fd = mkstemp(pidfile);
    assert_true(fd >= 0);
    close(fd);
    pid_t parent = fork();
    assert_true(parent >= 0);
    if (parent == 0) {
        char script[256];
        snprintf(script, sizeof script, "sleep 30 & echo $! > %s; sleep 30", pidfile);
        jg_child c;
        sh(script, 60, &c);
        _exit(0);
    }
    pid_t grandchild = 0;
    for (int i = 0; i < 200 && grandchild <= 0; i++) {
        usleep(20000);
        FILE *f = fopen(pidfile, "r");
        if (f && fscanf(f, "%d", &grandchild) != 1)
            grandchild = 0;
        if (f)
            fclose(f);
    }
    assert_true(grandchild > 0);
    kill(parent, SIGKILL);
    waitpid(parent, NULL, 0);
    for (int i = 0; i < 100 && alive(grandchild); i++)
        usleep(20000);
    unlink(pidfile);
    assert_false(alive(grandchild));
}

static int sleep_then_print(void *arg)
{
    struct timespec ts = {0, 300 * 1000 * 1000};
    nanosleep(&ts, NULL);
    printf("done %s\n", (const char *)arg);
    return 0;
}

/* Started children run at once (the wall time is one sleep, not two), and a
 * child supervised to its end meanwhile does not end them: the orphan sweep
 * after each child (util/adopted.h) keeps children still on the list. */
static void started_children_run_at_once(void **state)
{
    (void)state;
    jg_spawn_job a, b;
    jg_child ca, cb, fg;
    double t0 = jg_now();
    assert_int_equal(jg_spawn_fn_start(sleep_then_print, "a", NULL, &a, &ca), 0);
    assert_int_equal(jg_spawn_fn_start(sleep_then_print, "b", NULL, &b, &cb), 0);
    sh("exit 0", 5, &fg); /* ends, and sweeps orphans, while a and b sleep */
    assert_int_equal(fg.outcome, JG_CHILD_EXITED);
    jg_child_free(&fg);
    jg_spawn_finish(&b, &cb);
    jg_spawn_finish(&a, &ca);
    double wall = jg_now() - t0;
    assert_int_equal(ca.outcome, JG_CHILD_EXITED);
    assert_int_equal(ca.code, 0);
    assert_string_equal(ca.out, "done a\n");
    assert_int_equal(cb.outcome, JG_CHILD_EXITED);
    assert_string_equal(cb.out, "done b\n");
    assert_true(wall < 0.55); /* sequential would be 0.6 s and more */
    jg_child_free(&ca);
    jg_child_free(&cb);
}

/* A started child that outlives its deadline while nobody waits is a
 * timeout when finished, never a result. */
static void started_child_keeps_its_deadline(void **state)
{
    (void)state;
    jg_spawn_job j;
    jg_child c;
    jg_spawn_opts o = {.timeout_s = 0.1, .grace_s = 0.1};
    assert_int_equal(jg_spawn_fn_start(sleep_then_print, "late", &o, &j, &c), 0);
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
    jg_spawn_finish(&j, &c);
    assert_int_equal(c.outcome, JG_CHILD_TIMEOUT);
    assert_null(strstr(c.out ? c.out : "", "late"));
    jg_child_free(&c);
}

/* A command name the way a hostile one may look: "a) (b" */
static void prctl_name_odd(void)
{
    prctl(PR_SET_NAME, "a) 1 2 (b", 0, 0, 0);
}

/* /proc/PID/stat's parent and group, a command name with ") (" inside
 * included; a process that is gone reads -1. */
static void proc_stat_reads_parent_and_group(void **state)
{
    (void)state;
    /* another process, as jetgate reads them: under qemu-user a process's
     * own /proc/self/stat is the emulator's rendering, with 0 for its parent */
    pid_t ppid = 0, pgrp = 0;
    pid_t child = fork();
    if (child == 0) {
        setpgid(0, 0);
        prctl_name_odd();
        pause();
        _exit(0);
    }
    char name[24];
    snprintf(name, sizeof name, "%d", (int)child);
    for (int i = 0; i < 200 && (jg_proc_stat_ids(name, &ppid, &pgrp) != 0 || pgrp != child); i++)
        usleep(10000);
    kill(child, SIGKILL); /* before any assert: a failed one must not leave it */
    waitpid(child, NULL, 0);
    assert_int_equal(ppid, getpid());
    assert_int_equal(pgrp, child);
    assert_int_equal(jg_proc_stat_ids(name, &ppid, &pgrp), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(child_keeps_only_fds_0_to_2),
        cmocka_unit_test(background_process_does_not_hold_the_gate),
        cmocka_unit_test(flood_keeps_its_last_line),
        cmocka_unit_test(default_environment_has_no_secrets),
        cmocka_unit_test(nothing_outlives_a_killed_parent),
        cmocka_unit_test(proc_stat_reads_parent_and_group),
        cmocka_unit_test(started_children_run_at_once),
        cmocka_unit_test(started_child_keeps_its_deadline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
