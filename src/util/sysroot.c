#include "util/sysroot.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
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

/* The next component of todo: copied into comp (cut at NAME_MAX); *rest
 * points past it, *last says nothing follows. false when todo is used up. */
static bool next_component(const char *todo, char comp[NAME_MAX + 1], const char **rest, bool *last)
{
    const char *p = todo + strspn(todo, "/");
    size_t clen = strcspn(p, "/");
    if (clen == 0)
        return false;
    *rest = p + clen;
    memcpy(comp, p, clen > NAME_MAX ? NAME_MAX : clen);
    comp[clen > NAME_MAX ? NAME_MAX : clen] = '\0';
    *last = (*rest)[strspn(*rest, "/")] == '\0';
    return true;
}

/* The link at host, spliced in front of rest: the new todo (malloc'd), or
 * NULL with errno. An absolute target restarts at the root (done emptied). */
static char *splice_link(const char *host, const char *rest, char *done)
{
    char target[PATH_MAX];
    ssize_t n = readlink(host, target, sizeof target - 1);
    if (n < 0)
        return NULL; /* it was a link a moment ago: never let the kernel walk it */
    target[n] = '\0';
    if (target[0] == '/')
        done[0] = '\0';
    /* rest is "" or starts with "/": adding one here would turn a link to a
     * file, as the last component, into "file/" (ENOTDIR). */
    return join3(target, "", rest);
}

/* Walk rel one component at a time below the root; a link's target is
 * spliced in front of what remains. Every component reaching the final
 * path has been checked not to be a link (the last one unless follow_last
 * is false), so the kernel never follows one out of the root. More than
 * MAX_LINK_HOPS links fail with ELOOP, as the kernel would: handing the
 * rest over unresolved was the escape of issue #15 row 1. NULL with errno
 * (ELOOP, ENOMEM, or readlink's) on failure. */
static char *resolve_in_root(const jg_root *r, const char *rel, bool follow_last)
{
    char *done = strdup(""), *todo = strdup(rel), *host = NULL; /* done: "" or "/a/b" */
    int hops = 0, err = ENOMEM;
    char comp[NAME_MAX + 1];
    const char *rest;
    bool last;
    while (done && todo && next_component(todo, comp, &rest, &last)) {
        if (strcmp(comp, ".") == 0 || strcmp(comp, "..") == 0) {
            if (comp[1] == '.')
                pop_component(done);
            memmove(todo, rest, strlen(rest) + 1);
            continue;
        }
        char *cand = join3(done, "/", comp);
        char *path = cand ? join3(r->dir, cand, "") : NULL;
        struct stat st;
        bool is_link = path && lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
        char *next = NULL;
        if (is_link && (!last || follow_last)) {
            if (++hops > MAX_LINK_HOPS)
                err = ELOOP;
            else if (!(next = splice_link(path, rest, done)))
                err = errno;
            free(cand);
            free(path);
            free(todo);
            todo = next;
            continue;
        }
        free(path);
        free(done);
        done = cand;
        memmove(todo, rest, strlen(rest) + 1);
    }
    if (done && todo)
        host = join3(r->dir, done[0] ? "" : "/", done);
    free(done);
    free(todo);
    if (!host)
        errno = err;
    return host;
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
        out->type = e == EINVAL ? (st.st_mode & S_IFMT) : 0;
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
        int e = errno;
        memset(out, 0, sizeof *out);
        return fail(out, e);
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
        return -errno;
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
        return -errno;
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

const char *jg_blob_why(const jg_blob *b, size_t cap, char *buf, size_t n)
{
    static const struct {
        mode_t type;
        const char *what;
    } kinds[] = {{S_IFIFO, "a FIFO"}, {S_IFCHR, "a character device"}, {S_IFBLK, "a block device"},
                 {S_IFSOCK, "a socket"}};
    if (b->status == JG_R_TOO_BIG) {
        snprintf(buf, n, "larger than %zu bytes (the limit for this input)", cap);
        return buf;
    }
    for (size_t i = 0; b->type && i < sizeof kinds / sizeof *kinds; i++)
        if (b->type == kinds[i].type) {
            snprintf(buf, n, "%s, not a regular file", kinds[i].what);
            return buf;
        }
    snprintf(buf, n, "%s", b->err == EISDIR ? "a directory, not a file" : strerror(b->err));
    return buf;
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
