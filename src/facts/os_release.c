/* etc/os-release: shell-style KEY=value lines, values optionally quoted
 * (os-release(5)); and proc/meminfo "Key:   N kB" lines. */
#include <string.h>

#include "facts/parsers.h"
#include "facts/text.h"

/* Unquote "..." or '...' (backslash escapes inside double quotes). */
static bool unquote(jg_line v, char *buf, size_t size)
{
    size_t o = 0;
    char q = v.n >= 2 && (v.s[0] == '"' || v.s[0] == '\'') && v.s[v.n - 1] == v.s[0] ? v.s[0] : 0;
    size_t i = q ? 1 : 0, end = q ? v.n - 1 : v.n;
    for (; i < end; i++) {
        char c = v.s[i];
        if (q == '"' && c == '\\' && i + 1 < end)
            c = v.s[++i];
        if (o + 1 >= size)
            return false;
        buf[o++] = c;
    }
    buf[o] = '\0';
    return jg_clean_utf8(buf, o);
}

const char *jg_parse_os_release(const char *text, size_t len, jg_os_release *out)
{
    memset(out, 0, sizeof *out);
    if (jg_find_nul(text, len) >= 0)
        return "NUL byte in the file";
    struct { const char *key; char *buf; size_t size; } keys[] = {
        {"ID=", out->id, sizeof out->id},
        {"VERSION_ID=", out->version_id, sizeof out->version_id},
        {"PRETTY_NAME=", out->pretty_name, sizeof out->pretty_name},
    };
    size_t pos = 0;
    jg_line l;
    bool any = false;
    while (jg_next_line(text, len, &pos, &l)) {
        l = jg_trim(l);
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            size_t kl = strlen(keys[k].key);
            if (!jg_starts(l, keys[k].key))
                continue;
            if (!unquote((jg_line){l.s + kl, l.n - kl}, keys[k].buf, keys[k].size))
                return "a value is too long or not clean UTF-8";
            any = true;
        }
    }
    return any ? NULL : "no ID, VERSION_ID or PRETTY_NAME line";
}

const char *jg_parse_meminfo(const char *text, size_t len, const char *key,
                             unsigned long long *bytes)
{
    if (jg_find_nul(text, len) >= 0)
        return "NUL byte in the file";
    size_t kl = strlen(key), pos = 0;
    jg_line l;
    while (jg_next_line(text, len, &pos, &l)) {
        if (l.n <= kl || memcmp(l.s, key, kl) != 0 || l.s[kl] != ':')
            continue;
        jg_line v = jg_trim((jg_line){l.s + kl + 1, l.n - kl - 1});
        if (v.n < 3 || memcmp(v.s + v.n - 3, " kB", 3) != 0)
            return "value is not '<N> kB'";
        unsigned long long kb;
        if (!jg_parse_uint(jg_trim((jg_line){v.s, v.n - 3}), &kb) || kb > (1ull << 50))
            return "value is not '<N> kB'";
        *bytes = kb * 1024ull;
        return NULL;
    }
    return "field not present";
}
