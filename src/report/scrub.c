/* Pattern scrubber: a single left-to-right pass, each pattern tried at each
 * position; what matches is replaced by a placeholder, the rest copied. */
#include "report/scrub.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static size_t run_of(const char *s, const char *set)
{
    size_t n = 0;
    while (s[n] && strchr(set, s[n]))
        n++;
    return n;
}

static bool is_word(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.';
}

/* "/home/NAME" or "/Users/NAME" or "/root": the length to replace. */
static size_t home_path(const char *s, const char **placeholder)
{
    static const char *const homes[] = {"/home/", "/Users/", NULL};
    for (size_t i = 0; homes[i]; i++) {
        size_t n = strlen(homes[i]);
        if (strncmp(s, homes[i], n) == 0 && is_word(s[n])) {
            while (is_word(s[n]))
                n++;
            *placeholder = "[home]";
            return n;
        }
    }
    if (strncmp(s, "/root", 5) == 0 && !is_word(s[5])) {
        *placeholder = "[home]";
        return 5;
    }
    return 0;
}

/* d.d.d.d with 1-3 digit groups. */
static size_t ipv4(const char *s)
{
    size_t n = 0;
    for (int g = 0; g < 4; g++) {
        size_t d = run_of(s + n, "0123456789");
        if (d < 1 || d > 3)
            return 0;
        n += d;
        if (g < 3) {
            if (s[n] != '.')
                return 0;
            n++;
        }
    }
    return isdigit((unsigned char)s[n]) || s[n] == '.' ? 0 : n;
}

/* Hex groups separated by ':' or '-': MAC (6 x 2), UUID (8-4-4-4-12) and
 * IPv6-like runs (at least 3 colons). */
static size_t hex_groups(const char *s)
{
    static const char *hex = "0123456789abcdefABCDEF";
    size_t n = 0, groups = 0, colons = 0, dashes = 0, widths[16] = {0};
    for (;;) {
        size_t d = run_of(s + n, hex);
        if (groups < 16)
            widths[groups] = d;
        groups++;
        n += d;
        if (s[n] != ':' && s[n] != '-')
            break; /* also the end of the string: s[n + 1] is never read past it */
        bool next_hex = s[n + 1] && strchr(hex, s[n + 1]);
        if ((s[n] == ':' && (next_hex || s[n + 1] == ':')) || (s[n] == '-' && next_hex)) {
            colons += s[n] == ':';
            dashes += s[n] == '-';
            n++;
            continue;
        }
        break;
    }
    if (is_word(s[n]) && s[n] != '.')
        return 0;
    bool mac = groups == 6 && (colons == 5 || dashes == 5);
    for (size_t i = 0; mac && i < 6; i++)
        mac = widths[i] == 2;
    bool uuid = groups == 5 && dashes == 4 && widths[0] == 8 && widths[1] == 4 &&
                widths[2] == 4 && widths[3] == 4 && widths[4] == 12;
    bool ipv6 = colons >= 3 && dashes == 0;
    return mac || uuid || ipv6 ? n : 0;
}

/* local@domain.tld */
static size_t email(const char *s)
{
    size_t local = 0;
    while (is_word(s[local]) || s[local] == '+')
        local++;
    if (local == 0 || s[local] != '@')
        return 0;
    size_t dom = local + 1, start = dom;
    while (is_word(s[dom]))
        dom++;
    return dom > start + 2 && memchr(s + start, '.', dom - start) ? dom : 0;
}

static size_t match(const char *s, bool at_boundary, const char **placeholder)
{
    size_t n = home_path(s, placeholder);
    if (n)
        return n;
    if (!at_boundary)
        return 0;
    if ((n = email(s))) {
        *placeholder = "[email]";
        return n;
    }
    if ((n = ipv4(s))) {
        *placeholder = "[address]";
        return n;
    }
    if ((n = hex_groups(s))) {
        *placeholder = "[id]";
        return n;
    }
    return 0;
}

char *jg_scrub(const char *s)
{
    if (!s)
        s = "unknown";
    size_t len = strlen(s);
    char *out = malloc(len * 2 + 16); /* a placeholder is never longer than twice its match */
    if (!out)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        const char *ph = NULL;
        size_t n = match(s + i, i == 0 || !is_word(s[i - 1]), &ph);
        if (n >= 3 || (n && strcmp(ph, "[home]") == 0)) {
            size_t pl = strlen(ph);
            memcpy(out + o, ph, pl);
            o += pl;
            i += n;
            continue;
        }
        char c = s[i++];
        if (c == '|' || c == '`') /* markdown table cells and code spans */
            out[o++] = '\\';
        out[o++] = (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    }
    out[o] = '\0';
    return out;
}
