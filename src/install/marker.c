#include "install/marker.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "install/pep440.h"

struct mstate {
    const char *p;
    const char *python; /* full version or NULL */
    bool bad;
};

static void skip_space(struct mstate *s)
{
    while (isspace((unsigned char)*s->p))
        s->p++;
}

static bool word(struct mstate *s, const char *w)
{
    skip_space(s);
    size_t n = strlen(w);
    if (strncmp(s->p, w, n) != 0 || isalnum((unsigned char)s->p[n]) || s->p[n] == '_')
        return false;
    s->p += n;
    return true;
}

/* The value of a variable on the target, or NULL when unknown. */
static const char *variable(struct mstate *s, const char *name, char *buf, size_t n)
{
    static const char *const fixed[][2] = {
        {"platform_machine", "aarch64"}, {"platform_system", "Linux"}, {"sys_platform", "linux"},
        {"os_name", "posix"}, {"implementation_name", "cpython"},
        {"platform_python_implementation", "CPython"}, {"extra", ""}};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcmp(name, fixed[i][0]) == 0)
            return fixed[i][1];
    if (!s->python)
        return NULL;
    if (strcmp(name, "python_full_version") == 0 || strcmp(name, "implementation_version") == 0)
        return s->python;
    if (strcmp(name, "python_version") == 0) {
        const char *dot = strchr(s->python, '.');
        const char *dot2 = dot ? strchr(dot + 1, '.') : NULL;
        size_t len = dot2 ? (size_t)(dot2 - s->python) : strlen(s->python);
        snprintf(buf, n, "%.*s", (int)len, s->python);
        return buf;
    }
    return NULL;
}

/* A quoted string or a variable name; NULL (and s->bad) when unknown. */
static const char *value(struct mstate *s, char *buf, size_t n, bool *is_version_var)
{
    skip_space(s);
    *is_version_var = false;
    char q = *s->p;
    if (q == '"' || q == '\'') {
        const char *end = strchr(s->p + 1, q);
        if (!end)
            return s->bad = true, NULL;
        snprintf(buf, n, "%.*s", (int)(end - s->p - 1), s->p + 1);
        s->p = end + 1;
        return buf;
    }
    char name[64];
    size_t k = 0;
    while ((isalnum((unsigned char)*s->p) || *s->p == '_') && k + 1 < sizeof name)
        name[k++] = *s->p++;
    name[k] = '\0';
    *is_version_var = strstr(name, "version") != NULL;
    const char *v = k ? variable(s, name, buf, n) : NULL;
    if (!v)
        s->bad = true;
    return v;
}

static int compare(const char *op, const char *l, const char *r, bool version)
{
    if (strcmp(op, "in") == 0)
        return strstr(r, l) != NULL;
    if (strcmp(op, "not in") == 0)
        return strstr(r, l) == NULL;
    if (version) {
        char spec[160];
        snprintf(spec, sizeof spec, "%s%s", op, r);
        int c = jg_specifier_contains(spec, l);
        if (c >= 0)
            return c;
    }
    if (strcmp(op, "==") == 0)
        return strcmp(l, r) == 0;
    if (strcmp(op, "!=") == 0)
        return strcmp(l, r) != 0;
    return -1;
}

static int expr(struct mstate *s);

static int atom(struct mstate *s)
{
    skip_space(s);
    if (*s->p == '(') {
        s->p++;
        int v = expr(s);
        skip_space(s);
        if (*s->p != ')')
            return s->bad = true, -1;
        s->p++;
        return v;
    }
    char lb[128], rb[128], op[8] = "";
    bool lver, rver;
    const char *l = value(s, lb, sizeof lb, &lver);
    skip_space(s);
    static const char *const ops[] = {"===", "==", "!=", "~=", "<=", ">=", "<", ">"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0] && !op[0]; i++)
        if (strncmp(s->p, ops[i], strlen(ops[i])) == 0) {
            snprintf(op, sizeof op, "%s", ops[i]);
            s->p += strlen(ops[i]);
        }
    if (!op[0] && word(s, "in"))
        snprintf(op, sizeof op, "in");
    else if (!op[0] && word(s, "not") && word(s, "in"))
        snprintf(op, sizeof op, "not in");
    if (!op[0])
        return s->bad = true, -1;
    const char *r = value(s, rb, sizeof rb, &rver);
    if (!l || !r)
        return -1;
    int v = compare(op, l, r, lver || rver);
    if (v < 0)
        s->bad = true;
    return v;
}

static int and_expr(struct mstate *s)
{
    int v = atom(s);
    while (word(s, "and")) {
        int w = atom(s);
        v = v == 0 || w == 0 ? 0 : (v < 0 || w < 0 ? -1 : 1);
    }
    return v;
}

static int expr(struct mstate *s)
{
    int v = and_expr(s);
    while (word(s, "or")) {
        int w = and_expr(s);
        v = v == 1 || w == 1 ? 1 : (v < 0 || w < 0 ? -1 : 0);
    }
    return v;
}

int jg_marker_eval(const char *marker, const char *python_version)
{
    struct mstate s = {.p = marker, .python = python_version};
    int v = expr(&s);
    skip_space(&s);
    if (*s.p != '\0')
        return -1;
    /* An unknown part only matters when it could change the answer. */
    return v;
}
