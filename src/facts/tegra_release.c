/* etc/nv_tegra_release: "# R36 (release), REVISION: 4.3, GCID: ..., BOARD:
 * generic, EABI: aarch64, DATE: ...". DATE is ignored on purpose: its format
 * varies (padded or collapsed day, 12-hour clock on R39.2). Later lines may
 * be "# KEY: value" or "KEY=value" (jetson-facts.md §1.1). */
#include <string.h>

#include "facts/parsers.h"
#include "facts/text.h"

#define MAX_EXTRA 32

/* "R36 (release)" after "# " -> 36. */
static bool parse_major(jg_line f, int *major)
{
    if (!jg_starts(f, "# R"))
        return false;
    jg_line d = {f.s + 3, 0};
    while (3 + d.n < f.n && d.s[d.n] >= '0' && d.s[d.n] <= '9')
        d.n++;
    unsigned long long v;
    if (!jg_parse_uint(d, &v) || v > 999)
        return false;
    *major = (int)v;
    return true;
}

/* "REVISION: 4.3" -> 4, 3. */
static bool parse_revision(jg_line f, int *minor, int *patch)
{
    jg_line v = jg_trim((jg_line){f.s + 9, f.n - 9});
    const char *dot = memchr(v.s, '.', v.n);
    if (!dot)
        return false;
    jg_line a = {v.s, (size_t)(dot - v.s)}, b = {dot + 1, v.n - a.n - 1};
    unsigned long long x, y;
    if (!jg_parse_uint(a, &x) || !jg_parse_uint(b, &y) || x > 999 || y > 999)
        return false;
    *minor = (int)x;
    *patch = (int)y;
    return true;
}

static const char *parse_first_line(jg_line l, jg_l4t_release *out)
{
    bool have_rev = false;
    int idx = 0;
    /* Walk the comma-separated fields. */
    const char *p = l.s, *end = l.s + l.n;
    while (p < end) {
        const char *c = memchr(p, ',', (size_t)(end - p));
        jg_line field = jg_trim((jg_line){p, (size_t)((c ? c : end) - p)});
        if (idx == 0 && !parse_major(field, &out->major))
            return "first field is not '# R<major> (release)'";
        if (jg_starts(field, "REVISION:")) {
            if (!parse_revision(field, &out->minor, &out->patch))
                return "REVISION is not <minor>.<patch>";
            have_rev = true;
        } else if (jg_starts(field, "BOARD:")) {
            jg_line b = jg_trim((jg_line){field.s + 6, field.n - 6});
            if (!jg_copy(b, out->board, sizeof out->board))
                return "BOARD value too long";
        }
        idx++;
        p = c ? c + 1 : end;
    }
    return have_rev ? NULL : "no REVISION field";
}

static bool is_key(jg_line k)
{
    if (k.n == 0 || k.n > 64)
        return false;
    for (size_t i = 0; i < k.n; i++) {
        char c = k.s[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

/* "# KEY: value" or "KEY=value"; anything else is skipped. */
static void parse_extra(jg_line l, json_t *extra)
{
    jg_line key, val;
    const char *sep;
    if (jg_starts(l, "# ") && (sep = memchr(l.s, ':', l.n)) != NULL) {
        key = (jg_line){l.s + 2, (size_t)(sep - l.s) - 2};
        val = (jg_line){sep + 1, l.n - (size_t)(sep - l.s) - 1};
    } else if ((sep = memchr(l.s, '=', l.n)) != NULL) {
        key = (jg_line){l.s, (size_t)(sep - l.s)};
        val = (jg_line){sep + 1, l.n - key.n - 1};
    } else {
        return;
    }
    key = jg_trim(key);
    val = jg_trim(val);
    char k[65], v[256];
    if (!is_key(key) || !jg_printable(val) || !jg_copy(key, k, sizeof k) ||
        !jg_copy(val, v, sizeof v) || json_object_size(extra) >= MAX_EXTRA)
        return;
    json_object_set_new(extra, k, json_string(v));
}

static unsigned long parses;

unsigned long jg_tegra_release_parses(void)
{
    return parses;
}

const char *jg_parse_tegra_release(const char *text, size_t len, jg_l4t_release *out)
{
    parses++;
    memset(out, 0, sizeof *out);
    if (len == 0)
        return "empty file";
    if (jg_find_nul(text, len) >= 0)
        return "NUL byte in the file";
    size_t pos = 0;
    jg_line first;
    jg_next_line(text, len, &pos, &first);
    first = jg_trim(first);
    if (!jg_printable(first))
        return "first line has non-printable or non-ASCII bytes";
    if (!jg_copy(first, out->line, sizeof out->line))
        return "first line longer than 255 bytes";
    const char *why = parse_first_line(first, out);
    if (why)
        return why;
    out->extra = json_object();
    jg_line l;
    while (jg_next_line(text, len, &pos, &l))
        parse_extra(jg_trim(l), out->extra);
    return NULL;
}
