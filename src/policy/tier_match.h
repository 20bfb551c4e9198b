/* Internals of the one tier matcher (src/policy/tier.c, tier_software.c):
 * every difference between a tier and a platform is reported once, with a
 * stable code. */
#ifndef JG_POLICY_TIER_MATCH_H
#define JG_POLICY_TIER_MATCH_H
#include <jansson.h>

#include "policy/policy.h"

struct matcher {
    jg_mismatch_fn fn;
    void *ctx;
    int count;
};

__attribute__((format(printf, 3, 4))) void jg_tier_miss(struct matcher *m, const char *code,
                                                        const char *fmt, ...);
/* "unknown" for a missing value, so a sentence never prints "(null)". */
const char *jg_tier_shown(const char *s);
/* Software, PyTorch pin and internal contradictions of the record. */
void jg_tier_match_software(struct matcher *m, const json_t *tier, const json_t *platform);

#endif
