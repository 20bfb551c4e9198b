#include "install/marker.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "install/pep440.h"

struct mstate {
    const char *p;
    const char *python; /* full version or NULL */
    const jg_marker_env *env;
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
        {"platform_python_implementation", "CPython"}};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcmp(name, fixed[i][0]) == 0)
            return fixed[i][1];
    if (!s->python)
        return NULL;
    if (strcmp(name, "python_full_version") == 0 || strcmp(name, "implementation_version") == 0)
    {
        if (strchr(strchr(s->python, '.') ? strchr(s->python, '.') + 1 : "", '.'))
            return s->python;
        snprintf(buf, n, "%s.*", s->python); /* "3.10" from a wheel tag: any micro version */
        return buf;
    }
    if (strcmp(name, "python_version") == 0) {
        const char *dot = strchr(s->python, '.');
        const char *dot2 = dot ? strchr(dot + 1, '.') : NULL;
        size_t len = dot2 ? (size_t)(dot2 - s->python) : strlen(s->python);
        snprintf(buf, n, "%.*s", (int)len, s->python);
        return buf;
    }
    return NULL;
}

/* Variables that name a selection, compared by membership, not as text. */
static bool set_variable(const char *name)
{
    return strcmp(name, "extra") == 0 || strcmp(name, "extras") == 0 ||
           strcmp(name, "dependency_groups") == 0;
}

/* A quoted string or a variable name; NULL (and s->bad) when unknown.
 * var gets the variable's name, "" for a literal. */
static const char *value(struct mstate *s, char *buf, size_t n, bool *is_version_var, char *var)
{
    skip_space(s);
    *is_version_var = false;
    var[0] = '\0';
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
    snprintf(var, 64, "%s", name);
    if (set_variable(name))
        return "";
    const char *v = k ? variable(s, name, buf, n) : NULL;
    if (!v)
        s->bad = true;
    return v;
}

static bool selected(const struct mstate *s, const char *set, const char *want)
{
    char norm[128];
    size_t k = 0;
    for (const char *p = want; *p && k + 1 < sizeof norm; p++) /* PEP 685 */
        norm[k++] = (*p == '_' || *p == '.') ? '-' : (char)tolower((unsigned char)*p);
    norm[k] = '\0';
    bool groups = strcmp(set, "dependency_groups") == 0;
    size_t n = !s->env ? 0 : groups ? s->env->ngroups : s->env->nextras;
    const char *const *v = !s->env ? NULL : groups ? s->env->groups : s->env->extras;
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i], norm) == 0)
            return true;
    return false;
}

/* extra == X, X in extras, X in dependency_groups (and their negations). */
static int set_compare(const struct mstate *s, const char *op, const char *lvar, const char *l,
                       const char *rvar, const char *r)
{
    bool eq = strcmp(op, "==") == 0, ne = strcmp(op, "!=") == 0;
    bool in = strcmp(op, "in") == 0, not_in = strcmp(op, "not in") == 0;
    if (strcmp(lvar, "extra") == 0 && (eq || ne))
        return selected(s, "extras", r) == eq;
    if (strcmp(rvar, "extra") == 0 && (eq || ne))
        return selected(s, "extras", l) == eq;
    if (set_variable(rvar) && strcmp(rvar, "extra") != 0 && (in || not_in))
        return selected(s, rvar, l) == in;
    return -1;
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

/* A version known only as "3.10.*": the answer when every micro version gives
 * the same one (python_full_version >= '3.11' is false for all of 3.10). */
static int compare_range(const char *op, const char *l, const char *r, bool l_range)
{
    char lo[64], hi[64];
    const char *v = l_range ? l : r;
    snprintf(lo, sizeof lo, "%.*s.0", (int)(strlen(v) - 2), v);
    snprintf(hi, sizeof hi, "%.*s.999999", (int)(strlen(v) - 2), v);
    int a = compare(op, l_range ? lo : l, l_range ? r : lo, true);
    int b = compare(op, l_range ? hi : l, l_range ? r : hi, true);
    return a == b ? a : -1;
}

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
    char lb[128], rb[128], op[8] = "", lvar[64], rvar[64];
    bool lver, rver;
    const char *l = value(s, lb, sizeof lb, &lver, lvar);
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
    const char *r = value(s, rb, sizeof rb, &rver, rvar);
    if (!l || !r)
        return -1;
    size_t ln = strlen(l), rn = strlen(r);
    bool lrange = lvar[0] && ln > 2 && strcmp(l + ln - 2, ".*") == 0;
    bool rrange = rvar[0] && rn > 2 && strcmp(r + rn - 2, ".*") == 0;
    int v = set_variable(lvar) || set_variable(rvar) ? set_compare(s, op, lvar, l, rvar, r)
            : lrange || rrange ? compare_range(op, l, r, lrange)
                               : compare(op, l, r, lver || rver);
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
    jg_marker_env env = {.python = python_version};
    return jg_marker_eval_env(marker, &env);
}

int jg_marker_eval_env(const char *marker, const jg_marker_env *env)
{
    struct mstate s = {.p = marker, .python = env->python, .env = env};
    int v = expr(&s);
    skip_space(&s);
    if (*s.p != '\0')
        return -1;
    /* An unknown part only matters when it could change the answer. */
    return v;
}
