/* A copy of the project's source tree for pip to build from, so that a
 * build backend's output (setuptools' build/ and *.egg-info, a backend's
 * caches) lands in the copy and the checkout stays exactly as it was: a
 * dirty tree would block every claim. Virtual environments (a directory
 * holding pyvenv.cfg) are not source and are not copied. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "install/setup.h"

static int copy_file(const char *from, const char *to, mode_t mode, char *why, size_t n)
{
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 07777);
    char buf[65536];
    ssize_t got = 0;
    while (out >= 0 && (got = read(in, buf, sizeof buf)) > 0)
        for (ssize_t off = 0, w; off < got; off += w)
            if ((w = write(out, buf + off, (size_t)(got - off))) < 0) {
                got = -1;
                break;
            }
    int err = errno;
    bool ok = in >= 0 && out >= 0 && got == 0;
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        ok = false;
    if (!ok)
        snprintf(why, n, "cannot copy %s to %s: %s", from, to, strerror(err));
    return ok ? 0 : -1;
}

static bool is_venv(const char *dir)
{
    char cfg[PATH_MAX + 16];
    struct stat st;
    snprintf(cfg, sizeof cfg, "%s/pyvenv.cfg", dir);
    return stat(cfg, &st) == 0;
}

static int copy_entry(const char *from, const char *to, char *why, size_t n);

static int copy_dir(const char *from, const char *to, mode_t mode, char *why, size_t n)
{
    if (mkdir(to, (mode & 07777) | 0700) != 0)
        return snprintf(why, n, "cannot create %s: %s", to, strerror(errno)), -1;
    DIR *d = opendir(from);
    if (!d)
        return snprintf(why, n, "cannot read %s: %s", from, strerror(errno)), -1;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char a[PATH_MAX], b[PATH_MAX];
        if ((size_t)snprintf(a, sizeof a, "%s/%s", from, e->d_name) >= sizeof a ||
            (size_t)snprintf(b, sizeof b, "%s/%s", to, e->d_name) >= sizeof b)
            rc = (snprintf(why, n, "path too long under %s", from), -1);
        else
            rc = copy_entry(a, b, why, n);
    }
    closedir(d);
    return rc;
}

static int copy_entry(const char *from, const char *to, char *why, size_t n)
{
    struct stat st;
    if (lstat(from, &st) != 0)
        return snprintf(why, n, "cannot stat %s: %s", from, strerror(errno)), -1;
    if (S_ISDIR(st.st_mode))
        return is_venv(from) ? 0 : copy_dir(from, to, st.st_mode, why, n);
    if (S_ISREG(st.st_mode))
        return copy_file(from, to, st.st_mode, why, n);
    if (S_ISLNK(st.st_mode)) {
        char target[PATH_MAX];
        ssize_t k = readlink(from, target, sizeof target - 1);
        if (k < 0)
            return snprintf(why, n, "cannot read link %s: %s", from, strerror(errno)), -1;
        target[k] = '\0';
        if (symlink(target, to) != 0)
            return snprintf(why, n, "cannot link %s: %s", to, strerror(errno)), -1;
    }
    return 0; /* sockets, fifos, devices: not source */
}

int jg_tree_copy(const char *from, const char *to, char *why, size_t n)
{
    return copy_entry(from, to, why, n);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

int jg_tree_remove(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* The git work tree PROJECT is in (the nearest directory above with .git),
 * else PROJECT itself: a monorepo's sub-project may name ../shared files. */
void jg_source_root(const char *project, char *root, size_t n)
{
    char dir[PATH_MAX], probe[PATH_MAX + 8];
    struct stat st;
    if (!realpath(project, dir)) {
        snprintf(root, n, "%s", project);
        return;
    }
    for (char *cut = dir + strlen(dir);;) {
        snprintf(probe, sizeof probe, "%s/.git", dir[0] ? dir : "");
        if (lstat(probe, &st) == 0) {
            snprintf(root, n, "%s", dir[0] ? dir : "/");
            return;
        }
        cut = strrchr(dir, '/');
        if (!cut || cut == dir)
            break;
        *cut = '\0';
    }
    if (!realpath(project, root))
        snprintf(root, n, "%s", project);
}
