#include "doctor/triage/report_lines.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static int next_byte(jg_linereader *r)
{
    if (r->pre && r->pre_pos < r->pre_len)
        return (unsigned char)r->pre[r->pre_pos++];
    return r->f ? getc_unlocked(r->f) : EOF;
}

bool jg_lr_next(jg_linereader *r)
{
    int c;
    size_t n = 0;
    bool any = false, cut = false;
    r->over_cap = r->lines >= JG_REPORT_LINES_CAP;
    while (!r->over_cap && !(r->over_cap = r->bytes >= JG_REPORT_INPUT_CAP) &&
           (c = next_byte(r)) != EOF) {
        any = true;
        r->bytes++;
        if (c == '\n')
            break;
        if (n < sizeof r->buf - 1)
            r->buf[n++] = (char)c;
        else
            cut = true;
    }
    if (!any)
        return false;
    r->buf[n] = '\0';
    if (r->lines == 0 && n >= 3 && memcmp(r->buf, "\xef\xbb\xbf", 3) == 0) {
        memmove(r->buf, r->buf + 3, n - 2); /* a UTF-8 byte-order mark is no text */
        n -= 3;
    }
    r->len = n;
    r->lines++;
    if (cut)
        r->long_lines++;
    return true;
}

/* Length of an ANSI escape sequence starting at s (s[0] == ESC). */
static size_t escape_len(const char *s)
{
    size_t i = 1;
    if (s[1] == '[') { /* CSI: parameters, then a final byte @..~ */
        for (i = 2; s[i] && !(s[i] >= 0x40 && s[i] <= 0x7e); i++)
            ;
        return s[i] ? i + 1 : i;
    }
    if (s[1] == ']') { /* OSC: up to BEL or ESC \ */
        for (i = 2; s[i] && s[i] != '\a' && !(s[i] == 0x1b && s[i + 1] == '\\'); i++)
            ;
        return s[i] == '\a' ? i + 1 : s[i] ? i + 2 : i;
    }
    return s[1] ? 2 : 1;
}

static const struct { const char *ent; char ch; } entities[] = {
    {"&gt;", '>'}, {"&lt;", '<'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&#39;", '\''}, {"&#x27;", '\''},
};

static size_t entity_at(const char *s, char *ch)
{
    for (size_t k = 0; k < sizeof entities / sizeof entities[0]; k++) {
        size_t n = strlen(entities[k].ent);
        if (strncmp(s, entities[k].ent, n) == 0) {
            *ch = entities[k].ch;
            return n;
        }
    }
    return 0;
}

static size_t strip_bytes(char *s)
{
    size_t w = 0;
    for (size_t r = 0; s[r];) {
        unsigned char c = (unsigned char)s[r];
        char ch;
        size_t n;
        if (c == 0x1b) {
            r += escape_len(s + r);
        } else if (c == 0xe2 && (unsigned char)s[r + 1] == 0x80 &&
                   ((unsigned char)s[r + 2] & 0xf0) == 0x90) {
            /* typographic quotes and dashes from chat or word processors: U+2010..U+201F */
            unsigned char t = (unsigned char)s[r + 2];
            s[w++] = t >= 0x98 && t <= 0x9b ? '\'' : t >= 0x9c ? '"' : '-';
            r += 3;
        } else if (c == 0xc2 && (unsigned char)s[r + 1] == 0xa0) {
            s[w++] = ' '; /* no-break space */
            r += 2;
        } else if (c == '&' && (n = entity_at(s + r, &ch)) > 0) {
            s[w++] = ch;
            r += n;
        } else if (c == '\t') {
            s[w++] = ' ';
            r++;
        } else if (c < 0x20 || c == 0x7f) {
            r++; /* CR and other control bytes */
        } else {
            s[w++] = s[r++];
        }
    }
    s[w] = '\0';
    return w;
}

size_t jg_clean_line(char *s)
{
    size_t n = strip_bytes(s);
    while (n && s[n - 1] == ' ')
        s[--n] = '\0';
    size_t lead = 0;
    while (s[lead] == ' ')
        lead++;
    /* markdown quotes "> text" (but not the ">>>" Python prompt) */
    while (s[lead] == '>' && s[lead + 1] != '>' && (s[lead + 1] == ' ' || !s[lead + 1])) {
        lead++;
        while (s[lead] == ' ')
            lead++;
    }
    if (strncmp(s + lead, "```", 3) == 0 || strncmp(s + lead, "~~~", 3) == 0)
        lead = n;
    memmove(s, s + lead, n - lead + 1);
    return n - lead;
}
