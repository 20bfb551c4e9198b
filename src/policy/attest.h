/* Signed evidence in a claim (issue 29): the policy names the workflow
 * whose signature it accepts (policy.attestation) and the tiers that
 * require one (require_attestation); `jetgate claim --attestation FILE`
 * (or --verify-with-gh) brings what `gh attestation verify --format json`
 * printed, and each evidence file is held against it: the verified subject
 * is the file's sha256, the signer is that workflow (at a commit the policy
 * names, or any: reported), the source repository and commit are the
 * claim's, the run is the record's. gh (Sigstore) checks the signature;
 * this checks that what was signed is what is claimed. */
#ifndef JG_POLICY_ATTEST_H
#define JG_POLICY_ATTEST_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "policy/claim.h"
#include "util/json.h"

/* "[https://][HOST/]OWNER/NAME/.github/workflows/FILE" (HOST default
 * github.com) as "host/owner/name/.github/workflows/FILE", host, owner and
 * name lowercased (GitHub names are case-insensitive, paths are not);
 * false when s is not such a path. */
bool jg_attest_signer_normalize(const char *s, char *out, size_t n);

/* Hold one evidence file (its parsed doc and the sha256 of its bytes)
 * against the verification results (the gh JSON array; NULL when none was
 * given) and append the reasons and notes to its verdict
 * ({"file","accepted","reasons","notes"} of jg_claim_judge), re-deciding
 * "accepted". Nothing is appended when none was given and the tier does not
 * require it. */
void jg_attest_judge(const jg_claim_ctx *c, json_t *verdict, const json_t *doc,
                     const char *sha256, const json_t *results);

/* Read a file `gh attestation verify --format json` wrote (several joined
 * with `jq -s add` are one array too): NULL with err ("FILE: [i].path: why")
 * unless it is an array of objects each holding a verificationResult
 * object. New reference. */
json_t *jg_attest_load(const char *path, jg_jerr *err);
/* The same check of text already read (name for messages). */
json_t *jg_attest_parse(const char *text, size_t len, const char *name, jg_jerr *err);

/* Run `gh attestation verify EVIDENCE --repo OWNER/NAME --predicate-type
 * <test-result> --signer-workflow SIGNER --format json` (gh from PATH):
 * the parsed results; an empty array (why filled with gh's first error
 * line) when gh verified nothing; NULL (why filled) when gh could not be
 * run or printed no JSON. repo is "host/owner/name". */
json_t *jg_attest_run_gh(const char *evidence, const char *repo, const char *signer,
                         char *why, size_t n);

#endif
