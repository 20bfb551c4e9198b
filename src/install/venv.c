/* Where the project's virtual environment may go, and making it. A venv
 * written over "/", $HOME or the project itself would scatter bin/, lib/
 * and pyvenv.cfg through files that are not the tool's; an existing venv
 * without system site packages cannot see the vendor torch, so pip would
 * fetch another one into it. */
#include <errno.h>
#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "install/setup.h"
#include "util/sysroot.h"

/* realpath of dir, or of its parent plus its last part when it does not exist yet. */
static bool resolve(const char *dir, char *out)
{
    if (realpath(dir, out))
        return true;
    char a[PATH_MAX], b[PATH_MAX], parent[PATH_MAX];
    snprintf(a, sizeof a, "%s", dir);
    snprintf(b, sizeof b, "%s", dir);
    const char *base = basename(b);
    if (!realpath(dirname(a), parent) || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
        return false;
    int k = snprintf(out, PATH_MAX, "%s/%s", strcmp(parent, "/") == 0 ? "" : parent, base);
    return k > 0 && k < PATH_MAX;
}

/* Is a an ancestor of (or equal to) b? Both resolved. */
static bool covers(const char *a, const char *b)
{
    size_t n = strlen(a);
    return strcmp(a, "/") == 0 || (strncmp(a, b, n) == 0 && (b[n] == '\0' || b[n] == '/'));
}

static bool empty_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    bool empty = true;
    while (empty && (e = readdir(d)))
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

/* pyvenv.cfg's include-system-site-packages: 1 true, 0 false or absent, -1 no file. */
static int system_site(const char *dir)
{
    char cfg[PATH_MAX + 16];
    snprintf(cfg, sizeof cfg, "%s/pyvenv.cfg", dir);
    jg_blob b;
    if (jg_read_path(cfg, JG_CAP_SMALL, &b) != JG_R_OK)
        return jg_blob_free(&b), -1;
    int v = 0;
    for (char *line = b.data, *nl; line && *line; line = nl) {
        nl = strchr(line, '\n');
        if (nl)
            *nl++ = '\0';
        char key[64], val[16];
        if (sscanf(line, " %63[a-z-] = %15s", key, val) == 2 &&
            strcmp(key, "include-system-site-packages") == 0)
            v = strcmp(val, "true") == 0;
    }
    jg_blob_free(&b);
    return v;
}

int jg_venv_target(const char *dir, const char *project, char *why, size_t n)
{
    char d[PATH_MAX], p[PATH_MAX], h[PATH_MAX];
    const char *home = getenv("HOME");
    if (!resolve(dir, d) || !realpath(project, p))
        return snprintf(why, n, "cannot resolve %s or %s: %s", dir, project, strerror(errno)), -1;
    if (strcmp(d, "/") == 0)
        return snprintf(why, n, "refusing to make / a virtual environment"), -1;
    if (home && home[0] && realpath(home, h) && covers(d, h))
        return snprintf(why, n, "refusing %s: it is $HOME or above it", d), -1;
    if (covers(d, p))
        return snprintf(why, n, "refusing %s: it is the project root %s or above it (use a "
                        "directory inside, e.g. %s/.venv)", d, p, p), -1;
    struct stat st;
    if (stat(d, &st) != 0)
        return 0;
    if (!S_ISDIR(st.st_mode))
        return snprintf(why, n, "%s exists and is not a directory", d), -1;
    int site = system_site(d);
    if (site < 0)
        return empty_dir(d) ? 0
                            : (snprintf(why, n, "%s exists, is not empty and is not a virtual "
                                        "environment (no pyvenv.cfg)", d), -1);
    if (site == 0)
        return snprintf(why, n, "%s is a virtual environment without system site packages: it "
                        "cannot see the vendor torch, so pip would install another one into it "
                        "(recreate it with python3 -m venv --system-site-packages, or choose "
                        "another --venv)", d), -1;
    return 1;
}

int jg_venv_create(const char *python, const char *dir, char *why, size_t n)
{
    char *const argv[] = {(char *)python, "-m", "venv", "--system-site-packages", (char *)dir,
                          NULL};
    return jg_setup_exec(argv, 300, NULL, why, n);
}
