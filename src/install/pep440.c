#include "install/pep440.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/version.h"

static const char *number(const char *p, long *out)
{
    if (!isdigit((unsigned char)*p))
        return NULL;
    char *end;
    *out = strtol(p, &end, 10);
    return end;
}

static const char *pre_part(const char *p, jg_version *v)
{
    static const struct { const char *tag; int kind; } tags[] = {
        {"alpha", 0}, {"beta", 1}, {"preview", 2}, {"pre", 2}, {"rc", 2}, {"a", 0}, {"b", 1}, {"c", 2}};
    const char *q = (*p == '.' || *p == '-' || *p == '_') ? p + 1 : p;
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
        size_t n = strlen(tags[i].tag);
        if (strncasecmp(q, tags[i].tag, n) == 0) {
            q += n;
            if (*q == '.' || *q == '-' || *q == '_')
                q++;
            v->pre_kind = tags[i].kind;
            const char *e = number(q, &v->pre);
            return e ? e : (v->pre = 0, q);
        }
    }
    return p;
}

static const char *tagged(const char *p, const char *tag, long *out)
{
    const char *q = (*p == '.' || *p == '-' || *p == '_') ? p + 1 : p;
    size_t n = strlen(tag);
    if (strncasecmp(q, tag, n) != 0)
        return p;
    q += n;
    if (*q == '.' || *q == '-' || *q == '_')
        q++;
    const char *e = number(q, out);
    return e ? e : (*out = 0, q);
}

bool jg_version_parse(const char *text, jg_version *v)
{
    memset(v, 0, sizeof *v);
    v->pre_kind = 3;
    v->post = v->dev = -1;
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == 'v' || *p == 'V')
        p++;
    jg_dotted rel;
    size_t used = jg_dotted_parse(p, &rel);
    if (used == 0 || rel.n > JG_PEP440_PARTS)
        return false;
    v->nrelease = rel.n;
    memcpy(v->release, rel.part, sizeof v->release[0] * (size_t)rel.n);
    p += used;
    p = pre_part(p, v);
    p = tagged(p, "post", &v->post);
    p = tagged(p, "dev", &v->dev);
    if (*p == '+') {
        size_t n = strlen(++p);
        while (n && isspace((unsigned char)p[n - 1]))
            n--;
        if (n == 0 || n >= sizeof v->local)
            return false;
        for (size_t i = 0; i < n; i++) {
            if (!isalnum((unsigned char)p[i]) && p[i] != '.' && p[i] != '-' && p[i] != '_')
                return false;
            v->local[i] = (char)tolower((unsigned char)p[i]);
        }
        p += n;
    }
    while (isspace((unsigned char)*p))
        p++;
    return *p == '\0';
}

static int cmp_long(long a, long b) { return (a > b) - (a < b); }

int jg_version_cmp(const jg_version *a, const jg_version *b)
{
    int n = a->nrelease > b->nrelease ? a->nrelease : b->nrelease;
    for (int i = 0; i < n; i++) {
        int c = cmp_long(i < a->nrelease ? a->release[i] : 0, i < b->nrelease ? b->release[i] : 0);
        if (c)
            return c;
    }
    /* A dev release without pre or post sorts before the pre-releases. */
    int ak = a->pre_kind == 3 && a->post < 0 && a->dev >= 0 ? -1 : a->pre_kind;
    int bk = b->pre_kind == 3 && b->post < 0 && b->dev >= 0 ? -1 : b->pre_kind;
    int c = cmp_long(ak, bk);
    if (c || (c = cmp_long(a->pre, b->pre)) || (c = cmp_long(a->post, b->post)))
        return c;
    long ad = a->dev < 0 ? 1L << 40 : a->dev, bd = b->dev < 0 ? 1L << 40 : b->dev;
    return cmp_long(ad, bd);
}

/* ==X.* : the release starts with the given parts. */
static bool prefix_match(const char *pattern, const jg_version *v)
{
    jg_version p;
    char buf[96];
    size_t n = strlen(pattern) - 2; /* drop ".*" */
    if (n >= sizeof buf)
        return false;
    memcpy(buf, pattern, n);
    buf[n] = '\0';
    if (!jg_version_parse(buf, &p) || p.pre_kind != 3 || p.post >= 0 || p.dev >= 0)
        return false;
    for (int i = 0; i < p.nrelease; i++)
        if ((i < v->nrelease ? v->release[i] : 0) != p.release[i])
            return false;
    return true;
}

static int equal(const char *rhs, const jg_version *v)
{
    size_t n = strlen(rhs);
    if (n > 2 && strcmp(rhs + n - 2, ".*") == 0)
        return prefix_match(rhs, v);
    jg_version r;
    if (!jg_version_parse(rhs, &r))
        return -1;
    /* A specifier without a local label matches any local label. */
    return jg_version_cmp(&r, v) == 0 && (!r.local[0] || strcmp(r.local, v->local) == 0);
}

static int compatible(const char *rhs, const jg_version *v)
{
    jg_version r;
    if (!jg_version_parse(rhs, &r) || r.nrelease < 2)
        return -1;
    if (jg_version_cmp(v, &r) < 0)
        return 0;
    for (int i = 0; i < r.nrelease - 1; i++)
        if ((i < v->nrelease ? v->release[i] : 0) != r.release[i])
            return 0;
    return 1;
}

static bool same_release(const jg_version *a, const jg_version *b)
{
    int n = a->nrelease > b->nrelease ? a->nrelease : b->nrelease;
    for (int i = 0; i < n; i++)
        if ((i < a->nrelease ? a->release[i] : 0) != (i < b->nrelease ? b->release[i] : 0))
            return false;
    return true;
}

/* PEP 440: <V excludes pre-releases of V, >V excludes post-releases and
 * local versions of V, unless V itself is one. */
static int exclusive(bool less, const jg_version *v, const jg_version *r)
{
    int cmp = jg_version_cmp(v, r);
    if (less ? cmp >= 0 : cmp <= 0)
        return 0;
    if (!same_release(v, r))
        return 1;
    if (less)
        return !(v->pre_kind != 3 || v->dev >= 0) || r->pre_kind != 3 || r->dev >= 0;
    return !(v->post >= 0 || v->local[0]) || r->post >= 0;
}

static int clause(const char *c, const char *version, const jg_version *v)
{
    while (isspace((unsigned char)*c))
        c++;
    static const char *const ops[] = {"===", "==", "!=", "~=", "<=", ">=", "<", ">"};
    size_t k = 0;
    while (k < sizeof ops / sizeof ops[0] && strncmp(c, ops[k], strlen(ops[k])) != 0)
        k++;
    if (k == sizeof ops / sizeof ops[0])
        return -1;
    const char *rhs = c + strlen(ops[k]);
    while (isspace((unsigned char)*rhs))
        rhs++;
    if (k == 0)
        return strcasecmp(rhs, version) == 0;
    if (k == 1 || k == 2) {
        int e = equal(rhs, v);
        return e < 0 ? -1 : (k == 1 ? e : !e);
    }
    if (k == 3)
        return compatible(rhs, v);
    jg_version r;
    if (!jg_version_parse(rhs, &r))
        return -1;
    int cmp = jg_version_cmp(v, &r);
    switch (k) {
    case 4: return cmp <= 0;
    case 5: return cmp >= 0;
    case 6: return exclusive(true, v, &r);
    default: return exclusive(false, v, &r);
    }
}

int jg_specifier_contains(const char *spec, const char *version)
{
    jg_version v;
    if (!jg_version_parse(version, &v))
        return -1;
    char buf[512];
    size_t n = strlen(spec);
    if (n >= sizeof buf)
        return -1;
    memcpy(buf, spec, n + 1);
    int all = 1;
    for (char *save = NULL, *c = strtok_r(buf, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
        int r = clause(c, version, &v);
        if (r < 0)
            return -1;
        all = all && r;
    }
    return all;
}
