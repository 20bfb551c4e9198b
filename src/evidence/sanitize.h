/* The last line of defence for free text that reaches evidence, JUnit and
 * --json output (reasons, error messages, measurements). Evidence is BUILT
 * from allow-listed fields; this pass collects the host's known values (user
 * and host names, home directory, secret environment values, device-tree
 * serial numbers) and applies the one scrubber (util/scrub.h) to a document. */
#ifndef JG_SANITIZE_H
#define JG_SANITIZE_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/scrub.h"
#include "util/sysroot.h"

/* USER, LOGNAME, SUDO_USER -> <user>; HOSTNAME -> <host>; HOME -> <home>;
 * values of secret-named variables (util/env.h) -> <secret>. */
void jg_scrub_add_env(jg_scrub *s, char *const *env);
/* gethostname() on a live root, etc/hostname, device-tree serial numbers
 * (under the root and, when given, a mounted device-tree directory). */
void jg_scrub_add_host(jg_scrub *s, const jg_root *r, const char *mounted_dt);

/* Scrubbed, then cut (the order matters: a cut inside a URL or a secret
 * leaves a piece no rule recognises): len bytes of text, those outside
 * printable ASCII, newline and tab shown as '?', scrubbed with the shape
 * rules and this process's environment values (jg_scrub_add_env), then the
 * last n bytes (tail) or the first n. Always valid UTF-8; malloc'd. */
char *jg_scrub_excerpt(const char *text, size_t len, size_t n, bool tail);

/* Every string in doc, in place, in scope (util/scrub.h), except members
 * that hold names (id, runner_labels, status, ...), which get the value
 * scope; members whose key names an identifier (serial, uuid, hostname,
 * mac_address, pci) or a local path (a key ending in "_path") are removed. */
void jg_scrub_json(const jg_scrub *s, json_t *doc, unsigned scope);

/* A JUnit (or other XML) text another tool wrote, e.g. pytest's, which puts the runner's
 * host name on <testsuite hostname="..."> and local paths in failure messages: attributes
 * whose name is an identifier (as for jg_scrub_json's members) removed, the rest scrubbed
 * as free text. malloc'd (NULL out of memory). */
char *jg_scrub_xml(const jg_scrub *s, const char *xml);

#endif
