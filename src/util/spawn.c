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

double jg_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct sink {
    int fd;
    char *buf;
    size_t len, cap;
    bool truncated;
} sink;

static void sink_read(sink *s)
{
    char tmp[16384];
    ssize_t n = read(s->fd, tmp, sizeof tmp);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        close(s->fd);
        s->fd = -1;
        return;
    }
    size_t room = s->cap - s->len;
    size_t take = (size_t)n < room ? (size_t)n : room;
    if (take < (size_t)n)
        s->truncated = true; /* keep draining so the child never blocks on a full pipe */
    memcpy(s->buf + s->len, tmp, take);
    s->len += take;
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

static void setup_child_io(int out_w, int err_w, const jg_spawn_opts *o)
{
    setpgid(0, 0);
    /* Default dispositions and no blocked signals: a crash must look like a crash. */
    for (int sig = 1; sig < NSIG; sig++)
        if (sig != SIGKILL && sig != SIGSTOP)
            signal(sig, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int in = open("/dev/null", O_RDONLY);
    if (o->stdin_text) {
        int p[2];
        if (pipe(p) == 0) {
            /* Small inputs only (the probe script): fits the pipe buffer. */
            ssize_t w = write(p[1], o->stdin_text, strlen(o->stdin_text));
            (void)w;
            close(p[1]);
            in = p[0];
        }
    }
    dup2(in, 0);
    dup2(out_w, 1);
    dup2(err_w, 2);
    if (o->cwd && chdir(o->cwd) != 0)
        _exit(127);
}

/* Parent side: read both pipes until they close or the deadline passes. */
static void supervise(pid_t pid, sink *out, sink *err, const jg_spawn_opts *o, double t0,
                      jg_child *res)
{
    bool timed_out = false;
    while (out->fd >= 0 || err->fd >= 0) {
        struct pollfd pf[2] = {{out->fd, POLLIN, 0}, {err->fd, POLLIN, 0}};
        int wait_ms = -1;
        if (o->timeout_s > 0) {
            double left = t0 + o->timeout_s - jg_now();
            if (left <= 0) {
                timed_out = true;
                break;
            }
            wait_ms = (int)(left * 1000) + 1;
        }
        int n = poll(pf, 2, wait_ms);
        if (n < 0 && errno == EINTR)
            continue;
        if (pf[0].revents && out->fd >= 0)
            sink_read(out);
        if (pf[1].revents && err->fd >= 0)
            sink_read(err);
    }
    int status = 0;
    bool reaped = false;
    /* The pipes closed, but a child may close them and keep running. */
    while (!timed_out && !reaped) {
        pid_t w = waitpid(pid, &status, o->timeout_s > 0 ? WNOHANG : 0);
        if (w == pid)
            reaped = true;
        else if (w < 0 && errno != EINTR)
            break;
        else if (o->timeout_s > 0 && jg_now() > t0 + o->timeout_s)
            timed_out = true;
        else if (w == 0) {
            struct timespec ts = {0, 2 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    if (timed_out) {
        kill_group(pid, o->grace_s > 0 ? o->grace_s : 0.5);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    }
    kill(-pid, SIGKILL); /* grandchildren left in the group hold nothing we need */
    res->seconds = jg_now() - t0;
    if (timed_out)
        res->outcome = JG_CHILD_TIMEOUT;
    else if (WIFSIGNALED(status)) {
        res->outcome = JG_CHILD_SIGNALED;
        res->signo = WTERMSIG(status);
    } else {
        res->outcome = JG_CHILD_EXITED;
        res->code = WEXITSTATUS(status);
    }
}

static int spawn(jg_child_fn fn, void *arg, char *const argv[], const jg_spawn_opts *o,
                 jg_child *res)
{
    memset(res, 0, sizeof *res);
    jg_spawn_opts dflt = {0};
    if (!o)
        o = &dflt;
    int po[2], pe[2];
    if (pipe(po) != 0)
        goto nospawn;
    if (pipe(pe) != 0) {
        close(po[0]);
        close(po[1]);
        goto nospawn;
    }
    fflush(NULL);
    double t0 = jg_now();
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(po[0]); close(po[1]); close(pe[0]); close(pe[1]);
        errno = e;
        goto nospawn;
    }
    if (pid == 0) {
        close(po[0]);
        close(pe[0]);
        setup_child_io(po[1], pe[1], o);
        if (fn) {
            int code = fn(arg);
            fflush(NULL);
            _exit(code);
        }
        if (o->envp)
            execve(argv[0], argv, o->envp);
        else
            execvp(argv[0], argv);
        dprintf(2, "exec %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    close(po[1]);
    close(pe[1]);
    sink out = {po[0], NULL, 0, o->out_cap ? o->out_cap : (1u << 20), false};
    sink err = {pe[0], NULL, 0, o->err_cap ? o->err_cap : (64u << 10), false};
    out.buf = malloc(out.cap + 1);
    err.buf = malloc(err.cap + 1);
    if (!out.buf || !err.buf) {
        out.cap = err.cap = 0; /* drain without keeping */
    }
    supervise(pid, &out, &err, o, t0, res);
    if (out.fd >= 0) close(out.fd);
    if (err.fd >= 0) close(err.fd);
    if (out.buf) out.buf[out.len] = '\0';
    if (err.buf) err.buf[err.len] = '\0';
    res->out = out.buf;
    res->out_len = out.len;
    res->out_truncated = out.truncated;
    res->errtxt = err.buf;
    res->err_len = err.len;
    return 0;
nospawn:
    res->outcome = JG_CHILD_NOSPAWN;
    res->err = errno;
    return -1;
}

int jg_spawn_fn(jg_child_fn fn, void *arg, const jg_spawn_opts *o, jg_child *res)
{
    return spawn(fn, arg, NULL, o, res);
}

int jg_spawn_argv(char *const argv[], const jg_spawn_opts *o, jg_child *res)
{
    return spawn(NULL, NULL, argv, o, res);
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
