/* Between jetgate and the work sits a keeper process. It leads the work's
 * process group and has a parent-death signal, so when jetgate dies, even of
 * SIGKILL, the keeper kills the whole group: the work's own children (a
 * hook's `sleep`, Python's workers) die with it, which a parent-death signal
 * on the work alone could not do. The keeper exits with the work's status
 * (or dies of its signal), so the parent sees the work's outcome. */
#define _GNU_SOURCE /* pipe2 */
#include "util/spawn_child.h"
#include "util/proc_stat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define KEEPER_DEATH_SIG SIGUSR1

static void kill_own_group(int sig)
{
    (void)sig;
    kill(0, SIGKILL); /* the keeper included: nothing is left to report to */
}

/* Everything but 0-2 closed: a leaked pipe end held by a hook's background
 * process would keep jetgate waiting for an EOF that never comes. */
static void close_from_3(void)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3u, ~0u, 0u) == 0)
        return;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536)
        max = 65536;
    for (int fd = 3; fd < max; fd++)
        close(fd);
}

static int stdin_fd(const char *text)
{
    if (!text)
        return open("/dev/null", O_RDONLY | O_CLOEXEC);
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return -1;
    /* Small inputs only (the probe script): they fit the pipe buffer. */
    ssize_t w = write(p[1], text, strlen(text));
    (void)w;
    close(p[1]);
    return p[0];
}

/* A parent-death signal, then the race check: a parent that died before
 * prctl took effect left us already orphaned, and no signal will come. */
static void die_with(pid_t parent, int sig)
{
    prctl(PR_SET_PDEATHSIG, sig);
    if (getppid() != parent)
        _exit(127);
}

static void default_signals(void)
{
    /* Default dispositions and no blocked signals: a crash must look like a crash. */
    for (int sig = 1; sig < NSIG; sig++)
        if (sig != SIGKILL && sig != SIGSTOP)
            signal(sig, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

static _Noreturn void work(const jg_child_plan *p, pid_t keeper)
{
    die_with(keeper, SIGKILL);
    default_signals();
    int in = stdin_fd(p->stdin_text);
    if (in >= 0 && in != 0) {
        dup2(in, 0);
        close(in);
    }
    if (p->cwd && chdir(p->cwd) != 0) {
        dprintf(2, "chdir %s: %s\n", p->cwd, strerror(errno));
        _exit(127);
    }
    if (p->fn) {
        int code = p->fn(p->arg);
        fflush(NULL);
        _exit(code);
    }
    execve(p->exe, p->argv, p->envp);
    dprintf(2, "exec %s: %s\n", p->argv[0], strerror(errno));
    _exit(127);
}

/* Process group of pid, or -1. */
static pid_t group_of(pid_t pid)
{
    char name[24];
    pid_t ppid, pgrp;
    snprintf(name, sizeof name, "%d", (int)pid);
    return jg_proc_stat_ids(name, &ppid, &pgrp) == 0 ? pgrp : -1;
}

/* The work has exited: what it left in the group (a hook's background job)
 * is killed now, while the keeper still stands between it and init. Were it
 * left to jetgate, a SIGKILL to jetgate in that moment would orphan it. */
static void kill_rest_of_group(void)
{
    pid_t self = getpid(), group = getpgrp();
    for (int pass = 0; pass < 3; pass++) {
        DIR *d = opendir("/proc");
        struct dirent *e;
        int found = 0;
        while (d && (e = readdir(d)) != NULL) {
            pid_t pid = (pid_t)atoi(e->d_name);
            if (pid > 0 && pid != self && group_of(pid) == group) {
                kill(pid, SIGKILL);
                found++;
            }
        }
        if (d)
            closedir(d);
        if (!found)
            break;
    }
}

/* Leave as the work left: same exit code, or death by the same signal. */
static _Noreturn void mirror(int status)
{
    if (WIFEXITED(status))
        _exit(WEXITSTATUS(status));
    int sig = WTERMSIG(status);
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none); /* the work's core is the one that matters */
    signal(sig, SIG_DFL);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    raise(sig);
    _exit(128 + sig);
}

_Noreturn void jg_spawn_keeper(const jg_child_plan *p)
{
    signal(KEEPER_DEATH_SIG, kill_own_group);
    die_with(p->parent, KEEPER_DEATH_SIG);
    setpgid(0, 0);
    /* Signals sent to the group are for the work; the keeper outlives it only to report. */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    dup2(p->out_w, 1);
    dup2(p->err_w, 2);
    close_from_3();
    pid_t keeper = getpid();
    pid_t w = fork();
    if (w < 0) {
        dprintf(2, "fork: %s\n", strerror(errno));
        _exit(127);
    }
    if (w == 0)
        work(p, keeper);
    close(1);
    close(2);
    int status = 0;
    while (waitpid(w, &status, 0) < 0)
        if (errno != EINTR)
            _exit(127);
    kill_rest_of_group();
    mirror(status);
}
