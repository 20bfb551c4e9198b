/* Small text helpers shared by the facts parsers. Host files can hold any
 * bytes: every helper is bounded by an explicit length and never trusts a
 * terminating NUL inside the data. */
#ifndef JG_FACTS_TEXT_H
#define JG_FACTS_TEXT_H
#include <stdbool.h>
#include <stddef.h>

/* A line cut out of a buffer: start and length, without the newline. */
typedef struct jg_line {
    const char *s;
    size_t n;
} jg_line;

/* Next line from *pos (advanced past its newline); false at the end. */
bool jg_next_line(const char *text, size_t len, size_t *pos, jg_line *out);
/* Trim ASCII blanks on both ends. */
jg_line jg_trim(jg_line l);
/* The first line of text, trimmed (one-value sysfs/procfs files). */
jg_line jg_first_line(const char *text, size_t len);
/* True when l begins with prefix. */
bool jg_starts(jg_line l, const char *prefix);
/* Copy l into buf (NUL-terminated); false when it does not fit. */
bool jg_copy(jg_line l, char *buf, size_t size);
/* Printable ASCII only (space to '~'). */
bool jg_printable(jg_line l);
/* Well-formed UTF-8 without control characters other than tab. */
bool jg_clean_utf8(const char *s, size_t n);
/* Offset of the first NUL byte, or -1. */
long jg_find_nul(const char *text, size_t len);
/* Parse a non-negative decimal integer that fills l exactly. */
bool jg_parse_uint(jg_line l, unsigned long long *out);
/* "12.6.68", "9.3.0.75": digits separated by single dots, 1-4 parts. */
bool jg_is_version(const char *s);

#endif
