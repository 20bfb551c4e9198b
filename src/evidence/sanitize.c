#include "evidence/sanitize.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/env.h"

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

void jg_scrub_add(jg_scrub *s, const char *value, const char *label)
{
    if (!value)
        return;
    size_t len = strcspn(value, "\r\n"); /* file contents end in a newline */
    if (len < 3)
        return;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 16;
        char **v = realloc(s->values, cap * sizeof *v);
        if (!v)
            return;
        s->values = v;
        const char **l = realloc(s->labels, cap * sizeof *l);
        if (!l)
            return;
        s->labels = l;
        s->cap = cap;
    }
    char *copy = strndup(value, len);
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

void jg_scrub_add_env(jg_scrub *s, char *const *env)
{
    for (size_t i = 0; env && env[i]; i++) {
        const char *eq = strchr(env[i], '=');
        if (!eq)
            continue;
        size_t k = (size_t)(eq - env[i]);
        const char *v = eq + 1;
        if ((k == 4 && !strncmp(env[i], "USER", 4)) || (k == 7 && !strncmp(env[i], "LOGNAME", 7)) ||
            (k == 9 && !strncmp(env[i], "SUDO_USER", 9)))
            jg_scrub_add(s, v, "<user>");
        else if (k == 8 && !strncmp(env[i], "HOSTNAME", 8))
            jg_scrub_add(s, v, "<host>");
        else if (k == 4 && !strncmp(env[i], "HOME", 4) && strcmp(v, "/") != 0)
            jg_scrub_add(s, v, "<home>");
        else if (jg_env_is_secret(env[i]))
            jg_scrub_add(s, v, "<secret>");
    }
}

static void add_file(jg_scrub *s, const jg_root *r, const char *rel, const char *label)
{
    jg_blob b;
    if (jg_read(r, rel, JG_CAP_SMALL, &b) == JG_R_OK)
        jg_scrub_add(s, b.data, label); /* device-tree strings end at their NUL */
    jg_blob_free(&b);
}

void jg_scrub_add_host(jg_scrub *s, const jg_root *r, const char *mounted_dt)
{
    char host[256];
    if (r->live && gethostname(host, sizeof host) == 0) {
        host[sizeof host - 1] = '\0';
        jg_scrub_add(s, host, "<host>");
    }
    add_file(s, r, "etc/hostname", "<host>");
    add_file(s, r, "proc/device-tree/serial-number", "<serial>");
    add_file(s, r, "sys/firmware/devicetree/base/serial-number", "<serial>");
    if (mounted_dt) {
        jg_root m;
        if (jg_root_init(&m, mounted_dt)) {
            m.live = false;
            add_file(s, &m, "serial-number", "<serial>");
            jg_root_free(&m);
        }
    }
}

/* ---- pattern matchers: each returns the length matched at p, or 0 ---- */

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static size_t hex_run(const char *p, size_t max)
{
    size_t n = 0;
    while (n < max && isxdigit((unsigned char)p[n]))
        n++;
    return n;
}

static size_t match_uuid(const char *p)
{
    static const size_t groups[] = {8, 4, 4, 4, 12};
    size_t off = 0;
    for (size_t g = 0; g < 5; g++) {
        if (hex_run(p + off, groups[g]) != groups[g])
            return 0;
        off += groups[g];
        if (g < 4 && p[off++] != '-')
            return 0;
    }
    return word_char(p[off]) ? 0 : off;
}

static size_t match_mac(const char *p)
{
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
    return word_char(p[off]) || p[off] == ':' ? 0 : off;
}

static size_t match_ipv4(const char *p)
{
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

static size_t match_ipv6(const char *p)
{
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
    if (word_char(p[n]) || hex == 0 || colons < 2)
        return 0;
    return (dbl || colons == 7) ? n : 0;
}

static size_t match_home(const char *p)
{
    static const char *const prefixes[] = {"/home/", "/Users/", "/root"};
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

static bool token_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '=';
}

/* Known credential prefixes, or any 32+ run of token characters mixing letters and digits. */
static size_t match_token(const char *p)
{
    static const char *const prefixes[] = {"hf_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_",
                                           "github_pat_", "xoxb-", "xoxp-", "AKIA", "sk-"};
    size_t n = 0;
    bool alpha = false, digit = false;
    while (token_char(p[n])) {
        alpha |= isalpha((unsigned char)p[n]) != 0;
        digit |= isdigit((unsigned char)p[n]) != 0;
        n++;
    }
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        size_t k = strlen(prefixes[i]);
        if (n >= k + 16 && strncmp(p, prefixes[i], k) == 0)
            return n;
    }
    return (n >= 32 && alpha && digit) ? n : 0;
}

static size_t match_value(const jg_scrub *s, const char *p, const char *start, const char **label)
{
    for (size_t i = 0; i < s->n; i++) {
        size_t k = strlen(s->values[i]);
        if (strncmp(p, s->values[i], k) != 0)
            continue;
        /* Short values (user names) only as whole words: "ci" must not eat "circle". */
        bool whole = (p == start || !word_char(p[-1])) && !word_char(p[k]);
        if (k >= 8 || whole) {
            *label = s->labels[i];
            return k;
        }
    }
    return 0;
}

static size_t match_pattern(const char *p, const char *start, const char **label)
{
    bool boundary = p == start || !word_char(p[-1]);
    bool num_boundary = boundary && (p == start || (p[-1] != '.' && p[-1] != ':'));
    size_t n;
    bool path_start = p == start || !(word_char(p[-1]) || p[-1] == '.' || p[-1] == '-');
    if (path_start && (n = match_home(p))) {
        *label = "<home>";
        return n;
    }
    if (!num_boundary)
        return 0;
    if ((n = match_uuid(p))) { *label = "<uuid>"; return n; }
    if ((n = match_mac(p))) { *label = "<mac>"; return n; }
    if ((n = match_ipv4(p))) { *label = "<ip>"; return n; }
    if ((n = match_ipv6(p))) { *label = "<ip>"; return n; }
    if (p == start || !token_char(p[-1])) {
        if ((n = match_token(p))) { *label = "<token>"; return n; }
    }
    return 0;
}

char *jg_scrub_text(const jg_scrub *s, const char *in, bool patterns)
{
    if (!in)
        return NULL;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f)
        return NULL;
    for (const char *p = in; *p;) {
        const char *label = NULL;
        size_t n = match_value(s, p, in, &label);
        if (!n && patterns)
            n = match_pattern(p, in, &label);
        if (n) {
            fputs(label, f);
            p += n;
        } else {
            fputc(*p++, f);
        }
    }
    fclose(f);
    return out;
}

static bool identifying_key(const char *key)
{
    static const char *const words[] = {"serial", "uuid", "hostname", "mac_address", "pci"};
    char low[128];
    size_t k = 0;
    for (; key[k] && k + 1 < sizeof low; k++)
        low[k] = (char)tolower((unsigned char)key[k]);
    low[k] = '\0';
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strstr(low, words[i]))
            return true;
    /* Local paths ("library_path") stay out of the record; "library" names the soname. */
    return k >= 5 && strcmp(low + k - 5, "_path") == 0;
}

static void scrub_value(const jg_scrub *s, json_t *v);

static void scrub_object(const jg_scrub *s, json_t *obj)
{
    const char *key;
    json_t *v;
    void *tmp;
    json_object_foreach_safe(obj, tmp, key, v) {
        if (identifying_key(key))
            json_object_del(obj, key);
        else
            scrub_value(s, v);
    }
}

static void scrub_value(const jg_scrub *s, json_t *v)
{
    if (json_is_object(v)) {
        scrub_object(s, v);
    } else if (json_is_array(v)) {
        size_t i;
        json_t *e;
        json_array_foreach(v, i, e) {
            scrub_value(s, e);
        }
    } else if (json_is_string(v)) {
        char *clean = jg_scrub_text(s, json_string_value(v), true);
        if (clean && strcmp(clean, json_string_value(v)) != 0)
            json_string_set(v, clean);
        free(clean);
    }
}

void jg_scrub_json(const jg_scrub *s, json_t *doc)
{
    scrub_value(s, doc);
}
