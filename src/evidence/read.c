/* Evidence record reader: strict envelope, typed fields. Only shapes are
 * checked here; what the values mean for a claim is decided in
 * src/policy/claim.c. */
#include "evidence/read.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/sysroot.h"
#include "util/version.h"


struct shape {
    const char *name;
    jg_jerr *err;
};

__attribute__((format(printf, 3, 4))) static int bad(struct shape *s, const char *path,
                                                      const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    jg_jerr_vat(s->err, s->name, path, fmt, ap);
    va_end(ap);
    return -1;
}

enum want { W_STR, W_BOOL, W_INT, W_OBJ, W_ARR, W_NUM };

static bool has_type(const json_t *v, enum want w)
{
    switch (w) {
    case W_STR: return json_is_string(v);
    case W_BOOL: return json_is_boolean(v);
    case W_INT: return json_is_integer(v);
    case W_OBJ: return json_is_object(v);
    case W_ARR: return json_is_array(v);
    case W_NUM: return json_is_number(v);
    }
    return false;
}

static const char *type_name(enum want w)
{
    static const char *const names[] = {"a string", "a boolean", "an integer",
                                        "an object", "an array", "a number"};
    return names[w];
}

/* A field that, when present and not null, must have type w. */
static int opt(struct shape *s, const json_t *obj, const char *path, const char *key, enum want w)
{
    const json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v) || has_type(v, w))
        return 0;
    char p[256];
    snprintf(p, sizeof p, "%s.%s", path, key);
    return bad(s, p, "expected %s", type_name(w));
}

static int opt_fields(struct shape *s, const json_t *obj, const char *path,
                      const char *const keys[], enum want w)
{
    for (size_t i = 0; keys[i]; i++)
        if (opt(s, obj, path, keys[i], w) != 0)
            return -1;
    return 0;
}

/* Every element of an optional array must have type w. */
static int opt_elems(struct shape *s, const json_t *obj, const char *path, const char *key,
                     enum want w)
{
    if (opt(s, obj, path, key, W_ARR) != 0)
        return -1;
    const json_t *a = json_object_get(obj, key);
    for (size_t i = 0; json_is_array(a) && i < json_array_size(a); i++)
        if (!has_type(json_array_get(a, i), w)) {
            char p[256];
            snprintf(p, sizeof p, "%s.%s[%zu]", path, key, i);
            return bad(s, p, "expected %s", type_name(w));
        }
    return 0;
}

static int check_envelope(struct shape *s, const json_t *doc)
{
    if (!json_is_object(doc))
        return bad(s, "$", "expected a JSON object (an in-toto Statement)");
    const char *type = json_string_value(json_object_get(doc, "_type"));
    if (!type || strcmp(type, JG_INTOTO_STATEMENT_V1) != 0)
        return bad(s, "_type", "not an in-toto Statement v1 (want \"%s\")", JG_INTOTO_STATEMENT_V1);
    const char *pt = json_string_value(json_object_get(doc, "predicateType"));
    size_t plen = strlen(JG_EVIDENCE_PREDICATE_PREFIX);
    if (!pt || strncmp(pt, JG_EVIDENCE_PREDICATE_PREFIX, plen) != 0)
        return bad(s, "predicateType", "not a jetgate gate-run predicate");
    /* Matched exactly: ".../v1.0-evil" or ".../v01" is not ".../v1". */
    const char *ver = pt + plen;
    size_t digits = strspn(ver, "0123456789");
    if (digits == 0 || ver[digits] != '\0' || (ver[0] == '0' && digits > 1))
        return bad(s, "predicateType", "\"%.80s\" is not exactly %s%d", pt,
                   JG_EVIDENCE_PREDICATE_PREFIX, JG_EVIDENCE_MAJOR);
    long major = strtol(ver, NULL, 10);
    if (major != JG_EVIDENCE_MAJOR)
        return bad(s, "predicateType", "unknown schema major v%ld (this jetgate reads v%d)",
                   major, JG_EVIDENCE_MAJOR);
    if (!json_is_object(json_object_get(doc, "predicate")))
        return bad(s, "predicate", "missing or not an object");
    if (opt_elems(s, doc, "$", "subject", W_OBJ) != 0)
        return -1;
    const json_t *subj = json_object_get(doc, "subject");
    for (size_t i = 0; i < json_array_size(subj); i++) {
        char p[64];
        snprintf(p, sizeof p, "subject[%zu]", i);
        const json_t *e = json_array_get(subj, i);
        if (opt(s, e, p, "name", W_STR) || opt(s, e, p, "digest", W_OBJ))
            return -1;
        snprintf(p, sizeof p, "subject[%zu].digest", i);
        if (opt(s, json_object_get(e, "digest"), p, "gitCommit", W_STR) != 0)
            return -1;
    }
    return 0;
}

static int check_checks(struct shape *s, const json_t *pred)
{
    if (opt_elems(s, pred, "predicate", "checks", W_OBJ) != 0)
        return -1;
    const json_t *checks = json_object_get(pred, "checks");
    static const char *const strs[] = {"id", "status", "reason", NULL};
    for (size_t i = 0; i < json_array_size(checks); i++) {
        char p[64];
        snprintf(p, sizeof p, "predicate.checks[%zu]", i);
        const json_t *c = json_array_get(checks, i);
        if (opt_fields(s, c, p, strs, W_STR) || opt(s, c, p, "required", W_BOOL) ||
            opt(s, c, p, "duration_s", W_NUM) || opt(s, c, p, "measurements", W_OBJ))
            return -1;
    }
    static const char *const counts[] = {"total", "pass", "fail", "skip", "unsupported", "error",
                                         NULL};
    if (opt(s, pred, "predicate", "counts", W_OBJ) != 0)
        return -1;
    return opt_fields(s, json_object_get(pred, "counts"), "predicate.counts", counts, W_INT);
}

static int check_platform(struct shape *s, const json_t *pred)
{
    if (opt(s, pred, "predicate", "platform", W_OBJ) != 0)
        return -1;
    const json_t *pl = json_object_get(pred, "platform");
    static const char *const strs[] = {"arch",   "module_part", "module_name", "memory_class",
                                       "soc",    "compute_capability", "l4t", "jetpack",
                                       "os",     "cuda_toolkit", "cudnn", "tensorrt",
                                       "gpu_name", "torch", "torch_cuda", "identified_by",
                                       "container_digest", NULL};
    return opt_fields(s, pl, "predicate.platform", strs, W_STR) ||
                   opt(s, pl, "predicate.platform", "is_jetson", W_BOOL) ||
                   opt(s, pl, "predicate.platform", "driver_version", W_INT) ||
                   opt(s, pl, "predicate.platform", "raw", W_OBJ)
               ? -1
               : 0;
}

static int check_predicate(struct shape *s, const json_t *pred)
{
    static const char *const strs[] = {"gate", "status", "started_at", "finished_at", NULL};
    if (opt_fields(s, pred, "predicate", strs, W_STR) ||
        opt_elems(s, pred, "predicate", "reasons", W_STR) || opt(s, pred, "predicate", "tool", W_OBJ) ||
        opt(s, pred, "predicate", "commit", W_OBJ) || opt(s, pred, "predicate", "run", W_OBJ))
        return -1;
    const json_t *commit = json_object_get(pred, "commit");
    static const char *const cstrs[] = {"sha", "source", "repository", NULL};
    if (opt_fields(s, commit, "predicate.commit", cstrs, W_STR) ||
        opt(s, commit, "predicate.commit", "dirty", W_BOOL))
        return -1;
    const json_t *run = json_object_get(pred, "run");
    static const char *const rstrs[] = {"workflow", "event", "run_id", "run_attempt", "ref", NULL};
    if (opt_fields(s, run, "predicate.run", rstrs, W_STR) ||
        opt_elems(s, run, "predicate.run", "runner_labels", W_STR))
        return -1;
    return check_platform(s, pred) || check_checks(s, pred) ? -1 : 0;
}

int jg_evidence_check_shape(const json_t *doc, const char *name, jg_jerr *err)
{
    struct shape s = {name, err};
    if (check_envelope(&s, doc) != 0)
        return -1;
    return check_predicate(&s, json_object_get(doc, "predicate"));
}

/* JSON values and keys in text, counted without building them (commas,
 * colons and openings outside strings, plus one: an upper bound): bounds the
 * parsed tree before it exists. */
static size_t count_values(const char *text, size_t len)
{
    size_t n = 1;
    bool in_str = false;
    for (size_t i = 0; i < len; i++) {
        char ch = text[i];
        if (in_str) {
            if (ch == '\\')
                i++;
            else if (ch == '"')
                in_str = false;
        } else if (ch == '"') {
            in_str = true;
        } else if (ch == ',' || ch == ':' || ch == '[' || ch == '{') {
            n++;
        }
    }
    return n;
}

json_t *jg_evidence_parse(const char *text, size_t len, const char *name, jg_jerr *err)
{
    if (count_values(text, len) > JG_EVIDENCE_MAX_VALUES) {
        snprintf(err->text, sizeof err->text,
                 "%s: more than %u JSON values and keys (an evidence record holds a few "
                 "hundred; the cap keeps a claim over many records within memory)",
                 name, JG_EVIDENCE_MAX_VALUES);
        return NULL;
    }
    json_t *doc = jg_json_parse(text, len, name, err);
    if (doc && jg_evidence_check_shape(doc, name, err) != 0) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

json_t *jg_evidence_read(const char *path, jg_jerr *err)
{
    jg_blob b;
    enum jg_rstatus st = jg_read_path(path, JG_EVIDENCE_MAX_BYTES, &b);
    json_t *doc = NULL;
    if (st == JG_R_TOO_BIG)
        snprintf(err->text, sizeof err->text, "%s: larger than %u bytes", path,
                 JG_EVIDENCE_MAX_BYTES);
    else if (st != JG_R_OK)
        snprintf(err->text, sizeof err->text, "%s: %s", path, strerror(b.err));
    else
        doc = jg_evidence_parse(b.data, b.len, path, err);
    jg_blob_free(&b);
    return doc;
}

static int days_in_month(int year, int mon)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return mon == 1 && leap ? 29 : days[mon];
}

/* A real calendar instant: timegm would silently turn November 31 into
 * December 1, so a forged date would read as a plausible one. */
static bool valid_tm(const struct tm *tm)
{
    return tm->tm_year >= 70 && tm->tm_mon >= 0 && tm->tm_mon <= 11 && tm->tm_mday >= 1 &&
           tm->tm_mday <= days_in_month(tm->tm_year + 1900, tm->tm_mon) && tm->tm_hour <= 23 &&
           tm->tm_min <= 59 && tm->tm_sec <= 60;
}

/* Digits exactly where "YYYY-MM-DDThh:mm:ss" has them (sscanf alone would
 * accept signs and spaces). */
static bool digits_at(const char *s, size_t len)
{
    static const int pos[] = {0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18};
    for (size_t i = 0; i < sizeof pos / sizeof pos[0] && (size_t)pos[i] < len; i++)
        if (!isdigit((unsigned char)s[pos[i]]))
            return false;
    return true;
}

bool jg_evidence_parse_date(const char *s, time_t *out)
{
    if (!s || strlen(s) != 10 || !digits_at(s, 10))
        return false;
    struct tm tm = {0};
    int n = 0;
    if (!s || sscanf(s, "%4d-%2d-%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &n) != 3 || n != 10 ||
        s[10] != '\0' || s[4] != '-' || s[7] != '-')
        return false;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    if (!valid_tm(&tm))
        return false;
    *out = timegm(&tm);
    return true;
}

/* Offset part of an RFC 3339 time: "Z" or "+hh:mm" / "-hh:mm", in seconds. */
static bool parse_offset(const char *p, long *secs)
{
    if ((*p == 'Z' || *p == 'z') && p[1] == '\0') {
        *secs = 0;
        return true;
    }
    int hh, mm, n = 0;
    if ((*p != '+' && *p != '-') || sscanf(p + 1, "%2d:%2d%n", &hh, &mm, &n) != 2 || n != 5 ||
        p[6] != '\0' || hh > 23 || mm > 59)
        return false;
    *secs = (hh * 3600L + mm * 60L) * (*p == '-' ? -1 : 1);
    return true;
}

bool jg_evidence_parse_time(const char *s, time_t *out)
{
    struct tm tm = {0};
    int n = 0;
    if (!s || strlen(s) < 20 || !digits_at(s, 19) ||
        sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
               &tm.tm_min, &tm.tm_sec, &n) != 6 || n != 19 || s[4] != '-' || s[7] != '-' ||
        s[13] != ':' || s[16] != ':')
        return false;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    const char *p = s + 19;
    if (*p == '.') {
        p++;
        if (!isdigit((unsigned char)*p))
            return false;
        while (isdigit((unsigned char)*p))
            p++;
    }
    long off;
    if (!valid_tm(&tm) || !parse_offset(p, &off))
        return false;
    *out = timegm(&tm) - off;
    return true;
}
