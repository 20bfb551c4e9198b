#include "gate/commit.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence/write.h"
#include "util/msg.h"

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

/* The requested commit (flag, else GITHUB_SHA) must be HEAD. */
static int check_requested(const char *flag, const char *env, const char *head, char *err,
                           size_t n)
{
    const char *want = flag ? flag : env;
    if (!want || strcmp(want, head) == 0)
        return 0;
    snprintf(err, n, "%s %.60s is not HEAD (%s) of the tested checkout: evidence is bound to the "
                     "code that ran; check that commit out, or drop %s",
             flag ? "--commit" : "GITHUB_SHA", want, head, flag ? "--commit" : "GITHUB_SHA");
    return -1;
}

/* The paths of `git status --porcelain` (two status letters and a blank
 * before each), comma-separated into out until it is full, then "...". */
static void name_dirty_files(const char *status, char *out, size_t n)
{
    size_t used = 0, count = 0;
    out[0] = '\0';
    for (const char *line = status; *line;) {
        size_t len = strcspn(line, "\n");
        const char *path = len > 3 ? line + 3 : line;
        int plen = (int)(len > 3 ? len - 3 : len);
        int w = snprintf(out + used, n - used, "%s%.*s", count ? ", " : "", plen, path);
        if (w < 0 || used + (size_t)w + 5 >= n) {
            snprintf(out + used, n - used, "%s...", count ? ", " : "");
            return;
        }
        used += (size_t)w;
        count++;
        line += len + (line[len] == '\n');
    }
}

int jg_commit_resolve(const char *flag, jg_commit *out, char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    out->dirty = -1;
    const char *env = getenv("GITHUB_SHA");
    env = env && *env ? env : NULL;
    if (flag && take(flag, "flag", out, err, n) != 0)
        return -1;
    char *head = jg_git_line("rev-parse", "HEAD", NULL);
    if (!head) {
        if (!flag && !env) {
            snprintf(err, n, "no --commit, no GITHUB_SHA, and `git rev-parse HEAD` failed "
                             "(not a git checkout?)");
            return -1;
        }
        if (!jg_quiet)
            jg_warn("run: not a git checkout: the evidence for %s cannot be tied to the code that "
                    "ran, and no claim will accept it", flag ? flag : env);
        if (!jg_repo_here(out->repo, sizeof out->repo))
            out->repo[0] = '\0';
        return flag ? 0 : take(env, "GITHUB_SHA", out, err, n);
    }
    int rc = take(head, "git", out, err, n);
    if (rc == 0)
        rc = check_requested(flag, env, head, err, n);
    free(head);
    if (rc != 0)
        return rc;
    char *status = jg_git("status", "--porcelain", NULL);
    if (status) {
        out->dirty = status[0] != '\0';
        name_dirty_files(status, out->dirty_files, sizeof out->dirty_files);
    }
    free(status);
    char *top = jg_git_line("rev-parse", "--show-toplevel", NULL);
    snprintf(out->root, sizeof out->root, "%s", top ? top : "");
    free(top);
    if (!jg_repo_here(out->repo, sizeof out->repo))
        out->repo[0] = '\0';
    return 0;
}
