/* Typed field checks for policy validation: each names the JSON path and
 * what was expected. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "evidence/read.h"
#include "policy/policy_validate.h"
#include "policy/project.h"
#include "util/msg.h"

int jg_pv_fail(struct vctx *c, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    jg_jerr_vat(c->err, c->file, path, fmt, ap);
    va_end(ap);
    return -1;
}

void jg_pv_warn_unknown(struct vctx *c, const json_t *obj, const char *path,
                         const char *const known[])
{
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        bool found = strcmp(key, JG_POLICY_COMMENT_KEY) == 0; /* documentation only */
        for (size_t i = 0; known[i] && !found; i++)
            found = strcmp(known[i], key) == 0;
        if (!found)
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

/* The required member key of obj, its path written to p (PV_PATH bytes),
 * when its JSON type is one of types (PV_TYPE bits); NULL, the failure
 * reported ("missing", "expected <what>"), otherwise. */
static const json_t *required(struct vctx *c, const json_t *obj, const char *path, const char *key,
                              unsigned types, const char *what, char *p)
{
    jg_pv_join(p, PV_PATH, path, key);
    const json_t *v = json_object_get(obj, key);
    if (!v)
        jg_pv_fail(c, p, "missing");
    else if (!(types & PV_TYPE(json_typeof(v))))
        jg_pv_fail(c, p, "expected %s", what);
    else
        return v;
    return NULL;
}

/* A required non-empty string (or null when nullable). */
int jg_pv_want_str(struct vctx *c, const json_t *obj, const char *path, const char *key,
                    bool nullable)
{
    char p[PV_PATH];
    unsigned types = PV_TYPE(JSON_STRING) | (nullable ? PV_TYPE(JSON_NULL) : 0);
    const char *what = nullable ? "a string or null" : "a string";
    const json_t *v = required(c, obj, path, key, types, what, p);
    if (!v)
        return -1;
    if (json_is_null(v))
        return 0;
    if (json_string_length(v) == 0)
        return jg_pv_fail(c, p, "must not be empty");
    return 0;
}

int jg_pv_want_enum(struct vctx *c, const json_t *obj, const char *path, const char *key,
                     const char *const allowed[])
{
    if (jg_pv_want_str(c, obj, path, key, false) != 0)
        return -1;
    const char *s = json_string_value(json_object_get(obj, key));
    for (size_t i = 0; allowed[i]; i++)
        if (strcmp(allowed[i], s) == 0)
            return 0;
    char p[PV_PATH];
    jg_pv_join(p, sizeof p, path, key);
    return jg_pv_fail(c, p, "unknown value \"%s\"", s);
}

/* A required array of non-empty, distinct strings (min_len entries or more). */
int jg_pv_want_strs(struct vctx *c, const json_t *obj, const char *path, const char *key,
                     size_t min_len)
{
    char p[PV_PATH];
    const json_t *a = required(c, obj, path, key, PV_TYPE(JSON_ARRAY), "an array of strings", p);
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

int jg_pv_want_obj(struct vctx *c, const json_t *obj, const char *path, const char *key,
                    const json_t **out)
{
    char p[PV_PATH];
    *out = required(c, obj, path, key, PV_TYPE(JSON_OBJECT), "an object", p);
    return *out ? 0 : -1;
}

int jg_pv_want_section(struct vctx *c, const json_t *obj, const char *path, const char *key,
                       const char *const known[], const json_t **out, char *p, size_t n)
{
    if (jg_pv_want_obj(c, obj, path, key, out) != 0)
        return -1;
    jg_pv_join(p, n, path, key);
    jg_pv_warn_unknown(c, *out, p, known);
    return 0;
}

int jg_pv_want_days(struct vctx *c, const json_t *obj, const char *path, const char *key)
{
    char p[PV_PATH];
    const json_t *v =
        required(c, obj, path, key, PV_TYPE(JSON_INTEGER), "an integer number of days", p);
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
