/* Requirement records, PEP 508 strings, and which reader a file gets. */
#include "install/reqfile.h"

#include <ctype.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/msg.h"
#include "util/sysroot.h"

#define MAX_INCLUDE_DEPTH 16

void jg_reqs_free(jg_reqs *r)
{
    for (size_t i = 0; i < r->nfiles; i++)
        free(r->files[i]);
    free(r->files);
    free(r->v);
    bool follow = r->follow_includes;
    *r = (jg_reqs){.follow_includes = follow};
}

static const char *intern(jg_reqs *r, const char *file)
{
    for (size_t i = 0; i < r->nfiles; i++)
        if (strcmp(r->files[i], file) == 0)
            return r->files[i];
    char **v = realloc(r->files, (r->nfiles + 1) * sizeof *v);
    if (!v || !(v[r->nfiles] = strdup(file)))
        abort(); /* a dropped requirement could hide a replaced torch */
    r->files = v;
    return v[r->nfiles++];
}

jg_req *jg_reqs_add(jg_reqs *r, enum jg_req_kind kind, const char *file, size_t line)
{
    const char *f = intern(r, file);
    /* Room doubles (at n = 0, 4, 8, 16, ...): a lock of 20,000 packages must
     * not copy the array 20,000 times (an allocator without mremap does). */
    size_t n = r->n, cap = n < 4 ? 4 : (n & (n - 1)) == 0 ? 2 * n : 0;
    jg_req *v = cap ? realloc(r->v, cap * sizeof *v) : r->v;
    if (!v)
        abort();
    r->v = v;
    memset(&v[r->n], 0, sizeof v[r->n]);
    v[r->n].kind = kind;
    v[r->n].file = f;
    v[r->n].line = line;
    return &v[r->n++];
}

void jg_req_normalize(const char *in, char *out, size_t n)
{
    size_t k = 0;
    for (; *in && k + 1 < n; in++) {
        if (*in == '-' || *in == '_' || *in == '.') {
            if (k && out[k - 1] != '-')
                out[k++] = '-';
        } else {
            out[k++] = (char)tolower((unsigned char)*in);
        }
    }
    out[k] = '\0';
}

int jg_names_split(const char *list, jg_names *out)
{
    char buf[JG_NAMES_MAX * 128];
    snprintf(buf, sizeof buf, "%s", list ? list : "");
    for (char *save, *e = strtok_r(buf, ",", &save); e; e = strtok_r(NULL, ",", &save)) {
        if (out->n == JG_NAMES_MAX)
            return -1;
        jg_req_normalize(e, out->name[out->n], sizeof out->name[0]);
        out->v[out->n] = out->name[out->n];
        out->n++;
    }
    return 0;
}

bool jg_wheel_version(const char *url, char *name, size_t nn, char *version, size_t vn)
{
    const char *base = strrchr(url, '/');
    base = base ? base + 1 : url;
    char file[512];
    size_t k = 0;
    for (const char *p = base; *p && *p != '#' && *p != '?' && k + 1 < sizeof file; p++) {
        if (p[0] == '%' && p[1] == '2' && (p[2] == 'B' || p[2] == 'b')) {
            file[k++] = '+';
            p += 2;
        } else {
            file[k++] = *p;
        }
    }
    file[k] = '\0';
    size_t len = strlen(file);
    while (len && isspace((unsigned char)file[len - 1]))
        file[--len] = '\0';
    if (len < 5 || strcasecmp(file + len - 4, ".whl") != 0)
        return false;
    char *dash = strchr(file, '-');
    char *dash2 = dash ? strchr(dash + 1, '-') : NULL;
    if (!dash || !dash2)
        return false;
    *dash = *dash2 = '\0';
    jg_req_normalize(file, name, nn);
    snprintf(version, vn, "%s", dash + 1);
    return true;
}

static const char *skip_ws(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

/* "a, B_c" -> "a,b-c" */
static void extras_list(const char *s, size_t n, char *out, size_t on)
{
    out[0] = '\0';
    char one[128];
    for (const char *p = s, *e; p < s + n; p = e + 1) {
        e = memchr(p, ',', (size_t)(s + n - p));
        e = e ? e : s + n;
        const char *a = skip_ws(p), *b = e;
        while (b > a && isspace((unsigned char)b[-1]))
            b--;
        snprintf(one, sizeof one, "%.*s", (int)(b - a), a);
        char norm[128];
        jg_req_normalize(one, norm, sizeof norm);
        if (norm[0] && strlen(out) + strlen(norm) + 2 < on)
            snprintf(out + strlen(out), on - strlen(out), "%s%s", out[0] ? "," : "", norm);
    }
}

static void trimmed(char *dst, size_t n, const char *s, size_t len)
{
    s = skip_ws(s);
    len = strnlen(s, len);
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    snprintf(dst, n, "%.*s", (int)len, s);
}

int jg_req_pep508(const char *text, jg_req *r)
{
    const char *s = skip_ws(text);
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || ((s[n] == '-' || s[n] == '_' || s[n] == '.') && n))
        n++;
    if (!n)
        return -1;
    char raw[128];
    snprintf(raw, sizeof raw, "%.*s", (int)n, s);
    jg_req_normalize(raw, r->name, sizeof r->name);
    s = skip_ws(s + n);
    if (*s == '[') {
        const char *close = strchr(s, ']');
        if (!close)
            return -1;
        extras_list(s + 1, (size_t)(close - s - 1), r->extras, sizeof r->extras);
        s = skip_ws(close + 1);
    }
    const char *semi;
    if (*s == '@') { /* a URL may hold ';' itself: the marker follows whitespace */
        s = skip_ws(s + 1);
        semi = s + strcspn(s, " \t");
        trimmed(r->url, sizeof r->url, s, (size_t)(semi - s));
        semi = strchr(semi, ';');
    } else {
        semi = strchr(s, ';');
        size_t len = semi ? (size_t)(semi - s) : strlen(s);
        trimmed(r->spec, sizeof r->spec, s, len);
        size_t sl = strlen(r->spec);
        if (r->spec[0] == '(' && sl && r->spec[sl - 1] == ')')
            trimmed(r->spec, sizeof r->spec, r->spec + 1, sl - 2);
    }
    if (semi) {
        char *m = strdup(semi + 1);
        if (!m)
            abort();
        trimmed(m, strlen(m) + 1, semi + 1, strlen(semi + 1));
        jg_req_set_marker(r, m);
        free(m);
    }
    return 0;
}

void jg_req_set_marker(jg_req *r, const char *marker)
{
    if ((size_t)snprintf(r->marker, sizeof r->marker, "%s", marker ? marker : "") >=
        sizeof r->marker)
        snprintf(r->marker, sizeof r->marker, "<a marker longer than %zu bytes>",
                 sizeof r->marker - 1); /* a cut marker could evaluate to the wrong answer */
}

bool jg_req_applies(const jg_req *r, const jg_marker_env *sel)
{
    if (!r->marker[0])
        return true;
    int m = jg_marker_eval_env(r->marker, sel);
    if (m < 0)
        jg_warn("%s:%zu: marker '%s' cannot be evaluated here; the line is taken as applying",
                r->file, r->line, r->marker);
    return m != 0;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int dispatch(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                    bool constraint, int depth, jg_reqs *out, char *err, size_t errlen)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    if (strcmp(base, "pyproject.toml") == 0)
        return jg_pyproject_parse(name, text, len, sel, out, err, errlen);
    if (ends_with(base, ".lock"))
        return jg_uvlock_parse(name, text, len, sel, out, err, errlen);
    if (strcmp(base, "pylock.toml") == 0 || (strncmp(base, "pylock.", 7) == 0 &&
                                             ends_with(base, ".toml")))
        return jg_pylock_parse(name, text, len, sel, out, err, errlen);
    if (ends_with(base, ".toml")) {
        snprintf(err, errlen, "%s: a .toml file that is not pyproject.toml, uv.lock or "
                 "pylock.toml (PEP 751 names: pylock.toml, pylock.NAME.toml)", name);
        return -1;
    }
    return jg_reqtxt_parse(name, text, len, sel, constraint, depth, out, err, errlen);
}

int jg_reqfile_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                     jg_reqs *out, char *err, size_t errlen)
{
    return dispatch(name, text, len, sel, false, 0, out, err, errlen);
}

int jg_reqfile_include(const char *from, const char *path, const jg_marker_env *sel,
                       bool constraint, int depth, jg_reqs *out, char *err, size_t errlen)
{
    if (strstr(path, "://")) {
        snprintf(err, errlen, "%s: includes %s, which is not fetched: download it and check "
                 "it, so nothing unchecked is installed", from, path);
        return -1;
    }
    if (depth > MAX_INCLUDE_DEPTH) {
        snprintf(err, errlen, "%s: includes nested deeper than %d (a cycle?)", from,
                 MAX_INCLUDE_DEPTH);
        return -1;
    }
    char dir[4096], full[4096];
    snprintf(dir, sizeof dir, "%s", from);
    if (path[0] == '/')
        snprintf(full, sizeof full, "%s", path);
    else if (strchr(from, '/'))
        snprintf(full, sizeof full, "%s/%s", dirname(dir), path);
    else
        snprintf(full, sizeof full, "%s", path);
    jg_blob b;
    if (jg_read_path(full, JG_CAP_LARGE, &b) != JG_R_OK) {
        snprintf(err, errlen, "%s: cannot read %s (included from %s): %s", full, path, from,
                 b.status == JG_R_TOO_BIG ? "too large" : strerror(b.err));
        jg_blob_free(&b);
        return -1;
    }
    int rc = dispatch(full, b.data, b.len, sel, constraint, depth + 1, out, err, errlen);
    jg_blob_free(&b);
    return rc;
}
