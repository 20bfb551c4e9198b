/* uv.lock and pylock.toml, read exactly or not at all: only the top-level
 * name / version (and pylock's marker) of each [[package]] / [[packages]]
 * table matter here, but bracket depth is tracked across lines (strings
 * included) so a "name =" inside an inline array is never mistaken for one.
 * A multi-line string or an escaped value is refused, not guessed. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install/reqfile.h"

jg_req *jg_reqs_add(jg_reqs *r, enum jg_req_kind kind, size_t line);
int jg_lockfile_parse(const char *name, const char *text, size_t len, jg_reqs *out, char *err,
                      size_t errlen);

struct lock {
    const char *file;
    size_t line;
    int depth;      /* open [ and { outside strings */
    bool in_pkg;    /* directly inside a package table */
    bool saw_table; /* at least one package table */
    jg_req *cur;
    char *err;
    size_t errlen;
};

static int refuse(struct lock *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(struct lock *l, const char *fmt, ...)
{
    int k = snprintf(l->err, l->errlen, "%s:%zu: ", l->file, l->line);
    va_list ap;
    va_start(ap, fmt);
    if (k > 0 && (size_t)k < l->errlen)
        vsnprintf(l->err + k, l->errlen - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

/* Updates depth over s, skipping strings; -1 on a string that does not close. */
static int track_depth(struct lock *l, const char *s)
{
    for (const char *p = s; *p; p++) {
        if (*p == '#')
            return 0;
        if (*p == '"' || *p == '\'') {
            char q = *p;
            if (p[1] == q && p[2] == q)
                return refuse(l, "multi-line strings are not read; cannot check this file exactly");
            for (p++; *p && *p != q; p++)
                if (q == '"' && *p == '\\' && p[1])
                    p++;
            if (!*p)
                return refuse(l, "unterminated string");
        } else if (*p == '[' || *p == '{') {
            l->depth++;
        } else if (*p == ']' || *p == '}') {
            l->depth--;
        }
    }
    return 0;
}

/* key = "value" with a plain basic or literal string; -1 refuses. */
static int string_value(struct lock *l, const char *v, char *out, size_t n)
{
    char q = *v;
    const char *end = (q == '"' || q == '\'') ? strchr(v + 1, q) : NULL;
    if (!end || (q == '"' && memchr(v + 1, '\\', (size_t)(end - v - 1))))
        return refuse(l, "value %s is not a plain string; cannot check this file exactly", v);
    if ((size_t)(end - v - 1) >= n)
        return refuse(l, "value longer than %zu bytes", n - 1);
    const char *after = end + 1;
    while (isspace((unsigned char)*after))
        after++;
    if (*after && *after != '#')
        return refuse(l, "unexpected text after %s", v);
    snprintf(out, n, "%.*s", (int)(end - v - 1), v + 1);
    return 0;
}

static int key_line(struct lock *l, jg_reqs *out, char *s)
{
    char *eq = strchr(s, '=');
    if (!eq)
        return refuse(l, "expected key = value");
    char *v = eq + 1;
    while (eq > s && isspace((unsigned char)eq[-1]))
        eq--;
    *eq = '\0';
    while (isspace((unsigned char)*v))
        v++;
    char buf[250];
    bool is_name = strcmp(s, "name") == 0, is_version = strcmp(s, "version") == 0;
    if (!is_name && !is_version && strcmp(s, "marker") != 0)
        return 0;
    if (string_value(l, v, buf, sizeof buf) < 0)
        return -1;
    if (!l->cur) {
        l->cur = jg_reqs_add(out, JG_REQ_PACKAGE, l->line);
        l->cur->from_lock = true;
    }
    if (is_name) {
        jg_req_normalize(buf, l->cur->name, sizeof l->cur->name);
    } else if (is_version) {
        snprintf(l->cur->spec, sizeof l->cur->spec, "==%s", buf);
        l->cur->line = l->line;
    } else {
        snprintf(l->cur->marker, sizeof l->cur->marker, "%s", buf);
    }
    return 0;
}

static int lock_line(struct lock *l, jg_reqs *out, char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    int depth_before = l->depth;
    if (track_depth(l, s) < 0)
        return -1;
    if (depth_before != 0 || *s == '#' || *s == '\0')
        return 0;
    if (*s == '[') {
        size_t end = strcspn(s, "#");
        while (end > 0 && isspace((unsigned char)s[end - 1]))
            end--;
        bool dbl = s[1] == '[';
        if (end < (dbl ? 5u : 3u) || s[end - 1] != ']' || (dbl && s[end - 2] != ']'))
            return refuse(l, "expected a table header '[name]' or '[[name]]', found '%.*s'",
                          (int)(end > 60 ? 60 : end), s);
        bool pkg = strncmp(s, "[[package]]", 11) == 0 || strncmp(s, "[[packages]]", 12) == 0;
        l->depth = 0; /* a header's brackets open nothing */
        l->in_pkg = pkg;
        l->saw_table = l->saw_table || pkg;
        if (pkg)
            l->cur = NULL;
        return 0;
    }
    return l->in_pkg ? key_line(l, out, s) : 0;
}

int jg_lockfile_parse(const char *name, const char *text, size_t len, jg_reqs *out, char *err,
                      size_t errlen)
{
    struct lock l = {.file = name, .err = err, .errlen = errlen};
    char *buf = malloc(len + 1);
    if (!buf || memchr(text, '\0', len)) {
        free(buf);
        snprintf(err, errlen, "%s: %s", name, buf ? "binary data" : "out of memory");
        return -1;
    }
    memcpy(buf, text, len);
    buf[len] = '\0';
    int rc = 0;
    for (char *p = buf, *nl; rc == 0 && p && *p; p = nl) {
        nl = strchr(p, '\n');
        if (nl)
            *nl++ = '\0';
        l.line++;
        rc = lock_line(&l, out, p);
    }
    free(buf);
    if (rc == 0 && !l.saw_table) {
        snprintf(err, errlen, "%s: no [[package]] or [[packages]] table: not a uv.lock or "
                 "pylock.toml file", name);
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < out->n; i++)
        if (out->v[i].kind == JG_REQ_PACKAGE && !out->v[i].name[0]) {
            l.line = out->v[i].line;
            rc = refuse(&l, "package table without a name");
        }
    return rc;
}
