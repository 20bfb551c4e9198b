#include "facts/text.h"

#include <string.h>

#include "util/version.h"

bool jg_next_line(const char *text, size_t len, size_t *pos, jg_line *out)
{
    if (*pos >= len)
        return false;
    const char *start = text + *pos;
    const char *nl = memchr(start, '\n', len - *pos);
    size_t n = nl ? (size_t)(nl - start) : len - *pos;
    out->s = start;
    out->n = n;
    *pos += n + (nl ? 1 : 0);
    return true;
}

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

jg_line jg_trim(jg_line l)
{
    while (l.n && blank(l.s[0])) {
        l.s++;
        l.n--;
    }
    while (l.n && blank(l.s[l.n - 1]))
        l.n--;
    return l;
}

jg_line jg_first_line(const char *text, size_t len)
{
    size_t pos = 0;
    jg_line l = {text, 0};
    jg_next_line(text, len, &pos, &l);
    return jg_trim(l);
}

bool jg_starts(jg_line l, const char *prefix)
{
    size_t p = strlen(prefix);
    return l.n >= p && memcmp(l.s, prefix, p) == 0;
}

bool jg_copy(jg_line l, char *buf, size_t size)
{
    if (l.n >= size)
        return false;
    memcpy(buf, l.s, l.n);
    buf[l.n] = '\0';
    return true;
}

bool jg_printable(jg_line l)
{
    for (size_t i = 0; i < l.n; i++)
        if ((unsigned char)l.s[i] < 0x20 || (unsigned char)l.s[i] > 0x7e)
            return false;
    return true;
}

/* Length of the UTF-8 sequence led by c, 0 when c cannot lead one. */
static size_t utf8_len(unsigned char c)
{
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        return 2;
    if (c >= 0xe0 && c <= 0xef)
        return 3;
    if (c >= 0xf0 && c <= 0xf4)
        return 4;
    return 0;
}

bool jg_clean_utf8(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return false;
        size_t k = utf8_len(c);
        if (k == 0 || i + k > n)
            return false;
        for (size_t j = 1; j < k; j++)
            if (((unsigned char)s[i + j] & 0xc0) != 0x80)
                return false;
        /* Overlong 3/4-byte forms and surrogates are rejected like jansson does. */
        if (k == 3 && c == 0xe0 && (unsigned char)s[i + 1] < 0xa0)
            return false;
        if (k == 3 && c == 0xed && (unsigned char)s[i + 1] >= 0xa0)
            return false;
        if (k == 4 && c == 0xf0 && (unsigned char)s[i + 1] < 0x90)
            return false;
        if (k == 4 && c == 0xf4 && (unsigned char)s[i + 1] >= 0x90)
            return false;
        i += k;
    }
    return true;
}

long jg_find_nul(const char *text, size_t len)
{
    const char *z = memchr(text, '\0', len);
    return z ? (long)(z - text) : -1;
}

bool jg_parse_uint(jg_line l, unsigned long long *out)
{
    if (l.n == 0 || l.n > 19)
        return false;
    unsigned long long v = 0;
    for (size_t i = 0; i < l.n; i++) {
        if (l.s[i] < '0' || l.s[i] > '9')
            return false;
        v = v * 10 + (unsigned long long)(l.s[i] - '0');
    }
    *out = v;
    return true;
}

bool jg_is_version(const char *s)
{
    return jg_dotted_exact(s, 1, 4, NULL);
}
