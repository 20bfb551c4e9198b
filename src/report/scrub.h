/* Scrubbing text that goes into a public issue: evidence is sanitized when
 * written, but a report may be pasted from anywhere, so home paths, user
 * names in them, e-mail, IPv4/IPv6 and MAC addresses and UUIDs are replaced
 * by placeholders here too. Also escapes what would break a markdown table
 * cell. */
#ifndef JG_REPORT_SCRUB_H
#define JG_REPORT_SCRUB_H

/* malloc'd scrubbed copy of s (NULL s gives "unknown"). */
char *jg_scrub(const char *s);

#endif
