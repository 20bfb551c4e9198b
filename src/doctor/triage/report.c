#include "doctor/report.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/triage/report_lines.h"
#include "doctor/triage/report_text.h"
#include "schema/doctor.h"
#include "schema/evidence.h"
#include "schema/facts.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/sysroot.h"

#define HEAD_BYTES (64u * 1024u)

static bool fence_at(const char *s, size_t i, size_t n)
{
    return i + 3 <= n && (strncmp(s + i, "```", 3) == 0 || strncmp(s + i, "~~~", 3) == 0);
}

/* Offset of the first line that starts with '{' (a JSON document, maybe after
 * some prose or a ```json fence), or n when there is none. */
static size_t json_start(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r'))
            j++;
        if (j < n && s[j] == '{')
            return j;
        while (i < n && s[i] != '\n')
            i++;
        i++;
    }
    return n;
}

/* End of the JSON text starting at from: the next fence line, or n. */
static size_t json_end(const char *s, size_t from, size_t n)
{
    for (size_t i = from; i < n; i++)
        if ((i == 0 || s[i - 1] == '\n') && fence_at(s, i, n))
            return i;
    return n;
}

/* Read on until EOF or the cap; returns false when the cap was hit. */
static bool read_rest(FILE *f, char **buf, size_t *len, size_t cap)
{
    size_t alloc = *len + 1;
    for (;;) {
        if (*len + 65536 + 1 > alloc) {
            alloc = (*len + 65536 + 1) * 2;
            char *nb = realloc(*buf, alloc);
            if (!nb)
                return false;
            *buf = nb;
        }
        size_t got = fread(*buf + *len, 1, 65536, f);
        *len += got;
        if (got == 0)
            return !ferror(f);
        if (*len > cap)
            return false;
    }
}

static json_t *from_json(const json_t *doc, jg_report_info *info)
{
    const char *schema = JG_FACT_RSTR(doc, schema);
    if (schema && strncmp(schema, "jetgate.facts/", 14) == 0) {
        info->kind = "facts";
        return json_deep_copy(doc);
    }
    if (JG_OBJ(pred, JG_OBJ(stmt, doc, predicate), platform)) {
        info->kind = "evidence";
        return jg_facts_from_evidence(doc);
    }
    json_t *inner = JG_RESULT_OBJ(doc, facts); /* a pasted triage --json output */
    schema = JG_FACT_RSTR(inner, schema);
    if (schema && strncmp(schema, "jetgate.facts/", 14) == 0) {
        info->kind = "facts";
        return json_deep_copy(inner);
    }
    return NULL;
}

/* The text, line by line; a JSON object the paste holds that is no jetgate
 * document (a project's own report) is read first, by key, its facts sourced
 * to the line it starts on, so its values win over what lines repeat. */
static json_t *from_text(jg_linereader *lr, jg_report_info *info, const json_t *object,
                         size_t object_line)
{
    jg_tp tp;
    jg_tp_init(&tp);
    tp.line = object_line;
    jg_tp_project(&tp, object);
    tp.line = 0;
    while (jg_lr_next(lr)) {
        jg_clean_line(lr->buf);
        jg_tp_line(&tp, lr->buf);
    }
    info->kind = "text";
    info->over_cap = lr->over_cap;
    info->lines = lr->lines;
    info->long_lines = lr->long_lines;
    return jg_tp_finish(&tp);
}

static json_t *read_stream(FILE *f, const char *path, jg_report_info *info)
{
    size_t len = 0;
    char *buf = malloc(HEAD_BYTES + 1);
    if (!buf)
        return NULL;
    len = fread(buf, 1, HEAD_BYTES, f);
    if (ferror(f)) {
        jg_err("triage: %s: %s", path, strerror(errno));
        free(buf);
        return NULL;
    }
    bool whole = len < HEAD_BYTES;
    bool maybe_json = json_start(buf, len) < len;
    if (maybe_json && !whole)
        whole = read_rest(f, &buf, &len, JG_CAP_LARGE);
    json_t *facts = NULL, *doc = NULL;
    size_t doc_line = 1;
    if (whole && maybe_json) {
        size_t from = json_start(buf, len), to = json_end(buf, from, len);
        jg_jerr jerr;
        doc = jg_json_parse(buf + from, to - from, path, &jerr);
        if (doc)
            facts = from_json(doc, info);
        for (size_t i = 0; i < from; i++)
            doc_line += buf[i] == '\n';
        for (size_t i = 0; facts && i < len; i++)
            info->lines += buf[i] == '\n';
    }
    info->bytes = len;
    if (!facts) {
        jg_linereader lr = {.f = f, .pre = buf, .pre_len = len};
        facts = from_text(&lr, info, doc, doc_line);
        info->bytes = lr.bytes;
    }
    json_decref(doc);
    free(buf);
    return facts;
}

json_t *jg_report_read_stream(FILE *f, const char *name, jg_report_info *info)
{
    memset(info, 0, sizeof *info);
    json_t *facts = read_stream(f, name, info);
    if (facts && info->over_cap) {
        jg_err("triage: %s: more than %u MiB or %u lines of input, the limit for a pasted "
               "report: paste the part that shows the problem", name, JG_REPORT_INPUT_CAP >> 20,
               JG_REPORT_LINES_CAP);
        json_decref(facts);
        return NULL;
    }
    if (facts && ferror(f)) { /* read_stream reported its own failures */
        jg_err("triage: %s: read error", name);
        json_decref(facts);
        return NULL;
    }
    if (facts && info->bytes == 0) {
        jg_err("triage: %s: empty input", name);
        json_decref(facts);
        return NULL;
    }
    return facts;
}

json_t *jg_report_read(const char *path, jg_report_info *info)
{
    memset(info, 0, sizeof *info);
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rbe"); /* e: O_CLOEXEC */
    if (!f) {
        jg_err("triage: %s: %s", path, strerror(errno));
        return NULL;
    }
    json_t *facts = jg_report_read_stream(f, is_stdin ? "<stdin>" : path, info);
    if (!is_stdin)
        fclose(f);
    return facts;
}
