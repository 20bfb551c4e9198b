/* The in-toto test-result predicate of a gate run (docs/schema.md "Signed
 * evidence"): what `actions/attest` signs beside the evidence and JUnit
 * files, so that a verifier sees the result, the checks, the run and the
 * digests of the policy and the jetgate binary inside the signature, not
 * only in a file anyone could write. Built from the record just written. */
#ifndef JG_GATE_PREDICATE_H
#define JG_GATE_PREDICATE_H
#include <jansson.h>

#include "policy/discover.h"

/* {"result", "configuration", "url"?, "passedTests", "warnedTests",
 * "failedTests"} from the evidence record: result PASSED when its status
 * is passed, else FAILED; pass -> passedTests, unsupported and skip ->
 * warnedTests, fail and error (and anything else) -> failedTests; url
 * https://<repository>/actions/runs/<run_id>/attempts/<run_attempt> when
 * the record names all three. configuration holds the policy (policy_name,
 * policy_sha256) and the binary (binary_sha256), each only when its digest
 * is known (NULL: left out). New reference. */
json_t *jg_predicate_build(const json_t *record, const char *policy_name,
                           const char *policy_sha256, const char *binary_sha256);

/* Build it for the policy src and this process's binary (/proc/self/exe),
 * and write it to path atomically. 0, or -1 with errno. */
int jg_predicate_write(const char *path, const json_t *record, const jg_policy_src *src);

#endif
