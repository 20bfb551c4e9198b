/* The phrases: a tool's fixed wording, matched in lower case anywhere in a
 * line, sets one signal. They live in the stanzas of src/doctor/knowledge/<layer>.rules;
 * the build (tools/doctor-knowledge/) turns them into this index, sorted by
 * their first character pair (JG_TP_PAIR), and jg_rx_phrases (report_phrases.c)
 * runs it over every line. */
#ifndef JG_DOCTOR_REPORT_PHRASES_H
#define JG_DOCTOR_REPORT_PHRASES_H
#include <stddef.h>

#include "doctor/triage/phrase_pair.h"
#include "schema/observed.h"

typedef struct jg_phrase {
    const char *phrase; /* lower case, at least two characters */
    size_t len;
    jg_signal signal;
} jg_phrase;

/* jg_phrases[jg_phrase_first[h] .. jg_phrase_first[h + 1]) start with a pair that hashes to h. */
extern const jg_phrase jg_phrases[];
extern const size_t jg_phrases_count;
extern const unsigned jg_phrase_first[JG_TP_PAIRS + 1];

#endif
