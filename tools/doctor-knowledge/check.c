/* Checking the stanzas: what reviewers and unit tests checked by hand before. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "knowledge.h"

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

/* A stanza without an id: a signal that code reads (rules/<layer>.c), with its phrases. */
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

void check_all(void)
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
