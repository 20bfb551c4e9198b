/* The tiers `jetgate init` adds: --tier-from-host (src/cmd/init_host.c) and
 * --new-tier with its options (src/cmd/init_tier.c). */
#ifndef JG_CMD_INIT_HOST_H
#define JG_CMD_INIT_HOST_H
#include <jansson.h>
#include <stddef.h>

/* A tier named id for the Jetson whose files are under root (NULL: this
 * host) and the torch python imports; NULL with why when the host is no
 * Jetson, does not tell a fact the tier needs, or python sees no torch. */
json_t *jg_init_host_tier(const char *root, const char *python, const char *id, char *why,
                          size_t n);

/* --new-tier ID --module PART --jetpack X.Y [--l4t R] [--level L] --torch-source S
 * --torch-pin P --torch-version V. */
typedef struct jg_tier_spec {
    const char *id, *module, *jetpack, *l4t, *level, *torch_source, *torch_pin, *torch_version;
} jg_tier_spec;
/* The tier from jetgate's tables; NULL with why (a value they do not hold, a
 * JetPack that does not run on the module, a torch source without its pin). */
json_t *jg_init_spec_tier(const jg_tier_spec *s, char *why, size_t n);

#endif
