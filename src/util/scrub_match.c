#include "util/scrub_match.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

bool jg_scrub_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static bool token_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '=';
}

static bool word_start(const char *p, const char *start)
{
    return p == start || !jg_scrub_word_char(p[-1]);
}

/* Numbers and hex ids: not glued to a word, a dot or a colon before them. */
static bool number_start(const char *p, const char *start)
{
    return p == start || (!jg_scrub_word_char(p[-1]) && p[-1] != '.' && p[-1] != ':');
}

static size_t hex_run(const char *p, size_t max)
{
    size_t n = 0;
    while (n < max && isxdigit((unsigned char)p[n]))
        n++;
    return n;
}

static size_t run_of(const char *p, bool (*ok)(char))
{
    size_t n = 0;
    while (p[n] && ok(p[n]))
        n++;
    return n;
}

/* After "user:" a port ("host:8080/") is not a password. */
static bool is_port(const char *p)
{
    size_t d = 0;
    while (isdigit((unsigned char)p[d]))
        d++;
    return d > 0 && (p[d] == '/' || p[d] == '@' || p[d] == '\0' || isspace((unsigned char)p[d]));
}

/* "scheme://user:password@": the userinfo goes, scheme and host stay. Tools
 * print passwords unencoded, so after "user:" the userinfo runs to the LAST
 * '@' of the word: a password may hold '/' and '@' (an over-long match takes
 * a path with it, never leaves part of a password). */
size_t jg_match_url_userinfo(const char *p, const char *start, size_t *keep)
{
    if (!isalpha((unsigned char)*p) || (p > start && isalnum((unsigned char)p[-1])))
        return 0;
    size_t s = 0; /* schemes are short: a bound keeps "a.a.a.a..." linear */
    while (s < 32 && (isalnum((unsigned char)p[s]) || p[s] == '+' || p[s] == '-' || p[s] == '.'))
        s++;
    if (strncmp(p + s, "://", 3) != 0)
        return 0;
    size_t u = s + 3, n = u, colon = 0, first_at = 0, last_at = 0;
    bool path = false; /* a '/', '?' or '#' before the first '@' */
    while (n < u + 256 && p[n] && !strchr(" \t\r\n\"'<>`", p[n])) {
        if (p[n] == ':' && !colon && !first_at && !path)
            colon = n;
        path |= !first_at && strchr("/?#", p[n]) != NULL;
        if (p[n] == '@')
            last_at = first_at ? n : (first_at = n);
        n++;
    }
    bool password = colon && !is_port(p + colon + 1);
    if (!first_at || first_at == u || (path && !password))
        return 0;
    *keep = u;
    return password ? last_at : first_at;
}

/* "Bearer <value>", "Basic <value>" (any case): the value goes. A value has
 * 8 or more characters and looks made, not written: a digit, a symbol, an
 * inner capital, or 20+ letters ("Bearer authentication" stays). */
static bool made_value(const char *v, size_t n)
{
    bool lower = false, inner_upper = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)v[i];
        if (isdigit(c) || !isalpha(c))
            return true;
        inner_upper |= i > 0 && isupper(c);
        lower |= islower(c) != 0;
    }
    return n >= 20 || (inner_upper && lower);
}

size_t jg_match_authorization(const char *p, const char *start, size_t *keep)
{
    static const char *const schemes[] = {"bearer ", "basic "};
    if (!word_start(p, start))
        return 0;
    for (size_t i = 0; i < sizeof schemes / sizeof *schemes; i++) {
        size_t k = strlen(schemes[i]);
        if (strncasecmp(p, schemes[i], k) != 0)
            continue;
        size_t n = k;
        while (token_char(p[n]) || p[n] == '.' || p[n] == '/' || p[n] == '+' || p[n] == '~')
            n++;
        if (n - k >= 8 && made_value(p + k, n - k)) {
            *keep = k;
            return n;
        }
    }
    return 0;
}

static bool b64_char(char c)
{
    return isalnum((unsigned char)c) || c == '/' || c == '+';
}

/* An AWS secret access key: exactly 40 base64 characters mixing upper case,
 * lower case and digits ('/' and '+' break the generic token run). Commit
 * ids (lower-case hex) and paths (no capitals and digits together) stay. */
size_t jg_match_aws_secret(const char *p, const char *start, size_t *keep)
{
    (void)keep;
    if ((p != start && (b64_char(p[-1]) || p[-1] == '=')) || *p == '/')
        return 0;
    size_t n = 0;
    bool upper = false, lower = false, digit = false;
    while (n <= 40 && b64_char(p[n])) {
        upper |= isupper((unsigned char)p[n]) != 0;
        lower |= islower((unsigned char)p[n]) != 0;
        digit |= isdigit((unsigned char)p[n]) != 0;
        n++;
    }
    return n == 40 && p[n] != '=' && upper && lower && digit ? n : 0;
}

/* "password=VALUE", "DB_PASSWORD: VALUE", "\"token\": \"VALUE\"": the value goes
 * (any case; the word may end a longer name). A placeholder stays. */
size_t jg_match_secret_assignment(const char *p, const char *start, size_t *keep)
{
    static const char *const words[] = {"password", "passwd", "secret", "token", "api_key",
                                        "apikey", "access_key"};
    if (p != start && isalpha((unsigned char)p[-1]))
        return 0;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i]);
        if (strncasecmp(p, words[i], n) != 0)
            continue;
        n += p[n] == '"' || p[n] == '\'';
        if (p[n] != '=' && p[n] != ':')
            return 0;
        n++;
        while (p[n] == ' ' || p[n] == '"' || p[n] == '\'')
            n++;
        size_t v = n;
        while (p[n] && !isspace((unsigned char)p[n]) && !strchr("\"'&;,<>`", p[n]))
            n++;
        if (n == v || p[v] == '<')
            return 0;
        *keep = v;
        return n;
    }
    return 0;
}

static bool b64url_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_';
}

/* header.payload.signature, the header a base64url JSON object ("eyJ"). */
size_t jg_match_jwt(const char *p, const char *start, size_t *keep)
{
    (void)keep;
    if (strncmp(p, "eyJ", 3) != 0 || !word_start(p, start))
        return 0;
    size_t n = 0;
    for (int part = 0; part < 3; part++) {
        size_t k = run_of(p + n, b64url_char);
        if (k < (part == 2 ? 1u : 4u))
            return 0;
        n += k;
        if (part < 2 && p[n++] != '.')
            return 0;
    }
    return n;
}

static bool url_char(char c)
{
    return c && !isspace((unsigned char)c) && !strchr("\"'<>`|", c);
}

size_t jg_match_webhook(const char *p, const char *start, size_t *keep)
{
    static const char *const hooks[] = {"https://hooks.slack.com/", "https://discord.com/api/webhooks/",
                                        "https://discordapp.com/api/webhooks/"};
    (void)keep;
    if (!word_start(p, start))
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < sizeof hooks / sizeof *hooks && !n; i++)
        if (strncmp(p, hooks[i], strlen(hooks[i])) == 0)
            n = strlen(hooks[i]);
    if (!n && strncmp(p, "https://", 8) == 0) {
        static const char office[] = ".webhook.office.com";
        size_t h = 8 + strcspn(p + 8, "/ \t\r\n\"'<>");
        if (h - 8 >= sizeof office && strncmp(p + h - (sizeof office - 1), office, sizeof office - 1) == 0)
            n = 8;
    }
    return n ? n + run_of(p + n, url_char) : 0;
}

/* Tokens of known services by their documented prefixes. */
size_t jg_match_token_prefix(const char *p, const char *start, size_t *keep)
{
    static const char *const prefixes[] = {"hf_",  "ghp_",  "gho_",  "ghu_",  "ghs_",
                                           "ghr_", "github_pat_", "glpat-", "xoxa-", "xoxb-",
                                           "xoxp-", "xoxr-", "xoxs-", "AKIA", "sk-"};
    (void)keep;
    if (p != start && token_char(p[-1]))
        return 0;
    size_t n = run_of(p, token_char);
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        size_t k = strlen(prefixes[i]);
        if (n >= k + 16 && strncmp(p, prefixes[i], k) == 0)
            return n;
    }
    return 0;
}

/* Any 32+ run of token characters mixing letters and digits. */
size_t jg_match_token_run(const char *p, const char *start, size_t *keep)
{
    (void)keep;
    if (!number_start(p, start) || (p != start && token_char(p[-1])))
        return 0;
    size_t n = 0;
    bool alpha = false, digit = false;
    while (token_char(p[n])) {
        alpha |= isalpha((unsigned char)p[n]) != 0;
        digit |= isdigit((unsigned char)p[n]) != 0;
        n++;
    }
    return (n >= 32 && alpha && digit) ? n : 0;
}

size_t jg_match_home(const char *p, const char *start, size_t *keep)
{
    static const char *const prefixes[] = {"/home/", "/Users/", "/root"};
    (void)keep;
    if (p != start && (jg_scrub_word_char(p[-1]) || p[-1] == '.' || p[-1] == '-'))
        return 0;
    for (size_t i = 0; i < 3; i++) {
        size_t k = strlen(prefixes[i]);
        if (strncmp(p, prefixes[i], k) != 0)
            continue;
        if (i == 2)
            return (p[k] == '/' || p[k] == '\0' || isspace((unsigned char)p[k])) ? k : 0;
        size_t n = k;
        while (p[n] && p[n] != '/' && !isspace((unsigned char)p[n]) && p[n] != '\'' && p[n] != '"')
            n++;
        return n > k ? n : 0;
    }
    return 0;
}

static bool mail_char(char c)
{
    return jg_scrub_word_char(c) || c == '-' || c == '.';
}

/* local@domain.tld */
size_t jg_match_email(const char *p, const char *start, size_t *keep)
{
    (void)keep;
    if (p != start && mail_char(p[-1]))
        return 0;
    size_t local = 0;
    while (mail_char(p[local]) || p[local] == '+')
        local++;
    if (local == 0 || p[local] != '@')
        return 0;
    size_t dom = local + 1, first = dom;
    dom += run_of(p + dom, mail_char);
    return dom > first + 2 && memchr(p + first, '.', dom - first) ? dom : 0;
}

size_t jg_match_uuid(const char *p, const char *start, size_t *keep)
{
    static const size_t groups[] = {8, 4, 4, 4, 12};
    (void)keep;
    if (!number_start(p, start))
        return 0;
    size_t off = 0;
    for (size_t g = 0; g < 5; g++) {
        if (hex_run(p + off, groups[g]) != groups[g])
            return 0;
        off += groups[g];
        if (g < 4 && p[off++] != '-')
            return 0;
    }
    return jg_scrub_word_char(p[off]) ? 0 : off;
}

size_t jg_match_mac(const char *p, const char *start, size_t *keep)
{
    (void)keep;
    if (!number_start(p, start))
        return 0;
    size_t off = 0;
    for (int g = 0; g < 6; g++) {
        if (hex_run(p + off, 2) != 2)
            return 0;
        off += 2;
        if (g < 5 && p[off] != ':' && p[off] != '-')
            return 0;
        if (g < 5)
            off++;
    }
    return jg_scrub_word_char(p[off]) || p[off] == ':' ? 0 : off;
}

size_t jg_match_ipv4(const char *p, const char *start, size_t *keep)
{
    (void)keep;
    if (!number_start(p, start))
        return 0;
    size_t off = 0;
    for (int g = 0; g < 4; g++) {
        size_t d = 0;
        int v = 0;
        while (d < 3 && isdigit((unsigned char)p[off + d]))
            v = v * 10 + (p[off + d++] - '0');
        if (d == 0 || v > 255)
            return 0;
        off += d;
        if (g < 3 && p[off++] != '.')
            return 0;
    }
    if (isdigit((unsigned char)p[off]) || (p[off] == '.' && isdigit((unsigned char)p[off + 1])))
        return 0;
    return off;
}

size_t jg_match_ipv6(const char *p, const char *start, size_t *keep)
{
    (void)keep;
    if (!number_start(p, start))
        return 0;
    size_t n = 0, colons = 0, hex = 0;
    bool dbl = false;
    while (isxdigit((unsigned char)p[n]) || p[n] == ':' || p[n] == '.') {
        if (p[n] == ':') {
            colons++;
            dbl |= p[n + 1] == ':';
        } else if (p[n] != '.') {
            hex++;
        }
        n++;
    }
    if (jg_scrub_word_char(p[n]) || hex == 0 || colons < 2)
        return 0;
    return (dbl || colons == 7) ? n : 0;
}

/* From one of these words (any case, even inside a name: HF_TOKEN) the rest
 * of a quoted line goes: what follows is an identifier or a secret. A word
 * that goes on in lower case is another word (tokenizer, serialization,
 * hostnamectl) and stays. */
size_t jg_match_private_word(const char *p, const char *start, size_t *keep)
{
    static const char *const words[] = {"uuid",   "serial", "hostname", "token",  "password",
                                        "passwd", "secret", "api_key",  "apikey"};
    (void)start;
    for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
        size_t n = strlen(words[k]);
        if (strncasecmp(p, words[k], n) == 0 && !(p[n] >= 'a' && p[n] <= 'z')) {
            *keep = n;
            return strlen(p);
        }
    }
    return 0;
}
