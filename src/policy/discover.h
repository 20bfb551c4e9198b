/* Which policy a command uses, decided in one place so that no command can
 * silently fall back to the embedded default while the project has its own:
 * --policy FILE, else $JETGATE_POLICY, else the project policy at the root of
 * the git checkout holding the current directory (JG_POLICY_PROJECT_PATH),
 * else the embedded default policy. */
#ifndef JG_POLICY_DISCOVER_H
#define JG_POLICY_DISCOVER_H
#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

#include "util/json.h"

/* The conventional place, relative to the checkout root (docs/schema.md). */
#define JG_POLICY_PROJECT_DIR ".jetgate"
#define JG_POLICY_PROJECT_PATH ".jetgate/policy.json"
#define JG_POLICY_ENV "JETGATE_POLICY"

enum jg_policy_origin {
    JG_POLICY_FROM_FLAG,
    JG_POLICY_FROM_ENV,
    JG_POLICY_FROM_GIT_ROOT,
    JG_POLICY_FROM_EMBEDDED
};

typedef struct jg_policy_src {
    enum jg_policy_origin origin;
    char path[PATH_MAX]; /* empty for the embedded default */
    int too_long;        /* the name given did not fit in path: an error when loading */
} jg_policy_src;

/* The root of the git checkout holding dir (the nearest ancestor with a
 * .git directory or file); 0, or -1 when dir is in no checkout. */
int jg_git_root(const char *dir, char *out, size_t n);

/* May a file owned by owner be trusted by a process of effective uid euid?
 * Only the user's own and root's (as git does since CVE-2022-24765): a
 * project policy names commands jetgate runs. */
bool jg_owner_trusted(uid_t owner, uid_t euid);
/* 0 when the checkout root, its .git, .jetgate and the policy file (the link
 * and its target) are all trusted; else -1 with err saying whose they are
 * and how to opt in (--policy or $JETGATE_POLICY name a policy explicitly). */
int jg_policy_check_owner(const char *root, const char *policy, jg_jerr *err);

/* Decide the policy source (flag may be NULL). An empty $JETGATE_POLICY
 * counts as unset. Never fails: a file that is named but missing is an
 * error of jg_policy_load_from, so the message names it. */
void jg_policy_discover(const char *flag, jg_policy_src *src);
/* Discover and load; NULL with err filled (the caller prints it, exits 2). */
json_t *jg_policy_load_from(const char *flag, jg_policy_src *src, jg_jerr *err);

/* The path, or JG_POLICY_EMBEDDED_NAME. */
const char *jg_policy_src_name(const jg_policy_src *src);
/* "FILE (--policy)", "FILE ($JETGATE_POLICY)", "FILE (project policy at the
 * git root)" or "embedded default policy (no .jetgate/policy.json at the git
 * root)": what every human output prints after "policy: ". */
/* Discover and load for a command's human output: on failure print the error
 * (the caller exits 2) and return NULL; on success say on stderr which policy
 * is used ("<command>: policy: ..."). */
json_t *jg_policy_open(const char *command, const char *flag, jg_policy_src *src);
const char *jg_policy_src_describe(const jg_policy_src *src, char *buf, size_t n);

#endif
