/* TOML strings at the cursor: basic, literal and their multi-line forms,
 * with every escape TOML 1.0 defines and nothing else. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "install/toml_internal.h"

struct sbuf {
    char *s;
    size_t n, cap;
};

static bool put(struct sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->n + n + 1) * 2;
        char *g = realloc(b->s, cap);
        if (!g)
            return false;
        b->s = g;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
    return true;
}

static bool put_utf8(struct sbuf *b, unsigned long c)
{
    char u[4];
    size_t n;
    if (c < 0x80) {
        u[0] = (char)c, n = 1;
    } else if (c < 0x800) {
        u[0] = (char)(0xc0 | (c >> 6)), u[1] = (char)(0x80 | (c & 0x3f)), n = 2;
    } else if (c < 0x10000) {
        u[0] = (char)(0xe0 | (c >> 12)), u[1] = (char)(0x80 | ((c >> 6) & 0x3f));
        u[2] = (char)(0x80 | (c & 0x3f)), n = 3;
    } else {
        u[0] = (char)(0xf0 | (c >> 18)), u[1] = (char)(0x80 | ((c >> 12) & 0x3f));
        u[2] = (char)(0x80 | ((c >> 6) & 0x3f)), u[3] = (char)(0x80 | (c & 0x3f)), n = 4;
    }
    return put(b, u, n);
}

/* After a backslash in a basic string. */
static int escape(struct tp *t, struct sbuf *b)
{
    static const char from[] = "btnfr\"\\", to[] = "\b\t\n\f\r\"\\";
    const char *e = t->p < t->end ? strchr(from, *t->p) : NULL;
    if (e && *e) {
        t->p++;
        return put(b, &to[e - from], 1) ? 0 : tp_fail(t, "out of memory");
    }
    int digits = t->p < t->end && *t->p == 'u' ? 4 : t->p < t->end && *t->p == 'U' ? 8 : 0;
    if (!digits || t->end - t->p <= digits)
        return tp_fail(t, "invalid escape in a string");
    unsigned long c = 0;
    for (int i = 1; i <= digits; i++) {
        if (!isxdigit((unsigned char)t->p[i]))
            return tp_fail(t, "invalid \\u escape");
        c = c * 16 + (unsigned long)(isdigit((unsigned char)t->p[i]) ? t->p[i] - '0'
                                                                     : (t->p[i] | 0x20) - 'a' + 10);
    }
    if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return tp_fail(t, "\\u escape is not a Unicode scalar value");
    t->p += digits + 1;
    return put_utf8(b, c) ? 0 : tp_fail(t, "out of memory");
}

/* A multi-line string closes at 3 quotes; up to 2 more belong to it. */
static int closing(struct tp *t, char q, struct sbuf *b)
{
    size_t n = 0;
    while (t->p + n < t->end && t->p[n] == q)
        n++;
    if (n < 3)
        return 0;
    if (n > 5)
        return tp_fail(t, "too many quotes closing a multi-line string");
    if (!put(b, t->p, n - 3))
        return tp_fail(t, "out of memory");
    t->p += n;
    return 1;
}

/* In a multi-line basic string, a backslash at the end of a line joins it. */
static bool line_ending_backslash(struct tp *t)
{
    const char *q = t->p + 1;
    while (q < t->end && (*q == ' ' || *q == '\t'))
        q++;
    if (q >= t->end || (*q != '\n' && !(*q == '\r' && q + 1 < t->end && q[1] == '\n')))
        return false;
    for (t->p = q; t->p < t->end && isspace((unsigned char)*t->p); t->p++)
        t->line += *t->p == '\n';
    return true;
}

static int string_body(struct tp *t, char q, bool multi, struct sbuf *b)
{
    for (;;) {
        if (t->p >= t->end)
            return tp_fail(t, "unterminated string");
        unsigned char c = (unsigned char)*t->p;
        if (multi) {
            int r = closing(t, q, b);
            if (r != 0)
                return r < 0 ? -1 : 0;
        } else if (c == (unsigned char)q) {
            t->p++;
            return 0;
        }
        if (q == '"' && c == '\\') {
            if (multi && line_ending_backslash(t))
                continue;
            t->p++;
            if (escape(t, b) < 0)
                return -1;
            continue;
        }
        if (c == '\r' && multi && t->p + 1 < t->end && t->p[1] == '\n')
            c = (unsigned char)*++t->p;
        if (c == '\n' && !multi)
            return tp_fail(t, "unterminated string (newline before the closing quote)");
        if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
            return tp_fail(t, "control character in a string");
        t->line += c == '\n';
        if (!put(b, t->p++, 1))
            return tp_fail(t, "out of memory");
    }
}

json_t *tp_string(struct tp *t, bool multi_ok)
{
    char q = *t->p;
    bool multi = t->end - t->p >= 3 && t->p[1] == q && t->p[2] == q;
    if (multi && !multi_ok)
        return tp_fail(t, "a multi-line string cannot be a key"), NULL;
    t->p += multi ? 3 : 1;
    if (multi && t->p < t->end && (*t->p == '\n' || (*t->p == '\r' && t->p + 1 < t->end &&
                                                     t->p[1] == '\n'))) {
        t->p += *t->p == '\r' ? 2 : 1; /* a newline right after the opening is trimmed */
        t->line++;
    }
    struct sbuf b = {0};
    json_t *s = NULL;
    if (put(&b, "", 0) && string_body(t, q, multi, &b) == 0) {
        s = json_stringn(b.s, b.n);
        if (!s)
            tp_fail(t, "string is not valid UTF-8");
    }
    free(b.s);
    return s;
}
