#include "python/torch_installs.h"

#include <glob.h>
#include <stdio.h>
#include <string.h>

#include "util/sysroot.h"

const char *const jg_system_package_dirs[] = {
    "/usr/lib/python3/dist-packages",         /* Debian/Ubuntu's python3 (apt) */
    "/usr/local/lib/python3*/dist-packages",  /* sudo pip, jetson-containers */
    "/usr/lib/python3*/site-packages",
    "/usr/local/lib/python3*/site-packages",
    NULL,
};

/* One line "key = 'value'" (the key may carry an annotation, "key: str"). */
static int literal_of(const char *line, size_t len, char *out, size_t cap)
{
    const char *eq = memchr(line, '=', len);
    if (!eq)
        return -1;
    size_t klen = strcspn(line, ":=");
    while (klen && (line[klen - 1] == ' ' || line[klen - 1] == '\t'))
        klen--;
    if (klen != 11 || strncmp(line, "__version__", 11) != 0)
        return -1;
    const char *v = eq + 1, *end = line + len;
    while (v < end && (*v == ' ' || *v == '\t'))
        v++;
    while (end > v && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    if (end - v < 2 || (*v != '\'' && *v != '"') || end[-1] != *v ||
        memchr(v + 1, *v, (size_t)(end - v - 2)))
        return -1;
    snprintf(out, cap, "%.*s", (int)(end - v - 2), v + 1);
    return 0;
}

int jg_torch_version_py(const char *text, char *out, size_t cap)
{
    for (const char *line = text; line && *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (literal_of(line, len, out, cap) == 0)
            return 0;
        line = nl ? nl + 1 : NULL;
    }
    return -1;
}

static size_t add_install(const char *dir, jg_torch_install *out, size_t n, size_t cap)
{
    char path[600];
    snprintf(path, sizeof path, "%s/torch/version.py", dir);
    jg_blob b;
    if (n >= cap)
        return n;
    if (jg_read_path(path, 64 * 1024, &b) == JG_R_OK &&
        jg_torch_version_py(b.data, out[n].version, sizeof out[n].version) == 0) {
        snprintf(out[n].dir, sizeof out[n].dir, "%s", dir);
        n++;
    }
    jg_blob_free(&b);
    return n;
}

size_t jg_torch_installs(const char *const *patterns, jg_torch_install *out, size_t cap)
{
    size_t n = 0;
    for (const char *const *p = patterns ? patterns : jg_system_package_dirs; *p; p++) {
        glob_t g;
        if (glob(*p, GLOB_ONLYDIR, NULL, &g) != 0)
            continue;
        for (size_t i = 0; i < g.gl_pathc; i++)
            n = add_install(g.gl_pathv[i], out, n, cap);
        globfree(&g);
    }
    return n;
}
