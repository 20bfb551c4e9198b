/* Internals of the claim decision shared by claim.c (assembly, tier
 * blockers, waivers) and claim_rules.c (one rule per function over one
 * record). */
#ifndef JG_POLICY_CLAIM_INTERNAL_H
#define JG_POLICY_CLAIM_INTERNAL_H
#include <jansson.h>

#include "policy/claim.h"

struct verdict {
    json_t *deny;  /* [{"code","text"}]: any entry refuses the file */
    json_t *notes; /* [{"code","text"}]: information, never refuses */
};

__attribute__((format(printf, 3, 4))) void jg_claim_add(json_t *list, const char *code,
                                                        const char *fmt, ...);

/* Every rule over one record; each appends to v->deny or v->notes. */
void jg_claim_rules(struct verdict *v, const jg_claim_ctx *c, const json_t *doc);

/* The facts the claim recomputes from the record's own measurements
 * (claim_recompute.c): project checks, tool and subject names. */
void jg_claim_recompute(struct verdict *v, const json_t *doc);

#endif
