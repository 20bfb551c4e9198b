/* Which policy tier describes this hardware: needed to judge bitsandbytes
 * "unsupported". The one tier matcher (src/policy/tier.c) decides, over the
 * same platform summary the evidence records, so the gate and the claim
 * cannot disagree. An unidentified module matches no tier (never a guess). */
#include "evidence/write.h"
#include "gate/gate.h"
#include "policy/policy.h"

const json_t *jg_gate_tier_for(const json_t *policy, const json_t *facts)
{
    json_t *platform = jg_evidence_platform(facts, NULL, NULL);
    const json_t *tier = jg_policy_tier_for_hardware(policy, platform);
    json_decref(platform);
    return tier;
}
