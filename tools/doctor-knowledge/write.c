/* Writing the C tables: rows, phrase index, examples, C rules' ids, the id enum
 * and the signal list; each file written beside and renamed into place. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "knowledge.h"

#include "doctor/triage/phrase_pair.h"

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
        fputs("/* Generated by tools/doctor-knowledge/ from src/doctor/knowledge/<layer>.rules; "
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

int write_all(const char *dir)
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
