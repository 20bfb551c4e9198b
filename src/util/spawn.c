#define _GNU_SOURCE /* pipe2 */
#include "util/spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/adopted.h"
#include "util/cleanup.h"
#include "util/env.h"
#include "util/spawn_child.h"
#include "util/spawn_sink.h"

extern char **environ;

/* After the child is reaped, output still in the pipes is read for this long;
 * a background process that kept a copy of a pipe must not hold the gate. */
#define DRAIN_AFTER_EXIT_S 0.25
#define REAP_POLL_MS 50

double jg_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void kill_group(pid_t pid, double grace)
{
    kill(-pid, SIGTERM);
    double end = jg_now() + grace;
    while (jg_now() < end) {
        if (waitpid(pid, NULL, WNOHANG) != 0)
            break;
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    kill(-pid, SIGKILL);
}

static int poll_ms(double until, int cap_ms)
{
    double left = until - jg_now();
    if (left <= 0)
        return 0;
    return left * 1000 < cap_ms ? (int)(left * 1000) + 1 : cap_ms;
}

/* Read both pipes while the child runs; stop at its exit (plus a short drain)
 * or at the deadline. Returns true when the child was reaped. */
static bool supervise(pid_t pid, jg_sink *out, jg_sink *err, double deadline, int *status,
                      double *reaped_at)
{
    bool reaped = false;
    double drain_end = 0;
    int idle_ms = 1;
    for (;;) {
        if (reaped && ((out->fd < 0 && err->fd < 0) || jg_now() >= drain_end))
            return true;
        if (!reaped && jg_now() >= deadline)
            return false;
        /* With both pipes at EOF only the exit is left to see, and nothing
         * wakes poll for it: look again after 1, 2, 4 ... ms, not a flat 50. */
        int cap = REAP_POLL_MS;
        if (out->fd < 0 && err->fd < 0) {
            cap = idle_ms;
            idle_ms = idle_ms * 2 < REAP_POLL_MS ? idle_ms * 2 : REAP_POLL_MS;
        }
        struct pollfd pf[2] = {{out->fd, POLLIN, 0}, {err->fd, POLLIN, 0}};
        int n = poll(pf, 2, poll_ms(reaped ? drain_end : deadline, cap));
        if (n > 0 && pf[0].revents)
            jg_sink_read(out);
        if (n > 0 && pf[1].revents)
            jg_sink_read(err);
        if (!reaped && waitpid(pid, status, WNOHANG) == pid) {
            reaped = true;
            *reaped_at = jg_now();
            drain_end = *reaped_at + DRAIN_AFTER_EXIT_S;
        }
    }
}

static void judge(bool reaped, int status, jg_child *res)
{
    if (!reaped) {
        res->outcome = JG_CHILD_TIMEOUT;
    } else if (WIFSIGNALED(status)) {
        res->outcome = JG_CHILD_SIGNALED;
        res->signo = WTERMSIG(status);
    } else {
        res->outcome = JG_CHILD_EXITED;
        res->code = WEXITSTATUS(status);
    }
}

static void collect(pid_t pid, int out_r, int err_r, const jg_spawn_opts *o, double t0,
                    jg_child *res)
{
    jg_sink out, err;
    jg_sink_init(&out, out_r, o->out_cap ? o->out_cap : (1u << 20));
    jg_sink_init(&err, err_r, o->err_cap ? o->err_cap : (64u << 10));
    double deadline = o->timeout_s > 0 ? t0 + o->timeout_s : 1e300, reaped_at = 0;
    int status = 0;
    bool reaped = supervise(pid, &out, &err, deadline, &status, &reaped_at);
    if (!reaped) {
        kill_group(pid, o->grace_s > 0 ? o->grace_s : 0.5);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    }
    kill(-pid, SIGKILL); /* what is left in the group holds nothing we need */
    jg_cleanup_remove_group(pid);
    jg_adopted_kill(0); /* and what left the group for a session of its own (children
                           still running alongside, jg_spawn_fn_start's, are kept) */
    res->seconds = (reaped ? reaped_at : jg_now()) - t0;
    judge(reaped, status, res);
    res->out = jg_sink_finish(&out, &res->out_len, &res->out_truncated);
    bool err_cut;
    res->errtxt = jg_sink_finish(&err, &res->err_len, &err_cut);
}

static int pipes(int po[2], int pe[2])
{
    if (pipe2(po, O_CLOEXEC) != 0)
        return -1;
    if (pipe2(pe, O_CLOEXEC) == 0)
        return 0;
    int e = errno;
    close(po[0]);
    close(po[1]);
    errno = e;
    return -1;
}

/* Forks the keeper with the forwarded signals blocked until its group is on
 * the cleanup list: a Ctrl-C in between must not miss it. */
static pid_t start(const jg_child_plan *plan)
{
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        jg_spawn_keeper(plan);
    int e = errno;
    if (pid > 0) {
        setpgid(pid, pid); /* also here: the group must exist before we signal it */
        jg_cleanup_add_group(pid);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = e;
    return pid;
}

/* Forks the child and leaves it running: job holds what jg_spawn_finish needs. */
static int spawn_start(jg_child_plan *plan, const jg_spawn_opts *o, jg_spawn_job *job,
                       jg_child *res)
{
    memset(job, 0, sizeof *job);
    job->pid = -1;
    int po[2], pe[2];
    if (pipes(po, pe) != 0) {
        res->outcome = JG_CHILD_NOSPAWN;
        res->err = errno;
        return -1;
    }
    plan->out_w = po[1];
    plan->err_w = pe[1];
    plan->stdin_text = o->stdin_text;
    plan->cwd = o->cwd;
    plan->parent = getpid();
    job->t0 = jg_now();
    pid_t pid = start(plan);
    int e = errno;
    close(po[1]);
    close(pe[1]);
    if (pid < 0) {
        close(po[0]);
        close(pe[0]);
        res->outcome = JG_CHILD_NOSPAWN;
        res->err = e;
        return -1;
    }
    job->pid = pid;
    job->out_r = po[0];
    job->err_r = pe[0];
    job->opts = *o;
    job->opts.envp = NULL; /* used at the fork only; the caller may free it now */
    return 0;
}

void jg_spawn_finish(jg_spawn_job *job, jg_child *res)
{
    if (job->pid < 0)
        return; /* never started: res says why */
    collect(job->pid, job->out_r, job->err_r, &job->opts, job->t0, res);
    job->pid = -1;
}

static int spawn(jg_child_plan *plan, const jg_spawn_opts *o, jg_child *res)
{
    jg_spawn_job job;
    if (spawn_start(plan, o, &job, res) != 0)
        return -1;
    jg_spawn_finish(&job, res);
    return 0;
}

int jg_spawn_fn(jg_child_fn fn, void *arg, const jg_spawn_opts *o, jg_child *res)
{
    static const jg_spawn_opts dflt;
    memset(res, 0, sizeof *res);
    jg_child_plan plan = {.fn = fn, .arg = arg};
    return spawn(&plan, o ? o : &dflt, res);
}

int jg_spawn_fn_start(jg_child_fn fn, void *arg, const jg_spawn_opts *o, jg_spawn_job *job,
                      jg_child *res)
{
    static const jg_spawn_opts dflt;
    memset(res, 0, sizeof *res);
    jg_child_plan plan = {.fn = fn, .arg = arg};
    return spawn_start(&plan, o ? o : &dflt, job, res);
}

int jg_spawn_argv(char *const argv[], const jg_spawn_opts *o, jg_child *res)
{
    static const jg_spawn_opts dflt;
    memset(res, 0, sizeof *res);
    if (!o)
        o = &dflt;
    /* Every child gets the one environment policy (util/env.h); a caller's
     * own envp is expected to come from jg_env_build too. */
    char **own = o->envp ? NULL : jg_env_build(environ, NULL, 0);
    char *exe = jg_which(argv[0]);
    jg_child_plan plan = {.argv = argv, .exe = exe ? exe : argv[0],
                          .envp = o->envp ? o->envp : own};
    int rc = -1;
    if (!plan.envp) {
        res->outcome = JG_CHILD_NOSPAWN;
        res->err = ENOMEM;
    } else {
        rc = spawn(&plan, o, res);
    }
    free(exe);
    jg_env_free(own);
    return rc;
}

void jg_child_free(jg_child *c)
{
    free(c->out);
    free(c->errtxt);
    c->out = c->errtxt = NULL;
}

void jg_child_describe(const jg_child *c, char *buf, size_t n)
{
    switch (c->outcome) {
    case JG_CHILD_EXITED:
        snprintf(buf, n, "exited with code %d", c->code);
        break;
    case JG_CHILD_SIGNALED:
        snprintf(buf, n, "killed by signal %d (%s)", c->signo, strsignal(c->signo));
        break;
    case JG_CHILD_TIMEOUT:
        snprintf(buf, n, "timed out after %.1f s", c->seconds);
        break;
    case JG_CHILD_NOSPAWN:
        snprintf(buf, n, "could not start: %s", strerror(c->err));
        break;
    }
}
