/* The doctor's knowledge generator (main.c says what it does): the stanza as
 * read, the key and value vocabularies, and the three stages. */
#ifndef JG_TOOLS_DOCTOR_KNOWLEDGE_H
#define JG_TOOLS_DOCTOR_KNOWLEDGE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

extern const char *const keys[K_ONE_COUNT + 1];
extern const char *const layers[], *const severities[], *const confidences[];
extern const char *const platforms[], *const platform_enums[];
extern const char *const seconds[], *const second_enums[];

extern stanza stanzas[MAX_STANZAS];
extern int n_stanzas, errors;

void fail_at(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void *must(void *p);
char *dup_str(const char *s);
int index_of(const char *const *list, const char *s);

/* read.c: one rule file into stanzas[] (errors counted, not fatal). */
void read_file(const char *path);
/* check.c: every check over all stanzas (errors counted). */
void check_all(void);
/* write.c: doctor_signals.h, doctor_ids.h and doctor_knowledge.c into dir; 0 or -1. */
int write_all(const char *dir);

#endif
