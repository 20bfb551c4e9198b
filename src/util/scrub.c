/* One left-to-right pass: at each position the known values, then the rules
 * of the table in order; the first that matches is replaced by its profile's
 * placeholder, the rest is copied (with the profile's escaping). */
#include "util/scrub.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/scrub_match.h"

#define ALL_PROFILES 7u
#define EVIDENCE (1u << JG_SCRUB_EVIDENCE)
#define ISSUE (1u << JG_SCRUB_ISSUE)
#define LINE (1u << JG_SCRUB_LINE)

typedef struct scrub_rule {
    const char *name;
    jg_scrub_matcher match;
    unsigned profiles;       /* which profiles apply it */
    unsigned scope;          /* scope bits the text must have (0: every text) */
    bool credential;         /* also what jg_scrub_has_credential looks for */
    const char *placeholder[3]; /* per profile: evidence, issue, line */
} scrub_rule;

static const scrub_rule rules[] = {
    {"url-userinfo", jg_match_url_userinfo, ALL_PROFILES, 0, true, {"<secret>", "[secret]", "<secret>"}},
    {"authorization", jg_match_authorization, ALL_PROFILES, 0, true, {"<secret>", "[secret]", "<secret>"}},
    {"aws-secret", jg_match_aws_secret, ALL_PROFILES, 0, true, {"<secret>", "[secret]", "<secret>"}},
    /* the line profile removes the rest of the line from such a word (private-word) */
    {"secret-assignment", jg_match_secret_assignment, EVIDENCE | ISSUE, 0, true,
     {"<secret>", "[secret]", NULL}},
    {"jwt", jg_match_jwt, ALL_PROFILES, 0, true, {"<token>", "[token]", "<token>"}},
    {"webhook", jg_match_webhook, ALL_PROFILES, 0, true, {"<webhook>", "[webhook]", "<webhook>"}},
    {"token-prefix", jg_match_token_prefix, ALL_PROFILES, 0, true, {"<token>", "[token]", "<token>"}},
    {"home", jg_match_home, ALL_PROFILES, JG_SCRUB_PATTERNS, false, {"<home>", "[home]", "~"}},
    {"private-word", jg_match_private_word, LINE, 0, false, {NULL, NULL, " <removed>"}},
    {"email", jg_match_email, ISSUE, JG_SCRUB_PATTERNS, false, {NULL, "[email]", NULL}},
    {"uuid", jg_match_uuid, EVIDENCE | ISSUE, JG_SCRUB_PATTERNS, false, {"<uuid>", "[id]", NULL}},
    {"mac", jg_match_mac, EVIDENCE | ISSUE, JG_SCRUB_PATTERNS, false, {"<mac>", "[id]", NULL}},
    {"ipv4", jg_match_ipv4, EVIDENCE | ISSUE, JG_SCRUB_PATTERNS, false, {"<ip>", "[address]", NULL}},
    {"ipv6", jg_match_ipv6, EVIDENCE | ISSUE, JG_SCRUB_PATTERNS, false, {"<ip>", "[id]", NULL}},
    {"token-run", jg_match_token_run, EVIDENCE, JG_SCRUB_PATTERNS, false, {"<token>", NULL, NULL}},
};

/* ---- known values ---- */

void jg_scrub_init(jg_scrub *s)
{
    memset(s, 0, sizeof *s);
}

void jg_scrub_free(jg_scrub *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->values[i]);
    free(s->values);
    free(s->labels);
    memset(s, 0, sizeof *s);
}

static bool grow(jg_scrub *s)
{
    if (s->n < s->cap)
        return true;
    size_t cap = s->cap ? s->cap * 2 : 16;
    char **v = realloc(s->values, cap * sizeof *v);
    if (!v)
        return false;
    s->values = v;
    const char **l = realloc(s->labels, cap * sizeof *l);
    if (!l)
        return false;
    s->labels = l;
    s->cap = cap;
    return true;
}

void jg_scrub_add(jg_scrub *s, const char *value, const char *label)
{
    if (!value)
        return;
    size_t len = strcspn(value, "\r\n"); /* file contents end in a newline */
    char *copy = len >= 3 && grow(s) ? strndup(value, len) : NULL;
    if (!copy)
        return;
    /* Keep longest first, so "/home/alice" wins over "alice". */
    size_t i = s->n;
    while (i > 0 && strlen(s->values[i - 1]) < len) {
        s->values[i] = s->values[i - 1];
        s->labels[i] = s->labels[i - 1];
        i--;
    }
    s->values[i] = copy;
    s->labels[i] = label;
    s->n++;
}

/* The scope a value needs: names of people and machines are words of free text. */
static unsigned value_scope(const char *label)
{
    if (strcmp(label, "<user>") == 0 || strcmp(label, "<host>") == 0)
        return JG_SCRUB_IDENTITY;
    return strcmp(label, "<home>") == 0 ? JG_SCRUB_PATTERNS : 0;
}

static size_t match_value(const jg_scrub *s, const char *p, const char *start, unsigned scope,
                          const char **label)
{
    for (size_t i = 0; s && i < s->n; i++) {
        unsigned need = value_scope(s->labels[i]);
        size_t k = strlen(s->values[i]);
        if ((scope & need) != need || strncmp(p, s->values[i], k) != 0)
            continue;
        /* '-' joins a word here: "jetson-runtime" is not the user "jetson". */
        bool whole = (p == start || !(jg_scrub_word_char(p[-1]) || p[-1] == '-')) &&
                     !(jg_scrub_word_char(p[k]) || p[k] == '-');
        if (need == JG_SCRUB_IDENTITY && !whole)
            continue;
        *label = s->labels[i];
        return k;
    }
    return 0;
}

/* ---- the pass ---- */

static size_t match_rule(jg_scrub_profile prof, unsigned scope, const char *p, const char *start,
                         size_t *keep, const char **ph)
{
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        const scrub_rule *r = &rules[i];
        if (!(r->profiles & (1u << prof)) || (scope & r->scope) != r->scope)
            continue;
        *keep = 0;
        size_t n = r->match(p, start, keep);
        if (n) {
            *ph = r->placeholder[prof];
            return n;
        }
    }
    return 0;
}

static void put_plain(FILE *f, jg_scrub_profile prof, char c)
{
    if (prof == JG_SCRUB_ISSUE) {
        if (c == '|' || c == '`') /* markdown table cells and code spans */
            fputc('\\', f);
        if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';
    }
    fputc(c, f);
}

static char *run(const jg_scrub *s, jg_scrub_profile prof, unsigned scope, const char *in)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f)
        return NULL;
    for (const char *p = in; *p;) {
        const char *ph = NULL;
        size_t keep = 0, n = match_value(s, p, in, scope, &ph);
        if (!n)
            n = match_rule(prof, scope, p, in, &keep, &ph);
        if (!n) {
            put_plain(f, prof, *p++);
            continue;
        }
        fwrite(p, 1, keep, f);
        fputs(ph, f);
        p += n;
    }
    fclose(f);
    return out;
}

char *jg_scrub_text(const jg_scrub *s, const char *in, unsigned scope)
{
    return in ? run(s, JG_SCRUB_EVIDENCE, scope, in) : NULL;
}

char *jg_scrub_issue(const char *s)
{
    return run(NULL, JG_SCRUB_ISSUE, JG_SCRUB_FREE_TEXT, s ? s : "unknown");
}

/* End of a shell prompt "user@host:path$ " at the start of s, or 0. */
static size_t prompt_len(const char *s)
{
    const char *at = strchr(s, '@'), *sp = strchr(s, ' ');
    if (!at || (sp && sp < at))
        return 0;
    const char *end = strstr(at, "$ ");
    if (!end)
        end = strstr(at, "# ");
    if (!end || (strchr(at, ' ') && strchr(at, ' ') < end))
        return 0;
    return (size_t)(end - s) + 2;
}

#define LINE_SHOWN 200

void jg_scrub_line(const char *in, char *out, size_t cap)
{
    size_t p = prompt_len(in);
    char *clean = run(NULL, JG_SCRUB_LINE, JG_SCRUB_FREE_TEXT, in + p);
    const char *text = clean ? clean : "";
    size_t limit = cap > LINE_SHOWN ? LINE_SHOWN : cap;
    int w = snprintf(out, cap, "%s", p ? "$ " : "");
    size_t room = limit > (size_t)w + 4 ? limit - (size_t)w - 4 : 0;
    size_t n = strlen(text);
    snprintf(out + w, cap - (size_t)w, "%.*s%s", (int)(n < room ? n : room), text,
             n > room && cap > (size_t)w + room + 3 ? "..." : "");
    free(clean);
}

bool jg_scrub_has_credential(const char *text)
{
    for (const char *p = text; p && *p; p++)
        for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
            size_t keep;
            if (rules[i].credential && rules[i].match(p, text, &keep))
                return true;
        }
    return false;
}
