#include "util/version.h"

#include <limits.h>
#include <string.h>

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

size_t jg_dotted_parse(const char *s, jg_dotted *v)
{
    jg_dotted local;
    if (!v)
        v = &local;
    memset(v, 0, sizeof *v);
    size_t i = 0;
    if (!s || !is_digit(s[0]))
        return 0;
    for (;;) {
        size_t start = i;
        long value = 0;
        while (is_digit(s[i])) {
            int d = s[i++] - '0';
            value = value > (LONG_MAX - d) / 10 ? LONG_MAX : value * 10 + d; /* saturate */
        }
        if (v->n < JG_DOTTED_PARTS)
            v->part[v->n] = value;
        v->n++;
        if (i - start > v->widest)
            v->widest = i - start;
        if (s[i] != '.' || !is_digit(s[i + 1]))
            return i;
        i++;
    }
}

bool jg_dotted_exact(const char *s, int min_parts, int max_parts, jg_dotted *v)
{
    jg_dotted local;
    if (!v)
        v = &local;
    size_t n = jg_dotted_parse(s, v);
    return n > 0 && s[n] == '\0' && v->n >= min_parts && v->n <= max_parts && v->widest <= 9;
}

long jg_dotted_part(const char *s, int k)
{
    jg_dotted v;
    if (k < 0 || k >= JG_DOTTED_PARTS || jg_dotted_parse(s, &v) == 0 || k >= v.n)
        return -1;
    return v.part[k];
}

int jg_dotted_cmp(const jg_dotted *a, const jg_dotted *b)
{
    int n = a->n > b->n ? a->n : b->n;
    if (n > JG_DOTTED_PARTS)
        n = JG_DOTTED_PARTS;
    for (int i = 0; i < n; i++) {
        long x = i < a->n ? a->part[i] : 0, y = i < b->n ? b->part[i] : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}
