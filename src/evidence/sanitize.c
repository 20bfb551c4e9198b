#include "evidence/sanitize.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/host_ids.h"
#include "util/env.h"

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
        else if (jg_env_entry_is_secret(env[i]))
            jg_scrub_add(s, v, "<secret>");
    }
}

extern char **environ;

char *jg_scrub_excerpt(const char *text, size_t len, size_t n, bool tail)
{
    char *plain = malloc(len + 1);
    if (!plain)
        return NULL;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        plain[i] = (ch >= 0x20 && ch < 0x7f) || ch == '\n' || ch == '\t' ? (char)ch : '?';
    }
    plain[len] = '\0';
    jg_scrub s;
    jg_scrub_init(&s);
    jg_scrub_add_env(&s, environ);
    char *clean = jg_scrub_text(&s, plain, JG_SCRUB_FREE_TEXT);
    jg_scrub_free(&s);
    free(plain);
    size_t k = clean ? strlen(clean) : 0;
    if (clean && k > n) {
        if (tail)
            memmove(clean, clean + k - n, n);
        clean[n] = '\0';
    }
    return clean;
}

static void add_id(void *s, const char *value, const char *label)
{
    jg_scrub_add(s, value, label);
}

/* The values are read in facts/ (host I/O stays there); only added here. */
void jg_scrub_add_host(jg_scrub *s, const jg_root *r, const char *mounted_dt)
{
    jg_host_ids(r, mounted_dt, add_id, s);
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

/* Members whose strings are names, not prose: a label, an id, a status.
 * They get only the credential pass, so a runner label "orin" or a check
 * id survives a user or host of the same name. */
static bool value_key(const char *key)
{
    static const char *const keys[] = {"id", "runner_labels", "labels", "gate", "status",
                                       "tier", "source", "required"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (strcmp(key, keys[i]) == 0)
            return true;
    return false;
}

static void scrub_value(const jg_scrub *s, json_t *v, unsigned scope);

static void scrub_object(const jg_scrub *s, json_t *obj, unsigned scope)
{
    const char *key;
    json_t *v;
    void *tmp;
    json_object_foreach_safe(obj, tmp, key, v) {
        if (identifying_key(key))
            json_object_del(obj, key);
        else
            scrub_value(s, v, value_key(key) ? JG_SCRUB_VALUE : scope);
    }
}

static void scrub_value(const jg_scrub *s, json_t *v, unsigned scope)
{
    if (json_is_object(v)) {
        scrub_object(s, v, scope);
    } else if (json_is_array(v)) {
        size_t i;
        json_t *e;
        json_array_foreach(v, i, e) {
            scrub_value(s, e, scope);
        }
    } else if (json_is_string(v)) {
        char *clean = jg_scrub_text(s, json_string_value(v), scope);
        if (clean && strcmp(clean, json_string_value(v)) != 0)
            json_string_set(v, clean);
        free(clean);
    }
}

void jg_scrub_json(const jg_scrub *s, json_t *doc, unsigned scope)
{
    scrub_value(s, doc, scope);
}

/* An XML attribute name starts at xml[i] when whitespace precedes it; its length, or 0. */
static size_t attribute_name(const char *xml, size_t i)
{
    if (i == 0 || !isspace((unsigned char)xml[i - 1]) || !(isalpha((unsigned char)xml[i]) || xml[i] == '_'))
        return 0;
    size_t k = 0;
    for (char c = xml[i]; isalnum((unsigned char)c) || (c && strchr("_-.:", c)); c = xml[i + k])
        k++;
    return xml[i + k] == '=' && (xml[i + k + 1] == '"' || xml[i + k + 1] == '\'') ? k : 0;
}

char *jg_scrub_xml(const jg_scrub *s, const char *xml)
{
    size_t len = strlen(xml), o = 0;
    char *kept = malloc(len + 1);
    if (!kept)
        return NULL;
    for (size_t i = 0; i < len;) {
        size_t k = attribute_name(xml, i);
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)k, xml + i);
        const char *end = k ? strchr(xml + i + k + 2, xml[i + k + 1]) : NULL;
        if (k && end && identifying_key(name)) {
            /* drop the attribute and the one space before it */
            o -= o > 0 && isspace((unsigned char)kept[o - 1]);
            i = (size_t)(end - xml) + 1;
            continue;
        }
        kept[o++] = xml[i++];
    }
    kept[o] = '\0';
    char *clean = jg_scrub_text(s, kept, JG_SCRUB_FREE_TEXT);
    free(kept);
    return clean;
}
