/* Typed field checks for policy validation: each names the JSON path and
 * what was expected. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "evidence/read.h"
#include "policy/policy_validate.h"
#include "schema/policy.h"
#include "util/msg.h"

int jg_pv_fail(struct vctx *c, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    jg_jerr_vat(c->err, c->file, path, fmt, ap);
    va_end(ap);
    return -1;
}

/* Whether rows declare key as a member of the object at under (NULL: the
 * table's own object): a row's path, relative to under, is key or goes on
 * from key. */
static bool declared(const jg_field *rows, size_t n, const char *under, const char *key)
{
    size_t u = under ? strlen(under) : 0, k = strlen(key);
    for (size_t i = 0; i < n; i++) {
        const char *p = rows[i].path;
        if (under && (strncmp(p, under, u) != 0 || p[u] != '.'))
            continue;
        p += under ? u + 1 : 0;
        if (strncmp(p, key, k) == 0 && (p[k] == '\0' || p[k] == '.'))
            return true;
    }
    return false;
}

void jg_pv_warn_unknown(struct vctx *c, const json_t *obj, const char *path, const jg_field *rows,
                        size_t n, const char *under)
{
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        bool doc_only = strcmp(key, JG_POLICY_COMMENT_KEY) == 0; /* documentation only */
        if (!doc_only && !declared(rows, n, under, key))
            jg_warn("%s: %s.%s: unknown field, ignored", c->file, path, key);
    }
}

void jg_pv_join(char *out, size_t n, const char *path, const char *key)
{
    /* Paths come from the policy's own keys; a pathologically long one is cut, never overrun. */
    if (snprintf(out, n, "%s.%s", path, key) >= (int)n && n > 4)
        memcpy(out + n - 4, "...", 4);
}

/* A member's path ("policy.tiers[0].hardware.soc"), as jg_pv_join writes it. */
#define PV_PATH 256
#define PV_TYPE(t) (1u << (t))

/* The required field f of obj, its path written to p (PV_PATH bytes),
 * when its JSON type is one of types (PV_TYPE bits); NULL, the failure
 * reported ("missing", "expected <what>"), otherwise. */
static const json_t *required(struct vctx *c, const json_t *obj, const char *path,
                              const jg_field *f, unsigned types, const char *what, char *p)
{
    jg_pv_join(p, PV_PATH, path, f->path);
    const json_t *v = jg_doc_node(obj, f);
    if (!v)
        jg_pv_fail(c, p, "missing");
    else if (!(types & PV_TYPE(json_typeof(v))))
        jg_pv_fail(c, p, "expected %s", what);
    else
        return v;
    return NULL;
}

/* A required non-empty string (or null when nullable). */
int jg_pv_want_str(struct vctx *c, const json_t *obj, const char *path, const jg_field *f,
                   bool nullable)
{
    char p[PV_PATH];
    unsigned types = PV_TYPE(JSON_STRING) | (nullable ? PV_TYPE(JSON_NULL) : 0);
    const char *what = nullable ? "a string or null" : "a string";
    const json_t *v = required(c, obj, path, f, types, what, p);
    if (!v)
        return -1;
    if (json_is_null(v))
        return 0;
    if (json_string_length(v) == 0)
        return jg_pv_fail(c, p, "must not be empty");
    return 0;
}

int jg_pv_want_id(struct vctx *c, const json_t *obj, const char *path, const jg_field *f)
{
    if (jg_pv_want_str(c, obj, path, f, false) != 0)
        return -1;
    const char *id = json_string_value(jg_doc_node(obj, f));
    size_t n = strlen(id);
    bool ok = n <= 64 && isalnum((unsigned char)id[0]);
    for (size_t i = 0; ok && i < n; i++)
        ok = isalnum((unsigned char)id[i]) || strchr("._-", id[i]);
    if (ok)
        return 0;
    char p[PV_PATH];
    jg_pv_join(p, sizeof p, path, f->path);
    return jg_pv_fail(c, p, "'%.64s' is not an id: 1 to 64 letters, digits, '.', '_' or '-', "
                      "starting with a letter or digit (ids become file names, command-line "
                      "words and action outputs)", id);
}

int jg_pv_want_enum(struct vctx *c, const json_t *obj, const char *path, const jg_field *f,
                    const char *const allowed[])
{
    if (jg_pv_want_str(c, obj, path, f, false) != 0)
        return -1;
    const char *s = jg_doc_str(obj, f);
    for (size_t i = 0; allowed[i]; i++)
        if (strcmp(allowed[i], s) == 0)
            return 0;
    char p[PV_PATH];
    jg_pv_join(p, sizeof p, path, f->path);
    return jg_pv_fail(c, p, "unknown value \"%s\"", s);
}

/* A required array of non-empty, distinct strings (min_len entries or more). */
int jg_pv_want_strs(struct vctx *c, const json_t *obj, const char *path, const jg_field *f,
                    size_t min_len)
{
    char p[PV_PATH];
    const json_t *a = required(c, obj, path, f, PV_TYPE(JSON_ARRAY), "an array of strings", p);
    if (!a)
        return -1;
    if (json_array_size(a) < min_len)
        return jg_pv_fail(c, p, "needs at least %zu entr%s", min_len, min_len == 1 ? "y" : "ies");
    for (size_t i = 0; i < json_array_size(a); i++) {
        const json_t *s = json_array_get(a, i);
        char pi[300];
        snprintf(pi, sizeof pi, "%s[%zu]", p, i);
        if (!json_is_string(s) || json_string_length(s) == 0)
            return jg_pv_fail(c, pi, "expected a non-empty string");
        for (size_t j = 0; j < i; j++)
            if (json_equal(s, json_array_get(a, j)))
                return jg_pv_fail(c, pi, "duplicate \"%s\"", json_string_value(s));
    }
    return 0;
}

int jg_pv_want_section(struct vctx *c, const json_t *obj, const char *path, const jg_field *f,
                       const jg_field *rows, size_t n)
{
    char p[PV_PATH];
    const json_t *v = required(c, obj, path, f, PV_TYPE(JSON_OBJECT), "an object", p);
    if (!v)
        return -1;
    jg_pv_warn_unknown(c, v, p, rows, n, f->path);
    return 0;
}

int jg_pv_want_days(struct vctx *c, const json_t *obj, const char *path, const jg_field *f)
{
    char p[PV_PATH];
    const json_t *v =
        required(c, obj, path, f, PV_TYPE(JSON_INTEGER), "an integer number of days", p);
    if (!v)
        return -1;
    json_int_t d = json_integer_value(v);
    if (d < 1 || d > 3650)
        return jg_pv_fail(c, p, "%lld days is out of range (1..3650)", (long long)d);
    return 0;
}

/* One calendar parser for policy and evidence dates (2026-11-31 is no day). */
bool jg_pv_is_date(const char *s)
{
    time_t t;
    return jg_evidence_parse_date(s, &t) && strncmp(s, "2000", 4) >= 0;
}
