/* The one-phrase tables (report_phrases_lower.c, _upper.c, _project.c): a
 * tool's fixed wording, matched in lower case anywhere in a line, sets one
 * signal. jg_rx_phrases (report_phrases.c) runs both over every line. */
#ifndef JG_DOCTOR_REPORT_PHRASES_H
#define JG_DOCTOR_REPORT_PHRASES_H
#include <stddef.h>

#include "schema/observed.h"

typedef struct jg_phrase {
    const char *phrase; /* lower case, at least two characters */
    jg_signal signal;
} jg_phrase;

extern const jg_phrase jg_phrases_lower[], jg_phrases_upper[], jg_phrases_project[];
extern const size_t jg_phrases_lower_count, jg_phrases_upper_count, jg_phrases_project_count;

/* Every phrase of the three tables (i < jg_phrases_count()). */
size_t jg_phrases_count(void);
const jg_phrase *jg_phrase_at(size_t i);

#endif
