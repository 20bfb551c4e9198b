/* Device-tree string properties (jetson-facts.md §1.3). Values end with a
 * NUL; `compatible` is a NUL-separated list such as
 * "nvidia,p3737-0000+p3701-0005\0nvidia,p3701-0005\0nvidia,tegra234\0". */
#include <stdio.h>
#include <string.h>

#include "facts/parsers.h"
#include "facts/tables.h"
#include "facts/text.h"

#define MAX_COMPATIBLE 32

const char *jg_parse_dt_model(const char *data, size_t len, char *buf, size_t size)
{
    while (len && data[len - 1] == '\0')
        len--;
    if (len == 0)
        return "empty property";
    if (jg_find_nul(data, len) >= 0)
        return "NUL byte inside the string";
    if (!jg_clean_utf8(data, len))
        return "not clean UTF-8";
    if (len >= size)
        return "longer than expected";
    memcpy(buf, data, len);
    buf[len] = '\0';
    return NULL;
}

const char *jg_parse_dt_compatible(const char *data, size_t len, json_t **list)
{
    *list = NULL;
    while (len && data[len - 1] == '\0')
        len--;
    if (len == 0)
        return "empty property";
    json_t *arr = json_array();
    for (size_t pos = 0; pos <= len;) {
        const char *z = memchr(data + pos, '\0', len - pos);
        jg_line e = {data + pos, z ? (size_t)(z - data) - pos : len - pos};
        char buf[128];
        if (e.n == 0 || !jg_printable(e) || !jg_copy(e, buf, sizeof buf) ||
            json_array_size(arr) >= MAX_COMPATIBLE) {
            json_decref(arr);
            return e.n == 0 ? "empty entry in the list" : "entry not printable ASCII or too long";
        }
        json_array_append_new(arr, json_string(buf));
        pos += e.n + 1;
    }
    *list = arr;
    return NULL;
}

/* "p3701-0005": a letter, four digits, '-', four digits. */
static bool is_part(const char *s, size_t n)
{
    if (n != 10 || s[5] != '-' || !((s[0] >= 'a' && s[0] <= 'z')))
        return false;
    for (size_t i = 1; i < 10; i++)
        if (i != 5 && (s[i] < '0' || s[i] > '9'))
            return false;
    return true;
}

/* "-b00", "-a02": the board revision suffix of L4T R32 trees. */
static bool is_revision(const char *s, size_t n)
{
    return n == 4 && s[0] == '-' && s[1] >= 'a' && s[1] <= 'z' && s[2] >= '0' && s[2] <= '9' &&
           s[3] >= '0' && s[3] <= '9';
}

/* One side of "<carrier>+<module>": part, then an optional revision, then
 * (module side only) an optional "-super". */
static bool take_side(const char *s, size_t n, char *part, char *rev, bool *super)
{
    if (n < 10 || !is_part(s, 10))
        return false;
    size_t at = 10;
    if (n >= at + 4 && is_revision(s + at, 4)) {
        memcpy(rev, s + at + 1, 3);
        rev[3] = '\0';
        at += 4;
    }
    if (super && n == at + 6 && memcmp(s + at, "-super", 6) == 0) {
        *super = true;
        at += 6;
    }
    if (at != n)
        return false;
    memcpy(part, s, 10);
    part[10] = '\0';
    return true;
}

/* "nvidia,<carrier>[-rev]+<module>[-rev][-super]". */
static bool split_board(const char *e, jg_dt_ids *out)
{
    if (strncmp(e, "nvidia,", 7) != 0)
        return false;
    const char *b = e + 7, *plus = strchr(b, '+');
    jg_dt_ids t;
    memset(&t, 0, sizeof t);
    if (!plus || !take_side(b, (size_t)(plus - b), t.carrier, t.carrier_rev, NULL) ||
        !take_side(plus + 1, strlen(plus + 1), t.module, t.module_rev, &t.super))
        return false;
    memcpy(out->carrier, t.carrier, sizeof t.carrier);
    memcpy(out->carrier_rev, t.carrier_rev, sizeof t.carrier_rev);
    memcpy(out->module, t.module, sizeof t.module);
    memcpy(out->module_rev, t.module_rev, sizeof t.module_rev);
    out->super = t.super;
    out->how = JG_DT_BY_BOARD;
    return true;
}

/* "nvidia,p3668-0000": a bare entry naming a module of the table. */
static bool bare_module(const char *e, jg_dt_ids *out)
{
    if (strncmp(e, "nvidia,", 7) != 0 || !is_part(e + 7, strlen(e + 7)) || !jg_module_lookup(e + 7))
        return false;
    strcpy(out->module, e + 7);
    out->how = JG_DT_BY_MODULE;
    return true;
}

/* "nvidia,tegra234" / "nvidia,tegra210b01": the first tegra entry. */
static bool take_soc(const char *e, jg_dt_ids *out)
{
    if (strncmp(e, "nvidia,tegra", 12) != 0 || strlen(e + 7) >= sizeof out->soc)
        return false;
    strcpy(out->soc, e + 7);
    return true;
}

void jg_dt_identify(const json_t *compatible, jg_dt_ids *out)
{
    memset(out, 0, sizeof *out);
    size_t i;
    json_t *v;
    json_array_foreach(compatible, i, v) {
        const char *e = json_string_value(v);
        if (!e || out->other_module[0])
            continue;
        if (!out->how) {
            split_board(e, out);
            continue;
        }
        /* A second board entry naming another module (seen on a partner carrier). */
        jg_dt_ids more;
        memset(&more, 0, sizeof more);
        if (split_board(e, &more) && strcmp(more.module, out->module) != 0)
            memcpy(out->other_module, more.module, sizeof more.module);
    }
    json_array_foreach(compatible, i, v) {
        const char *e = json_string_value(v);
        if (!e)
            continue;
        if (!out->how)
            bare_module(e, out);
        if (!out->family)
            out->family = jg_family_for_compatible(e);
        if (!out->soc[0])
            take_soc(e, out);
    }
}

/* The first "pNNNN-NNNN" token of a dtsfilename's base name that is a module
 * of the table: ".../tegra186-quill-p3310-1000-c03-00-base.dts" -> p3310-1000. */
bool jg_dts_module(const char *path, char *part, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (const char *p = base; *p && size > 10; p++) {
        if ((p != base && p[-1] != '-' && p[-1] != '+') || strlen(p) < 10 || !is_part(p, 10) ||
            (p[10] && p[10] != '-' && p[10] != '.'))
            continue;
        memcpy(part, p, 10);
        part[10] = '\0';
        if (jg_module_lookup(part))
            return true;
    }
    return false;
}

/* nvidia,boardids "3448" or "3448:0000[:...]" -> board "p3448", part
 * "p3448-0000" when the SKU is there (jtop reads it the same way). */
bool jg_boardids(const char *ids, char *board, char *part)
{
    board[0] = part[0] = '\0';
    for (size_t i = 0; i < 4; i++)
        if (ids[i] < '0' || ids[i] > '9')
            return false;
    snprintf(board, 6, "p%.4s", ids);
    bool sku = ids[4] == ':';
    for (size_t i = 5; sku && i < 9; i++)
        sku = ids[i] >= '0' && ids[i] <= '9';
    if (sku)
        snprintf(part, 11, "p%.4s-%.4s", ids, ids + 5);
    return true;
}
