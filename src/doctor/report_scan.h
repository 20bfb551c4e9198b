/* Small scanning helpers shared by the report recognisers (report_match_*.c):
 * case-insensitive phrase search over the current line, word matches, and
 * version tokens. Inline, because they run for every line of a large paste. */
#ifndef JG_DOCTOR_REPORT_SCAN_H
#define JG_DOCTOR_REPORT_SCAN_H
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "doctor/report_text.h"

static inline const char *find(const jg_tp *p, const char *needle)
{
    return strstr(p->lower, needle);
}

/* The original-case text just after needle, or NULL. */
static inline const char *after(const jg_tp *p, const char *needle)
{
    const char *at = find(p, needle);
    return at ? p->text + (at - p->lower) + strlen(needle) : NULL;
}

static inline bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static inline bool has_word(const jg_tp *p, const char *w)
{
    size_t n = strlen(w);
    for (const char *s = strstr(p->lower, w); s; s = strstr(s + 1, w)) {
        bool left = s == p->lower || !word_char(s[-1]);
        if (left && !word_char(s[n]))
            return true;
    }
    return false;
}

/* A version token (starts with a digit; digits, letters, . + - _) after
 * spaces, quotes, colons and '='. Empty when there is none. */
static inline void read_version(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    while (s && (*s == ' ' || *s == '\'' || *s == '"' || *s == ':' || *s == '=' || *s == 'v' ||
                 *s == 'V' || *s == 'r' || *s == 'R'))
        s++;
    if (s && isdigit((unsigned char)*s))
        while (*s && n + 1 < cap && (isalnum((unsigned char)*s) || strchr(".+-_", *s)))
            out[n++] = *s++;
    while (n && strchr(".-_+", out[n - 1]))
        n--; /* a sentence's full stop or comma is not part of the version */
    out[n] = '\0';
}

static inline void fact_version(jg_tp *p, jg_ff field, const char *s)
{
    char v[64];
    read_version(s, v, sizeof v);
    if (*v)
        jg_tp_fact(p, field, json_string(v));
}

/* "key:" at the start of the line, after an optional "- " / "* " list marker. */
static inline const char *key_value(const jg_tp *p, const char *key)
{
    size_t skip = (p->lower[0] == '-' || p->lower[0] == '*') && p->lower[1] == ' ' ? 2 : 0;
    size_t n = strlen(key);
    return strncmp(p->lower + skip, key, n) == 0 ? p->text + skip + n : NULL;
}

/* Wait for the value of a REPL expression on one of the next few lines. */
static inline void expect_value(jg_tp *p, enum jg_expect e)
{
    p->expect = e;
    p->expect_left = 4;
}

/* The recognisers, one group per file; jg_match_python returns true when the
 * line was a REPL value and nothing else should read it. */
bool jg_match_python(jg_tp *p);
void jg_match_platform(jg_tp *p);
void jg_match_errors(jg_tp *p);
void jg_match_containers(jg_tp *p);
void jg_match_env(jg_tp *p);

#endif
