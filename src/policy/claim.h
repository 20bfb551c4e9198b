/* The claim decision: may the project claim support for a tier on a commit
 * of a repository, given evidence records? A pure function of the policy,
 * the records and the time, so every forgery and misuse case is testable
 * with fixtures. Monotonic: a missing, null, unknown or contradicting value
 * can only deny; a record's own status, counts, reasons and "required" flags
 * are recomputed from its checks by the policy's one acceptance rule
 * (src/policy/accept.h), never trusted. */
#ifndef JG_CLAIM_H
#define JG_CLAIM_H
#include <jansson.h>
#include <stddef.h>
#include <time.h>

/* The gate whose evidence can back a claim. */
#define JG_CLAIM_GATE "jetson-runtime"
/* Evidence finishing this far past "now" is refused (clock skew allowance). */
#define JG_CLAIM_FUTURE_SLACK_S 300

typedef struct jg_claim_ctx {
    const json_t *policy, *gate, *tier;
    const char *tier_id;
    const char *commit; /* 40 lowercase hex */
    const char *repo;   /* "host/owner/name" (src/policy/repo.h); NULL = unknown: refused */
    time_t now;
} jg_claim_ctx;

/* 0, or -1 when the tier or the jetson-runtime gate is not in the policy. */
int jg_claim_ctx_init(jg_claim_ctx *c, const json_t *policy, const char *tier_id,
                      const char *commit, const char *repo, time_t now);
/* One record's verdict {"file","accepted","reasons","notes"} (new
 * reference). Callers may free the record right after: nothing refers to it. */
json_t *jg_claim_judge(const jg_claim_ctx *c, const json_t *doc, const char *name);
/* The "jetgate.claim/1" document of docs/schema.md from the per-file
 * verdicts (files is stolen). */
json_t *jg_claim_finish(const jg_claim_ctx *c, json_t *files);

/* All at once, for records already in memory (no attestations: a tier
 * with require_attestation refuses them); NULL as jg_claim_ctx_init. */
json_t *jg_claim_decide(const json_t *policy, const char *tier_id, const char *commit,
                        const char *repo, time_t now, const json_t *const *evidence,
                        const char *const *names, size_t n);

/* Why the policy can never claim the tier as written (no exact module, no
 * exact JetPack/L4T, no pinned PyTorch build, no project checks and no
 * written opt-out, a waiver in force at now): an array of {"code","text"},
 * empty when it can be claimed in principle. gate may be NULL (then the
 * gate-level reasons are left out). New reference. */
json_t *jg_claim_blockers(const json_t *policy, const json_t *gate, const json_t *tier,
                          const char *repo, time_t now);

/* The waiver in force for the tier at now ({"issue","reason","expires"}), or
 * NULL; notes (when not NULL) get a reason for each waiver that is not. */
json_t *jg_claim_waiver(const json_t *policy, const char *tier_id, const char *repo, time_t now,
                        json_t *notes);

/* Exactly 40 lowercase hex digits. */
int jg_claim_commit_ok(const char *sha);

#endif
