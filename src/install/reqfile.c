/* requirements.txt syntax as pip reads it (the subset exported files use). */
#include "install/reqfile.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/msg.h"

int jg_lockfile_parse(const char *name, const char *text, size_t len, jg_reqs *out, char *err,
                      size_t errlen);

void jg_reqs_free(jg_reqs *r)
{
    free(r->v);
    r->v = NULL;
    r->n = 0;
}

jg_req *jg_reqs_add(jg_reqs *r, enum jg_req_kind kind, size_t line);
jg_req *jg_reqs_add(jg_reqs *r, enum jg_req_kind kind, size_t line)
{
    jg_req *v = realloc(r->v, (r->n + 1) * sizeof *v);
    if (!v)
        abort(); /* a dropped requirement could hide a replaced torch */
    r->v = v;
    memset(&v[r->n], 0, sizeof v[r->n]);
    v[r->n].kind = kind;
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

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* pip: a comment starts at '#' at the line start or after whitespace. */
static void strip_comment(char *s)
{
    for (char *p = s; *p; p++)
        if (*p == '#' && (p == s || isspace((unsigned char)p[-1]))) {
            *p = '\0';
            return;
        }
}

static void option_line(const char *file, size_t line, char *s, jg_reqs *out)
{
    char *arg = s + strcspn(s, " \t=");
    if (*arg)
        *arg++ = '\0';
    arg = trim(arg);
    if (*arg == '=')
        arg = trim(arg + 1);
    static const char *const index_opts[] = {"-i", "--index-url", "--extra-index-url",
                                             "-f", "--find-links"};
    static const char *const includes[] = {"-r", "--requirement", "-c", "--constraint"};
    for (size_t i = 0; i < sizeof index_opts / sizeof index_opts[0]; i++)
        if (strcmp(s, index_opts[i]) == 0) {
            jg_req *r = jg_reqs_add(out, JG_REQ_INDEX, line);
            snprintf(r->url, sizeof r->url, "%s", arg);
            return;
        }
    for (size_t i = 0; i < sizeof includes / sizeof includes[0]; i++)
        if (strcmp(s, includes[i]) == 0)
            jg_warn("%s:%zu: %s %s is not followed; run --check on that file too", file, line, s,
                    arg);
}

static bool is_url_or_path(const char *s)
{
    return strncmp(s, "http://", 7) == 0 || strncmp(s, "https://", 8) == 0 ||
           strncmp(s, "file:", 5) == 0 || s[0] == '.' || s[0] == '/';
}

/* name[extras] (specs) ; marker   |   name @ url ; marker   |   url-or-path */
static void requirement_line(const char *file, size_t line, char *s, jg_reqs *out)
{
    char *hash = strstr(s, " --");
    if (hash)
        *hash = '\0'; /* per-requirement options such as --hash */
    if (is_url_or_path(s)) {
        char name[128], version[128];
        if (!jg_wheel_version(s, name, sizeof name, version, sizeof version)) {
            jg_warn("%s:%zu: '%s' is a source tree or URL, not a wheel; its package is not "
                    "checked", file, line, s);
            return;
        }
        jg_req *r = jg_reqs_add(out, JG_REQ_PACKAGE, line);
        snprintf(r->name, sizeof r->name, "%s", name);
        snprintf(r->url, sizeof r->url, "%s", trim(s));
        return;
    }
    jg_req *r = jg_reqs_add(out, JG_REQ_PACKAGE, line);
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '-' || s[n] == '_' || s[n] == '.')
        n++;
    char raw[128];
    snprintf(raw, sizeof raw, "%.*s", (int)n, s);
    jg_req_normalize(raw, r->name, sizeof r->name);
    char *rest = trim(s + n);
    if (*rest == '[')
        rest = trim(rest + strcspn(rest, "]") + (strchr(rest, ']') ? 1 : 0));
    char *semi = strchr(rest, ';');
    if (*rest == '@') {
        semi = strstr(rest, " ;"); /* a URL may hold ';' itself */
        if (semi)
            semi++;
    }
    if (semi) {
        *semi = '\0';
        snprintf(r->marker, sizeof r->marker, "%s", trim(semi + 1));
    }
    rest = trim(rest);
    if (*rest == '@') {
        snprintf(r->url, sizeof r->url, "%s", trim(rest + 1));
        return;
    }
    if (*rest == '(') {
        rest++;
        char *close = strrchr(rest, ')');
        if (close)
            *close = '\0';
    }
    snprintf(r->spec, sizeof r->spec, "%s", trim(rest));
}

static bool looks_like_toml_lock(const char *name)
{
    size_t n = strlen(name);
    return (n >= 5 && strcmp(name + n - 5, ".lock") == 0) ||
           (n >= 5 && strcmp(name + n - 5, ".toml") == 0);
}

int jg_reqfile_parse(const char *name, const char *text, size_t len, jg_reqs *out, char *err,
                     size_t errlen)
{
    if (looks_like_toml_lock(name))
        return jg_lockfile_parse(name, text, len, out, err, errlen);
    if (memchr(text, '\0', len)) {
        snprintf(err, errlen, "%s: binary data, not a requirements file", name);
        return -1;
    }
    char *buf = malloc(len + 1);
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory", name);
        return -1;
    }
    memcpy(buf, text, len);
    buf[len] = '\0';
    size_t lineno = 0, start = 0;
    char logical[8192] = "";
    for (char *p = buf, *nl; p && *p; p = nl) {
        nl = strchr(p, '\n');
        if (nl)
            *nl++ = '\0';
        lineno++;
        if (!logical[0])
            start = lineno;
        size_t n = strlen(p);
        bool cont = n && p[n - 1] == '\\';
        if (cont)
            p[n - 1] = '\0';
        if (strlen(logical) + strlen(p) + 2 >= sizeof logical) {
            snprintf(err, errlen, "%s:%zu: line too long", name, lineno);
            free(buf);
            return -1;
        }
        strcat(logical, p);
        strcat(logical, " ");
        if (cont)
            continue;
        strip_comment(logical);
        char *s = trim(logical);
        if (*s == '-')
            option_line(name, start, s, out);
        else if (*s)
            requirement_line(name, start, s, out);
        logical[0] = '\0';
    }
    free(buf);
    return 0;
}
