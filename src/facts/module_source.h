/* Where the module's identity comes from when the container's own files do
 * not say (host I/O, so it lives in facts/; the gate only calls it).
 * Inside a container Docker masks the device tree, so the module cannot be
 * identified from the container's own files. Two ways in, both recorded in
 * module.identified_by and neither a guess: --host-facts FILE (the JSON of
 * `jetgate facts --json` run on the host) and a read-only mount of the host's
 * device tree (JETGATE_DEVICE_TREE, default /run/jetgate/device-tree). */
#ifndef JG_FACTS_MODULE_SOURCE_H
#define JG_FACTS_MODULE_SOURCE_H
#include <jansson.h>
#include <stdbool.h>

#define JG_MOUNTED_DT_DEFAULT "/run/jetgate/device-tree"

/* The mounted device-tree directory to use, or NULL (env var, else the default when present). */
const char *jg_mounted_device_tree(void);

/* Fill the module section of facts (in place) when the container's own files
 * did not identify it: from host_facts (may be NULL) first, else from the
 * mounted device tree (may be NULL). Recomputes the jetson section. */
void jg_identify_module(json_t *facts, const json_t *host_facts, const char *mounted_dt);

/* A loaded --host-facts document must be a jetgate facts document. */
bool jg_host_facts_valid(const json_t *doc, char *why, size_t n);

#endif
