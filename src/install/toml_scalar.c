/* TOML booleans, integers, floats and dates/times at the cursor, checked
 * against TOML 1.0's grammar. Dates, times, inf and nan are kept as their
 * text: nothing that reads these files compares them. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "install/toml_internal.h"

static bool digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    return true;
}

/* HH:MM:SS[.frac] of length n. */
static bool time_ok(const char *s, size_t n)
{
    if (n < 8 || !digits(s, 2) || s[2] != ':' || !digits(s + 3, 2) || s[5] != ':' ||
        !digits(s + 6, 2))
        return false;
    if (n == 8)
        return true;
    return s[8] == '.' && n > 9 && digits(s + 9, n - 9);
}

/* Offset date-time, local date-time, local date or local time. */
static bool datetime_ok(const char *s, size_t n)
{
    if (n >= 8 && s[2] == ':')
        return time_ok(s, n);
    if (n < 10 || !digits(s, 4) || s[4] != '-' || !digits(s + 5, 2) || s[7] != '-' ||
        !digits(s + 8, 2))
        return false;
    if (n == 10)
        return true;
    if (s[10] != 'T' && s[10] != 't' && s[10] != ' ')
        return false;
    const char *tm = s + 11;
    size_t tn = n - 11;
    if (tn && (tm[tn - 1] == 'Z' || tm[tn - 1] == 'z'))
        tn--;
    else if (tn > 6 && (tm[tn - 6] == '+' || tm[tn - 6] == '-') && digits(tm + tn - 5, 2) &&
             tm[tn - 3] == ':' && digits(tm + tn - 2, 2))
        tn -= 6;
    return time_ok(tm, tn);
}

/* Digits of base with single underscores between them; the text without them in out. */
static bool grouped(const char *s, size_t n, int base, char *out, size_t *k)
{
    if (!n)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '_') {
            if (i == 0 || i + 1 == n || s[i + 1] == '_')
                return false;
            continue;
        }
        bool ok = base == 16 ? isxdigit((unsigned char)s[i])
                             : s[i] >= '0' && s[i] < '0' + (base < 10 ? base : 10);
        if (!ok)
            return false;
        out[(*k)++] = s[i];
    }
    return true;
}

static json_t *integer(struct tp *t, const char *s, size_t n)
{
    char buf[80];
    size_t k = 0;
    int base = 10;
    if (n > 2 && s[0] == '0' && strchr("xob", s[1])) {
        base = s[1] == 'x' ? 16 : s[1] == 'o' ? 8 : 2;
        s += 2, n -= 2;
    } else if (n && (s[0] == '+' || s[0] == '-')) {
        buf[k++] = s[0];
        s++, n--;
    }
    if (n >= 60 || !grouped(s, n, base, buf, &k) || (base == 10 && n > 1 && s[0] == '0'))
        return tp_fail(t, "invalid number '%.*s'", (int)n, s), NULL;
    buf[k] = '\0';
    errno = 0;
    long long v = strtoll(buf, NULL, base);
    if (errno)
        return tp_fail(t, "integer out of range"), NULL;
    return json_integer(v);
}

static json_t *floating(struct tp *t, const char *s, size_t n)
{
    char buf[80];
    size_t k = 0, i = 0;
    if (n && (s[0] == '+' || s[0] == '-'))
        buf[k++] = s[i++];
    size_t int_end = i;
    while (int_end < n && s[int_end] != '.' && s[int_end] != 'e' && s[int_end] != 'E')
        int_end++;
    bool ok = n < 60 && grouped(s + i, int_end - i, 10, buf, &k) &&
              !(int_end - i > 1 && s[i] == '0');
    i = int_end;
    if (ok && i < n && s[i] == '.') {
        size_t f = ++i;
        while (i < n && s[i] != 'e' && s[i] != 'E')
            i++;
        buf[k++] = '.';
        ok = grouped(s + f, i - f, 10, buf, &k);
    }
    if (ok && i < n) { /* exponent */
        buf[k++] = 'e';
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            buf[k++] = s[i++];
        ok = grouped(s + i, n - i, 10, buf, &k);
    }
    if (!ok)
        return tp_fail(t, "invalid number '%.*s'", (int)n, s), NULL;
    buf[k] = '\0';
    return json_real(strtod(buf, NULL));
}

json_t *tp_scalar(struct tp *t)
{
    const char *s = t->p;
    size_t n = 0;
    while (s + n < t->end && (isalnum((unsigned char)s[n]) || strchr("_+-.:", s[n])))
        n++;
    /* "1979-05-27 07:32:00": the one place a space is inside a value. */
    if (n == 10 && s + 12 < t->end && s[10] == ' ' && isdigit((unsigned char)s[11]) &&
        datetime_ok(s, 10))
        for (n = 11; s + n < t->end && (isalnum((unsigned char)s[n]) || strchr("+-.:", s[n]));)
            n++;
    t->p += n;
    if (n == 0)
        return tp_fail(t, "expected a value"), NULL;
    if ((n == 4 && strncmp(s, "true", 4) == 0) || (n == 5 && strncmp(s, "false", 5) == 0))
        return json_boolean(n == 4);
    const char *u = s + (*s == '+' || *s == '-');
    size_t un = n - (size_t)(u - s);
    if ((un == 3 && (strncmp(u, "inf", 3) == 0 || strncmp(u, "nan", 3) == 0)) ||
        (n >= 8 && (s[2] == ':' || s[4] == '-') && datetime_ok(s, n)))
        return json_stringn(s, n);
    if (n > 2 && s[0] == '0' && strchr("xob", s[1]))
        return integer(t, s, n);
    if (memchr(s, '.', n) || ((memchr(s, 'e', n) || memchr(s, 'E', n)) && !memchr(s, 'x', n)))
        return floating(t, s, n);
    return integer(t, s, n);
}
