/* The last line of defence for free text that reaches evidence, JUnit and
 * --json output (reasons, error messages, measurements). Evidence is BUILT
 * from allow-listed fields; this pass redacts what slipped into free text:
 * known values (user and host names, home directory, secret environment
 * values, device-tree serial numbers) and patterns (home paths, IPv4/IPv6/MAC
 * addresses, UUIDs, token-like strings). */
#ifndef JG_SANITIZE_H
#define JG_SANITIZE_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/sysroot.h"

typedef struct jg_scrub {
    char **values;       /* literal strings to redact, longest first */
    const char **labels; /* their replacements ("<user>", "<host>", ...) */
    size_t n, cap;
} jg_scrub;

void jg_scrub_init(jg_scrub *s);
void jg_scrub_free(jg_scrub *s);
/* Values shorter than 3 characters are ignored (they would shred ordinary text). */
void jg_scrub_add(jg_scrub *s, const char *value, const char *label);
/* USER, LOGNAME, SUDO_USER -> <user>; HOSTNAME -> <host>; HOME -> <home>;
 * values of secret-named variables (util/env.h) -> <secret>. */
void jg_scrub_add_env(jg_scrub *s, char *const *env);
/* gethostname() on a live root, etc/hostname, device-tree serial numbers
 * (under the root and, when given, a mounted device-tree directory). */
void jg_scrub_add_host(jg_scrub *s, const jg_root *r, const char *mounted_dt);

/* Redacted copy (malloc'd). patterns=false applies only the known values. */
char *jg_scrub_text(const jg_scrub *s, const char *in, bool patterns);
/* Every string in doc, in place; object members whose key names an
 * identifier (serial, uuid, hostname, mac_address, pci) or a local path
 * (a key ending in "_path") are removed. */
void jg_scrub_json(const jg_scrub *s, json_t *doc);

#endif
