/* Small scanning helpers shared by the report recognisers (report_match_*.c):
 * case-insensitive phrase search over the current line, word matches, and
 * version tokens. Inline, because they run for every line of a large paste. */
#ifndef JG_DOCTOR_REPORT_SCAN_H
#define JG_DOCTOR_REPORT_SCAN_H
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "doctor/triage/report_text.h"

static inline bool pair_seen(const jg_tp *p, char a, char b)
{
    unsigned h = JG_TP_PAIR(a, b);
    return (p->pairs[h >> 3] >> (h & 7)) & 1u;
}

/* The line may hold needle: its first and its last character pair occur (no
 * false "no"; two pairs let far fewer lines through to strstr than one). */
static inline bool may_hold(const jg_tp *p, const char *needle)
{
    if (!needle[0] || !needle[1])
        return true;
    size_t n = strlen(needle);
    return pair_seen(p, needle[0], needle[1]) && pair_seen(p, needle[n - 2], needle[n - 1]);
}

static inline const char *find(const jg_tp *p, const char *needle)
{
    return may_hold(p, needle) ? strstr(p->lower, needle) : NULL;
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
    for (const char *s = find(p, w); s; s = strstr(s + 1, w)) {
        bool left = s == p->lower || !word_char(s[-1]);
        if (left && !word_char(s[n]))
            return true;
    }
    return false;
}

/* The line holds one of words (a NULL-ended list of lower-case phrases). */
static inline bool find_any(const jg_tp *p, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (find(p, words[i]))
            return true;
    return false;
}

/* pat (lower case; '#' one digit; a final '*' any text after) at s, with a word boundary after
 * it unless it ends in '*'. */
static inline bool pattern_at(const char *s, const char *pat)
{
    for (; *pat && *pat != '*'; pat++, s++)
        if (*pat == '#' ? !isdigit((unsigned char)*s) : *s != *pat)
            return false;
    return *pat == '*' || !word_char(*s);
}

/* A word that starts as pat's fixed prefix (up to its first '#' or '*') and matches the rest. */
static inline bool has_pattern(const jg_tp *p, const char *pat)
{
    char prefix[32];
    size_t n = strcspn(pat, "#*");
    if (n == 0 || n >= sizeof prefix)
        return false;
    memcpy(prefix, pat, n);
    prefix[n] = '\0';
    for (const char *s = find(p, prefix); s; s = strstr(s + 1, prefix))
        if ((s == p->lower || !word_char(s[-1])) && pattern_at(s, pat))
            return true;
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

/* jg_match_python returns true when the line was a REPL value and nothing
 * else should read it (report_match_python.c). */
bool jg_match_python(jg_tp *p);
/* The other recognisers, grouped by file; report_match.c runs them in order. */
/* report_match_platform.c: jetson_release, nv_tegra_release, nvcc, nvidia-smi, deviceQuery */
void jg_rx_platform(jg_tp *p);
void jg_rx_libraries(jg_tp *p);
void jg_rx_gpu_name_hints(jg_tp *p);
void jg_rx_device_query(jg_tp *p);
void jg_rx_cudnn_present(jg_tp *p);
/* report_match_errors.c: CUDA errors, missing libraries, one-phrase signals */
void jg_rx_cuda_errors(jg_tp *p);
void jg_rx_missing_library(jg_tp *p);
void jg_rx_signals(jg_tp *p);
void jg_rx_requires(jg_tp *p);
/* report_match_containers.c: image references, docker commands */
void jg_rx_images(jg_tp *p);
void jg_rx_docker(jg_tp *p);
/* report_match_env.c: the environment, installs, failures that show CUDA worked */
void jg_rx_environment(jg_tp *p);
void jg_rx_installs(jg_tp *p);
void jg_rx_prose_availability(jg_tp *p);
void jg_rx_stacks(jg_tp *p);
void jg_rx_outcomes(jg_tp *p);
void jg_rx_system(jg_tp *p);
void jg_rx_phrases(jg_tp *p);
void jg_rx_torch_capability_warning(jg_tp *p);
/* report_match_python.c: where a Python traceback's error was raised */
void jg_rx_traceback(jg_tp *p);
void jg_rx_project_json(jg_tp *p);
/* report_match_failure.c: failure lines in and outside the CUDA stack's words */
void jg_rx_failures(jg_tp *p);
void jg_rx_present_library(jg_tp *p);

#endif
