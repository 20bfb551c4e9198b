#define _GNU_SOURCE /* mkostemp */
#include "util/outpath.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkdir -p: the default evidence folder is two levels deep. */
static int make_dirs(const char *dir)
{
    char p[PATH_MAX];
    if (snprintf(p, sizeof p, "%s", dir) >= (int)sizeof p) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(p, 0777) != 0 && errno != EEXIST)
                return -1;
            *s = '/';
        }
    return mkdir(p, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

int jg_dir_writable(const char *dir)
{
    if (make_dirs(dir) != 0)
        return -1;
    char probe[PATH_MAX];
    if (snprintf(probe, sizeof probe, "%s/.jetgate-write-test.XXXXXX", dir) >= (int)sizeof probe) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkostemp(probe, O_CLOEXEC);
    if (fd < 0)
        return -1;
    close(fd);
    unlink(probe);
    return 0;
}

const char *jg_dir_of(const char *path, char *buf, unsigned n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, n, ".");
    else if (slash == path)
        snprintf(buf, n, "/");
    else
        snprintf(buf, n, "%.*s", (int)(slash - path), path);
    return buf;
}

/* realpath of the directory, then the last component: a name for a file
 * that may not exist yet. NULL when the directory cannot be resolved. */
static char *resolved(const char *path)
{
    char dir[PATH_MAX];
    char *real = realpath(jg_dir_of(path, dir, sizeof dir), NULL);
    if (!real)
        return NULL;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t n = strlen(real) + strlen(base) + 2;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s/%s", strcmp(real, "/") == 0 ? "" : real, base);
    free(real);
    return out;
}

bool jg_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *ra = resolved(a), *rb = resolved(b);
    bool same = ra && rb ? strcmp(ra, rb) == 0 : strcmp(a, b) == 0;
    free(ra);
    free(rb);
    return same;
}
