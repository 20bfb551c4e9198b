/* Reading a pasted report one bounded line at a time, and cleaning what a
 * paste does to text: CRLF, ANSI colour codes, markdown fences and quotes,
 * HTML entities, control bytes. Memory stays bounded by the line cap however
 * large the input is. */
#ifndef JG_DOCTOR_REPORT_LINES_H
#define JG_DOCTOR_REPORT_LINES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define JG_REPORT_LINE_CAP 4096 /* longer lines are cut; the rest is dropped */
/* Reading stops at either: triage /dev/zero or `yes | jetgate triage -`
 * must end with an error, not run forever (issue #15 row 10). A real paste
 * is a few thousand lines; a 100 MB log still streams. */
#define JG_REPORT_INPUT_CAP (128u * 1024u * 1024u)
#define JG_REPORT_LINES_CAP 2000000u

typedef struct jg_linereader {
    FILE *f;
    const char *pre;      /* bytes already read from f, consumed first (may be NULL) */
    size_t pre_len, pre_pos;
    char buf[JG_REPORT_LINE_CAP];
    size_t len;
    size_t lines, long_lines, bytes;
    bool over_cap;        /* stopped at JG_REPORT_INPUT_CAP */
} jg_linereader;

/* Next line into r->buf (NUL-terminated, newline removed); false at end of input. */
bool jg_lr_next(jg_linereader *r);

/* Clean a line in place; returns its new length. A markdown fence line
 * (```...) becomes empty. */
size_t jg_clean_line(char *s);

/* jg_scrub_line, the copy of a line safe to show, is the line profile of the
 * one scrubber. */
#include "util/scrub.h"

#endif
