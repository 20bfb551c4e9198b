#define _GNU_SOURCE /* mkostemp */
#include "util/atomic.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/cleanup.h"

/* A temp file without a writer's pid (the old name form) counts as stale
 * after this long: no write takes minutes. */
#define OLD_TEMP_STALE_S (10 * 60)

static int write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Is entry ".NAME.tmp.<pid>.XXXXXX" (or the old ".NAME.tmp.XXXXXX") left by
 * a writer that is gone? A live pid is never touched: it may be writing. */
static bool stale_temp(const char *dir, const char *entry, const char *prefix)
{
    size_t k = strlen(prefix);
    if (strncmp(entry, prefix, k) != 0)
        return false;
    char *end;
    long pid = strtol(entry + k, &end, 10);
    if (end != entry + k && *end == '.' && pid > 0)
        return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
    char path[PATH_MAX];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, entry);
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
           time(NULL) - st.st_mtime > OLD_TEMP_STALE_S;
}

/* Temp files of earlier runs that were killed mid-write (issue #15 row 11). */
static void remove_stale(const char *dir, const char *name)
{
    char prefix[NAME_MAX + 16];
    snprintf(prefix, sizeof prefix, ".%s.tmp.", name);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        char path[PATH_MAX];
        if (stale_temp(dir, e->d_name, prefix) &&
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
            unlink(path);
    }
    if (d)
        closedir(d);
}

static int fail_with(int fd, const char *tmp)
{
    int e = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    jg_cleanup_remove_file(tmp);
    errno = e;
    return -1;
}

int jg_atomic_write(const char *dir, const char *name, const char *data, size_t len)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return -1;
    char tmp[PATH_MAX], dst[PATH_MAX];
    if (snprintf(dst, sizeof dst, "%s/%s", dir, name) >= (int)sizeof dst ||
        snprintf(tmp, sizeof tmp, "%s/.%s.tmp.%ld.XXXXXX", dir, name, (long)getpid()) >=
            (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    remove_stale(dir, name);
    int fd = mkostemp(tmp, O_CLOEXEC);
    if (fd < 0)
        return -1;
    jg_cleanup_add_file(tmp); /* a signal now removes it */
    /* mkostemp makes 0600; evidence is meant to be read by the CI uploader. */
    if (fchmod(fd, 0644) != 0 || write_all(fd, data, len) != 0 || fsync(fd) != 0)
        return fail_with(fd, tmp);
    if (close(fd) != 0 || rename(tmp, dst) != 0)
        return fail_with(-1, tmp);
    jg_cleanup_remove_file(tmp);
    sync_dir(dir);
    return 0;
}

int jg_atomic_write_path(const char *path, const char *data, size_t len)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (!slash)
        return jg_atomic_write(".", path, data, len);
    size_t n = (size_t)(slash - path);
    if (n >= sizeof dir) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(dir, path, n);
    dir[n] = '\0';
    return jg_atomic_write(n ? dir : "/", slash + 1, data, len);
}
