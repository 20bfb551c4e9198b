/* Reading the rule files: "key: value" lines, indented continuation lines,
 * stanzas split by blank lines; and the vocabularies every stage shares. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "knowledge.h"

const char *const keys[K_ONE_COUNT + 1] = {
    "id", "signal", "label", "severity", "confidence", "platform", "summary", "fix",
    "fix-jetson", "second-when", "second-id", "second-severity", "second-confidence",
    "second-summary", "second-fix", "set-by", "by", NULL};

const char *const layers[] = {"hardware",        "kernel-driver",  "cuda-driver",
                                     "container-runtime", "cuda-libraries", "pytorch-build",
                                     "python-packages", "permissions",    "configuration",
                                     "project",         NULL};
const char *const severities[] = {"error", "warning", "info", NULL};
const char *const confidences[] = {"high", "medium", "low", NULL};
/* The C enumerators (doctor/engine/rows.h), in the order of the names. */
const char *const platforms[] = {"any", "off-jetson", "jetson", "no-nvidia-gpu", NULL};
const char *const platform_enums[] = {"JG_PT_ANY", "JG_PT_OFF_JETSON", "JG_PT_JETSON",
                                             "JG_PT_NO_NVIDIA_GPU"};
const char *const seconds[] = {"container-seen", "inside-container", "package-file",
                                      "torch-seen",     "devices-limited",  "interpreter-seen",
                                      NULL};
const char *const second_enums[] = {"JG_AT_CONTAINER_SEEN", "JG_AT_INSIDE_CONTAINER",
                                           "JG_AT_PACKAGE_FILE",   "JG_AT_TORCH_SEEN",
                                           "JG_AT_DEVICES_LIMITED", "JG_AT_INTERPRETER_SEEN"};

stanza stanzas[MAX_STANZAS];
int n_stanzas, errors;

void fail_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "doctor-knowledge: %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    errors++;
}

void *must(void *p)
{
    if (!p) {
        fputs("doctor-knowledge: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

char *dup_str(const char *s)
{
    return strcpy(must(malloc(strlen(s) + 1)), s);
}

int index_of(const char *const *list, const char *s)
{
    for (int i = 0; s && list[i]; i++)
        if (strcmp(list[i], s) == 0)
            return i;
    return -1;
}

/* "text" -> text: quotes keep leading or trailing spaces (or outer quotes). */
static void unquote(char *s)
{
    size_t n = strlen(s);
    if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
        memmove(s, s + 1, n - 2);
        s[n - 2] = '\0';
    }
}

static value *repeated(stanza *st, const char *key, int **count)
{
    static const struct {
        const char *key;
        size_t at, count;
    } rep[] = {{"phrase", offsetof(stanza, phrase), offsetof(stanza, n_phrase)},
               {"example", offsetof(stanza, example), offsetof(stanza, n_example)},
               {"second-example", offsetof(stanza, second_example),
                offsetof(stanza, n_second_example)},
               {"source", offsetof(stanza, source), offsetof(stanza, n_source)},
               {"why", offsetof(stanza, why), offsetof(stanza, n_why)}};
    for (size_t i = 0; i < sizeof rep / sizeof rep[0]; i++)
        if (strcmp(rep[i].key, key) == 0) {
            *count = (int *)((char *)st + rep[i].count);
            return (value *)((char *)st + rep[i].at);
        }
    return NULL;
}

/* Store key = text in the stanza; the text is unquoted here (after continuation lines). */
static void store(stanza *st, const char *key, char *text, int line)
{
    unquote(text);
    int k = index_of(keys, key), *count;
    value *list = k < 0 ? repeated(st, key, &count) : NULL;
    if (k >= 0 && !st->one[k]) {
        st->one[k] = text;
        return;
    }
    if (list && *count < MAX_VALUES) {
        list[(*count)++] = (value){text, line};
        return;
    }
    if (k >= 0)
        fail_at(st->file, line, "'%s' given twice in one stanza", key);
    else if (list)
        fail_at(st->file, line, "more than %d '%s' lines in one stanza", MAX_VALUES, key);
    else
        fail_at(st->file, line, "unknown key '%s' (src/doctor/knowledge/README.md)", key);
    free(text); /* refused: no stanza holds it */
}

/* ---- reading: "key: value" lines, indented continuation lines, stanzas split by blank lines */

static char *layer_of(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char *l = dup_str(base);
    char *dot = strstr(l, ".rules");
    if (dot)
        *dot = '\0';
    return l;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* One "key: value" line opens a key (and, after a blank line, a stanza). */
static bool key_line(char *buf, char **key, char **val)
{
    char *colon = strchr(buf, ':');
    if (!colon || colon == buf)
        return false;
    for (char *c = buf; c < colon; c++)
        if (!islower((unsigned char)*c) && *c != '-')
            return false;
    *colon = '\0';
    *key = buf;
    *val = trim(colon + 1);
    return true;
}

void read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fail_at(path, 0, "cannot open it");
        return;
    }
    char *layer = layer_of(path);
    const int first_stanza = n_stanzas;
    char *buf = NULL, *key = NULL, *text = NULL;
    size_t cap = 0;
    int line = 0, key_at = 0;
    stanza *st = NULL;
    while (getline(&buf, &cap, f) >= 0) {
        line++;
        char *t = trim(buf), *k = NULL, *v = NULL;
        if (buf[0] == '#')
            continue;
        if (*t && buf[0] != ' ' && buf[0] != '\t' && !key_line(buf, &k, &v)) {
            fail_at(path, line, "expected 'key: value', an indented continuation or a blank line");
            continue;
        }
        bool indented = buf[0] == ' ' || buf[0] == '\t';
        if (!*t || !indented) { /* a key, a blank line: the open value is complete */
            if (key)
                store(st, key, text, key_at);
            free(key);
            key = text = NULL;
        }
        if (!*t) {
            st = NULL;
        } else if (indented) {
            if (!text) {
                fail_at(path, line, "a continuation line with no key above it");
                continue;
            }
            text = must(realloc(text, strlen(text) + strlen(t) + 2));
            strcat(strcat(text, " "), t);
        } else {
            if (!st) {
                if (n_stanzas == MAX_STANZAS) {
                    fail_at(path, line, "more than %d stanzas in all", MAX_STANZAS);
                    break;
                }
                st = &stanzas[n_stanzas++];
                *st = (stanza){.file = path, .layer = layer, .line = line};
            }
            key = dup_str(k);
            text = dup_str(v);
            key_at = line;
        }
    }
    if (key)
        store(st, key, text, key_at);
    free(key);
    free(buf);
    fclose(f);
    if (n_stanzas == first_stanza) /* no stanza holds the layer name (an empty file) */
        free(layer);
}
