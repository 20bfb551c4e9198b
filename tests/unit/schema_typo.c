/* Compiled by ctest schema/typo_*: builds as is, and must NOT build with any
 * one of the JG_TYPO_* macros defined (a misspelled field, signal or member,
 * or one read as the wrong type). Not a test_*.c file: it is never linked. */
#include "schema/doctor.h"
#include "schema/facts.h"
#include "schema/observed.h"

const char *read_field(const json_t *facts);
const char *read_field(const json_t *facts)
{
#if defined(JG_TYPO_NAME)
    return JG_FACT_STR(facts, l4t_verison);
#elif defined(JG_TYPO_TYPE)
    return JG_FACT_STR(facts, jetson_is_jetson);
#elif defined(JG_TYPO_RAW_TYPE)
    return JG_FACT_RSTR(facts, python_torch_cuda_available);
#else
    return JG_FACT_STR(facts, l4t_version) ? JG_FACT_RSTR(facts, python_torch_version) : NULL;
#endif
}

/* observed (schema/observed_fields.h) */
const json_t *read_observed(const json_t *obs);
const json_t *read_observed(const json_t *obs)
{
#if defined(JG_TYPO_OBSERVED)
    return JG_OBS_LIST(obs, imagse);
#elif defined(JG_TYPO_OBSERVED_TYPE)
    return JG_OBS_LIST(obs, docker);
#elif defined(JG_TYPO_SIGNAL)
    return jg_obs_signal(obs, JG_SIG_numpy_abl);
#elif defined(JG_TYPO_ITEM)
    return JG_ITEM_STR(obs, sonmae) ? obs : NULL;
#else
    if (!JG_ITEM_STR(JG_OBS_LIST(obs, images), ref))
        return jg_obs_signal(obs, JG_SIG_numpy_abi);
    return JG_OBS_LIST(obs, images);
#endif
}

/* a finding and the doctor result (schema/doctor_fields.h) */
const char *read_finding(const json_t *f);
const char *read_finding(const json_t *f)
{
#if defined(JG_TYPO_FINDING)
    return JG_FINDING_STR(f, sumary);
#elif defined(JG_TYPO_FINDING_TYPE)
    return JG_FINDING_STR(f, evidence);
#elif defined(JG_TYPO_RESULT)
    return JG_RESULT_BOOL(f, helthy) ? "healthy" : NULL;
#else
    return JG_RESULT_BOOL(f, healthy) == 1 ? JG_FINDING_STR(f, summary) : NULL;
#endif
}
