/* Run work in a child process with a deadline, and say how it ended.
 * The child gets its own process group, led by a keeper with a parent-death
 * signal (util/spawn_child.c), so nothing in the group outlives jetgate; it
 * keeps only fds 0-2. On timeout the whole group gets SIGTERM, then SIGKILL
 * after a short grace; signals jetgate receives are passed on to the group
 * (util/cleanup.h). Once the child exits, jetgate stops waiting for its
 * pipes: a background process that kept them open does not hold the gate. A hung, crashing or babbling
 * child becomes an outcome to report, never a hung or crashed jetgate.
 * CUDA probes use jg_spawn_fn (fork, no exec: the parent never loaded
 * libcuda); the Python probe and project hooks use jg_spawn_argv. */
#ifndef JG_SPAWN_H
#define JG_SPAWN_H
#include <stdbool.h>
#include <stddef.h>

enum jg_outcome {
    JG_CHILD_EXITED,   /* code holds the exit status */
    JG_CHILD_SIGNALED, /* signo holds the signal */
    JG_CHILD_TIMEOUT,  /* deadline passed; the group was killed */
    JG_CHILD_NOSPAWN,  /* fork/pipe/exec failed; err holds errno */
};

typedef struct jg_child {
    enum jg_outcome outcome;
    int code, signo, err;
    double seconds;  /* wall time from start to reap */
    char *out;       /* stdout, NUL-terminated; past the cap the first and last
                        halves are kept (util/spawn_sink.h) */
    size_t out_len;
    bool out_truncated;
    char *errtxt;    /* stderr, capped like out */
    size_t err_len;
} jg_child;

typedef struct jg_spawn_opts {
    double timeout_s;      /* 0 = no deadline */
    size_t out_cap;        /* default 1 MiB */
    size_t err_cap;        /* default 64 KiB */
    char *const *envp;     /* argv form; NULL = jg_env_build(environ, NULL, 0) */
    const char *stdin_text;/* NULL = /dev/null */
    const char *cwd;       /* NULL = unchanged */
    double grace_s;        /* SIGTERM to SIGKILL; default 0.5 */
} jg_spawn_opts;

/* fn runs in the child with stdout on fd 1; its return value is the exit code. */
typedef int (*jg_child_fn)(void *arg);

int jg_spawn_fn(jg_child_fn fn, void *arg, const jg_spawn_opts *o, jg_child *res);
int jg_spawn_argv(char *const argv[], const jg_spawn_opts *o, jg_child *res);

/* A child started and not yet waited for, so that independent children run at
 * once (the doctor's native probes beside its Python probe). Its deadline runs
 * from the start; until jg_spawn_finish its pipes are not read, so it suits
 * children whose output fits a pipe (a probe's result). */
typedef struct jg_spawn_job {
    int pid; /* the keeper; -1 when not running */
    int out_r, err_r;
    double t0;
    jg_spawn_opts opts;
} jg_spawn_job;
/* Like jg_spawn_fn without the wait: 0 with the child running, or -1 with res
 * saying why it could not start (jg_spawn_finish then leaves res as it is). */
int jg_spawn_fn_start(jg_child_fn fn, void *arg, const jg_spawn_opts *o, jg_spawn_job *job,
                      jg_child *res);
/* Supervises the child to its end or deadline and fills res, as jg_spawn_fn. */
void jg_spawn_finish(jg_spawn_job *job, jg_child *res);
void jg_child_free(jg_child *c);
/* "exited 0", "killed by SIGSEGV", "timed out after 5.0 s", ... */
void jg_child_describe(const jg_child *c, char *buf, size_t n);
double jg_now(void); /* monotonic seconds */

#endif
