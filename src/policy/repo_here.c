/* This checkout's identity, from the environment GitHub sets or from git
 * itself: the one reader `run` (what it records), `claim` and `report` (what
 * they claim for) and `lint` (whose issues a waiver may cite) share. */
#include <stdlib.h>
#include <string.h>

#include "policy/repo.h"
#include "util/env.h"
#include "util/msg.h"
#include "util/spawn.h"

extern char **environ;

#define GIT_TIMEOUT_S 30.0

char *jg_git(const char *a1, const char *a2, const char *a3)
{
    char *exe = jg_which("git");
    if (!exe)
        return NULL;
    char **envp = jg_env_build(environ, NULL, JG_ENV_OFFLINE);
    char *argv[] = {exe, (char *)a1, (char *)a2, (char *)a3, NULL};
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

char *jg_git_line(const char *a1, const char *a2, const char *a3)
{
    char *s = jg_git(a1, a2, a3);
    if (s)
        s[strcspn(s, "\r\n")] = '\0';
    return s;
}

/* The checkout's origin is what ran; GITHUB_REPOSITORY is what the runner
 * says. When both are known they must agree (a workflow may check out
 * another repository, or set the variable): otherwise the repository is
 * unknown, and no claim accepts a record without one. */
bool jg_repo_here(char *out, size_t n)
{
    static bool warned;
    const char *gh = getenv("GITHUB_REPOSITORY");
    char from_env[JG_REPO_MAX] = "", from_git[JG_REPO_MAX] = "";
    bool env_ok = gh && *gh && jg_repo_normalize(gh, getenv("GITHUB_SERVER_URL"), from_env,
                                                 sizeof from_env);
    char *origin = jg_git_line("remote", "get-url", "origin");
    bool git_ok = origin && jg_repo_normalize(origin, NULL, from_git, sizeof from_git);
    free(origin);
    if (env_ok && git_ok && strcmp(from_env, from_git) != 0) {
        if (!warned)
            jg_warn("GITHUB_REPOSITORY names %s but the checkout's origin is %s: the repository "
                    "is unknown", from_env, from_git);
        warned = true;
        return false;
    }
    const char *repo = git_ok ? from_git : from_env;
    if (!(env_ok || git_ok) || strlen(repo) >= n)
        return false;
    memcpy(out, repo, strlen(repo) + 1);
    return true;
}
