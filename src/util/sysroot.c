#include "util/sysroot.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_LINK_HOPS 40

bool jg_root_init(jg_root *r, const char *dir)
{
    memset(r, 0, sizeof *r);
    if (!dir || strcmp(dir, "/") == 0) {
        r->dir = strdup("");
        r->live = true;
        return r->dir != NULL;
    }
    struct stat st;
    if (stat(dir, &st) != 0)
        return false;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return false;
    }
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    r->dir = strndup(dir, n);
    return r->dir != NULL;
}

void jg_root_free(jg_root *r)
{
    free(r->dir);
    r->dir = NULL;
}

/* Path components still to walk, as one string we consume from the front. */
static char *join3(const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = malloc(la + lb + lc + 1);
    if (!s)
        return NULL;
    memcpy(s, a, la);
    memcpy(s + la, b, lb);
    memcpy(s + la + lb, c, lc + 1);
    return s;
}

static void pop_component(char *done)
{
    char *slash = strrchr(done, '/');
    if (slash)
        *slash = '\0';
}

/* Walk rel one component at a time below the root; a link's target is
 * spliced in front of what remains (absolute targets restart at the root). */
static char *resolve_in_root(const jg_root *r, const char *rel, bool follow_last)
{
    char *done = strdup(""); /* resolved part, "" or "/a/b" */
    char *todo = strdup(rel);
    int hops = 0;
    if (!done || !todo)
        goto oom;
    while (*todo) {
        char *p = todo;
        while (*p == '/')
            p++;
        size_t clen = strcspn(p, "/");
        if (clen == 0)
            break;
        char comp[NAME_MAX + 1];
        if (clen > NAME_MAX)
            clen = NAME_MAX;
        memcpy(comp, p, clen);
        comp[clen] = '\0';
        const char *rest = p + strcspn(p, "/");
        bool last = rest[strspn(rest, "/")] == '\0';
        if (strcmp(comp, ".") == 0) {
            memmove(todo, rest, strlen(rest) + 1);
            continue;
        }
        if (strcmp(comp, "..") == 0) {
            pop_component(done);
            memmove(todo, rest, strlen(rest) + 1);
            continue;
        }
        char *cand = join3(done, "/", comp);
        char *host = cand ? join3(r->dir, cand, "") : NULL;
        if (!host) {
            free(cand);
            goto oom;
        }
        struct stat st;
        bool is_link = lstat(host, &st) == 0 && S_ISLNK(st.st_mode);
        if (is_link && (!last || follow_last) && hops++ < MAX_LINK_HOPS) {
            char target[PATH_MAX];
            ssize_t n = readlink(host, target, sizeof target - 1);
            free(host);
            if (n < 0) {
                free(cand);
                goto append_rest;
            }
            target[n] = '\0';
            /* rest is "" or starts with "/": adding one here would turn a link to a
             * file, as the last component, into "file/" (ENOTDIR). */
            char *next = join3(target, "", rest);
            free(cand);
            if (!next)
                goto oom;
            if (target[0] == '/')
                done[0] = '\0';
            free(todo);
            todo = next;
            continue;
        }
        free(host);
        free(done);
        done = cand;
        memmove(todo, rest, strlen(rest) + 1);
    }
append_rest:;
    /* Whatever could not be walked (a missing component) is kept verbatim so
     * that the final open reports the right errno. */
    char *tail = join3(done, *todo && todo[0] != '/' ? "/" : "", todo);
    char *host = tail ? join3(r->dir, tail[0] ? "" : "/", tail) : NULL;
    free(tail);
    free(done);
    free(todo);
    return host;
oom:
    free(done);
    free(todo);
    return NULL;
}

char *jg_root_path(const jg_root *r, const char *rel, bool follow_last)
{
    while (*rel == '/')
        rel++;
    if (r->live)
        return join3("/", rel, "");
    return resolve_in_root(r, rel, follow_last);
}

static enum jg_rstatus fail(jg_blob *out, int err)
{
    out->err = err;
    out->status = (err == ENOENT || err == ENOTDIR) ? JG_R_MISSING : JG_R_UNREADABLE;
    return out->status;
}

static enum jg_rstatus read_fd(int fd, size_t cap, jg_blob *out)
{
    size_t size = 0, room = 4096 < cap + 1 ? 4096 : cap + 1;
    char *buf = malloc(room + 1);
    if (!buf)
        return fail(out, ENOMEM);
    for (;;) {
        if (size == room) {
            if (room > cap)
                break;
            size_t grow = room * 2 > cap + 1 ? cap + 1 : room * 2;
            char *nb = realloc(buf, grow + 1);
            if (!nb) {
                free(buf);
                return fail(out, ENOMEM);
            }
            buf = nb;
            room = grow;
        }
        ssize_t n = read(fd, buf + size, room - size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            free(buf);
            return fail(out, e);
        }
        if (n == 0)
            break;
        size += (size_t)n;
    }
    out->status = JG_R_OK;
    if (size > cap) {
        size = cap;
        out->status = JG_R_TOO_BIG;
    }
    buf[size] = '\0';
    out->data = buf;
    out->len = size;
    return out->status;
}

enum jg_rstatus jg_read_path(const char *path, size_t cap, jg_blob *out)
{
    memset(out, 0, sizeof *out);
    if (strcmp(path, "-") == 0)
        return read_fd(STDIN_FILENO, cap, out);
    /* O_NONBLOCK: a FIFO or device planted where a file is expected must not hang us. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return fail(out, errno);
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        close(fd);
        return fail(out, e);
    }
    enum jg_rstatus s = read_fd(fd, cap, out);
    close(fd);
    return s;
}

enum jg_rstatus jg_read(const jg_root *r, const char *rel, size_t cap, jg_blob *out)
{
    char *path = jg_root_path(r, rel, true);
    if (!path) {
        memset(out, 0, sizeof *out);
        return fail(out, ENOMEM);
    }
    enum jg_rstatus s = jg_read_path(path, cap, out);
    free(path);
    return s;
}

void jg_blob_free(jg_blob *b)
{
    free(b->data);
    b->data = NULL;
    b->len = 0;
}

static int stat_in_root(const jg_root *r, const char *rel, struct stat *st, bool follow)
{
    char *path = jg_root_path(r, rel, follow);
    if (!path)
        return -ENOMEM;
    int rc = follow ? stat(path, st) : lstat(path, st);
    int e = errno;
    free(path);
    return rc == 0 ? 0 : -e;
}

int jg_stat(const jg_root *r, const char *rel, struct stat *st)
{
    return stat_in_root(r, rel, st, true);
}

int jg_lstat(const jg_root *r, const char *rel, struct stat *st)
{
    return stat_in_root(r, rel, st, false);
}

char *jg_readlink(const jg_root *r, const char *rel)
{
    char *path = jg_root_path(r, rel, false);
    if (!path)
        return NULL;
    char target[PATH_MAX];
    ssize_t n = readlink(path, target, sizeof target - 1);
    int e = errno;
    free(path);
    if (n < 0) {
        errno = e;
        return NULL;
    }
    target[n] = '\0';
    return strdup(target);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int jg_listdir(const jg_root *r, const char *rel, char ***names)
{
    *names = NULL;
    char *path = jg_root_path(r, rel, true);
    if (!path)
        return -ENOMEM;
    DIR *d = opendir(path);
    int e = errno;
    free(path);
    if (!d)
        return -e;
    int n = 0, room = 0;
    char **v = NULL;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        if (n == room) {
            room = room ? room * 2 : 16;
            char **nv = realloc(v, (size_t)room * sizeof *v);
            if (!nv)
                break;
            v = nv;
        }
        v[n] = strdup(de->d_name);
        if (v[n])
            n++;
    }
    closedir(d);
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, cmp_names);
    *names = v;
    return n;
}

void jg_free_names(char **names, int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

const char *jg_rstatus_name(enum jg_rstatus s)
{
    switch (s) {
    case JG_R_OK: return "ok";
    case JG_R_MISSING: return "missing";
    case JG_R_UNREADABLE: return "unreadable";
    case JG_R_TOO_BIG: return "too big";
    }
    return "?";
}
