/* libFuzzer target: a policy file through the strict loader and validator,
 * then the queries the other commands make of it. */
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "policy/claim.h"
#include "policy/policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jg_jerr err;
    json_t *policy = jg_policy_parse((const char *)data, size, "fuzz.json", &err);
    if (!policy)
        return 0;
    jg_policy_gate(policy, "jetson-runtime");
    jg_policy_max_age_days(policy);
    jg_policy_retention_days(policy);
    const json_t *tier = jg_policy_tier(policy, "target");
    if (tier)
        json_decref(jg_claim_blockers(policy, jg_policy_gate(policy, "jetson-runtime"), tier,
                                      "github.com/o/n", (time_t)1764700000));
    json_decref(policy);
    return 0;
}
