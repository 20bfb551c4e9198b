/* The one scrubber of free text: what reaches evidence, JUnit, --json output,
 * an issue body or a quoted line of a pasted report. Redaction is by VALUE
 * and SHAPE, never by a variable's name alone:
 * - credential shapes, everywhere, in every profile: URL userinfo
 *   (scheme://user:pw@), Bearer/Basic authorization values (8+ characters with a digit), JWTs, webhook
 *   URLs (Slack, Discord, Teams), known token prefixes (ghp_ gho_ ghu_ ghs_
 *   ghr_ github_pat_ glpat- xox?- hf_ AKIA sk-);
 * - known values collected from the host (jg_scrub_add): secret environment
 *   values and serial numbers everywhere; the user and host names only as
 *   whole words and only in free text (JG_SCRUB_IDENTITY), never inside
 *   labels, ids or platform values (a runner named "orin" must not turn
 *   "Jetson AGX Orin" into "<host>");
 * - identifying patterns in free text (JG_SCRUB_PATTERNS): home paths, IPv4,
 *   IPv6, MAC, UUID, long token-like runs; e-mail in issue bodies.
 * The rules and each profile's placeholders are one table (src/util/scrub.c). */
#ifndef JG_SCRUB_H
#define JG_SCRUB_H
#include <stdbool.h>
#include <stddef.h>

typedef enum jg_scrub_profile {
    JG_SCRUB_EVIDENCE, /* "<ip>", "<token>" ...: evidence, JUnit, --json */
    JG_SCRUB_ISSUE,    /* "[address]", "[id]" ...; markdown-safe, one line */
    JG_SCRUB_LINE,     /* a pasted report's line quoted by doctor/triage */
} jg_scrub_profile;

/* Where a text stands (bit flags); credentials and secret values are removed in every scope. */
enum jg_scrub_scope {
    JG_SCRUB_VALUE = 0,       /* a label, id, version or platform value */
    JG_SCRUB_PATTERNS = 1,    /* identifying patterns (addresses, home paths, ...) */
    JG_SCRUB_IDENTITY = 2,    /* the user and host names as whole words */
    JG_SCRUB_FREE_TEXT = 3,   /* reasons, messages, measurements: everything */
};

/* Known values to redact, collected from the host (evidence/sanitize.h). */
typedef struct jg_scrub {
    char **values;       /* longest first */
    const char **labels; /* "<user>", "<host>", "<home>", "<secret>", "<serial>" */
    size_t n, cap;
} jg_scrub;

void jg_scrub_init(jg_scrub *s);
void jg_scrub_free(jg_scrub *s);
/* Values shorter than 3 characters are ignored (they would shred ordinary
 * text). "<user>" and "<host>" values match as whole words in the IDENTITY
 * scope, "<home>" in the PATTERNS scope, every other label anywhere. */
void jg_scrub_add(jg_scrub *s, const char *value, const char *label);

/* Evidence profile: a redacted copy (malloc'd) of in, for a text in scope. */
char *jg_scrub_text(const jg_scrub *s, const char *in, unsigned scope);
/* Issue profile: every pattern, "|" and "`" escaped, line breaks folded
 * (a markdown table cell). malloc'd; NULL s gives "unknown". */
char *jg_scrub_issue(const char *s);
/* Line profile: a shell prompt (user@host:~$) at the start becomes "$ ",
 * home directories "~", from a private word (uuid, serial, token, password,
 * ...) the rest of the line goes; cut to 200 characters with "...". */
void jg_scrub_line(const char *in, char *out, size_t cap);

/* True when text holds a credential shape (not a name: a value). */
bool jg_scrub_has_credential(const char *text);

#endif
