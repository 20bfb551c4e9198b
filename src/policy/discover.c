/* Policy discovery (policy/discover.h). The git root is found by walking up
 * from the current directory rather than by running git: a command that only
 * reads a policy must not depend on git being installed, and a worktree or
 * submodule marks its root with a .git file just as a clone does with a
 * directory. */
#include "policy/discover.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "policy/policy.h"
#include "util/msg.h"

int jg_git_root(const char *dir, char *out, size_t n)
{
    char cur[PATH_MAX];
    if (!realpath(dir, cur))
        return -1;
    for (;;) {
        char probe[PATH_MAX + 8];
        struct stat st;
        snprintf(probe, sizeof probe, "%s/.git", strcmp(cur, "/") == 0 ? "" : cur);
        if (lstat(probe, &st) == 0 && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode))) {
            if (strlen(cur) >= n)
                return -1;
            memcpy(out, cur, strlen(cur) + 1);
            return 0;
        }
        char *slash = strrchr(cur, '/');
        if (!slash || strcmp(cur, "/") == 0)
            return -1;
        if (slash == cur)
            cur[1] = '\0';
        else
            *slash = '\0';
    }
}

bool jg_owner_trusted(uid_t owner, uid_t euid)
{
    return owner == euid || owner == 0;
}

int jg_policy_check_owner(const char *root, const char *policy, jg_jerr *err)
{
    char paths[4][PATH_MAX + 32];
    snprintf(paths[0], sizeof paths[0], "%s", root);
    snprintf(paths[1], sizeof paths[1], "%s/.git", strcmp(root, "/") == 0 ? "" : root);
    snprintf(paths[2], sizeof paths[2], "%s/%s", strcmp(root, "/") == 0 ? "" : root,
             JG_POLICY_PROJECT_DIR);
    snprintf(paths[3], sizeof paths[3], "%s", policy);
    for (int i = 0; i < 5; i++) {
        struct stat st;
        const char *p = paths[i < 4 ? i : 3];
        int rc = i < 4 ? lstat(p, &st) : stat(p, &st); /* the last: the link's target */
        if (rc == 0 && jg_owner_trusted(st.st_uid, geteuid()))
            continue;
        if (rc != 0)
            snprintf(err->text, sizeof err->text, "%.300s: cannot check its owner: %s", p,
                     strerror(errno));
        else
            snprintf(err->text, sizeof err->text,
                     "%.300s is owned by uid %u, not by you or root: the project policy there is "
                     "not trusted (it names commands jetgate runs); name it with --policy or $%s "
                     "to use it anyway",
                     p, (unsigned)st.st_uid, JG_POLICY_ENV);
        return -1;
    }
    return 0;
}

static void set_path(jg_policy_src *src, enum jg_policy_origin origin, const char *path)
{
    src->origin = origin;
    /* A name that does not fit is refused by jg_policy_load_from, never read cut short. */
    int n = snprintf(src->path, sizeof src->path, "%s", path);
    src->too_long = n < 0 || (size_t)n >= sizeof src->path;
}

void jg_policy_discover(const char *flag, jg_policy_src *src)
{
    const char *env = getenv(JG_POLICY_ENV);
    char root[PATH_MAX];
    if (flag) {
        set_path(src, JG_POLICY_FROM_FLAG, flag);
    } else if (env && *env) {
        set_path(src, JG_POLICY_FROM_ENV, env);
    } else if (jg_git_root(".", root, sizeof root) == 0) {
        char path[PATH_MAX + sizeof JG_POLICY_PROJECT_PATH + 1];
        snprintf(path, sizeof path, "%s/%s", strcmp(root, "/") == 0 ? "" : root,
                 JG_POLICY_PROJECT_PATH);
        if (access(path, F_OK) == 0 && strlen(path) < sizeof src->path)
            set_path(src, JG_POLICY_FROM_GIT_ROOT, path);
        else
            set_path(src, JG_POLICY_FROM_EMBEDDED, "");
    } else {
        set_path(src, JG_POLICY_FROM_EMBEDDED, "");
    }
}

json_t *jg_policy_load_from(const char *flag, jg_policy_src *src, jg_jerr *err)
{
    jg_policy_discover(flag, src);
    if (src->origin == JG_POLICY_FROM_EMBEDDED)
        return jg_policy_load(NULL, err);
    if (src->too_long) {
        snprintf(err->text, sizeof err->text, "%.300s...: policy file name longer than %d bytes",
                 src->path, PATH_MAX - 1);
        return NULL;
    }
    if (src->origin == JG_POLICY_FROM_GIT_ROOT) {
        char root[PATH_MAX];
        size_t k = strlen(src->path) - strlen("/" JG_POLICY_PROJECT_PATH);
        snprintf(root, sizeof root, "%.*s", (int)k, src->path);
        if (jg_policy_check_owner(k ? root : "/", src->path, err) != 0)
            return NULL;
    }
    if (src->origin == JG_POLICY_FROM_ENV && access(src->path, F_OK) != 0) {
        /* Say where the name came from: the user may not know the variable is set. */
        snprintf(err->text, sizeof err->text, "%.300s (from $%s): cannot read: %s", src->path,
                 JG_POLICY_ENV, strerror(errno));
        return NULL;
    }
    return jg_policy_load(src->path, err);
}

const char *jg_policy_src_name(const jg_policy_src *src)
{
    return src->origin == JG_POLICY_FROM_EMBEDDED ? JG_POLICY_EMBEDDED_NAME : src->path;
}

const char *jg_policy_src_describe(const jg_policy_src *src, char *buf, size_t n)
{
    static const char *const why[] = {"--policy", ("$" JG_POLICY_ENV),
                                      "project policy at the git root"};
    if (src->origin == JG_POLICY_FROM_EMBEDDED)
        snprintf(buf, n, "%s (no %s at the git root; `jetgate init` writes one)",
                 JG_POLICY_EMBEDDED_NAME, JG_POLICY_PROJECT_PATH);
    else
        snprintf(buf, n, "%s (%s)", src->path, why[src->origin]);
    return buf;
}

json_t *jg_policy_open(const char *command, const char *flag, jg_policy_src *src)
{
    jg_jerr err = {{0}};
    json_t *policy = jg_policy_load_from(flag, src, &err);
    if (!policy) {
        jg_err("%s", err.text);
        return NULL;
    }
    char desc[PATH_MAX + 128];
    jg_progress("%s: policy: %s", command, jg_policy_src_describe(src, desc, sizeof desc));
    return policy;
}
