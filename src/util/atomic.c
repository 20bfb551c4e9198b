#include "util/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

int jg_atomic_write(const char *dir, const char *name, const char *data, size_t len)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return -1;
    char tmp[PATH_MAX], dst[PATH_MAX];
    if (snprintf(dst, sizeof dst, "%s/%s", dir, name) >= (int)sizeof dst ||
        snprintf(tmp, sizeof tmp, "%s/.%s.tmp.XXXXXX", dir, name) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0)
        return -1;
    /* mkstemp makes 0600; evidence is meant to be read by the CI uploader. */
    if (fchmod(fd, 0644) != 0 || write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        unlink(tmp);
        errno = e;
        return -1;
    }
    if (close(fd) != 0 || rename(tmp, dst) != 0) {
        int e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
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
