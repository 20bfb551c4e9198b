#include "util/json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/sysroot.h"

#define DUMP_FLAGS (JSON_SORT_KEYS | JSON_INDENT(2) | JSON_REAL_PRECISION(10))

int jg_json_print(FILE *f, const json_t *doc)
{
    if (json_dumpf(doc, f, DUMP_FLAGS) != 0)
        return -1;
    return fputc('\n', f) == EOF ? -1 : 0;
}

char *jg_json_string(const json_t *doc)
{
    char *s = json_dumps(doc, DUMP_FLAGS);
    if (!s)
        return NULL;
    size_t n = strlen(s);
    char *t = realloc(s, n + 2);
    if (!t) {
        free(s);
        return NULL;
    }
    t[n] = '\n';
    t[n + 1] = '\0';
    return t;
}

int jg_json_depth(const char *text, size_t len)
{
    int depth = 0, max = 0;
    bool in_str = false, esc = false;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (in_str) {
            if (esc)
                esc = false;
            else if (c == '\\')
                esc = true;
            else if (c == '"')
                in_str = false;
            continue;
        }
        if (c == '"')
            in_str = true;
        else if (c == '[' || c == '{') {
            if (++depth > max)
                max = depth;
        } else if ((c == ']' || c == '}') && depth > 0)
            depth--;
    }
    return max;
}

json_t *jg_json_parse(const char *text, size_t len, const char *name, jg_jerr *err)
{
    /* A UTF-8 byte-order mark (editors on Windows write one) is no content. */
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        text += 3;
        len -= 3;
    }
    if (jg_json_depth(text, len) > JG_JSON_MAX_DEPTH) {
        snprintf(err->text, sizeof err->text, "%s: JSON nested deeper than %d levels", name,
                 JG_JSON_MAX_DEPTH);
        return NULL;
    }
    json_error_t je;
    json_t *doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!doc) {
        snprintf(err->text, sizeof err->text, "%s:%d:%d: %s", name, je.line, je.column, je.text);
        return NULL;
    }
    return doc;
}

json_t *jg_json_load(const char *path, size_t cap, jg_jerr *err)
{
    jg_blob b;
    enum jg_rstatus s = jg_read_path(path, cap, &b);
    if (s != JG_R_OK) {
        char why[128];
        snprintf(err->text, sizeof err->text, "%s: %s", path, jg_blob_why(&b, cap, why, sizeof why));
        jg_blob_free(&b);
        return NULL;
    }
    json_t *doc = jg_json_parse(b.data, b.len, path, err);
    jg_blob_free(&b);
    return doc;
}

const char *jg_json_path_step(const char *p, char *key, size_t n)
{
    size_t k = strcspn(p, ".");
    if (k >= n)
        return NULL;
    memcpy(key, p, k);
    key[k] = '\0';
    return p[k] == '.' ? p + k + 1 : p + k;
}

json_t *jg_json_at(const json_t *doc, const char *dotted)
{
    const json_t *cur = doc;
    const char *p = dotted;
    while (cur && *p) {
        char key[128];
        if (!(p = jg_json_path_step(p, key, sizeof key)))
            return NULL;
        cur = json_is_object(cur) ? json_object_get(cur, key) : NULL;
    }
    return (json_t *)cur;
}

const char *jg_json_str(const json_t *doc, const char *dotted)
{
    return json_string_value(jg_json_at(doc, dotted));
}

const json_t *jg_json_find_id(const json_t *array, const char *id)
{
    for (size_t i = 0; id && i < json_array_size(array); i++) {
        const json_t *e = json_array_get(array, i);
        const char *eid = json_string_value(json_object_get(e, "id"));
        if (eid && strcmp(eid, id) == 0)
            return e;
    }
    return NULL;
}

static bool list_has(const json_t *arr, const char *s, bool nocase)
{
    for (size_t i = 0; s && i < json_array_size(arr); i++) {
        const char *t = json_string_value(json_array_get(arr, i));
        if (t && (nocase ? strcasecmp(t, s) : strcmp(t, s)) == 0)
            return true;
    }
    return false;
}

bool jg_json_list_has(const json_t *arr, const char *s)
{
    return list_has(arr, s, false);
}

bool jg_json_list_has_nocase(const json_t *arr, const char *s)
{
    return list_has(arr, s, true);
}

json_t *jg_json_real(double v)
{
    if (isnan(v) || isinf(v))
        return json_null();
    return json_real(v);
}

int jg_jerr_vat(jg_jerr *err, const char *file, const char *path, const char *fmt, va_list ap)
{
    char why[256];
    vsnprintf(why, sizeof why, fmt, ap);
    snprintf(err->text, sizeof err->text, "%s: %s: %s", file, path, why);
    return -1;
}
