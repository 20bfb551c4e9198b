/* Evidence record reader: strict envelope, typed fields. Only shapes are
 * checked here; what the values mean for a claim is decided in
 * src/policy/claim.c. */
#include "evidence/read.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/check.h"
#include "schema/evidence.h"
#include "util/sha256.h"
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

/* Every row of a table (rows first..last) that is present and not null
 * must have its type; an array of strings or objects, its every element. */
static int check_rows(struct shape *s, const json_t *obj, const char *path, const jg_field *rows,
                      size_t first, size_t last)
{
    for (size_t r = first; json_is_object(obj) && r <= last; r++) {
        const jg_field *f = &rows[r];
        const json_t *v = jg_doc_node(obj, f);
        char p[256];
        snprintf(p, sizeof p, "%s.%s", path, f->path);
        if (!v || json_is_null(v))
            continue;
        if (!jg_doc_has_type(v, f->type))
            return bad(s, p, "expected %s", jg_doc_type_name(f->type));
        jg_jt elem = f->type == JG_JT_STRS ? JG_JT_STR : f->type == JG_JT_OBJS ? JG_JT_OBJ : f->type;
        for (size_t i = 0; elem != f->type && i < json_array_size(v); i++)
            if (!jg_doc_has_type(json_array_get(v, i), elem)) {
                snprintf(p, sizeof p, "%s.%s[%zu]", path, f->path, i);
                return bad(s, p, "expected %s", jg_doc_type_name(elem));
            }
    }
    return 0;
}

#define ROWS(P) jg_fields_##P, 0, JGF_##P##__COUNT - 1

/* Each element of an array (named path[i] in messages) against a table. */
static int check_each(struct shape *s, const json_t *arr, const char *path, const jg_field *rows,
                      size_t first, size_t last)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[96];
        snprintf(p, sizeof p, "%s[%zu]", path, i);
        if (check_rows(s, json_array_get(arr, i), p, rows, first, last) != 0)
            return -1;
    }
    return 0;
}

/* The object or array at the predicate's field f, named predicate.<f>: its
 * own type first, then its rows (each element's, for an array). */
static int check_member(struct shape *s, const json_t *pred, enum jgf_pred f, const jg_field *rows,
                        size_t first, size_t last)
{
    const jg_field *field = &jg_fields_pred[f];
    char p[64];
    snprintf(p, sizeof p, "%s.%s", JG_PATH(stmt, predicate), field->path);
    if (check_rows(s, pred, JG_PATH(stmt, predicate), jg_fields_pred, f, f) != 0)
        return -1;
    const json_t *v = jg_doc_typed(pred, field);
    return field->type == JG_JT_OBJS ? check_each(s, v, p, rows, first, last)
                                     : check_rows(s, v, p, rows, first, last);
}

static int check_envelope(struct shape *s, const json_t *doc)
{
    if (!json_is_object(doc))
        return bad(s, "$", "expected a JSON object (an in-toto Statement)");
    const char *type = JG_STR(stmt, doc, type);
    if (!type || strcmp(type, JG_INTOTO_STATEMENT_V1) != 0)
        return bad(s, JG_PATH(stmt, type), "not an in-toto Statement v1 (want \"%s\")",
                   JG_INTOTO_STATEMENT_V1);
    const char *pt = JG_STR(stmt, doc, predicate_type);
    size_t plen = strlen(JG_EVIDENCE_PREDICATE_PREFIX);
    if (!pt || strncmp(pt, JG_EVIDENCE_PREDICATE_PREFIX, plen) != 0)
        return bad(s, JG_PATH(stmt, predicate_type), "not a jetgate gate-run predicate");
    /* Matched exactly: ".../v1.0-evil" or ".../v01" is not ".../v1". */
    const char *ver = pt + plen;
    size_t digits = strspn(ver, "0123456789");
    if (digits == 0 || ver[digits] != '\0' || (ver[0] == '0' && digits > 1))
        return bad(s, JG_PATH(stmt, predicate_type), "\"%.80s\" is not exactly %s%d", pt,
                   JG_EVIDENCE_PREDICATE_PREFIX, JG_EVIDENCE_MAJOR);
    long major = strtol(ver, NULL, 10);
    if (major != JG_EVIDENCE_MAJOR)
        return bad(s, JG_PATH(stmt, predicate_type),
                   "unknown schema major v%ld (this jetgate reads v%d)", major, JG_EVIDENCE_MAJOR);
    if (!JG_OBJ(stmt, doc, predicate))
        return bad(s, JG_PATH(stmt, predicate), "missing or not an object");
    if (check_rows(s, doc, "$", jg_fields_stmt, JGF_stmt_subject, JGF_stmt_subject) != 0)
        return -1;
    return check_each(s, JG_OBJS(stmt, doc, subject), JG_PATH(stmt, subject), ROWS(subject));
}

/* In the order the record is read: the predicate's own fields, then each
 * object it holds with its table. */
static int check_predicate(struct shape *s, const json_t *pred)
{
    return check_rows(s, pred, JG_PATH(stmt, predicate), jg_fields_pred, JGF_pred_gate,
                      JGF_pred_run) ||
                   check_member(s, pred, JGF_pred_commit, ROWS(commit)) ||
                   check_member(s, pred, JGF_pred_run, ROWS(run)) ||
                   check_member(s, pred, JGF_pred_tool, ROWS(tool)) ||
                   check_member(s, pred, JGF_pred_platform, ROWS(platform)) ||
                   check_member(s, pred, JGF_pred_checks, ROWS(check)) ||
                   check_member(s, pred, JGF_pred_counts, ROWS(counts))
               ? -1
               : 0;
}

int jg_evidence_check_shape(const json_t *doc, const char *name, jg_jerr *err)
{
    struct shape s = {name, err};
    if (check_envelope(&s, doc) != 0)
        return -1;
    return check_predicate(&s, JG_OBJ(stmt, doc, predicate));
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

json_t *jg_evidence_read_sha256(const char *path, char *sha256, jg_jerr *err)
{
    jg_blob b;
    enum jg_rstatus st = jg_read_path(path, JG_EVIDENCE_MAX_BYTES, &b);
    json_t *doc = NULL;
    char why[160];
    /* One wording for every refusal to read (a FIFO, a device, too large, ...). */
    if (st != JG_R_OK)
        snprintf(err->text, sizeof err->text, "%s: cannot read: %s", path,
                 jg_blob_why(&b, JG_EVIDENCE_MAX_BYTES, why, sizeof why));
    else
        doc = jg_evidence_parse(b.data, b.len, path, err);
    if (doc && sha256)
        jg_sha256_of(b.data, b.len, sha256);
    jg_blob_free(&b);
    return doc;
}

json_t *jg_evidence_read(const char *path, jg_jerr *err)
{
    return jg_evidence_read_sha256(path, NULL, err);
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

json_t *jg_evidence_time(time_t t)
{
    struct tm tm;
    char buf[32];
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return json_string(buf);
}
