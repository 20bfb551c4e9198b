/* Requirements files as pip reads them (pip/_internal/req/req_file.py):
 * physical lines ending in a backslash are joined with the next one, the
 * backslashes removed and nothing inserted (unless the line is a comment);
 * then comments ("#" at the start or after whitespace) are removed,
 * ${NAME} is expanded from the environment, and each logical line is
 * either options or a requirement followed by its own options. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "install/reqfile.h"
#include "util/msg.h"

#define LOGICAL_MAX 65536

struct rt {
    const char *file;
    const jg_marker_env *sel;
    bool constraint;
    int depth;
    jg_reqs *out;
    char *err;
    size_t errlen;
    size_t line; /* first physical line of the logical line */
};

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* p is one physical line of n bytes, not NUL-terminated (it points into the file). */
static bool comment_line(const char *p, size_t n)
{
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    return i < n && p[i] == '#';
}

/* pip's COMMENT_RE.sub: from "#" at the start or after whitespace to the end. */
static void strip_comment(char *s)
{
    for (char *p = s; *p; p++)
        if (*p == '#' && (p == s || isspace((unsigned char)p[-1]))) {
            while (p > s && isspace((unsigned char)p[-1]))
                p--;
            *p = '\0';
            return;
        }
}

/* ${NAME} with NAME of [A-Z0-9_] is replaced when NAME is set, as pip does. */
static void expand_env(const char *in, char *out, size_t n)
{
    size_t k = 0;
    for (const char *p = in; *p && k + 1 < n;) {
        size_t len = 0;
        if (p[0] == '$' && p[1] == '{') {
            while (isupper((unsigned char)p[2 + len]) || isdigit((unsigned char)p[2 + len]) ||
                   p[2 + len] == '_')
                len++;
        }
        char name[256];
        const char *val = NULL;
        if (len && len < sizeof name && p[2 + len] == '}') {
            snprintf(name, sizeof name, "%.*s", (int)len, p + 2);
            val = getenv(name);
        }
        if (val) {
            k += (size_t)snprintf(out + k, n - k, "%s", val);
            k = k < n ? k : n - 1;
            p += len + 3;
        } else {
            out[k++] = *p++;
        }
    }
    out[k] = '\0';
}

static int fail(struct rt *t, const char *what, const char *arg)
{
    snprintf(t->err, t->errlen, "%s:%zu: %s '%s'", t->file, t->line, what, arg);
    return -1;
}

static bool looks_like_path(const char *s)
{
    size_t n = strcspn(s, " ;");
    return strstr(s, "://") || strncmp(s, "file:", 5) == 0 || memchr(s, '/', n) ||
           s[0] == '.' || (n > 4 && strncasecmp(s + n - 4, ".whl", 4) == 0);
}

/* Notes a local project whose dependencies were not read (reqfile.h). */
static void unread(struct rt *t, const char *path)
{
    size_t k = strlen(t->out->unread), n = sizeof t->out->unread;
    snprintf(t->out->unread + k, n - k, "%s%s:%zu %s", k ? ", " : "", t->file, t->line, path);
}

/* A local project directory: pip installs it and its own dependencies. */
static int local_project(struct rt *t, const char *path, const char *extras)
{
    char pp[4096];
    struct stat st;
    snprintf(pp, sizeof pp, "%s/pyproject.toml", path);
    if (!t->out->follow_includes || strstr(path, "://") || strncmp(path, "file:", 5) == 0) {
        jg_warn("%s:%zu: '%s' is a source tree or URL, not a wheel; its package is not "
                "checked", t->file, t->line, path);
        return unread(t, path), 0;
    }
    char dir[4096], full[8200];
    snprintf(dir, sizeof dir, "%s", t->file);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    snprintf(full, sizeof full, "%s/%s", path[0] == '/' ? "" : slash ? dir : ".", pp);
    if (stat(path[0] == '/' ? pp : full, &st) != 0) {
        jg_warn("%s:%zu: '%s' has no pyproject.toml; its dependencies (setup.py) are not "
                "checked", t->file, t->line, path);
        return unread(t, path), 0;
    }
    const char *ex[32];
    char buf[256];
    size_t nex = 0;
    snprintf(buf, sizeof buf, "%s", extras);
    for (char *e = strtok(buf, ","); e && nex < 32; e = strtok(NULL, ","))
        ex[nex++] = e;
    jg_marker_env sel = *t->sel;
    sel.extras = ex;
    sel.nextras = nex;
    return jg_reqfile_include(t->file, pp, &sel, t->constraint, t->depth, t->out, t->err,
                              t->errlen);
}

/* A path or URL requirement: a wheel (its name and version in the file
 * name), a VCS URL with #egg=NAME, or a local project directory. */
static int path_requirement(struct rt *t, char *arg)
{
    char *semi = strstr(arg, "; ");
    const char *marker = "";
    if (semi) {
        marker = trim(semi + 1);
        *semi = '\0';
    }
    arg = trim(arg);
    char extras[256] = "", name[128], version[128];
    size_t n = strlen(arg);
    char *open = n && arg[n - 1] == ']' ? strrchr(arg, '[') : NULL;
    if (open) {
        jg_req tmp = {0};
        char probe[300];
        snprintf(probe, sizeof probe, "x%s", open);
        if (jg_req_pep508(probe, &tmp) == 0)
            snprintf(extras, sizeof extras, "%s", tmp.extras);
        *open = '\0';
    }
    const char *egg = strstr(arg, "#egg=");
    bool wheel = jg_wheel_version(arg, name, sizeof name, version, sizeof version);
    if (!wheel && !egg)
        return local_project(t, arg, extras);
    jg_req *r = jg_reqs_add(t->out, JG_REQ_PACKAGE, t->file, t->line);
    r->constraint = t->constraint;
    jg_req_set_marker(r, marker);
    snprintf(r->url, sizeof r->url, "%s", arg);
    snprintf(r->extras, sizeof r->extras, "%s", extras);
    if (wheel)
        snprintf(r->name, sizeof r->name, "%s", name);
    else
        jg_req_normalize(egg + 5, r->name, sizeof r->name);
    if (!jg_req_applies(r, t->sel))
        t->out->n--;
    return 0;
}

/* "NAME[extras] @ URL": a PEP 508 direct reference names its package, and
 * is judged like the same line in pyproject.toml (a torch, torchvision or
 * bitsandbytes from a URL is a finding, never an unchecked path). */
static bool direct_reference(const char *s)
{
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || (n && strchr("._-", s[n])))
        n++;
    if (n && s[n] == '[')
        n += strcspn(s + n, "]") + 1;
    while (s[n] == ' ' || s[n] == '\t')
        n++;
    return n > 0 && s[n] == '@';
}

static int requirement(struct rt *t, char *arg, bool editable)
{
    if (editable || (looks_like_path(arg) && !direct_reference(arg)))
        return path_requirement(t, arg);
    jg_req *r = jg_reqs_add(t->out, JG_REQ_PACKAGE, t->file, t->line);
    r->constraint = t->constraint;
    if (jg_req_pep508(arg, r) < 0)
        return t->out->n--, fail(t, "not a requirement (PEP 508):", arg);
    if (!jg_req_applies(r, t->sel))
        t->out->n--;
    return 0;
}

/* "-r F", "-rF", "--requirement F", "--requirement=F": the option's value
 * (optparse's forms; quotes removed as pip's shlex split does). */
static const char *option_value(char *s, const char *shrt, const char *lng)
{
    size_t ll = strlen(lng), ls = strlen(shrt);
    char *v;
    if (strncmp(s, lng, ll) == 0 && (s[ll] == '=' || s[ll] == ' ' || s[ll] == '\t'))
        v = s + ll + 1;
    else if (ls && strncmp(s, shrt, ls) == 0 && s[ls] != '\0')
        v = s + ls;
    else
        return NULL;
    v = trim(v);
    size_t n = strlen(v);
    if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
        v[n - 1] = '\0';
        v++;
    }
    return v;
}

static int options(struct rt *t, char *s)
{
    static const char *const idx[][2] = {{"-i", "--index-url"}, {"", "--extra-index-url"},
                                         {"-f", "--find-links"}};
    const char *v;
    if ((v = option_value(s, "-r", "--requirement")))
        return jg_reqfile_include(t->file, v, t->sel, t->constraint, t->depth, t->out, t->err,
                                  t->errlen);
    if ((v = option_value(s, "-c", "--constraint")))
        return jg_reqfile_include(t->file, v, t->sel, true, t->depth, t->out, t->err,
                                  t->errlen);
    if ((v = option_value(s, "-e", "--editable")))
        return requirement(t, (char *)v, true);
    for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++)
        if ((v = option_value(s, idx[i][0], idx[i][1]))) {
            jg_req *r = jg_reqs_add(t->out, JG_REQ_INDEX, t->file, t->line);
            snprintf(r->url, sizeof r->url, "%s", v);
            snprintf(r->spec, sizeof r->spec, "%s", idx[i][1]); /* the option, for pip */
            return 0;
        }
    return 0; /* --no-index, --pre, --trusted-host, ...: nothing installed */
}

static int logical_line(struct rt *t, const char *joined)
{
    char *s = malloc(LOGICAL_MAX);
    if (!s)
        return fail(t, "out of memory at", "");
    snprintf(s, LOGICAL_MAX, "%s", joined);
    strip_comment(s);
    char *e = malloc(LOGICAL_MAX);
    if (!e)
        return free(s), fail(t, "out of memory at", "");
    expand_env(trim(s), e, LOGICAL_MAX);
    int rc = 0;
    char *line = trim(e);
    if (*line == '-') {
        rc = options(t, line);
    } else if (*line) {
        char *opt = strstr(line, " -"); /* per-requirement options such as --hash */
        if (opt)
            *opt = '\0';
        rc = requirement(t, line, false);
    }
    free(s);
    free(e);
    return rc;
}

/* Python's str.splitlines() line ends (the ASCII ones). */
static size_t line_len(const char *p, const char *end, size_t *eol)
{
    size_t n = 0;
    while (p + n < end && !strchr("\n\r\v\f\x1c\x1d\x1e", p[n]))
        n++;
    *eol = p + n >= end ? 0 : (p[n] == '\r' && p + n + 1 < end && p[n + 1] == '\n') ? 2 : 1;
    return n;
}

/* Appends the physical line; a continued one loses its backslashes at both ends. */
static bool join(char *logical, size_t *k, const char *p, size_t n, bool cont)
{
    if (cont) {
        while (n && p[n - 1] == '\\')
            n--;
        while (n && *p == '\\')
            p++, n--;
    }
    if (*k + n + 2 >= LOGICAL_MAX)
        return false;
    if (!cont && comment_line(p, n) && *k)
        logical[(*k)++] = ' '; /* pip: "comments are always matched later" */
    memcpy(logical + *k, p, n);
    *k += n;
    logical[*k] = '\0';
    return true;
}

int jg_reqtxt_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                    bool constraint, int depth, jg_reqs *out, char *err, size_t errlen)
{
    struct rt t = {.file = name, .sel = sel, .constraint = constraint, .depth = depth,
                   .out = out, .err = err, .errlen = errlen};
    if (memchr(text, '\0', len))
        return snprintf(err, errlen, "%s: binary data, not a requirements file", name), -1;
    const char *p = text, *end = text + len;
    if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3;
    char *logical = malloc(LOGICAL_MAX);
    if (!logical)
        return snprintf(err, errlen, "%s: out of memory", name), -1;
    size_t k = 0, lineno = 0, eol;
    int rc = 0;
    while (rc == 0 && p < end) {
        size_t n = line_len(p, end, &eol);
        lineno++;
        bool cont = n && p[n - 1] == '\\' && !comment_line(p, n);
        if (!k)
            t.line = lineno;
        if (!join(logical, &k, p, n, cont))
            rc = fail(&t, "logical line too long at", "...");
        p += n + eol;
        if (rc == 0 && (!cont || p >= end)) { /* a last line may end in a backslash */
            rc = logical_line(&t, logical);
            k = 0;
            logical[0] = '\0';
        }
    }
    free(logical);
    return rc;
}
