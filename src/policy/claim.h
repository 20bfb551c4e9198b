/* The claim decision: may the project claim support for a tier on a commit,
 * given evidence records? A pure function of the policy, the records and
 * the time, so every forgery and misuse case is testable with fixtures.
 * Monotonic: a missing, null or unparsable value can only deny. */
#ifndef JG_CLAIM_H
#define JG_CLAIM_H
#include <jansson.h>
#include <stddef.h>
#include <time.h>

/* The gate whose evidence can back a claim. */
#define JG_CLAIM_GATE "jetson-runtime"
/* Evidence finishing this far past "now" is refused (clock skew allowance). */
#define JG_CLAIM_FUTURE_SLACK_S 300

/* Why a tier can never be claimed as written (no exact module, no exact
 * JetPack/L4T, no pinned PyTorch source): an array of {"code","text"},
 * empty when it can be claimed in principle. New reference. */
json_t *jg_claim_tier_blockers(const json_t *tier);

/* Decide. evidence[i] are validated records (src/evidence/read.h) named
 * names[i] in the output. Returns the "jetgate.claim/1" document of
 * docs/schema.md ("claimable": true/false, every reason per file), or NULL
 * when the tier or the gate is not in the policy. */
json_t *jg_claim_decide(const json_t *policy, const char *tier_id, const char *commit, time_t now,
                        const json_t *const *evidence, const char *const *names, size_t n);

/* Exactly 40 lowercase hex digits. */
int jg_claim_commit_ok(const char *sha);

#endif
