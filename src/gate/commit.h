/* Which commit a gate run is evidence for: --commit, else GITHUB_SHA, else
 * `git rev-parse HEAD`; and whether the working tree was dirty. */
#ifndef JG_GATE_COMMIT_H
#define JG_GATE_COMMIT_H
#include <stddef.h>

typedef struct jg_commit {
    char sha[41];
    const char *source; /* "flag" | "GITHUB_SHA" | "git" */
    int dirty;          /* 1 / 0, or -1 when git cannot tell */
} jg_commit;

/* 0, or -1 with err saying why (not 40 lowercase hex digits, git failed). */
int jg_commit_resolve(const char *flag, jg_commit *out, char *err, size_t n);

#endif
