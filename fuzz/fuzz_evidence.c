/* libFuzzer target: an evidence record through the reader, then the claim
 * decision against the embedded default policy (tampered records must be
 * refused, never crash the decider). */
#include <stddef.h>
#include <stdint.h>

#include "evidence/read.h"
#include "policy/claim.h"
#include "policy/policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static json_t *policy;
    jg_jerr err;
    if (!policy)
        policy = jg_policy_load(NULL, &err);
    json_t *ev = jg_evidence_parse((const char *)data, size, "fuzz.json", &err);
    if (!ev)
        return 0;
    const json_t *records[1] = {ev};
    const char *names[1] = {"fuzz.json"};
    json_decref(jg_claim_decide(policy, "target", "1111111111111111111111111111111111111111",
                                "github.com/o/n", (time_t)1764700000, records, names, 1));
    json_decref(ev);
    return 0;
}
