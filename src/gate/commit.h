/* Which code a gate run is evidence for (issue 10 item 5): the commit is
 * `git rev-parse HEAD` of the tested checkout; a --commit or GITHUB_SHA that
 * differs from HEAD is refused. The repository is GITHUB_REPOSITORY (on
 * GITHUB_SERVER_URL's host), else the checkout's origin URL, normalised
 * (src/policy/repo.h). Outside a git checkout a --commit or GITHUB_SHA is
 * recorded with source "flag"/"GITHUB_SHA" and an unknown tree state: the
 * evidence is written, but no claim accepts it. */
#ifndef JG_GATE_COMMIT_H
#define JG_GATE_COMMIT_H
#include <stddef.h>

#include "policy/repo.h"

typedef struct jg_commit {
    char sha[41];
    const char *source; /* "git" (HEAD) | "flag" | "GITHUB_SHA" (no checkout to verify) */
    int dirty;          /* 1 / 0, or -1 when git cannot tell */
    char repo[JG_REPO_MAX]; /* "" when unknown */
    char root[1024];    /* the checkout's top level; "" outside a checkout */
    char dirty_files[512]; /* what makes the tree dirty: the first paths of `git status`, "" if clean */
} jg_commit;

/* 0, or -1 with err saying why (not 40 lowercase hex digits, differs from
 * HEAD, no commit at all). */
int jg_commit_resolve(const char *flag, jg_commit *out, char *err, size_t n);

#endif
