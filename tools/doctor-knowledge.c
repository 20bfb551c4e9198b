/* The doctor's knowledge generator, run by the build (src/CMakeLists.txt):
 *   doctor-knowledge OUT_DIR FILE.rules...
 * reads the rule files (src/doctor/knowledge/, format in its README.md), checks
 * them and writes OUT_DIR/doctor_signals.h (the signal vocabulary, JG_SIGNALS)
 * and OUT_DIR/doctor_knowledge.c (the rows, the phrase index, the examples) as
 * C tables, so that jetgate parses nothing at start-up and a misspelled key,
 * signal or severity fails the build with the file and line. Like SQLite's
 * mkkeywordhash: a build tool, not part of jetgate. Plain C11, no library. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <ctype.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/triage/phrase_pair.h"

#define MAX_STANZAS 4096 /* a generator's guard against a runaway file, not a row cap of jetgate */
#define MAX_VALUES 64

typedef struct value {
    char *text;
    int line;
} value;

typedef struct stanza {
    const char *file, *layer;
    int line;
    /* single keys, by index of keys[] */
    char *one[32];
    /* repeated keys */
    value phrase[MAX_VALUES], example[MAX_VALUES], second_example[MAX_VALUES];
    value source[MAX_VALUES], why[MAX_VALUES];
    int n_phrase, n_example, n_second_example, n_source, n_why;
} stanza;

enum {
    K_ID, K_SIGNAL, K_LABEL, K_SEVERITY, K_CONFIDENCE, K_PLATFORM, K_SUMMARY, K_FIX,
    K_FIX_JETSON, K_SECOND_WHEN, K_SECOND_ID, K_SECOND_SEVERITY, K_SECOND_CONFIDENCE,
    K_SECOND_SUMMARY, K_SECOND_FIX, K_SET_BY, K_BY, K_ONE_COUNT
};
static const char *const keys[K_ONE_COUNT + 1] = {
    "id", "signal", "label", "severity", "confidence", "platform", "summary", "fix",
    "fix-jetson", "second-when", "second-id", "second-severity", "second-confidence",
    "second-summary", "second-fix", "set-by", "by", NULL};

static const char *const layers[] = {"hardware",        "kernel-driver",  "cuda-driver",
                                     "container-runtime", "cuda-libraries", "pytorch-build",
                                     "python-packages", "permissions",    "configuration",
                                     "project",         NULL};
static const char *const severities[] = {"error", "warning", "info", NULL};
static const char *const confidences[] = {"high", "medium", "low", NULL};
/* The C enumerators (doctor/engine/rows.h), in the order of the names. */
static const char *const platforms[] = {"any", "off-jetson", "jetson", "no-nvidia-gpu", NULL};
static const char *const platform_enums[] = {"JG_PT_ANY", "JG_PT_OFF_JETSON", "JG_PT_JETSON",
                                             "JG_PT_NO_NVIDIA_GPU"};
static const char *const seconds[] = {"container-seen", "inside-container", "package-file",
                                      "torch-seen",     "devices-limited",  "interpreter-seen",
                                      NULL};
static const char *const second_enums[] = {"JG_AT_CONTAINER_SEEN", "JG_AT_INSIDE_CONTAINER",
                                           "JG_AT_PACKAGE_FILE",   "JG_AT_TORCH_SEEN",
                                           "JG_AT_DEVICES_LIMITED", "JG_AT_INTERPRETER_SEEN"};

static stanza stanzas[MAX_STANZAS];
static int n_stanzas, errors;

static void fail_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "doctor-knowledge: %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    errors++;
}

static void *must(void *p)
{
    if (!p) {
        fputs("doctor-knowledge: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

static char *dup_str(const char *s)
{
    return strcpy(must(malloc(strlen(s) + 1)), s);
}

static int index_of(const char *const *list, const char *s)
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
    if (k >= 0) {
        if (st->one[k])
            fail_at(st->file, line, "'%s' given twice in one stanza", key);
        st->one[k] = text;
    } else if (list && *count < MAX_VALUES) {
        list[(*count)++] = (value){text, line};
    } else if (list) {
        fail_at(st->file, line, "more than %d '%s' lines in one stanza", MAX_VALUES, key);
    } else {
        fail_at(st->file, line, "unknown key '%s' (src/doctor/knowledge/README.md)", key);
    }
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

static void read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fail_at(path, 0, "cannot open it");
        return;
    }
    const char *layer = layer_of(path);
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
}

/* ---- checking: what reviewers and unit tests checked by hand before */

static bool valid_name(const char *s)
{
    if (!s || !*s)
        return false;
    for (; *s; s++)
        if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

static void check_choice(const stanza *st, int k, const char *const *list, bool required)
{
    if (!st->one[k] ? required : index_of(list, st->one[k]) < 0)
        fail_at(st->file, st->line, st->one[k] ? "'%s: %s' is none of the allowed values"
                                               : "'%s' is required%s",
                keys[k], st->one[k] ? st->one[k] : "");
}

static void check_id(const stanza *st, int k, bool same_layer)
{
    const char *id = st->one[k];
    const char *dot = id ? strchr(id, '.') : NULL;
    char prefix[64] = "";
    if (dot && (size_t)(dot - id) < sizeof prefix)
        memcpy(prefix, id, (size_t)(dot - id)), prefix[dot - id] = '\0';
    if (!dot || index_of(layers, prefix) < 0 || !dot[1])
        fail_at(st->file, st->line, "'%s: %s': expected <layer>.<name>", keys[k], id ? id : "");
    else if (same_layer && strcmp(prefix, st->layer) != 0)
        fail_at(st->file, st->line, "'%s' belongs in %s.rules (the id's layer)", id, prefix);
}

static void check_diagnosis(const stanza *st)
{
    check_id(st, K_ID, true);
    static const int required[] = {K_LABEL, K_SUMMARY, K_FIX};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!st->one[required[i]])
            fail_at(st->file, st->line, "'%s' is required", keys[required[i]]);
    check_choice(st, K_SEVERITY, severities, true);
    check_choice(st, K_CONFIDENCE, confidences, true);
    check_choice(st, K_PLATFORM, platforms, false);
    check_choice(st, K_SECOND_WHEN, seconds, false);
    bool second = st->one[K_SECOND_WHEN] != NULL;
    for (int k = K_SECOND_ID; k <= K_SECOND_FIX; k++)
        if (!st->one[k] != !second)
            fail_at(st->file, st->line, second ? "'%s' is required with second-when"
                                               : "'%s' without second-when", keys[k]);
    if (second) {
        check_id(st, K_SECOND_ID, false);
        check_choice(st, K_SECOND_SEVERITY, severities, true);
        check_choice(st, K_SECOND_CONFIDENCE, confidences, true);
    } else if (st->n_second_example) {
        fail_at(st->file, st->line, "second-example without second-when");
    }
    if (!st->n_example)
        fail_at(st->file, st->line, "'%s' has no example (a line it must give first)",
                st->one[K_ID]);
}

/* A stanza "id + by": an id a C rule gives (by: its file under src/doctor/), declared
 * here so that the id enum holds it; its texts and condition are C. */
static void check_code_id(const stanza *st)
{
    check_id(st, K_ID, true);
    for (int k = 0; k < K_ONE_COUNT; k++)
        if (st->one[k] && k != K_ID && k != K_BY)
            fail_at(st->file, st->line, "'%s' does not go with 'by' (a C rule's id)", keys[k]);
    if (st->n_phrase || st->n_example || st->n_second_example)
        fail_at(st->file, st->line, "phrases and examples do not go with 'by' (a C rule's id)");
    char path[4096];
    const char *slash = strrchr(st->file, '/');
    int dir = slash ? (int)(slash - st->file) : 0;
    char *files = dup_str(st->one[K_BY]), *save = NULL;
    for (char *f = strtok_r(files, " ", &save); f; f = strtok_r(NULL, " ", &save)) {
        snprintf(path, sizeof path, "%.*s%s../%s", dir, st->file, dir ? "/" : "", f);
        FILE *c = fopen(path, "r");
        if (!c)
            fail_at(st->file, st->line, "'by: %s': no such file beside src/doctor/knowledge", f);
        else
            fclose(c);
    }
    free(files);
}

/* A stanza without an id: a signal that code reads (rules_*.c), with its phrases. */
static void check_signal_only(const stanza *st)
{
    for (int k = 0; k < K_ONE_COUNT; k++)
        if (st->one[k] && k != K_SIGNAL && k != K_SET_BY)
            fail_at(st->file, st->line, "'%s' needs an 'id' in its stanza", keys[k]);
    if (st->n_example || st->n_second_example)
        fail_at(st->file, st->line, "an example needs an 'id' in its stanza");
}

static void check_phrases(void)
{
    for (int i = 0; i < n_stanzas; i++)
        for (int p = 0; p < stanzas[i].n_phrase; p++) {
            const value *v = &stanzas[i].phrase[p];
            bool lower = strlen(v->text) >= 2;
            for (const char *c = v->text; *c; c++)
                lower = lower && !isupper((unsigned char)*c);
            if (!lower)
                fail_at(stanzas[i].file, v->line, "a phrase is lower case, at least 2 characters");
            for (int j = 0; j <= i; j++)
                for (int q = 0; q < (j == i ? p : stanzas[j].n_phrase); q++)
                    if (strcmp(stanzas[j].phrase[q].text, v->text) == 0)
                        fail_at(stanzas[i].file, v->line, "phrase '%s' also at %s:%d", v->text,
                                stanzas[j].file, stanzas[j].phrase[q].line);
        }
}

/* Every signal is set by a phrase or by code (set-by: code), somewhere. */
static void check_signals(void)
{
    for (int i = 0; i < n_stanzas; i++) {
        if (!stanzas[i].one[K_SIGNAL])
            continue;
        bool set = false;
        for (int j = 0; j < n_stanzas && !set; j++)
            set = stanzas[j].one[K_SIGNAL] &&
                  strcmp(stanzas[j].one[K_SIGNAL], stanzas[i].one[K_SIGNAL]) == 0 &&
                  (stanzas[j].n_phrase || stanzas[j].one[K_SET_BY]);
        if (!set)
            fail_at(stanzas[i].file, stanzas[i].line,
                    "signal '%s' has no phrase and no 'set-by: code'", stanzas[i].one[K_SIGNAL]);
    }
}

static void check_all(void)
{
    for (int i = 0; i < n_stanzas; i++) {
        const stanza *st = &stanzas[i];
        if (st->one[K_BY]) {
            check_code_id(st);
            continue;
        }
        if (!valid_name(st->one[K_SIGNAL]))
            fail_at(st->file, st->line, "'signal: <name>' (lower case, digits, _) is required");
        if (st->one[K_SET_BY] && strcmp(st->one[K_SET_BY], "code") != 0)
            fail_at(st->file, st->line, "'set-by' can only be 'code'");
        if (st->one[K_ID])
            check_diagnosis(st);
        else
            check_signal_only(st);
    }
    for (int i = 0; i < n_stanzas; i++)
        for (int j = 0; j < i && stanzas[i].one[K_ID]; j++)
            if (stanzas[j].one[K_ID] && strcmp(stanzas[j].one[K_ID], stanzas[i].one[K_ID]) == 0)
                fail_at(stanzas[i].file, stanzas[i].line, "id '%s' also at %s:%d",
                        stanzas[i].one[K_ID], stanzas[j].file, stanzas[j].line);
    if (errors)
        return;
    check_phrases();
    check_signals();
}

/* ---- writing: C tables */

static void c_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("NULL", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(f, "\\%c", *c);
        else if (*c == '?' && c[1] == '?') /* no trigraph */
            fputs("?\\", f);
        else if (*c < 0x20 || *c == 0x7f)
            fprintf(f, "\\%03o", *c);
        else
            fputc(*c, f);
    }
    fputc('"', f);
}

static void c_enum(FILE *f, const char *prefix, const char *name)
{
    fputs(prefix, f);
    for (const char *c = name; *c; c++)
        fputc(*c == '-' ? '_' : toupper((unsigned char)*c), f);
}

/* JG_FID_<id with . and - as _>: the id's enumerator (doctor_ids.h). */
static void c_fid(FILE *f, const char *id)
{
    fputs("JG_FID_", f);
    for (const char *c = id; *c; c++)
        fputc(*c == '-' || *c == '.' ? '_' : *c, f);
}

static void c_spec(FILE *f, const stanza *st, int id, int sev, int conf, int sum, int fix)
{
    fputs("{", f);
    c_fid(f, st->one[id]);
    char layer[64];
    snprintf(layer, sizeof layer, "%.*s", (int)strcspn(st->one[id], "."), st->one[id]);
    c_enum(f, ", JG_L_", layer);
    c_enum(f, ", JG_SEV_", st->one[sev]);
    c_enum(f, ", JG_CONF_", st->one[conf]);
    fputs(",\n      ", f);
    c_string(f, st->one[sum]);
    fputs(",\n      ", f);
    c_string(f, st->one[fix]);
    fputs("}", f);
}

/* Repeated values joined by newlines (sources, whys), or NULL. */
static void c_lines(FILE *f, const value *v, int n)
{
    if (!n) {
        fputs("NULL", f);
        return;
    }
    fputs("\"\"", f);
    for (int i = 0; i < n; i++) {
        fputs("\n      ", f);
        c_string(f, v[i].text);
        if (i + 1 < n)
            fputs(" \"\\n\"", f);
    }
}

static void write_row(FILE *f, const stanza *st)
{
    fprintf(f, "    {.signal = JG_SIG_%s, .what = ", st->one[K_SIGNAL]);
    c_string(f, st->one[K_LABEL]);
    fputs(",\n     .spec = ", f);
    c_spec(f, st, K_ID, K_SEVERITY, K_CONFIDENCE, K_SUMMARY, K_FIX);
    fputs(",\n     .fix_jetson = ", f);
    c_string(f, st->one[K_FIX_JETSON]);
    int pt = st->one[K_PLATFORM] ? index_of(platforms, st->one[K_PLATFORM]) : 0;
    fprintf(f, ",\n     .platform = %s", platform_enums[pt]);
    if (st->one[K_SECOND_WHEN]) {
        fprintf(f, ", .alt_test = %s,\n     .alt = ",
                second_enums[index_of(seconds, st->one[K_SECOND_WHEN])]);
        c_spec(f, st, K_SECOND_ID, K_SECOND_SEVERITY, K_SECOND_CONFIDENCE, K_SECOND_SUMMARY,
               K_SECOND_FIX);
    }
    fputs(",\n     .sources = ", f);
    c_lines(f, st->source, st->n_source);
    fputs(",\n     .whys = ", f);
    c_lines(f, st->why, st->n_why);
    fprintf(f, "}, /* %s:%d */\n", st->file, st->line);
}

typedef struct phrase_ref {
    const char *text, *signal;
    unsigned pair;
} phrase_ref;

static int phrase_order(const void *a, const void *b)
{
    const phrase_ref *x = a, *y = b;
    return x->pair != y->pair ? (x->pair < y->pair ? -1 : 1) : strcmp(x->text, y->text);
}

/* The phrase index, built here instead of at start-up: the phrases sorted by
 * their first character pair, and where each pair's run starts. */
static void write_phrases(FILE *f)
{
    int n = 0;
    for (int i = 0; i < n_stanzas; i++)
        n += stanzas[i].n_phrase;
    phrase_ref *p = must(calloc((size_t)n + 1, sizeof *p));
    n = 0;
    for (int i = 0; i < n_stanzas; i++)
        for (int k = 0; k < stanzas[i].n_phrase; k++) {
            const char *t = stanzas[i].phrase[k].text;
            p[n++] = (phrase_ref){t, stanzas[i].one[K_SIGNAL], JG_TP_PAIR(t[0], t[1])};
        }
    qsort(p, (size_t)n, sizeof *p, phrase_order);
    fputs("\nconst jg_phrase jg_phrases[] = {\n", f);
    for (int i = 0; i < n; i++) {
        fputs("    {", f);
        c_string(f, p[i].text);
        fprintf(f, ", %zu, JG_SIG_%s},\n", strlen(p[i].text), p[i].signal);
    }
    fprintf(f, "};\nconst size_t jg_phrases_count = %d;\n", n);
    fputs("\nconst unsigned jg_phrase_first[JG_TP_PAIRS + 1] = {", f);
    for (unsigned h = 0, i = 0; h <= JG_TP_PAIRS; h++) {
        while ((int)i < n && p[i].pair < h)
            i++;
        fprintf(f, "%s%u,", h % 16 ? " " : "\n    ", i);
    }
    fputs("\n};\n", f);
    free(p);
}

static void write_examples(FILE *f)
{
    fputs("\nconst jg_rule_example jg_rule_examples[] = {\n", f);
    int n = 0;
    for (int i = 0; i < n_stanzas; i++) {
        const stanza *st = &stanzas[i];
        for (int second = 0; second < 2; second++)
            for (int k = 0; k < (second ? st->n_second_example : st->n_example); k++, n++) {
                fputs("    {", f);
                c_string(f, st->one[second ? K_SECOND_ID : K_ID]);
                fputs(", ", f);
                c_string(f, (second ? st->second_example : st->example)[k].text);
                fputs("},\n", f);
            }
    }
    fprintf(f, "};\nconst size_t jg_rule_examples_count = %d;\n", n);
}

static FILE *open_out(const char *dir, const char *name, char *path, size_t cap)
{
    snprintf(path, cap, "%s/%s.tmp", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "doctor-knowledge: cannot write %s\n", path);
    else
        fputs("/* Generated by tools/doctor-knowledge.c from src/doctor/knowledge/<layer>.rules; "
              "do not edit. */\n",
              f);
    return f;
}

/* Close and move into place, so that a failed run leaves no half-written table. */
static int close_out(FILE *f, const char *path)
{
    char final[4096];
    snprintf(final, sizeof final, "%.*s", (int)(strlen(path) - 4), path);
    if (ferror(f) | fclose(f) || rename(path, final) != 0) {
        fprintf(stderr, "doctor-knowledge: writing %s failed\n", final);
        return -1;
    }
    return 0;
}

/* Every finding id the knowledge declares (rows, second readings, C rules' ids), sorted. */
static int id_order(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char **all_ids(int *n)
{
    const char **ids = must(calloc((size_t)n_stanzas * 2 + 1, sizeof *ids));
    *n = 0;
    for (int i = 0; i < n_stanzas; i++) {
        const char *two[2] = {stanzas[i].one[K_ID], stanzas[i].one[K_SECOND_ID]};
        for (int k = 0; k < 2; k++) {
            bool seen = !two[k];
            for (int j = 0; j < *n && !seen; j++)
                seen = strcmp(ids[j], two[k]) == 0;
            if (!seen)
                ids[(*n)++] = two[k];
        }
    }
    qsort(ids, (size_t)*n, sizeof *ids, id_order);
    return ids;
}

static int write_ids(const char *dir, FILE *c)
{
    char path[4096];
    int n;
    const char **ids = all_ids(&n);
    FILE *h = open_out(dir, "doctor_ids.h", path, sizeof path);
    if (!h)
        return -1;
    fputs("#ifndef JG_GEN_DOCTOR_IDS_H\n#define JG_GEN_DOCTOR_IDS_H\n"
          "/* Every finding id: a row's, its second reading's, a C rule's (by:). */\n"
          "typedef enum jg_fid {\n",
          h);
    fputs("\nconst char *const jg_fid_names[] = {\n", c);
    for (int i = 0; i < n; i++) {
        fputs("    ", h);
        c_fid(h, ids[i]);
        fputs(",\n", h);
        fputs("    ", c);
        c_string(c, ids[i]);
        fputs(",\n", c);
    }
    fputs("    JG_FID_COUNT\n} jg_fid;\n\nextern const char *const jg_fid_names[JG_FID_COUNT];\n"
          "\n#endif\n",
          h);
    fputs("};\n", c);
    free(ids);
    return close_out(h, path);
}

static int write_all(const char *dir)
{
    char hpath[4096], cpath[4096];
    FILE *h = open_out(dir, "doctor_signals.h", hpath, sizeof hpath);
    if (!h)
        return -1;
    fputs("#ifndef JG_GEN_DOCTOR_SIGNALS_H\n#define JG_GEN_DOCTOR_SIGNALS_H\n"
          "/* The signals: one phrase or shape a recogniser saw, named for the rules. */\n"
          "#define JG_SIGNALS(X) \\\n", h);
    for (int i = 0; i < n_stanzas; i++) {
        bool first = stanzas[i].one[K_SIGNAL] != NULL;
        for (int j = 0; j < i && first; j++)
            first = !stanzas[j].one[K_SIGNAL] ||
                    strcmp(stanzas[j].one[K_SIGNAL], stanzas[i].one[K_SIGNAL]) != 0;
        if (first)
            fprintf(h, "    X(%s) \\\n", stanzas[i].one[K_SIGNAL]);
    }
    fputs("\n#endif\n", h);
    if (close_out(h, hpath) != 0)
        return -1;
    FILE *c = open_out(dir, "doctor_knowledge.c", cpath, sizeof cpath);
    if (!c)
        return -1;
    fputs("#include \"doctor/triage/report_phrases.h\"\n#include \"doctor/engine/rows.h\"\n\n"
          "const jg_signal_rule jg_signal_rules[] = {\n", c);
    int rows = 0;
    for (int i = 0; i < n_stanzas; i++)
        if (stanzas[i].one[K_ID] && !stanzas[i].one[K_BY])
            write_row(c, &stanzas[i]), rows++;
    fprintf(c, "};\nconst size_t jg_signal_rules_count = %d;\n", rows);
    fputs("\nconst jg_code_id jg_code_ids[] = {\n", c);
    int codes = 0;
    for (int i = 0; i < n_stanzas; i++)
        if (stanzas[i].one[K_BY]) {
            fputs("    {", c);
            c_fid(c, stanzas[i].one[K_ID]);
            fputs(", ", c);
            c_string(c, stanzas[i].one[K_BY]);
            fputs("},\n", c);
            codes++;
        }
    fprintf(c, "    {JG_FID_COUNT, NULL}, /* no C rule id is also fine */\n};\n"
               "const size_t jg_code_ids_count = %d;\n", codes);
    write_phrases(c);
    write_examples(c);
    if (write_ids(dir, c) != 0) {
        fclose(c);
        return -1;
    }
    return close_out(c, cpath);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fputs("usage: doctor-knowledge OUT_DIR FILE.rules...\n", stderr);
        return 2;
    }
    for (int i = 2; i < argc; i++)
        read_file(argv[i]);
    if (!errors)
        check_all();
    if (errors) {
        fprintf(stderr, "doctor-knowledge: %d error(s); nothing written\n", errors);
        return 1;
    }
    return write_all(argv[1]) == 0 ? 0 : 1;
}
