#include "gate/commit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence/write.h"
#include "util/env.h"
#include "util/spawn.h"

extern char **environ;

#define GIT_TIMEOUT_S 30.0

/* Runs git with args; returns its stdout (malloc'd) when it exits 0, else NULL. */
static char *git(const char *a1, const char *a2)
{
    char *exe = jg_which("git");
    if (!exe)
        return NULL;
    char **envp = jg_env_build(environ, NULL, JG_ENV_OFFLINE);
    char *argv[] = {exe, (char *)a1, (char *)a2, NULL};
    jg_spawn_opts o = {.timeout_s = GIT_TIMEOUT_S, .envp = envp};
    jg_child c;
    char *out = NULL;
    if (envp && jg_spawn_argv(argv, &o, &c) == 0) {
        if (c.outcome == JG_CHILD_EXITED && c.code == 0 && c.out) {
            out = c.out;
            c.out = NULL;
        }
        jg_child_free(&c);
    }
    jg_env_free(envp);
    free(exe);
    return out;
}

static int take(const char *sha, const char *source, jg_commit *out, char *err, size_t n)
{
    if (!jg_commit_sha_valid(sha)) {
        snprintf(err, n, "commit from %s is not 40 lowercase hexadecimal digits: '%.60s'", source,
                 sha ? sha : "");
        return -1;
    }
    memcpy(out->sha, sha, 41);
    out->source = source;
    return 0;
}

int jg_commit_resolve(const char *flag, jg_commit *out, char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    out->dirty = -1;
    int rc;
    const char *env = getenv("GITHUB_SHA");
    if (flag) {
        rc = take(flag, "flag", out, err, n);
    } else if (env && *env) {
        rc = take(env, "GITHUB_SHA", out, err, n);
    } else {
        char *head = git("rev-parse", "HEAD");
        if (!head) {
            snprintf(err, n, "no --commit, no GITHUB_SHA, and `git rev-parse HEAD` failed "
                             "(not a git checkout?)");
            return -1;
        }
        head[strcspn(head, "\r\n")] = '\0';
        rc = take(head, "git", out, err, n);
        free(head);
    }
    if (rc != 0)
        return rc;
    char *status = git("status", "--porcelain");
    if (status)
        out->dirty = status[0] != '\0';
    free(status);
    return 0;
}
