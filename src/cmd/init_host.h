/* The tier `jetgate init --tier-from-host` writes (src/cmd/init_host.c). */
#ifndef JG_CMD_INIT_HOST_H
#define JG_CMD_INIT_HOST_H
#include <jansson.h>
#include <stddef.h>

/* A tier named id for the Jetson whose files are under root (NULL: this
 * host) and the torch python imports; NULL with why when the host is no
 * Jetson, does not tell a fact the tier needs, or python sees no torch. */
json_t *jg_init_host_tier(const char *root, const char *python, const char *id, char *why,
                          size_t n);

#endif
