/* libFuzzer target: the sysroot resolver with links. The input builds a
 * small tree in a private temporary root, one entry per line:
 *   D name            a directory (name: [a-z0-9_.-] components, at most two)
 *   F name text       a file
 *   L name target     a symbolic link to any target (absolute, "..", chains)
 *   Q path            a query: resolve, read, stat, list, readlink
 * and aborts when a resolved path leaves the root (issue #15 row 1). Files
 * are only ever created below directories this target made itself, never
 * through a link, so a hostile input cannot write outside the root. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/sysroot.h"

static char root[64];

static void wipe(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[PATH_MAX];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            wipe(p);
            rmdir(p);
        } else {
            unlink(p);
        }
    }
    if (d)
        closedir(d);
}

/* name is safe to create: short components of [a-z0-9_.-], no "." / "..",
 * at most two, and the parent (if any) a real directory of ours. */
static bool safe_name(const char *name, char *host, size_t n)
{
    size_t len = strlen(name), comps = 1;
    if (len == 0 || len > 40 || name[0] == '/' || name[len - 1] == '/')
        return false;
    for (const char *p = name; *p; p++) {
        if (*p == '/')
            comps++;
        else if (!strchr("abcdefghijklmnopqrstuvwxyz0123456789_.-", *p))
            return false;
    }
    if (comps > 2 || strstr(name, "//") || !strncmp(name, ".", 1) || strstr(name, "/."))
        return false;
    snprintf(host, n, "%s/%s", root, name);
    const char *slash = strchr(name, '/');
    if (!slash)
        return true;
    char parent[PATH_MAX];
    snprintf(parent, sizeof parent, "%s/%.*s", root, (int)(slash - name), name);
    struct stat st;
    return lstat(parent, &st) == 0 && S_ISDIR(st.st_mode);
}

static void check_inside(const char *rel)
{
    jg_root r;
    if (!jg_root_init(&r, root))
        return;
    char *path = jg_root_path(&r, rel, true);
    if (path) {
        if (strncmp(path, root, strlen(root)) != 0)
            abort();
        char *real = realpath(path, NULL);
        if (real && strncmp(real, root, strlen(root)) != 0 && strcmp(real, "/") != 0)
            abort(); /* every component was checked: the kernel followed no link out */
        free(real);
        free(path);
    }
    jg_blob b;
    jg_read(&r, rel, 4096, &b);
    jg_blob_free(&b);
    struct stat st;
    (void)jg_stat(&r, rel, &st);
    (void)jg_lstat(&r, rel, &st);
    free(jg_readlink(&r, rel));
    char **names;
    int n = jg_listdir(&r, rel, &names);
    if (n > 0)
        jg_free_names(names, n);
    jg_root_free(&r);
}

static void line(char *l)
{
    if (strlen(l) < 3 || l[1] != ' ')
        return;
    char *arg = l + 2, host[PATH_MAX];
    char *sp = strchr(arg, ' ');
    if (l[0] == 'Q') {
        check_inside(arg);
        return;
    }
    if (sp)
        *sp++ = '\0';
    if (!safe_name(arg, host, sizeof host))
        return;
    if (l[0] == 'D') {
        mkdir(host, 0755);
    } else if (l[0] == 'L' && sp) {
        (void)symlink(sp, host);
    } else if (l[0] == 'F') {
        int fd = open(host, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0) {
            ssize_t w = write(fd, sp ? sp : "", sp ? strlen(sp) : 0);
            (void)w;
            close(fd);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!root[0]) {
        strcpy(root, "/tmp/jg-fuzz-sysroot-XXXXXX");
        if (!mkdtemp(root))
            abort();
    }
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    size_t lines = 0;
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l && lines < 64;
         l = strtok_r(NULL, "\n", &save), lines++)
        line(l);
    free(text);
    wipe(root);
    return 0;
}
